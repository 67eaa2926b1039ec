"""Apply unified diffs to text, tolerant of the slips models make (wrong hunk line numbers
and counts, trailing whitespace), strict about content: a hunk whose context is not in the
file fails with the lines it looked for, and nothing is written."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

HUNK_HEADER = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


class PatchFailed(ValueError):
    pass


@dataclass
class Hunk:
    old_start: int
    lines: list[tuple[str, str]] = field(default_factory=list)  # (" " | "-" | "+", text)

    def old(self) -> list[str]:
        return [text for tag, text in self.lines if tag in " -"]

    def new(self) -> list[str]:
        return [text for tag, text in self.lines if tag in " +"]


@dataclass
class FilePatch:
    old_path: str | None
    new_path: str | None
    hunks: list[Hunk] = field(default_factory=list)


def parse_unified_diff(diff: str, default_path: str | None = None) -> list[FilePatch]:
    patches: list[FilePatch] = []
    current: FilePatch | None = None
    lines = diff.splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        if (
            line.startswith("--- ")
            and index + 1 < len(lines)
            and lines[index + 1].startswith("+++ ")
        ):
            current = FilePatch(_path(line[4:]), _path(lines[index + 1][4:]))
            patches.append(current)
            index += 2
            continue
        match = HUNK_HEADER.match(line)
        if match:
            if current is None:
                current = FilePatch(default_path, default_path)
                patches.append(current)
            index = _read_hunk(lines, index + 1, current, int(match.group(1)))
            continue
        index += 1
    if not any(p.hunks for p in patches) and not any(_creates_or_deletes(p) for p in patches):
        raise PatchFailed("no hunks found: the diff must contain '@@ -a,b +c,d @@' sections")
    return patches


def _read_hunk(lines: list[str], index: int, patch: FilePatch, old_start: int) -> int:
    hunk = Hunk(old_start)
    while index < len(lines):
        line = lines[index]
        if HUNK_HEADER.match(line) or (line.startswith("--- ") and _next_is_plus(lines, index)):
            break
        if line.startswith("\\"):  # "\ No newline at end of file"
            index += 1
            continue
        tag, text = (line[0], line[1:]) if line[:1] in (" ", "-", "+") else (" ", line)
        hunk.lines.append((tag, text))
        index += 1
    while hunk.lines and hunk.lines[-1] == (" ", ""):  # blank trailing lines of a pasted diff
        hunk.lines.pop()
    patch.hunks.append(hunk)
    return index


def _next_is_plus(lines: list[str], index: int) -> bool:
    return index + 1 < len(lines) and lines[index + 1].startswith("+++ ")


def _path(header: str) -> str | None:
    name = header.split("\t")[0].strip()
    if name == "/dev/null":
        return None
    return name[2:] if name.startswith(("a/", "b/")) else name


def _creates_or_deletes(patch: FilePatch) -> bool:
    return patch.old_path is None or patch.new_path is None


def apply_hunks(text: str, hunks: list[Hunk], *, name: str = "file") -> str:
    lines = text.splitlines()
    trailing_newline = text.endswith("\n") or not text
    offset = 0
    for number, hunk in enumerate(hunks, start=1):
        old, new = hunk.old(), hunk.new()
        at = _locate(lines, old, max(hunk.old_start - 1 + offset, 0))
        if at is None:
            raise PatchFailed(_not_found(name, number, old))
        lines[at : at + len(old)] = new
        offset += len(new) - len(old)
    result = "\n".join(lines)
    return result + "\n" if trailing_newline and result else result


def _locate(lines: list[str], old: list[str], expected: int) -> int | None:
    if not old:
        return min(expected, len(lines))
    for normalize in (_exact, _rstripped, _stripped):
        target = [normalize(line) for line in old]
        for start in _positions_near(expected, len(lines) - len(old) + 1):
            window = lines[start : start + len(old)]
            if [normalize(line) for line in window] == target:
                return start
    return None


def _positions_near(expected: int, count: int) -> list[int]:
    return sorted(range(max(count, 0)), key=lambda p: (abs(p - expected), p))


def _exact(line: str) -> str:
    return line


def _rstripped(line: str) -> str:
    return line.rstrip()


def _stripped(line: str) -> str:
    return line.strip()


def _not_found(name: str, number: int, old: list[str]) -> str:
    preview = "\n".join(old[:8])
    return (
        f"hunk {number} does not apply to {name}: these lines were not found "
        f"(read the file again and copy the context exactly):\n{preview}"
    )
