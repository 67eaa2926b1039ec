from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest

from accounts.lockout import sign_in_unlock
from accounts.models import ApiKey, Membership, Organization, User
from accounts.selectors import user_role_in
from accounts.services import api_key_create, api_key_revoke


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
        "expires_at",
        *readonly_fields,
    ]
    actions = ["revoke_selected"]

    def save_model(self, request: HttpRequest, obj: ApiKey, form: Any, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        created = api_key_create(
            organization=obj.organization,
            name=obj.name,
            scopes=obj.scopes or None,
            allowed_tiers=obj.allowed_tiers,
            expires_at=obj.expires_at,
            created_by=_member_or_none(request.user, obj.organization_id),
        )
        obj.pk = created.api_key.pk
        obj.prefix = created.api_key.prefix
        messages.warning(request, f"Copy this key now, it is not shown again: {created.plaintext}")

    @admin.action(description="Revoke selected keys")
    def revoke_selected(self, request: HttpRequest, queryset: QuerySet[ApiKey]) -> None:
        for api_key in queryset:
            api_key_revoke(api_key=api_key)
        self.message_user(request, f"Revoked {queryset.count()} key(s).")
