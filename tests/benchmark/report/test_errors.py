"""An ERROR (a scorer raised for one question) in every report: JSON, terminal, TSV, JUnit, HTML data,
the run store and compare. It is counted apart from FAIL and SKIP and never scored."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree as ET

from benchmark.compare import compare_outcomes
from benchmark.report.html import Sources, run_view
from benchmark.report.json_report import build_report
from benchmark.report.junit import render_junit
from benchmark.report.terminal import render_summary
from benchmark.report.tsv import render_tsv
from benchmark.results import ERROR
from benchmark.store import RunStore
from tests.benchmark.report.sample import ERROR_TEXT, errored_record, sample_record


def test_the_json_report_counts_errors_apart_and_keeps_the_reason() -> None:
    report = build_report(errored_record())
    s = report["summary"]
    assert (s["total"], s["passed"], s["failed"], s["skipped"], s["errored"], s["resolved"]) == (
        5,
        1,
        2,
        1,
        1,
        3,
    )
    assert s["coverage"] == 0.6, "an ERROR is not resolved"
    assert s["score"] == build_report(sample_record())["summary"]["score"], "an ERROR is never scored"
    assert s["by_type"]["fact_exact"]["errored"] == 1
    line = report["questions"][-1]
    assert line["outcome"] == ERROR and line["error"] == ERROR_TEXT
    assert (
        line["score"] is None
        and line["components"] == {}
        and line["answer"]["answer"] == "夏侯村的欧阳借了钱"
    )
    assert all("error" not in q for q in report["questions"][:-1]), "other lines are unchanged"


def test_the_terminal_lists_the_error_and_the_verdict_counts_it() -> None:
    text = render_summary(build_report(errored_record()))
    assert "ERROR  f3  fact_exact" in text and f"why: the scorer raised {ERROR_TEXT}" in text
    assert "FAIL: 1 passed, 2 failed, 1 skipped, 1 errored of 5; score" in text


def test_the_tsv_row_has_an_errored_column() -> None:
    header, row = render_tsv(build_report(errored_record())).splitlines()
    values = dict(zip(header.split("\t"), row.split("\t"), strict=True))
    assert (values["errored"], values["skipped"], values["resolved"]) == ("1", "1", "3")


def test_junit_has_an_error_element() -> None:
    root = ET.fromstring(render_junit(build_report(errored_record())).encode("utf-8"))
    assert (root.get("errors"), root.get("failures"), root.get("skipped")) == ("1", "2", "1")
    case = next(c for c in root.iter("testcase") if c.get("name") == "f3")
    error = case.find("error")
    assert error is not None and error.get("message") == ERROR_TEXT
    assert case.find("failure") is None and case.find("skipped") is None
    suite = next(s for s in root.iter("testsuite") if s.get("name") == "fact_exact")
    assert suite.get("errors") == "1"


def test_the_html_data_carries_the_error() -> None:
    report = build_report(errored_record())
    view = run_view(report, sources=Sources([report], enabled=False))
    entry = next(q for q in view["questions"] if q["id"] == "f3")["r"][0]
    assert (entry["o"], entry["err"]) == (ERROR, ERROR_TEXT)


def test_the_run_store_keeps_the_count_and_the_reason(tmp_path: Path) -> None:
    report = build_report(errored_record())
    with RunStore(tmp_path / "history.sqlite") as store:
        run_id = store.save_report(report)
        stored = store.get_run(run_id)
        listed = store.list_runs()[0]
    assert stored["questions"][-1]["error"] == ERROR_TEXT and stored["questions"][-1]["outcome"] == ERROR
    assert "error" not in stored["questions"][0]
    assert stored["summary"]["errored"] == 1 and listed.errored == 1


def test_compare_pairs_an_error_like_a_skip() -> None:
    a = {
        "q1": ("PASS", 1.0, "fact_exact"),
        "q2": ("PASS", 1.0, "fact_exact"),
        "q3": ("FAIL", 0.2, "fact_exact"),
    }
    b = {
        "q1": ("PASS", 1.0, "fact_exact"),
        "q2": ("ERROR", None, "fact_exact"),
        "q3": ("PASS", 0.9, "fact_exact"),
    }
    c = compare_outcomes("a", a, "b", b)
    assert c.overall.n == 2, "the errored question is not paired"
    assert [e["id"] for e in c.skipped] == ["q2"] and [e["id"] for e in c.flips] == ["q3"]
