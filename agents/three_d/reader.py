"""The brief reader: what a customer's brief states, each quantity attached to what it
measures (the object, or one of its parts: legs, top, lid, hole, wall, handle, shelf...).

Attachment, in order: a quantity right before a part word measures that part ("1.5 cm walls",
"4 cm diameter legs", "two 6 mm holes"); otherwise the nearest part or object word before it in
the same clause ("the legs are 6 x 6 cm"); otherwise the clause continues the previous one in
its sentence ("the top is 3 cm thick, 2 cm overhang") when the previous one was about a part
and the size is one a part has (thick, across) or one the object already has; otherwise the
object. A quantity that says where something is ("at 45 cm", "5 cm in from the edges", "12 cm
above the floor") is a position, not a size. Counts, negations (word-bounded: "solid" never
reads as "lid"), closedness and the part total are read alongside, and colours and materials
the way sizes are: given to the part they are said of ("a black top", "legs in white", "the lid
is red"), the first one said of no part to the object.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any

from agents.three_d import vocabulary as words
from agents.three_d.quantities import Mention, lengths, normalize, volumes

_PART_OF = {w: part for part, ws in words.PART_WORDS.items() for w in ws}
_PLURAL = {
    "shelf": "shelves",
    "foot": "feet",
    "knife": "knives",
    "box": "boxes",
    "bench": "benches",
}
_PART_ISH = {"thickness", "diameter", "inner_diameter", "radius", "square", None}
_POSITION_BEFORE = re.compile(r"(?:\bat|\babove|\bbelow|\bup to|\bto|\bheight of)\s*$", re.I)
_POSITION_AFTER = re.compile(
    r"^\s*(?:in\s+from|in\s+front|from|above|below|apart|away|up\s+from|off|behind|inside|"
    r"below|under|in\s+from)\b",
    re.I,
)
_NEGATION = re.compile(
    r"(?:\bno|\bwithout(?:\s+(?:a|an|any|the))?|\bminus|\bnor|\bnever)\s+(?:[a-z-]+\s+)?$", re.I
)
_NEGATED_LIST = re.compile(
    r"\b(?:no|without)\s+[a-z ,]*?\b(?:or|nor|and no)\s+(?:a\s+|an\s+)?$", re.I
)
_NOT_NEEDED = re.compile(r"^\s*(?:is|are)?\s*(?:not|n't)\s+(?:needed|required|wanted)", re.I)
_LESS = re.compile(r"\b(lid|back|leg|handle|top|arm)less\b", re.I)
_OPEN_TOP = re.compile(
    r"\bopen[- ]?top(?:ped)?\b|\bopen\s+(?:at|on)\s+the\s+top\b|\bno\s+top\b", re.I
)
_GAP_STOP = re.compile(
    r"\b(?:from|of|in|at|to|and|with|the|on|for|is|are|each|above|below)\b", re.I
)
_TOTAL = re.compile(
    r"\b(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten|single)[\s-]+"
    r"(?:(?:separate|printable|watertight|solid|closed|individual)\s+)*"
    r"(?P<what>parts?|pieces?|solids?|bodies|body)\b",
    re.I,
)
_WATERTIGHT = re.compile(r"\bwatertight\b|\bprintable\b|\bclosed\s+(?:solid|body)\b", re.I)
_NOT_HOLLOW = re.compile(
    r"\bhollow\s+(?:is\s+)?not\b|\bnot\s+hollow\b|\bno\s+need\s+to\s+be\s+hollow", re.I
)
_HOLLOW = re.compile(r"\bhollow\b", re.I)
_CLAUSE_END = re.compile(r"(?<!\d)[.;:!?](?!\d)|[,()\u2014]|\s-\s|\bwith\b|\band\b|\bbut\b", re.I)
_SENTENCE_END = re.compile(r"(?<!\d)[.;!?](?!\d)")
_NOUNS = sorted(
    {*_PART_OF, *words.OBJECT_WORDS}, key=lambda w: (-len(w), w)
)  # longest first: "back panel" before "back"


@dataclass
class Noun:
    start: int
    end: int
    word: str
    part: str | None  # canonical part, None when only an object word


@dataclass
class Reading:
    text: str
    object: str | None = None
    overall: dict[str, float] = field(default_factory=dict)  # stated overall sizes, mm
    parts: dict[str, dict[str, Any]] = field(default_factory=dict)
    absent: set[str] = field(default_factory=set)
    total_parts: int | None = None
    watertight: bool = False
    hollow: bool | None = None
    open_top: bool = False
    colour: str | None = None
    materials: list[str] = field(default_factory=list)
    capacity_ml: float | None = None
    inside_mm: list[float] | None = None
    positions: list[dict[str, Any]] = field(default_factory=list)
    quantities: list[dict[str, Any]] = field(default_factory=list)
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    unplaced: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "object": self.object,
            "overall_mm": self.overall,
            "parts": self.parts,
            "absent": sorted(self.absent),
            "total_parts": self.total_parts,
            "watertight": self.watertight,
            "hollow": self.hollow,
            "colour": self.colour,
            "materials": self.materials,
            "capacity_ml": self.capacity_ml,
            "inside_mm": self.inside_mm,
            "positions": self.positions,
            "quantities": self.quantities,
            "conflicts": self.conflicts,
            "unplaced": self.unplaced,
        }

    def part(self, name: str) -> dict[str, Any]:
        return self.parts.setdefault(name, {"count": None, "size_mm": {}, "colour": None})


def read(text: str) -> Reading:
    """Everything the brief states; nothing is guessed here (see interpret.py for the rest)."""
    clean = normalize(text)
    reading = Reading(clean)
    nouns = _nouns(clean)
    reading.object = _subject(clean, nouns)
    reading.absent = _absent(clean, nouns)
    _quantities(reading, nouns)
    _top_at(reading)
    _counts(reading, nouns)
    _totals(reading)
    _colours(reading, nouns)
    reading.capacity_ml = next((ml for _, ml in volumes(clean)), None)
    for noun in nouns:  # every part the brief names is in the reading, sized or not
        if noun.part and noun.part not in reading.absent:
            reading.part(noun.part)
    return reading


# --- nouns --------------------------------------------------------------------------------------
def _nouns(text: str) -> list[Noun]:
    alternatives = []
    for word in _NOUNS:
        plural = _PLURAL.get(word, f"{word}es" if word.endswith(("s", "x", "ch")) else f"{word}s")
        alternatives.append(f"{re.escape(plural)}|{re.escape(word)}")
    pattern = re.compile(r"\b(?:" + "|".join(alternatives) + r")\b", re.I)
    found = []
    for match in pattern.finditer(text):
        if _NOT_A_TOP.search(text[: match.start()]) and match.group(0).lower() == "top":
            continue  # "open-top", "a lid on top": a place, not a part
        word = _singular(match.group(0).lower())
        found.append(Noun(match.start(), match.end(), word, _PART_OF.get(word)))
    return found


_NOT_A_TOP = re.compile(r"\b(?:open[- ]?|on\s+)$", re.I)


def _singular(word: str) -> str:
    for single, plural in _PLURAL.items():
        if word == plural:
            return single
    if word in _PART_OF or word in words.OBJECT_WORDS:
        return word
    for cut in (2, 1):
        if word[:-cut] in _PART_OF or word[:-cut] in words.OBJECT_WORDS:
            return word[:-cut]
    return word


def _subject(text: str, nouns: list[Noun]) -> str | None:
    """The first object word, or in a compound the last one ("desk phone stand" is a stand,
    "half-sphere salad bowl" a bowl). The object's words are not parts ("shelf" in "shelf
    bracket"), nor are its repeats."""
    objects = [n for n in nouns if n.word in words.OBJECT_WORDS]
    if not objects:
        return None
    chain = [objects[0]]
    for following in objects[1:]:
        gap = text[chain[-1].end : following.start]
        between = gap.split()
        if (
            re.search(r"[,.;:()]", gap)
            or len(between) > 1
            or any(w.lower() in words.STOP_WORDS for w in between)
        ):
            break
        chain.append(following)
    subject = chain[-1].word
    for noun in nouns:
        if noun in chain or noun.word == subject:
            noun.part = None
    _compound_parts(text, nouns, subject)
    return subject


