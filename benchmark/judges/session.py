"""A judge at work in one run: verdicts from the cache first, the rest asked once, then stored.

Why the run path asks and the scorers do not: scorers are pure functions of (question, answer,
document), and a judge is I/O (a model to load, an endpoint to call). So scoring lists what a judge may
overturn (``ScoreResult.judgements``), ``Judging.verdicts`` answers all of it at once (cache, then the
judge, concurrently where the judge can), and the run path scores those answers again with the
verdicts as input (``benchmark.api``). ``rescore`` does the same and finds every verdict cached.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmark.errors import BenchmarkError
from benchmark.judges.base import NO_JUDGE, Judge, create_judge
from benchmark.judges.cache import VerdictCache
from scorers.result import ScoreResult
from scorers.verdicts import JudgeRequest, Verdict


def identity_sha(identity: Mapping[str, Any]) -> str:
    text = json.dumps(identity, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass
class Judging:
    """A judge and its verdict cache (``None``: no cache, every verdict is asked)."""

    spec: str
    options: dict[str, Any]
    judge: Judge
    cache_path: Path | None = None
    asked: int = 0  # verdicts the judge gave in this process
    cached: int = 0  # verdicts read from the cache

    def __post_init__(self) -> None:
        self.identity = dict(self.judge.identity())
        self.sha = identity_sha(self.identity)

    def describe(self) -> dict[str, Any]:
        """What the run's options record: enough for ``rescore`` to judge the same way (no secrets)."""
        return {
            "spec": self.spec,
            "options": self.options,
            "name": self.judge.name,
            "identity": self.identity,
        }

    def verdicts(self, requests: Iterable[JudgeRequest]) -> dict[str, Verdict]:
        """A verdict for every request, by key: cached ones, then the rest asked in key order."""
        unique = {r.key: r for r in requests}
        if not unique:
            return {}
        found: dict[str, Verdict] = {}
        cache = VerdictCache(self.cache_path) if self.cache_path is not None else None
        try:
            if cache is not None:
                found = cache.get_many(self.sha, unique)
            todo = [unique[k] for k in sorted(unique) if k not in found]
            fresh = self._ask(todo) if todo else []
            if cache is not None:
                cache.put_many(self.sha, zip(todo, fresh, strict=True))
        finally:
            if cache is not None:
                cache.close()
        self.cached += len(found)
        self.asked += len(todo)
        return {**found, **{r.key: v for r, v in zip(todo, fresh, strict=True)}}

    def _ask(self, todo: list[JudgeRequest]) -> list[Verdict]:
        """The judge's verdicts; a judge that raises (a bug in it) or miscounts gives errors, not a crash."""
        try:
            fresh = self.judge.judge(todo)
        except BenchmarkError:
            raise
        except Exception as exc:
            return [Verdict(self.judge.name, None, f"the judge failed: {type(exc).__name__}: {exc}")] * len(
                todo
            )
        if len(fresh) != len(todo):
            wrong = f"the judge gave {len(fresh)} verdicts for {len(todo)} requests"
            return [Verdict(self.judge.name, None, wrong)] * len(todo)
        return list(fresh)


def pending(results: Iterable[ScoreResult | None]) -> list[JudgeRequest]:
    """Every request the first scoring pass left without a verdict."""
    return [j.request for r in results if r is not None for j in r.judgements if j.verdict is None]


def open_judging(
    spec: str | None, options: Mapping[str, Any] | None, cache_path: Path | None
) -> Judging | None:
    """The run's judge from ``--judge SPEC`` and ``--judge-option``s, or None when there is none."""
    if spec is None or spec.strip().lower() in NO_JUDGE:
        return None
    opts = dict(options or {})
    return Judging(spec.strip(), opts, create_judge(spec, opts), cache_path)


def stored_judging(recorded: Any, cache_path: Path | None) -> Judging | None:
    """The judge a stored run used (its ``options.judge``), rebuilt for ``rescore``."""
    if not isinstance(recorded, Mapping) or not recorded.get("spec"):
        return None
    return open_judging(str(recorded["spec"]), recorded.get("options") or {}, cache_path)


__all__ = ["Judging", "identity_sha", "open_judging", "pending", "stored_judging"]
