from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from webhooks import api

urlpatterns: list[URLPattern | URLResolver] = [
    path("webhooks", api.EndpointListView.as_view(), name="webhooks"),
    path("webhooks/<int:endpoint_id>", api.EndpointView.as_view(), name="webhook"),
    path(
        "webhooks/<int:endpoint_id>/rotate-secret",
        api.SecretRotateView.as_view(),
        name="webhook-rotate-secret",
    ),
    path("webhooks/<int:endpoint_id>/test", api.EndpointTestView.as_view(), name="webhook-test"),
    path(
        "webhooks/<int:endpoint_id>/deliveries",
        api.DeliveryListView.as_view(),
        name="webhook-deliveries",
    ),
    path(
        "webhooks/deliveries/<int:delivery_id>/replay",
        api.DeliveryReplayView.as_view(),
        name="webhook-delivery-replay",
    ),
]
