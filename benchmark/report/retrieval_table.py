"""The retrieval metrics of a run as a plain-text table (terminal summary): per type, then all.

Shown only when some answer gave contexts (``summary["retrieval"]``, ``benchmark.retrieval_summary``).
"""

from __future__ import annotations

from typing import Any

from benchmark.retrieval_summary import METRICS, metric_label

_SHORT = {"foreign_rate": "foreign"}


def _cell(value: Any) -> str:
    return "-" if value is None else f"{float(value):.4f}"


def retrieval_lines(summary: dict[str, Any]) -> list[str]:
    """The table's lines (none when the run measured no retrieval)."""
    overall = summary.get("retrieval")
    if not overall:
        return []
    k = overall.get("k")
    head = ["retrieval", "questions", *(metric_label(_SHORT.get(m, m), k) for m in METRICS)]
    rows = [head]
    for qtype, counts in sorted((summary.get("by_type") or {}).items()):
        r = counts.get("retrieval")
        if r:
            rows.append([qtype, str(r["questions"]), *(_cell(r.get(m)) for m in METRICS)])
    rows.append(["all", str(overall["questions"]), *(_cell(overall.get(m)) for m in METRICS)])
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = [
        "  ".join([r[0].ljust(widths[0]), *(c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True))])
        for r in rows
    ]
    if k is None:
        lines.append(f"(the sets use different k: {', '.join(map(str, overall.get('k_values') or []))})")
    return ["", *lines]
