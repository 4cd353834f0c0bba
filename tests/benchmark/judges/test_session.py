"""The registry (a plugin judge through the same path as the built-ins), the verdict cache in a real
SQLite file, and one run's ``Judging`` (cache first, each request asked once, faults as judge errors)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from benchmark import register_judge
from benchmark.api import run
from benchmark.errors import BenchmarkError, UnknownNameError
from benchmark.judges.base import JUDGES, create_judge, parse_spec
from benchmark.judges.cache import VerdictCache
from benchmark.judges.session import Judging, open_judging, pending
from benchmark.report.json_report import build_report
from scorers.verdicts import JudgeRequest, Verdict
from tests.benchmark.judges.judgekit import write_case


class WordJudge:
    """Says yes when the answer holds one of ``words``; counts what it is asked."""

    name = "words"

    def __init__(self, words: Sequence[str] = ("聊天软件", "老蒲"), fail: Exception | None = None) -> None:
        self.words = tuple(words)
        self.fail = fail
        self.asked: list[JudgeRequest] = []

    def identity(self) -> dict[str, Any]:
        return {"judge": "words", "words": list(self.words)}

    def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        self.asked += requests
        if self.fail is not None:
            raise self.fail
        return [Verdict(self.name, any(w in r.answer for w in self.words), "word list") for r in requests]


LAST: list[WordJudge] = []


def _factory(arg: str | None, options: dict[str, Any]) -> WordJudge:
    judge = WordJudge(arg.split(",") if arg else ("聊天软件", "老蒲"))
    LAST.append(judge)
    return judge


register_judge("words-test", _factory, replace=True)


def req(answer: str, qid: str = "q1") -> JudgeRequest:
    return JudgeRequest.build("text_answer", qid, "问？", ("微信",), answer)


def test_specs_and_the_registry() -> None:
    assert parse_spec("openai:judge.toml") == ("openai", "judge.toml")
    assert parse_spec("semantic") == ("semantic", None)
    assert {"semantic", "openai", "words-test"} <= set(JUDGES.names())
    with pytest.raises(UnknownNameError, match="did you mean 'semantic'"):
        create_judge("semantik")
    with pytest.raises(BenchmarkError, match="has ':' but no argument"):
        create_judge("openai:")
    assert open_judging("none", {}, None) is None and open_judging(None, {}, None) is None


def test_the_cache_keeps_verdicts_by_judge_and_request(tmp_path: Path) -> None:
    path = tmp_path / "judge-cache.sqlite"
    a, b = req("聊天软件"), req("现金")
    with VerdictCache(path) as cache:
        cache.put_many("judge1", [(a, Verdict("w", True, "yes")), (b, Verdict("w", None, "broken"))])
        assert cache.count() == 1  # an error is never stored
        assert cache.get_many("judge1", [a.key, b.key]) == {a.key: Verdict("w", True, "yes")}
        assert cache.get_many("judge2", [a.key]) == {}  # another judge's identity: asked again
    rows = sqlite3.connect(path).execute("SELECT question_id, kind, match FROM verdicts").fetchall()
    assert rows == [("q1", "text_answer", 1)]


def test_judging_asks_each_request_once_and_then_reads_the_cache(tmp_path: Path) -> None:
    cache = tmp_path / "judge-cache.sqlite"
    judge = WordJudge()
    judging = Judging("words-test", {}, judge, cache)
    requests = [req("聊天软件"), req("现金"), req("聊天软件")]  # the same request twice
    first = judging.verdicts(requests)
    assert len(judge.asked) == 2 and judging.asked == 2
    assert first[requests[0].key].match is True and first[requests[1].key].match is False
    again = Judging("words-test", {}, WordJudge(), cache)
    assert again.verdicts(requests) == first and again.asked == 0 and again.cached == 2
    other = Judging("words-test", {}, WordJudge(("现金",)), cache)  # another identity: asked afresh
    assert other.verdicts(requests)[requests[1].key].match is True and other.asked == 2


@pytest.mark.parametrize(
    ("judge", "reason"),
    [
        (WordJudge(fail=RuntimeError("model exploded")), "the judge failed: RuntimeError: model exploded"),
        (type("Short", (WordJudge,), {"judge": lambda self, r: []})(), "gave 0 verdicts for 1 requests"),
    ],
)
def test_a_faulty_judge_gives_judge_errors_not_a_crash(tmp_path: Path, judge: WordJudge, reason: str) -> None:
    judging = Judging("words-test", {}, judge, tmp_path / "c.sqlite")
    (verdict,) = judging.verdicts([req("x")]).values()
    assert verdict.match is None and reason in verdict.reason
    with VerdictCache(tmp_path / "c.sqlite") as cache:
        assert cache.count() == 0


def test_a_refusal_inside_a_judge_stays_a_refusal(tmp_path: Path) -> None:
    judging = Judging("words-test", {}, WordJudge(fail=BenchmarkError("model folder vanished")), None)
    with pytest.raises(BenchmarkError, match="model folder vanished"):
        judging.verdicts([req("x")])


def test_a_plugin_judge_in_a_whole_run(tmp_path: Path) -> None:
    set_path, answers = write_case(tmp_path / "case", ["t_synonym", "t_entity", "t_refused", "t_amount"])
    LAST.clear()
    record = run([set_path], f"replay:{answers}", output_dir=tmp_path / "runs", judge="words-test")
    outcomes = {r.id: r.outcome for r in record.results}
    assert outcomes == {"t_synonym": "PASS", "t_entity": "PASS", "t_refused": "FAIL", "t_amount": "FAIL"}
    assert sorted(r.question_id for r in LAST[-1].asked) == ["t_entity", "t_refused", "t_synonym"]
    report = build_report(record)
    assert report["options"]["judge"]["identity"] == {"judge": "words", "words": ["聊天软件", "老蒲"]}
    assert report["summary"]["judge"]["overturned"] == 2
    assert pending(r.result for r in record.results) == []  # every request got its verdict
    assert (tmp_path / "runs" / "judge-cache.sqlite").is_file()
    run([set_path], f"replay:{answers}", output_dir=tmp_path / "runs", judge="words-test")
    assert LAST[-1].asked == []  # all from the cache


def test_no_output_directory_means_no_cache(tmp_path: Path) -> None:
    set_path, answers = write_case(tmp_path / "case", ["t_synonym"])
    LAST.clear()
    for _ in range(2):
        run([set_path], f"replay:{answers}", output_dir=None, judge="words-test")
    assert [len(j.asked) for j in LAST] == [1, 1]
