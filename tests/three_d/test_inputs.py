"""Bad requests for the 3D workflow get a clear 400 from POST /api/runs and start nothing:
an empty or contradictory brief, impossible constraints, a spec that fails its schema."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from agents.three_d.checks import geometry_findings
from runs.models import Run
from tests.factories import TenantFixture
from tests.three_d.specs import spec

BOX = {"primitive": "box", "size": [10, 10, 10]}


def post(tenant: TenantFixture, input: dict[str, Any]) -> Any:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {tenant.api_key}")
    return client.post("/api/runs", {"workflow": "three_d_asset", "input": input}, format="json")


@pytest.mark.parametrize(
    ("input", "message"),
    [
        ({"brief": "   "}, "the brief is empty"),
        (
            {"brief": "a table 120 x 60 cm", "dimensions": {"width": 100}},
            "the brief says width 120 cm but dimensions.width is 100 cm",
        ),
        (
            {"brief": "a shelf 180 cm tall", "constraints": {"bounding_box": [100, 100, 100]}},
            "impossible constraints: height 180 cm does not fit the bounding box",
        ),
        (
            {"brief": "a chair for a cafe", "constraints": {"triangle_budget": 10}},
            "a triangle budget of 10 cannot hold a chair; 6 part(s) need at least 72 triangles",
        ),
        (
            {"brief": "a cube", "spec": spec("cube", "mm", [{"name": "cube", "shape": {"primitive": "box", "size": [1, 2]}}])},
            "parts/0/shape/size: [1, 2] is too short",
        ),
        (
            {"brief": "a cube", "spec": spec("cube", "mm", [{"name": "cube", "shape": {"primitive": "pyramid"}}])},
            "parts/0/shape: needs a primitive or an operation",
        ),
        (
            {"brief": "a cube", "spec": spec("cube", "mm", [{"name": "a", "shape": BOX}, {"name": "b", "parent": "c", "shape": BOX}])},
            "part 'b' names a parent 'c' that does not exist",
        ),
        ({"brief": "a cube", "template": "teapot"}, "template: 'teapot' is not one of"),
        ({"brief": "a mug", "template": "mug", "planning": "free-form"}, "contradict each other"),
        ({"brief": "a mug", "colour": "red"}, "Additional properties are not allowed ('colour'"),
    ],
)  # fmt: skip
@pytest.mark.django_db
def test_a_bad_request_is_refused_with_a_clear_message(
    acme: TenantFixture, input: dict[str, Any], message: str
) -> None:
    response = post(acme, input)

    assert response.status_code == 400
    assert message in response.json()["errors"]["input"][0]
    assert not Run.objects.exists()


def test_geometry_a_schema_cannot_see_is_found_before_building() -> None:
    bowtie = {"primitive": "extrude", "profile": [[0, 0], [10, 10], [10, 0], [0, 4]], "height": 5}
    ring = {"primitive": "torus", "major_radius": 2, "minor_radius": 3}
    below_axis = {"primitive": "revolve", "profile": [[-1, 0], [5, 0], [5, 5]]}
    found = geometry_findings(
        spec("odd", "mm", [{"name": n, "shape": s} for n, s in (("tie", bowtie), ("ring", ring), ("vase", below_axis))])
    )  # fmt: skip

    assert [(f["code"], f["part"]) for f in found] == [
        ("geometry", "tie"),
        ("geometry", "ring"),
        ("geometry", "vase"),
    ]
    assert "crosses itself" in found[0]["message"]
    assert "minor_radius must be smaller" in found[1]["message"]
    assert "x (the radius) >= 0" in found[2]["message"]
