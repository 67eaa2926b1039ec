"""One loader for every plug-in path, in either spelling, with errors that name what is wrong."""

from __future__ import annotations

import pytest

from agents.plugins import PluginNotFound, import_dotted
from agents.sandbox.bubblewrap import BubblewrapSandbox


def test_both_spellings_name_the_same_attribute() -> None:
    assert import_dotted("agents.sandbox.bubblewrap.BubblewrapSandbox") is BubblewrapSandbox
    assert import_dotted("agents.sandbox.bubblewrap:BubblewrapSandbox") is BubblewrapSandbox


@pytest.mark.parametrize("path", ["nodots", ":name", "package.module:", "a:b:c"])
def test_a_malformed_path_says_what_a_path_looks_like(path: str) -> None:
    with pytest.raises(PluginNotFound, match="is not a plug-in path like"):
        import_dotted(path)


def test_a_missing_module_or_attribute_is_named() -> None:
    with pytest.raises(PluginNotFound, match=r"cannot import 'agents\.nothing'"):
        import_dotted("agents.nothing:here")
    with pytest.raises(PluginNotFound, match=r"'agents\.plugins' has no attribute 'Nope'"):
        import_dotted("agents.plugins.Nope")
