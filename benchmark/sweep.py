"""Sweeps: run named variants of a system over the same questions and rank them.

A sweep file is TOML::

    [run]                         # shared by every variant (all keys optional)
    dataset = ["datasets"]        # default: the bundled datasets
    types = ["fact_exact"]
    baseline = "bm25-top5"        # the variant the others are compared with (default: the first)

    [[variant]]
    name = "bm25-top5"
    adapter = "baseline"          # any adapter spec (default "baseline")
    options = { retriever = "bm25", top_k = 5 }

Every variant runs through ``benchmark.api.run`` with one shared answer cache. The cache key is the
adapter's identity (its ``describe()``) plus the question and document, so a variant whose config is
identical to one already run (in this sweep or an earlier one) is answered from the cache instead of
asking the system again. Each run is recorded in the run history with the variant name as its label.

The leaderboard ranks by score, then coverage (as in the seed leaderboard: a variant that answers more questions
wins a tie); equal score and coverage share a rank. Each row also says whether the variant differs from
the baseline and from the leader beyond noise (paired bootstrap CI and exact McNemar test, as ``compare``).
Relative paths are taken from the working directory, as on the command line and in ``--config``.

``rank_by`` (``[run] rank_by`` or ``sweep --rank-by``) ranks by a retrieval metric instead: ``recall@5``,
``hit@5``, ``mrr@5`` (or ``mrr``), ``ndcg@5``, ``foreign_rate@5`` (lower first), then score, then
coverage; a variant that measured no retrieval ranks last. The k it names becomes every variant's
``retrieval_k``, and the rows then compare that metric with the baseline and the leader (paired
bootstrap CI of the difference of means; no McNemar, as the metric is no pass/fail).

Nothing is asked before every variant's adapter spec and options have been checked (each adapter is
built once and closed): a misspelled adapter in the last variant refuses the sweep (exit 2) before the
first variant spends a paid call. A variant that could not answer a single question (every one
skipped) is reported as failed, with the reason, and the sweep exits 1. A variant whose system cannot
be reached stops the sweep with that refusal; the variants before it are stored and their answers
cached, so running the sweep again after the fix asks only what is missing.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from benchmark.compare import Comparison, Retrieval, compare_outcomes, compare_retrieval
from benchmark.errors import BenchmarkError, ConfigError, RunStopped
from benchmark.retrieval_summary import LOWER_IS_BETTER, METRICS, metric_label
from benchmark.run_config import KeySpec, common_run_keys, read_run_table, read_toml, unknown_key

# [run] keys -> (benchmark.api.run keyword, accepted types): those of `run --config`, plus the baseline
RUN_KEYS: dict[str, KeySpec] = {
    **common_run_keys("sets_or_paths"),
    "baseline": ("baseline", str),
    "rank_by": ("rank_by", str),
}
VARIANT_KEYS = ("name", "adapter", "options", "description")
TOP_KEYS = ("run", "variant", "scoring")
RANKING = "score (higher first), then coverage (higher first); equal score and coverage share a rank"

Outcomes = dict[str, tuple[str, float | None, str]]


@dataclass(frozen=True)
class Variant:
    name: str
    adapter: str = "baseline"
    options: dict[str, Any] = field(default_factory=dict)
    description: str = ""


@dataclass
class SweepConfig:
    variants: list[Variant]
    run: dict[str, Any] = field(default_factory=dict)  # keywords for benchmark.api.run
    scoring: dict[str, Any] = field(default_factory=dict)
    baseline: str = ""
    path: Path | None = None
    rank_by: str = "score"

    def variant(self, name: str) -> Variant:
        return next(v for v in self.variants if v.name == name)


# --- parsing ----------------------------------------------------------------------------------


def _run_table(table: Any, path: Path | None) -> dict[str, Any]:
    return read_run_table(table, RUN_KEYS, path)


def _variant(item: Any, index: int, path: Path | None) -> Variant:
    where = f"[[variant]] #{index + 1}"
    if not isinstance(item, dict):
        raise ConfigError("each [[variant]] must be a table", path=path, where=where)
    for key in item:
        if key not in VARIANT_KEYS:
            raise unknown_key(path, where, key, VARIANT_KEYS)
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ConfigError("needs a name (a non-empty string)", path=path, where=where)
    adapter = item.get("adapter", "baseline")
    if not isinstance(adapter, str) or not adapter.strip():
        raise ConfigError("adapter must be a spec such as 'baseline'", path=path, where=f"{where} ({name})")
    options = item.get("options", {})
    if not isinstance(options, dict):
        raise ConfigError("options must be a table, e.g. { top_k = 5 }", path=path, where=f"{where} ({name})")
    description = item.get("description", "")
    if not isinstance(description, str):
        raise ConfigError("description must be a string", path=path, where=f"{where} ({name})")
    return Variant(name.strip(), adapter.strip(), dict(options), description)


def parse_sweep(data: Mapping[str, Any], path: Path | None = None) -> SweepConfig:
    """A sweep config from parsed TOML; every problem is a ``ConfigError`` naming the file and the table."""
    for key in data:
        if key not in TOP_KEYS:
            raise unknown_key(path, "top level", key, TOP_KEYS)
    run = _run_table(data.get("run", {}), path)
    items = data.get("variant", [])
    if not isinstance(items, list) or not items:
        raise ConfigError("no variants: add [[variant]] tables with a name, adapter and options", path=path)
    variants = [_variant(item, i, path) for i, item in enumerate(items)]
    names = [v.name for v in variants]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise ConfigError(f"variant names must be unique; repeated: {', '.join(dupes)}", path=path)
    baseline = run.pop("baseline", names[0])
    if baseline not in names:
        raise unknown_key(path, "[run] baseline", baseline, names)
    rank_by = run.pop("rank_by", "score")
    parse_rank_by(rank_by, path=path, where="[run] rank_by")
    scoring = data.get("scoring", {})
    if not isinstance(scoring, dict):
        raise ConfigError("[scoring] must be a table", path=path)
    return SweepConfig(variants, run, dict(scoring), baseline, path, rank_by)


def parse_rank_by(text: str, *, path: Path | None = None, where: str = "--rank-by") -> tuple[str, int | None]:
    """``score`` -> ("score", None); ``recall@5`` -> ("recall", 5); ``mrr`` -> ("mrr", None)."""
    name, _, k = text.strip().lower().partition("@")
    name = {"foreign": "foreign_rate", "foreign-rate": "foreign_rate"}.get(name, name)
    allowed = ("score", *METRICS)
    if name not in allowed:
        known = ", ".join(m if m == "score" else f"{m}@5" for m in allowed)
        close = difflib.get_close_matches(name, allowed, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise ConfigError(f"cannot rank by {text!r}; {hint}(known: {known})", path=path, where=where)
    if (name == "score" and k) or (k and (not k.isdecimal() or int(k) < 1)):
        raise ConfigError(
            f"{text!r}: write score, or a metric with a whole k of at least 1 (recall@5)",
            path=path,
            where=where,
        )
    return name, int(k) if k else None


def with_rank_k(config: SweepConfig) -> SweepConfig:
    """The config with the k of its ranking metric as every variant's ``retrieval_k``."""
    _, k = parse_rank_by(config.rank_by, path=config.path, where="rank_by")
    if k is None:
        return config
    given = config.scoring.get("retrieval_k")
    if given is not None and str(given) != str(k):
        raise ConfigError(
            f"rank_by {config.rank_by} measures at k={k}, but [scoring] retrieval_k is {given}: make them agree",
            path=config.path,
        )
    return replace(config, scoring={**config.scoring, "retrieval_k": k})


