"""REST: `GET /api/runs/{id}/trace`, the model calls a run made, oldest first, paginated.

Each call carries the ledger's view of it (tier, backend, cost) by the id the two share; cost is
known once the gateway's ledger has flushed the request (null until then, and when no price was
in force).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework import serializers
from rest_framework.generics import ListAPIView

from core.pagination import LimitOffsetPagination
from gateway.selectors import LedgerEntry, run_ledger_entries
from runs import selectors
from runs.api import RUNS_SCOPE, tenant_run
from runs.models import ModelCall


class ModelCallSerializer(serializers.ModelSerializer):
    id = serializers.CharField(
        help_text="The gateway's request id: the usage ledger's `request_id` for this call."
    )
    tier = serializers.SerializerMethodField(help_text="The tier that served the call.")
    backend = serializers.SerializerMethodField(help_text='The backend that served it; "".')
    cost = serializers.SerializerMethodField(
        help_text="From the usage ledger, in `currency` (a decimal string); null until the "
        "ledger has the request, or when no price was in force."
    )
    currency = serializers.SerializerMethodField()
    request = serializers.JSONField(
        help_text="What was sent: model, messages, tools, response_format, max_tokens."
    )
    response = serializers.JSONField(help_text="The completion as the endpoint returned it.")
    clipped = serializers.JSONField(
        help_text="Paths of the texts that were cut to the size limits (marked where cut)."
    )

    class Meta:
        model = ModelCall
        fields = [
            "id", "step", "node", "tier", "backend", "model", "status", "request", "response",
            "error", "problem", "prompt_tokens", "completion_tokens", "latency_ms", "cost",
            "currency", "clipped", "created_at",
        ]  # fmt: skip

    def _ledger(self, call: ModelCall) -> LedgerEntry | None:
        entry: LedgerEntry | None = self.context.get("ledger", {}).get(call.id)
        return entry

    def get_tier(self, call: ModelCall) -> str:
        entry = self._ledger(call)
        return entry.tier if entry and entry.tier else call.tier

    def get_backend(self, call: ModelCall) -> str:
        entry = self._ledger(call)
        return entry.backend if entry else ""

    def get_cost(self, call: ModelCall) -> str | None:
        entry = self._ledger(call)
        return str(entry.cost) if entry and entry.cost is not None else None

    def get_currency(self, call: ModelCall) -> str:
        return str(settings.LONGHAUL_CURRENCY)


class TracePagination(LimitOffsetPagination):
    """One call may hold LONGHAUL_TRACE_CALL_MAX_CHARS of text, so a page holds few calls: a
    larger `limit` is cut to `max_limit`."""

    default_limit = 20
    max_limit = 50

    def get_limit(self, request: Any) -> int | None:
        limit = super().get_limit(request)
        return min(limit, self.max_limit) if limit else limit

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.limit_query_param:
                parameter["schema"].update(maximum=self.max_limit, default=self.default_limit)
        return parameters


class RunTraceView(ListAPIView):
    """The model calls the run made, oldest first: each request as sent (redacted, clipped to
    the size limits), the raw completion, errors, tokens, latency, and the ledger's tier,
    backend and cost."""

    permission_classes = [RUNS_SCOPE]
    serializer_class = ModelCallSerializer
    pagination_class = TracePagination

    def get_queryset(self) -> Any:
        self.run = tenant_run(self.request, self.kwargs["run_id"])
        return selectors.run_model_calls(run=self.run)

    def get_serializer_context(self) -> dict[str, Any]:
        return {**super().get_serializer_context(), "ledger": getattr(self, "ledger", {})}

    def paginate_queryset(self, queryset: Any) -> Any:
        page = super().paginate_queryset(queryset)
        calls = list(queryset if page is None else page)
        self.ledger = run_ledger_entries(
            organization_id=self.run.organization_id,
            run_id=str(self.run.id),
            request_ids=[call.id for call in calls],
        )
        return page
