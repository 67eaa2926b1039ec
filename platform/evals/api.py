"""REST for evals: the organization's evals, one with its trials, and its report. Read only: evals
are run by `manage.py eval`. Another organization's eval is always 404."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.generics import ListAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import requires_scope, tenant_of
from evals import selectors
from evals.models import Eval
from evals.reports import eval_report
from evals.serializers import (
    EvalDetailSerializer,
    EvalListQuerySerializer,
    EvalSerializer,
    ReportQuerySerializer,
)

RUNS_SCOPE = requires_scope("runs")


def tenant_eval(request: Request, eval_id: Any) -> Eval:
    found = selectors.eval_get(organization_id=tenant_of(request).organization_id, eval_id=eval_id)
    if found is None:
        raise NotFound("No such eval.")
    return found


class EvalListView(ListAPIView):
    permission_classes = [RUNS_SCOPE]
    serializer_class = EvalSerializer

    def get_queryset(self) -> Any:
        query = EvalListQuerySerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        return selectors.eval_list(
            organization_id=tenant_of(self.request).organization_id,
            suite=query.validated_data.get("suite"),
        )

    @extend_schema(parameters=[EvalListQuerySerializer])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class EvalDetailView(APIView):
    permission_classes = [RUNS_SCOPE]

    @extend_schema(responses=EvalDetailSerializer)
    def get(self, request: Request, eval_id: str) -> Response:
        return Response(EvalDetailSerializer(tenant_eval(request, eval_id)).data)


class EvalReportView(APIView):
    """Pass rates with Wilson intervals (valid trials only), every objective, cost and latency
    distributions, invalid trials with causes, flaky/suspicious/drift findings, and two
    configurations side by side (see docs/evals.md)."""

    permission_classes = [RUNS_SCOPE]

    @extend_schema(parameters=[ReportQuerySerializer], responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, eval_id: str) -> Response:
        found = tenant_eval(request, eval_id)
        query = ReportQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        compare = query.validated_data["compare"]
        if compare and not set(compare) <= set(found.labelled):
            known = ", ".join(found.labelled)
            raise ValidationError({"compare": f"This eval's configurations are {known}."})
        return Response(eval_report(eval=found, compare=compare))