def load_sweep(path: str | Path) -> SweepConfig:
    p = Path(path)
    return parse_sweep(read_toml(p), p)


# --- leaderboard -------------------------------------------------------------------------------


def retrieval_of(report: Mapping[str, Any]) -> Retrieval:
    """question id -> its measured retrieval (trial 0), as ``RunStore.retrieval`` gives it."""
    return {
        str(q["id"]): dict(q["details"]["retrieval"])
        for q in report.get("questions", [])
        if int(q.get("trial", 0) or 0) == 0
        and ((q.get("details") or {}).get("retrieval") or {}).get("recall") is not None
    }


def outcomes_of(report: Mapping[str, Any]) -> Outcomes:
    """question id -> (outcome, score, type) of trial 0, as ``RunStore.outcomes`` gives it."""
    return {
        str(q["id"]): (str(q["outcome"]), q.get("score"), str(q["type"]))
        for q in report.get("questions", [])
        if int(q.get("trial", 0) or 0) == 0
    }


def _versus(c: Comparison) -> dict[str, Any]:
    o = c.overall
    return {
        "delta": round(o.score_b - o.score_a, 6),
        "ci_low": round(o.ci.low, 6),
        "ci_high": round(o.ci.high, 6),
        "p_value": round(o.mcnemar.p_value, 6),
        "verdict": o.verdict,
    }


