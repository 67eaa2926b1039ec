"""What a caller should get from a route, read off its matrix line: allowed, or the refusal."""

from __future__ import annotations

from dataclasses import dataclass

from tests.matrix.table import ADMIN, ANYONE, PAGE, PUBLIC, REST, SCIM, V1, WS, Entry
from tests.matrix.world import Principal

# Websocket close codes (runs.consumers, dashboard.consumers).
WS_UNAUTHORIZED, WS_FORBIDDEN, WS_NOT_FOUND = 4401, 4403, 4404
LOGIN, ADMIN_LOGIN = "/login/", "/admin/login/"


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    refusal: int = 0  # the status (or websocket close code) of the refusal
    redirect: str = ""  # a refusal that is a redirect goes here (a login page)

    def describe(self) -> str:
        if self.allowed:
            return "allowed"
        return f"refused with {self.refusal}" + (f" to {self.redirect}" if self.redirect else "")


ALLOWED = Verdict(True)


def verdict(entry: Entry, principal: Principal, method: str) -> Verdict:
    roles = entry.methods[method]
    if entry.surface == PUBLIC or roles == ANYONE:
        return ALLOWED
    if entry.surface == ADMIN:
        return ALLOWED if principal.kind == "operator" else Verdict(False, 302, ADMIN_LOGIN)
    if entry.surface == SCIM:
        return Verdict(False, 401)  # only a directory token opens it
    if entry.surface == PAGE:
        return _page(entry, principal, roles)
    if entry.surface == V1:
        return _v1(principal)
    if entry.surface == WS:
        return _websocket(entry, principal)
    assert entry.surface == REST, entry
    return _rest(entry, principal, roles)


def _page(entry: Entry, principal: Principal, roles: frozenset[str]) -> Verdict:
    if principal.kind not in ("session", "operator"):
        return Verdict(False, 302, LOGIN)  # an API key is no login
    if principal.kind == "operator":
        return Verdict(False, 403)  # signed in, but in no organization
    return ALLOWED if principal.role in roles else Verdict(False, entry.refused)


def _rest(entry: Entry, principal: Principal, roles: frozenset[str]) -> Verdict:
    if not principal.usable:
        return Verdict(False, 401)
    if principal.kind == "operator":
        return Verdict(False, 403)
    if principal.kind == "key" and entry.scope and entry.scope not in principal.scopes:
        return Verdict(False, 403)
    return ALLOWED if principal.role in roles else Verdict(False, 403)


def _v1(principal: Principal) -> Verdict:
    if principal.kind != "key" or not principal.usable:
        return Verdict(False, 401)  # a browser session is no credential for /v1
    return ALLOWED if "inference" in principal.scopes else Verdict(False, 403)


def _websocket(entry: Entry, principal: Principal) -> Verdict:
    if principal.kind == "session":
        return ALLOWED
    if principal.kind == "key" and entry.keys and principal.usable:
        allowed = not entry.scope or entry.scope in principal.scopes
        return ALLOWED if allowed else Verdict(False, WS_FORBIDDEN)
    return Verdict(False, WS_UNAUTHORIZED)


SESSIONS = ("owner", "admin", "reviewer", "member")
DEAD = ("key:revoked", "key:expired", "anonymous")


def callers(entry: Entry) -> tuple[str, ...]:
    """The principals worth calling a route with: every role, the key with and the key without
    the route's scope, dead credentials and the operator. Keys with other scopes behave as one
    of these two, and every key variant is the scope key of some route."""
    scope = entry.scope or "inference"
    keys = (f"key+{scope}", f"key-{scope}")
    if entry.surface == PUBLIC:
        return ("owner", keys[1], "anonymous")
    if entry.surface == ADMIN:
        return ("owner", keys[1], "operator")
    if entry.surface == PAGE or not entry.keys:
        return (*SESSIONS, keys[1], "operator", "anonymous")
    return (*SESSIONS, *keys, *DEAD, "operator")
