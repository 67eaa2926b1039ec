"""Text extraction with page and section references, for every accepted file type.

Each extractor returns Sections; a file we cannot read raises DocumentRejected with the HTTP
status the client should see, before anything is stored.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import PurePath

from agents import storable
from core.errors import ServiceError, TooLarge, Unprocessable, UnsupportedMediaType

CSV_ROWS_PER_SECTION = 20
_HEADING = re.compile(r"^(#{1,6})\s+(.*\S)\s*$")


@dataclass(frozen=True)
class Section:
    text: str
    page: int | None = None
    section: str = ""


@dataclass(frozen=True)
class Extracted:
    media_type: str
    sections: list[Section]
    page_count: int


class DocumentRejected(ServiceError):
    """A file the platform will not ingest, with a message for people: malformed on its own,
    or one of the kinds below."""


class DocumentTooLarge(DocumentRejected, TooLarge):
    """Over the upload size or the chunk limit."""


class DocumentTypeUnsupported(DocumentRejected, UnsupportedMediaType):
    """Not one of the types the platform reads, or binary where text was declared."""


class DocumentUnprocessable(DocumentRejected, Unprocessable):
    """Well-formed, but nothing can be indexed from it (no text, encrypted)."""


MEDIA_TYPES = {
    ".pdf": "application/pdf",
    ".csv": "text/csv",
    ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ".md": "text/markdown",
    ".markdown": "text/markdown",
    ".html": "text/html",
    ".htm": "text/html",
    ".txt": "text/plain",
    ".text": "text/plain",
}
ACCEPTED = sorted(set(MEDIA_TYPES.values()))


def detect_media_type(filename: str, declared: str | None) -> str:
    """The extension decides; a declared type is used only when the name has none we know."""
    suffix = PurePath(filename).suffix.lower()
    if suffix in MEDIA_TYPES:
        return MEDIA_TYPES[suffix]
    base = (declared or "").split(";")[0].strip().lower()
    if not suffix and base in ACCEPTED:
        return base
    raise DocumentTypeUnsupported(
        f"{filename!r} is not a supported type; upload PDF, CSV, XLSX, Markdown, HTML or "
        "plain text."
    )


def extract(data: bytes, media_type: str) -> Extracted:
    if not data.strip():
        raise DocumentRejected("The file is empty.")
    sections = [_storable(s) for s in _EXTRACTORS[media_type](data)]
    sections = [s for s in sections if s.text.strip()]
    if not sections:
        raise DocumentUnprocessable("The file contains no text to index.")
    pages = {s.page for s in sections if s.page is not None}
    return Extracted(media_type, sections, max(pages) if pages else 1)


def _storable(section: Section) -> Section:
    # Text from an upload is stored in PostgreSQL: a NUL past the binary sniff (or one a PDF's
    # fonts decode to) or a lone surrogate would fail the ingestion there; it becomes U+FFFD.
    text, title = storable.clean_text(section.text), storable.clean_text(section.section)
    return (
        section
        if (text, title) == (section.text, section.section)
        else replace(section, text=text, section=title)
    )


def _extract_pdf(data: bytes) -> Iterable[Section]:
    from pypdf import PdfReader

    if not data.lstrip().startswith(b"%PDF-"):
        raise DocumentRejected("The file is not a PDF (no %PDF header).")
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            raise DocumentUnprocessable("The PDF is encrypted; upload an unencrypted copy.")
        texts = [page.extract_text() or "" for page in reader.pages]
    except DocumentRejected:
        raise
    except Exception as error:  # pypdf raises many kinds on damaged files
        raise DocumentRejected(f"The PDF is damaged and cannot be read ({error}).") from error
    if not texts:
        raise DocumentRejected("The PDF has no pages.")
    return [Section(text, page=number) for number, text in enumerate(texts, start=1)]


def _decode(data: bytes) -> str:
    if b"\x00" in data[:8192]:
        raise DocumentTypeUnsupported("The file is binary, not text.")
    for encoding in (
        ("utf-8-sig", "utf-16") if data[:2] in (b"\xff\xfe", b"\xfe\xff") else ("utf-8-sig",)
    ):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise DocumentTypeUnsupported("The file is not UTF-8 text.")


def _extract_text(data: bytes) -> Iterable[Section]:
    pages = _decode(data).split("\f")
    if len(pages) == 1:
        return [Section(pages[0])]
    return [Section(text, page=number) for number, text in enumerate(pages, start=1)]


def _extract_markdown(data: bytes) -> Iterable[Section]:
    return _split_headings(_decode(data))


def _split_headings(text: str, page: int | None = None) -> list[Section]:
    sections: list[Section] = []
    trail: list[str] = []
    lines: list[str] = []

    def flush() -> None:
        if "".join(lines).strip():
            sections.append(Section("\n".join(lines).strip(), page, " > ".join(trail)[:300]))
        lines.clear()

    for line in text.splitlines():
        match = _HEADING.match(line)
        if match:
            flush()
            level = len(match.group(1))
            trail[level - 1 :] = [match.group(2)]
        lines.append(line)
    flush()
    return sections


def _extract_html(data: bytes) -> Iterable[Section]:
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(_decode(data), "html.parser")
    for tag in soup(["script", "style", "noscript", "template"]):
        tag.decompose()
    for heading in soup.find_all(re.compile(r"^h[1-6]$")):
        level = int(heading.name[1])
        heading.replace_with(f"\n{'#' * level} {heading.get_text(' ', strip=True)}\n")
    text = re.sub(r"\n\s*\n+", "\n\n", soup.get_text("\n"))
    return _split_headings(text)


def _rows_as_sections(rows: list[list[str]], label: str, page: int | None) -> list[Section]:
    if not rows:
        return []
    header, body = rows[0], rows[1:] or [rows[0]]
    sections = []
    for start in range(0, len(body), CSV_ROWS_PER_SECTION):
        block = body[start : start + CSV_ROWS_PER_SECTION]
        lines = [
            "; ".join(f"{h}: {v}" for h, v in zip(header, row, strict=False) if v) for row in block
        ]
        where = f"{label}rows {start + 2}-{start + 1 + len(block)}"
        sections.append(Section("\n".join(lines), page, where))
    return sections


def _extract_csv(data: bytes) -> Iterable[Section]:
    text = _decode(data)
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel  # type: ignore[assignment]
    try:
        rows = [
            row for row in csv.reader(io.StringIO(text), dialect) if any(c.strip() for c in row)
        ]
    except csv.Error as error:
        raise DocumentRejected(f"The CSV cannot be parsed ({error}).") from error
    return _rows_as_sections(rows, "", None)


def _extract_xlsx(data: bytes) -> Iterable[Section]:
    from openpyxl import load_workbook

    if not data.startswith(b"PK"):
        raise DocumentRejected("The file is not an XLSX workbook.")
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        sheets = [(ws.title, list(ws.iter_rows(values_only=True))) for ws in workbook.worksheets]
    except Exception as error:  # openpyxl and zipfile raise many kinds on damaged files
        raise DocumentRejected(f"The workbook is damaged and cannot be read ({error}).") from error
    sections: list[Section] = []
    for number, (title, raw) in enumerate(sheets, start=1):
        rows = [["" if v is None else str(v) for v in row] for row in raw]
        rows = [row for row in rows if any(cell.strip() for cell in row)]
        sections.extend(_rows_as_sections(rows, f"{title}!", number))
    return sections


_EXTRACTORS: dict[str, Callable[[bytes], Iterable[Section]]] = {
    "application/pdf": _extract_pdf,
    "text/csv": _extract_csv,
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": _extract_xlsx,
    "text/markdown": _extract_markdown,
    "text/html": _extract_html,
    "text/plain": _extract_text,
}
