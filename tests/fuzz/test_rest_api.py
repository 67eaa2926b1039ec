"""schemathesis over the REST API's own OpenAPI schema (/api/schema/), against the real server.

The rules, for any input the schema allows and for input it does not: no 5xx, every response
matches the status codes and bodies the schema documents, and every error is a problem details
document (RFC 9457, application/problem+json). Each generated request whose path names objects
is sent twice: as generated (mostly ids that do not exist) and naming the organization's own
objects, so that bodies and queries reach the code behind the 404."""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from drf_spectacular.generators import SchemaGenerator
from schemathesis import Case, GenerationMode
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import (
    ignored_auth,
    negative_data_rejection,
    positive_data_acceptance,
)

from tests.fuzz.profiles import LONG, fuzz_settings, schemathesis_config
from tests.fuzz.world import FuzzWorld

# The test database must exist; the world itself is committed by a module fixture (conftest).
pytestmark = pytest.mark.django_db
PROBLEM = "application/problem+json"
rest = schemathesis.openapi.from_dict(
    SchemaGenerator().get_schema(request=None, public=True), config=schemathesis_config()
)


def assert_problem_details(response: Any) -> None:
    if response.status_code < 400:
        return
    content_type = response.headers.get("content-type", [""])[0]
    assert content_type.startswith(PROBLEM), response.text[:300]
    body = response.json()
    assert body["status"] == response.status_code, body
    assert isinstance(body["title"], str), body
    assert isinstance(body["detail"], str), body


def on_own_objects(case: Case, world: FuzzWorld) -> bool:
    """Points the case's path at the organization's objects; False when it names none or when
    its path is the part generated to be invalid."""
    path = case.meta.components.get(ParameterLocation.PATH) if case.meta else None
    known = {name: world.ids[name] for name in case.path_parameters or {} if name in world.ids}
    if not known or (path is not None and path.mode != GenerationMode.POSITIVE):
        return False
    case.path_parameters = {**case.path_parameters, **known}
    return True


def excluded_checks(case: Case) -> list[Any]:
    """Every check schemathesis has, less those that ask more than the rules above:

    - a request the schema allows may still break a rule the schema cannot say (an unknown
      workflow, a step the run never reached, `since` after `until`): a 400 there is right;
    - DRF reads JSON bodies leniently (0 where a string goes is "0", 0 for a boolean is false):
      such a body is read that way or refused, never a crash. Queries and paths stay strict;
    - in the bounded profile, the probe of each success without credentials (three more
      requests each): the tenant matrix (tests/matrix) sends every route without them.
    """
    excluded: list[Any] = [positive_data_acceptance]
    body = case.meta.components.get(ParameterLocation.BODY) if case.meta else None
    if body is not None and body.mode == GenerationMode.NEGATIVE:
        excluded.append(negative_data_rejection)
    if not LONG:
        excluded.append(ignored_auth)
    return excluded


def call(case: Case, world: FuzzWorld) -> None:
    response = case.call_and_validate(
        base_url=world.base, headers=world.headers, excluded_checks=excluded_checks(case)
    )
    assert_problem_details(response)


@rest.parametrize()
@fuzz_settings(bounded=4, long=300)
def test_rest_operation(case: Case, world: FuzzWorld) -> None:
    call(case, world)
    if on_own_objects(case, world):
        call(case, world)
