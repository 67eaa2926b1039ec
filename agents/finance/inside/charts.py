"""Line charts of the ledger series the brief asks about, as PNG and SVG, written into the
workspace (`dir`) and reported with their SHA-256, so the report step can check it embeds
exactly these files."""

from __future__ import annotations

import hashlib
import os
from typing import Any

MAX_CHARTS = 6
MAX_SERIES = 12


def charts(request: dict[str, Any]) -> dict[str, Any]:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "longhaul"  # the same SVG for the same data
    directory = str(request["dir"])
    os.makedirs(directory, exist_ok=True)
    drawn = [_chart(spec, directory) for spec in request["charts"][:MAX_CHARTS]]
    return {"ok": True, "charts": drawn}


def _chart(spec: dict[str, Any], directory: str) -> dict[str, Any]:
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter

    figure, axes = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    for series in spec["series"][:MAX_SERIES]:
        points = sorted((int(x), float(y)) for x, y in series["points"])
        axes.plot(
            [p[0] for p in points],
            [p[1] for p in points],
            marker="o",
            label=str(series["label"])[:60],
        )
    axes.set_title(str(spec["title"])[:80])
    axes.set_xticks(sorted({int(x) for s in spec["series"] for x, _ in s["points"]}))
    axes.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"FY{int(x)}"))
    axes.yaxis.set_major_formatter(FuncFormatter(_formatter(spec["kind"])))
    axes.grid(True, alpha=0.3)
    axes.legend(fontsize=8)
    figure.tight_layout()
    found = {"name": spec["name"], "title": spec["title"]}
    for suffix in ("png", "svg"):
        path = os.path.join(directory, f"chart-{spec['name']}.{suffix}")
        figure.savefig(path, format=suffix, metadata={"Date": None} if suffix == "svg" else None)
        with open(path, "rb") as handle:
            found[f"{suffix}_sha256"] = hashlib.sha256(handle.read()).hexdigest()
        found[suffix] = path
    plt.close(figure)
    return found


def _formatter(kind: str) -> Any:
    if kind == "percent":
        return lambda y, _: f"{y * 100:.0f}%"
    if kind == "multiple":
        return lambda y, _: f"{y:.1f}x"
    return lambda y, _: f"{y / 1e6:,.0f}m" if abs(y) >= 1e6 else f"{y:,.0f}"
