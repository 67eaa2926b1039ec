"""The three workloads of bench/inference.py and bench/gpu_tiers.py.

The agent step is a recorded step of the coding workflow: the messages its engine renders
(`agents.engine.transcript`, the workflow's own system prompt and task briefing) after it has
planned and read the file to fix, with the request to rewrite that file. The reply copies most
of the file it was shown, as agents' patches and file edits do.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents.coding.prompts import SYSTEM_PROMPT, TASK_TEMPLATE
from agents.engine import transcript

REPO = Path(__file__).resolve().parents[1]
# About 1,400 tokens of this project's markdown with the bundled model's tokenizer.
SYSTEM_PROMPT_WORDS = 700
QUESTIONS = [
    "List three practical uses of a hash map, one line each.",
    "Explain what a race condition is to a new programmer.",
    "Describe the steps to make a cup of tea.",
]
INVENTORY_PY = '''"""Stock levels for the shop's warehouse."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Item:
    sku: str
    name: str
    quantity: int = 0
    reorder_level: int = 5


@dataclass
class Inventory:
    items: dict[str, Item] = field(default_factory=dict)

    def add(self, sku: str, name: str, quantity: int = 0) -> Item:
        item = self.items.setdefault(sku, Item(sku, name))
        item.quantity += quantity
        return item

    def remove(self, sku: str, quantity: int) -> Item:
        item = self.items[sku]
        if quantity > item.quantity:
            raise ValueError(f"only {item.quantity} of {sku} in stock")
        item.quantity += quantity
        return item

    def to_reorder(self) -> list[Item]:
        return [item for item in self.items.values() if item.quantity <= item.reorder_level]

    def total_units(self) -> int:
        return sum(item.quantity for item in self.items.values())
'''
PLAN = ["Read inventory.py", "Fix Inventory.remove", "Run the tests"]
EDIT_REQUEST = "Rewrite inventory.py with the bug fixed. Reply with the whole corrected file only."


@dataclass(frozen=True)
class Workload:
    name: str
    max_tokens: int

    def messages(self, round_number: int) -> list[dict[str, Any]]:
        question = [{"role": "user", "content": QUESTIONS[round_number % len(QUESTIONS)]}]
        if self.name == "short chat":
            return question
        if self.name == "long system prompt":
            return [{"role": "system", "content": long_context()}, *question]
        return agent_step()


WORKLOADS = [
    Workload("short chat", 64),
    Workload("long system prompt", 64),
    Workload("agent step", 320),
]


def long_context() -> str:
    text = (REPO / "docs" / "architecture.md").read_text() + (REPO / "README.md").read_text()
    words = text.split()
    while len(words) < SYSTEM_PROMPT_WORDS:
        words += words
    return " ".join(words[:SYSTEM_PROMPT_WORDS])


def agent_step() -> list[dict[str, Any]]:
    """The coding agent's prompt once it has planned and read inventory.py (JSON actions)."""
    briefing = TASK_TEMPLATE.format(
        task="",
        files="inventory.py\ntests/test_inventory.py",
        summary="1 failed, 4 passed",
        failures="tests/test_inventory.py::test_remove_lowers_quantity: assert 13 == 7",
    ).strip()
    read = {"path": "inventory.py"}
    observation = (
        f"path: inventory.py\ncontent:\n{INVENTORY_PY.rstrip()}\n"
        f"lines: {INVENTORY_PY.count(chr(10))}\ntruncated: false"
    )
    state = {
        "goal": "Fix the bug in inventory.py: removing stock must lower the quantity.",
        "briefing": briefing,
        "tool_calling": False,
        "plan": PLAN,
        "turns": [
            {
                "n": 1,
                "kind": "plan",
                "content": json.dumps({"subtasks": PLAN}),
                "observation": "Plan recorded:\n"
                + "\n".join(f"{i}. {t}" for i, t in enumerate(PLAN, 1)),
            },
            {
                "n": 2,
                "kind": "act",
                "tool": "read_file",
                "arguments": read,
                "content": json.dumps({"tool": "read_file", "arguments": read}),
                "observation": observation,
            },
        ],
    }
    return [*transcript.render(state, SYSTEM_PROMPT), {"role": "user", "content": EDIT_REQUEST}]
