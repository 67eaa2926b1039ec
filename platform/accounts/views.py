from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.selectors import organization_keys, primary_membership


@login_required
def home(request: HttpRequest) -> HttpResponse:
    membership = primary_membership(user=request.user)  # type: ignore[arg-type]
    organization = membership.organization if membership else None
    keys = organization_keys(organization=organization) if organization else []
    context = {"membership": membership, "organization": organization, "keys": keys}
    return render(request, "accounts/home.html", context)
