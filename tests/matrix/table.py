"""The tenant matrix: for every route, what its URL names and who may call it. One line a route.

Read a line as: route name -> surface(object kind the URL names, key scope, METHOD=who may).
- `rest`: the REST API. A signed-in person acts with their role; an API key needs the scope and
  acts with its owner's role. No, revoked or expired credentials: 401. Missing scope or role: 403.
- `page`: a dashboard page. Signed-in people only (a key is no login): others are sent to the
  login page. A missing role answers `refused` (403, or 302 back to the page with a message).
- `ws`: a websocket. Refusals are close codes: 4401 (who are you?), 4403 (a key without the
  scope) and 4404 (no such object).
- `v1`: the OpenAI-compatible API: API keys with the `inference` scope only.
- `public`: answers everyone alike (health, login, the API schemas, metrics to loopback clients).
- every `admin:` route: the operators' Django admin (staff only; it spans organizations).
- `scim`: SCIM provisioning, for the organization's directory token only: sessions and API keys
  are no credential there (401). Its own tenancy is tested in tests/accounts/test_scim.py.

For each route and caller the test checks: A's caller on A's object gets what the line allows
(or the refusal); on B's object exactly what it gets for an object that does not exist (404
when it is allowed at all, never 403 or 200); and no response ever contains B's data.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from accounts.permissions import MANAGERS, MEMBERS, REVIEWERS

REST, PAGE, WS, V1, PUBLIC, ADMIN, SCIM = "rest", "page", "ws", "v1", "public", "admin", "scim"
ANYONE = frozenset({"anyone"})  # public routes: not even a login
ADMIN_PREFIX = "admin:"


@dataclass(frozen=True)
class Entry:
    surface: str
    kind: str | None  # the object the URL names; None: none (a collection, a form)
    scope: str | None  # the API key scope it needs (REST, websockets); None: any key
    methods: dict[str, frozenset[str]]  # method -> roles that may (a key: its owner's role)
    refused: int = 403  # what a caller without the role gets
    ok: frozenset[int] = field(default=frozenset())  # besides 2xx/3xx, an allowed answer
    keys: bool = True  # whether an API key is a credential here


def rest(kind: str | None, scope: str | None, **methods: frozenset[str]) -> Entry:
    return Entry(REST, kind, scope, methods)


def page(kind: str | None, refused: int = 403, **methods: frozenset[str]) -> Entry:
    return Entry(PAGE, kind, None, methods, refused, keys=False)


def ws(kind: str, scope: str | None, *, keys: bool = True) -> Entry:
    return Entry(WS, kind, scope, {"GET": MEMBERS}, keys=keys)


def v1(method: str, ok: frozenset[int] = frozenset()) -> Entry:
    return Entry(V1, None, "inference", {method: MEMBERS}, ok=ok)


def public(*methods: str, ok: frozenset[int] = frozenset()) -> Entry:
    return Entry(PUBLIC, None, None, dict.fromkeys(methods, ANYONE), ok=ok)


def scim(*methods: str) -> Entry:
    return Entry(SCIM, None, None, dict.fromkeys(methods, frozenset()))


# A request body the endpoint refuses as invalid (400) proves the caller got past the checks.
INVALID = frozenset({400})
# A run with no step behind it cannot be rolled back (409 Conflict, 400 for the step).
NOT_NOW = frozenset({400, 409})

MATRIX: dict[str, Entry] = {
    # --- public --------------------------------------------------------------------------------
    "healthz": public("GET"),
    "readyz": public("GET", ok=frozenset({503})),  # 503: no model backend answers in tests
    "login": public("GET"),
    "logout": public("POST"),
    "admin:login": public("GET"),
    "admin:logout": public("POST"),
    "password_reset_confirm": public("GET"),
    # The sign-in steps after the password: strangers are sent to sign in, others pass through.
    "login-verify": public("GET", "POST"),
    "two-factor": public("GET", "POST"),
    # Single sign-on: finding the provider (no such organization: 404), going there (no such
    # provider: 404) and coming back (no flow waiting: 403).
    "sso-choose": public("GET"),
    "sso-start": public("GET", ok=frozenset({404})),
    "oidc-callback": public("GET", ok=frozenset({403})),
    # A SAML provider's service provider metadata and ACS (no such provider: 404).
    "saml-metadata": public("GET", ok=frozenset({404})),
    "saml-acs": public("POST", ok=frozenset({404})),
    "schema": public("GET"),
    "schema-v1": public("GET"),
    "api-docs": public("GET"),
    "favicon": public("GET"),
    # --- REST: who am I, usage ------------------------------------------------------------------
    "api-me": rest(None, None, GET=MEMBERS),
    "usage-list": rest(None, "inference", GET=MEMBERS),
    "usage-totals": rest(None, "inference", GET=MEMBERS),
    # --- REST: runs, their events and artifacts ----------------------------------------------
    "runs": rest(None, "runs", GET=MEMBERS, POST=MEMBERS),
    "run-detail": rest("run", "runs", GET=MEMBERS),
    "run-cancel": rest("run", "runs", POST=MEMBERS),
    "run-rollback": Entry(REST, "run", "runs", {"POST": MEMBERS}, ok=NOT_NOW),
    "run-rerun": rest("run", "runs", POST=MEMBERS),
    "run-events": rest("run", "runs", GET=MEMBERS),
    "run-trace": rest("run", "runs", GET=MEMBERS),
    "run-ws-ticket": rest("run", "runs", POST=MEMBERS),
    "run-artifacts": rest("run", "runs", GET=MEMBERS),
    "run-artifact": rest("artifact", "runs", GET=MEMBERS),
    "run-workspace": rest("run", "runs", GET=MEMBERS),
    "tool-reliability": rest(None, "runs", GET=MEMBERS),
    # --- REST: evals (read only; `manage.py eval` runs them) ----------------------------------
    "evals": rest(None, "runs", GET=MEMBERS),
    "eval-detail": rest("eval", "runs", GET=MEMBERS),
    "eval-report": rest("eval", "runs", GET=MEMBERS),
    # --- REST: approvals and their policy -------------------------------------------------------
    "approvals": rest(None, "approvals", GET=MEMBERS),
    "approvals-sla": rest(None, "approvals", GET=MEMBERS),
    "approval": rest("approval", "approvals", GET=MEMBERS),
    "approval-decide": rest("approval", "approvals", POST=REVIEWERS),
    "approval-rules": rest(None, "approvals", GET=MEMBERS, POST=MANAGERS),
    "approval-dry-run": rest(None, "approvals", POST=MEMBERS),
    "approval-rule": rest("rule", "approvals", GET=MEMBERS, PATCH=MANAGERS, DELETE=MANAGERS),
    "approval-policy-versions": rest(None, "approvals", GET=MEMBERS),
    "approval-policy-version": rest("policy_version", "approvals", GET=MEMBERS),
    # --- REST: audit and webhooks (owners and admins) -----------------------------------------
    "audit": rest(None, "approvals", GET=MANAGERS),
    "audit-verify": rest(None, "approvals", GET=MANAGERS),
    "audit-export": rest(None, "approvals", GET=MANAGERS),
    "webhooks": rest(None, "approvals", GET=MANAGERS, POST=MANAGERS),
    "webhook": rest("webhook", "approvals", GET=MANAGERS, PATCH=MANAGERS, DELETE=MANAGERS),
    "webhook-rotate-secret": rest("webhook", "approvals", POST=MANAGERS),
    "webhook-test": rest("webhook", "approvals", POST=MANAGERS),
    "webhook-deliveries": rest("webhook", "approvals", GET=MANAGERS),
    "webhook-delivery-replay": rest("delivery", "approvals", POST=MANAGERS),
    "identity-providers": rest(None, "approvals", GET=MANAGERS, POST=MANAGERS),
    "identity-provider": rest(
        "identity_provider", "approvals", GET=MANAGERS, PATCH=MANAGERS, DELETE=MANAGERS
    ),
    "sso-enforcement": rest(None, "approvals", GET=MANAGERS, PUT=MANAGERS),
    # --- REST: organizations' tool sources (members read; owners and admins change) ----------
    "tool-sources": rest(None, "runs", GET=MEMBERS, POST=MANAGERS),
    "tool-source": rest("tool_source", "runs", GET=MEMBERS, PATCH=MANAGERS, DELETE=MANAGERS),
    "tool-source-refresh": rest("tool_source", "runs", POST=MANAGERS),
    "external-tool": rest("external_tool", "runs", GET=MEMBERS, PATCH=MANAGERS),
    # --- REST: memory, search and documents ---------------------------------------------------
    "memory": rest(None, "memory", POST=MEMBERS),
    "memory-search": rest(None, "memory", POST=MEMBERS),
    "memory-export": rest(None, "memory", GET=MEMBERS),
    "memory-purge": rest(None, "memory", POST=MANAGERS),
    "memory-item": rest("memory_item", "memory", GET=MEMBERS, DELETE=MEMBERS),
    "documents": rest(None, "memory", GET=MEMBERS, POST=MEMBERS),
    "document": rest("document", "memory", GET=MEMBERS, DELETE=MEMBERS),
    # --- dashboard pages ----------------------------------------------------------------------
    "home": page(None, GET=MEMBERS),
    "dashboard:runs": page(None, GET=MEMBERS),
    "dashboard:run-new": page(None, GET=MEMBERS, POST=MEMBERS),
    "dashboard:run": page("run", GET=MEMBERS),
    "dashboard:run-timeline": page("run", GET=MEMBERS),
    "dashboard:run-summary": page("run", GET=MEMBERS),
    "dashboard:run-trace": page("run", GET=MEMBERS),
    "dashboard:run-trace-call": page("model_call", GET=MEMBERS),
    "dashboard:run-cancel": page("run", POST=MEMBERS),
    "dashboard:run-resume": page("run", POST=MEMBERS),
    "dashboard:run-rerun": page("run", POST=MEMBERS),
    "dashboard:run-rollback": page("run", POST=MEMBERS),
    "dashboard:artifact": page("artifact", GET=MEMBERS),
    "dashboard:artifact-raw": page("artifact", GET=MEMBERS),
    "dashboard:review": page(None, GET=MEMBERS),
    "dashboard:badge": page(None, GET=MEMBERS),
    "dashboard:policy": page(None, GET=MEMBERS),
    "dashboard:policy-dry-run": page(None, POST=MEMBERS),
    "dashboard:rule-new": page(None, GET=MANAGERS, POST=MANAGERS),
    "dashboard:rule-edit": page("rule", GET=MANAGERS, POST=MANAGERS),
    "dashboard:rule-delete": page("rule", POST=MANAGERS),
    "dashboard:audit": page(None, GET=MANAGERS),
    "dashboard:webhooks": page(None, GET=MANAGERS),
    "dashboard:webhook-create": page(None, POST=MANAGERS),
    "dashboard:webhook-edit": page("webhook", GET=MANAGERS, POST=MANAGERS),
    "dashboard:webhook-test": page("webhook", POST=MANAGERS),
    "dashboard:webhook-rotate": page("webhook", POST=MANAGERS),
    "dashboard:webhook-delete": page("webhook", POST=MANAGERS),
    "dashboard:review-detail": page("approval", GET=MEMBERS),
    "dashboard:review-decide": page("approval", POST=REVIEWERS),
    "dashboard:usage": page(None, GET=MEMBERS),
    "dashboard:documents": page(None, GET=MEMBERS),
    "dashboard:document-upload": page(None, POST=MEMBERS),
    "dashboard:memory": page(None, GET=MEMBERS),
    "dashboard:memory-delete": page("memory_item", POST=MEMBERS),
    "dashboard:people": page(None, GET=MEMBERS),
    "dashboard:key-create": page(None, POST=MANAGERS),
    "dashboard:key-revoke": page("api_key", refused=302, POST=MANAGERS),
    "dashboard:member-invite": page(None, POST=MANAGERS),
    "dashboard:member-role": page("membership", refused=302, POST=MANAGERS),
    "dashboard:system": page(None, GET=MANAGERS),
    "dashboard:settings": page(None, GET=MANAGERS),
    "dashboard:settings-traces": page(None, POST=MANAGERS),
    "dashboard:settings-sign-in": page(None, POST=MANAGERS),
    "dashboard:settings-single-sign-on": page(None, POST=MANAGERS),
    # a second provider of the same name is refused (400): the first call got past the checks
    "dashboard:settings-provider-create": Entry(
        PAGE, None, None, {"POST": MANAGERS}, ok=INVALID, keys=False
    ),
    "dashboard:tools": page(None, GET=MEMBERS),
    "dashboard:tool-source-create": page(None, POST=MANAGERS),
    "dashboard:tool-source": page("tool_source", GET=MEMBERS, POST=MANAGERS),
    "dashboard:tool-source-refresh": page("tool_source", POST=MANAGERS),
    "dashboard:tool-source-delete": page("tool_source", POST=MANAGERS),
    "dashboard:tool-govern": page("external_tool", POST=MANAGERS),
    "dashboard:evals": page(None, GET=MEMBERS),
    "dashboard:eval": page("eval", GET=MEMBERS),
    # --- websockets ---------------------------------------------------------------------------
    "ws:ws/runs/<uuid:run_id>": ws("run", "runs"),
    "ws:ws/documents/<int:document_id>": ws("document", None, keys=False),
    # --- /v1 ----------------------------------------------------------------------------------
    "v1:GET /v1/models": v1("GET"),
    "v1:GET /v1/models/<id>": v1("GET", ok=frozenset({404})),
    "v1:POST /v1/chat/completions": v1("POST", ok=INVALID),
    "v1:POST /v1/embeddings": v1("POST", ok=INVALID),
    # --- SCIM provisioning (the directory token only) ----------------------------------------
    "scim-users": scim("GET", "POST"),
    "scim-user": scim("GET", "PUT", "PATCH", "DELETE"),
    "scim-groups": scim("GET", "POST"),
    "scim-group": scim("GET", "PUT", "PATCH", "DELETE"),
    "scim-service-provider-config": scim("GET"),
    "scim-schemas": scim("GET"),
    "scim-schema": scim("GET"),
    "scim-resource-types": scim("GET"),
    "scim-resource-type": scim("GET"),
    # --- answered ahead of Django -------------------------------------------------------------
    # Aggregate figures without any organization in them, for a loopback client or the token.
    "asgi:/metrics": public("GET"),
}


# The admin refuses some views to operators too (read-only models: no add, no delete) and
# answers 404 for objects that do not exist.
ADMIN_ENTRY = Entry(ADMIN, None, None, {"GET": frozenset()}, ok=frozenset({403, 404}), keys=False)


def entry_for(key: str) -> Entry | None:
    return MATRIX.get(key) or (ADMIN_ENTRY if key.startswith(ADMIN_PREFIX) else None)


# Routes whose answer to an allowed caller must show A's own objects: without them, "none of B's
# data" would hold for an answer that shows nothing at all.
LISTINGS = {
    "usage-list",
    "runs",
    "run-events",
    "run-trace",
    "evals",
    "run-artifacts",
    "approvals",
    "approval-rules",
    "audit",
    "audit-export",
    "webhooks",
    "identity-providers",
    "tool-sources",
    "memory-search",
    "memory-export",
    "documents",
    "dashboard:runs",
    "dashboard:run-trace",
    "dashboard:review",
    "dashboard:policy",
    "dashboard:audit",
    "dashboard:webhooks",
    "dashboard:usage",
    "dashboard:documents",
    "dashboard:memory",
    "dashboard:people",
    "dashboard:evals",
}
