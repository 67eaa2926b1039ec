"""Agent output made safe to show: control characters visible, size bounded, Markdown sanitized,
artifact previews by media type read through no link and only a bounded prefix."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dashboard.previews import _csv, _diff, _json, render_markdown
from dashboard.text import clip, visible
from runs.artifacts import artifact_read
from runs.models import Artifact


def test_terminal_escapes_and_bidirectional_overrides_become_visible_characters() -> None:
    shown = visible("\x1b[31mred\x1b[0m\x07\x9b2J\u202eevil\tkept\n")

    assert shown == "\u241b[31mred\u241b[0m\u2407\ufffd2J\ufffdevil\tkept\n"


def test_a_long_value_is_clipped_with_the_count_of_what_was_left_out() -> None:
    clipped = clip("A" * 1_000_000, 4_000)

    assert len(clipped.text) == 4_000
    assert clipped.omitted == 996_000
    assert clip({"b": 1, "a": [1, 2]}).text == '{\n  "a": [\n    1,\n    2\n  ],\n  "b": 1\n}'


def test_markdown_keeps_formatting_and_drops_html_script_links_and_images() -> None:
    html = render_markdown(
        "# Title\n\n**bold** <script>alert(1)</script> <b onclick=x>raw</b>\n\n"
        "[bad](javascript:alert(1)) [good](https://example.com) ![px](https://t.example/p.png)"
    )

    assert "<h1>Title</h1>" in html
    assert "<strong>bold</strong>" in html
    assert "<script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "onclick" not in html.replace("&lt;b onclick=x&gt;", "")
    assert "javascript:" not in html.replace("[bad](javascript:alert(1))", "")
    assert 'href="https://example.com"' in html
    assert "<img" not in html


def test_diff_lines_are_classified_and_bounded() -> None:
    preview = _diff("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new\n ctx\n")

    assert [cls for cls, _ in preview.lines] == ["file", "file", "hunk", "del", "add", "ctx"]
    long = _diff("+" + "x" * 100_000)
    assert len(long.lines[0][1]) == 1_200


def test_csv_and_json_lists_become_tables_and_other_json_is_text() -> None:
    table = _csv("a,b\n1,2\n3,4\n")
    rows = _json('[{"a": 1}, {"b": "<i>x</i>"}]')

    assert (table.header, table.rows) == (["a", "b"], [["1", "2"], ["3", "4"]])
    assert (rows.header, rows.rows) == (["a", "b"], [["1", ""], ["", "<i>x</i>"]])
    assert _json('{"x": 1}').text == '{\n  "x": 1\n}'
    assert _json("not json").kind == "text"


def test_artifacts_are_read_through_no_link_and_only_a_prefix(tmp_path: Path) -> None:
    target = tmp_path / "big.txt"
    target.write_bytes(b"x" * 10_000)
    link = tmp_path / "link.txt"
    link.symlink_to(target)

    def stored(path: Path) -> Artifact:
        return Artifact(name=path.name, path=str(path))

    assert artifact_read(stored(target), 100) == (b"x" * 100, True)
    with pytest.raises(OSError):
        artifact_read(stored(link), 100)
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(OSError, match="not a regular file"):
        artifact_read(stored(tmp_path / "fifo"), 100)  # opened non-blocking, so no hang either
