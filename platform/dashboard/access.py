"""Who is looking at a dashboard page: the signed-in person, their organization and role.

Pages act with the same rules as the REST API: the person's primary membership chooses the
organization, and role checks go through `accounts.permissions` (one check for sessions and keys).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import TYPE_CHECKING, Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import render

from accounts.permissions import MANAGERS, REVIEWERS, Actor, actor_for
from accounts.selectors import primary_membership

if TYPE_CHECKING:  # types only: the app's rows come through its selectors
    from accounts.models import Membership, Organization, User


@dataclass(frozen=True)
class Viewer:
    user: User
    membership: Membership

    @property
    def organization(self) -> Organization:
        return self.membership.organization

    @property
    def organization_id(self) -> int:
        return self.membership.organization_id

    @property
    def role(self) -> str:
        return self.membership.role

    @property
    def is_reviewer(self) -> bool:
        return self.role in REVIEWERS

    @property
    def is_manager(self) -> bool:
        return self.role in MANAGERS

    def actor(self) -> Actor:
        return actor_for(organization_id=self.organization_id, user=self.user, api_key_id=None)


def viewer_of(request: HttpRequest) -> Viewer | None:
    user: Any = request.user
    if not user.is_authenticated or not user.is_active:
        return None
    membership = primary_membership(user=user)
    return Viewer(user, membership) if membership else None


PageView = Callable[..., HttpResponse | StreamingHttpResponse]


def dashboard_page(view: PageView) -> PageView:
    """Signed in and a member of an organization; the view receives the Viewer second."""

    @login_required
    @wraps(view)
    def wrapper(
        request: HttpRequest, *args: Any, **kwargs: Any
    ) -> HttpResponse | StreamingHttpResponse:
        viewer = viewer_of(request)
        if viewer is None:
            return render(request, "dashboard/no_organization.html", status=403)
        return view(request, viewer, *args, **kwargs)

    return wrapper
