"""Mapping the line labels no alias knows, with the model, under a JSON schema whose enums hold
exactly the labels asked about and the schema's items (or "none"). An answer is taken only for
a label that was asked about, and only to an item of the same statement; every label the model
mapped is named in a finding, so a reviewer can see which figures rest on its judgement.
"""

from __future__ import annotations

import json
from typing import Any

from agents.finance import findings as F
from agents.finance.schema import BY_KEY, ITEMS, STATEMENTS, normalize_label

SYSTEM_PROMPT = """\
You map line labels from financial statements to a fixed list of line items.
For each label, answer the item it means, or "none" when it is not one of the items.
Answer only with JSON: {"mappings": [{"label": "...", "item": "..."}]}.
"""
TOKENS_PER_LABEL = 40


def tokens_needed(unknown: list[dict[str, str]]) -> int:
    return 60 + TOKENS_PER_LABEL * len(unknown)


def response_schema(unknown: list[dict[str, str]]) -> dict[str, Any]:
    items = [*sorted({item.key for item in ITEMS}), "none"]
    return {
        "type": "object",
        "properties": {
            "mappings": {
                "type": "array",
                "maxItems": len(unknown),
                "items": {
                    "type": "object",
                    "properties": {
                        "label": {"enum": [u["label"] for u in unknown]},
                        "item": {"enum": items},
                    },
                    "required": ["label", "item"],
                    "additionalProperties": False,
                },
            }
        },
        "required": ["mappings"],
        "additionalProperties": False,
    }


def messages(unknown: list[dict[str, str]]) -> list[dict[str, str]]:
    catalogue = "\n".join(
        f"- {item.key}: {item.name} ({STATEMENTS[item.statement].lower()})" for item in ITEMS
    )
    asked = "\n".join(
        f"- {u['label']} (in the {STATEMENTS[u['statement']].lower()})" for u in unknown
    )
    request = f"Line items:\n{catalogue}\n\nLabels to map:\n{asked}\n\nAnswer with the JSON object."
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": request}]


def parse(
    answer: str | None, unknown: list[dict[str, str]]
) -> tuple[dict[str, str], dict[str, Any] | None]:
    """normalized label -> item for the answers that may be used, and a finding when the whole
    answer was unusable."""
    try:
        mappings = json.loads(answer or "")["mappings"]
        if not isinstance(mappings, list):
            raise TypeError("mappings is not a list")
    except (ValueError, KeyError, TypeError) as error:
        message = f"The model's label mapping was unusable ({str(error)[:120]}); unusual labels stay unmapped."
        return {}, F.finding("unmapped_label", message, category="extraction", severity="warning")
    statements = {normalize_label(u["label"]): u["statement"] for u in unknown}
    mapping: dict[str, str] = {}
    for entry in mappings:
        if not isinstance(entry, dict):
            continue
        label, item = normalize_label(str(entry.get("label", ""))), str(entry.get("item", ""))
        if label in statements and item in BY_KEY and BY_KEY[item].statement == statements[label]:
            mapping.setdefault(label, item)
    return mapping, None


def findings(
    unknown: list[dict[str, str]], mapping: dict[str, str], values: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    found = []
    for entry in unknown:
        item = mapping.get(normalize_label(entry["label"]))
        where = sorted(
            {
                v["source"]["document"]
                for v in values
                if v["mapped_by"] == "model"
                and normalize_label(v["source"]["label"]) == normalize_label(entry["label"])
            }
        )
        if item:
            message = f"The label {entry['label']!r} was mapped to {BY_KEY[item].name.lower()} by the model (in {', '.join(where) or 'no document'})."
            found.append(
                F.finding(
                    "mapped_by_model",
                    message,
                    category="extraction",
                    severity="info",
                    item=item,
                    label=entry["label"],
                )
            )
        else:
            message = f"The label {entry['label']!r} ({STATEMENTS[entry['statement']].lower()}) matches no line item of the schema; its figures are not used."
            found.append(
                F.finding(
                    "unmapped_label",
                    message,
                    category="extraction",
                    severity="info",
                    label=entry["label"],
                )
            )
    return found