def _compound_parts(text: str, nouns: list[Noun], subject: str) -> None:
    """A thing's name right after a part word names that part ("a foot ring" is the foot, as
    "a base plate" is the base), unless it is the object itself."""
    for before, noun in itertools.pairwise(nouns):
        gap = text[before.end : noun.start]
        if before.part and noun.part is None and noun.word != subject and gap in (" ", "-"):
            noun.part = before.part


# --- negations ----------------------------------------------------------------------------------
def _absent(text: str, nouns: list[Noun]) -> set[str]:
    absent = {_PART_OF.get(m.group(1).lower(), m.group(1).lower()) for m in _LESS.finditer(text)}
    for noun in nouns:
        before = text[max(0, noun.start - 60) : noun.start]
        clause = _CLAUSE_START.split(before)[-1]
        if noun.part and (
            _NEGATION.search(clause)
            or _NEGATED_LIST.search(before)
            or _NOT_NEEDED.match(text[noun.end :])
        ):
            absent.add(noun.part)
    lids = [n for n in nouns if n.part == "lid"]
    if _OPEN_TOP.search(text) and not lids:
        absent.add("lid")  # open at the top and no lid named: nothing closes it
    return absent


_CLAUSE_START = re.compile(r"[.;:!?,()]|\bwith\b", re.I)