def _ranked(
    entries: list[tuple[str, float, float]] | list[tuple[str, tuple[float, ...]]],
) -> list[tuple[int, str]]:
    """(rank, name) ordered by the keys (higher first: score, then coverage), then name; equal keys
    share a rank. An entry is (name, score, coverage) or (name, (key, ...))."""
    keyed = [
        (e[0], tuple(round(v, 6) for v in (e[1] if isinstance(e[1], tuple) else e[1:]))) for e in entries
    ]
    order = sorted(keyed, key=lambda e: (tuple(-v for v in e[1]), e[0]))
    out: list[tuple[int, str]] = []
    for i, (name, keys) in enumerate(order):
        tied = i > 0 and order[i - 1][1] == keys
        out.append((out[-1][0] if tied else i + 1, name))
    return out


def _rank_keys(report: Mapping[str, Any], metric: str) -> tuple[float, ...]:
    """The ranking keys of a report, higher first (a retrieval metric first when ranking by one)."""
    s = report["summary"]
    keys = (float(s["score"]), float(s["coverage"]))
    if metric == "score":
        return keys
    value = (s.get("retrieval") or {}).get(metric)
    if value is None:
        return (float("-inf"), *keys)
    return (-float(value) if metric in LOWER_IS_BETTER else float(value), *keys)


def _metric_versus(
    ref: Mapping[str, Any], other: Mapping[str, Any], metric: str, resamples: int
) -> dict[str, Any]:
    """B against A on one retrieval metric, overall (paired bootstrap), as the leaderboard shows it."""
    types = {qid: t for qid, (_, _, t) in outcomes_of(ref).items()}
    deltas = compare_retrieval(retrieval_of(ref), retrieval_of(other), types, resamples=resamples)
    found = next((d for d in deltas if d.metric == metric and d.type == "overall"), None)
    if found is None:
        return {
            "metric": metric,
            "delta": None,
            "ci_low": None,
            "ci_high": None,
            "p_value": None,
            "verdict": "no shared questions",
        }
    return {"metric": metric, "delta": round(found.mean_b - found.mean_a, 6), "ci_low": round(found.ci.low, 6),
            "ci_high": round(found.ci.high, 6), "p_value": None, "verdict": found.verdict}  # fmt: skip


def _row(name: str, report: Mapping[str, Any], variant: Variant | None) -> dict[str, Any]:
    s = report["summary"]
    by_type = {
        t: {k: v.get(k) for k in ("score", "coverage", "passed", "failed", "skipped", "total")}
        for t, v in sorted((s.get("by_type") or {}).items())
    }
    return {
        "name": name,
        "run_id": report.get("run_id"),
        "adapter": (report.get("adapter") or {}).get("name"),
        "options": dict(variant.options) if variant else {},
        "description": variant.description if variant else "",
        **{k: s.get(k) for k in ("score", "coverage", "pass_rate", "passed", "failed", "skipped", "total")},
        "by_type": by_type,
        "retrieval": s.get("retrieval"),
    }


