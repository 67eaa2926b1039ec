"""The verifier: no number reaches a reader unless the ledger holds it and the text cites it.

Every number in the report is read with what it says about itself — a currency, a scale word
(thousand, million, billion), a percent sign, an `x` for a multiple — and must equal some ledger
entry within the rounding it was written with (`44.8%` stands for 44.75-44.85%). The sentence,
bullet or table row it stands in must cite every source of that entry (a computed figure: the
sources of all its inputs).
Fiscal years of the data may be written freely; any other year, any citation that points at no
source, and any number the ledger does not hold are refused with a reason the drafter can act on.
Only magnitudes are compared: whether a change is called a rise or a fall is not checked.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

SCALE_WORDS = {
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "m": 1e6,
    "mn": 1e6,
    "billion": 1e9,
    "bn": 1e9,
}
_CITATION = re.compile(r"\[([^\[\]]+)\]")
_IMAGE = re.compile(r"!\[[^\[\]]*\]\([^()\s]*\)")
_NUMBER = re.compile(
    r"(?P<currency>\b(?:USD|EUR|GBP|CHF|JPY|CAD|AUD)\s?|US\$\s?|[$€£¥]\s?)?"
    r"(?:(?<![\w%])(?P<sign>[-\u2212]))?"
    r"(?:(?P<fy>\bFY\s?)|(?<![\w.]))"
    r"(?P<digits>\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?P<fraction>\.\d+)?"
    r"(?:(?P<multiple>x\b|\u00d7)|(?!\w))(?P<percent>\s?%)?"
    r"(?:\s?(?P<scale>thousand|million|billion|bn|mn|m|k)\b)?",
    re.I,
)
_DIGITS = re.compile(r"\S*\d\S*")
_SENTENCE_END = re.compile(r"\s+(?=[A-Z])")


def verify(markdown: str, entries: list[dict[str, Any]], *, exempt: list[str]) -> list[str]:
    """Problems with the text, each a sentence for the drafter; empty when every number checks."""
    known = {ref for entry in entries for ref in entry["references"]}
    periods = {int(entry["period"]) for entry in entries if entry.get("period")}
    problems: list[str] = []
    for unit in units(markdown):
        problems += _check_unit(unit, entries, known, periods, exempt)
    return list(dict.fromkeys(problems))


def units(markdown: str) -> list[str]:
    """Table rows, list items and sentences: the span a number's citation must be in."""
    found = []
    for block in re.split(r"\n\s*\n", markdown):
        lines = [line for line in block.splitlines() if line.strip()]
        if lines and all(line.lstrip().startswith(("|", "-", "*", "#", ">")) for line in lines):
            found += lines
            continue
        found += sentences(" ".join(line.strip() for line in lines))
    return found


def sentences(text: str) -> list[str]:
    """Split after `.`, `!` or `?` and a space before a capital, never inside brackets (a
    citation's title may hold "Inc. Annual Report")."""
    found, depth, start = [], 0, 0
    for index, char in enumerate(text):
        depth += {"[": 1, "]": -1}.get(char, 0)
        if depth == 0 and char in ".!?" and _SENTENCE_END.match(text, index + 1):
            found.append(text[start : index + 1])
            start = index + 1
    return [*found, text[start:]]


def _check_unit(
    unit: str, entries: list[dict[str, Any]], known: set[str], periods: set[int], exempt: list[str]
) -> list[str]:
    cited, problems = set(), []
    unit = _IMAGE.sub(" ", unit)  # the report's own charts; a link is refused as a bad citation
    for citation in _CITATION.findall(unit):
        references = [part.strip() for part in citation.split(";")]
        if any(ref not in known for ref in references):
            problems.append(f"the citation [{citation}] points at no source in the ledger")
        cited |= set(references)
    text = _CITATION.sub(" ", unit)
    for phrase in sorted(exempt, key=len, reverse=True):
        if phrase:
            text = re.sub(rf"(?<!\w){re.escape(phrase)}(?!\w)", " ", text)
    for match in _NUMBER.finditer(text):
        problems += _check_number(match, text, entries, cited, periods)
    leftover = _NUMBER.sub(" ", text)
    for stray in _DIGITS.findall(leftover):
        problems.append(f"{stray!r} holds digits that are not a figure from the ledger")
    return problems


def _check_number(
    match: re.Match[str],
    text: str,
    entries: list[dict[str, Any]],
    cited: set[str],
    periods: set[int],
) -> list[str]:
    written = match.group(0).strip()
    if _is_year(match, text):
        year = int(match["digits"])
        return [] if year in periods else [f"{written}: {year} is not a fiscal year of the data"]
    candidates = matching(match, entries)
    if not candidates:
        return [f"{written} is not in the ledger (write figures exactly as the facts show them)"]
    if any(set(entry["references"]) <= cited for entry in candidates):
        return []
    return [f"{written} has no citation to its source; cite it as {candidates[0]['citation']}"]


def _is_year(match: re.Match[str], text: str) -> bool:
    plain = not any(
        match[g] for g in ("currency", "sign", "fraction", "percent", "multiple", "scale")
    )
    if match["fy"] and not plain:
        return False
    digits = match["digits"]
    if not plain or "," in digits or not 1900 <= int(digits) <= 2100:
        return False
    return len(digits) == 4 or bool(match["fy"])


def matching(match: re.Match[str], entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Ledger entries this written number stands for, within the rounding it was written with."""
    digits = match["digits"].replace(",", "") + (match["fraction"] or "")
    number = Decimal(digits)
    decimals = len(match["fraction"] or "") - 1 if match["fraction"] else 0
    half_unit = float(Decimal(5).scaleb(-decimals - 1))
    kinds: tuple[str, ...]
    if match["percent"]:
        kinds, factor = ("percent",), 0.01
    elif match["multiple"]:
        kinds, factor = ("multiple",), 1.0
    else:
        kinds, factor = (
            ("amount", "count", "per_share"),
            SCALE_WORDS.get((match["scale"] or "").lower(), 1.0),
        )
    value, tolerance = float(number) * factor, half_unit * factor * (1 + 1e-9) + 1e-12
    return [
        entry
        for entry in entries
        if entry["kind"] in kinds and abs(abs(float(entry["value"])) - value) <= tolerance
    ]
