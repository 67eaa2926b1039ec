"""What of a sandboxed command's output a model (and the person reviewing its run) may see.

Output is written by the agent's own programs, so it is hostile text: terminal escape sequences
can hide lines, rewrite what a reviewer's terminal shows or carry hyperlinks, and bidirectional
controls can make text read differently than it is. `observable` is the one function that turns
command output into an observation, on success and on every error path alike."""

from __future__ import annotations

import re

MAX_OBSERVED_CHARS = 12_000
_ESCAPE_SEQUENCES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI: colours, cursor movement, erasing
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC: titles, hyperlinks, clipboard
    r"|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"  # DCS, SOS, PM, APC strings
    r"|\x1b[ -/]*[0-~]?"  # the other escapes (and a lone ESC)
    r"|\x9b[0-?]*[ -/]*[@-~]"  # CSI in its 8-bit form
)
# C0 and C1 controls except tab and newline; DEL; bidirectional and zero-width format marks.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def observable(text: str, limit: int = MAX_OBSERVED_CHARS) -> str:
    """`text` without terminal control (a lone carriage return becomes a newline, so progress
    bars stay readable), clipped to `limit` characters keeping the head and the tail: errors tend
    to be at the end."""
    text = _ESCAPE_SEQUENCES.sub("", text).replace("\r\n", "\n").replace("\r", "\n")
    text = _CONTROLS.sub("", text)
    if len(text) <= limit:
        return text
    head = limit // 4
    cut = len(text) - limit
    return f"{text[:head]}\n... [{cut} characters cut] ...\n{text[-(limit - head) :]}"
