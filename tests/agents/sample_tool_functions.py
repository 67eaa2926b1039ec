"""Functions of the sample tools; imported only when a sample tool first runs."""

from __future__ import annotations

from typing import Any


def shout(args: dict[str, Any], env: Any) -> str:
    return args["word"].upper()


def explode(args: dict[str, Any], env: Any) -> None:
    raise RuntimeError("boom")
