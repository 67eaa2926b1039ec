"""Artifact previews by media type: diffs, tables (CSV, JSON), Markdown, images, PDF, 3D models.

Artifacts are agent output, so every preview reads a bounded prefix of the file and produces
plain data for templates that escape it; the one exception, Markdown, is rendered with raw HTML
switched off and then sanitized with an allow-list.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import nh3
from markdown_it import MarkdownIt

from dashboard.text import clip, visible
from runs.artifacts import artifact_read

if TYPE_CHECKING:  # types only: the app's rows come through its selectors
    from runs.models import Artifact

MAX_PREVIEW_BYTES = 512 * 1024
MAX_ROWS = 200
MAX_COLUMNS = 40
MAX_DIFF_LINES = 4_000
CELL_CHARS = 300

KINDS = {
    "text/x-diff": "diff",
    "text/x-patch": "diff",
    "text/csv": "csv",
    "application/json": "json",
    "text/markdown": "markdown",
    "application/pdf": "pdf",
    "model/gltf-binary": "model",
}
SUFFIXES = {".diff": "diff", ".patch": "diff", ".csv": "csv", ".json": "json", ".md": "markdown"}
# Shown inline by the browser itself (img, iframe, the 3D viewer): served as raw bytes.
INLINE_KINDS = {"image", "pdf", "model"}


@dataclass
class Preview:
    kind: str
    truncated: bool = False
    lines: list[tuple[str, str]] = field(default_factory=list)  # diff: (css class, text)
    header: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    text: str = ""
    html: str = ""


def preview_kind(artifact: Artifact) -> str:
    media = artifact.media_type.split(";")[0].strip().lower()
    if media in KINDS:
        return KINDS[media]
    if media.startswith("image/") and media != "image/svg+xml":
        return "image"
    suffix = os.path.splitext(artifact.name)[1].lower()
    if suffix in SUFFIXES:
        return SUFFIXES[suffix]
    return "text" if media.startswith("text/") else "binary"


def artifact_preview(artifact: Artifact) -> Preview:
    kind = preview_kind(artifact)
    if kind in INLINE_KINDS or kind == "binary":
        return Preview(kind)
    data, truncated = artifact_read(artifact, MAX_PREVIEW_BYTES)
    text = data.decode("utf-8", errors="replace")
    preview = {"diff": _diff, "csv": _csv, "json": _json, "markdown": _markdown}.get(kind, _text)(
        text
    )
    preview.truncated = preview.truncated or truncated
    return preview


def _diff(text: str) -> Preview:
    lines = text.splitlines()
    shown = [
        (_diff_class(line), clip(line, CELL_CHARS * 4).text) for line in lines[:MAX_DIFF_LINES]
    ]
    return Preview("diff", truncated=len(lines) > MAX_DIFF_LINES, lines=shown)


def _diff_class(line: str) -> str:
    if line.startswith(("+++", "---", "diff ", "index ")):
        return "file"
    if line.startswith("@@"):
        return "hunk"
    if line.startswith("+"):
        return "add"
    if line.startswith("-"):
        return "del"
    return "ctx"


def _csv(text: str) -> Preview:
    try:
        rows = list(itertools.islice(csv.reader(io.StringIO(text)), MAX_ROWS + 1))
    except csv.Error:
        return _text(text)
    cells = [[_cell(value) for value in row[:MAX_COLUMNS]] for row in rows]
    header, body = (cells[0], cells[1:MAX_ROWS]) if cells else ([], [])
    return Preview("csv", truncated=len(rows) > MAX_ROWS, header=header, rows=body)


def _json(text: str) -> Preview:
    try:
        value = json.loads(text)
    except ValueError:
        return _text(text)
    if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
        header = list(dict.fromkeys(key for item in value[:MAX_ROWS] for key in item))[:MAX_COLUMNS]
        rows = [[_cell(item.get(key, "")) for key in header] for item in value[:MAX_ROWS]]
        return Preview("json", truncated=len(value) > MAX_ROWS, header=header, rows=rows)
    clipped = clip(value, MAX_PREVIEW_BYTES)
    return Preview("json", truncated=bool(clipped.omitted), text=clipped.text)


def _cell(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return clip(text, CELL_CHARS).text


_MARKDOWN = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")
ALLOWED_TAGS = {
    *("p", "br", "hr", "blockquote", "pre", "code", "em", "strong", "del", "a"),
    *("ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6"),
    *("table", "thead", "tbody", "tr", "th", "td"),
}


def render_markdown(text: str) -> str:
    """Markdown to HTML that is safe to include: markdown-it escapes raw HTML and refuses
    javascript: links; nh3 then keeps only an allow-list of tags and attributes. Images are
    dropped: an outside image would be fetched by the reader's browser (a tracking beacon)."""
    html = _MARKDOWN.render(visible(text))
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes={"a": {"href", "title"}},
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer nofollow",
    )


def _markdown(text: str) -> Preview:
    return Preview("markdown", html=render_markdown(text))


def _text(text: str) -> Preview:
    clipped = clip(text, MAX_PREVIEW_BYTES)
    return Preview("text", truncated=bool(clipped.omitted), text=clipped.text)
