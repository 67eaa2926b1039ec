"""Access tokens from an organization's OpenID provider, for Longhaul as an OAuth 2.0 resource
server (the MCP authorization model: `/mcp/<organization>`).

An MCP client obtains the token from the organization's provider, bound to the resource it
calls (RFC 8707: the token's `aud` names `<public URL>/mcp/<organization>`), and sends it as a
bearer token. It is accepted when its signature checks against the provider's keys, its issuer
is one of the organization's enabled OIDC providers, the resource is among its audiences, it is
within its times (LONGHAUL_OIDC_CLOCK_SKEW_SECONDS), and its subject is a person who has signed
in through that provider and is still a member. It then acts as that person, with the Longhaul
scopes the token names (`runs`, `approvals`, `memory`) and no more.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from joserfc import jwt
from joserfc.errors import InvalidKeyIdError, JoseError

from accounts.models import ExternalIdentity, IdentityProvider, Membership, ProviderKind, User
from accounts.oidc import ALGORITHMS, Metadata, is_number, key_set, provider_metadata
from accounts.sso import SignInRefused
from core import clock

TOKEN_SCOPES = ("runs", "approvals", "memory")


class AccessTokenRefused(Exception):
    """Why a bearer token was not accepted, in words for the client's user."""


@dataclass(frozen=True)
class TokenPerson:
    organization_id: int
    user: User
    scopes: tuple[str, ...]


def looks_like_jwt(token: str) -> bool:
    return token.count(".") == 2 and not token.startswith("lh_")


def access_token_person(*, token: str, organization_slug: str, resource: str) -> TokenPerson:
    """The member the token speaks for, or AccessTokenRefused."""
    provider = _issuing_provider(token, organization_slug)
    try:
        claims = _verified_claims(provider_metadata(provider), token)
    except SignInRefused as refused:
        raise AccessTokenRefused(str(refused)) from None
    _check_claims(provider, claims, resource)
    scopes = tuple(s for s in str(claims.get("scope") or "").split() if s in TOKEN_SCOPES)
    if not scopes:
        raise AccessTokenRefused(
            f"The token grants none of Longhaul's scopes ({', '.join(TOKEN_SCOPES)})."
        )
    person = _member(provider, str(claims["sub"]))
    return TokenPerson(organization_id=provider.organization_id, user=person, scopes=scopes)


def token_issuers(*, organization_slug: str) -> list[str]:
    """The issuers whose tokens the organization's resource accepts (its metadata says so)."""
    found = _token_providers(organization_slug)
    return sorted({str(provider.settings.get("issuer")) for provider in found})


def _token_providers(organization_slug: str) -> list[IdentityProvider]:
    return list(
        IdentityProvider.objects.filter(
            organization__slug=organization_slug, kind=ProviderKind.OIDC, enabled=True
        )
    )


def _issuing_provider(token: str, organization_slug: str) -> IdentityProvider:
    issuer = _unverified_claims(token).get("iss")
    for provider in _token_providers(organization_slug):
        if provider.settings.get("issuer") == issuer:
            return provider
    raise AccessTokenRefused("The token's issuer is not this organization's identity provider.")


def _unverified_claims(token: str) -> dict[str, Any]:
    """The payload read without checking it: only to find whose keys check it."""
    try:
        payload = token.split(".")[1]
        claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    except (IndexError, ValueError):
        raise AccessTokenRefused("The bearer token is not a JWT.") from None
    if not isinstance(claims, dict):
        raise AccessTokenRefused("The bearer token is not a JWT.")
    return claims


def _verified_claims(metadata: Metadata, token: str) -> dict[str, Any]:
    try:
        try:
            decoded = jwt.decode(token, key_set(metadata, refresh=False), algorithms=ALGORITHMS)
        except InvalidKeyIdError:  # the provider rotated its keys since they were cached
            decoded = jwt.decode(token, key_set(metadata, refresh=True), algorithms=ALGORITHMS)
    except (JoseError, ValueError) as error:
        raise AccessTokenRefused(f"The token's signature does not check ({error}).") from None
    return dict(decoded.claims)


def _check_claims(provider: IdentityProvider, claims: dict[str, Any], resource: str) -> None:
    skew = settings.LONGHAUL_OIDC_CLOCK_SKEW_SECONDS
    now = clock.now()
    aud = claims.get("aud")
    audiences = aud if isinstance(aud, list) else [aud]
    problems = {
        "issuer": claims.get("iss") != provider.settings.get("issuer"),
        "audience (it must name this resource)": resource not in audiences,
        "expiry": not is_number(claims.get("exp")) or claims["exp"] < now - skew,
        "start": is_number(claims.get("nbf")) and claims["nbf"] > now + skew,
        "issue time": is_number(claims.get("iat")) and claims["iat"] > now + skew,
        "subject": not isinstance(claims.get("sub"), str) or not claims["sub"],
    }
    wrong = [name for name, bad in problems.items() if bad]
    if wrong:
        raise AccessTokenRefused(f"The token was refused: wrong {wrong[0]}.")


def _member(provider: IdentityProvider, subject: str) -> User:
    link = (
        ExternalIdentity.objects.filter(provider=provider, subject=subject)
        .select_related("user")
        .first()
    )
    if link is None:
        raise AccessTokenRefused(
            "Nobody has signed in to Longhaul as this person yet: sign in once through the "
            "organization's identity provider."
        )
    person = link.user
    member = Membership.objects.filter(organization_id=provider.organization_id, user=person)
    if not person.is_active or not member.exists():
        raise AccessTokenRefused("This person is no longer a member of the organization.")
    return person