def build_leaderboard(
    reports: Sequence[tuple[str, Mapping[str, Any]]],
    baseline: str,
    *,
    variants: Sequence[Variant] = (),
    resamples: int = 10_000,
    rank_by: str = "score",
) -> dict[str, Any]:
    """Rank named reports (docs/contract.md §5 dicts) by score, or by a retrieval metric (``rank_by``);
    compare each with the baseline and the leader."""
    metric, k = parse_rank_by(rank_by)
    by_name = {name: report for name, report in reports}
    known = {v.name: v for v in variants}
    ranked = _ranked([(n, _rank_keys(r, metric)) for n, r in reports])
    outcomes = {name: outcomes_of(r) for name, r in reports}
    leader = ranked[0][1]
    rows = []
    for rank, name in ranked:
        row = {"rank": rank, **_row(name, by_name[name], known.get(name))}
        for key, ref in (("vs_baseline", baseline), ("vs_leader", leader)):
            if ref == name:
                row[key] = None
            elif metric == "score":
                row[key] = _versus(
                    compare_outcomes(ref, outcomes[ref], name, outcomes[name], resamples=resamples)
                )
            else:
                row[key] = _metric_versus(by_name[ref], by_name[name], metric, resamples)
        rows.append(row)
    types = sorted({t for _, r in reports for t in (r["summary"].get("by_type") or {})})
    order = "lower" if metric in LOWER_IS_BETTER else "higher"
    ranking = RANKING
    if metric != "score":
        ranking = f"{metric_label(metric, k)} ({order} first), then score and coverage (higher first); equal values share a rank"
    return {
        "baseline": baseline,
        "leader": leader,
        "ranking": ranking,
        "rank_by": rank_by,
        "rows": rows,
        "by_type": _by_type(rows, types),
    }


