"""OpenID Connect sign-in with an organization's provider: discovery from its issuer, the
authorization code flow with PKCE (S256), state and nonce, and the ID token checked in full
(its signature against the provider's JWKS, `iss`, `aud`/`azp`, `exp` and `iat` within
LONGHAUL_OIDC_CLOCK_SKEW_SECONDS of the platform's clock, `nonce`, `at_hash`) with Authlib's
OpenID pieces (joserfc, its JOSE implementation, and `CodeIDToken`). What the token vouches for
goes to accounts.sso, which signs the person in.

Every request to the provider goes through the outbound address policy (agents.outbound), so a
provider on a private network must be allowed by the operator (LONGHAUL_SSO_ALLOWED_PRIVATE_HOSTS).
A flow waiting at the provider lives in the session, keyed by its state, and is used up by the
first callback that names it: a replayed or forged callback finds nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

import httpx
from authlib.common.urls import add_params_to_uri
from authlib.oauth2.rfc7636 import create_s256_code_challenge
from authlib.oidc.core import CodeIDToken
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.urls import reverse
from joserfc import jwt
from joserfc.errors import InvalidKeyIdError, JoseError
from joserfc.jwk import KeySet

from accounts.models import IdentityProvider
from accounts.sso import SignInRefused, sign_in_from_identity, sign_in_refusal_record
from accounts.sso_providers import identity_provider_secret
from agents.outbound import (
    AnswerTooLarge,
    OutboundPolicy,
    UnsafeURL,
    policy_transport,
    validate_url,
)
from core import clock

DEFAULT_SCOPES = ["openid", "email", "profile"]
ALLOW_SETTING = "LONGHAUL_SSO_ALLOWED_PRIVATE_HOSTS"
# Signatures with the provider's public keys only: never `none`, never a shared secret.
ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512"]
PENDING_KEY = "longhaul_oidc_pending"
ID_TOKEN_KEY = "longhaul_oidc_id_token"
MAX_PENDING = 5  # flows one browser may have open at once (several tabs)
METADATA_SECONDS = 3600
ANSWER_BYTES = 512 * 1024


@dataclass(frozen=True)
class Metadata:
    """What discovery says about the provider (OpenID Connect Discovery 1.0)."""

    issuer: str
    authorization_endpoint: str
    token_endpoint: str
    jwks_uri: str
    end_session_endpoint: str
    token_auth_methods: tuple[str, ...]


@dataclass(frozen=True)
class Completed:
    provider: IdentityProvider
    claims: dict[str, Any]
    id_token: str
    next_url: str


def policy() -> OutboundPolicy:
    return OutboundPolicy.of(
        settings.LONGHAUL_SSO_ALLOWED_PRIVATE_HOSTS,
        require_https=settings.LONGHAUL_SSO_REQUIRE_HTTPS,
        allow_setting=ALLOW_SETTING,
    )


# --- settings -----------------------------------------------------------------------------------
def settings_checked(values: dict[str, Any]) -> dict[str, Any]:
    """An OIDC provider's settings: `issuer` (discovery at
    `<issuer>/.well-known/openid-configuration`), `client_id`, and optionally `scopes`,
    `groups_claim` (default `groups`; empty: the provider sends no groups) and `email_claim`."""
    issuer = str(values.get("issuer", "")).strip()  # compared with `iss` exactly
    try:
        validate_url(issuer, policy(), resolve=False)
    except UnsafeURL as error:
        raise ValidationError({"issuer": f"The issuer URL is refused: {error}"}) from None
    client_id = str(values.get("client_id", "")).strip()
    if not client_id:
        raise ValidationError(
            {"client_id": "The client ID the provider gave Longhaul is required."}
        )
    scopes = values.get("scopes") or DEFAULT_SCOPES
    if not isinstance(scopes, list) or "openid" not in scopes:
        raise ValidationError({"scopes": "A list of scopes that includes openid."})
    unknown = sorted(set(values) - {"issuer", "client_id", "scopes", "groups_claim", "email_claim"})
    if unknown:
        raise ValidationError({"settings": f"unknown OIDC settings {unknown}"})
    return {
        "issuer": issuer,
        "client_id": client_id,
        "scopes": [str(scope) for scope in scopes],
        "groups_claim": str(values.get("groups_claim", "groups")).strip(),
        "email_claim": str(values.get("email_claim", "email")).strip() or "email",
    }


# --- talking to the provider --------------------------------------------------------------------
def _client() -> httpx.Client:
    return httpx.Client(
        transport=policy_transport(policy(), answer_bytes=ANSWER_BYTES),
        timeout=settings.LONGHAUL_SSO_HTTP_TIMEOUT_SECONDS,
        follow_redirects=False,
        trust_env=False,
    )


def _json(method: str, url: str, **options: Any) -> dict[str, Any]:
    try:
        with _client() as client:
            reply = client.request(method, url, **options)
        body = reply.json()
    except (httpx.HTTPError, UnsafeURL, AnswerTooLarge, ValueError) as error:
        raise SignInRefused(
            "provider_unreachable", f"The identity provider could not be reached ({error})."
        ) from None
    if not isinstance(body, dict):
        raise SignInRefused("provider_error", "The identity provider answered with no object.")
    if reply.status_code >= 400:
        detail = body.get("error_description") or body.get("error") or reply.status_code
        raise SignInRefused("provider_error", f"The identity provider refused: {detail}.")
    return body


def provider_metadata(provider: IdentityProvider, *, refresh: bool = False) -> Metadata:
    issuer = provider.settings["issuer"]
    key = f"oidc-metadata:{hashlib.sha256(issuer.encode()).hexdigest()}"
    document = None if refresh else cache.get(key)
    if document is None:
        document = _json("GET", issuer.rstrip("/") + "/.well-known/openid-configuration")
        cache.set(key, document, METADATA_SECONDS)
    if document.get("issuer") != issuer:
        raise SignInRefused("provider_error", "The provider's discovery names another issuer.")
    try:
        return Metadata(
            issuer=issuer,
            authorization_endpoint=str(document["authorization_endpoint"]),
            token_endpoint=str(document["token_endpoint"]),
            jwks_uri=str(document["jwks_uri"]),
            end_session_endpoint=str(document.get("end_session_endpoint") or ""),
            token_auth_methods=tuple(
                document.get("token_endpoint_auth_methods_supported") or ["client_secret_basic"]
            ),
        )
    except KeyError as missing:
        raise SignInRefused(
            "provider_error", f"The provider's discovery lacks {missing}."
        ) from None


def key_set(metadata: Metadata, *, refresh: bool) -> KeySet:
    """The provider's signing keys (cached like its metadata; `refresh` after a key rotation).
    Access tokens (`accounts.access_tokens`) verify with them too."""
    key = f"oidc-jwks:{hashlib.sha256(metadata.jwks_uri.encode()).hexdigest()}"
    document = None if refresh else cache.get(key)
    if document is None:
        document = _json("GET", metadata.jwks_uri)
        cache.set(key, document, METADATA_SECONDS)
    try:
        return KeySet.import_key_set(document)  # type: ignore[arg-type]
    except (JoseError, ValueError, TypeError) as error:
        raise SignInRefused(
            "provider_error", f"The provider's keys are unusable ({error})."
        ) from None


# --- the flow -----------------------------------------------------------------------------------
def callback_url(request: HttpRequest) -> str:
    return request.build_absolute_uri(reverse("oidc-callback"))


def authorization_url(*, request: HttpRequest, provider: IdentityProvider, next_url: str) -> str:
    """Where to send the browser: the provider's authorization endpoint, with a fresh state,
    nonce and PKCE challenge remembered in the session for the callback."""
    metadata = provider_metadata(provider)
    state, nonce, verifier = (secrets.token_urlsafe(32) for _ in range(3))
    now = clock.now()
    pending = {
        key: flow
        for key, flow in request.session.get(PENDING_KEY, {}).items()
        if now - flow["at"] <= settings.LONGHAUL_SSO_FLOW_SECONDS
    }
    kept = sorted(pending.items(), key=lambda item: item[1]["at"])[-(MAX_PENDING - 1) :]
    flow = {"provider": provider.id, "nonce": nonce, "verifier": verifier, "next": next_url}
    request.session[PENDING_KEY] = {**dict(kept), state: {**flow, "at": now}}
    return add_params_to_uri(
        metadata.authorization_endpoint,
        {
            "response_type": "code",
            "client_id": provider.settings["client_id"],
            "redirect_uri": callback_url(request),
            "scope": " ".join(provider.settings["scopes"]),
            "state": state,
            "nonce": nonce,
            "code_challenge": create_s256_code_challenge(verifier),
            "code_challenge_method": "S256",
        },
    )


def oidc_sign_in(request: HttpRequest) -> Completed:
    """The callback, start to end: the flow finished, the person signed in (accounts.sso), and
    the ID token kept in the session for RP-initiated logout."""
    done = authorization_finish(request)
    try:
        identity = identity_from_claims(done.provider, done.claims)
    except SignInRefused as refused:
        sign_in_refusal_record(provider=done.provider, refused=refused)
        raise
    sign_in_from_identity(provider=done.provider, request=request, **identity)
    request.session[ID_TOKEN_KEY] = done.id_token
    return done


def authorization_finish(request: HttpRequest) -> Completed:
    """The callback: the flow its state names (used up now), the code exchanged with the PKCE
    verifier, the ID token checked. Raises SignInRefused."""
    flows = request.session.get(PENDING_KEY, {})
    flow = flows.pop(request.GET.get("state", ""), None)
    request.session[PENDING_KEY] = flows
    if flow is None:
        raise SignInRefused(
            "unknown_state",
            "This sign-in was already completed or never started here; start again.",
        )
    provider = IdentityProvider.objects.filter(id=flow["provider"], enabled=True).first()
    if provider is None:
        raise SignInRefused("provider_disabled", "This identity provider is no longer enabled.")
    try:
        return _finish(request, provider, flow)
    except SignInRefused as refused:
        sign_in_refusal_record(provider=provider, refused=refused)
        raise


def _finish(request: HttpRequest, provider: IdentityProvider, flow: dict[str, Any]) -> Completed:
    if clock.now() - flow["at"] > settings.LONGHAUL_SSO_FLOW_SECONDS:
        raise SignInRefused("flow_expired", "The sign-in took too long; start again.")
    if request.GET.get("error"):
        detail = request.GET.get("error_description") or request.GET["error"]
        raise SignInRefused("provider_error", f"The identity provider said: {detail[:300]}")
    metadata = provider_metadata(provider)
    tokens = _exchange(request, provider, metadata, flow["verifier"])
    id_token = tokens.get("id_token")
    if not isinstance(id_token, str):
        raise SignInRefused("invalid_token", "The identity provider sent no ID token.")
    access_token = tokens.get("access_token")
    claims = id_token_claims(
        provider=provider,
        metadata=metadata,
        id_token=id_token,
        nonce=flow["nonce"],
        access_token=access_token if isinstance(access_token, str) else None,
    )
    return Completed(provider, claims, id_token, flow["next"])


def _exchange(
    request: HttpRequest, provider: IdentityProvider, metadata: Metadata, verifier: str
) -> dict[str, Any]:
    code = request.GET.get("code", "")
    if not code:
        raise SignInRefused("provider_error", "The identity provider sent no authorization code.")
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": callback_url(request),
        "code_verifier": verifier,
        "client_id": provider.settings["client_id"],
    }
    secret = identity_provider_secret(provider)
    auth = None
    if secret and "client_secret_basic" in metadata.token_auth_methods:
        auth = httpx.BasicAuth(provider.settings["client_id"], secret)
    elif secret:
        form["client_secret"] = secret
    return _json("POST", metadata.token_endpoint, data=form, auth=auth)


def id_token_claims(
    *,
    provider: IdentityProvider,
    metadata: Metadata,
    id_token: str,
    nonce: str,
    access_token: str | None = None,
) -> dict[str, Any]:
    """The ID token's claims once its signature, issuer, audience, times and nonce check out."""
    try:
        token = jwt.decode(id_token, key_set(metadata, refresh=False), algorithms=ALGORITHMS)
    except InvalidKeyIdError:  # the provider rotated its keys since they were cached
        token = _decode_fresh(id_token, metadata)
    except (JoseError, ValueError) as error:
        raise _bad_token(error) from None
    claims = dict(token.claims)
    _check_claims(provider, claims, nonce)
    checked = CodeIDToken(
        claims,
        token.header,
        {"iss": {"essential": True, "value": metadata.issuer}},
        {"nonce": nonce, "client_id": provider.settings["client_id"], "access_token": access_token},
    )
    try:
        checked.validate(now=int(clock.now()), leeway=settings.LONGHAUL_OIDC_CLOCK_SKEW_SECONDS)
    except JoseError as error:
        raise _bad_token(error) from None
    return claims


