"""What ``benchmark.pytest_plugin`` runs on: its options, the answer pool that every item, the ``rag_run``
fixture and every xdist worker share, the reviewer note of a failing question, and the ``rag_run`` object.

Imported only when a pytest run has question sets (``--rag-set`` or ``rag_sets``).

Querying once: whoever needs answers first (an item, ``rag_run``, an xdist worker) takes a lock beside the
answer cache and asks every question it needs that has no answer yet, in one concurrent pass; the
others wait for the lock and then read those answers from the cache. A fault (a SKIP) is not an answer and
is not cached, so under xdist its reason is handed on in a small JSON file beside the cache. Unless
``--rag-resume`` is given, only answers given during this test run are used: a changed system is asked
again, as the CLI does without ``--resume``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from benchmark.adapters.base import create_adapter, describe
from benchmark.answers import parse_answer
from benchmark.cache import AnswerCache, adapter_sha
from benchmark.errors import ConfigError
from benchmark.models import Question, QuestionSet
from benchmark.pipeline.ask import AnswerRecorder
from benchmark.pipeline.plan import Plan, plan
from benchmark.pipeline.score import Answered, score_answered
from benchmark.report.notes import component_line, shortfalls, show_value
from benchmark.results import ERROR, SKIP, QuestionResult, RunRecord
from benchmark.run_config import parse_pairs
from benchmark.runner import Job, Reply, Settings, run_jobs_sync


@dataclass(frozen=True)
class RagOptions:
    sets: tuple[Path, ...]
    adapter: str
    adapter_options: dict[str, Any] = field(default_factory=dict)
    document: Path | None = None
    cache: Path = Path(".rag-cache/answers.sqlite")
    store: Path = Path("runs/history.sqlite")
    threshold: float | None = None
    skip_is_failure: bool = False
    resume: bool = False
    concurrency: int = 4
    timeout: float = 60.0
    from_command_line: bool = False  # --rag-set given (else the sets come from the ini file)


def utc_now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class _Settings:
    """Reads one setting: the command line wins over the ini file; paths are taken from the invocation
    folder (command line) or the ini file's folder (ini)."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.here = config.invocation_params.dir
        self.ini_dir = config.inipath.parent if config.inipath else config.rootpath

    def raw(self, name: str) -> Any:
        return self.config.getoption(name) or self.config.getini(name)

    def flag(self, name: str) -> bool:
        return bool(self.config.getoption(name)) or bool(self.config.getini(name))

    def path(self, name: str, default: Path | None) -> Path | None:
        cli, ini = self.config.getoption(name), self.config.getini(name)
        return self.here / cli if cli else self.ini_dir / ini if ini else default

    def number(self, name: str, kind: type[int] | type[float], default: Any, least: float) -> Any:
        raw = self.raw(name)
        option = "--" + name.replace("_", "-")
        if raw in (None, ""):
            return default
        try:
            value = kind(str(raw))
        except ValueError:
            raise ConfigError(f"expected a number, got {raw!r}", where=option) from None
        if value < least:
            raise ConfigError(f"must be at least {least:g}, got {raw!r}", where=option)
        return value


def read_options(config: pytest.Config) -> RagOptions | None:
    """The plugin's options, command line over ini file; ``None`` when no question set is given."""
    get = _Settings(config)
    given = [get.here / p for p in config.getoption("rag_set") or []]
    sets = given or list(config.getini("rag_sets"))
    if not sets:
        return None
    adapter = get.raw("rag_adapter")
    if not adapter:
        raise ConfigError("question sets are given but no system: add --rag-adapter SPEC or rag_adapter")
    pairs = [*config.getini("rag_adapter_options"), *(config.getoption("rag_adapter_option") or [])]
    cache = getattr(config, "cache", None)  # pytest's cache dir, unless -p no:cacheprovider
    cache_dir = cache.mkdir("legal-rag-bench") if cache is not None else config.rootpath / ".rag-cache"
    return RagOptions(
        sets=tuple(Path(os.path.abspath(p)) for p in sets),
        adapter=str(adapter),
        adapter_options=parse_pairs(pairs, "--rag-adapter-option"),
        document=get.path("rag_document", None),
        cache=get.path("rag_cache", cache_dir / "answers.sqlite") or Path(),
        store=get.path("rag_store", config.rootpath / "runs" / "history.sqlite") or Path(),
        threshold=get.number("rag_threshold", float, None, 0.0),
        skip_is_failure=get.flag("rag_skip_is_failure"),
        resume=get.flag("rag_resume"),
        concurrency=get.number("rag_concurrency", int, 4, 1),
        timeout=get.number("rag_timeout", float, 60.0, 0.001),
        from_command_line=bool(given),
    )


def marker_names(question: Question) -> list[str]:
    """``rag``, the type, ``difficulty_<d>`` and ``tag_<t>`` (prefixed: a tag ``skip`` must not skip)."""

    def clean(text: str) -> str:
        return re.sub(r"\W+", "_", text).strip("_")

    names = ["rag", question.type]
    if question.metadata.difficulty and clean(question.metadata.difficulty):
        names.append("difficulty_" + clean(question.metadata.difficulty))
    names += ["tag_" + clean(t) for t in question.tags if clean(t)]
    return list(dict.fromkeys(names))


