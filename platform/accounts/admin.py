from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest

from accounts.actors import Actor, operator_actor
from accounts.directory_services import directory_token_create, directory_token_revoke
from accounts.lockout import sign_in_unlock
from accounts.models import (
    ApiKey,
    DirectoryToken,
    GroupRoleMapping,
    IdentityProvider,
    Membership,
    Organization,
    User,
)
from accounts.selectors import user_role_in
from accounts.services import api_key_create, api_key_revoke
from accounts.sso_providers import (
    UNCHANGED,
    identity_provider_create,
    identity_provider_delete,
    identity_provider_update,
    provider_settings_checked,
)


def _member_or_none(user: Any, organization_id: int) -> User | None:
    """Staff who are not members of the organization create ownerless (member-level) keys."""
    if isinstance(user, User) and user_role_in(user=user, organization_id=organization_id):
        return user
    return None


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(User)
class LonghaulUserAdmin(UserAdmin):
    actions = ["unlock_sign_in"]

    @admin.action(description="Unlock sign-in (clear failed attempts)")
    def unlock_sign_in(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        actor = f"{request.user.get_username()} in the admin"
        for user in queryset:
            sign_in_unlock(username=user.username, actor=actor, actor_user_id=request.user.pk)
        self.message_user(request, f"Sign-in unlocked for {queryset.count()} account(s).")


@admin.register(Organization)
class OrganizationAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "created_at"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "organization", "role", "created_at"]
    list_filter = ["role", "organization"]
    search_fields = ["user__username", "organization__name"]


@admin.register(ApiKey)
class ApiKeyAdmin(admin.ModelAdmin):
    list_display = [
        "name",
        "prefix",
        "organization",
        "created_by",
        "scopes",
        "expires_at",
        "revoked_at",
    ]
    list_filter = ["organization"]
    search_fields = ["name", "prefix"]
    readonly_fields = [
        "prefix",
        "secret_hash",
        "created_by",
        "created_at",
        "last_used_at",
        "revoked_at",
    ]
    fields = [
        "organization",
        "name",
        "scopes",
        "allowed_tiers",
        "max_run_priority",
        "expires_at",
        *readonly_fields,
    ]
    actions = ["revoke_selected"]

    def save_model(self, request: HttpRequest, obj: ApiKey, form: Any, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        created = api_key_create(
            actor=_staff(request, obj.organization_id),
            name=obj.name,
            scopes=obj.scopes or None,
            allowed_tiers=obj.allowed_tiers,
            expires_at=obj.expires_at,
            max_run_priority=obj.max_run_priority,
            created_by=_member_or_none(request.user, obj.organization_id),
        )
        obj.pk = created.api_key.pk
        obj.prefix = created.api_key.prefix
        messages.warning(request, f"Copy this key now, it is not shown again: {created.plaintext}")

    @admin.action(description="Revoke selected keys")
    def revoke_selected(self, request: HttpRequest, queryset: QuerySet[ApiKey]) -> None:
        for api_key in queryset:
            api_key_revoke(actor=_staff(request, api_key.organization_id), api_key=api_key)
        self.message_user(request, f"Revoked {queryset.count()} key(s).")


@admin.register(DirectoryToken)
class DirectoryTokenAdmin(admin.ModelAdmin):
    """SCIM tokens: made here (shown once) and revoked; never edited."""

    list_display = ["name", "prefix", "organization", "created_at", "revoked_at"]
    list_filter = ["organization"]
    readonly_fields = ["prefix", "created_at", "revoked_at", "last_used_at"]
    fields = ["organization", "name", *readonly_fields]
    actions = ["revoke_selected"]

    def save_model(
        self, request: HttpRequest, obj: DirectoryToken, form: Any, change: bool
    ) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        created = directory_token_create(organization=obj.organization, name=obj.name)
        obj.pk, obj.prefix = created.token.pk, created.token.prefix
        messages.warning(
            request, f"Copy this token now, it is not shown again: {created.plaintext}"
        )

    @admin.action(description="Revoke selected tokens")
    def revoke_selected(self, request: HttpRequest, queryset: QuerySet[DirectoryToken]) -> None:
        for token in queryset:
            directory_token_revoke(token=token, actor=f"{request.user.get_username()} in the admin")
        self.message_user(request, f"Revoked {queryset.count()} token(s).")


@admin.register(GroupRoleMapping)
class GroupRoleMappingAdmin(admin.ModelAdmin):
    """Read here; changed with `map_group_role`, which also updates the members' roles."""

    list_display = ["organization", "group", "role"]
    list_filter = ["organization"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class IdentityProviderForm(forms.ModelForm):
    """The client secret is typed in, never shown: blank keeps the stored one."""

    client_secret = forms.CharField(
        required=False,
        strip=False,
        widget=forms.PasswordInput(render_value=False),
        help_text="Blank keeps the stored secret.",
    )

    class Meta:
        model = IdentityProvider
        fields = ["organization", "kind", "name", "slug", "enabled", "settings"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        kind = cleaned.get("kind") or self.instance.kind
        if kind and "settings" in cleaned:
            try:
                cleaned["settings"] = provider_settings_checked(kind, cleaned["settings"] or {})
            except ValidationError as error:  # keyed by setting, which is no field here
                raise ValidationError({"settings": error.messages}) from None
        return cleaned


@admin.register(IdentityProvider)
class IdentityProviderAdmin(admin.ModelAdmin):
    """Organizations' single sign-on providers, written through the audited services."""

    form = IdentityProviderForm
    list_display = ["name", "kind", "organization", "slug", "enabled"]
    list_filter = ["kind", "enabled", "organization"]
    search_fields = ["name", "slug", "organization__slug"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return ["organization", "kind"] if obj is not None else []

    def save_model(
        self, request: HttpRequest, obj: IdentityProvider, form: Any, change: bool
    ) -> None:
        actor = _staff(request, obj.organization_id)
        secret = form.cleaned_data.get("client_secret") or ""
        obj.pk = self._save(obj, form, change, actor, secret).pk

    @staticmethod
    def _save(
        obj: IdentityProvider, form: Any, change: bool, actor: Actor, secret: str
    ) -> IdentityProvider:
        values = {key: form.cleaned_data[key] for key in ("name", "slug", "enabled", "settings")}
        if change:
            stored = IdentityProvider.objects.get(pk=obj.pk)
            return identity_provider_update(
                provider=stored, actor=actor, client_secret=secret or UNCHANGED, **values
            )
        return identity_provider_create(
            kind=obj.kind,
            actor=actor,
            client_secret=secret,
            **values,
        )

    def delete_model(self, request: HttpRequest, obj: IdentityProvider) -> None:
        identity_provider_delete(provider=obj, actor=_staff(request, obj.organization_id))


def _staff(request: HttpRequest, organization_id: int) -> Actor:
    """Staff in the admin act for the platform, named in the audit log."""
    user: Any = request.user
    return operator_actor(
        organization_id=organization_id, name=f"{user.get_username()} in the admin", person=user
    )