def _decode_fresh(id_token: str, metadata: Metadata) -> Any:
    try:
        return jwt.decode(id_token, key_set(metadata, refresh=True), algorithms=ALGORITHMS)
    except (JoseError, ValueError) as error:
        raise _bad_token(error) from None


def _check_claims(provider: IdentityProvider, claims: dict[str, Any], nonce: str) -> None:
    """The checks that decide who may sign in, written out rather than left to options."""
    client_id = provider.settings["client_id"]
    skew = settings.LONGHAUL_OIDC_CLOCK_SKEW_SECONDS
    now = clock.now()
    aud = claims.get("aud")
    audiences: list[Any] = aud if isinstance(aud, list) else [aud]
    problems = {
        "issuer": claims.get("iss") != provider.settings["issuer"],
        "audience": client_id not in audiences,
        "authorized party": claims.get("azp", client_id) != client_id,
        "expiry": not is_number(claims.get("exp")) or claims["exp"] < now - skew,
        "issue time": not is_number(claims.get("iat")) or claims["iat"] > now + skew,
        "nonce": not hmac.compare_digest(str(claims.get("nonce", "")), nonce),
        "subject": not isinstance(claims.get("sub"), str) or not claims["sub"],
    }
    wrong = [name for name, bad in problems.items() if bad]
    if wrong:
        raise SignInRefused(
            "invalid_token", f"The identity provider's token was refused: wrong {wrong[0]}."
        )


