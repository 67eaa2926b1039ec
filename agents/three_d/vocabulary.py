"""The words the brief reader knows: objects, the parts they are made of, counts, colours and
materials. Each part word maps to one canonical part name ("tabletop" and "top" are both the
top; "backrest" and "back panel" are both the back), so a negation, a count and a dimension of
the same part land on the same entry."""

from __future__ import annotations

# Canonical part -> the words (singular; plurals are derived) that name it. Longer phrases are
# matched first, so "back panel" wins over "back" and "table top" over "table".
PART_WORDS: dict[str, tuple[str, ...]] = {
    "leg": ("leg", "slab leg", "table leg", "chair leg"),
    "top": ("top", "tabletop", "table top", "desk top", "worktop", "top board"),
    "lid": ("lid", "cover"),
    "hole": ("hole", "opening", "bore", "drainage hole", "entrance hole", "cutout"),
    "wall": ("wall", "side wall"),
    "floor": ("floor", "bottom"),
    "handle": ("handle", "handle bar"),
    "shelf": ("shelf", "board", "shelf board"),
    "drawer": ("drawer", "drawer front"),
    "knob": ("knob", "pull"),
    "door": ("door",),
    "back": ("back", "back panel", "backrest", "back plate", "backboard"),
    "seat": ("seat", "seat slab"),
    "side": ("side", "side panel", "end panel"),
    "base": ("base", "base plate", "foot", "ring foot", "stand"),
    "tread": ("tread", "step"),
    "pole": ("pole", "post", "rod", "stem"),
    "shade": ("shade", "lampshade"),
    "peg": ("peg", "hook"),
    "disc": ("disc", "disk", "weight disc"),
    "plate": ("plate", "steel plate"),
    "moulding": ("moulding", "molding", "border"),
    "cavity": ("empty space", "space inside", "cavity", "interior", "inside space"),
    "arm": ("arm", "armrest"),
    "roof": ("roof", "roof panel"),
    "lip": ("lip", "rim"),
    "spout": ("spout",),
    "wheel": ("wheel", "caster"),
    "tip": ("tip", "point"),
    "branch": ("branch",),
    "corner": ("corner",),
}
# Things a brief is about. A part word can also be the object ("a shelf 90 cm long").
OBJECT_WORDS: tuple[str, ...] = (
    "table", "desk", "chair", "stool", "bench", "bookshelf", "bookcase", "shelf", "shelving unit",
    "cabinet", "drawer unit", "dresser", "wardrobe", "lamp", "mug", "cup", "jar", "bowl", "vase",
    "box", "bin", "crate", "chest", "case", "planter", "pot", "tray", "frame", "picture frame",
    "washer", "nut", "ring", "spacer ring", "spacer", "shaft", "bracket", "board", "cutting board",
    "shelf board", "plate", "cube", "block", "ball", "sphere", "cylinder", "cone", "traffic cone",
    "dumbbell", "stand", "phone stand", "tv stand", "rack", "coat rack", "pipe", "tee", "t-piece",
    "pencil", "birdhouse", "bottle", "tube", "disc", "wheel", "knob", "handle", "sign", "tile",
    "coaster", "container", "hollow cube", "step stool", "side table", "coffee table",
    "dining table", "nightstand", "bed", "sofa", "trophy", "pedestal", "column", "pillar",
    # every template's own names (library.py), so a brief that calls the object by one of them
    # is about that object and not about the first part it names ("a barbell with a handle")
    "shelving", "tub", "trough", "grommet", "slab", "plank", "basin", "dish", "barbell", "spool",
    "bobbin", "bollard", "pylon", "crayon", "dowel", "rod", "stake", "hatstand", "coatstand",
    "coat stand", "hat stand", "hat rack", "angle bracket", "corner brace", "tee-piece",
    "tee piece", "pipe tee", "tee fitting", "tee joint", "chest of drawers", "drawer cabinet",
    "filing cabinet", "tablet stand", "book stand", "cookbook stand", "plate stand",
    "phone holder", "tablet holder", "nesting box", "bird box", "nest box", "dollhouse",
    "stepladder", "kick stool",
)  # fmt: skip
# Objects whose single unqualified size is their diameter.
ROUND_OBJECTS = frozenset(
    {"mug", "cup", "jar", "bowl", "vase", "washer", "nut", "ring", "spacer ring", "spacer",
     "shaft", "ball", "sphere", "cylinder", "cone", "traffic cone", "pipe", "tube", "disc",
     "wheel", "knob", "coaster", "pot", "bottle", "column", "pillar", "dish", "basin"}
)  # fmt: skip
# Objects with no thickness of their own: "2 cm thick" is their height when they lie flat.
FLAT_OBJECTS = frozenset(
    {"board", "cutting board", "shelf board", "plate", "tile", "coaster", "washer", "ring",
     "spacer ring", "spacer", "frame", "picture frame", "tray", "disc", "sign", "shelf"}
)  # fmt: skip
# A part's unqualified size: "5 mm walls" are 5 mm thick, "a 6 mm hole" is 6 mm across.
ROUND_PARTS = frozenset({"hole", "knob", "pole", "disc", "wheel", "peg", "tip", "handle"})
# Round containers: "14 cm deep" is how tall they are.
VESSELS = frozenset({"mug", "cup", "jar", "bowl", "vase", "pot", "bottle", "dish", "basin"})
# Words between two nouns that still make one compound ("half-sphere salad bowl").
STOP_WORDS = frozenset(
    {
        "with",
        "and",
        "or",
        "of",
        "for",
        "on",
        "in",
        "at",
        "to",
        "the",
        "a",
        "an",
        "is",
        "are",
        "by",
        "from",
        "inside",
        "under",
        "over",
    }
)
NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "single": 1, "two": 2, "pair of": 2, "a pair of": 2, "twin": 2,
    "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "both": 2,
}  # fmt: skip
# colour word -> RGB (0..1)
COLOURS: dict[str, tuple[float, float, float]] = {
    "red": (0.75, 0.12, 0.1), "orange": (0.9, 0.45, 0.1), "yellow": (0.9, 0.78, 0.15),
    "green": (0.2, 0.55, 0.25), "blue": (0.15, 0.3, 0.7), "purple": (0.45, 0.2, 0.6),
    "pink": (0.93, 0.55, 0.7), "white": (0.92, 0.92, 0.9), "black": (0.06, 0.06, 0.06),
    "grey": (0.5, 0.5, 0.5), "gray": (0.5, 0.5, 0.5), "brown": (0.45, 0.28, 0.15),
    "beige": (0.87, 0.8, 0.66), "cream": (0.95, 0.92, 0.8), "ivory": (0.96, 0.94, 0.86),
    "teal": (0.1, 0.5, 0.5), "turquoise": (0.2, 0.75, 0.7), "navy": (0.08, 0.12, 0.35),
    "silver": (0.75, 0.75, 0.77), "gold": (0.83, 0.69, 0.22), "olive": (0.45, 0.48, 0.2),
    "terracotta": (0.8, 0.42, 0.28), "charcoal": (0.2, 0.2, 0.21), "tan": (0.82, 0.7, 0.55),
    "maroon": (0.45, 0.08, 0.1), "burgundy": (0.5, 0.1, 0.16),
}  # fmt: skip
# material word -> its usual colour and whether it is a metal
MATERIALS: dict[str, tuple[tuple[float, float, float], bool]] = {
    "wood": ((0.55, 0.36, 0.2), False), "wooden": ((0.55, 0.36, 0.2), False),
    "pine": ((0.8, 0.65, 0.42), False), "oak": ((0.65, 0.47, 0.28), False),
    "walnut": ((0.36, 0.22, 0.13), False), "beech": ((0.8, 0.62, 0.45), False),
    "teak": ((0.6, 0.42, 0.25), False), "ash": ((0.75, 0.65, 0.5), False),
    "birch": ((0.85, 0.75, 0.58), False), "maple": ((0.85, 0.7, 0.5), False),
    "cherry": ((0.6, 0.3, 0.2), False), "mahogany": ((0.45, 0.18, 0.12), False),
    "bamboo": ((0.85, 0.75, 0.5), False), "plywood": ((0.8, 0.68, 0.5), False),
    "steel": ((0.62, 0.63, 0.65), True), "stainless steel": ((0.7, 0.71, 0.72), True),
    "aluminium": ((0.77, 0.78, 0.8), True), "aluminum": ((0.77, 0.78, 0.8), True),
    "brass": ((0.78, 0.6, 0.25), True), "copper": ((0.72, 0.45, 0.2), True),
    "bronze": ((0.6, 0.45, 0.25), True), "iron": ((0.35, 0.35, 0.36), True),
    "chrome": ((0.85, 0.86, 0.88), True), "metal": ((0.62, 0.63, 0.65), True),
    "plastic": ((0.9, 0.9, 0.9), False), "pvc": ((0.92, 0.92, 0.9), False),
    "ceramic": ((0.9, 0.88, 0.84), False), "porcelain": ((0.95, 0.95, 0.93), False),
    "glass": ((0.8, 0.9, 0.92), False), "concrete": ((0.6, 0.6, 0.58), False),
    "marble": ((0.92, 0.92, 0.9), False), "stone": ((0.55, 0.55, 0.52), False),
    "velvet": ((0.6, 0.1, 0.15), False), "leather": ((0.45, 0.28, 0.15), False),
    "rubber": ((0.12, 0.12, 0.12), False), "felt": ((0.5, 0.5, 0.5), False),
    "cork": ((0.72, 0.55, 0.38), False), "terracotta": ((0.8, 0.42, 0.28), False),
}  # fmt: skip
# Words that shade a colour: multiply (darker) or mix with white (lighter).
SHADES = {"light": 0.45, "pale": 0.55, "bright": 0.1, "dark": -0.45, "deep": -0.3}
# Words kept in a colour phrase without changing it.
COLOUR_MODIFIERS = ("natural", "safety", "matte", "matt", "gloss", "glossy", "weathered", "sky")
