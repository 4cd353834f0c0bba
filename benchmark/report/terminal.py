"""The terminal summary, for people: a table by question type (with the component weights), warnings,
then at most ``failures`` failed questions (worst first) each with the question, the answer's first
line, what was expected and what was read, and why, in plain words; skipped questions grouped by
reason; the verdict; and the paths of report.html and report.json. Plain text (stdout, CI logs).

The page is a sequence of sections (``SECTIONS``), each a function of the report returning lines;
a section with nothing to say returns none. New summaries (set gates, retrieval metrics) are new
sections, placed where they belong.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from benchmark.report.gate_lines import failed_gates, gate_lines
from benchmark.report.plain import answer_first_line, clip, explain, label
from benchmark.report.retrieval_table import retrieval_lines

DEFAULT_FAILURES = 10
ALL = -1  # --failures all
TYPE_ORDER = ("fact_exact", "evidence_set", "conflict_gap")
_HEAD = ("type", "total", "passed", "failed", "skipped", "score", "weights")
PROBLEMS_SHOWN_IDS = 5


@dataclass(frozen=True)
class View:
    """How much to show: ``failures`` failed questions at most (``ALL`` for every one, 0 for none)."""

    failures: int = DEFAULT_FAILURES
    run_dir: str | None = None
    digest: Digest | None = None

    def facts(self, report: dict[str, Any]) -> Digest:
        return self.digest or Digest.of(report.get("questions", []), self.failures)


def _type_key(name: str) -> tuple[int, str]:
    return (TYPE_ORDER.index(name) if name in TYPE_ORDER else len(TYPE_ORDER), name)


# --- the table --------------------------------------------------------------------------------


def _weights_of(q: Mapping[str, Any]) -> tuple[tuple[str, float], ...]:
    comps = (q.get("details") or {}).get("components") or {}
    weights = tuple(
        sorted(
            (
                (n, round(float(c.get("weight") or 0.0), 3))
                for n, c in comps.items()
                if isinstance(c, Mapping)
            ),
            key=lambda nw: (-nw[1], nw[0]),
        )
    )
    return tuple(nw for nw in weights if nw[1] > 0)


def _best_weights(seen: Mapping[str, Counter[tuple[tuple[str, float], ...]]]) -> dict[str, str]:
    out = {}
    for qtype, counts in seen.items():
        best = max(counts.items(), key=lambda item: (len(item[0]), item[1], item[0]))[0]
        out[qtype] = " + ".join(f"{label(n)} {w:g}" for n, w in best)
    return out


def type_weights(questions: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """Per type, the component weights most of its questions were scored with (all components applying)."""
    seen: dict[str, Counter[tuple[tuple[str, float], ...]]] = {}
    for q in questions:
        weights = _weights_of(q)
        if weights:
            seen.setdefault(str(q.get("type")), Counter())[weights] += 1
    return _best_weights(seen)


@dataclass
class Digest:
    """What the sections need from the question lines, gathered in one pass over them (a report read
    from its file decodes each line once): weights by type, the failures shown, skips by reason."""

    weights: dict[str, str]
    failed: int
    shown: list[Mapping[str, Any]]
    skips: dict[str, list[str]]

    @classmethod
    def of(cls, questions: Iterable[Mapping[str, Any]], failures: int) -> Digest:
        seen: dict[str, Counter[tuple[tuple[str, float], ...]]] = {}
        skips: dict[str, list[str]] = {}
        failed: list[Mapping[str, Any]] = []
        count = 0
        for q in questions:
            weights = _weights_of(q)
            if weights:
                seen.setdefault(str(q.get("type")), Counter())[weights] += 1
            outcome = q.get("outcome")
            if outcome == "SKIP":
                skips.setdefault(str(q.get("skip_reason") or "no answer"), []).append(str(q.get("id")))
            elif outcome != "PASS":
                count += 1
                if failures == ALL or failures > 0:
                    failed.append(q)
                if failures > 0 and len(failed) > 2 * failures:  # keep only the lowest, as they come
                    failed = heapq.nsmallest(failures, failed, key=_failure_key)
        shown = sorted(failed, key=_failure_key)
        return cls(_best_weights(seen), count, shown if failures == ALL else shown[:failures], skips)


def _row(name: str, c: Mapping[str, Any], weights: str) -> tuple[str, ...]:
    return (
        name,
        str(c.get("total", 0)),
        str(c.get("passed", 0)),
        str(c.get("failed", 0)),
        str(c.get("skipped", 0)),
        f"{c.get('score', 0.0):.4f}",
        weights,
    )


def _table(rows: list[tuple[str, ...]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [r[0].ljust(widths[0])]
        cells += [cell.rjust(w) for cell, w in zip(r[1:-1], widths[1:-1], strict=True)]
        cells.append(r[-1])
        out.append("  ".join(cells).rstrip())
    return out


def type_table(summary: Mapping[str, Any], weights: Mapping[str, str] | None = None) -> list[str]:
    weights = weights or {}
    by_type = summary.get("by_type", {})
    rows: list[tuple[str, ...]] = [_HEAD]
    rows += [_row(t, by_type[t], weights.get(t, "")) for t in sorted(by_type, key=_type_key)]
    rows.append(_row("all", summary, ""))
    return _table(rows)


# --- sections -----------------------------------------------------------------------------------


def _header(report: dict[str, Any], view: View) -> list[str]:
    adapter = (report.get("adapter") or {}).get("name", "?")
    dataset = (report.get("dataset") or {}).get("path", "?")
    sets = len(report.get("datasets") or [])
    return [
        f"legal-rag-bench {report.get('version', '')}  run {report.get('run_id', '?')}  adapter {adapter}",
        f"dataset {dataset} ({sets} set{'s' if sets != 1 else ''})",
    ]


def _summary_table(report: dict[str, Any], view: View) -> list[str]:
    summary = report.get("summary", {})
    lines = type_table(summary, view.facts(report).weights)
    lines.append(
        "score: the weighted mean of each question's components (0-1) over the questions answered; "
        f"coverage {summary.get('coverage', 0.0):.1%}"
    )
    return lines


def _trials(report: dict[str, Any], view: View) -> list[str]:
    t = report.get("summary", {}).get("trials")
    if not t:
        return []
    s, p = t["score"], t["pass_rate"]
    return [
        f"{t['n']} trials: score mean {s['mean']:.4f} (sd {s['stdev']:.4f}, {s['min']:.4f}-{s['max']:.4f}), "
        f"pass_rate mean {p['mean']:.4f} (sd {p['stdev']:.4f})"
    ]


def _judge(report: dict[str, Any], view: View) -> list[str]:
    summary = report.get("summary", {})
    if not summary.get("judge"):
        return []
    from benchmark.judges.summary import summary_line

    return [summary_line(summary)]


def _warnings(report: dict[str, Any], view: View) -> list[str]:
    return [f"warning: {w}" for w in report.get("warnings") or []]


def _failure_key(q: Mapping[str, Any]) -> tuple[Any, ...]:
    score = q.get("score")
    return (
        score if isinstance(score, (int, float)) else 2.0,
        _type_key(str(q.get("type"))),
        str(q.get("set") or ""),
        str(q.get("id")),
        q.get("trial") or 0,
    )


def failure_block(q: Mapping[str, Any], number: int) -> list[str]:
    trial = f" trial {q['trial']}" if q.get("trial") else ""
    score = q.get("score")
    head = f"{number:>2}. {q.get('outcome')}  {q.get('id')}{trial}  {q.get('type')}"
    head += f"  score {score:.2f}" if isinstance(score, (int, float)) else ""
    lines = [head]
    if q.get("question"):
        lines.append(f"    question  {clip(str(q['question']), 100)}")
    answer = answer_first_line(q, 100)
    lines.append(f"    answer    {answer or '(empty)'}")
    items = explain(q)
    weighed: set[str] = set()
    for item in items:
        weight = item.get("weight")
        shown = (
            f"weight {weight:g}"
            if isinstance(weight, (int, float)) and item["component"] not in weighed
            else ""
        )
        weighed.add(item["component"])
        if item["component"] == "exact_match" and item["label"] != label("exact_match"):  # one item per field
            shown = ", ".join(x for x in (label("exact_match"), shown) if x)
        what = f"{item['label']} ({shown})" if shown else item["label"]
        lines.append(f"    - {what}: expected {item['expected']}; read {item['read']}")
        lines.append(f"      why: {item['why']}")
    if not items:
        error = f"the scorer raised {q['error']}" if q.get("error") else None
        reason = error or q.get("skip_reason") or "the score is below the pass threshold"
        lines.append(f"    why: {reason}")
    return lines


def _failures(report: dict[str, Any], view: View) -> list[str]:
    facts = view.facts(report)
    if not facts.failed or view.failures == 0:
        return []
    title = f"Failures: {facts.failed}"
    if len(facts.shown) < facts.failed:
        title += f" (the {len(facts.shown)} lowest scores; --failures all lists every one, report.html shows them all)"
    lines = [title]
    for i, q in enumerate(facts.shown, 1):
        lines += failure_block(q, i)
    return lines


def _skips(report: dict[str, Any], view: View) -> list[str]:
    groups = view.facts(report).skips
    if not groups:
        return []
    total = sum(len(ids) for ids in groups.values())
    lines = [f"Skipped: {total} (not scored; identical reasons grouped)"]
    for reason, ids in sorted(groups.items(), key=lambda item: (-len(item[1]), item[0])):
        shown = ", ".join(ids[:PROBLEMS_SHOWN_IDS]) + (", …" if len(ids) > PROBLEMS_SHOWN_IDS else "")
        lines.append(f"  {len(ids)} × {reason}  ({shown})")
    return lines


def verdict(summary: Mapping[str, Any]) -> str:
    gates = failed_gates(dict(summary))
    ok = summary.get("total", 0) > 0 and summary.get("passed") == summary.get("total") and not gates
    word = "PASS" if ok else "FAIL"
    failed = f"; {gates} set gate(s) failed" if gates else ""
    errored = f", {summary['errored']} errored" if summary.get("errored") else ""
    return (
        f"{word}: {summary.get('passed', 0)} passed, {summary.get('failed', 0)} failed, "
        f"{summary.get('skipped', 0)} skipped{errored} of {summary.get('total', 0)}; "
        f"score {summary.get('score', 0.0):.4f}{failed}"
    )


def _retrieval(report: dict[str, Any], view: View) -> list[str]:
    """Retrieval means per type, when answers gave ranked contexts (``retrieval_table``)."""
    return retrieval_lines(report.get("summary", {}))[1:]


def _gates(report: dict[str, Any], view: View) -> list[str]:
    return gate_lines(report.get("summary", {}))


def _verdict(report: dict[str, Any], view: View) -> list[str]:
    if report.get("status") == "stopped":
        return [f"STOPPED (not a score): {report.get('stop_reason') or 'the run stopped early'}"]
    return [verdict(report.get("summary", {}))]


def _paths(report: dict[str, Any], view: View) -> list[str]:
    if not view.run_dir:
        return []
    base = view.run_dir if view.run_dir.endswith("/") else view.run_dir + "/"
    return [f"report.html  {base}report.html", f"report.json  {base}report.json"]


Section = Callable[[dict[str, Any], View], list[str]]
# blank lines go between non-empty sections; the verdict and the paths stay together at the end
SECTIONS: tuple[tuple[Section, ...], ...] = (
    (_header,),
    (_summary_table,),
    (_retrieval,),
    (_trials,),
    (_judge,),
    (_gates,),
    (_warnings,),
    (_failures,),
    (_skips,),
    (_verdict, _paths),
)


def render_summary(
    report: dict[str, Any], *, run_dir: str | None = None, failures: int = DEFAULT_FAILURES
) -> str:
    view = View(failures, run_dir, Digest.of(report.get("questions", []), failures))
    blocks = []
    for group in SECTIONS:
        lines = [line for section in group for line in section(report, view)]
        if lines:
            blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"