def is_number(value: object) -> bool:
    """A JSON number as a JWT's time claims must be (a bool is not one)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def _bad_token(error: Exception) -> SignInRefused:
    detail = getattr(error, "description", "") or ""
    return SignInRefused(
        "invalid_token",
        f"The identity provider's token was refused ({type(error).__name__}{': ' if detail else ''}"
        f"{detail}).",
    )


def identity_from_claims(provider: IdentityProvider, claims: dict[str, Any]) -> dict[str, Any]:
    """The arguments of accounts.sso.sign_in_from_identity that the claims give."""
    if claims.get("email_verified") is False:
        raise SignInRefused(
            "email_unverified", "Your identity provider has not verified your email."
        )
    groups_claim = provider.settings.get("groups_claim", "")
    groups = claims.get(groups_claim) if groups_claim else None
    if isinstance(groups, str):
        groups = [groups]
    return {
        "subject": claims["sub"],
        "email": str(claims.get(provider.settings.get("email_claim", "email")) or ""),
        "groups": [str(group) for group in groups] if isinstance(groups, list) else None,
        "given_name": str(claims.get("given_name") or ""),
        "family_name": str(claims.get("family_name") or ""),
    }


def end_session_url(*, provider: IdentityProvider, id_token: str, after: str) -> str:
    """The provider's RP-initiated logout URL ("" when it has none, or cannot be reached)."""
    try:
        metadata = provider_metadata(provider)
    except SignInRefused:
        return ""
    if not metadata.end_session_endpoint:
        return ""
    return add_params_to_uri(
        metadata.end_session_endpoint,
        {
            "id_token_hint": id_token,
            "post_logout_redirect_uri": after,
            "client_id": provider.settings["client_id"],
        },
    )