def _by_type(rows: list[dict[str, Any]], types: list[str]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for t in types:
        scored = [(r["name"], r["by_type"][t]) for r in rows if t in r["by_type"]]
        ranked = _ranked([(n, float(v["score"] or 0.0), float(v["coverage"] or 0.0)) for n, v in scored])
        values = dict(scored)
        out[t] = [{"rank": rank, "name": name, **values[name]} for rank, name in ranked]
    return out


# --- running ------------------------------------------------------------------------------------


@dataclass
class VariantRun:
    variant: Variant
    run_id: str
    report: dict[str, Any]
    from_cache: int  # answers served from the shared answer cache
    asked: int  # answers the system was asked for

    @property
    def failed(self) -> str | None:
        """Why the variant failed (it answered no question at all), or None."""
        questions = self.report.get("questions") or []
        if not questions or any(q.get("outcome") != "SKIP" for q in questions):
            return None
        reasons: dict[str, int] = {}
        for q in questions:
            reason = str(q.get("skip_reason") or "no answer")
            reasons[reason] = reasons.get(reason, 0) + 1
        top = max(reasons.items(), key=lambda item: (item[1], item[0]))[0]
        more = f" (and {len(reasons) - 1} other reason(s))" if len(reasons) > 1 else ""
        return f"every one of its {len(questions)} questions was skipped: {top}{more}"


@dataclass
class SweepResult:
    config: SweepConfig
    runs: list[VariantRun]
    leaderboard: dict[str, Any]
    comparisons: list[Comparison]  # every other variant against the baseline, in leaderboard order

    @property
    def failed(self) -> list[tuple[str, str]]:
        """(variant, why) for each variant that answered no question."""
        return [(r.variant.name, why) for r in self.runs if (why := r.failed) is not None]

    def reports_for_html(self) -> list[dict[str, Any]]:
        """The baseline's report first, then the others in leaderboard order (for the comparison page)."""
        by_name = {r.variant.name: r.report for r in self.runs}
        order = [row["name"] for row in self.leaderboard["rows"] if row["name"] != self.config.baseline]
        return [{**by_name[n], "label": n} for n in [self.config.baseline, *order]]


OnVariant = Callable[[int, Variant, "VariantRun | None"], None]


def check_variants(config: SweepConfig) -> None:
    """Build (and close) every variant's adapter before anything is asked: a bad spec or option in any
    variant is a refusal naming the sweep file and the variant."""
    from benchmark.adapters.base import create_adapter

    for i, variant in enumerate(config.variants):
        try:
            adapter = create_adapter(variant.adapter, variant.options)
        except BenchmarkError as exc:
            raise ConfigError(
                f"adapter {variant.adapter!r}: {exc}; nothing was run (fix it, then run the sweep again)",
                path=config.path,
                where=f"[[variant]] #{i + 1} ({variant.name})",
            ) from None
        _close(adapter)


def _close(adapter: Any) -> None:
    import asyncio
    import inspect

    fn = getattr(adapter, "close", None)
    if callable(fn):
        result = fn()
        if inspect.isawaitable(result):
            asyncio.run(_awaited(result))


async def _awaited(value: Any) -> None:
    await value


def _run_variant(
    config: SweepConfig, variant: Variant, api_kwargs: Mapping[str, Any], progress: Any
) -> VariantRun:
    from benchmark import api
    from benchmark.report.json_report import build_report

    try:
        record = api.run(
            config.run.get("sets_or_paths"),
            variant.adapter,
            adapter_options=variant.options,
            label=variant.name,
            progress=progress,
            scorer_options=config.scoring,
            **{k: v for k, v in config.run.items() if k != "sets_or_paths"},
            **api_kwargs,
        )
    except RunStopped as exc:
        raise RunStopped(
            f"variant {variant.name!r}: {exc.problem} The variants before it are stored; run the sweep "
            "again once it is fixed (their answers come from the cache).",
            record=exc.record,
            path=config.path,
        ) from None
    cached = sum(1 for r in record.results if r.cached)
    return VariantRun(variant, record.run_id, build_report(record), cached, len(record.results) - cached)


def run_sweep(
    config: SweepConfig,
    *,
    output_dir: str | Path = "runs",
    cache_path: str | Path | None = "auto",
    store_path: str | Path | None = "auto",
    on_variant: OnVariant | None = None,
    progress: Any = None,
    resamples: int = 10_000,
) -> SweepResult:
    """Run every variant (one shared answer cache unless ``cache_path`` is None) and rank them."""
    api_kwargs: dict[str, Any] = {
        "output_dir": output_dir,
        "cache_path": cache_path,
        "resume": cache_path is not None,  # reuse the shared cache's answers for identical configs
        "store_path": store_path,
    }
    config = with_rank_k(config)
    check_variants(config)
    runs: list[VariantRun] = []
    for i, variant in enumerate(config.variants):
        if on_variant is not None:
            on_variant(i, variant, None)
        runs.append(_run_variant(config, variant, api_kwargs, progress))
        if on_variant is not None:
            on_variant(i, variant, runs[-1])
    named = [(r.variant.name, r.report) for r in runs]
    board = build_leaderboard(
        named, config.baseline, variants=config.variants, resamples=resamples, rank_by=config.rank_by
    )
    failed = {r.variant.name: r.failed for r in runs}
    for row in board["rows"]:
        row["failed"] = failed.get(row["name"])
    by_name = dict(named)
    base, base_retrieval = outcomes_of(by_name[config.baseline]), retrieval_of(by_name[config.baseline])
    comparisons = [
        compare_outcomes(by_name[config.baseline]["run_id"], base, by_name[row["name"]]["run_id"],
                         outcomes_of(by_name[row["name"]]), resamples=resamples,
                         retrieval=(base_retrieval, retrieval_of(by_name[row["name"]])))
        for row in board["rows"]
        if row["name"] != config.baseline
    ]  # fmt: skip
    return SweepResult(config, runs, board, comparisons)
