"""report.html from report.md with markdown-it-py: raw HTML in the Markdown is escaped, never
passed through; images are only the run's own charts, inlined as data URIs, so the page is one
self-contained file; a content security policy forbids scripts and remote loads besides."""

from __future__ import annotations

import base64
from html import escape
from typing import Any

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 56rem; margin: 2rem auto; padding: 0 1rem;
       line-height: 1.45; color: #1b1f24; }
table { border-collapse: collapse; margin: 1rem 0; font-size: 0.9rem; }
th, td { border: 1px solid #c8ccd1; padding: 0.3rem 0.5rem; vertical-align: top; }
th { background: #f1f3f5; text-align: left; }
img { max-width: 100%; }
"""
POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"


def html(markdown: str, *, title: str, charts: dict[str, bytes]) -> str:
    body = _renderer(charts).render(markdown)
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>\n"
        f"<body>\n{body}</body></html>\n"
    )


def _renderer(charts: dict[str, bytes]) -> Any:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    rules: Any = md.renderer.rules  # type: ignore[attr-defined]  # RendererHTML has them
    default_image = rules["image"]

    def image(tokens: list[Any], index: int, options: Any, env: Any) -> str:
        token = tokens[index]
        data = charts.get(str(token.attrGet("src") or ""))
        if data is None or not data.startswith(b"\x89PNG"):
            return ""  # only the run's own charts are shown
        token.attrSet("src", "data:image/png;base64," + base64.b64encode(data).decode())
        return str(default_image(tokens, index, options, env))

    rules["image"] = image
    return md