@contextlib.contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """An exclusive lock between processes (released by the OS if the holder dies)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+b") as handle:
        if sys.platform == "win32":
            import msvcrt

            while True:
                try:
                    msvcrt.locking(handle.fileno(), msvcrt.LK_LOCK, 1)
                    break
                except OSError:  # LK_LOCK gives up after ~10 s; keep waiting
                    continue
            try:
                yield
            finally:
                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


class AnswerPool:
    """The answers (or skip reasons) of one test run, by answer-cache key."""

    def __init__(self, options: RagOptions, token: str, shared: bool) -> None:
        self.options, self.token, self.shared = options, token, shared
        self.replies: dict[str, Reply] = {}
        self.asked = 0  # questions this process asked the system
        self.reused = 0  # answers taken from earlier runs (--rag-resume)
        self.identity: dict[str, Any] = {}  # the adapter's describe(): spec and config, never secrets
        self._adapter: Any = None
        self._identity_sha: str | None = None

    @property
    def skips_path(self) -> Path:
        return self.options.cache.with_name(f"{self.options.cache.name}.{self.token}.skips.json")

    def identity_sha(self) -> str:
        """Building the adapter is left until an answer is needed (an xdist controller never needs one)."""
        if self._identity_sha is None:
            self._adapter = create_adapter(self.options.adapter, self.options.adapter_options)
            self.identity = describe(self._adapter, self.options.adapter)
            self._identity_sha = adapter_sha(self.identity)
        return self._identity_sha

    def fetch(self, jobs: Sequence[Job]) -> None:
        """Make sure every job has a reply: from this run's cache, else by asking (under the lock)."""
        missing = [j for j in jobs if j.key not in self.replies]
        if not missing:
            return
        self.identity_sha()
        lock = self.options.cache.with_name(self.options.cache.name + ".lock")
        with file_lock(lock), AnswerCache(self.options.cache) as cache:
            self._load(cache, missing)
            todo = [j for j in missing if j.key not in self.replies]
            if todo:
                self._ask(cache, todo)

    def _load(self, cache: AnswerCache, jobs: list[Job]) -> None:
        found = cache.get_many(j.key for j in jobs)
        skips = self._read_skips()
        for job in jobs:
            entry = found.get(job.key)
            if entry is not None and (entry.run_id == self.token or self.options.resume):
                self.reused += entry.run_id != self.token
                answer = parse_answer(entry.answer)
                self.replies[job.key] = Reply(
                    job, answer, None, entry.latency_ms, entry.attempts, cached=True
                )
            elif job.key in skips:
                self.replies[job.key] = Reply(job, None, skips[job.key], None, 0, cached=True)

    def _ask(self, cache: AnswerCache, jobs: list[Job]) -> None:
        """Ask the run path's way (``benchmark.pipeline.ask``): each answer goes to the answer cache as
        it arrives; the replies are kept here, for the items that score them one by one."""
        recorder = AnswerRecorder(cache, self.identity_sha(), self.token, len(jobs), None)
        settings = Settings(concurrency=self.options.concurrency, timeout=self.options.timeout).checked()
        try:
            replies = run_jobs_sync(self._adapter, jobs, settings, recorder)
        finally:
            recorder.flush()
        self.asked += len(replies)
        self.replies.update((r.job.key, r) for r in replies)
        skipped = {r.job.key: r.skip_reason or "no answer" for r in replies if r.answer is None}
        if skipped and self.shared:
            self.skips_path.write_text(json.dumps({**self._read_skips(), **skipped}), encoding="utf-8")

    def _read_skips(self) -> dict[str, str]:
        if not self.shared or not self.skips_path.is_file():
            return {}
        data: dict[str, str] = json.loads(self.skips_path.read_text(encoding="utf-8"))
        return data


def pass_threshold(qs: QuestionSet, q: Question, override: float | None) -> float:
    """The threshold a question passes at: ``--rag-threshold``, else the question's, else the set's."""
    if override is not None:
        return override
    return float(q.scoring.get("pass_threshold", qs.criteria.pass_threshold))


