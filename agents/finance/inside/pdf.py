"""Typesets report.md as report.pdf with reportlab: headings, paragraphs, lists, tables and the
charts the chart step drew (each checked against the SHA-256 recorded then). Text is escaped
before reportlab's mini-markup sees it, so nothing in the report is read as markup. Answers the
PDF and the charts, base64-encoded."""

from __future__ import annotations

import base64
import hashlib
import io
from typing import Any
from xml.sax.saxutils import escape

MAX_MARKDOWN = 2_000_000


def pdf(request: dict[str, Any]) -> dict[str, Any]:
    charts = _charts(request.get("charts") or [])
    if isinstance(charts, str):
        return {"ok": False, "error": charts}
    story = _story(str(request["markdown"])[:MAX_MARKDOWN], charts)
    buffer = io.BytesIO()
    _document(buffer, str(request.get("title", "Report"))[:200]).build(story)
    files = {name: base64.b64encode(data).decode() for name, data in charts.items()}
    return {"ok": True, "pdf": base64.b64encode(buffer.getvalue()).decode(), "charts": files}


def _charts(listed: list[dict[str, Any]]) -> dict[str, bytes] | str:
    found = {}
    for chart in listed[:12]:
        for suffix in ("png", "svg"):
            with open(chart[suffix], "rb") as handle:
                data = handle.read(8 * 1024 * 1024)
            if hashlib.sha256(data).hexdigest() != chart[f"{suffix}_sha256"]:
                return f"{chart[suffix]} changed since it was drawn"
            found[chart[suffix].rsplit("/", 1)[-1]] = data
    return found


def _document(buffer: io.BytesIO, title: str) -> Any:
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import SimpleDocTemplate

    return SimpleDocTemplate(
        buffer, pagesize=A4, title=title, invariant=1, leftMargin=48, rightMargin=48
    )


def _story(markdown: str, charts: dict[str, bytes]) -> list[Any]:
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark", {"html": False}).enable("table").parse(markdown)
    story: list[Any] = []
    index = 0
    while index < len(tokens):
        index = _block(tokens, index, story, charts)
    return story


def _block(tokens: list[Any], index: int, story: list[Any], charts: dict[str, bytes]) -> int:
    from reportlab.platypus import Paragraph, Spacer

    token, styles = tokens[index], _styles()
    if token.type == "heading_open":
        style = {"h1": "Title", "h2": "Heading2", "h3": "Heading3"}.get(token.tag, "Heading4")
        story.append(Paragraph(_inline(tokens[index + 1]), styles[style]))
        return index + 3
    if token.type == "paragraph_open":
        inline = tokens[index + 1]
        image = _image(inline, charts)
        story.append(image if image is not None else Paragraph(_inline(inline), styles["BodyText"]))
        return index + 3
    if token.type == "bullet_list_open":
        return _list(tokens, index, story)
    if token.type == "table_open":
        return _table(tokens, index, story)
    if token.type == "hr":
        story.append(Spacer(1, 12))
    return index + 1


def _inline(token: Any) -> str:
    parts = []
    for child in token.children or []:
        if child.type == "text":
            parts.append(escape(child.content))
        elif child.type in ("strong_open", "strong_close"):
            parts.append("<b>" if child.type == "strong_open" else "</b>")
        elif child.type in ("em_open", "em_close"):
            parts.append("<i>" if child.type == "em_open" else "</i>")
        elif child.type == "code_inline":
            parts.append(f'<font face="Courier">{escape(child.content)}</font>')
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts)


def _image(inline: Any, charts: dict[str, bytes]) -> Any:
    children = [c for c in inline.children or [] if c.type != "softbreak"]
    if len(children) != 1 or children[0].type != "image":
        return None
    data = charts.get(str(children[0].attrGet("src") or "").rsplit("/", 1)[-1])
    if data is None:
        return None
    from reportlab.platypus import Image

    return Image(io.BytesIO(data), width=432, height=243)


def _list(tokens: list[Any], index: int, story: list[Any]) -> int:
    from reportlab.platypus import ListFlowable, ListItem, Paragraph

    items, index = [], index + 1
    while tokens[index].type != "bullet_list_close":
        if tokens[index].type == "inline":
            items.append(ListItem(Paragraph(_inline(tokens[index]), _styles()["BodyText"])))
        index += 1
    story.append(ListFlowable(items, bulletType="bullet", leftIndent=12))
    return index + 1


def _table(tokens: list[Any], index: int, story: list[Any]) -> int:
    from reportlab.platypus import Paragraph, Table, TableStyle

    rows: list[list[Any]] = []
    cell = _styles()["BodyText"].clone("cell", fontSize=7.5, leading=9)
    while tokens[index].type != "table_close":
        token = tokens[index]
        if token.type == "tr_open":
            rows.append([])
        elif token.type == "inline":
            rows[-1].append(Paragraph(_inline(token), cell))
        index += 1
    table = Table(
        rows, colWidths=[130, 60, 110, 200][: len(rows[0])] if rows else None, repeatRows=1
    )
    table.setStyle(
        TableStyle(
            [("GRID", (0, 0), (-1, -1), 0.3, "#999999"), ("VALIGN", (0, 0), (-1, -1), "TOP")]
        )
    )
    story.append(table)
    return index + 1


_STYLES: list[Any] = []


def _styles() -> Any:
    if not _STYLES:
        from reportlab.lib.styles import getSampleStyleSheet

        _STYLES.append(getSampleStyleSheet())
    return _STYLES[0]
