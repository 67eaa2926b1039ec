"""The tenant matrix: every route the product answers (REST, dashboard pages, admin, websockets,
/v1), called by every kind of caller of organization A on A's objects, on organization B's and
on objects that do not exist. The routes come from the URL configuration, the websocket router,
the /v1 table and the other paths answered ahead of Django, so a new route without a line in
tests/matrix/table.py fails here."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import connections, transaction
from django.test import override_settings

from runs import toolbox
from tests.matrix.calls import SEARCH, Answer, call, call_path
from tests.matrix.expect import ADMIN_LOGIN, LOGIN, WS_NOT_FOUND, Verdict, callers, verdict
from tests.matrix.routes import WEBSOCKET, Route, all_routes
from tests.matrix.table import ADMIN, LISTINGS, MATRIX, PUBLIC, Entry, entry_for
from tests.matrix.world import MISSING, A, B, Principal, World, build_world

# Declares the database to pytest-django; each test's own savepoint nests in the module's.
pytestmark = pytest.mark.django_db
ROUTES = all_routes()


@pytest.fixture(scope="module")
def world(
    django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[World]:
    """Both organizations, built once in a transaction that is never committed."""
    root = tmp_path_factory.mktemp("matrix")
    files = {name: root / name for name in ("workspaces", "artifacts", "snapshots", "documents")}
    with (
        django_db_blocker.unblock(),
        override_settings(
            LONGHAUL_EXTRA_TOOLS=["tests.runs.tools:TEST_TOOLS"],
            LONGHAUL_EXTRA_WORKFLOWS=["effects=tests.runs.workflows:build_effects"],
            LONGHAUL_WORKSPACES_DIR=files["workspaces"],
            LONGHAUL_ARTIFACTS_DIR=files["artifacts"],
            LONGHAUL_SNAPSHOTS_DIR=files["snapshots"],
            LONGHAUL_DOCUMENTS_DIR=files["documents"],
        ),
        _connection_kept(),
        transaction.atomic(),
    ):
        toolbox.registry.cache_clear()
        toolbox._executor.cache_clear()
        yield build_world()
        transaction.set_rollback(True)
    toolbox.registry.cache_clear()
    toolbox._executor.cache_clear()


@contextmanager
def _connection_kept() -> Iterator[None]:
    """The ASGI side (channels' database_sync_to_async, the gateway's key loader) recycles the
    connection around each call, as a server must; inside the transaction that never commits
    that would abort it. Django's test client turns the same recycling off for its requests."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(connections["default"], "close_if_unusable_or_obsolete", lambda: None)
        yield


def test_every_route_has_a_matrix_line_and_every_line_a_route() -> None:
    keys = {route.key for route in ROUTES}
    unlisted = sorted(route.key for route in ROUTES if entry_for(route.key) is None)
    stale = sorted(set(MATRIX) - keys)
    assert not unlisted, f"new route without a tenant-matrix entry: {unlisted}"
    assert not stale, f"tenant-matrix entries for routes that do not exist: {stale}"


def test_every_kind_of_caller_is_tried_somewhere(world: World) -> None:
    tried = {name for entry in MATRIX.values() for name in callers(entry)}
    assert tried == {principal.name for principal in world.principals}


@pytest.mark.parametrize("route", ROUTES, ids=lambda route: route.key)
def test_route(route: Route, world: World) -> None:
    entry = entry_for(route.key)
    if entry is None:
        pytest.fail(f"new route without a tenant-matrix entry: {route.key} ({route.pattern})")
    problems = [
        problem
        for method in entry.methods
        for name in callers(entry)
        for problem in _check(world, route, entry, method, world.principal(name))
    ]
    assert not problems, "\n".join(problems)


def test_filters_naming_the_other_organizations_objects_find_nothing(world: World) -> None:
    b = world.b
    probes = [
        ("GET", f"/api/approvals?run={b.run.id}", None, "key+approvals"),
        ("GET", f"/api/usage/?run={b.run.id}", None, "key+inference"),
        ("GET", f"/api/usage/?key={b.api_key.prefix}", None, "key+inference"),
        ("GET", f"/api/usage/totals/?run={b.run.id}&group_by=run", None, "key+inference"),
        ("GET", "/api/usage/totals/?group_by=key", None, "key+inference"),
        ("GET", "/api/usage/totals/?group_by=organization", None, "key+inference"),
        ("GET", f"/api/evals?suite={b.evaluation.suite}", None, "key+runs"),
        (
            "POST",
            "/api/memory/search",
            {"query": SEARCH, "filters": {"document_id": b.document.id}},
            "key+memory",
        ),
        (
            "POST",
            "/api/memory/search",
            {"query": SEARCH, "filters": {"scope_ref": str(b.run.id)}},
            "key+memory",
        ),
        ("GET", "/runs/?workflow=effects", None, "owner"),
        ("GET", "/usage/?days=90", None, "owner"),
    ]
    problems = []
    for method, path, body, name in probes:
        for principal in (world.principal(name), world.principal("owner")):
            answer = call_path(method, path, principal, body)
            if answer.status != 200 or answer.shows(B):
                problems.append(f"{method} {path} as {principal.name}: {answer.describe()}")
    assert not problems, "\n".join(problems)


