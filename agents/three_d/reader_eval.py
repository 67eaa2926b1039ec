"""The reader's eval: `python -m agents.three_d.reader_eval [--split held_out]` scores the
generated corpus and prints the accuracy per split and every miss (brief, kind, what was wrong)
as JSON. The same corpus is the `three_d_reader` eval suite (`make eval-reader`), whose report
the platform keeps and shows like any eval's.

`--briefs FILE` instead takes briefs as customers wrote them (a JSON list, or {"briefs": [...]},
of {"id", "brief", "expect": {"size_mm", "parts", "watertight", "refuse"}}) and, with no model,
reads each one, fills its template from the reading, builds it and validates it as the workflow
would, and prints how many end as expected and every miss (no template, a wrong size or part
count, an open surface, a refusal that should not be, or one missing). The builds are templates'
own specs, run in this process."""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from agents.three_d.corpus import generate, read_for_scoring, score


def build_misses(case: dict[str, Any]) -> list[str]:
    """What keeps one brief from ending as its `expect` says, built from its template alone."""
    from agents.three_d.brief import understand
    from agents.three_d.checks import validate
    from agents.three_d.inside.build import build
    from agents.three_d.library import TEMPLATES

    expect = case.get("expect") or {}
    _, meaning = understand(case["brief"])
    if meaning["refusals"] or meaning["questions"]:
        said = "refused" if meaning["refusals"] else "asked a question"
        return [] if expect.get("refuse") else [f"{said}: {(meaning['refusals'] or meaning['questions'])[0]}"]  # fmt: skip
    if expect.get("refuse"):
        return ["built, but the brief is impossible"]
    if meaning["template"] is None:
        return ["no template fits: the brief needs a model-written spec"]
    spec = TEMPLATES[meaning["template"]].instantiate(meaning["stated_parameters_mm"], "mm")
    previous = Path.cwd()
    with tempfile.TemporaryDirectory() as where:
        os.chdir(where)  # the build writes its files under the current directory
        try:
            report = build({"spec": spec})
        finally:
            os.chdir(previous)
    if not report.get("ok"):
        return [f"the build failed: {report.get('error')}"]
    rules = {"target_use": "print" if expect.get("watertight") else "real-time", "triangle_budget": 200_000,
             "tolerance": 0.02, "reference_mm": meaning["size_mm"]}  # fmt: skip
    found = [item["message"] for item in validate(report, rules)["failures"]]
    low, high = report["bounds_mm"]
    size = [round(h - lo, 2) for lo, h in zip(low, high, strict=True)]
    wanted = expect.get("size_mm")
    if wanted and any(abs(s - w) > 0.02 * w for s, w in zip(size, wanted, strict=True)):
        found.append(f"size {size} mm, expected {wanted}")
    if expect.get("parts") and expect["parts"] != len(spec["parts"]):
        found.append(f"{len(spec['parts'])} parts, expected {expect['parts']}")
    return found


def score_briefs(cases: list[dict[str, Any]]) -> dict[str, Any]:
    rows = [{"id": c.get("id"), "misses": build_misses(c)} for c in cases]
    right = sum(not row["misses"] for row in rows)
    return {"briefs": len(rows), "as_expected": right, "misses": [r for r in rows if r["misses"]]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--split", choices=["dev", "held_out"], default=None)
    parser.add_argument("--count", type=int, default=320)
    parser.add_argument("--briefs", type=Path, default=None)
    args = parser.parse_args()
    if args.briefs is not None:
        loaded = json.loads(args.briefs.read_text())
        cases = loaded["briefs"] if isinstance(loaded, dict) else loaded
        print(json.dumps(score_briefs(cases), indent=2))
        return
    cases = [c for c in generate(args.count) if args.split in (None, c["split"])]
    print(json.dumps(score(cases, read_for_scoring), indent=2))


if __name__ == "__main__":
    main()
