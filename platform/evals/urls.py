from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from evals import api

urlpatterns: list[URLPattern | URLResolver] = [
    path("evals", api.EvalListView.as_view(), name="evals"),
    path("evals/<uuid:eval_id>", api.EvalDetailView.as_view(), name="eval-detail"),
    path("evals/<uuid:eval_id>/report", api.EvalReportView.as_view(), name="eval-report"),
]
