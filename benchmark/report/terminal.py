"""The terminal summary: a table by question type, then every FAIL, SKIP and ERROR with expected vs
extracted values and the reason, then the verdict. Plain text (it goes to stdout and into CI logs)."""

from __future__ import annotations

from typing import Any

from benchmark.report.notes import component_line, shortfalls

_HEAD = ("type", "total", "passed", "failed", "skipped", "score", "pass_rate", "coverage")


def _rate(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def _row(name: str, c: dict[str, Any]) -> tuple[str, ...]:
    resolved = c.get("passed", 0) + c.get("failed", 0)
    return (
        name,
        str(c.get("total", 0)),
        str(c.get("passed", 0)),
        str(c.get("failed", 0)),
        str(c.get("skipped", 0)),
        f"{c.get('score', 0.0):.4f}",
        f"{_rate(c.get('passed', 0), resolved):.4f}",
        f"{c.get('coverage', _rate(resolved, c.get('total', 0))):.4f}",
    )


def _table(rows: list[tuple[str, ...]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [r[0].ljust(widths[0])] + [cell.rjust(w) for cell, w in zip(r[1:], widths[1:], strict=True)]
        out.append("  ".join(cells).rstrip())
    return out


def type_table(summary: dict[str, Any]) -> list[str]:
    rows: list[tuple[str, ...]] = [_HEAD]
    rows += [_row(t, c) for t, c in sorted(summary.get("by_type", {}).items())]
    rows.append(_row("all", summary))
    return _table(rows)


def _header(report: dict[str, Any]) -> list[str]:
    adapter = (report.get("adapter") or {}).get("name", "?")
    dataset = (report.get("dataset") or {}).get("path", "?")
    sets = len(report.get("datasets") or [])
    return [
        f"legal-rag-bench {report.get('version', '')}  run {report.get('run_id', '?')}  adapter {adapter}",
        f"dataset {dataset} ({sets} set(s))",
        "",
    ]


def _problem_lines(q: dict[str, Any]) -> list[str]:
    trial = f" trial {q['trial']}" if q.get("trial") else ""
    head = f"{q['outcome']}  {q['id']}{trial}  {q['type']}"
    if q["outcome"] == "SKIP":
        return [f"{head}  {q.get('skip_reason') or 'no answer'}"]
    if q["outcome"] == "ERROR":
        return [f"{head}  the scorer raised {q.get('error') or 'an exception'}"]
    lines = [f"{head}  score {q.get('score') or 0.0:.2f}"]
    lines += [f"      {component_line(c)}" for c in shortfalls(q)]
    return lines


def _trials(summary: dict[str, Any]) -> list[str]:
    t = summary.get("trials")
    if not t:
        return []
    s, p = t["score"], t["pass_rate"]
    return [
        "",
        f"{t['n']} trials: score mean {s['mean']:.4f} (sd {s['stdev']:.4f}, {s['min']:.4f}-{s['max']:.4f}), "
        f"pass_rate mean {p['mean']:.4f} (sd {p['stdev']:.4f})",
    ]


def verdict(summary: dict[str, Any]) -> str:
    ok = summary.get("total", 0) > 0 and summary.get("passed") == summary.get("total")
    word = "PASS" if ok else "FAIL"
    errored = f", {summary['errored']} errored" if summary.get("errored") else ""
    return (
        f"{word}: {summary.get('passed', 0)} passed, {summary.get('failed', 0)} failed, "
        f"{summary.get('skipped', 0)} skipped{errored} of {summary.get('total', 0)}; "
        f"score {summary.get('score', 0.0):.4f}"
    )


def render_summary(report: dict[str, Any], *, run_dir: str | None = None) -> str:
    summary = report.get("summary", {})
    lines = _header(report) + type_table(summary) + _trials(summary)
    problems = [q for q in report.get("questions", []) if q.get("outcome") != "PASS"]
    if problems:
        lines.append("")
        for q in problems:
            lines += _problem_lines(q)
    lines += ["", verdict(summary)]
    if run_dir:
        lines.append(f"report: {run_dir}")
    return "\n".join(lines) + "\n"
