"""REST for the approval policy: rules (owners and admins change them), versions, dry runs,
and the SLA figures."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import requires_scope, tenant_of
from accounts.permissions import Actor, actor_of
from approvals import dry_run, rules, selectors
from approvals.models import ApprovalRule
from approvals.policy import Facts
from approvals.serializers import (
    DryRunResultSerializer,
    DryRunSerializer,
    PolicyVersionSerializer,
    RuleCreateSerializer,
    RuleSerializer,
    RuleWriteSerializer,
    SlaQuerySerializer,
    SlaSerializer,
)
from approvals.sla import sla_for
from core.schema import problems

SCOPE = requires_scope("approvals")
CHANGE = rules.CHANGE


def _manager(request: Request) -> Actor:
    """Asks the rules' own check first, so that a refusal comes before the body's problems (the
    service checks again when it writes)."""
    return rules.CHANGE_RULES.check(actor_of(request))


def _rule(request: Request, rule_id: int) -> ApprovalRule:
    found = selectors.rule_get(organization_id=tenant_of(request).organization_id, rule_id=rule_id)
    if found is None:
        raise NotFound("No such approval rule.")
    return found


def _changes(
    request: Request, shape: type[serializers.Serializer] = RuleWriteSerializer
) -> dict[str, Any]:
    body = shape(data=request.data)
    body.is_valid(raise_exception=True)
    return dict(body.validated_data)


class RuleListView(APIView):
    permission_classes = [SCOPE]

    @extend_schema(responses=RuleSerializer(many=True))
    def get(self, request: Request) -> Response:
        listed = selectors.rule_list(organization_id=tenant_of(request).organization_id)
        return Response(RuleSerializer(listed, many=True).data)

    @extend_schema(request=RuleCreateSerializer, responses={201: RuleSerializer})
    def post(self, request: Request) -> Response:
        actor = _manager(request)  # a member's refusal comes before what is wrong with the body
        created = rules.approval_rule_create(
            actor=actor, data=_changes(request, RuleCreateSerializer)
        )
        return Response(RuleSerializer(created).data, status=status.HTTP_201_CREATED)


class RuleDetailView(APIView):
    permission_classes = [SCOPE]

    @extend_schema(responses=RuleSerializer)
    def get(self, request: Request, rule_id: int) -> Response:
        return Response(RuleSerializer(_rule(request, rule_id)).data)

    @extend_schema(request=RuleWriteSerializer, responses=RuleSerializer)
    def patch(self, request: Request, rule_id: int) -> Response:
        actor = _manager(request)
        changed = rules.approval_rule_update(
            actor=actor, rule_id=rule_id, changes=_changes(request)
        )
        return Response(RuleSerializer(changed).data)

    @extend_schema(responses={204: None})
    def delete(self, request: Request, rule_id: int) -> Response:
        rules.approval_rule_delete(actor=actor_of(request), rule_id=rule_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class DryRunView(APIView):
    """Which rule a call (or budget request) would hit, and why every other rule did not."""

    permission_classes = [SCOPE]

    @extend_schema(
        request=DryRunSerializer, responses={200: DryRunResultSerializer, **problems(404)}
    )
    def post(self, request: Request) -> Response:
        body = DryRunSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        version = data.pop("version", None)
        answer = dry_run.approval_policy_dry_run(
            actor=actor_of(request), facts=Facts(**data), version=version
        )
        return Response(answer)


class PolicyVersionListView(APIView):
    permission_classes = [SCOPE]

    @extend_schema(responses=PolicyVersionSerializer(many=True))
    def get(self, request: Request) -> Response:
        versions = selectors.policy_versions(organization_id=tenant_of(request).organization_id)
        return Response(PolicyVersionSerializer(versions[:100], many=True).data)


class PolicyVersionView(APIView):
    permission_classes = [SCOPE]

    @extend_schema(responses=PolicyVersionSerializer)
    def get(self, request: Request, version: int) -> Response:
        found = selectors.policy_version_get(
            organization_id=tenant_of(request).organization_id, version=version
        )
        if found is None:
            raise NotFound("No such policy version.")
        return Response(PolicyVersionSerializer(found).data)


class SlaView(APIView):
    permission_classes = [SCOPE]

    @extend_schema(parameters=[SlaQuerySerializer], responses=SlaSerializer)
    def get(self, request: Request) -> Response:
        query = SlaQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        figures = sla_for(
            organization_id=tenant_of(request).organization_id,
            days=query.validated_data.get("days"),
        )
        return Response(SlaSerializer(figures).data)
