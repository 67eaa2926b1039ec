"""Label mapping that does not guess. Each printed label with figures is matched, in order:

1. by the lexicon (`lexicon.py`) after normalisation: confidence 1;
2. by embedding similarity with the bundled MiniLM against the lexicon's wordings of the
   table's statement (`similarity.py`): confidence = the cosine score, mapped only above the
   threshold and clear of the runner-up;
3. only when the input asks for it (`label_mapping: "model"`), by the model under a JSON schema
   whose enums hold exactly the labels asked about and that statement's items, with the model's
   own confidence (capped below a text match's), used only at MODEL_THRESHOLD or above.

A label that no stage maps stays unmapped and is listed (with its nearest concept and score);
it is never forced into the nearest item. A label that names a concept outside the schema
(goodwill, short-term debt) is recognised and not extracted. Stages 1 and 2 are deterministic,
so by default two runs on the same input map every label the same way.
"""

from __future__ import annotations

import json
from typing import Any

from agents.finance import findings as F
from agents.finance.lexicon import CONCEPTS, canonical, exact
from agents.finance.schema import BY_KEY, ITEMS, STATEMENTS, normalize_label
from agents.finance.similarity import Embedder, nearest

MODEL_THRESHOLD = 0.8
MODEL_CEILING = 0.9  # the model's judgement never outranks a text match
MAX_MODEL_LABELS = 40
TOKENS_PER_LABEL = 50
RANK = {"lexicon": 0, "embedding": 1, "model": 2}
SYSTEM_PROMPT = """\
You map line labels from financial statements to a fixed list of line items.
For each label, answer the item it means, or "none" when it is not one of the items, with your
confidence from 0 to 1. Answer "none" unless the label clearly names that exact item.
Answer only with JSON: {"mappings": [{"label": "...", "item": "...", "confidence": 0.0}]}.
"""


def key(statement: str, label: str) -> str:
    return f"{statement}|{canonical(normalize_label(label))}"


def decide(tables: list[dict[str, Any]], embedder: Embedder | None) -> dict[str, dict[str, Any]]:
    """key(statement, label) -> {"label", "statement", "concept", "item", "by", "confidence"}
    for every label with figures, by the lexicon and then by similarity; the rest `by: none`."""
    decisions: dict[str, dict[str, Any]] = {}
    for table in tables:
        for row in table["rows"]:
            name = key(table["statement"], row["label"])
            if row["cells"] and name not in decisions:
                decisions[name] = _by_lexicon(row["label"], table["statement"])
    if embedder is not None:
        _by_similarity(decisions, embedder)
    return decisions


def _by_lexicon(label: str, statement: str) -> dict[str, Any]:
    concept = exact(normalize_label(label))
    decision = {"label": label, "statement": statement, "concept": concept, "item": None}
    if concept is None:
        return {**decision, "by": "none", "confidence": 0.0}
    return {**decision, "item": _item(concept), "by": "lexicon", "confidence": 1.0}


def _item(concept: str | None) -> str | None:
    return concept if concept is not None and CONCEPTS[concept].in_schema else None


def _by_similarity(decisions: dict[str, dict[str, Any]], embedder: Embedder) -> None:
    open_ = sorted(name for name, d in decisions.items() if d["by"] == "none")
    asked = [(name.split("|", 1)[1], decisions[name]["statement"]) for name in open_]
    for name, found in zip(open_, nearest(embedder, asked), strict=True):
        decision = decisions[name]
        decision["nearest"] = {"concept": found.get("nearest"), "score": found["confidence"]}
        if found["concept"] is not None:
            decision.update(
                concept=found["concept"],
                item=_item(found["concept"]),
                by="embedding",
                confidence=found["confidence"],
                wording=found["wording"],
            )


def pending(decisions: dict[str, dict[str, Any]]) -> list[dict[str, str]]:
    """Labels left for the model: unmapped by the lexicon and by similarity."""
    names = sorted(name for name, d in decisions.items() if d["by"] == "none")
    return [
        {"label": decisions[n]["label"], "statement": decisions[n]["statement"]}
        for n in names[:MAX_MODEL_LABELS]
    ]


