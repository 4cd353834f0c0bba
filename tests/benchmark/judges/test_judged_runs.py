"""Whole runs with the openai judge against the test server: what it may overturn, what the report and
the terminal say, the verdict cache (a rerun and ``rescore`` ask nothing again), and the key kept out
of every file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from benchmark.api import rescore, run
from benchmark.cli import main
from benchmark.report.json_report import build_report, dumps_report_bytes, strip_timings
from benchmark.report.plain import explain
from benchmark.report.terminal import render_summary
from tests.benchmark.judges.judgekit import CASES, answer_of, write_case, write_judge_config
from tests.servers.judge_server import JudgeServer

KEY = "sk-judge-secret-9f8e7d6c5b4a"
NOT_ASKED = ("t_amount", "t_number", "t_exact", "t_opt_out")


@pytest.fixture()
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[JudgeServer]:
    monkeypatch.setenv("JUDGE_TEST_KEY", KEY)
    with JudgeServer(default="match") as srv:  # a judge that would say yes to anything it is asked
        for _, answer, mode in CASES.values():
            if mode is not None:
                srv.rule(answer, mode)
        yield srv


def judged_run(tmp_path: Path, server: JudgeServer, ids: list[str] | None = None, out: str = "runs") -> Any:
    set_path, answers = write_case(tmp_path / "case", ids)
    config = write_judge_config(tmp_path / "judge.toml", server.url, api_key_env="JUDGE_TEST_KEY")
    return run(
        [set_path], f"replay:{answers}", output_dir=tmp_path / out, judge=f"openai:{config}", concurrency=2
    )


def entries(record: Any) -> dict[str, dict[str, Any]]:
    return {q["id"]: q for q in build_report(record)["questions"]}


def asked_about(server: JudgeServer, qid: str) -> bool:
    return any(answer_of(qid) in r.prompt for r in server.requests())


def test_a_judge_overturns_text_mismatches_and_the_report_says_so(
    tmp_path: Path, server: JudgeServer
) -> None:
    q = entries(judged_run(tmp_path, server))
    for qid, field in (("t_synonym", "text_answer"), ("t_entity", "entity")):
        comp = q[qid]["details"]["components"]["exact_match"]
        assert q[qid]["outcome"] == "PASS" and comp["status"] == "judged" and comp["score"] == 1.0
        assert comp["judge"]["name"] == "openai" and "the test judge says match" in comp["judge"]["reason"]
        judged = q[qid]["details"]["fields"][field]
        assert judged["status"] == "judged" and judged["judge"]["overturned"] == "mismatch"
    (item,) = explain(q["t_synonym"], everything=True)[:1]
    assert item["why"] == "accepted by the judge openai: the test judge says match"  # the pages' plain words
    kp = q["k_points"]
    assert kp["outcome"] == "PASS" and kp["details"]["components"]["key_points"]["status"] == "judged"
    assert kp["details"]["key_points"]["points"][0]["judge"]["match"] is True


def test_a_no_and_a_judge_error_leave_the_mismatch(tmp_path: Path, server: JudgeServer) -> None:
    q = entries(judged_run(tmp_path, server))
    refused = q["t_refused"]["details"]["fields"]["text_answer"]
    assert q["t_refused"]["outcome"] == "FAIL" and refused["status"] == "mismatch"
    assert refused["judge"] == {"name": "openai", "match": False, "reason": "the test judge says nomatch"}
    broken = q["t_malformed"]["details"]["fields"]["text_answer"]
    assert q["t_malformed"]["outcome"] == "FAIL" and broken["status"] == "mismatch"
    assert "not a verdict" in broken["judge"]["error"]


def test_never_for_amounts_numbers_matches_or_opted_out_questions(
    tmp_path: Path, server: JudgeServer
) -> None:
    q = entries(judged_run(tmp_path, server))
    for qid in NOT_ASKED:
        assert not asked_about(server, qid), qid
        assert "judge" not in q[qid]["details"]["components"]["exact_match"], qid
    assert q["t_amount"]["outcome"] == "FAIL" and q["t_number"]["outcome"] == "FAIL"
    assert q["t_exact"]["outcome"] == "PASS"  # a match stays a match, though this judge says no
    assert q["t_exact"]["details"]["components"]["exact_match"]["status"] == "match"
    assert q["t_opt_out"]["outcome"] == "FAIL"


def test_the_summary_counts_verdicts_by_type_and_kind(tmp_path: Path, server: JudgeServer) -> None:
    report = build_report(judged_run(tmp_path, server))
    judge = report["summary"]["judge"]
    assert (judge["verdicts"], judge["overturned"], judge["upheld"], judge["errors"]) == (5, 3, 1, 1)
    assert judge["components"] == 3 and judge["name"] == "openai"
    assert judge["by_type"]["fact_exact"] == {
        "verdicts": 4, "overturned": 2, "upheld": 1, "errors": 1, "components": 2
    }  # fmt: skip
    assert judge["by_type"]["evidence_set"]["overturned"] == 1
    assert judge["by_kind"]["entity"] == {"verdicts": 1, "overturned": 1, "upheld": 0, "errors": 0}
    assert judge["by_kind"]["key_point"]["overturned"] == 1
    text = render_summary(report)
    assert "judge openai: 5 verdict(s): 3 overturned a mismatch" in text and "1 judge error(s)" in text


def test_a_rerun_and_rescore_ask_nothing_and_are_byte_identical(tmp_path: Path, server: JudgeServer) -> None:
    ids = [i for i in CASES if i != "t_malformed"]  # a judge error is never cached: it is asked again
    first = judged_run(tmp_path, server, ids)
    asked = len(server.requests())
    assert asked == 4
    second = judged_run(tmp_path, server, ids)
    assert len(server.requests()) == asked
    same = [dumps_report_bytes(strip_timings(build_report(r))) for r in (first, second)]
    assert same[0] == same[1]
    again = rescore(first.run_id, output_dir=tmp_path / "runs")
    assert len(server.requests()) == asked
    assert [(r.id, r.outcome, r.score) for r in again.results] == [
        (r.id, r.outcome, r.score) for r in first.results
    ]
    assert build_report(again)["summary"]["judge"]["overturned"] == 3
    plain = rescore(first.run_id, output_dir=tmp_path / "runs", judge="none")
    assert "judge" not in build_report(plain)["summary"]
    assert {r.id: r.outcome for r in plain.results}["t_synonym"] == "FAIL"


def test_a_judge_error_is_asked_again_next_time(tmp_path: Path, server: JudgeServer) -> None:
    judged_run(tmp_path, server, ["t_synonym", "t_malformed"])
    assert len(server.requests()) == 2
    judged_run(tmp_path, server, ["t_synonym", "t_malformed"])
    assert len(server.requests()) == 3 and answer_of("t_malformed") in server.requests()[-1].prompt


def test_without_a_judge_nothing_changes(tmp_path: Path, server: JudgeServer) -> None:
    set_path, answers = write_case(tmp_path / "case")
    record = run([set_path], f"replay:{answers}", output_dir=tmp_path / "runs")
    report = build_report(record)
    assert "judge" not in report["summary"] and "judge" not in report["options"]
    assert not server.requests()
    assert {r.id: r.outcome for r in record.results}["t_synonym"] == "FAIL"


def test_the_cli_flags_and_the_key_kept_out_of_every_file(tmp_path: Path, server: JudgeServer) -> None:
    set_path, answers = write_case(tmp_path / "case")
    config = write_judge_config(tmp_path / "judge.toml", server.url, api_key_env="JUDGE_TEST_KEY")
    out = tmp_path / "runs"
    args = ["--dataset", str(set_path), "--adapter", f"replay:{answers}", "--output", str(out)]
    runner = CliRunner()
    with runner.isolation() as streams:
        code = main(["run", *args, "--judge", f"openai:{config}", "--judge-option", "name=my-judge"])
        stdout = streams[0].getvalue().decode()
    assert code == 1 and "judge my-judge: 5 verdict(s): 3 overturned a mismatch" in stdout
    files = [p for p in out.rglob("*") if p.is_file()]
    assert {p.name for p in files} >= {"report.json", "config.json", "judge-cache.sqlite", "history.sqlite"}
    for path in files:
        assert KEY.encode() not in path.read_bytes(), path
    assert KEY not in stdout
    asked = len(server.requests())
    for extra, line in (([], "judge my-judge: 5 verdict(s)"), (["--judge", "none"], None)):
        with runner.isolation() as streams:
            code = main(["rescore", "latest", "--output", str(out), *extra])
            stdout = streams[0].getvalue().decode()
        assert code == 1 and (line in stdout if line else "judge " not in stdout)
    assert len(server.requests()) == asked + 1  # only the judge error is asked again


def test_a_bad_judge_spec_is_refused_before_anything_is_asked(tmp_path: Path) -> None:
    set_path, answers = write_case(tmp_path / "case")
    runner = CliRunner()
    for spec, message in (
        ("oracle-judge", "unknown judge 'oracle-judge'"),
        ("openai:nope.toml", "not found"),
    ):
        with runner.isolation() as streams:
            with pytest.raises(SystemExit) as done:
                main(["run", "--dataset", str(set_path), "--adapter", f"replay:{answers}", "--output",
                      str(tmp_path / "runs"), "--judge", spec])  # fmt: skip
            stderr = streams[1].getvalue().decode()
        assert done.value.code == 2 and message in stderr and "Traceback" not in stderr
    assert not (tmp_path / "runs").exists() or not list((tmp_path / "runs").glob("*/report.json"))


def test_the_judge_table_of_a_config_file(tmp_path: Path, server: JudgeServer) -> None:
    set_path, answers = write_case(tmp_path / "case", ["t_synonym"])
    judge_config = write_judge_config(tmp_path / "judge.toml", server.url)
    config = tmp_path / "bench.toml"
    config.write_text(
        f'[adapter]\nspec = "replay:{answers}"\n[run]\ndataset = ["{set_path}"]\noutput = "{tmp_path / "runs"}"\n'
        f'[judge]\nspec = "openai:{judge_config}"\nname = "from-config"\n',
        encoding="utf-8",
    )
    runner = CliRunner()
    with runner.isolation() as streams:
        code = main(["run", "--config", str(config)])
        stdout = streams[0].getvalue().decode()
    assert code == 0 and "judge from-config: 1 verdict(s): 1 overturned a mismatch" in stdout
    with runner.isolation() as streams:
        code = main(["run", "--config", str(config), "--judge", "none"])  # the command line wins
        stdout = streams[0].getvalue().decode()
    assert code == 1 and "judge " not in stdout
