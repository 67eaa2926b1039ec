from __future__ import annotations

import pytest

from core.problems import status_for
from memory.chunking import chunk_sections, split_words
from memory.extraction import DocumentRejected, Section, detect_media_type, extract
from tests.memory import files

PDF = "application/pdf"


def test_pdf_sections_carry_their_page_numbers() -> None:
    extracted = extract(files.pdf_bytes(), PDF)

    assert extracted.page_count == 4
    assert [s.page for s in extracted.sections] == [1, 2, 3, 4]
    assert "Brazilian subsidiary" in extracted.sections[2].text


@pytest.mark.parametrize(
    ("data", "status", "words"),
    [
        (files.corrupt_pdf_bytes(), 400, "damaged"),
        (files.encrypted_pdf_bytes(), 422, "encrypted"),
        (b"", 400, "empty"),
        (b"hello, this is not a pdf", 400, "not a PDF"),
    ],
    ids=["corrupt", "encrypted", "empty", "not-pdf"],
)
def test_bad_pdfs_are_rejected_with_a_clear_status(data: bytes, status: int, words: str) -> None:
    with pytest.raises(DocumentRejected, match=words) as caught:
        extract(data, PDF)
    assert status_for(caught.value) == status


def test_a_pdf_without_text_is_unprocessable() -> None:
    with pytest.raises(DocumentRejected) as caught:
        extract(files.pdf_bytes(["", ""]), PDF)
    assert status_for(caught.value) == 422


@pytest.mark.parametrize(
    ("name", "declared", "expected"),
    [
        ("report.PDF", "application/octet-stream", "application/pdf"),
        ("notes.md", None, "text/markdown"),
        ("table.csv", "application/vnd.ms-excel", "text/csv"),
        ("book.xlsx", None, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        ("page.htm", None, "text/html"),
        ("upload", "text/plain", "text/plain"),
    ],
)
def test_media_type_comes_from_the_extension(
    name: str, declared: str | None, expected: str
) -> None:
    assert detect_media_type(name, declared) == expected


@pytest.mark.parametrize("name", ["setup.exe", "photo.png", "letter.docx", "noext"])
def test_unsupported_types_get_415(name: str) -> None:
    with pytest.raises(DocumentRejected) as caught:
        detect_media_type(name, "application/octet-stream")
    assert status_for(caught.value) == 415


def test_binary_data_named_as_text_gets_415() -> None:
    with pytest.raises(DocumentRejected) as caught:
        extract(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "text/plain")
    assert status_for(caught.value) == 415


def test_csv_rows_become_labelled_text() -> None:
    extracted = extract(files.CSV_TEXT.encode(), "text/csv")

    [section] = extracted.sections
    assert "city: Lisbon; country: Portugal; population: 545000" in section.text
    assert section.section == "rows 2-3"


def test_xlsx_sheets_are_cited_by_sheet_number_and_name() -> None:
    extracted = extract(
        files.xlsx_bytes(), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )

    assert [(s.page, s.section) for s in extracted.sections] == [
        (1, "Holdings!rows 2-3"),
        (2, "Notes!rows 2-2"),
    ]
    assert "company: Globex Hammocks" in extracted.sections[0].text


def test_a_damaged_workbook_is_rejected() -> None:
    with pytest.raises(DocumentRejected, match="damaged"):
        extract(
            b"PK\x03\x04 not really a zip",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        )


def test_markdown_sections_follow_the_heading_trail() -> None:
    extracted = extract(files.MARKDOWN_TEXT.encode(), "text/markdown")

    names = [s.section for s in extracted.sections]
    assert names == ["Handbook", "Handbook > Expenses", "Handbook > Security"]
    assert "thirty days" in extracted.sections[1].text


def test_html_drops_scripts_and_keeps_headings() -> None:
    extracted = extract(files.HTML_TEXT.encode(), "text/html")

    text = " ".join(s.text for s in extracted.sections)
    assert "do not index" not in text
    assert "color:red" not in text
    assert extracted.sections[-1].section == "Release notes > Fixes"
    assert "Safari" in extracted.sections[-1].text


def test_form_feeds_split_plain_text_into_pages() -> None:
    extracted = extract(b"first page\fsecond page", "text/plain")
    assert [(s.page, s.text) for s in extracted.sections] == [(1, "first page"), (2, "second page")]


def test_chunks_overlap_and_respect_the_size() -> None:
    text = " ".join(f"word{i:03d}" for i in range(300))  # 8 characters a word

    pieces = split_words(text, size=100, overlap=30)

    assert all(len(p) <= 100 for p in pieces)
    assert pieces[0].split()[-3:] == pieces[1].split()[:3]  # ~30 characters repeat
    assert pieces[-1].endswith("word299")
    covered = {w for p in pieces for w in p.split()}
    assert len(covered) == 300


def test_chunks_never_cross_pages_and_duplicates_are_dropped() -> None:
    sections = [
        Section("alpha " * 50, page=1),
        Section("beta " * 50, page=2),
        Section("alpha " * 50, page=3),
    ]

    chunks = chunk_sections(sections, size=120, overlap=20)

    assert {c.page for c in chunks} == {1, 2}  # page 3 repeats page 1 word for word
    assert all(("alpha" in c.text) != ("beta" in c.text) for c in chunks)
    assert [c.index for c in chunks] == list(range(len(chunks)))