# --- quantities ---------------------------------------------------------------------------------
def _quantities(reading: Reading, nouns: list[Noun]) -> None:
    text = reading.text
    bounds = _clause_bounds(text)
    owners: dict[int, str | None] = {}  # clause -> the part its last size was of
    last_part: str | None = None
    for mention in lengths(text):
        clause = _index(bounds, mention.start)
        if _is_position(text, mention):
            owner = _noun_before(nouns, bounds[clause][0], mention.start)
            reading.positions.append(_position(text, mention, owner))
            continue
        owner = _noun_after(text, nouns, mention) or _noun_before(
            nouns, bounds[clause][0], mention.start
        )
        part = owner.part if owner is not None else None
        head = text[bounds[clause][0] : mention.start]
        if owner is None and re.search(r"\bother(?:\s+one)?\s*$", head, re.I) and last_part:
            # "one arm 150 mm long, the other 120 mm": a second one of that part, not a size of
            # the object (kept as a quantity of the part; its first size stays the part's)
            reading.quantities.append({"text": mention.text, "of": last_part, "values_mm": mention.values_mm, "dimensions": mention.dimensions})  # fmt: skip
            continue
        if owner is None and not _OVERALL.search(text[bounds[clause][0] : bounds[clause][1]]):
            part = _continued(reading, nouns, bounds, owners, clause, mention)
        if part in reading.absent:
            part = None  # "no lid 2 cm thick" does not make a lid
        _record(reading, mention, part, text)
        owners[clause] = part
        last_part = part or last_part


_OVERALL = re.compile(r"\b(?:overall|in all|in total|outside|outer size)\b", re.I)


def _continued(
    reading: Reading,
    nouns: list[Noun],
    bounds: list[tuple[int, int]],
    owners: dict[int, str | None],
    clause: int,
    mention: Mention,
) -> str | None:
    """A clause with no noun continues the previous clause of its sentence: its part, when
    joined by "and" or "each", or when the size is one a part has (thick, across) or one the
    object already has; else it is the object's."""
    text = reading.text
    if (
        clause == 0
        or _SENTENCE_END.match(text, bounds[clause - 1][1] - 1)
        or _ends_sentence(text, bounds[clause - 1])
    ):
        return None
    start, end = bounds[clause - 1]
    inside = [n for n in nouns if start <= n.start < end]
    part = (
        owners.get(clause - 1, inside[-1].part if inside else None)
        if (clause - 1 in owners or inside)
        else None
    )
    if part is None:
        return None
    head = text[bounds[clause][0] : mention.start].lower()
    joined = head.lstrip(" ,").startswith(("and", "each", "both"))
    if len(mention.values_mm) > 1 and not joined:
        return None  # "a box with a lid, 20 x 15 cm": a bare chain after a comma is the object's
    dimension = mention.dimensions[0] if len(mention.values_mm) == 1 else None
    stated = dimension in reading.overall
    if part in _NO_THICKNESS and dimension == "thickness":
        return None  # "a 10 mm hole and 5 mm thick": holes have no thickness, the object does
    return part if joined or dimension in _PART_ISH or stated else None


_NO_THICKNESS = {"hole", "cavity", "corner"}


def _ends_sentence(text: str, bound: tuple[int, int]) -> bool:
    return bool(_SENTENCE_END.search(text[bound[1] : bound[1] + 1]))


def _clause_bounds(text: str) -> list[tuple[int, int]]:
    cuts = [0, *(m.start() for m in _CLAUSE_END.finditer(text)), len(text)]
    return [(a, b) for a, b in itertools.pairwise(cuts) if b > a] or [(0, len(text))]


def _index(bounds: list[tuple[int, int]], position: int) -> int:
    for i, (start, end) in enumerate(bounds):
        if start <= position < end:
            return i
    return len(bounds) - 1


