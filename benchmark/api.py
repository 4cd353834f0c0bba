"""The Python API that the CLI, the seed-compatible ``BenchmarkRunner`` and tests share.

``run(...)`` loads the sets, checks every selected question is scorable, asks the system (answers go to
the answer cache as they arrive), scores, and writes the run directory and the run history.
``rescore(...)`` re-applies the current scorers to a stored run's answers without asking anything.

A run whose system could not be reached, or that kept failing the same way (``stop_after`` questions
in a row), is written and stored with ``status: stopped`` and then refused with ``RunStopped`` (exit 2):
a stopped run is not a score. Every run directory gets ``report.html`` beside ``report.json``.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from benchmark.adapters.base import create_adapter, describe
from benchmark.answers import parse_answer, unknown_key_warnings
from benchmark.cache import AnswerCache, adapter_sha, canonical_json, sha256_text
from benchmark.errors import ConfigError, RunStopped, StoreError
from benchmark.failfast import DEFAULT_STOP_AFTER
from benchmark.plan import Plan, SetsOrPaths, plan, schema_sha256
from benchmark.results import STOPPED, QuestionResult, RunRecord, outcome_of
from benchmark.rundir import (
    TOOL,
    RunDir,
    display_path,
    find_resumable,
    find_run,
    git_commit,
    new_run_id,
    tool_version,
)
from benchmark.runner import Job, Replies, Reply, Settings, run_jobs_sync

if TYPE_CHECKING:
    from benchmark.judges.session import Judging
    from scorers.verdicts import Verdict

DEFAULT_OUTPUT = Path("runs")
AUTO: Literal["auto"] = "auto"
Progress = Callable[[int, int], None]


def _utc_now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _build_adapter(spec: str | Any, options: Mapping[str, Any] | None) -> tuple[Any, str]:
    """A spec is built through the registry; an object with ``.query(Query)`` is used as it is."""
    if isinstance(spec, str):
        return create_adapter(spec, options), spec
    if callable(getattr(spec, "query", None)):
        return spec, str(getattr(spec, "name", None) or type(spec).__name__)
    raise ConfigError(
        f"adapter must be a spec like 'baseline' or an object with .query(), got {type(spec).__name__}"
    )


def _resolve(value: str | Path | Literal["auto"] | None, output_dir: Path | None, name: str) -> Path | None:
    if value == AUTO:
        return None if output_dir is None else output_dir / name
    return None if value is None else Path(value)


def _score(
    plan_: Plan,
    reply: Reply,
    scorer_options: Mapping[str, Any] | None,
    verdicts: Mapping[str, Verdict] | None = None,
) -> QuestionResult:
    from benchmark.scoring import score_or_error

    qs, q = plan_.pairs[reply.job.seq // plan_.repeat]
    scored = None
    if reply.answer is not None:
        doc, case = plan_.document(qs), plan_.case(qs)
        scored = score_or_error(
            q,
            reply.answer,
            criteria=qs.criteria,
            document=doc,
            options=scorer_options,
            case=case,
            verdicts=verdicts,
        )
    result = scored if not isinstance(scored, str) else None
    return QuestionResult(
        question=q,
        outcome=outcome_of(scored),
        result=result,
        answer=reply.answer,
        latency_ms=reply.latency_ms,
        skip_reason=(reply.skip_reason or "no answer") if scored is None else None,
        trial=reply.job.trial,
        attempts=reply.attempts,
        cached=reply.cached,
        error=scored if isinstance(scored, str) else None,
    )


def _score_all(
    plan_: Plan, replies: list[Reply], scorer_options: Mapping[str, Any] | None, judging: Judging | None
) -> list[QuestionResult]:
    """Every reply scored. With a judge: the scorers list what it may overturn, the judge (or its cache)
    answers all of it at once, and those answers are scored again with the verdicts (scorers stay pure)."""
    results = [_score(plan_, r, scorer_options, None if judging is None else {}) for r in replies]
    if judging is None:
        return results
    from benchmark.judges.session import pending

    verdicts = judging.verdicts(pending(r.result for r in results))
    return [
        _score(plan_, reply, scorer_options, verdicts) if r.result is not None and r.result.judgements else r
        for reply, r in zip(replies, results, strict=True)
    ]


def _judging(
    spec: str | None,
    options: Mapping[str, Any] | None,
    cache: str | Path | Literal["auto"] | None,
    out: Path | None,
) -> Judging | None:
    if spec is None:
        return None
    from benchmark.judges.session import open_judging

    return open_judging(spec, options, _resolve(cache, out, "judge-cache.sqlite"))


def answer_line(r: Reply) -> dict[str, Any]:
    """One line of ``answers.jsonl``: the replay format (the answer object plus its question id)."""
    assert r.answer is not None
    return {
        "id": r.job.query.question.id,
        "trial": r.job.trial,
        "latency_ms": r.latency_ms,
        **r.answer.to_dict(),
    }


def _write_answers(run_dir: RunDir | None, replies: list[Reply]) -> None:
    """``answers.jsonl``, written before anything is scored: a fault in scoring or reporting never loses it."""
    if run_dir is not None:
        run_dir.write_answers(answer_line(r) for r in replies if r.answer is not None)


def _finish(
    record: RunRecord,
    run_dir: RunDir | None,
    store_path: Path | None,
    label: str | None,
    html: Plan | None = None,
) -> None:
    """report.json, the run history, then report.html (last: the others never wait on it), drawn from
    the plan's sets and documents (``html``; None: no page). answers.jsonl is written before scoring.
    A page that cannot be written costs nothing else: its exception is kept as ``record.page_error``
    (the CLI prints the summary, then reports it)."""
    from benchmark.report.json_report import build_report, dumps_report_bytes

    if run_dir is None:
        return
    report = build_report(record)
    run_dir.write_report(dumps_report_bytes(report))
    if store_path is not None:
        from benchmark.store import RunStore

        with RunStore(store_path) as store:
            store.save_report(report, label=label)
    if html is not None:
        from benchmark.report.html import Sources, render_run_html, write_html

        try:
            sources = Sources.of({id(qs): qs for qs, _ in html.pairs}.values(), html.documents)
            write_html(run_dir.path / "report.html", render_run_html(report, sources=sources))
        except Exception as exc:
            record.page_error = exc


class _Collector:
    """Receives replies as they arrive: cache first (so nothing is lost), then progress."""

    def __init__(
        self, cache: AnswerCache | None, identity_sha: str, run_id: str, total: int, progress: Progress | None
    ):
        self.cache, self.identity_sha, self.run_id = cache, identity_sha, run_id
        self.total, self.done, self.progress = total, 0, progress

    def start(self, already: int) -> None:
        self.done = already
        if self.progress is not None:
            self.progress(self.done, self.total)

    def __call__(self, reply: Reply) -> None:
        if self.cache is not None and reply.answer is not None:
            from benchmark.cache import CachedAnswer

            q = reply.job.query.question
            entry = CachedAnswer(
                reply.job.key,
                q.id,
                reply.job.trial,
                reply.answer.to_dict(),
                reply.latency_ms,
                reply.attempts,
                self.run_id,
            )
            self.cache.put(entry, self.identity_sha)
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, self.total)


def _cached_replies(cache: AnswerCache | None, jobs: list[Job]) -> dict[int, Reply]:
    if cache is None:
        return {}
    found = cache.get_many(j.key for j in jobs)
    return {
        j.seq: Reply(
            j, parse_answer(found[j.key].answer), None, found[j.key].latency_ms, found[j.key].attempts, True
        )
        for j in jobs
        if j.key in found
    }


def run(
    sets_or_paths: SetsOrPaths = None,
    adapter_spec: str | Any = "baseline",
    *,
    types: Sequence[str] = (),
    tags: Sequence[str] = (),
    adapter_options: Mapping[str, Any] | None = None,
    concurrency: int = 4,
    timeout: float = 60.0,
    retries: int = 2,
    rate_limit: float | None = None,
    repeat: int = 1,
    cache_path: str | Path | Literal["auto"] | None = AUTO,
    resume: bool = False,
    output_dir: str | Path | None = DEFAULT_OUTPUT,
    document: str | Path | None = None,
    progress: Progress | None = None,
    scorer_options: Mapping[str, Any] | None = None,
    label: str | None = None,
    store_path: str | Path | Literal["auto"] | None = AUTO,
    judge: str | None = None,
    judge_options: Mapping[str, Any] | None = None,
    judge_cache: str | Path | Literal["auto"] | None = AUTO,
    stop_after: int = DEFAULT_STOP_AFTER,
    html: bool = True,
) -> RunRecord:
    """Run the benchmark and return its record; with ``output_dir`` also write ``<output_dir>/<run-id>/``
    (with ``report.html`` unless ``html`` is false).

    ``cache_path`` and ``store_path`` default to ``cache.sqlite`` / ``history.sqlite`` in ``output_dir``
    (none when ``output_dir`` is None). ``resume`` reuses cached answers of the same system, questions,
    documents and trials, and continues the newest unfinished run directory with the same fingerprint.
    ``judge`` (``semantic``, ``openai:CONFIG.toml``; off by default) may overturn text mismatches; its
    verdicts are cached in ``judge_cache`` (default ``judge-cache.sqlite`` in ``output_dir``).
    ``stop_after``: this many questions in a row failing with the same transport fault stop the run
    (0: never). A stopped run, or a system the probe cannot reach, raises ``RunStopped`` (its ``record``
    is the stopped run, written and stored as such).
    """
    settings = Settings(
        concurrency=concurrency,
        timeout=timeout,
        retries=retries,
        rate_limit=rate_limit,
        stop_after=stop_after,
    ).checked()
    out_dir = None if output_dir is None else Path(output_dir)
    cache_file = _resolve(cache_path, out_dir, "cache.sqlite")
    if repeat < 1 or (resume and cache_file is None):
        problem = "must be at least 1" if repeat < 1 else "needs the answer cache; drop --no-cache"
        raise ConfigError(problem, where="--repeat" if repeat < 1 else "--resume")
    schema = schema_sha256()
    known = _validated_sets(cache_file, schema)
    the_plan = plan(sets_or_paths, types=types, tags=tags, document=document, repeat=repeat, trusted=known)
    judging = _judging(judge, judge_options, judge_cache, out_dir)
    adapter, spec = _build_adapter(adapter_spec, adapter_options)
    identity = describe(adapter, spec)
    identity_sha = adapter_sha(identity)
    jobs = the_plan.jobs(identity_sha)
    options = {
        "dataset": the_plan.inputs,
        "types": sorted(types),
        "tags": sorted(tags),
        "repeat": repeat,
        "document": display_path(document) if document else None,
        "scorer_options": dict(scorer_options or {}),
    }
    if judging is not None:
        options["judge"] = judging.describe()
    config = _config(spec, identity, jobs, settings, options, the_plan)
    run_dir, config = _open_run(out_dir, config, resume)
    run_id = str(config["run_id"])
    t0 = time.perf_counter()
    with contextlib.ExitStack() as stack:
        cache = stack.enter_context(AnswerCache(cache_file)) if cache_file is not None else None
        clean = [sha for sha in the_plan.loaded.values() if sha not in the_plan.warned]
        if cache is not None and set(clean) - known:
            cache.mark_validated(clean, schema)
        collector = _Collector(cache, identity_sha, run_id, len(jobs), progress)
        replies = _ask(adapter, jobs, settings, cache if resume else None, collector)
    _write_answers(run_dir, replies)
    results = _score_all(the_plan, replies, scorer_options, judging)
    record = _record(config, the_plan, results, time.perf_counter() - t0)
    record.warnings = unknown_key_warnings((r.job.query.question.id, r.unknown_keys) for r in replies)
    if replies.stopped:
        record.status, record.stop_reason = STOPPED, replies.stopped
    _finish(
        record, run_dir, _resolve(store_path, out_dir, "history.sqlite"), label, the_plan if html else None
    )
    if replies.stopped:
        raise _stopped(record, spec, run_dir)
    return record


def _stopped(record: RunRecord, spec: str, run_dir: RunDir | None) -> RunStopped:
    """The one-line refusal of a stopped run: why, what to do, and where it is recorded."""
    received = sum(r.answer is not None for r in record.results)
    if (record.stop_reason or "").startswith("cannot reach"):
        todo = "start the system or fix its address in the adapter config, then run again"
    else:
        todo = f"check the system, then run again with --resume ({received} answers received are kept)"
    where = f" in {display_path(run_dir.path)}/" if run_dir is not None else ""
    return RunStopped(
        f"{record.stop_reason}. {todo[0].upper()}{todo[1:]}. The run is recorded as stopped{where}, not scored.",
        record=record,
        path=f"--adapter {spec}",
    )


def _validated_sets(cache_file: Path | None, schema: str) -> set[str]:
    """Set files an earlier run validated under this schema (none when there is no cache yet)."""
    if cache_file is None or not cache_file.is_file():
        return set()
    with AnswerCache(cache_file) as cache:
        return cache.validated_sets(schema)


def _config(
    spec: str,
    identity: dict[str, Any],
    jobs: list[Job],
    settings: Settings,
    options: dict[str, Any],
    the_plan: Plan,
) -> dict[str, Any]:
    """What ``config.json`` records before the first question: enough to resume, rescore and reproduce."""
    return {
        "adapter": {"name": spec, "config": identity["config"]},
        "adapter_sha": adapter_sha(identity),
        "fingerprint": sha256_text(canonical_json([j.key for j in jobs])),
        "settings": asdict(settings),
        "options": options,
        "sets": the_plan.loaded,
        "schema_sha256": schema_sha256(),
    }


def _open_run(
    out_dir: Path | None, config: dict[str, Any], resume: bool
) -> tuple[RunDir | None, dict[str, Any]]:
    """A new run (id, start time, directory with ``config.json``), or the unfinished one ``--resume`` continues."""
    previous = find_resumable(out_dir, config["fingerprint"]) if resume and out_dir is not None else None
    if previous is not None:
        old = previous.read_config()
        config = {**config, "run_id": previous.run_id, "started_at": old.get("started_at", _utc_now())}
    else:
        config = {**config, "run_id": new_run_id(), "started_at": _utc_now()}
    config.update(tool=TOOL, version=tool_version())
    if out_dir is None:
        return None, config
    run_dir = RunDir(out_dir / config["run_id"]).create()
    run_dir.write_config(config)
    return run_dir, config


def _record(
    config: dict[str, Any], the_plan: Plan, results: list[QuestionResult], seconds: float
) -> RunRecord:
    return RunRecord(
        run_id=config["run_id"],
        tool=TOOL,
        version=tool_version(),
        started_at=config["started_at"],
        finished_at=_utc_now(),
        datasets=the_plan.datasets(),
        adapter=dict(config.get("adapter") or {}),
        options={**config["options"], "duration_s": round(seconds, 3)},
        results=results,
        git_commit=git_commit(),
    )


def _ask(
    adapter: Any, jobs: list[Job], settings: Settings, cache: AnswerCache | None, collector: _Collector
) -> Replies:
    """Cached answers (when resuming) first, then the rest from the system."""
    have = _cached_replies(cache, jobs)
    collector.start(len(have))
    todo = [j for j in jobs if j.seq not in have]
    asked = run_jobs_sync(adapter, todo, settings, collector) if todo else Replies()
    fresh = {r.job.seq: r for r in asked}
    out = Replies(have.get(j.seq) or fresh[j.seq] for j in jobs)
    out.stopped = asked.stopped
    return out


def _stored_replies(run_dir: RunDir, jobs: list[Job], cache_file: Path | None) -> list[Reply]:
    """The run's answers: from ``answers.jsonl``, else (an interrupted run) from the answer cache."""
    answers: dict[tuple[str, int], dict[str, Any]] = {}
    if run_dir.has("answers.jsonl"):
        for line in run_dir.read_answers():
            answers.setdefault((str(line.get("id")), int(line.get("trial") or 0)), line)
    elif cache_file is not None and cache_file.exists():
        with AnswerCache(cache_file) as cache:
            found = cache.get_many(j.key for j in jobs)
        for j in jobs:
            if j.key in found:
                entry = found[j.key]
                answers[(entry.question_id, j.trial)] = {**entry.answer, "latency_ms": entry.latency_ms}
    reasons: dict[tuple[str, int], str] | None = None
    out = []
    for j in jobs:
        ident = (j.query.question.id, j.trial)
        stored = answers.get(ident)
        if stored is None:
            reasons = _old_skip_reasons(run_dir) if reasons is None else reasons
            reason = reasons.get(ident) or "no answer recorded in the run"
            out.append(Reply(j, None, reason, None, 0, cached=True))
        else:
            out.append(Reply(j, parse_answer(stored), None, stored.get("latency_ms"), 1, cached=True))
    return out


