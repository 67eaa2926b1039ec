"""The SCIM 2.0 endpoints an organization's identity provider calls with its directory token."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils.decorators import method_decorator
from django.views import View
from django.views.decorators.csrf import csrf_exempt

from accounts.directory_selectors import (
    directory_group_get,
    directory_groups,
    directory_token_authenticate,
    directory_user_get,
    directory_users,
)
from accounts.directory_services import (
    DirectoryConflict,
    GroupMembersChange,
    directory_actor,
    directory_group_change,
    directory_group_create,
    directory_group_delete,
    directory_user_create,
    directory_user_delete,
    directory_user_update,
)
from accounts.keys import bearer_token
from accounts.models import DirectoryToken
from accounts.scim import discovery, patch
from accounts.scim.protocol import (
    ScimError,
    error_response,
    list_response,
    page_of,
    parse_filter,
    read_body,
    respond,
)
from accounts.scim.resources import (
    GROUP_FILTERS,
    USER_FILTERS,
    group_resource,
    members_of,
    person_change,
    user_resource,
)


@method_decorator(csrf_exempt, name="dispatch")
class ScimView(View):
    """Authenticates the directory token and turns every failure into a SCIM error body."""

    http_method_names = ["get", "post", "put", "patch", "delete"]
    token: DirectoryToken

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        try:
            self.token = _authenticated(request)
            return super().dispatch(request, *args, **kwargs)
        except ScimError as error:
            return error_response(error)
        except DirectoryConflict as error:
            return error_response(ScimError(409, str(error), "uniqueness"))
        except ValidationError as error:
            return error_response(ScimError(400, _message(error), "invalidValue"))

    def http_method_not_allowed(
        self, request: HttpRequest, *args: Any, **kwargs: Any
    ) -> HttpResponse:
        raise ScimError(405, f"{request.method} is not supported here.")

    @property
    def organization_id(self) -> int:
        return self.token.organization_id

    @property
    def actor(self) -> str:
        return directory_actor(self.token)

    def base(self) -> str:
        return self.request.build_absolute_uri("/scim/v2").rstrip("/")


def _authenticated(request: HttpRequest) -> DirectoryToken:
    plaintext = bearer_token(request.headers.get("Authorization"))
    token = directory_token_authenticate(plaintext) if plaintext else None
    if token is None:
        raise ScimError(401, "A valid directory (SCIM) bearer token is required.")
    return token


def _message(error: ValidationError) -> str:
    if hasattr(error, "message_dict"):
        return " ".join(f"{key}: {' '.join(value)}" for key, value in error.message_dict.items())
    return " ".join(error.messages)


def _listed(
    view: ScimView,
    rows: QuerySet[Any],
    fields: dict[str, str],
    render: Callable[[Any], dict[str, Any]],
) -> HttpResponse:
    page = page_of(view.request.GET)
    rows = rows.filter(**parse_filter(view.request.GET.get("filter"), fields))
    total = rows.count()
    chosen = list(rows[page.start - 1 : page.start - 1 + page.count]) if page.count else []
    return list_response([render(row) for row in chosen], total, page)


class UsersView(ScimView):
    def get(self, request: HttpRequest) -> HttpResponse:
        rows = directory_users(organization_id=self.organization_id).prefetch_related("groups")
        return _listed(self, rows, USER_FILTERS, lambda row: user_resource(row, self.base()))

    def post(self, request: HttpRequest) -> HttpResponse:
        change = person_change(read_body(request.body), replace=False)
        person = directory_user_create(
            organization_id=self.organization_id, change=change, actor=self.actor
        )
        resource = user_resource(person, self.base())
        return respond(resource, 201, location=resource["meta"]["location"])


class UserView(ScimView):
    def person(self, scim_id: str) -> Any:
        person = directory_user_get(organization_id=self.organization_id, scim_id=scim_id)
        if person is None:
            raise ScimError(404, f"No user {scim_id}.")
        return person

    def get(self, request: HttpRequest, scim_id: str) -> HttpResponse:
        return respond(user_resource(self.person(scim_id), self.base()))

    def put(self, request: HttpRequest, scim_id: str) -> HttpResponse:
        change = person_change(read_body(request.body), replace=True)
        person = directory_user_update(person=self.person(scim_id), change=change, actor=self.actor)
        return respond(user_resource(person, self.base()))

    def patch(self, request: HttpRequest, scim_id: str) -> HttpResponse:
        change = patch.user_change(read_body(request.body))
        person = directory_user_update(person=self.person(scim_id), change=change, actor=self.actor)
        return respond(user_resource(person, self.base()))

    def delete(self, request: HttpRequest, scim_id: str) -> HttpResponse:
        directory_user_delete(person=self.person(scim_id), actor=self.actor)
        return respond(None, 204)


class GroupsView(ScimView):
    def get(self, request: HttpRequest) -> HttpResponse:
        members = "members" not in request.GET.get("excludedAttributes", "")
        rows = directory_groups(organization_id=self.organization_id)
        return _listed(
            self, rows, GROUP_FILTERS, lambda row: group_resource(row, self.base(), members=members)
        )

    def post(self, request: HttpRequest) -> HttpResponse:
        body = read_body(request.body)
        group = directory_group_create(
            organization_id=self.organization_id,
            display_name=str(body.get("displayName") or ""),
            external_id=str(body.get("externalId") or ""),
            members=members_of(self.organization_id, body.get("members")),
            actor=self.actor,
        )
        resource = group_resource(group, self.base())
        return respond(resource, 201, location=resource["meta"]["location"])


class GroupView(ScimView):
    def group(self, scim_id: str) -> Any:
        group = directory_group_get(organization_id=self.organization_id, scim_id=scim_id)
        if group is None:
            raise ScimError(404, f"No group {scim_id}.")
        return group

    def get(self, request: HttpRequest, scim_id: str) -> HttpResponse:
        members = "members" not in request.GET.get("excludedAttributes", "")
        return respond(group_resource(self.group(scim_id), self.base(), members=members))

    def put(self, request: HttpRequest, scim_id: str) -> HttpResponse:
        body = read_body(request.body)
        group = directory_group_change(
            group=self.group(scim_id),
            members=GroupMembersChange(
                replace=members_of(self.organization_id, body.get("members"))
            ),
            display_name=str(body.get("displayName") or ""),
            external_id=str(body.get("externalId") or ""),
            actor=self.actor,
        )
        return respond(group_resource(group, self.base()))

    def patch(self, request: HttpRequest, scim_id: str) -> HttpResponse:
        group = self.group(scim_id)
        found = patch.group_change(self.organization_id, read_body(request.body))
        directory_group_change(
            group=group,
            members=found.members,
            display_name=found.display_name,
            external_id=found.external_id,
            actor=self.actor,
        )
        return respond(None, 204)

    def delete(self, request: HttpRequest, scim_id: str) -> HttpResponse:
        directory_group_delete(group=self.group(scim_id), actor=self.actor)
        return respond(None, 204)


class DiscoveryView(ScimView):
    document: str = ""

    def get(self, request: HttpRequest, name: str = "") -> HttpResponse:
        return respond(discovery.document(self.document, self.base(), name))
