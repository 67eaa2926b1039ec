"""schemathesis over the REST API's own OpenAPI schema (/api/schema/), against the real server.

The rules, for any input the schema allows and for input it does not: no 5xx, every response
matches the status codes and bodies the schema documents, and every error is a problem details
document (RFC 9457, application/problem+json). Each generated request whose path names objects
is sent twice: as generated (mostly ids that do not exist) and naming the organization's own
objects, so that bodies and queries reach the code behind the 404."""

from __future__ import annotations

import copy
from typing import Any

import pytest
import schemathesis
from django.test import Client
from drf_spectacular.generators import SchemaGenerator
from hypothesis import settings
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
REST_SCHEMA = SchemaGenerator().get_schema(request=None, public=True)
# schemathesis adds the links it infers to the document it is given: it gets a copy.
rest = schemathesis.openapi.from_dict(copy.deepcopy(REST_SCHEMA), config=schemathesis_config())


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


def body_negated(case: Case) -> bool:
    """Whether the case's body was generated to break the schema."""
    body = case.meta.components.get(ParameterLocation.BODY) if case.meta else None
    return body is not None and body.mode == GenerationMode.NEGATIVE


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
    if body_negated(case):
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


def startable(case: Case) -> None:
    """A run the schema allows is started as one of the test workflow's, so the chains after it
    (read, events, cancel, roll back) meet a real run: `workflow` and `input` are free in the
    schema, and a random one names no workflow."""
    creates_run = case.operation.path == "/api/runs" and case.method == "POST"
    if creates_run and isinstance(case.body, dict) and not body_negated(case):
        case.body = {**case.body, "workflow": "effects", "input": {"task": "fuzzed"}}
        case.body.update(tier="standard", repository="", workspace=None, tools=[])


Workflows = rest.as_state_machine()


def test_rest_workflows(world: FuzzWorld) -> None:
    """Chains of calls along the links schemathesis infers from the schema: a run created, then
    read, its events listed, cancelled or rolled back; an approval listed, then decided; a rule
    created, changed, deleted, then asked for again; a webhook's deliveries replayed."""

    class Chains(Workflows):  # type: ignore[misc, valid-type]
        def before_call(self, case: Case) -> None:
            startable(case)

        def get_call_kwargs(self, case: Case) -> dict[str, Any]:
            return {"base_url": world.base, "headers": world.headers}

        def validate_response(self, response: Any, case: Case, *_: Any, **kwargs: Any) -> None:
            case.validate_response(
                response, excluded_checks=excluded_checks(case), transport_kwargs=kwargs
            )
            assert_problem_details(response)

    steps = fuzz_settings(bounded=6, long=300)
    Chains.run(settings=settings(steps, stateful_step_count=8 if not LONG else 25))


def test_the_fuzzed_schema_is_the_served_one(client: Client) -> None:
    served = client.get("/api/schema/", {"format": "json"})
    assert served.status_code == 200
    assert served.json() == REST_SCHEMA
