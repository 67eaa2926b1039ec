"""REST for single sign-on: the organization's identity providers and whether members must use
them (owners and admins only). A client secret is written, never read back: answers say only
whether one is set."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import requires_scope
from accounts.models import IdentityProvider, ProviderKind, SignInPolicy
from accounts.permissions import Actor, actor_of
from accounts.sso import sso_enforcement_set
from accounts.sso_providers import (
    MANAGE_SSO,
    UNCHANGED,
    identity_provider_create,
    identity_provider_delete,
    identity_provider_update,
    identity_providers,
)

# Who signs in is governance, like webhooks and approval policies: the approvals scope.
SCOPE = requires_scope("approvals")


class ProviderSerializer(serializers.ModelSerializer):
    has_client_secret = serializers.SerializerMethodField()
    sign_in_url = serializers.SerializerMethodField()

    class Meta:
        model = IdentityProvider
        fields = [
            "id",
            "kind",
            "name",
            "slug",
            "enabled",
            "settings",
            "has_client_secret",
            "sign_in_url",
            "created_at",
            "updated_at",
        ]

    def get_has_client_secret(self, provider: IdentityProvider) -> bool:
        return bool(provider.secret_ciphertext)

    def get_sign_in_url(self, provider: IdentityProvider) -> str:
        return f"/login/sso/{provider.organization.slug}/{provider.slug}/"


class ProviderWriteSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=ProviderKind.choices, required=False)
    name = serializers.CharField(max_length=200, required=False)
    slug = serializers.SlugField(max_length=80, required=False)
    enabled = serializers.BooleanField(required=False)
    settings = serializers.DictField(required=False)
    client_secret = serializers.CharField(
        required=False, allow_blank=True, write_only=True, trim_whitespace=False
    )


class EnforcementSerializer(serializers.Serializer):
    sso_required = serializers.BooleanField()
    break_glass_owner = serializers.CharField(
        allow_null=True,
        required=False,
        help_text="Username of the owner who may still use a password.",
    )


def reader(request: Request) -> Actor:
    """Only those who may change single sign-on see its settings; the writes check themselves."""
    return MANAGE_SSO.check(actor_of(request))


def _provider(actor: Actor, provider_id: int) -> IdentityProvider:
    found = identity_providers(organization_id=actor.organization_id).filter(id=provider_id)
    provider = found.select_related("organization").first()
    if provider is None:
        raise NotFound("No such identity provider.")
    return provider


def _write(request: Request) -> dict[str, Any]:
    body = ProviderWriteSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    return dict(body.validated_data)


class ProviderListView(APIView):
    permission_classes = [SCOPE]

    @extend_schema(responses=ProviderSerializer(many=True))
    def get(self, request: Request) -> Response:
        actor = reader(request)
        found = identity_providers(organization_id=actor.organization_id)
        return Response(ProviderSerializer(found.select_related("organization"), many=True).data)

    @extend_schema(request=ProviderWriteSerializer, responses={201: ProviderSerializer})
    def post(self, request: Request) -> Response:
        given = _write(request)
        for required in ("kind", "name", "settings"):
            if required not in given:
                raise ValidationError({required: "This field is required."})
        provider = identity_provider_create(actor=actor_of(request), **given)
        return Response(ProviderSerializer(provider).data, status=status.HTTP_201_CREATED)


class ProviderView(APIView):
    permission_classes = [SCOPE]

    @extend_schema(responses=ProviderSerializer)
    def get(self, request: Request, provider_id: int) -> Response:
        actor = reader(request)
        return Response(ProviderSerializer(_provider(actor, provider_id)).data)

    @extend_schema(request=ProviderWriteSerializer, responses=ProviderSerializer)
    def patch(self, request: Request, provider_id: int) -> Response:
        actor = actor_of(request)
        given = _write(request)
        if given.pop("kind", None) not in (None, _provider(actor, provider_id).kind):
            raise ValidationError({"kind": "A provider's kind cannot change; add another one."})
        given["client_secret"] = given.get("client_secret", UNCHANGED)
        provider = identity_provider_update(
            provider=_provider(actor, provider_id), actor=actor, **given
        )
        return Response(ProviderSerializer(provider).data)

    @extend_schema(responses={204: None})
    def delete(self, request: Request, provider_id: int) -> Response:
        actor = actor_of(request)
        identity_provider_delete(provider=_provider(actor, provider_id), actor=actor)
        return Response(status=status.HTTP_204_NO_CONTENT)


class EnforcementView(APIView):
    """Whether the organization's members must sign in through its identity provider."""

    permission_classes = [SCOPE]

    @extend_schema(responses=EnforcementSerializer)
    def get(self, request: Request) -> Response:
        actor = reader(request)
        policy = SignInPolicy.objects.filter(organization_id=actor.organization_id).first()
        owner = policy.break_glass_owner if policy else None
        data = {
            "sso_required": bool(policy and policy.sso_required),
            "break_glass_owner": owner.username if owner else None,
        }
        return Response(EnforcementSerializer(data).data)

    @extend_schema(request=EnforcementSerializer, responses=EnforcementSerializer)
    def put(self, request: Request) -> Response:
        body = EnforcementSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        username = body.validated_data.get("break_glass_owner")
        owner = get_user_model().objects.filter(username=username).first() if username else None
        if username and owner is None:
            raise ValidationError({"break_glass_owner": f"No person named {username}."})
        sso_enforcement_set(
            actor=actor_of(request),
            required=body.validated_data["sso_required"],
            break_glass_owner=owner,  # type: ignore[arg-type]
        )
        return self.get(request)
