"""Dry runs of the approval policy: what it decides for a described call, and what it (or the
policy as it would be with one rule added or changed) decides for the organization's recent
tool calls, by which rule. Reads only; every member may try the policy."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from accounts.permissions import MEMBERS, Actor, require_role
from approvals import selectors
from approvals.gate import facts_for
from approvals.policy import Facts, Verdict, evaluate
from core.errors import NotFound
from runs.gate import RunFacts
from runs.selectors import organization_recent_tool_calls
from runs.toolbox import registry

TRY = "try approval rules"
RECENT_CALLS = 50


def approval_policy_dry_run(
    *, actor: Actor, facts: Facts, version: int | None = None
) -> dict[str, Any]:
    """The action, the rule hit and its requirement, and every rule's reason to match or not."""
    require_role(actor, MEMBERS, action=TRY)
    verdict, rule = selectors.policy_explain(
        organization_id=actor.organization_id, facts=facts, version=version
    )
    if verdict is None:
        raise NotFound(f"This organization has no policy version {version}.")
    requirement = verdict.requirement.__dict__ if verdict.requirement else None
    return {
        "action": verdict.action,
        "reason": verdict.reason,
        "policy_version": verdict.policy_version,
        "rule": rule,
        "requirement": requirement,
        "explanation": verdict.trace,
    }


@dataclass(frozen=True)
class CallVerdict:
    call: dict[str, Any]  # runs.selectors.organization_recent_tool_calls' entry
    now: Verdict  # what the current policy decides
    then: Verdict  # what the tried policy decides

    @property
    def changed(self) -> bool:
        now, then = self.now, self.then
        return (now.action, now.rule_id, now.rule_name) != (
            then.action,
            then.rule_id,
            then.rule_name,
        )


def approval_policy_try_recent(
    *, actor: Actor, draft: dict[str, Any] | None = None, limit: int = RECENT_CALLS
) -> list[CallVerdict]:
    """The organization's recent tool calls under its policy, and under the policy with
    `draft` (a rule snapshot; its `id` replaces that rule, None adds it) when one is given."""
    require_role(actor, MEMBERS, action=TRY)
    version, rules = selectors.policy_current(organization_id=actor.organization_id)
    tried = with_draft(rules, draft) if draft is not None else rules
    calls = organization_recent_tool_calls(organization_id=actor.organization_id, limit=limit)
    verdicts = []
    for call in calls:
        run = _run_facts(actor.organization_id, call)
        facts = facts_for(
            run, kind="tool", name=call["tool"], arguments=call["arguments"], rules=tried
        )
        now = evaluate(rules, facts, registry=registry(), version=version)
        then = evaluate(tried, facts, registry=registry(), version=version + 1) if draft else now
        verdicts.append(CallVerdict(call, now, then))
    return verdicts


def with_draft(rules: list[dict[str, Any]], draft: dict[str, Any]) -> list[dict[str, Any]]:
    """The rule list with `draft` in place of the rule of the same id (or added, at its
    position or last), in evaluation order."""
    others = [rule for rule in rules if draft.get("id") is None or rule["id"] != draft["id"]]
    if draft.get("position") is None:
        last = max((rule["position"] for rule in others), default=0)
        draft = {**draft, "position": last + 10}
    ordered = sorted([*others, draft], key=lambda rule: (rule["position"], rule["id"] or 2**62))
    return ordered


def _run_facts(organization_id: int, call: dict[str, Any]) -> RunFacts:
    return RunFacts(
        run_id=call["run_id"],
        organization_id=organization_id,
        workflow=call["workflow"],
        tier=call["tier"],
        tokens_used=call["tokens_used"],
        steps_used=call["step"],
        requester_id=call["requester_id"],
        api_key_id=call["api_key_id"],
    )
