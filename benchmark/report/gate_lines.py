"""The set gates of a summary as plain text lines (terminal report): each gate's measured rate, its
bound, and whether it held; then whether the set passes."""

from __future__ import annotations

from typing import Any

_WORD = {True: "held", False: "FAILED", None: "not measured"}


def _gate_line(name: str, g: dict[str, Any], width: int) -> str:
    sign = "<=" if g.get("kind") == "max" else ">="
    rate = g.get("rate")
    measured = f"{rate:.4f} ({g.get('counted', 0)}/{g.get('measured', 0)})" if rate is not None else "-"
    return f"    {name.ljust(width)}  {measured:<16} {sign} {g.get('threshold', 0.0):.4f}  {_WORD[g.get('held')]}"


def gate_lines(summary: dict[str, Any]) -> list[str]:
    """Nothing when no set has gates."""
    sets = summary.get("gates") or {}
    if not sets:
        return []
    lines = ["set gates (passing_score):"]
    for path, entry in sorted(sets.items()):
        gates = entry.get("gates") or {}
        lines.append(f"  {path}  set {'PASS' if entry.get('passed') else 'FAIL'}")
        width = max((len(n) for n in gates), default=0)
        lines += [_gate_line(name, g, width) for name, g in sorted(gates.items())]
    return lines


def failed_gates(summary: dict[str, Any]) -> int:
    return sum(
        1
        for s in (summary.get("gates") or {}).values()
        for g in (s.get("gates") or {}).values()
        if g.get("held") is False
    )
