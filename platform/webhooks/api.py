"""REST for webhooks: endpoints (owners and admins), a test delivery, the delivery log, replays."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.generics import ListAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import requires_scope, tenant_of
from accounts.permissions import Actor, actor_of
from webhooks import endpoints, selectors, services
from webhooks.models import WebhookEndpoint
from webhooks.serializers import (
    DeliveryQuerySerializer,
    DeliverySerializer,
    EndpointCreateSerializer,
    EndpointSerializer,
    EndpointUpdateSerializer,
    EndpointWithSecretSerializer,
    TestAnswerSerializer,
)

SCOPE = requires_scope("approvals")


def reader(request: Request) -> Actor:
    """A read gate: endpoints and deliveries are shown to those who may manage them (the
    writes check in `webhooks.endpoints`)."""
    return endpoints.MANAGE_WEBHOOKS.check(actor_of(request))


def _endpoint(request: Request, endpoint_id: int) -> WebhookEndpoint:
    found = selectors.endpoint_get(
        organization_id=tenant_of(request).organization_id, endpoint_id=endpoint_id
    )
    if found is None:
        raise NotFound("No such webhook endpoint.")
    return found


class EndpointListView(APIView):
    permission_classes = [SCOPE]

    @extend_schema(responses=EndpointSerializer(many=True))
    def get(self, request: Request) -> Response:
        reader(request)
        endpoints = selectors.endpoint_list(organization_id=tenant_of(request).organization_id)
        return Response(EndpointSerializer(endpoints, many=True).data)

    @extend_schema(request=EndpointCreateSerializer, responses={201: EndpointWithSecretSerializer})
    def post(self, request: Request) -> Response:
        body = EndpointCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        endpoint, secret = endpoints.webhook_endpoint_create(
            actor=actor_of(request), **body.validated_data
        )
        data = {**EndpointSerializer(endpoint).data, "secret": secret}
        return Response(data, status=status.HTTP_201_CREATED)


class EndpointView(APIView):
    permission_classes = [SCOPE]

    @extend_schema(responses=EndpointSerializer)
    def get(self, request: Request, endpoint_id: int) -> Response:
        reader(request)
        return Response(EndpointSerializer(_endpoint(request, endpoint_id)).data)

    @extend_schema(request=EndpointUpdateSerializer, responses=EndpointSerializer)
    def patch(self, request: Request, endpoint_id: int) -> Response:
        body = EndpointUpdateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        endpoint = endpoints.webhook_endpoint_update(
            actor=actor_of(request), endpoint_id=endpoint_id, changes=dict(body.validated_data)
        )
        return Response(EndpointSerializer(endpoint).data)

    @extend_schema(responses={204: None})
    def delete(self, request: Request, endpoint_id: int) -> Response:
        endpoints.webhook_endpoint_delete(actor=actor_of(request), endpoint_id=endpoint_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SecretRotateView(APIView):
    permission_classes = [SCOPE]

    @extend_schema(request=None, responses=EndpointWithSecretSerializer)
    def post(self, request: Request, endpoint_id: int) -> Response:
        endpoint, secret = endpoints.webhook_secret_rotate(
            actor=actor_of(request), endpoint_id=endpoint_id
        )
        return Response({**EndpointSerializer(endpoint).data, "secret": secret})


class EndpointTestView(APIView):
    """Sends a signed `webhook.test` event to the endpoint now and answers what it said."""

    permission_classes = [SCOPE]

    @extend_schema(request=None, responses=TestAnswerSerializer)
    def post(self, request: Request, endpoint_id: int) -> Response:
        answer = endpoints.webhook_endpoint_test(actor=actor_of(request), endpoint_id=endpoint_id)
        return Response(TestAnswerSerializer(answer).data)


class DeliveryListView(ListAPIView):
    permission_classes = [SCOPE]
    serializer_class = DeliverySerializer

    def get_queryset(self) -> Any:
        reader(self.request)
        query = DeliveryQuerySerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        return selectors.delivery_list(
            organization_id=tenant_of(self.request).organization_id,
            endpoint_id=_endpoint(self.request, self.kwargs["endpoint_id"]).id,
            status=query.validated_data.get("status"),
        )

    @extend_schema(parameters=[DeliveryQuerySerializer])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class DeliveryReplayView(APIView):
    permission_classes = [SCOPE]

    @extend_schema(request=None, responses={202: DeliverySerializer})
    def post(self, request: Request, delivery_id: int) -> Response:
        actor = actor_of(request)
        delivery = selectors.delivery_get(
            organization_id=actor.organization_id, delivery_id=delivery_id
        )
        if delivery is None:
            raise NotFound("No such webhook delivery.")
        replay = services.webhook_replay(actor=actor, delivery=delivery)
        return Response(DeliverySerializer(replay).data, status=status.HTTP_202_ACCEPTED)
