"""Writes and reads for an organization's identity providers (single sign-on).

Each kind checks its own settings (`SETTINGS_CHECKS`: a dotted path per kind, imported on first
use, so the protocol modules stay where they are). A client secret is encrypted at rest with the
platform's secret store (core.secrets) and never read back out through the API or admin.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.text import slugify

from accounts.actors import Actor, Rule
from accounts.models import IdentityProvider, ProviderKind, SignInPolicy
from accounts.roles import MANAGERS
from agents.plugins import import_dotted
from audit.services import actor_fields, audit_append
from core.errors import NotFound
from core.secrets import decrypt_secret, encrypt_secret

# kind -> "module.function" taking the submitted settings and returning the cleaned ones (or
# raising ValidationError keyed by setting).
SETTINGS_CHECKS: dict[str, str] = {
    ProviderKind.OIDC.value: "accounts.oidc.settings_checked",
    ProviderKind.SAML.value: "accounts.saml.settings_checked",
}
UNCHANGED = object()  # a secret an update leaves as it is
MANAGE_SSO = Rule(MANAGERS, "manage single sign-on")


def provider_settings_checked(kind: str, settings: dict[str, Any]) -> dict[str, Any]:
    if kind not in ProviderKind.values:
        raise ValidationError({"kind": f"unknown kind {kind!r}; use one of {ProviderKind.values}"})
    if not isinstance(settings, dict):
        raise ValidationError({"settings": "settings is an object."})
    check: Callable[[dict[str, Any]], dict[str, Any]] = import_dotted(SETTINGS_CHECKS[kind])
    return check(settings)


def identity_provider_create(
    *,
    actor: Actor,
    kind: str,
    name: str,
    settings: dict[str, Any],
    slug: str = "",
    enabled: bool = True,
    client_secret: str = "",
) -> IdentityProvider:
    """A provider for the actor's organization."""
    MANAGE_SSO.check(actor)
    provider = IdentityProvider(
        organization_id=actor.organization_id,
        kind=kind,
        name=name.strip(),
        slug=slug or slugify(name),
        enabled=enabled,
        settings=provider_settings_checked(kind, settings),
        secret_ciphertext=encrypt_secret(client_secret) if client_secret else "",
    )
    _checked(provider)
    with transaction.atomic():
        provider.save()
        _audit(provider, "identity_provider.created", actor)
    return provider


def identity_provider_update(
    *,
    provider: IdentityProvider,
    actor: Actor,
    name: str | None = None,
    slug: str | None = None,
    enabled: bool | None = None,
    settings: dict[str, Any] | None = None,
    client_secret: object = UNCHANGED,
) -> IdentityProvider:
    """Changes what is given; `client_secret=""` removes the secret."""
    _check_owned(actor, provider)
    changed = []
    for field, value in (("name", name), ("slug", slug), ("enabled", enabled)):
        if value is not None:
            setattr(provider, field, value)
            changed.append(field)
    if settings is not None:
        provider.settings = provider_settings_checked(provider.kind, settings)
        changed.append("settings")
    if client_secret is not UNCHANGED:
        secret = str(client_secret or "")
        provider.secret_ciphertext = encrypt_secret(secret) if secret else ""
        changed.append("client_secret")
    _checked(provider)
    with transaction.atomic():
        provider.updated_at = timezone.now()
        provider.save()
        _audit(provider, "identity_provider.changed", actor, changed=changed)
        _keep_enforcement_possible(provider)
    return provider


def identity_provider_delete(*, provider: IdentityProvider, actor: Actor) -> None:
    _check_owned(actor, provider)
    with transaction.atomic():
        _audit(provider, "identity_provider.deleted", actor)
        provider.delete()
        _keep_enforcement_possible(provider)


def _check_owned(actor: Actor, provider: IdentityProvider) -> None:
    MANAGE_SSO.check(actor)
    if provider.organization_id != actor.organization_id:
        raise NotFound("No such identity provider.")


def _checked(provider: IdentityProvider) -> None:
    if not provider.name:
        raise ValidationError({"name": "A provider needs a name people recognise."})
    clash = IdentityProvider.objects.filter(
        organization_id=provider.organization_id, slug=provider.slug
    ).exclude(id=provider.id)
    if not provider.slug or clash.exists():
        raise ValidationError({"slug": f"The slug {provider.slug!r} is empty or already used."})
    provider.full_clean(exclude=["organization", "settings", "secret_ciphertext"])


def _keep_enforcement_possible(provider: IdentityProvider) -> None:
    """Requiring single sign-on with no enabled provider would lock every member out."""
    left = IdentityProvider.objects.filter(organization_id=provider.organization_id, enabled=True)
    required = SignInPolicy.objects.filter(
        organization_id=provider.organization_id, sso_required=True
    )
    if not left.exists() and required.exists():
        raise ValidationError(
            {"enabled": "The organization requires single sign-on: keep one provider enabled."}
        )


def _audit(provider: IdentityProvider, action: str, actor: Actor, **data: object) -> None:
    audit_append(
        organization_id=provider.organization_id,
        action=action,
        target=f"identity_provider:{provider.slug}",
        data={"kind": provider.kind, "name": provider.name, "enabled": provider.enabled, **data},
        **actor_fields(actor),
    )


# --- reads --------------------------------------------------------------------------------------
def identity_providers(*, organization_id: int) -> QuerySet[IdentityProvider]:
    return IdentityProvider.objects.filter(organization_id=organization_id)


def identity_provider_secret(provider: IdentityProvider) -> str:
    """The decrypted client secret ("" when none); SecretError if SECRET_KEY changed since."""
    return decrypt_secret(provider.secret_ciphertext) if provider.secret_ciphertext else ""


def sign_in_providers(*, organization_or_email: str) -> list[IdentityProvider]:
    """The enabled providers a person may pick on the sign-in page: those of the organization
    with this slug, or of the organizations that allow this email address's domain."""
    given = organization_or_email.strip().lower()
    enabled = IdentityProvider.objects.filter(enabled=True).select_related("organization")
    if "@" not in given:
        return list(enabled.filter(organization__slug=given))
    domain = given.rpartition("@")[2]
    return list(
        enabled.filter(organization__sign_in_policy__allowed_email_domains__contains=[domain])
    )