class RagState:
    """One process's view of the test run: the plan (sets, documents), the answers, the scored results."""

    def __init__(self, options: RagOptions, token: str, shared: bool) -> None:
        self.options, self.token = options, token
        self.plan: Plan = plan(list(options.sets), document=options.document)
        self.pool = AnswerPool(options, token, shared)
        self.results: dict[int, QuestionResult] = {}
        self.selected: list[int] = []  # plan indexes of the items this session runs
        self._jobs: list[Job] | None = None
        self.started_at = utc_now()

    def jobs(self) -> list[Job]:
        if self._jobs is None:
            self._jobs = self.plan.jobs(self.pool.identity_sha())
        return self._jobs

    def result(self, index: int) -> QuestionResult:
        """The scored result of question ``index``; the first call asks every selected question at once."""
        if index not in self.results:
            jobs = self.jobs()
            batch = [jobs[i] for i in dict.fromkeys([*self.selected, index])]
            self.pool.fetch(batch)
            self.results[index] = self._score(index, self.pool.replies[jobs[index].key])
        return self.results[index]

    def _score(self, index: int, reply: Reply) -> QuestionResult:
        """Scored as a run scores it (``benchmark.pipeline.score``), ``--rag-threshold`` applied."""
        return score_answered(self.plan, Answered.of(reply), None, threshold=self.options.threshold)

    def note(self, index: int) -> str:
        qs, q = self.plan.pairs[index]
        return reviewer_note(self.result(index), pass_threshold(qs, q, self.options.threshold))

    def record(self) -> RunRecord:
        """Every question of the sets through the run path (``benchmark.pipeline.execute``): the pool's
        answers scored, the report written (to a temporary file) and its summary counted from the lines."""
        from benchmark.pipeline.ask import Given
        from benchmark.pipeline.execute import RunSpec, execute
        from benchmark.pipeline.finish import Outputs

        jobs = self.jobs()
        self.pool.fetch(jobs)
        config = {
            "run_id": self.token,
            "started_at": self.started_at,
            "adapter": {"name": self.options.adapter, "config": dict(self.pool.identity.get("config", {}))},
            "options": {"dataset": self.plan.inputs, "pytest": True, "threshold": self.options.threshold},
        }
        source = Given(self.pool.replies)
        spec = RunSpec(
            self.plan, jobs, source, config, Outputs(None, html=False), threshold=self.options.threshold
        )
        return execute(spec)


# --- the reviewer note --------------------------------------------------------------------------


def _required_pages(q: Question) -> list[int]:
    pages = {r.page for r in q.required_evidence}
    pages |= {loc.page for loc in (q.evidence_location, *q.additional_evidence) if loc and loc.page}
    return sorted(p for p in pages if p is not None)


def _pages_line(entry: dict[str, Any], q: Question) -> str:
    check = entry["details"].get("citation") or {}
    if check:
        cited = {c.get("page") or c.get("quote_page") for c in check.get("citations", [])}
    else:
        cited = {c.get("page") for c in (entry["answer"] or {}).get("citations", [])}
    required = check.get("target_pages") or _required_pages(q)

    def show(pages: Any) -> str:
        return ", ".join(str(p) for p in sorted(p for p in pages if p is not None)) or "none"

    return f"pages: cited {show(cited)}; required {show(required)}"


def _invented_line(invented: list[dict[str, Any]]) -> str:
    shown = [
        f"{x.get('kind', 'specific')} “{x.get('raw') or x.get('value')}”"
        + ("" if x.get("counts", True) else " (not counted for this question)")
        for x in invented
    ]
    return "invented specifics (not in the document): " + ("; ".join(shown) or "none")


def _uncovered_line(evidence: dict[str, Any]) -> str | None:
    """evidence_set: the required items no returned item covers (critical ones marked)."""
    missing = [item for item in evidence.get("required", []) if not item.get("covered_by")]
    if not missing:
        return None
    shown = [
        f"p{item.get('page')} “{item.get('must_include')}”" + (" (critical)" if item.get("critical") else "")
        for item in missing[:5]
    ]
    more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
    return "evidence not covered: " + "; ".join(shown) + more


def reviewer_note(r: QuestionResult, threshold: float) -> str:
    """What a reviewer reads about a question that did not pass (the terminal report's component lines,
    plus every component's score, invented specifics, and the cited and required pages)."""
    from benchmark.report.json_report import question_entry
    from benchmark.rundir import display_path

    q = r.question
    where = f"{display_path(q.set_path)} {q.json_path}"
    if r.outcome == SKIP:
        return f"{r.id} SKIP  {q.type}  {r.skip_reason or 'no answer'}\nquestion: {q.question}\nset: {where}"
    if r.outcome == ERROR:
        return f"{r.id} ERROR  {q.type}  the scorer raised {r.error}\nquestion: {q.question}\nset: {where}"
    entry = question_entry(r)
    comps = (entry["details"].get("components") or {}).items()
    ordered = sorted(((n, c) for n, c in comps if c.get("score") is not None), key=lambda x: -x[1]["weight"])
    lines = [
        f"{r.id} {r.outcome}  {q.type}  score {r.score or 0.0:.2f} (passes at {threshold:.2f})",
        f"question: {q.question}",
        f"answer: {show_value((entry['answer'] or {}).get('answer'))}",
        "components: " + ", ".join(f"{n} {c['score']:.2f} (weight {c['weight']:.2f})" for n, c in ordered),
    ]
    lines += [f"  {component_line(c)}" for c in shortfalls(entry)]
    if isinstance(entry["details"].get("invented"), list):
        lines.append(_invented_line(entry["details"]["invented"]))
    uncovered = _uncovered_line(entry["details"].get("evidence") or {})
    lines += [uncovered] if uncovered else []
    lines += [_pages_line(entry, q), f"set: {where}"]
    return "\n".join(lines)


class RagFailure(Exception):
    """A question that failed (or, with ``--rag-skip-is-failure``, was skipped); ``str`` is the note."""