def _is_position(text: str, mention: Mention) -> bool:
    if len(mention.values_mm) > 1:
        return False
    before = text[max(0, mention.start - 20) : mention.start]
    return bool(_POSITION_BEFORE.search(before) or _POSITION_AFTER.match(text[mention.end :]))


def _position(text: str, mention: Mention, owner: Noun | None) -> dict[str, Any]:
    after = re.match(r"[^,.;]{0,40}", text[mention.end :])
    phrase = (text[max(0, mention.start - 24) : mention.start] + mention.text).split(" ")
    return {
        "of": owner.part if owner else None,
        "offset_mm": mention.values_mm[0],
        "text": " ".join(phrase[-5:]) + (after.group(0) if after else ""),
    }


def _noun_after(text: str, nouns: list[Noun], mention: Mention) -> Noun | None:
    for noun in nouns:
        if noun.start < mention.end:
            continue
        gap = text[mention.end : noun.start]
        if len(gap.split()) <= 2 and not re.search(r"[,.;:()]", gap) and not _GAP_STOP.search(gap):
            return noun
        return None
    return None


def _noun_before(nouns: list[Noun], start: int, end: int) -> Noun | None:
    inside = [n for n in nouns if start <= n.start and n.end <= end]
    return inside[-1] if inside else None


def _record(reading: Reading, mention: Mention, part: str | None, text: str) -> None:
    values, dims = mention.values_mm, mention.dimensions
    inside = bool(re.search(r"\b(?:inside|inner|internal|interior)\b[^,.;]{0,12}$", text[max(0, mention.start - 30) : mention.start], re.I))  # fmt: skip
    entry = {"text": mention.text, "of": part or "object", "values_mm": values, "dimensions": dims}
    reading.quantities.append(entry)
    if inside and len(values) == 3:
        reading.inside_mm = values
        return
    if part is None:
        _object_size(reading, mention, text)
        return
    size = reading.part(part)["size_mm"]
    if len(values) == 1:
        dimension = dims[0] or ("diameter" if part in words.ROUND_PARTS else "thickness")
        if dimension == "square":
            size["section"] = [values[0], values[0]]
        elif dimension == "radius" and part != "corner":
            size["diameter"] = values[0] * 2
        elif dimension == "inner_diameter" and part == "hole":
            size.setdefault("diameter", values[0])  # "a bore of 12 mm": the hole is 12 mm across
        else:
            size.setdefault(dimension, values[0])
    else:
        size.setdefault("section" if len(values) == 2 else "size", values)


# --- the object's own size ----------------------------------------------------------------------
def _object_size(reading: Reading, mention: Mention, text: str) -> None:
    values, dims = mention.values_mm, list(mention.dimensions)
    if len(values) > 1:
        order = [d for d in ("width", "depth", "height") if d not in {_axis(x) for x in dims if x}]
        for value, dimension in zip(values, dims, strict=True):
            _state(reading, _axis(dimension) if dimension else order.pop(0), value, mention)
        return
    dimension = dims[0]
    after = text[mention.end : mention.end + 20].lower()
    if dimension is None and (
        reading.object in ("cube", "hollow cube")
        or re.match(r"\s*(?:on\s+)?(?:each|a|every)\s+side", after)
    ):
        for axis in ("width", "depth", "height"):
            _state(reading, axis, values[0], mention)
    elif dimension == "square":
        _state(reading, "width", values[0], mention)
        _state(reading, "depth", values[0], mention)
    elif dimension == "radius":
        _state(reading, "diameter", values[0] * 2, mention)
    elif dimension == "inner_diameter":
        reading.part("hole")["size_mm"]["diameter"] = values[0]
    elif dimension is None and reading.object in words.ROUND_OBJECTS:
        _state(reading, "diameter", values[0], mention)
    elif dimension is None:
        reading.unplaced.append({"text": mention.text, "value_mm": values[0]})
    elif dimension == "depth" and reading.object in words.VESSELS:
        _state(reading, "height", values[0], mention)
    else:
        _state(reading, dimension, values[0], mention)


def _axis(dimension: str) -> str:
    return dimension


def _state(reading: Reading, dimension: str, value: float, mention: Mention) -> None:
    known = reading.overall.get(dimension)
    if known is not None and abs(known - value) > 1e-6 * max(known, value):
        reading.conflicts.append({"dimension": dimension, "values_mm": [known, value]})
        return
    reading.overall[dimension] = value


