"""The Python API that the CLI, the seed-compatible ``BenchmarkRunner`` and tests share.

``run(...)`` loads the sets, checks every selected question is scorable, asks the system (answers go to
the answer cache as they arrive), scores, and writes the run directory and the run history.
``rescore(...)`` re-applies the current scorers to a stored run's answers without asking anything.

A run whose system could not be reached, or that kept failing the same way (``stop_after`` questions
in a row), is written and stored with ``status: stopped`` and then refused with ``RunStopped`` (exit 2):
a stopped run is not a score. Every run directory gets ``report.html`` beside ``report.json``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from benchmark.adapters.base import create_adapter, describe
from benchmark.cache import adapter_sha, canonical_json, sha256_text
from benchmark.errors import ConfigError, RunStopped, StoreError
from benchmark.failfast import DEFAULT_STOP_AFTER
from benchmark.pipeline.append import AnswerIndex
from benchmark.pipeline.ask import Asking, Stored
from benchmark.pipeline.execute import RunSpec, execute
from benchmark.pipeline.finish import Outputs
from benchmark.pipeline.plan import Plan, SetsOrPaths, plan, schema_sha256
from benchmark.results import STOPPED, RunRecord
from benchmark.rundir import (
    ANSWERS,
    TOOL,
    RunDir,
    display_path,
    find_resumable,
    find_run,
    new_run_id,
    tool_version,
)
from benchmark.runner import Job, Settings

if TYPE_CHECKING:
    from benchmark.judges.session import Judging

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
    workers: int = 1,
) -> RunRecord:
    """Run the benchmark and return its record; with ``output_dir`` also write ``<output_dir>/<run-id>/``
    (with ``report.html`` unless ``html`` is false). ``workers``: processes that score (1: this one).

    Each answer is scored as it arrives and written to the run directory at once; the record keeps no
    result but reads them back from the report lines (``record.results``) when asked.

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
    _check_workers(workers)
    if repeat < 1 or (resume and cache_file is None):
        problem = "must be at least 1" if repeat < 1 else "needs the answer cache; drop --no-cache"
        raise ConfigError(problem, where="--repeat" if repeat < 1 else "--resume")
    the_plan = plan(sets_or_paths, types=types, tags=tags, document=document, repeat=repeat)
    judging = _judging(judge, judge_options, judge_cache, out_dir)
    adapter, spec = _build_adapter(adapter_spec, adapter_options)
    if getattr(adapter, "answers_stored", False) and not resume:
        cache_file = None  # its answers are already in a file a rerun reads again
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
    kept = _kept_answers(run_dir) if resume else None
    source = Asking(
        adapter, settings, cache_file, identity_sha, str(config["run_id"]), resume, progress, kept
    )
    outputs = Outputs(run_dir, _resolve(store_path, out_dir, "history.sqlite"), label, html)
    spec_ = RunSpec(
        the_plan, jobs, source, config, outputs, dict(scorer_options or {}), judging, workers=workers
    )
    record = execute(spec_)
    if record.status == STOPPED:
        raise _stopped(record, spec, run_dir)
    return record


def _check_workers(workers: int) -> None:
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ConfigError(f"must be a whole number of at least 1, got {workers!r}", where="--workers")


def _kept_answers(run_dir: RunDir | None) -> AnswerIndex | None:
    """The answers an unfinished run directory kept (``--resume`` continues it)."""
    if run_dir is None or not run_dir.has("answers.jsonl"):
        return None
    return AnswerIndex.of(run_dir.path / "answers.jsonl")


def _stopped(record: RunRecord, spec: str, run_dir: RunDir | None) -> RunStopped:
    """The one-line refusal of a stopped run: why, what to do, and where it is recorded."""
    received = sum(r.answer is not None for r in record.results)  # read back: only for this message
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
    workers: int = 1,
) -> RunRecord:
    """Score a stored run's answers with the current scorers and sets; nothing is asked again.

    ``run_ref`` is a run directory, a run id (or unique prefix) in ``output_dir``, or ``latest``. The
    result is a new run (a new id, ``options.rescored_from`` naming the old one), written to
    ``output_dir`` unless ``write`` is false. The run's judge judges again (its verdicts come from the
    judge cache beside the run) unless ``judge`` names another (``"none"``: no judge).
    """
    _check_workers(workers)
    out_dir = None if output_dir is None else Path(output_dir)
    source = find_run(str(run_ref), out_dir or DEFAULT_OUTPUT)
    if source.complete and source.read_report_head().get("status") == STOPPED:
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
    jobs = the_plan.jobs(str(config.get("adapter_sha", "")), keys=not source.has(ANSWERS))
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
    if judging is not None:
        options["judge"] = judging.describe()
    options.update(dataset=the_plan.inputs, scorer_options=dict(scorer_options), rescored_from=source.run_id)
    config = {**config, "run_id": new_run_id(), "started_at": _utc_now(), "options": options}
    run_dir = None
    if write and out_dir is not None:
        run_dir = RunDir(out_dir / config["run_id"]).create()
        run_dir.write_config(config)
    stored = Stored(
        source, _resolve(cache_path, source.path.parent, "cache.sqlite"), lambda: _old_skip_reasons(source)
    )
    store = _resolve(store_path, out_dir, "history.sqlite") if run_dir is not None else None
    outputs = Outputs(run_dir, store, label, html)
    return execute(
        RunSpec(the_plan, jobs, stored, config, outputs, dict(scorer_options), judging, workers=workers)
    )
