from __future__ import annotations

from django.urls import path

from accounts.scim import views

urlpatterns = [
    path("Users", views.UsersView.as_view(), name="scim-users"),
    path("Users/<str:scim_id>", views.UserView.as_view(), name="scim-user"),
    path("Groups", views.GroupsView.as_view(), name="scim-groups"),
    path("Groups/<str:scim_id>", views.GroupView.as_view(), name="scim-group"),
    path(
        "ServiceProviderConfig",
        views.DiscoveryView.as_view(document="config"),
        name="scim-service-provider-config",
    ),
    path("Schemas", views.DiscoveryView.as_view(document="schemas"), name="scim-schemas"),
    path("Schemas/<str:name>", views.DiscoveryView.as_view(document="schemas"), name="scim-schema"),
    path(
        "ResourceTypes",
        views.DiscoveryView.as_view(document="types"),
        name="scim-resource-types",
    ),
    path(
        "ResourceTypes/<str:name>",
        views.DiscoveryView.as_view(document="types"),
        name="scim-resource-type",
    ),
]
