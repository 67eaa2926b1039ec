"""The finance evaluation over generated filing sets (`variety.py`): each set is read with the
pack's own reader, located, mapped, extracted and reconciled as a run does, and the findings are
compared with the planted errors.

    python -m agents.finance.samples.evaluate [--split dev|held_out] [--sets N] [--json]

It prints precision and recall per finding kind, every miss and every false finding, the share of
the schema values printed that were extracted with the right value and place, and whether two
passes over the same set gave the same output. Reading here runs the reader in-process (the files
are the generator's own); a run reads documents in the sandbox.
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from agents.finance import labels
from agents.finance.extract import extract
from agents.finance.ledger import company_key
from agents.finance.locate import locate
from agents.finance.reconcile import reconcile
from agents.finance.samples.variety import HELD_OUT_FROM, PLANTS, build_set
from agents.finance.similarity import Embedder, local_embedder
from agents.finance.structure import check_tables


def read_set(folder: Path, truth: dict[str, Any]) -> dict[str, Any]:
    from agents.finance.inside.read import read

    answer = read({"paths": [str(folder / d["file"]) for d in truth["documents"]]})
    for document in answer["documents"]:
        document["path"] = Path(document["path"]).name
    return answer


def pipeline(answer: dict[str, Any], embedder: Embedder | None) -> dict[str, Any]:
    located = locate(answer["documents"], [])
    decisions = labels.decide(located["tables"], embedder)
    values = extract(located["tables"], located["documents"], decisions)
    structure = check_tables(located["tables"], decisions)
    result = reconcile(values, structure, located["documents"])
    return {**result, "located": located["findings"], "decisions": decisions}


def score_set(truth: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    found = [f for f in result["findings"] if f["category"] == "reconciliation"]
    company = company_key(truth["company"])
    planted = [{**p, "company": company} for p in truth["planted"]]
    matched_plants, true_findings = set(), set()
    for i, plant in enumerate(planted):
        for j, finding in enumerate(found):
            if j not in true_findings and _matches(plant, finding, truth):
                matched_plants.add(i)
                true_findings.add(j)
                break
    return {
        "found": [
            (f.get("kind", f["code"]), j in true_findings, _describe(f))
            for j, f in enumerate(found)
        ],
        "planted": [(p["kind"], i in matched_plants, p) for i, p in enumerate(planted)],
        "values": _values(truth, result["entries"]),
    }


def _matches(plant: dict[str, Any], finding: dict[str, Any], truth: dict[str, Any]) -> bool:
    if finding.get("kind") != plant["kind"] or finding.get("company") != plant["company"]:
        return False
    if plant["period"] is not None and finding.get("period") != plant["period"]:
        return False
    files = {d["role"]: d["file"] for d in truth["documents"]}
    cited = {s.get("document") for s in finding.get("sources", [])}
    return files[plant["document"]] in cited


def _describe(finding: dict[str, Any]) -> str:
    return f"{finding['code']}/{finding.get('kind')} {finding.get('item')} FY{finding.get('period')}: {finding['message'][:150]}"


def _values(truth: dict[str, Any], entries: list[dict[str, Any]]) -> tuple[int, int, list[str]]:
    placed = {}
    for e in entries:
        if e["type"] == "reported":
            s = e["source"]
            where = s.get("cell") if s.get("kind") == "xlsx" else s.get("row") if s.get("kind") == "csv" else s.get("page")  # fmt: skip
            placed[(s["document"], e["item"], e["period"], where)] = e["value"]
    total, right, misses = 0, 0, []
    for document in truth["documents"]:
        for v in document["values"]:
            where = v.get("cell") or v.get("row") or v.get("page")
            got = placed.get((document["file"], v["item"], v["period"], where))
            total += 1
            if got is not None and abs(got - v["value"]) <= 1e-6 * max(1.0, abs(v["value"])):
                right += 1
            else:
                misses.append(f"{document['file']} {v['item']} FY{v['period']} at {where}: want {v['value']}, got {got}")  # fmt: skip
    return total, right, misses


def evaluate(split: str, sets: int, embedder: Embedder | None) -> dict[str, Any]:
    first = HELD_OUT_FROM if split == "held_out" else 0
    per_kind: dict[str, Counter[str]] = {k: Counter() for k in (*PLANTS, "other")}
    report: dict[str, Any] = {"split": split, "sets": [], "misses": [], "false_findings": [], "value_misses": []}  # fmt: skip
    values_total = values_right = 0
    identical = True
    for seed in range(first, first + sets):
        planted = seed % 3 != 0
        with tempfile.TemporaryDirectory() as folder:
            truth = build_set(Path(folder), seed, planted=planted)
            answer = read_set(Path(folder), truth)
        result = pipeline(answer, embedder)
        identical &= _same(result, pipeline(answer, embedder))
        scored = score_set(truth, result)
        for kind, ok, described in scored["found"]:
            per_kind[kind if kind in per_kind else "other"]["tp" if ok else "fp"] += 1
            if not ok:
                report["false_findings"].append(f"seed {seed} ({truth['layout']}): {described}")
        for kind, ok, plant in scored["planted"]:
            per_kind[kind]["planted"] += 1
            if not ok:
                report["misses"].append(f"seed {seed} ({truth['layout']}): {plant}")
        total, right, misses = scored["values"]
        values_total, values_right = values_total + total, values_right + right
        report["value_misses"] += [f"seed {seed}: {m}" for m in misses]
        report["sets"].append({"seed": seed, "layout": truth["layout"], "planted": len(truth["planted"]), "findings": len(scored["found"])})  # fmt: skip
    report["kinds"] = {k: _rates(c) for k, c in per_kind.items() if c}
    report["values"] = {"total": values_total, "right": values_right, "share": values_right / max(values_total, 1)}  # fmt: skip
    report["identical_on_two_passes"] = identical
    return report


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    keys = ("entries", "findings", "checks")
    return json.dumps({k: a[k] for k in keys}, sort_keys=True, default=str) == json.dumps({k: b[k] for k in keys}, sort_keys=True, default=str)  # fmt: skip


def _rates(counts: Counter[str]) -> dict[str, Any]:
    tp, fp, planted = counts["tp"], counts["fp"], counts["planted"]
    return {
        "true": tp, "false": fp, "planted": planted,
        "precision": round(tp / (tp + fp), 3) if tp + fp else None,
        "recall": round(tp / planted, 3) if planted else None,
    }  # fmt: skip


def main(argv: list[str]) -> int:
    split = (
        "held_out" if "--split" in argv and argv[argv.index("--split") + 1] == "held_out" else "dev"
    )
    sets = int(argv[argv.index("--sets") + 1]) if "--sets" in argv else 16
    report = evaluate(split, sets, local_embedder())
    if "--json" in argv:
        print(json.dumps(report, indent=1))
        return 0
    print(f"split {split}: {sets} sets, layouts {sorted({s['layout'] for s in report['sets']})}")
    for kind, rates in report["kinds"].items():
        print(f"  {kind:15} precision {rates['precision']}  recall {rates['recall']}  (true {rates['true']}, false {rates['false']}, planted {rates['planted']})")  # fmt: skip
    v = report["values"]
    print(
        f"  values: {v['right']} of {v['total']} right value and place ({100 * v['share']:.2f} %)"
    )
    print(f"  identical output on two passes: {report['identical_on_two_passes']}")
    for title in ("misses", "false_findings", "value_misses"):
        print(f"{title}: {len(report[title])}")
        for line in report[title][:40]:
            print(f"  - {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
