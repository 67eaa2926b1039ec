"""An organization's approval policy as data: rule validation and evaluation.

Pure functions over rule snapshots (dicts, as stored in `ApprovalPolicyVersion.rules`), so the
dry-run endpoint, the gate and the tests evaluate exactly the same thing. Rules are tried in
order; the first whose conditions all hold decides. With no matching rule a tool call is
allowed unless its tool is high-risk (then one reviewer must approve), and a run whose budget
ran out fails as it always has (no extension is asked for). A high-risk tool always needs approval: an `allow` rule cannot waive it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from accounts.roles import APPROVER_ROLES, MEMBERS, REVIEWERS
from agents.engine.types import Budgets
from agents.tools import RiskLevel, ToolRegistry, UnknownTool
from agents.tools.spec import Capability
from approvals.conditions import NUMERIC, amounts_in, check_condition, holds, parse_path, values_at

BUDGET_NAMES = tuple(item.name for item in fields(Budgets))
TOOL_KEYS = {"tools", "capabilities", "risk", "run_total"}
BUDGET_KEYS = {"budgets", "max_extension"}
COMMON_KEYS = {"workflows", "tiers", "requester_roles", "arguments"}
COUNTER_KEYS = {"min_tokens_used", "min_steps_used", "min_cost"}
NO_PERSON = "none"  # requester_roles entry for runs that no person started


@dataclass(frozen=True)
class Facts:
    """What a rule can look at: the call (or budget request) and the run it belongs to."""

    kind: str  # "tool" or "budget"
    name: str  # the tool, or the budget (max_steps, max_tokens, max_wall_seconds)
    arguments: dict[str, Any]
    workflow: str = ""
    tier: str = ""
    tokens_used: int = 0
    steps_used: int = 0
    cost: float = 0.0  # what the run's model calls cost so far, in LONGHAUL_CURRENCY
    requester_role: str | None = None
    # (tool, arguments) of the run's earlier calls, for `run_total` (fetched only when a rule
    # of the organization has one).
    earlier_calls: tuple[tuple[str, dict[str, Any]], ...] = ()


@dataclass(frozen=True)
class Requirement:
    quorum: int = 1
    approver_roles: tuple[str, ...] = APPROVER_ROLES
    deadline_seconds: int | None = None
    deadline_action: str = "reject"
    escalate_to_role: str = ""
    escalation_deadline_seconds: int | None = None
    remind_before_seconds: int | None = None
    allow_edit: bool = True
    max_extension: float | None = None  # budget rules: the most one extension may grant


@dataclass(frozen=True)
class Verdict:
    action: str  # allow, deny or require_approval
    reason: str
    policy_version: int = 0
    rule_id: int | None = None
    rule_name: str = ""
    requirement: Requirement | None = None
    trace: list[str] = field(default_factory=list)


# --- evaluation ---------------------------------------------------------------------------------
def evaluate(
    rules: list[dict[str, Any]], facts: Facts, *, registry: ToolRegistry, version: int
) -> Verdict:
    trace: list[str] = []
    for rule in rules:
        label = f"rule {rule['position']} {rule['name']!r}"
        if not rule.get("enabled", True) or rule.get("applies_to", "tool") != facts.kind:
            trace.append(
                f"{label}: skipped ({'disabled' if not rule.get('enabled', True) else 'applies to ' + rule.get('applies_to', 'tool') + ' requests'})"
            )
            continue
        every = rule.get("action") == "allow"  # an encoding may never make a rule allow more
        unmet = first_unmet(rule.get("conditions") or {}, facts, registry, every=every)
        if unmet is not None:
            trace.append(f"{label}: does not match: {unmet}")
            continue
        trace.append(f"{label}: matches: {rule['action']}")
        return _ruled(rule, facts, registry, version, trace)
    return _default(facts, registry, version, trace)


def _ruled(
    rule: dict[str, Any], facts: Facts, registry: ToolRegistry, version: int, trace: list[str]
) -> Verdict:
    action, reason = rule["action"], rule.get("reason") or ""
    if action == "allow" and _high_risk(facts, registry):
        trace.append(
            f"{facts.name} is high-risk: approval is always required, whatever a rule says"
        )
        return _floor(facts, registry, version, trace)
    if action == "deny":
        reason = reason or f"your organization's rule {rule['name']!r} forbids this"
    elif action == "require_approval":
        reason = reason or f"your organization's rule {rule['name']!r} requires approval"
    requirement = requirement_of(rule) if action == "require_approval" else None
    return Verdict(action, reason, version, rule.get("id"), rule["name"], requirement, trace)


def _default(facts: Facts, registry: ToolRegistry, version: int, trace: list[str]) -> Verdict:
    if facts.kind == "budget":
        trace.append("no rule matches: the run fails on its budget (no extension is asked for)")
        reason = "no rule of your organization asks for extending this budget"
        return Verdict("deny", reason, version, trace=trace)
    if _high_risk(facts, registry):
        trace.append(f"no rule matches; {facts.name} is high-risk: one reviewer must approve")
        return _floor(facts, registry, version, trace)
    trace.append("no rule matches: allowed")
    return Verdict("allow", "", version, trace=trace)


def _floor(facts: Facts, registry: ToolRegistry, version: int, trace: list[str]) -> Verdict:
    spec = registry.get(facts.name)
    reason = f"{facts.name} is a high-risk tool" + (
        " with network access" if spec.requires_network else ""
    )
    return Verdict("require_approval", reason, version, None, "", Requirement(), trace)


def _high_risk(facts: Facts, registry: ToolRegistry) -> bool:
    if facts.kind != "tool":
        return False
    try:
        return registry.get(facts.name).risk is RiskLevel.HIGH
    except UnknownTool:
        return False


def requirement_of(rule: dict[str, Any]) -> Requirement:
    return Requirement(
        quorum=int(rule.get("quorum") or 1),
        approver_roles=tuple(rule.get("approver_roles") or Requirement.approver_roles),
        deadline_seconds=rule.get("deadline_seconds"),
        deadline_action=rule.get("deadline_action") or "reject",
        escalate_to_role=rule.get("escalate_to_role") or "",
        escalation_deadline_seconds=rule.get("escalation_deadline_seconds"),
        remind_before_seconds=rule.get("remind_before_seconds"),
        allow_edit=bool(rule.get("allow_edit", True)),
        max_extension=(rule.get("conditions") or {}).get("max_extension"),
    )


def extension_ceiling(requirement: Requirement, asked: float, factor: float) -> float:
    """The most a reviewer may grant for a budget request that asked for `asked`: the rule's
    `max_extension`, and never more than `factor` times what was asked."""
    ceiling = factor * asked
    if requirement.max_extension is not None:
        ceiling = min(ceiling, float(requirement.max_extension))
    return ceiling


def first_unmet(
    conditions: dict[str, Any], facts: Facts, registry: ToolRegistry, *, every: bool = False
) -> str | None:
    """Why the conditions do not all hold for these facts, or None when they do. `every`: a
    numeric argument condition must hold for every number the value may stand for."""
    for check in (_run_unmet, _call_unmet):
        unmet = check(conditions, facts, registry)
        if unmet is not None:
            return unmet
    return _arguments_unmet(conditions, facts, every) or _total_unmet(conditions, facts, registry)


def _run_unmet(conditions: dict[str, Any], facts: Facts, registry: ToolRegistry) -> str | None:
    role = facts.requester_role or NO_PERSON
    for key, value, what in (
        ("workflows", facts.workflow, "workflow"),
        ("tiers", facts.tier, "tier"),
        ("requester_roles", role, "requester's role"),
        ("budgets", facts.name, "budget"),
    ):
        if key in conditions and value not in conditions[key]:
            return f"the {what} is {value!r}, not one of {conditions[key]}"
    if facts.tokens_used < int(conditions.get("min_tokens_used", 0)):
        return f"{facts.tokens_used} tokens used, fewer than {conditions['min_tokens_used']}"
    if facts.steps_used < int(conditions.get("min_steps_used", 0)):
        return f"{facts.steps_used} steps used, fewer than {conditions['min_steps_used']}"
    if facts.cost < float(conditions.get("min_cost", 0)):
        return f"the run has cost {facts.cost:g} so far, less than {conditions['min_cost']}"
    return None


def _call_unmet(conditions: dict[str, Any], facts: Facts, registry: ToolRegistry) -> str | None:
    if "tools" in conditions and not any(
        registry.rule_covers(facts.name, named_tool=named) for named in conditions["tools"]
    ):
        return f"{facts.name} is not, and cannot do everything of, {conditions['tools']}"
    if "capabilities" in conditions and not any(
        registry.rule_covers(facts.name, capability=named) for named in conditions["capabilities"]
    ):
        return f"{facts.name} has none of the capabilities {conditions['capabilities']}"
    if "risk" in conditions:
        risk = _risk(facts.name, registry)
        if risk not in conditions["risk"]:
            return f"{facts.name} has risk {risk!r}, not one of {conditions['risk']}"
    return None


def _risk(tool: str, registry: ToolRegistry) -> str:
    try:
        return str(registry.get(tool).risk)
    except UnknownTool:
        return "unknown"


def _arguments_unmet(conditions: dict[str, Any], facts: Facts, every: bool) -> str | None:
    for condition in conditions.get("arguments") or []:
        if not holds(condition, facts.arguments, every=every):
            return f"argument condition {condition['path']} {condition['op']} {condition['value']!r} does not hold"
    return None


def _total_unmet(conditions: dict[str, Any], facts: Facts, registry: ToolRegistry) -> str | None:
    """`run_total`: the amount at `path` summed over this call and the run's earlier calls
    that the rule's tool conditions cover (the same tool when it names none), so one payment
    split into many small ones is caught. Each call counts its largest reading, never less
    than 0 (a negative amount does not make room for more)."""
    total_rule = conditions.get("run_total")
    if not total_rule:
        return None
    steps = parse_path(total_rule["path"])
    covered = [
        arguments
        for tool, arguments in facts.earlier_calls
        if (_call_unmet(conditions, replace(facts, name=tool), registry) is None)
        if ("tools" in conditions or "capabilities" in conditions or tool == facts.name)
    ]
    total = sum(_call_amount(arguments, steps) for arguments in [*covered, facts.arguments])
    op, limit = total_rule["op"], float(total_rule["value"])
    if holds({"path": "$.total", "op": op, "value": limit}, {"total": total}):
        return None
    return f"the run's total {total:g} at {total_rule['path']} is not {op} {limit:g}"


def _call_amount(arguments: dict[str, Any], steps: list[str | int | None]) -> float:
    readings = [n for value in values_at(arguments, steps) for n in amounts_in(value)]
    return max([0.0, *readings])


# --- validation ---------------------------------------------------------------------------------
def rule_problems(rule: dict[str, Any], *, registry: ToolRegistry) -> dict[str, str]:
    """Every problem with a rule, by field: what the API answers with a 400."""
    problems: dict[str, str] = {}
    kind = rule.get("applies_to", "tool")
    problems.update(_condition_problems(rule.get("conditions") or {}, kind, registry))
    if kind == "budget" and rule.get("action") == "allow":
        problems["action"] = (
            "Budget extensions are decided by people: use require_approval or deny."
        )
    problems.update(_requirement_problems(rule))
    return problems


def _condition_problems(conditions: Any, kind: str, registry: ToolRegistry) -> dict[str, str]:
    if not isinstance(conditions, dict):
        return {"conditions": "Give the conditions as a JSON object."}
    allowed = COMMON_KEYS | COUNTER_KEYS | (TOOL_KEYS if kind == "tool" else BUDGET_KEYS)
    unknown = sorted(set(conditions) - allowed)
    if unknown:
        return {
            "conditions": f"Unknown conditions {unknown} for {kind} rules; use {sorted(allowed)}."
        }
    choices = {
        "tools": set(registry.names()),
        "capabilities": {item.value for item in Capability},
        "risk": {item.value for item in RiskLevel},
        "requester_roles": set(MEMBERS) | {NO_PERSON},
        "budgets": set(BUDGET_NAMES),
    }
    for key, value in conditions.items():
        problem = _condition_problem(key, value, choices.get(key))
        if problem:
            return {"conditions": f"{key}: {problem}"}
    return {}


def _condition_problem(key: str, value: Any, choices: set[str] | None) -> str | None:
    if key == "min_cost":
        ok = isinstance(value, int | float) and not isinstance(value, bool) and value >= 0
        return None if ok else "give an amount, 0 or more"
    if key in COUNTER_KEYS:
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
        return None if ok else "give a whole number, 0 or more"
    if key == "max_extension":
        ok = isinstance(value, int | float) and not isinstance(value, bool) and 0 < value < 1e15
        return None if ok else "give the most one extension may grant, a positive number"
    if key == "run_total":
        if not isinstance(value, dict) or value.get("op") not in NUMERIC:
            return f'give {{"path": "$.amount", "op": one of {sorted(NUMERIC)}, "value": n}}'
        return check_condition(value)
    if key == "arguments":
        if not isinstance(value, list) or not value or len(value) > 20:
            return "give a list of 1 to 20 conditions"
        return next((p for p in map(check_condition, value) if p), None)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
        return "give a non-empty list of names"
    unknown = sorted(set(value) - choices) if choices is not None else []
    return f"unknown {unknown}; use {sorted(choices or [])}" if unknown else None


def _requirement_problems(rule: dict[str, Any]) -> dict[str, str]:
    problems: dict[str, str] = {}
    roles = rule.get("approver_roles") or []
    if not roles or not set(roles) <= set(MEMBERS):
        problems["approver_roles"] = f"Give some of {sorted(MEMBERS)}."
    if not 1 <= int(rule.get("quorum") or 0) <= 20:
        problems["quorum"] = "The quorum is 1 to 20 distinct approvers."
    deadline, action = rule.get("deadline_seconds"), rule.get("deadline_action", "reject")
    if action == "escalate" and rule.get("escalate_to_role") not in MEMBERS:
        problems["escalate_to_role"] = f"Escalation needs a role to escalate to: {sorted(MEMBERS)}."
    if rule.get("escalate_to_role") and action != "escalate":
        problems["escalate_to_role"] = "Only a deadline_action of escalate escalates."
    if (action != "reject" or rule.get("remind_before_seconds")) and not deadline:
        problems["deadline_seconds"] = "This deadline action or reminder needs a deadline."
    remind = rule.get("remind_before_seconds")
    if remind and deadline and remind >= deadline:
        problems["remind_before_seconds"] = "Remind before the deadline, not at or after it."
    return problems


def default_reviewer_roles() -> list[str]:
    return sorted(REVIEWERS)
