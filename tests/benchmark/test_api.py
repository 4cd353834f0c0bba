"""The Python API: run -> RunRecord, the run directory, the cache, resume, rescore, refusals."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from benchmark.api import plan, rescore, run
from benchmark.errors import ConfigError, QuestionSetError
from benchmark.report.json_report import build_report, dumps_report, strip_timings
from benchmark.rundir import RUN_ID_RE, RunDir
from benchmark.store import RunStore
from tests.benchmark.runkit import EchoAdapter, numbered_set, question, write_set


def test_run_scores_every_question_and_writes_the_run_directory(tmp_path: Path) -> None:
    path = numbered_set(tmp_path / "sets", 4)
    adapter = EchoAdapter(wrong=("q001",), fail={"q002": ValueError("boom")})
    record = run(path, adapter, output_dir=tmp_path / "runs")
    assert [r.outcome for r in record.results] == ["PASS", "FAIL", "SKIP", "PASS"]
    assert record.results[2].skip_reason == "ValueError: boom"
    assert record.exit_code == 1
    assert RUN_ID_RE.match(record.run_id)
    run_dir = RunDir(tmp_path / "runs" / record.run_id)
    assert run_dir.complete
    report = run_dir.read_report()
    assert report["summary"] == {
        **report["summary"],
        "total": 4,
        "passed": 2,
        "failed": 1,
        "skipped": 1,
        "resolved": 3,
        "score": round(2 / 3, 6),
        "pass_rate": round(2 / 3, 6),
        "coverage": 0.75,
    }
    assert [line["id"] for line in run_dir.read_answers()] == ["q000", "q001", "q003"]
    config = run_dir.read_config()
    assert config["adapter"] == {"name": "echo", "config": {"kind": "echo", "wrong": ["q001"]}}


def test_all_pass_gives_exit_code_0(tmp_path: Path) -> None:
    record = run(numbered_set(tmp_path, 3), EchoAdapter(), output_dir=None)
    assert record.exit_code == 0


def test_report_follows_contract_section_5(tmp_path: Path) -> None:
    record = run(numbered_set(tmp_path, 2), EchoAdapter(wrong=("q001",)), output_dir=None)
    report = build_report(record)
    for key in ("tool", "version", "run_id", "dataset", "adapter", "summary", "questions"):
        assert key in report
    assert set(report["dataset"]) == {"path", "sha256"}
    assert set(report["summary"]["by_type"]["fact_exact"]) >= {
        "total",
        "passed",
        "failed",
        "skipped",
        "score",
    }
    q = report["questions"][1]
    assert q["outcome"] == "FAIL" and q["components"] == {"contains": 0.0}
    assert q["details"]["components"]["contains"]["expected"] == "答案q001"
    assert q["answer"]["answer"] == "不知道"
    assert q["skip_reason"] is None and isinstance(q["latency_ms"], int)


def test_same_inputs_give_byte_identical_reports_but_for_timings(tmp_path: Path) -> None:
    path = numbered_set(tmp_path, 6)
    texts = []
    for _ in range(2):
        report = build_report(run(path, EchoAdapter(wrong=("q003",)), output_dir=None, concurrency=3))
        texts.append(dumps_report(strip_timings(report)))
    assert texts[0] == texts[1]
    assert "\\u" not in texts[0] and "答案q000" in texts[0]  # ensure_ascii=False


def test_questions_are_in_set_then_index_order_whatever_the_arrival(tmp_path: Path) -> None:
    a = write_set(tmp_path / "a", "a.json", [question(f"a{i}", f"答案a{i}") for i in range(5)])
    b = write_set(tmp_path / "b", "b.json", [question(f"b{i}", f"答案b{i}") for i in range(5)])
    record = run([a, b], EchoAdapter(delay=0.001), output_dir=None, concurrency=8)
    assert [r.id for r in record.results] == [f"a{i}" for i in range(5)] + [f"b{i}" for i in range(5)]


def test_type_and_tag_filters_and_an_empty_selection_is_refused(tmp_path: Path) -> None:
    path = write_set(tmp_path, "s.json", [question("x1", "答案x1", tags=("金额",)), question("x2", "答案x2")])
    record = run(path, EchoAdapter(), tags=("金额",), output_dir=None)
    assert [r.id for r in record.results] == ["x1"]
    with pytest.raises(ConfigError) as err:
        run(path, EchoAdapter(), types=("evidence_set",), tags=("金额",), output_dir=None)
    assert "no questions match --type evidence_set --tag 金额" in str(err.value)
    assert str(path.name) in str(err.value)
    with pytest.raises(ConfigError) as err:  # a tag no question carries is named, with the closest ones
        run(path, EchoAdapter(), tags=("金钱",), output_dir=None)
    assert "--tag: no question carries the tag '金钱'; did you mean '金额'?" in str(err.value)


def test_unscorable_questions_are_all_reported_before_any_adapter_call(tmp_path: Path) -> None:
    path = write_set(
        tmp_path, "s.json", [question("ok", "答案ok"), question("bad1", None), question("bad2", None)]
    )
    adapter = EchoAdapter()
    with pytest.raises(QuestionSetError) as err:
        run(path, adapter, output_dir=tmp_path / "runs")
    message = str(err.value)
    assert "bad1" in message and "bad2" in message and "2 problem(s)" in message
    assert adapter.calls == []
    assert not (tmp_path / "runs").exists()


def test_every_answer_goes_to_the_cache_and_resume_asks_nothing_twice(tmp_path: Path) -> None:
    path = numbered_set(tmp_path / "sets", 5)
    out = tmp_path / "runs"
    first = EchoAdapter(fail={"q004": ValueError("down")})
    run(path, first, output_dir=out)
    rows = (
        sqlite3.connect(out / "cache.sqlite").execute("SELECT question_id FROM answers ORDER BY 1").fetchall()
    )
    assert rows == [("q000",), ("q001",), ("q002",), ("q003",)]  # the SKIP has no answer to keep
    second = EchoAdapter()  # same describe() -> same keys
    record = run(path, second, output_dir=out, resume=True)
    assert second.calls == ["q004"]
    assert [r.outcome for r in record.results] == ["PASS"] * 5
    assert [r.cached for r in record.results] == [True] * 4 + [False]


def test_without_resume_every_question_is_asked_again(tmp_path: Path) -> None:
    path = numbered_set(tmp_path / "sets", 3)
    run(path, EchoAdapter(), output_dir=tmp_path / "runs")
    again = EchoAdapter()
    run(path, again, output_dir=tmp_path / "runs")
    assert sorted(again.calls) == ["q000", "q001", "q002"]


def test_resume_without_a_cache_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="--resume: needs the answer cache"):
        run(numbered_set(tmp_path, 1), EchoAdapter(), output_dir=tmp_path, cache_path=None, resume=True)


def test_rescore_never_asks_and_reproduces_the_report(tmp_path: Path) -> None:
    path = numbered_set(tmp_path / "sets", 4)
    out = tmp_path / "runs"
    original = run(path, EchoAdapter(wrong=("q002",), fail={"q003": ValueError("x")}), output_dir=out)
    again = rescore(original.run_id, output_dir=out)
    assert again.run_id != original.run_id
    old, new = strip_timings(build_report(original)), strip_timings(build_report(again))
    assert new["options"].pop("rescored_from") == original.run_id
    assert dumps_report(new) == dumps_report(old)
    assert RunDir(out / again.run_id).complete


def test_rescore_of_an_interrupted_run_reads_the_cache(tmp_path: Path) -> None:
    path = numbered_set(tmp_path / "sets", 3)
    out = tmp_path / "runs"
    record = run(path, EchoAdapter(), output_dir=out)
    run_dir = RunDir(out / record.run_id)
    (run_dir.path / "report.json").unlink()
    (run_dir.path / "answers.jsonl").unlink()
    again = rescore(str(run_dir.path), output_dir=out)
    assert [r.outcome for r in again.results] == ["PASS"] * 3


def test_repeat_reports_mean_and_spread(tmp_path: Path) -> None:
    class Alternating(EchoAdapter):
        def query(self, query: Any) -> dict[str, Any]:
            answer = super().query(query)
            return {"answer": "错"} if len(self.calls) % 2 == 0 else answer

    record = run(numbered_set(tmp_path, 2), Alternating(), output_dir=None, repeat=3, concurrency=1)
    assert [(r.id, r.trial) for r in record.results] == [
        ("q000", 0),
        ("q000", 1),
        ("q000", 2),
        ("q001", 0),
        ("q001", 1),
        ("q001", 2),
    ]
    trials = build_report(record)["summary"]["trials"]
    assert trials["n"] == 3
    assert [t["passed"] for t in trials["per_trial"]] == [1, 1, 1]
    assert trials["score"]["mean"] == 0.5 and trials["score"]["stdev"] == 0.0


def test_secrets_in_adapter_options_are_written_nowhere(tmp_path: Path) -> None:
    from benchmark.adapters.base import ADAPTERS

    class Secretive(EchoAdapter):
        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    ADAPTERS.register("secretive-test", lambda arg, opts: Secretive(opts["api_key"]), replace=True)
    out = tmp_path / "runs"
    run(
        numbered_set(tmp_path / "sets", 2),
        "secretive-test",
        adapter_options={"api_key": "sk-TOPSECRET"},
        output_dir=out,
    )
    for file in out.rglob("*"):
        if file.is_file():
            assert b"sk-TOPSECRET" not in file.read_bytes(), file


def test_the_run_is_recorded_in_the_history(tmp_path: Path) -> None:
    out = tmp_path / "runs"
    record = run(numbered_set(tmp_path / "sets", 2), EchoAdapter(), output_dir=out, label="nightly")
    with RunStore(out / "history.sqlite") as store:
        assert store.resolve("nightly") == record.run_id
        assert store.get_run(record.run_id)["summary"]["passed"] == 2


def test_answers_jsonl_replays_to_the_same_report(tmp_path: Path) -> None:
    path = numbered_set(tmp_path / "sets", 4)
    out = tmp_path / "runs"
    original = run(path, EchoAdapter(wrong=("q001",)), output_dir=out)
    replayed = run(path, f"replay:{out / original.run_id / 'answers.jsonl'}", output_dir=None)
    assert [r.outcome for r in replayed.results] == [r.outcome for r in original.results]
    assert [r.answer for r in replayed.results] == [r.answer for r in original.results]


def test_progress_is_reported_up_to_the_total(tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    run(numbered_set(tmp_path, 5), EchoAdapter(), output_dir=None, progress=lambda d, t: seen.append((d, t)))
    assert seen[0] == (0, 5) and seen[-1] == (5, 5)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_plan_loads_the_bundled_datasets_by_default() -> None:
    p = plan(types=("fact_exact",))
    assert p.pairs and all(q.type == "fact_exact" for _, q in p.pairs)
    assert all(qs.document_path is None or p.document(qs) is not None for qs, _ in p.pairs)


def test_report_json_is_valid_json_with_sorted_keys(tmp_path: Path) -> None:
    record = run(numbered_set(tmp_path, 1), EchoAdapter(), output_dir=tmp_path / "runs")
    text = (tmp_path / "runs" / record.run_id / "report.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert list(data) == sorted(data)
    assert text == dumps_report(data)


def test_rescore_trusts_unchanged_sets_and_validates_changed_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import benchmark.questions as questions

    path = numbered_set(tmp_path / "sets", 3)
    out = tmp_path / "runs"
    record = run(path, EchoAdapter(), output_dir=out)
    calls: list[int] = []
    real = questions.schema_problems  # what loading a set validates with
    monkeypatch.setattr(questions, "schema_problems", lambda obj: calls.append(1) or real(obj))
    rescore(record.run_id, output_dir=out)
    assert calls == []  # same bytes, same schema: the run validated them already
    path.write_text(path.read_text(encoding="utf-8").replace("问题q000", "问题q000 "), encoding="utf-8")
    again = rescore(record.run_id, output_dir=out)
    assert calls == [1]
    assert [r.outcome for r in again.results] == ["PASS"] * 3


def test_a_set_validated_by_an_earlier_run_is_not_validated_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import benchmark.pipeline.plan as plan_module
    import benchmark.questions as questions
    from benchmark.pipeline.validated import ENV

    path = numbered_set(tmp_path / "sets", 2)
    calls: list[int] = []
    real = questions.schema_problems  # what loading a set validates with
    monkeypatch.setattr(questions, "schema_problems", lambda obj: calls.append(1) or real(obj))
    run(path, EchoAdapter(), output_dir=tmp_path / "runs")
    assert calls == [1]
    run(path, EchoAdapter(), output_dir=tmp_path / "other")  # another output directory, no answer cache
    run(path, EchoAdapter(), output_dir=None, cache_path=None)
    assert calls == [1]  # same bytes, same schema: remembered in the user's cache directory
    monkeypatch.setattr(plan_module, "schema_sha256", lambda: "another schema".ljust(64, "0"))
    run(path, EchoAdapter(), output_dir=None)
    assert calls == [1, 1]
    monkeypatch.setenv(ENV, str(tmp_path / "elsewhere"))  # the memory is where the variable says
    run(path, EchoAdapter(), output_dir=None)
    assert calls == [1, 1, 1]
    assert (tmp_path / "elsewhere" / "validated-sets.txt").is_file()


def test_answers_jsonl_keeps_decimal_fields_as_numbers(tmp_path: Path) -> None:
    from decimal import Decimal

    class Decimals(EchoAdapter):
        def query(self, query: Any) -> dict[str, Any]:
            return {**super().query(query), "fields": {"amount": Decimal("42000"), "rate": Decimal("0.5")}}

    out = tmp_path / "runs"
    record = run(numbered_set(tmp_path / "sets", 1), Decimals(), output_dir=out)
    [line] = RunDir(out / record.run_id).read_answers()
    assert line["fields"] == {"amount": 42000, "rate": 0.5}
    report = RunDir(out / record.run_id).read_report()
    assert report["questions"][0]["answer"]["fields"] == {"amount": 42000, "rate": 0.5}
