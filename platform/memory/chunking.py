"""Splits sections into overlapping chunks that never cross a page, so citations stay exact."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from memory.extraction import Section


@dataclass(frozen=True)
class Chunk:
    text: str
    page: int | None
    section: str
    index: int
    content_hash: str


def text_hash(text: str) -> str:
    return hashlib.sha256(" ".join(text.split()).encode()).hexdigest()


def split_words(text: str, *, size: int, overlap: int) -> list[str]:
    """Windows of whole words of at most `size` characters, each repeating ~`overlap` of the last."""
    if overlap >= size:
        raise ValueError("chunk overlap must be smaller than the chunk size")
    words = text.split()
    pieces: list[str] = []
    start = 0
    while start < len(words):
        end, length = start, 0
        while end < len(words) and (end == start or length + len(words[end]) + 1 <= size):
            length += len(words[end]) + 1
            end += 1
        pieces.append(" ".join(words[start:end]))
        if end >= len(words):
            break
        start = max(_overlap_start(words, start, end, overlap), start + 1)
    return pieces


def _overlap_start(words: list[str], start: int, end: int, overlap: int) -> int:
    back, length = end, 0
    while back > start and length + len(words[back - 1]) + 1 <= overlap:
        back -= 1
        length += len(words[back]) + 1
    return back


def chunk_sections(sections: list[Section], *, size: int, overlap: int) -> list[Chunk]:
    """Chunks in reading order; a chunk whose text repeats an earlier one is dropped."""
    chunks: list[Chunk] = []
    seen: set[str] = set()
    for section in sections:
        for piece in split_words(section.text, size=size, overlap=overlap):
            digest = text_hash(piece)
            if digest in seen:
                continue
            seen.add(digest)
            chunks.append(Chunk(piece, section.page, section.section, len(chunks), digest))
    return chunks