def _old_skip_reasons(run_dir: RunDir) -> dict[tuple[str, int], str]:
    if not run_dir.complete:
        return {}
    report = run_dir.read_report()
    return {
        (str(q["id"]), int(q.get("trial") or 0)): str(q["skip_reason"])
        for q in report.get("questions", [])
        if q.get("skip_reason")
    }


def rescore(
    run_ref: str | Path,
    *,
    output_dir: str | Path | None = DEFAULT_OUTPUT,
    sets_or_paths: SetsOrPaths = None,
    document: str | Path | None = None,
    scorer_options: Mapping[str, Any] | None = None,
    cache_path: str | Path | Literal["auto"] | None = AUTO,
    store_path: str | Path | Literal["auto"] | None = AUTO,
    write: bool = True,
    label: str | None = None,
    retrieval_k: int | None = None,
    judge: str | None = None,
    judge_options: Mapping[str, Any] | None = None,
    judge_cache: str | Path | Literal["auto"] | None = AUTO,
    html: bool = True,
) -> RunRecord:
    """Score a stored run's answers with the current scorers and sets; nothing is asked again.

    ``run_ref`` is a run directory, a run id (or unique prefix) in ``output_dir``, or ``latest``. The
    result is a new run (a new id, ``options.rescored_from`` naming the old one), written to
    ``output_dir`` unless ``write`` is false. The run's judge judges again (its verdicts come from the
    judge cache beside the run) unless ``judge`` names another (``"none"``: no judge).
    """
    out_dir = None if output_dir is None else Path(output_dir)
    source = find_run(str(run_ref), out_dir or DEFAULT_OUTPUT)
    if source.complete and source.read_report().get("status") == STOPPED:
        raise StoreError(
            "this run was stopped before it was scored: run it again with `run --resume` "
            "(the answers it received are reused from the answer cache)",
            path=source.path,
        )
    config = source.read_config()
    options = dict(config.get("options") or {})
    same_schema = config.get("schema_sha256") == schema_sha256()
    the_plan = plan(
        sets_or_paths if sets_or_paths is not None else options.get("dataset"),
        types=options.get("types") or (),
        tags=options.get("tags") or (),
        document=document if document is not None else options.get("document"),
        repeat=int(options.get("repeat") or 1),
        trusted=set((config.get("sets") or {}).values()) if same_schema else (),
    )
    jobs = the_plan.jobs(str(config.get("adapter_sha", "")))
    t0 = time.perf_counter()
    replies = _stored_replies(source, jobs, _resolve(cache_path, source.path.parent, "cache.sqlite"))
    if scorer_options is None:
        scorer_options = options.get("scorer_options") or {}
    if retrieval_k is not None:  # the k of the retrieval metrics, over the run's other scorer options
        scorer_options = {**scorer_options, "retrieval_k": retrieval_k}
    recorded = options.pop("judge", None) or {}
    if judge is None:
        judge, judge_options = (
            recorded.get("spec"),
            recorded.get("options") if judge_options is None else judge_options,
        )
    judging = _judging(judge, judge_options, judge_cache, source.path.parent)
    results = _score_all(the_plan, replies, scorer_options, judging)
    if judging is not None:
        options["judge"] = judging.describe()
    options.update(dataset=the_plan.inputs, scorer_options=dict(scorer_options), rescored_from=source.run_id)
    config = {**config, "run_id": new_run_id(), "started_at": _utc_now(), "options": options}
    record = _record(config, the_plan, results, time.perf_counter() - t0)
    if write and out_dir is not None:
        run_dir = RunDir(out_dir / record.run_id).create()
        run_dir.write_config(config)
        _write_answers(run_dir, replies)
        _finish(
            record,
            run_dir,
            _resolve(store_path, out_dir, "history.sqlite"),
            label,
            the_plan if html else None,
        )
    return record
