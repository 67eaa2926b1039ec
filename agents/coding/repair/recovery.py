"""Deterministic recovery: the failures whose fix does not need a guess.

- `ModuleNotFoundError: No module named 'x'`: the import name maps to a distribution through a
  kept table (import names that differ from their distribution's); a name the table does not
  know is taken as its own distribution only when it is a plain top-level name. The install goes
  through install_package (and so through the organization's policy and its reviewers), which
  then declares the requirement in the repository's dependency file.
- A syntax error: the compiler names the file and line; candidates repair that line first.
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path
from typing import Any

from agents.coding.repair.edits import Candidate, Edit
from agents.engine.recovery import DISTRIBUTIONS
from agents.engine.recovery import distribution_for as distribution_for_import
from agents.sandbox.errors import SandboxError
from agents.sandbox.hostfs import HostDirectory

_MISSING = re.compile(r"No module named '([A-Za-z_][A-Za-z0-9_.]*)'")
_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
MAX_SOURCE_BYTES = 1024**2
MAX_WALK = 5_000


def missing_modules(report: dict[str, Any]) -> list[str]:
    """Top-level modules the tests could not import, in the order they were met."""
    text = "\n".join([*(report.get("failures") or []), str(report.get("output") or "")])
    found: list[str] = []
    for name in _MISSING.findall(text):
        top = name.split(".")[0]
        if top not in found:
            found.append(top)
    return found


def distribution_for(module: str, workspace: Path) -> str | None:
    """The distribution that provides `module`; None when it is the repository's own module
    (a missing local file is a bug to fix, not a package to install)."""
    if _is_local(module, workspace):
        return None
    if module in DISTRIBUTIONS:
        return DISTRIBUTIONS[module]
    return distribution_for_import(module) if _PLAIN.match(module) else None


def syntax_errors(workspace: Path) -> list[tuple[str, int, str]]:
    """(file, line, message) of every Python file of the workspace that does not compile."""
    found = []
    with HostDirectory(workspace) as root:
        for entry in root.walk(
            skip=frozenset({".git", ".packages", "__pycache__"}), max_entries=MAX_WALK
        ):
            if entry.kind != "file" or not entry.path.endswith(".py"):
                continue
            source = _text(root, entry.path)
            try:
                compile(source, entry.path, "exec", dont_inherit=True)
            except SyntaxError as error:
                found.append((entry.path, int(error.lineno or 1), str(error.msg)))
            except ValueError:
                continue
    return found


def syntax_candidates(workspace: Path, errors: list[tuple[str, int, str]]) -> list[Candidate]:
    """Line repairs at (and just before) each line the compiler named. A file with several
    errors gets chains: each repair is kept when it moves the compiler's first error further
    down (or away), so one candidate can carry a line repair per error."""
    found = []
    with HostDirectory(workspace) as root:
        for path, line, message in errors:
            text = _text(root, path)
            found += _single(path, text, line, message)
            chain = _chain(path, text, line, message)
            if len(chain) > 1:
                where = f"{path}: {len(chain)} lines"
                found.append(Candidate(tuple(chain), "recovery:syntax-chain", where))
    return found


def _single(path: str, text: str, line: int, message: str) -> list[Candidate]:
    lines = text.splitlines(keepends=True)
    found = []
    for number in (line, line - 1):
        if 1 <= number <= len(lines):
            where = f"{path}:{number} ({message})"
            found += _line_repairs(path, lines, number, where)
    return found


def _chain(path: str, text: str, line: int, message: str, limit: int = 8) -> list[Edit]:
    edits: list[Edit] = []
    for _ in range(limit):
        best = None
        for candidate in _single(path, text, line, message):
            after = candidate.edits[0].apply(text)
            moved = _first_error(after, path) if after is not None else (0, "")
            if after is not None and (moved is None or moved[0] > line):
                best = (candidate.edits[0], after, moved)
                break
        if best is None:
            return edits
        edits.append(best[0])
        text, moved = best[1], best[2]
        if moved is None:
            return edits
        line, message = moved
    return edits


def _first_error(text: str, path: str) -> tuple[int, str] | None:
    try:
        compile(text, path, "exec", dont_inherit=True)
    except SyntaxError as error:
        return int(error.lineno or 1), str(error.msg)
    except ValueError:
        return None
    return None


def _line_repairs(path: str, lines: list[str], number: int, where: str) -> list[Candidate]:
    original = lines[number - 1]
    body = original.rstrip("\n")
    stripped = body.rstrip()
    options = []
    header = re.match(r"^\s*(def|class|if|elif|else|for|while|try|except|finally|with)\b", body)
    if header and not stripped.endswith(":"):
        options.append(("missing-colon", f"{stripped}:"))
    for opening, closing in ("()", "[]", "{}"):
        if stripped.count(opening) > stripped.count(closing):
            missing = stripped.count(opening) - stripped.count(closing)
            options.append(("unclosed-bracket", stripped + closing * missing))
        elif stripped.count(closing) > stripped.count(opening):
            options.append(("extra-bracket", stripped[::-1].replace(closing, "", 1)[::-1]))
    if re.search(r"\b(if|elif|while)\b[^=!<>]*[^=!<>]=[^=]", stripped):
        fixed = re.sub(r"(?<=[^=!<>])=(?=[^=])", "==", stripped, count=1)
        options.append(("assignment-in-condition", fixed))
    for quote in ("'", '"'):
        if stripped.count(quote) % 2:
            options.append(("unclosed-string", stripped + quote))
    options += _mismatched_quotes(stripped)
    options += _python2(stripped) + _indentation(lines, number, stripped)
    return [
        Candidate((Edit(path, original, f"{new}\n"),), f"recovery:syntax-{rule}", where)
        for rule, new in options
        if f"{new}\n" != original
    ]


def _mismatched_quotes(line: str) -> list[tuple[str, str]]:
    """A string opened with one quote and closed with the other (`"total: '`): each pair of
    different quotes made alike, kept when the line then parses; and, where the repaired string
    names a variable in braces without being an f-string, its f-string form too."""
    options: list[tuple[str, str]] = []
    quotes = [i for i, char in enumerate(line) if char in "'\""]
    for first, second in itertools.combinations(quotes, 2):
        if line[first] == line[second]:
            continue
        for quote in (line[first], line[second]):
            fixed = line[:first] + quote + line[first + 1 : second] + quote + line[second + 1 :]
            if not _parses(fixed):
                continue
            options.append(("mismatched-quote", fixed))
            placeholder = re.search(r"\{[A-Za-z_]\w*\}", line[first:second])
            prefixed = first > 0 and line[first - 1].isalpha()
            if placeholder and not prefixed:
                options.append(("mismatched-quote-f-string", f"{fixed[:first]}f{fixed[first:]}"))
    return options[:8]


def _parses(line: str) -> bool:
    try:
        ast.parse(line.strip())
    except SyntaxError:
        return False
    return True


def _python2(line: str) -> list[tuple[str, str]]:
    """The Python 2 spellings Python 3 refuses: print statements, `except E, e`, `<>`,
    backquotes, `ur''` strings."""
    options = []
    printed = re.match(r"^(\s*)print\s+(?!\()(.*?)(,?)\s*$", line)
    if printed:
        end = ', end=" "' if printed.group(3) else ""
        options.append(("python2-print", f"{printed.group(1)}print({printed.group(2)}{end})"))
    if re.search(r"\bexcept\s+[\w.]+\s*,\s*\w+\s*:", line):
        options.append(
            ("python2-except", re.sub(r"(except\s+[\w.]+)\s*,\s*(\w+)", r"\1 as \2", line))
        )
    if "<>" in line:
        options.append(("python2-not-equal", line.replace("<>", "!=")))
    if re.search(r"\braise\s+[\w.]+\s*,\s*", line):
        options.append(
            ("python2-raise", re.sub(r"raise\s+([\w.]+)\s*,\s*(.+)$", r"raise \1(\2)", line))
        )
    return options


def _indentation(lines: list[str], number: int, line: str) -> list[tuple[str, str]]:
    """A block whose first line lost its indentation: indent it one level past its header."""
    previous = lines[number - 2] if number >= 2 else ""
    if not previous.rstrip().endswith(":"):
        return []
    indent = previous[: len(previous) - len(previous.lstrip())] + "    "
    return [("indent-block", indent + line.lstrip())]


def _is_local(module: str, workspace: Path) -> bool:
    with HostDirectory(workspace) as root:
        for base in ("", "src/"):
            for name in (f"{base}{module}.py", f"{base}{module}/__init__.py"):
                if root.lstat(name) is not None:
                    return True
    return False


def _text(root: HostDirectory, path: str) -> str:
    try:
        data, _ = root.read(path, limit=MAX_SOURCE_BYTES)
    except (OSError, SandboxError):
        return ""
    return data.decode("utf-8", errors="replace")