def _top_at(reading: Reading) -> None:
    """ "The seat top at 45 cm", "the upper tread is the top at 45 cm": where the top is, is the
    height, when the brief gives no other."""
    if "height" in reading.overall:
        return
    for position in reading.positions:
        if re.search(
            r"\b(?:seat|tread|table|desk|bench|is the)\s+top\s+(?:is\s+|sits\s+)?at\b",
            position["text"],
            re.I,
        ):
            reading.overall["height"] = position["offset_mm"]
            return


# --- counts and totals --------------------------------------------------------------------------
def _counts(reading: Reading, nouns: list[Noun]) -> None:
    spans = [(q.start, q.end) for q in lengths(reading.text)]
    for noun in nouns:
        if noun.part is None or noun.part in reading.absent:
            continue
        before = reading.text[max(0, noun.start - 50) : noun.start]
        # "6 mm" in "two 6 mm holes" is a size; the count is "two"
        offset = noun.start - len(before)
        match = _count_before(before, [(a - offset, b - offset) for a, b in spans])
        if match is None or "separate" in before[match.end() :]:
            continue  # "four separate boards" counts the whole, not one kind of part
        word = match.group("n").lower()
        count = int(word) if word.isdigit() else words.NUMBER_WORDS.get(word, 1)
        reading.part(noun.part)["count"] = count


def _count_before(before: str, spans: list[tuple[int, int]]) -> re.Match[str] | None:
    """The number nearest before a noun, with at most a size and two words between."""
    for match in reversed(list(_COUNT_WORD.finditer(before))):
        if any(a <= match.start("n") < b for a, b in spans):
            continue
        gap = _strip_quantities(before[match.end() :])
        if len(gap.split()) <= 2 and not _GAP_STOP.search(gap) and not re.search(r"[,.;:()]", gap):
            return match
    return None


_COUNT_WORD = re.compile(
    r"(?:^|(?<=[\s(]))(?P<n>\d+|a pair of|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"eleven|twelve|single|twin|both)\s+",
    re.I,
)


def _strip_quantities(gap: str) -> str:
    return re.sub(
        r"[\d./ -]+\s*(?:(?:mm|cm|m|in|inch(?:es)?|feet|ft|(?:milli|centi)?met(?:er|re)s?)\b|\")",
        " ",
        gap,
    )


def _totals(reading: Reading) -> None:
    totals = list(_TOTAL.finditer(reading.text))
    separate = re.search(
        r"\b(?P<n>\d+|two|three|four|five|six|seven|eight)\s+separate\s+[a-z]+", reading.text, re.I
    )
    if totals:
        word = totals[-1].group("n").lower()
        reading.total_parts = int(word) if word.isdigit() else words.NUMBER_WORDS[word]
    elif separate:
        word = separate.group("n").lower()
        reading.total_parts = int(word) if word.isdigit() else words.NUMBER_WORDS[word]
    reading.watertight = bool(_WATERTIGHT.search(reading.text)) or reading.total_parts == 1
    if _NOT_HOLLOW.search(reading.text):
        reading.hollow = False
    elif _HOLLOW.search(reading.text):
        reading.hollow = True


# --- colours and materials ----------------------------------------------------------------------
_SHADE = "|".join([*words.SHADES, "natural"])
_COLOUR_WORD = "|".join(sorted(words.COLOURS, key=len, reverse=True))
_MATERIAL_WORD = "|".join(sorted(words.MATERIALS, key=len, reverse=True))
_COLOUR_PHRASE = re.compile(
    rf"\b(?:(?P<shade>{_SHADE})\s+)?(?:(?:{'|'.join(words.COLOUR_MODIFIERS)})\s+)?"
    rf"(?P<colour>(?:{_COLOUR_WORD})(?:\s+(?:{_COLOUR_WORD})\b)?)\b",
    re.I,
)
_MATERIAL = re.compile(rf"\b(?:(?P<shade>natural)\s+)?(?P<material>{_MATERIAL_WORD})\b", re.I)
# Between a part and the colour said of it: "legs in black", "the top is walnut", "legs painted
# white", "lid: red", "legs black".
_PAINTED = re.compile(
    r"^\s*(?::|(?:(?:is|are)\s+)?(?:(?:painted|finished|stained|coloured|colored|lacquered|"
    r"sprayed|done)\s+)?(?:in\s+)?(?:(?:a|an)\s+)?)\s*$",
    re.I,
)
_ALSO = re.compile(r"^\s*,?\s*and\s+(?:the\s+)?$", re.I)  # "the top and the legs in black"


