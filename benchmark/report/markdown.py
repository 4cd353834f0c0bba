"""``compare --markdown``: a comparison as Markdown, for a pull-request comment.

One heading per comparison (B against A), the verdict in a sentence, the table by type (scores, Δ with
its 95% CI, flips with the exact McNemar p, the verdict), then the flipped questions in a collapsed
``<details>`` block (GitHub and GitLab render it). Every cell is escaped, so a label holding ``|`` or
markup stays text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from benchmark.compare import Comparison, TypeDelta

VERDICT_SENTENCES = {
    "better": "**{b} is better than {a}** (the difference is beyond noise).",
    "worse": "**{b} is worse than {a}** (the difference is beyond noise).",
    "within noise": "**Within noise**: {b} and {a} cannot be told apart on these questions.",
    "no shared questions": "{b} and {a} share no scored question.",
}


def cell(text: object) -> str:
    """Text that stays text in a Markdown table cell."""
    out = str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")
    for ch in "<>*_`[]":
        out = out.replace(ch, "\\" + ch)
    return out


def _signed(x: float) -> str:
    return f"{x:+.3f}"


def _p(p: float) -> str:
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def _row(t: TypeDelta, name: str) -> str:
    ci, m = t.ci, t.mcnemar
    return (
        f"| {cell(name)} | {t.n} | {t.score_a:.3f} | {t.score_b:.3f} | {_signed(t.score_b - t.score_a)} | "
        f"[{_signed(ci.low)}, {_signed(ci.high)}] | {m.pass_to_fail} | {m.fail_to_pass} | {_p(m.p_value)} | "
        f"{t.verdict} |"
    )


def _flips(c: Comparison, max_flips: int) -> list[str]:
    flips = sorted(c.flips, key=lambda f: (f["a"] != "PASS", f["id"]))  # PASS->FAIL first
    if not flips:
        return ["No question changed between PASS and FAIL."]
    shown = flips if max_flips < 0 else flips[:max_flips]
    lines = [
        f"<details><summary>{len(flips)} flipped question{'s' if len(flips) != 1 else ''}</summary>",
        "",
        "| question | type | A | B | A score | B score |",
        "|---|---|---|---|---:|---:|",
    ]
    for f in shown:
        sa = "–" if f["score_a"] is None else f"{f['score_a']:.3f}"
        sb = "–" if f["score_b"] is None else f"{f['score_b']:.3f}"
        lines.append(f"| {cell(f['id'])} | {cell(f['type'])} | {f['a']} | {f['b']} | {sa} | {sb} |")
    if len(shown) < len(flips):
        lines += ["", f"... and {len(flips) - len(shown)} more (`--flips -1` lists all)."]
    return [*lines, "", "</details>"]


def comparison_markdown(c: Comparison, a: str, b: str, *, max_flips: int = 20) -> str:
    """One comparison of run ``b`` against run ``a`` (display names) as Markdown."""
    o = c.overall
    lines = [
        f"### {cell(b)} vs {cell(a)}",
        "",
        VERDICT_SENTENCES.get(o.verdict, "{b} against {a}.").format(a=cell(a), b=cell(b)),
        "",
        "| type | questions | A | B | Δ (B−A) | 95% CI of Δ | PASS→FAIL | FAIL→PASS | McNemar p | verdict |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
        _row(o, "all"),
        *(_row(t, t.type) for t in c.by_type),
        "",
        "Δ is over the questions both runs answered; a 95% CI that includes 0, with McNemar p ≥ 0.05, "
        "means the difference could be chance.",
    ]
    notes = []
    if c.skipped:
        notes.append(f"{len(c.skipped)} question(s) skipped in a run (not scored)")
    if c.only_in_a or c.only_in_b:
        notes.append(f"{len(c.only_in_a)} only in A, {len(c.only_in_b)} only in B (not compared)")
    if notes:
        lines += ["", "; ".join(notes) + "."]
    return "\n".join([*lines, "", *_flips(c, max_flips)]) + "\n"
