"""Turns titles into URL slugs (a package of the code suite's own index)."""

import re

_NOT_WORD = re.compile(r"[^a-z0-9]+")


def slugify(text):
    return _NOT_WORD.sub("-", text.lower()).strip("-")
