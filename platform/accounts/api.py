from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import tenant_of
from accounts.models import Organization


class WhoAmISerializer(serializers.Serializer):
    organization = serializers.CharField()
    organization_slug = serializers.CharField()
    user = serializers.CharField(allow_null=True)
    role = serializers.CharField(allow_null=True)
    api_key_prefix = serializers.CharField(allow_null=True)
    scopes = serializers.ListField(child=serializers.CharField())


class WhoAmIView(APIView):
    """Who the caller is and which organization it acts for."""

    @extend_schema(responses=WhoAmISerializer)
    def get(self, request: Request) -> Response:
        tenant = tenant_of(request)
        organization = Organization.objects.get(id=tenant.organization_id)
        auth = request.auth
        data = {
            "organization": organization.name,
            "organization_slug": organization.slug,
            "user": tenant.user.username if tenant.user else None,
            "role": tenant.role,
            "api_key_prefix": getattr(auth, "prefix", None),
            "scopes": list(getattr(auth, "scopes", ())) or ["*"],
        }
        return Response(WhoAmISerializer(data).data)
