"""Tools for approval tests, registered through LONGHAUL_EXTRA_TOOLS like any plug-in.

`pay` stands for a payment: every execution appends its key, amount and payee to a ledger
outside every workspace, so a test sees exactly which arguments ran and how often.
"""

from __future__ import annotations

import fcntl
from pathlib import Path
from typing import Any

from agents.tools import RiskLevel, ToolSpec
from agents.tools.spec import Capability


def pay(args: dict[str, Any], env: Any) -> dict[str, Any]:
    line = f"{env.extra['idempotency_key']} {args['amount']} {args['payee']}"
    with open(Path(args["ledger"]) / "payments.log", "a") as ledger:
        fcntl.flock(ledger, fcntl.LOCK_EX)
        ledger.write(line + "\n")
    return {"paid": args["amount"], "payee": args["payee"]}


TOOLS = [
    ToolSpec(
        name="pay",
        description="Pay an amount to a payee.",
        parameters={
            "type": "object",
            "properties": {
                "ledger": {"type": "string", "minLength": 1},
                "amount": {"type": "number", "exclusiveMinimum": 0},
                "payee": {"type": "string", "minLength": 1},
            },
            "required": ["ledger", "amount", "payee"],
            "additionalProperties": False,
        },
        risk=RiskLevel.MEDIUM,
        function="tests.approvals.tools:pay",
        capabilities=frozenset({Capability.NETWORK}),
    )
]
