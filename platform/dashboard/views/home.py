from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from dashboard.access import Viewer, dashboard_page


@dashboard_page
def home(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    return redirect("dashboard:runs")
