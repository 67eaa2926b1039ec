"""The shared checkpointer suite, run against runs.checkpointer.DjangoCheckpointer.

The suite's functions are imported so they run here under a database mark (transactional: the
race test writes from several threads, each on its own connection).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.contracts import test_checkpointer as suite

pytestmark = pytest.mark.django_db(transaction=True)

globals().update({name: getattr(suite, name) for name in dir(suite) if name.startswith("test_")})


@pytest.fixture
def checkpointer() -> Any:
    from runs.checkpointer import DjangoCheckpointer

    return DjangoCheckpointer()


@pytest.fixture(autouse=True)
def _release_thread_connections() -> Any:
    # The race test's threads leave their connections to the garbage collector; collect them so
    # the test database can be dropped at the end of the session.
    yield
    import gc

    gc.collect()
