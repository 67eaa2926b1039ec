"""The vendored front-end libraries are exactly what frontend/package-lock.json pins (rebuilt
with `make frontend`), each with its license, and no template loads anything from elsewhere."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FRONTEND = REPO / "frontend"


def test_vendored_files_match_the_manifest_and_the_lock_file() -> None:
    manifest = json.loads((FRONTEND / "static" / "vendor" / "MANIFEST.json").read_text())
    lock = json.loads((FRONTEND / "package-lock.json").read_text())["packages"]

    for path, entry in manifest.items():
        data = (REPO / path).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], f"{path} changed by hand"
        locked = lock[f"node_modules/{entry['package']}"]["version"]
        assert entry["version"] == locked, f"{path} is from {entry['version']}, lock has {locked}"
    licenses = {p.name for p in (FRONTEND / "static" / "vendor" / "licenses").iterdir()}
    assert licenses == {"htmx.org.txt", "chart.js.txt", "three.txt", "cfworker-json-schema.txt"}
    assert (REPO / "tests" / "browser" / "vendor" / "LICENSE-axe-core.txt").exists()


def test_templates_load_nothing_from_another_origin_and_run_no_inline_script() -> None:
    for template in (FRONTEND / "templates").rglob("*.html"):
        text = template.read_text()
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", text), template
        assert not re.search(r"<script(?![^>]*\bsrc=)>", text), f"inline script in {template}"
        assert not re.search(r"""\sstyle=["']""", text), f"inline style in {template}"
        assert not re.search(r"\son[a-z]+=", text), f"inline handler in {template}"