def _check(
    world: World, route: Route, entry: Entry, method: str, principal: Principal
) -> list[str]:
    expected = verdict(entry, principal, method)
    label = f"{route.key} {method} as {principal.name} ({expected.describe()})"
    writes = method != "GET"

    def ask(side: str, *, watch: bool) -> Answer:
        return call(route, method, principal, _values(world, route, entry, side), watch=watch)

    own = ask("own", watch=writes and not expected.allowed)
    problems = [f"{label}, own: {p}" for p in _own_problems(route, entry, expected, own)]
    answers = [own]
    # Staff in no organization own nothing: its refusal on A's object is all there is to see.
    if entry.kind is not None and principal.kind != "operator":
        foreign = ask("foreign", watch=writes)
        # Allowed callers must get 404 for B's object; refused ones what a missing one gets.
        missing = None if expected.allowed else ask("missing", watch=False)
        problems += [
            f"{label}, B's object: {p}"
            for p in _foreign_problems(route, expected, foreign, missing)
        ]
        answers += [foreign, *([missing] if missing else [])]
    # The operators' admin spans organizations by design; nothing else shows B to A's callers.
    if not (entry.surface == ADMIN and principal.kind == "operator"):
        problems += [f"{label}: shows B's data: {a.describe()}" for a in answers if a.shows(B)]
    return problems


def _own_problems(route: Route, entry: Entry, expected: Verdict, own: Answer) -> list[str]:
    if not expected.allowed:
        refused = own.status == expected.refusal and own.location.startswith(expected.redirect)
        problems = [] if refused else [f"got {own.describe()}"]
        return problems + (["a refused request changed data"] if own.changed else [])
    if route.surface == WEBSOCKET:
        return [] if own.status == 200 else [f"got {own.describe()}"]
    login = (LOGIN, ADMIN_LOGIN) if entry.surface != PUBLIC else ()
    to_login = own.status == 302 and own.location.startswith(login)
    if to_login or not (200 <= own.status < 400 or own.status in entry.ok):
        return [f"got {own.describe()}"]
    if route.key in LISTINGS and not own.shows(A):
        return [f"lists none of A's own objects: {own.describe()}"]
    return []


def _foreign_problems(
    route: Route, expected: Verdict, foreign: Answer, missing: Answer | None
) -> list[str]:
    not_found = WS_NOT_FOUND if route.surface == WEBSOCKET else 404
    problems = ["it changed B's data"] if foreign.changed else []
    if missing is None and foreign.status != not_found:
        problems.append(f"expected {not_found}, got {foreign.describe()}")
    elif missing is not None and foreign.status != missing.status:
        problems.append(
            f"answered {foreign.describe()} but {missing.describe()} for a missing object"
        )
    elif missing is not None and foreign.status not in (expected.refusal, not_found):
        problems.append(f"expected {expected.refusal} or {not_found}, got {foreign.describe()}")
    return problems


def _values(world: World, route: Route, entry: Entry, side: str) -> dict[str, Any]:
    """The URL parameters for the object of `side` (own, foreign or missing)."""
    values: dict[str, Any] = {
        **world.invite,
        "object_id": world.a.organization.id,
        "content_type_id": 1,
        "app_label": "accounts",
        "url": "nowhere/",
        "id": "auto",
        "scim_id": "00000000-0000-0000-0000-000000000000",
        "pk": 0,  # the admin's authenticator pages (django-otp): no such device
        "name": "User",
        "organization": "no-such-organization",  # single sign-on's start: a public 404
        "provider": "none",
    }
    if entry.kind is None:
        return values
    if side == "missing":
        return {**values, **{name: MISSING[name] for name in world.a.url_values(entry.kind)}}
    return {**values, **(world.a if side == "own" else world.b).url_values(entry.kind)}
