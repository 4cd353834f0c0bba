"""``sweep CONFIG.toml`` and ``compare A B [C ...]``: rank variants, and say whether a difference is real.

Both print to stdout (a table, or JSON with ``--json``) and can write a self-contained HTML page
(``--html FILE``). Nothing heavy is imported at module level: ``--help`` loads every command module.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from benchmark.cli.runs_cmd import open_store, store_option
from benchmark.errors import ConfigError, StoreError

if TYPE_CHECKING:
    from benchmark.compare import Comparison, TypeDelta
    from benchmark.store import RunRow, RunStore
    from benchmark.sweep import Variant, VariantRun

VERDICT_WORDS = {
    "better": "is better than",
    "worse": "is worse than",
    "within noise": "is within noise of",
    "no shared questions": "shares no scored question with",
}


# --- text rendering -----------------------------------------------------------------------------


def _signed(x: float) -> str:
    return f"{x:+.3f}"


def _ci(low: float, high: float) -> str:
    return f"[{_signed(low)}, {_signed(high)}]"


def _p(p: float) -> str:
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def _p_eq(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"= {p:.3f}"


def explain(t: TypeDelta, a: str, b: str) -> str:
    """One plain sentence: the verdict, and the two numbers it rests on."""
    ci, m = t.ci, t.mcnemar
    if t.n == 0:
        return f"{b} and {a} have no question answered by both: nothing to compare."
    ci_word = "excludes 0" if ci.excludes_zero else "includes 0"
    p_word = "below" if m.p_value < 0.05 else "not below"
    evidence = (
        f"95% CI of the score difference {_ci(ci.low, ci.high)} {ci_word}; "
        f"{m.pass_to_fail} PASS->FAIL vs {m.fail_to_pass} FAIL->PASS, McNemar p {_p_eq(m.p_value)} ({p_word} 0.05)"
    )
    if t.verdict == "within noise":
        return (
            f"within noise: {b} and {a} cannot be told apart on these {t.n} questions "
            f"(Δ {_signed(t.score_b - t.score_a)}; {evidence}). Do not pick a winner on this."
        )
    gap = abs(t.score_b - t.score_a)
    return f"{t.verdict}: {b} {VERDICT_WORDS[t.verdict]} {a} by {gap:.3f} ({evidence})."


def _delta_line(t: TypeDelta) -> str:
    return (
        f"{t.type:<14}{t.n:>6}  {t.score_a:>6.3f}  {t.score_b:>6.3f}  {_signed(t.score_b - t.score_a):>7}  "
        f"{_ci(t.ci.low, t.ci.high):>18}  {t.mcnemar.pass_to_fail:>5}  {t.mcnemar.fail_to_pass:>5}  "
        f"{_p(t.mcnemar.p_value):>7}  {t.verdict}"
    )


def _flip_lines(c: Comparison, max_flips: int) -> list[str]:
    flips = sorted(c.flips, key=lambda f: (f["a"] != "PASS", f["id"]))  # PASS->FAIL first
    shown = flips if max_flips < 0 else flips[:max_flips]
    lines = [f"flipped questions: {len(flips)}" + (" (none)" if not flips else "")]
    for f in shown:
        sa = "-" if f["score_a"] is None else f"{f['score_a']:.3f}"
        sb = "-" if f["score_b"] is None else f"{f['score_b']:.3f}"
        lines.append(f"  {f['a']}->{f['b']}  {f['id']}  {f['type']}  {sa} -> {sb}")
    if len(shown) < len(flips):
        lines.append(
            f"  ... and {len(flips) - len(shown)} more (--flips -1 lists all; --html shows them all)"
        )
    return lines


def format_comparison(c: Comparison, a: str, b: str, *, max_flips: int = 20) -> str:
    head = f"{'type':<14}{'n':>6}  {'A':>6}  {'B':>6}  {'Δ':>7}  {'95% CI of Δ':>18}  {'P->F':>5}  {'F->P':>5}  {'p':>7}  verdict"
    lines = [f"B = {b}  vs  A = {a}", head, _delta_line(c.overall), *(_delta_line(t) for t in c.by_type)]
    lines += ["", explain(c.overall, a, b)]
    lines += [f"  {t.type}: {explain(t, a, b)}" for t in c.by_type if t.verdict != c.overall.verdict]
    lines += _retrieval_lines(c)
    lines += ["", *_flip_lines(c, max_flips)]
    extra = []
    if c.skipped:
        extra.append(f"{len(c.skipped)} question(s) skipped in a run (listed in --json, not scored)")
    if c.only_in_a or c.only_in_b:
        extra.append(f"{len(c.only_in_a)} question(s) only in A, {len(c.only_in_b)} only in B (not compared)")
    return "\n".join(lines + extra) + "\n"


def _retrieval_lines(c: Comparison) -> list[str]:
    """Each retrieval metric, overall then per type, with the CI of B - A (when both runs measured it)."""
    if not c.retrieval:
        return []
    from benchmark.retrieval_summary import metric_label

    names = [f"{metric_label(d.metric, d.k_a if d.k_a == d.k_b else None)} {d.type}" for d in c.retrieval]
    width = max(len("retrieval"), *map(len, names)) + 2
    head = f"{'retrieval':<{width}}{'n':>4}  {'A':>6}  {'B':>6}  {'Δ':>7}  {'95% CI of Δ':>18}  verdict"
    lines = ["", head]
    for name, d in zip(names, c.retrieval, strict=True):
        lines.append(
            f"{name:<{width}}{d.n:>4}  {d.mean_a:>6.3f}  {d.mean_b:>6.3f}  {_signed(d.mean_b - d.mean_a):>7}  "
            f"{_ci(d.ci.low, d.ci.high):>18}  {d.verdict}"
        )
    return lines


def _vs(v: dict[str, Any] | None, *, none: str) -> str:
    if v is None:
        return none
    if v.get("delta") is None:
        return str(v["verdict"])
    return f"{v['verdict']} {_signed(v['delta'])} {_ci(v['ci_low'], v['ci_high'])}"


def _retrieval_columns(rows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """(metric, heading) of the retrieval columns, when some variant measured retrieval."""
    from benchmark.retrieval_summary import METRICS, metric_label

    measured = [r["retrieval"] for r in rows if r.get("retrieval")]
    if not measured:
        return []
    ks = {m.get("k") for m in measured}
    k = next(iter(ks)) if len(ks) == 1 else None
    return [(m, metric_label("foreign" if m == "foreign_rate" else m, k)) for m in METRICS]


def _metric(row: dict[str, Any], metric: str) -> str:
    value = (row.get("retrieval") or {}).get(metric)
    return "-" if value is None else f"{value:.3f}"


def format_leaderboard(board: dict[str, Any]) -> str:
    rows = board["rows"]
    types = sorted({t for r in rows for t in r["by_type"]})
    width = max([len("variant"), *(len(r["name"]) for r in rows)])
    retrieval = _retrieval_columns(rows)
    head = f"{'rank':<5}{'variant':<{width + 2}}{'score':>6}  {'coverage':>8}  {'pass':>6}  " + "".join(
        f"{t:>14}" for t in types
    )
    head += "".join(f"{label:>12}" for _, label in retrieval)
    lines = [f"Leaderboard: {board['ranking']}", head + f"  vs {board['baseline']} (baseline)  |  vs leader"]
    for r in rows:
        cells = "".join(f"{r['by_type'].get(t, {}).get('score', 0.0):>14.3f}" for t in types)
        cells += "".join(f"{_metric(r, m):>12}" for m, _ in retrieval)
        lines.append(
            f"{r['rank']:<5}{r['name']:<{width + 2}}{r['score']:>6.3f}  {r['coverage']:>8.1%}  {r['pass_rate']:>6.1%}  "
            f"{cells}  {_vs(r['vs_baseline'], none='(baseline)')}  |  {_vs(r['vs_leader'], none='(leader)')}"
            + ("  FAILED: answered no question" if r.get("failed") else "")
        )
    return "\n".join(lines) + "\n"


def leaderboard_markdown(board: dict[str, Any], *, questions: int | None = None) -> str:
    """The leaderboard as Markdown tables (overall, then per question type)."""
    rows = board["rows"]
    types = sorted({t for r in rows for t in r["by_type"]})
    retrieval = _retrieval_columns(rows)
    columns = [*types, *(label for _, label in retrieval)]
    out = [
        f"Ranked by {board['ranking']}." + (f" {questions} questions per variant." if questions else ""),
        "",
        "| rank | variant | options | score | coverage | pass rate | "
        + " | ".join(columns)
        + f" | vs {board['baseline']} (baseline) | vs leader |",
        "|" + "---|" * (8 + len(columns)),
    ]
    for r in rows:
        opts = ", ".join(f"{k}={v}" for k, v in sorted(r["options"].items())) or "-"
        cells = " | ".join(
            [f"{r['by_type'].get(t, {}).get('score', 0.0):.3f}" for t in types]
            + [_metric(r, m) for m, _ in retrieval]
        )
        out.append(
            f"| {r['rank']} | {r['name']} | {opts} | {r['score']:.3f} | {r['coverage']:.1%} | {r['pass_rate']:.1%} | "
            f"{cells} | {_vs(r['vs_baseline'], none='(baseline)')} | {_vs(r['vs_leader'], none='(leader)')} |"
        )
    for t in types:
        out += ["", f"**{t}**", "", "| rank | variant | score | coverage | passed |", "|---|---|---|---|---|"]
        out += [
            f"| {e['rank']} | {e['name']} | {e['score']:.3f} | {e['coverage']:.1%} | {e['passed']}/{e['total']} |"
            for e in board["by_type"][t]
        ]
    return "\n".join(out) + "\n"


# --- compare --------------------------------------------------------------------------------------


def _existing_store(store_path: str | None) -> RunStore:
    from benchmark.store import DEFAULT_STORE

    path = Path(store_path) if store_path else DEFAULT_STORE
    if not path.is_file():
        raise StoreError(
            "no run history here: run the benchmark first, or point --store at history.sqlite", path=path
        )
    return open_store(str(path))


def _refuse_stopped(ids: list[str], rows: dict[str, RunRow]) -> None:
    """A stopped run has no score: comparing it would compare a system with its outage."""
    for run_id in ids:
        row = rows.get(run_id)
        if row is not None and row.stopped:
            raise ConfigError(
                f"run {_display(row, run_id)} was stopped before it was scored ({row.stop_reason}); "
                "it has no score to compare: run it again (with --resume) and compare that run"
            )


def _display(row: RunRow | None, run_id: str) -> str:
    return f"{row.label} ({run_id})" if row is not None and row.label else run_id


def _comparisons(store: RunStore, ids: list[str], resamples: int) -> list[Comparison]:
    from benchmark.compare import compare_outcomes

    base, base_retrieval = store.outcomes(ids[0]), store.retrieval(ids[0])
    out = []
    for other in ids[1:]:
        retrieval = (base_retrieval, store.retrieval(other))
        c = compare_outcomes(
            ids[0], base, other, store.outcomes(other), resamples=resamples, retrieval=retrieval
        )
        if c.overall.n == 0:
            raise ConfigError(
                f"runs {ids[0]} and {other} have no scored question in common: compare runs of the same question sets"
            )
        out.append(c)
    return out


def _write_compare_html(store: RunStore, ids: list[str], comparisons: list[Comparison], path: str) -> None:
    from benchmark.report.html import render_comparison_html, write_html

    reports = [store.get_run(i) for i in ids]
    write_html(path, render_comparison_html(reports, [c.to_dict() for c in comparisons]))
    click.echo(f"wrote {path}", err=True)


def _compare_json(
    rows: dict[str, RunRow], ids: list[str], comparisons: list[Comparison], threshold: float | None
) -> str:
    runs = [
        {"run_id": i, "label": rows[i].label if i in rows else None, **({
            k: getattr(rows[i], k) for k in ("adapter_name", "total", "score", "coverage")} if i in rows else {})}
        for i in ids
    ]  # fmt: skip
    regressions = [c.run_b for c in comparisons if threshold is not None and c.regression(threshold)]
    payload = {
        "reference": ids[0],
        "runs": runs,
        "comparisons": [c.to_dict() for c in comparisons],
        "fail_on_regression": threshold,
        "regressions": regressions,
    }
    return json.dumps(payload, ensure_ascii=False, indent=2)


@click.command()
@click.argument("refs", nargs=-1, required=True, metavar="A B [C ...]")
@store_option
@click.option("--json", "as_json", is_flag=True, help="Print the comparisons as JSON.")
@click.option(
    "--markdown", "as_markdown", is_flag=True, help="Print the comparisons as Markdown (for a PR comment)."
)
@click.option(
    "--html", "html_path", type=click.Path(dir_okay=False), help="Also write a self-contained HTML report."
)
@click.option(
    "--fail-on-regression",
    "threshold",
    type=click.FloatRange(0.0, 1.0),
    metavar="THRESHOLD",
    help="Exit 1 when a later run is significantly worse than A by at least THRESHOLD (score points, 0-1).",
)
@click.option("--resamples", type=click.IntRange(100, 1_000_000), default=10_000, show_default=True,
              help="Bootstrap resamples per confidence interval.")  # fmt: skip
@click.option("--flips", "max_flips", type=int, default=20, show_default=True,
              help="List at most this many flipped questions per comparison (-1: all).")  # fmt: skip
def compare(
    refs: tuple[str, ...],
    store_path: str | None,
    as_json: bool,
    as_markdown: bool,
    html_path: str | None,
    threshold: float | None,
    resamples: int,
    max_flips: int,
) -> int:
    """Compare runs on the same questions: B, C ... each against A.

    Per type: scores, the difference with a paired-bootstrap 95% confidence interval, pass/fail flips
    with an exact McNemar test, and a verdict (better / worse / within noise). A RUN is a run id, a
    unique prefix, a label, or `latest` / `latest~N`.

    Exit code 0, or 1 with --fail-on-regression when a run is significantly worse than A (the CI of
    the difference lies below 0) by at least THRESHOLD; 2 when a run cannot be found.

    \b
    Examples:
      python -m benchmark compare latest~1 latest
      python -m benchmark compare bm25-top5 hybrid-top5 --html compare.html
      python -m benchmark compare main-nightly latest --fail-on-regression 0.02
      python -m benchmark compare main-nightly latest --markdown > comment.md
    """
    if len(refs) < 2:
        raise ConfigError("compare needs at least two runs: A B [C ...] (see `runs list`)")
    with _existing_store(store_path) as store:
        ids = [store.resolve(r) for r in refs]
        rows = {r.run_id: r for r in store.list_runs() if r.run_id in ids}
        _refuse_stopped(ids, rows)
        comparisons = _comparisons(store, ids, resamples)
        if html_path:
            _write_compare_html(store, ids, comparisons, html_path)
    if as_json:
        click.echo(_compare_json(rows, ids, comparisons, threshold))
    elif as_markdown:
        from benchmark.report.markdown import comparison_markdown

        a = _display(rows.get(ids[0]), ids[0])
        pages = [
            comparison_markdown(c, a, _display(rows.get(c.run_b), c.run_b), max_flips=max_flips)
            for c in comparisons
        ]
        click.echo("\n".join(pages), nl=False)
    else:
        a = _display(rows.get(ids[0]), ids[0])
        for i, c in enumerate(comparisons):
            click.echo(
                ("\n" if i else "")
                + format_comparison(c, a, _display(rows.get(c.run_b), c.run_b), max_flips=max_flips),
                nl=False,
            )
    return _regression_exit(comparisons, threshold, rows)


def _regression_exit(
    comparisons: Sequence[Comparison], threshold: float | None, rows: dict[str, RunRow]
) -> int:
    if threshold is None:
        return 0
    failed = [c for c in comparisons if c.regression(threshold)]
    for c in failed:
        o = c.overall
        click.echo(
            f"regression: {_display(rows.get(c.run_b), c.run_b)} is significantly worse than A by "
            f"{-o.ci.mean_diff:.3f} (95% CI {_ci(o.ci.low, o.ci.high)}; threshold {threshold})",
            err=True,
        )
    return 1 if failed else 0


# --- sweep ---------------------------------------------------------------------------------------------


def _announce(total: int) -> Any:
    def on_variant(i: int, variant: Variant, done: VariantRun | None) -> None:
        opts = ", ".join(f"{k}={v}" for k, v in sorted(variant.options.items()))
        if done is None:
            click.echo(f"[{i + 1}/{total}] {variant.name}: {variant.adapter} {opts}".rstrip(), err=True)
            return
        s = done.report["summary"]
        click.echo(
            f"      score {s['score']:.3f}  coverage {s['coverage']:.1%}  run {done.run_id}  "
            f"({done.asked} asked, {done.from_cache} from the answer cache)",
            err=True,
        )
        if done.failed:
            click.echo(f"      FAILED: {done.failed}", err=True)

    return on_variant


@click.command()
@click.argument("config", type=click.Path(dir_okay=False))
@click.option("--output", type=click.Path(file_okay=False), default="runs", show_default=True,
              help="Where run directories go.")  # fmt: skip
@store_option
@click.option("--cache", "cache_path", type=click.Path(dir_okay=False),
              help="The shared answer cache (default <output>/cache.sqlite).")  # fmt: skip
@click.option("--no-cache", is_flag=True, help="Ask the system for every variant, even identical configs.")
@click.option("--json", "as_json", is_flag=True, help="Print the leaderboard as JSON.")
@click.option("--html", "html_path", type=click.Path(dir_okay=False),
              help="Write the HTML comparison: leaderboard, and every variant against the baseline.")  # fmt: skip
@click.option("--markdown", "markdown_path", type=click.Path(dir_okay=False),
              help="Write the leaderboard as Markdown tables.")  # fmt: skip
@click.option(
    "--progress/--no-progress", default=None, help="Progress bar on stderr (default: on a terminal)."
)
@click.option("--rank-by", "rank_by", metavar="METRIC",
              help="score (default), or a retrieval metric: recall@5, hit@5, mrr, ndcg@5, foreign_rate@5.")  # fmt: skip
def sweep(
    config: str,
    output: str,
    store_path: str | None,
    cache_path: str | None,
    no_cache: bool,
    as_json: bool,
    html_path: str | None,
    markdown_path: str | None,
    progress: bool | None,
    rank_by: str | None,
) -> int:
    """Run named variants of a system over the same questions and rank them.

    CONFIG is TOML: a [run] table (dataset, types, tags, baseline, ...) and [[variant]] tables, each
    with a name, an adapter spec and options. Variants share one answer cache, so an identical config
    is never asked twice; each run is stored in the run history labelled with its variant name. The
    leaderboard ranks by score, then coverage, and compares every variant with the baseline and the
    leader (paired bootstrap CI and McNemar, as `compare`); --rank-by recall@5 (hit@k, mrr, ndcg@k,
    foreign_rate@k) ranks by a retrieval metric measured at that k instead.

    Every variant's adapter spec and options are checked before anything is asked. Exit code 0 when
    every variant ran; 1 when a variant answered no question at all (it is named, with the reason);
    2 when the sweep file or a variant's adapter is refused, or a variant's system cannot be reached.

    \b
    Example:
      python -m benchmark sweep examples/sweep.toml --html sweep.html --markdown leaderboard.md
      python -m benchmark sweep examples/sweep.toml --rank-by recall@5
    """
    from benchmark.cli.progress import ProgressBar
    from benchmark.sweep import load_sweep, run_sweep

    cfg = load_sweep(config)
    if rank_by is not None:
        from dataclasses import replace

        from benchmark.sweep import parse_rank_by

        parse_rank_by(rank_by)
        cfg = replace(cfg, rank_by=rank_by)
    on = progress if progress is not None else sys.stderr.isatty()
    bar = ProgressBar(sys.stderr) if on else None
    try:
        result = run_sweep(
            cfg,
            output_dir=output,
            cache_path=None if no_cache else (cache_path or "auto"),
            store_path=store_path or "auto",
            on_variant=_announce(len(cfg.variants)),
            progress=bar,
        )
    finally:
        if bar is not None:
            bar.close()
    board = result.leaderboard
    _write_sweep_files(result, html_path, markdown_path)
    if as_json:
        click.echo(json.dumps(board, ensure_ascii=False, indent=2))
    else:
        click.echo(format_leaderboard(board), nl=False)
    for name, why in result.failed:
        click.echo(f"variant {name!r} failed: {why}", err=True)
    return 1 if result.failed else 0


def _write_sweep_files(result: Any, html_path: str | None, markdown_path: str | None) -> None:
    board = result.leaderboard
    if markdown_path:
        total = board["rows"][0]["total"] if board["rows"] else None
        try:
            Path(markdown_path).parent.mkdir(parents=True, exist_ok=True)
            Path(markdown_path).write_text(leaderboard_markdown(board, questions=total), encoding="utf-8")
        except OSError as exc:
            raise ConfigError(
                f"cannot write the leaderboard ({exc.strerror or exc})", path=markdown_path
            ) from None
        click.echo(f"wrote {markdown_path}", err=True)
    if html_path:
        from benchmark.report.html import render_comparison_html, write_html

        name = Path(str(result.config.path or "sweep")).name
        title = (
            f"Sweep {name}: {len(result.runs)} variants ranked, each compared with {result.config.baseline}"
        )
        page = render_comparison_html(
            result.reports_for_html(),
            [c.to_dict() for c in result.comparisons],
            leaderboard=board,
            title=title,
        )
        write_html(html_path, page)
        click.echo(f"wrote {html_path}", err=True)
