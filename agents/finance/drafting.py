"""What the model is asked when it drafts the report's prose, and how its answer is read.

The model sees the brief, a list of facts (each figure as the report displays it, with its
citation) and the open findings, and answers a JSON object (constrained by a schema where the
backend supports it): a summary and a list of risks. It is told to copy figures and citations
exactly and to write no other numbers; the verifier holds it to that.
"""

from __future__ import annotations

import json
import re
from typing import Any

import jsonschema

from agents.finance.report import focus_entries, line

SYSTEM_PROMPT = """\
You are a careful equity research analyst. You write short, plain research notes.
Rules:
- Use ONLY the facts given. Copy every figure exactly as written in the facts, and put its
  citation (the part in square brackets) right after it, in the same sentence.
- Write no other numbers: no counts, no dates except fiscal years such as FY2024, no
  figures you worked out yourself.
- Answer with a JSON object: {"summary": "...", "risks": ["...", "..."]}.
"""
DRAFT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "summary": {"type": "string", "minLength": 1, "maxLength": 2400},
        "risks": {"type": "array", "items": {"type": "string", "maxLength": 400}, "maxItems": 8},
    },
    "required": ["summary", "risks"],
    "additionalProperties": False,
}
DEFAULT_FACT_CHARS = 6000
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


class DraftUnusable(ValueError):
    pass


def facts(entries: list[dict[str, Any]], focus: list[str], *, max_chars: int) -> list[str]:
    """Fact lines, the latest and earliest year of each measure first, within `max_chars`."""
    chosen = focus_entries(entries, focus)
    years = sorted({e["period"] for e in chosen})
    ends = {years[0], years[-1]} if years else set()
    ordered = [e for e in chosen if e["period"] in ends] + [
        e for e in chosen if e["period"] not in ends
    ]
    lines, used = [], 0
    for entry in ordered:
        text = line(entry)
        if used + len(text) + 1 > max_chars:
            break
        lines.append(text)
        used += len(text) + 1
    return lines


def messages(
    brief: str, fact_lines: list[str], open_findings: list[str], attempts: list[dict[str, str]]
) -> list[dict[str, str]]:
    request = [
        f"Question: {brief}",
        "Facts:",
        *(f"- {fact}" for fact in fact_lines),
    ]
    if open_findings:
        request += [
            "Open findings (data problems to mention as risks):",
            *(f"- {f}" for f in open_findings),
        ]
    request.append("Write the JSON object now.")
    conversation = [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": "\n".join(request)},
    ]
    for attempt in attempts:
        conversation += [
            {"role": "assistant", "content": attempt["answer"]},
            {"role": "user", "content": attempt["feedback"]},
        ]
    return conversation


def parse(answer: str | None) -> dict[str, Any]:
    try:
        draft = json.loads(answer or "")
        jsonschema.validate(draft, DRAFT_SCHEMA)
    except (ValueError, jsonschema.ValidationError) as error:
        raise DraftUnusable(
            f"the answer was not the JSON object asked for ({str(error)[:200]})"
        ) from None
    if not draft["summary"].strip():
        raise DraftUnusable("the summary is empty")
    return {
        "author": "the model",
        "summary": _plain(draft["summary"]),
        "risks": [" ".join(_plain(r).splitlines()) for r in draft["risks"]],
    }


def _plain(text: str) -> str:
    """Model prose stays prose: no headings, tables, quotes, images or links of its own (a
    link's text is left in brackets, where the verifier refuses it as a citation)."""
    text = _LINK.sub(r"[\1]", _IMAGE.sub(" ", text))
    lines = [line.strip().lstrip("#>|").strip() for line in text.splitlines()]
    return "\n".join(line for line in lines if line)


def feedback(problems: list[str]) -> str:
    shown = "\n".join(f"- {problem}" for problem in problems[:12])
    return (
        "The verifier refused the draft:\n"
        f"{shown}\n"
        "Rewrite the JSON object. Copy figures and their citations exactly from the facts and "
        "write no other numbers."
    )