@dataclass
class _Paint:
    start: int
    end: int
    phrase: str  # the colour phrase, or the material's when no colour word is said
    colour: bool  # a colour word ("black", "black steel"), not a material alone ("oak")
    material: str | None  # the material word, when one is said ("steel" in "black steel")


def _colours(reading: Reading, nouns: list[Noun]) -> None:
    """Each colour or material goes to the parts it is said of ("a black top", "legs in white",
    "the lid is red"), the first one said of no part to the object. A colour word beats a
    material for a part ("an oak top ... the top in black" is black); the material is kept
    beside it (steel legs are metal whatever their colour)."""
    text = reading.text
    reading.materials = list(dict.fromkeys(m.group("material").lower() for m in _MATERIAL.finditer(text)))  # fmt: skip
    loose: list[_Paint] = []
    by_colour: set[str] = set()  # parts a colour word (not a material alone) was said of
    for paint in _paints(text):
        parts = _parts_painted(text, nouns, paint, reading.absent)
        for part in parts:
            entry = reading.part(part)
            if paint.colour and part not in by_colour:
                entry["colour"] = paint.phrase
                by_colour.add(part)
            elif not paint.colour:
                entry["colour"] = entry["colour"] or paint.phrase
            if paint.material is not None:
                entry.setdefault("material", paint.material)
        if not parts:
            loose.append(paint)
    reading.colour = next((p.phrase for p in loose if p.colour), None)
    if reading.colour is None:
        named = sorted((p for p in loose if p.material not in (None, "velvet")), key=lambda p: _named_colour(text, p))  # fmt: skip
        reading.colour = named[0].phrase if named else None


def _paints(text: str) -> list[_Paint]:
    """Colour phrases, each with the material word right after it ("black steel"), and the
    other material words ("oak"), in the order the brief says them."""
    paints = []
    for match in _COLOUR_PHRASE.finditer(text):
        phrase = " ".join(w for w in (match.group("shade"), match.group("colour")) if w).lower()
        paints.append(_Paint(match.start(), match.end(), phrase, True, None))
    for match in _MATERIAL.finditer(text):
        word = match.group("material").lower()
        inside = next((p for p in paints if p.start <= match.start("material") < p.end), None)
        before = next((p for p in paints if p.end <= match.start() and not text[p.end : match.start()].strip()), None)  # fmt: skip
        if inside is not None:
            continue  # "terracotta" is a colour word too
        if before is not None and before.material is None:
            before.end, before.material = match.end(), word
            continue
        phrase = " ".join(w for w in (match.group("shade"), word) if w).lower()
        paints.append(_Paint(match.start(), match.end(), phrase, False, word))
    return sorted(paints, key=lambda p: p.start)


def _named_colour(text: str, paint: _Paint) -> int:
    """A material called a colour ("natural pine colour") comes before one that is not."""
    called = re.match(r"\s+(?:colou?r|finish|tone)\b", text[paint.end :], re.I)
    return 0 if paint.phrase.startswith("natural") or called else 1


def _parts_painted(text: str, nouns: list[Noun], paint: _Paint, absent: set[str]) -> list[str]:
    """The part a colour stands before ("white legs"; before the object's own name, "a wooden
    step stool", it is the object's), else the parts it is said of after them ("the top and the
    legs in black"); never a part the brief leaves out."""
    after = _noun_right_after(text, nouns, paint.end)
    if after is not None:
        return [after.part] if after.part and after.part not in absent else []
    before = [n for n in nouns if n.end <= paint.start]
    if not before or not _PAINTED.match(text[before[-1].end : paint.start]):
        return []
    found = []
    for i in range(len(before) - 1, -1, -1):
        noun = before[i]
        if noun.part is None or noun.part in absent:
            break
        found.append(noun.part)
        if i == 0 or not _ALSO.match(text[before[i - 1].end : noun.start]):
            break
    return list(dict.fromkeys(reversed(found)))


def _noun_right_after(text: str, nouns: list[Noun], end: int) -> Noun | None:
    """The noun a colour is said before: the next one, at most one word on ("black oak top")."""
    for noun in nouns:
        if noun.start >= end:
            gap = text[end : noun.start]
            joined = len(gap.split()) <= 1 and not _GAP_STOP.search(gap)
            return noun if joined and not re.search(r"[,.;:()]", gap) else None
    return None
