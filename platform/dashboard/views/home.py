from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.templatetags.static import static

from dashboard.access import Viewer, dashboard_page


@dashboard_page
def home(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    return redirect("dashboard:runs")


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico on their own; the icon is a static file."""
    return redirect(static("favicon.svg"), permanent=True)
