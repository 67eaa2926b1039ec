"""How a request proves which organization it acts for: a session or an API key."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rest_framework import authentication, exceptions, permissions
from rest_framework.request import Request

from accounts.keys import bearer_token
from accounts.models import User
from accounts.selectors import ApiKeyError, KeyPrincipal, primary_membership
from accounts.services import api_key_use


class ApiKeyUser:
    """Stands in for request.user when a business system calls with an API key."""

    is_authenticated = True
    is_anonymous = False
    is_active = True
    is_staff = False
    is_superuser = False
    pk = None
    id = None

    def __init__(self, principal: KeyPrincipal) -> None:
        self.principal = principal

    def __str__(self) -> str:
        return f"api key {self.principal.prefix}"


class ApiKeyAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request: Request) -> tuple[ApiKeyUser, KeyPrincipal] | None:
        token = bearer_token(request.headers.get("Authorization"))
        if token is None:
            return None
        try:
            principal = api_key_use(token)
        except ApiKeyError as error:
            raise exceptions.AuthenticationFailed(str(error)) from None
        return ApiKeyUser(principal), principal

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="longhaul"'


@dataclass(frozen=True)
class Tenant:
    """The organization a request acts for, and who is acting."""

    organization_id: int
    user: User | None
    api_key_id: int | None
    role: str | None


def tenant_of(request: Request) -> Tenant:
    """Resolves the acting organization; raises PermissionDenied for users without one."""
    if isinstance(request.auth, KeyPrincipal):
        return Tenant(request.auth.organization_id, None, request.auth.api_key_id, None)
    user: Any = request.user
    membership = primary_membership(user=user) if user and user.is_authenticated else None
    if membership is None:
        raise exceptions.PermissionDenied("Your account does not belong to an organization.")
    return Tenant(membership.organization_id, user, None, membership.role)


def requires_scope(scope: str) -> type[permissions.BasePermission]:
    """A permission class: API keys need `scope`; signed-in members always pass."""

    class HasScope(permissions.BasePermission):
        message = f"This API key lacks the '{scope}' scope."

        def has_permission(self, request: Request, view: Any) -> bool:
            if isinstance(request.auth, KeyPrincipal):
                return request.auth.has_scope(scope)
            return bool(request.user and request.user.is_authenticated)

    HasScope.__name__ = f"HasScope_{scope}"
    return HasScope