# --- the model stage ------------------------------------------------------------------------------
def tokens_needed(unknown: list[dict[str, str]]) -> int:
    return 60 + TOKENS_PER_LABEL * len(unknown)


def response_schema(unknown: list[dict[str, str]]) -> dict[str, Any]:
    statements = {u["statement"] for u in unknown}
    items = sorted(item.key for item in ITEMS if item.statement in statements)
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
                        "item": {"enum": [*items, "none"]},
                        "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                    },
                    "required": ["label", "item", "confidence"],
                    "additionalProperties": False,
                },
            }
        },
        "required": ["mappings"],
        "additionalProperties": False,
    }


def messages(unknown: list[dict[str, str]]) -> list[dict[str, str]]:
    statements = {u["statement"] for u in unknown}
    catalogue = "\n".join(
        f"- {item.key}: {item.name} ({STATEMENTS[item.statement].lower()})"
        for item in ITEMS
        if item.statement in statements
    )
    asked = "\n".join(
        f"- {u['label']} (in the {STATEMENTS[u['statement']].lower()})" for u in unknown
    )
    request = f"Line items:\n{catalogue}\n\nLabels to map:\n{asked}\n\nAnswer with the JSON object."
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": request}]


def apply_model(
    answer: str | None, unknown: list[dict[str, str]], decisions: dict[str, dict[str, Any]]
) -> dict[str, Any] | None:
    """Takes the model's mappings that may be used into `decisions`; a finding when the whole
    answer was unusable. Used: a label that was asked about, an item of that label's statement,
    a confidence at MODEL_THRESHOLD or above."""
    try:
        mappings = json.loads(answer or "")["mappings"]
        if not isinstance(mappings, list):
            raise TypeError("mappings is not a list")
    except (ValueError, KeyError, TypeError) as error:
        message = f"The model's label mapping was unusable ({str(error)[:120]}); unusual labels stay unmapped."
        return F.finding("unmapped_label", message, category="extraction", severity="warning")
    asked = {u["label"]: u["statement"] for u in unknown}
    for entry in mappings:
        if not isinstance(entry, dict) or entry.get("label") not in asked:
            continue
        label, item = str(entry["label"]), str(entry.get("item", ""))
        statement = asked[label]
        confidence = _confidence(entry.get("confidence"))
        decision = decisions.get(key(statement, label))
        if decision is None or decision["by"] != "none":
            continue
        if item in BY_KEY and BY_KEY[item].statement == statement:
            decision["proposed"] = {"item": item, "confidence": confidence}
            if confidence >= MODEL_THRESHOLD:
                decision.update(concept=item, item=item, by="model", confidence=confidence)
    return None


def _confidence(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0.0
    return round(min(max(float(value), 0.0), MODEL_CEILING), 3)


# --- findings -----------------------------------------------------------------------------------
def findings(decisions: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """One finding per label mapped by similarity or the model (a reviewer can see which figures
    rest on a judgement), and one per label left unmapped, with its nearest concept."""
    found = []
    for name in sorted(decisions):
        decision = decisions[name]
        if decision["by"] in ("embedding", "model") and decision["item"]:
            found.append(_mapped(decision))
        elif decision["by"] == "none":
            found.append(_unmapped(decision))
    return found


def _mapped(decision: dict[str, Any]) -> dict[str, Any]:
    how = "by the model" if decision["by"] == "model" else "by similarity to the lexicon"
    message = f"The label {decision['label']!r} was mapped to {BY_KEY[decision['item']].name.lower()} {how}."
    return F.finding(
        "mapped_by_model" if decision["by"] == "model" else "mapped_by_similarity",
        message,
        category="extraction",
        severity="info",
        item=decision["item"],
        label=decision["label"],
        confidence=decision["confidence"],
        mapped_by=decision["by"],
    )


def _unmapped(decision: dict[str, Any]) -> dict[str, Any]:
    statement = STATEMENTS[decision["statement"]].lower()
    message = f"The label {decision['label']!r} ({statement}) matches no line item with enough confidence; its figures are not used."
    near = decision.get("nearest") or {}
    return F.finding(
        "unmapped_label",
        message,
        category="extraction",
        severity="info",
        label=decision["label"],
        statement=decision["statement"],
        nearest=near.get("concept"),
        confidence=near.get("score", 0.0),
    )
