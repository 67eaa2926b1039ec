"""Tenants (organizations), their people and their API keys."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.validators import MinValueValidator
from django.db import models
from django.utils import timezone

from accounts.roles import Role


class User(AbstractUser):
    """A person who signs in to the dashboard or the admin."""


class Organization(models.Model):
    """The tenant: every record that belongs to a customer points at one."""

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    trace_retention_days = models.PositiveIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text="Days the model-call traces of runs are kept (prompts and completions). Blank: "
        "LONGHAUL_TRACE_RETENTION_DAYS.",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="memberships"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.MEMBER)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["organization", "user"], name="unique_membership")
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.organization} ({self.role})"


class ApiKey(models.Model):
    """A key for business systems. Only the prefix is visible; the secret is stored hashed."""

    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="api_keys"
    )
    name = models.CharField(max_length=200)
    prefix = models.CharField(max_length=16, unique=True)
    secret_hash = models.CharField(max_length=64)
    scopes = models.JSONField(default=list, blank=True, help_text="Empty means every scope.")
    allowed_tiers = models.JSONField(default=list, blank=True, help_text="Empty means every tier.")
    max_run_priority = models.CharField(
        max_length=16,
        default="normal",
        choices=[("interactive", "Interactive"), ("normal", "Normal"), ("batch", "Batch")],
        help_text="The highest priority of the runs and model calls this key makes.",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    def is_usable(self, now: object = None) -> bool:
        moment = now or timezone.now()
        if self.revoked_at is not None:
            return False
        return self.expires_at is None or self.expires_at > moment  # type: ignore[operator]


class DirectoryToken(models.Model):
    """The bearer token an organization's identity provider presents to the SCIM API. Only the
    prefix is visible; the token is stored hashed, like an API key."""

    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="directory_tokens"
    )
    name = models.CharField(max_length=200)
    prefix = models.CharField(max_length=16, unique=True)
    secret_hash = models.CharField(max_length=64)
    created_at = models.DateTimeField(default=timezone.now)
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"


class DirectoryUser(models.Model):
    """A person an organization's directory provisions (SCIM): its link to the account."""

    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="directory_users"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="directory_links"
    )
    scim_id = models.UUIDField(unique=True)
    user_name = models.CharField(max_length=150)
    external_id = models.CharField(max_length=255, blank=True)
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["organization", "user"], name="unique_directory_user"),
            models.UniqueConstraint(
                fields=["organization", "user_name"], name="unique_directory_user_name"
            ),
        ]

    def __str__(self) -> str:
        return self.user_name


class DirectoryGroup(models.Model):
    """A group of the organization's directory; its name maps to a role (GroupRoleMapping)."""

    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="directory_groups"
    )
    scim_id = models.UUIDField(unique=True)
    display_name = models.CharField(max_length=255)
    external_id = models.CharField(max_length=255, blank=True)
    members = models.ManyToManyField(DirectoryUser, related_name="groups", blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["organization", "display_name"], name="unique_directory_group_name"
            )
        ]

    def __str__(self) -> str:
        return self.display_name


class GroupRoleMapping(models.Model):
    """The organization's rule: members of the directory group `group` get `role`. Groups come
    from SCIM and from sign-in claims alike. Owner is never granted by a group."""

    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="group_role_mappings"
    )
    group = models.CharField(max_length=255)
    role = models.CharField(max_length=16, choices=Role.choices)

    class Meta:
        ordering = ["group"]
        constraints = [
            models.UniqueConstraint(fields=["organization", "group"], name="unique_group_mapping")
        ]

    def __str__(self) -> str:
        return f"{self.group} → {self.role}"


class SignInPolicy(models.Model):
    """An organization's rules for its people's sessions and accounts (accounts.sessions)."""

    organization = models.OneToOneField(
        Organization, on_delete=models.CASCADE, related_name="sign_in_policy"
    )
    session_lifetime_minutes = models.PositiveIntegerField(
        null=True, blank=True, help_text="A session ends this long after sign-in; empty: never."
    )
    idle_timeout_minutes = models.PositiveIntegerField(
        null=True, blank=True, help_text="A session ends after this long unused; empty: never."
    )
    allowed_email_domains = models.JSONField(
        default=list, blank=True, help_text="Domains a provisioned person's address may have."
    )
    sso_required = models.BooleanField(
        default=False,
        help_text="Members sign in through the organization's identity provider; a local "
        "password is refused for everyone but the break-glass owner.",
    )
    break_glass_owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The one owner who may still sign in with a password while SSO is required.",
    )

    def __str__(self) -> str:
        return f"sign-in policy of {self.organization}"


class ProviderKind(models.TextChoices):
    OIDC = "oidc", "OpenID Connect"
    SAML = "saml", "SAML 2.0"


class IdentityProvider(models.Model):
    """An organization's single sign-on provider (accounts.sso). `settings` holds what the kind
    needs (OIDC: issuer, client_id, scopes, claim names; SAML: its own keys); a client secret is
    encrypted at rest (core.secrets) and never shown again. Roles come from the
    organization's group mapping (GroupRoleMapping), as for SCIM."""

    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="identity_providers"
    )
    kind = models.CharField(max_length=8, choices=ProviderKind.choices)
    name = models.CharField(max_length=200, help_text="What the sign-in page shows.")
    slug = models.SlugField(max_length=80)
    enabled = models.BooleanField(default=True)
    settings = models.JSONField(default=dict, blank=True)
    secret_ciphertext = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["organization_id", "name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["organization", "slug"], name="unique_identity_provider_slug"
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_kind_display()})"


class ExternalIdentity(models.Model):
    """A person as an identity provider knows them: its stable subject (OIDC `sub`, SAML
    NameID), linked to the account it signs in."""

    provider = models.ForeignKey(
        IdentityProvider, on_delete=models.CASCADE, related_name="identities"
    )
    subject = models.CharField(max_length=255)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="external_identities"
    )
    email = models.CharField(max_length=254, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    last_sign_in_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["provider", "subject"], name="unique_external_subject")
        ]

    def __str__(self) -> str:
        return f"{self.subject} at {self.provider}"
