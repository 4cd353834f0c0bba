"""The pytest plugin, driven through pytester: collection, selection, failure notes, skips, the ``rag_run``
fixture and its baseline check, xdist, ``--lf``, JUnit XML, usage errors, and the example project.

The system under test in most runs is ``sysrag.py`` (written into each test's folder): a python adapter
that appends every question it is asked to ``calls.log`` and answers from a table; ``SYSRAG_MODE=mixed``
makes it answer one question wrongly, invent a phone number for another, and fail on a third.
"""

from __future__ import annotations

import importlib.metadata
import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from benchmark.api import run as run_benchmark

pytest_plugins = ["pytester"]

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "pytest_project"

DOCUMENT = """<!-- page: 1 -->
借款合同
甲向乙借款42000元，借款人为甲，出借人为乙。
<!-- page: 2 -->
还款日期为2020年8月31日。
乙的住址为青屿市东湖区柳岸路88号。
"""


def _fact(
    qid: str, text: str, expected: dict[str, Any], page: int, quote: str, **meta: Any
) -> dict[str, Any]:
    return {
        "id": qid,
        "type": "fact_exact",
        "question": text,
        "expected": expected,
        "required_evidence": [{"page": page, "must_include": quote}],
        "scoring": {"citation_required": True},
        "metadata": meta,
    }


QUESTIONS = [
    _fact(
        "fact_001",
        "借款金额是多少？",
        {"amount_total": 42000},
        1,
        "甲向乙借款42000元",
        difficulty="easy",
        tags=["金额"],
    ),
    _fact(
        "fact_002",
        "还款日期是哪一天？",
        {"date": "2020-08-31"},
        2,
        "还款日期为2020年8月31日",
        difficulty="hard",
        tags=["日期"],
    ),
    _fact(
        "fact_003",
        "借款人是谁？",
        {"entity": "甲"},
        1,
        "借款人为甲",
        difficulty="easy",
        tags=["skip", "人名"],
    ),
    _fact("fact_004", "出借人是谁？", {"entity": "乙"}, 1, "出借人为乙", difficulty="medium", tags=["人名"]),
    {
        "id": "gap_001",
        "type": "conflict_gap",
        "question": "乙的电话号码是多少？",
        "should_abstain": True,
        "hallucination_penalty": "high",
        "evidence_location": {"page": 2},
        "scoring": {"hallucination_check": "must_not_provide_phone_numbers"},
        "metadata": {"difficulty": "medium", "tags": ["缺口"]},
    },
    {
        "id": "ev_001",
        "type": "evidence_set",
        "question": "借款和还款的约定有哪些依据？",
        "expected": {"evidence_count_min": 2},
        "required_evidence": [
            {"page": 1, "must_include": "甲向乙借款42000元", "is_critical": True},
            {"page": 2, "must_include": "还款日期为2020年8月31日", "is_critical": True},
        ],
        "metadata": {"difficulty": "hard", "tags": ["证据"]},
    },
]
IDS = [q["id"] for q in QUESTIONS]

SYSRAG = """
import os
from pathlib import Path

LOG = Path(__file__).with_name("calls.log")
GOOD = {
    "借款金额": {"answer": "借款金额为42000元。", "citations": [{"page": 1, "quote": "甲向乙借款42000元"}]},
    "还款日期": {"answer": "还款日期为2020年8月31日。", "citations": [{"page": 2}]},
    "借款人": {"answer": "借款人是甲。", "citations": [{"page": 1}]},
    "出借人": {"answer": "出借人是乙。", "citations": [{"page": 1}]},
    "电话": {"answer": "材料中没有记载乙的电话号码。", "abstained": True},
    "依据": {
        "answer": "借款42000元，还款日期2020年8月31日。",
        "evidence": [{"text": "甲向乙借款42000元", "page": 1}, {"text": "还款日期为2020年8月31日", "page": 2}],
        "citations": [{"page": 1}, {"page": 2}],
    },
}
MIXED = {
    "借款金额": {"answer": "借款金额为30000元。", "citations": [{"page": 1}]},
    "电话": {"answer": "乙的电话号码是13912345678。", "citations": [{"page": 2}]},
    "依据": {"answer": "借款42000元。", "evidence": [{"text": "甲向乙借款42000元", "page": 1}], "citations": [{"page": 1}]},
}


def answer(question):
    with LOG.open("a", encoding="utf-8") as log:
        log.write(question + "\\n")
    mixed = os.environ.get("SYSRAG_MODE") == "mixed"
    if mixed and "还款日期" in question:
        raise ConnectionError("backend down")
    key = next(k for k in GOOD if k in question)
    return MIXED.get(key, GOOD[key]) if mixed else GOOD[key]
"""


def plugin_args() -> list[str]:
    """``-p legal_rag_bench_pytest`` until the ``pytest11`` entry point is installed (then it loads itself,
    and naming it again would register the module twice). Hypothesis' plugin is left out: it would import
    hypothesis afresh in every in-process run."""
    installed = any(
        ep.value == "legal_rag_bench_pytest" for ep in importlib.metadata.entry_points(group="pytest11")
    )
    return ["-p", "no:hypothesispytest"] + ([] if installed else ["-p", "legal_rag_bench_pytest"])


@pytest.fixture(scope="module", autouse=True)
def _warm_imports() -> None:
    """Load, validate, score and compare once here, so that the modules doing it (scorers, jieba,
    jsonschema, numpy) are imported before pytester's in-process runs, which drop every module a run
    imported when it ends (and numpy cannot be imported twice in a process)."""
    from benchmark.stats import paired_bootstrap

    paired_bootstrap([0.0, 1.0], [1.0, 1.0], resamples=10)
    facts = REPO / "datasets" / "transcript" / "fact_exact.json"
    run_benchmark(facts, "oracle", output_dir=None, cache_path=None, store_path=None)
    run_benchmark(
        REPO / "datasets" / "transcript" / "conflict_gap.json",
        "refuse",
        output_dir=None,
        cache_path=None,
        store_path=None,
    )


@pytest.fixture
def project(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A folder with ``questions.json`` (+ its document) and the ``sysrag`` system; ``SYSRAG_MODE=good``."""
    (pytester.path / "document.md").write_text(DOCUMENT, encoding="utf-8")
    data = {
        "benchmark_type": "fact_exact",
        "description": "测试用题集（虚构）",
        "document": "document.md",
        "questions": QUESTIONS,
    }
    (pytester.path / "questions.json").write_text(
        json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8"
    )
    pytester.makepyfile(sysrag=SYSRAG)
    monkeypatch.setenv("SYSRAG_MODE", "good")
    return pytester


RAG = ["--rag-set", "questions.json", "--rag-adapter", "python:sysrag:answer"]


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest(*plugin_args(), *args)


def calls(pytester: pytest.Pytester) -> list[str]:
    log = pytester.path / "calls.log"
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def collected(result: pytest.RunResult) -> list[str]:
    return [line for line in result.outlines if "::" in line]


# --- collection and selection --------------------------------------------------------------------


def test_one_item_per_question_named_by_its_id(project: pytest.Pytester) -> None:
    result = run(project, *RAG, "--collect-only", "-q")
    assert collected(result) == [f"questions.json::{qid}" for qid in IDS]
    assert calls(project) == []  # collecting asks nothing


@pytest.mark.parametrize(
    ("selection", "expected"),
    [
        (["-m", "fact_exact"], ["fact_001", "fact_002", "fact_003", "fact_004"]),
        (["-m", "conflict_gap"], ["gap_001"]),
        (["-m", "difficulty_easy"], ["fact_001", "fact_003"]),
        (["-m", "tag_人名 and not difficulty_easy"], ["fact_004"]),
        (["-m", "rag and tag_金额"], ["fact_001"]),
        (["-k", "fact_00"], ["fact_001", "fact_002", "fact_003", "fact_004"]),
        (["-k", "hard"], ["fact_002", "ev_001"]),  # the raw difficulty and tags match -k too
        (["questions.json::gap_001"], ["gap_001"]),
        (
            ["--deselect", "questions.json::fact_002", "-m", "fact_exact"],
            ["fact_001", "fact_003", "fact_004"],
        ),
    ],
)
def test_markers_keywords_and_node_ids_select(
    project: pytest.Pytester, selection: list[str], expected: list[str]
) -> None:
    result = run(project, *RAG, "--strict-markers", "--collect-only", "-q", *selection)
    assert collected(result) == [f"questions.json::{qid}" for qid in expected]


def test_sets_from_the_ini_file_follow_the_paths_pytest_is_given(project: pytest.Pytester) -> None:
    project.makepyprojecttoml(
        '[tool.pytest.ini_options]\nrag_sets = ["questions.json"]\nrag_adapter = "python:sysrag:answer"\n'
    )
    project.makepyfile(test_unit="def test_unit():\n    assert True\n")
    everything = collected(run(project, "--collect-only", "-q"))
    assert everything == [*[f"questions.json::{qid}" for qid in IDS], "test_unit.py::test_unit"]  # in place
    assert collected(run(project, "test_unit.py", "--collect-only", "-q")) == ["test_unit.py::test_unit"]
    assert collected(run(project, "questions.json", "--collect-only", "-q")) == [
        f"questions.json::{q}" for q in IDS
    ]


# --- outcomes and failure messages ---------------------------------------------------------------


def test_passing_run_asks_each_question_once(project: pytest.Pytester) -> None:
    result = run(project, *RAG, "-v")
    result.assert_outcomes(passed=len(IDS))  # fact_003 carries the tag "skip" and still runs
    assert sorted(calls(project)) == sorted(q["question"] for q in QUESTIONS)
    result.stdout.fnmatch_lines(
        [
            "legal-rag-bench: adapter python:sysrag:answer; 1 set(s), 6 questions; cache *answers.sqlite*",
            "legal-rag-bench: asked the system 6 question(s)",
        ]
    )


def test_a_failure_reads_like_a_reviewer_note(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SYSRAG_MODE", "mixed")
    result = run(project, *RAG)
    result.assert_outcomes(passed=2, failed=3, skipped=1)
    result.stdout.fnmatch_lines(
        [
            "fact_001 FAIL  fact_exact  score 0.30 (passes at 0.70)",
            "question: 借款金额是多少？",
            "answer: 借款金额为30000元。",
            "components: exact_match 0.00 (weight 0.70), citation 1.00 (weight 0.30)",
            "  exact_match 0.00 * expected {*42000}, extracted {*30000*}*",
            "pages: cited 1; required 1",
            "set: questions.json $.questions[0]",
        ]
    )
    result.stdout.fnmatch_lines(
        [
            "gap_001 FAIL  conflict_gap  score *",
            "*no_hallucination 0.00 *13912345678*",
            "invented specifics (not in the document): phone “13912345678”",
            "pages: cited 2; required 2",
        ]
    )
    result.stdout.fnmatch_lines(
        [
            "ev_001 FAIL  evidence_set  score 0.50 (passes at 0.70)",
            "  evidence_recall 0.00 *1/2 critical items covered*",
            "evidence not covered: p2 “还款日期为2020年8月31日” (critical)",
            "pages: cited 1; required 1, 2",
        ]
    )
    text = result.stdout.str()
    assert "Traceback" not in text and "pytest_support.py" not in text and "raise RagFailure" not in text


def test_an_adapter_fault_is_a_skip_with_its_reason(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SYSRAG_MODE", "mixed")
    line = (project.path / "questions.json").read_text(encoding="utf-8").splitlines().index(
        '      "id": "fact_002",'
    ) + 1
    result = run(project, *RAG, "-rs", "-k", "fact_002")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines([f"SKIPPED [1] questions.json:{line}: ConnectionError: backend down"])
    strict = run(project, *RAG, "-k", "fact_002", "--rag-skip-is-failure")
    strict.assert_outcomes(failed=1)
    strict.stdout.fnmatch_lines(["fact_002 SKIP  fact_exact  ConnectionError: backend down"])


def test_rag_threshold_overrides_the_sets_pass_threshold(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SYSRAG_MODE", "mixed")
    assert run(project, *RAG, "-k", "fact_001").ret == pytest.ExitCode.TESTS_FAILED
    run(project, *RAG, "-k", "fact_001", "--rag-threshold", "0.3").assert_outcomes(passed=1)


def test_junit_xml_has_one_case_per_question_with_the_note(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SYSRAG_MODE", "mixed")
    run(project, *RAG, "--junitxml=junit.xml")
    cases = {c.get("name"): c for c in ET.parse(project.path / "junit.xml").iter("testcase")}
    assert list(cases) == IDS
    assert {c.get("classname") for c in cases.values()} == {"questions.json"}
    failure = cases["fact_001"].find("failure")
    assert failure is not None and failure.get("message", "").startswith(
        "fact_001 FAIL  fact_exact  score 0.30"
    )
    assert "expected" in (failure.text or "") and "pages: cited 1; required 1" in (failure.text or "")
    skipped = cases["fact_002"].find("skipped")
    assert skipped is not None and skipped.get("message") == "ConnectionError: backend down"
    props = {p.get("name"): p.get("value") for p in cases["fact_001"].iter("property")}
    assert props == {"type": "fact_exact", "outcome": "FAIL", "score": "0.3000"}


# --- the rag_run fixture --------------------------------------------------------------------------

THRESHOLD_TESTS = """
import json
import pytest

def test_helpers(rag_run):
    resolved = [r for r in rag_run.results if r.outcome != "SKIP"]
    facts = [r for r in resolved if r.type == "fact_exact"]
    assert rag_run.score() == pytest.approx(sum(r.score for r in resolved) / len(resolved), abs=1e-6)
    assert rag_run.score("fact_exact") == pytest.approx(sum(r.score for r in facts) / len(facts), abs=1e-6)
    assert rag_run.pass_rate() == sum(r.outcome == "PASS" for r in resolved) / len(resolved)
    assert rag_run.coverage == pytest.approx(len(resolved) / len(rag_run.results), abs=1e-6)
    assert [r.id for r in rag_run.failures()] == [r.id for r in rag_run.results if r.outcome != "PASS"]
    with pytest.raises(ValueError, match="no 'fact_exat' questions"):
        rag_run.score("fact_exat")
    with open("fixture_outcomes.json", "w") as out:
        json.dump({r.id: r.outcome for r in rag_run.results}, out)

def test_second_user_of_the_same_run(rag_run):
    assert rag_run.result("fact_001").question.question == "借款金额是多少？"
"""


def test_rag_run_shares_the_answers_and_agrees_with_the_items(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SYSRAG_MODE", "mixed")
    project.makepyfile(test_thresholds=THRESHOLD_TESTS)
    result = run(project, *RAG)
    items = {r.nodeid.split("::")[1]: r.outcome for r in result.reprec.getreports("pytest_runtest_logreport")  # type: ignore[attr-defined]
             if r.when == "call" or r.skipped}  # fmt: skip
    fixture = json.loads((project.path / "fixture_outcomes.json").read_text())
    assert {
        qid: {"passed": "PASS", "failed": "FAIL", "skipped": "SKIP"}[items[qid]] for qid in IDS
    } == fixture
    assert items["test_helpers"] == items["test_second_user_of_the_same_run"] == "passed"
    assert len(calls(project)) == len(IDS)  # items and fixture: one querying pass


def test_rag_run_without_question_sets_fails_clearly(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_t(rag_run):\n    pass\n")
    result = run(pytester)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        ["*rag_run needs question sets and a system: --rag-set PATH --rag-adapter SPEC*"]
    )


@pytest.fixture
def transcript(pytester: pytest.Pytester) -> list[str]:
    """The bundled transcript fact_exact set, copied with its document."""
    shutil.copy(REPO / "datasets" / "transcript" / "fact_exact.json", pytester.path / "facts.json")
    shutil.copy(REPO / "datasets" / "transcript" / "document.md", pytester.path / "document.md")
    return ["--rag-set", "facts.json"]


def test_no_regression_against_a_report_file(pytester: pytest.Pytester, transcript: list[str]) -> None:
    pytester.makepyfile(
        test_save="def test_save(rag_run):\n    rag_run.write_report('baseline/report.json')\n"
    )
    run(pytester, *transcript, "--rag-adapter", "oracle", "test_save.py").assert_outcomes(passed=54)
    checks = """
def test_same_system_is_no_regression(rag_run):
    comparison = rag_run.assert_no_regression("baseline/report.json")
    assert comparison.overall.verdict == "within noise"

def test_a_worse_system_is(rag_run):
    rag_run.assert_no_regression("baseline")  # a run directory holding report.json

def test_unless_the_drop_is_allowed(rag_run):
    rag_run.assert_no_regression("baseline/report.json", threshold=1.5)

def test_a_type_the_baseline_lacks(rag_run):
    rag_run.assert_no_regression("baseline/report.json", type="conflict_gap")
"""
    pytester.makepyfile(test_checks=checks)
    same = run(pytester, *transcript, "--rag-adapter", "oracle", "-m", "not rag", "-k", "same")
    same.assert_outcomes(passed=1)
    worse = run(
        pytester, *transcript, "--rag-adapter", "refuse", "-m", "not rag", "-k", "not same and not save"
    )
    worse.assert_outcomes(passed=1, failed=2)
    worse.stdout.fnmatch_lines(
        [
            "*regression against baseline *: score 1.000 -> 0.000, change -1.000 (95% CI -1.000 to -1.000, n=53, McNemar p=*); allowed drop 0.000",
            "passed before, fail now: tr_fact_001, tr_fact_002, *and 43 more",
        ]
    )
    worse.stdout.fnmatch_lines(
        ["*baseline * shares no resolved question of type conflict_gap with this run*"]
    )
    assert "Traceback" not in worse.stdout.str()


def test_no_regression_against_a_stored_run(pytester: pytest.Pytester, transcript: list[str]) -> None:
    store = pytester.path / "runs" / "history.sqlite"
    run_benchmark(
        pytester.path / "facts.json",
        "oracle",
        output_dir=pytester.path / "runs",
        store_path=store,
        label="main",
    )
    pytester.makepyfile(
        "def test_against_main(rag_run):\n    rag_run.assert_no_regression('main')\n\n"
        "def test_against_latest(rag_run):\n    rag_run.assert_no_regression('latest', store='runs/history.sqlite')\n\n"
        "def test_unknown(rag_run):\n    rag_run.assert_no_regression('nightly')\n"
    )
    result = run(pytester, *transcript, "--rag-adapter", "refuse", "-m", "not rag")
    result.assert_outcomes(failed=3)
    result.stdout.fnmatch_lines(["*regression against baseline 2*: score 1.000 -> 0.000*"] * 2)
    result.stdout.fnmatch_lines(["*baseline: *history.sqlite: no run 'nightly' in the store*"])


# --- reruns, xdist, errors --------------------------------------------------------------------------


def test_last_failed_rerun_asks_only_the_failed_questions(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SYSRAG_MODE", "mixed")
    run(project, *RAG).assert_outcomes(passed=2, failed=3, skipped=1)
    (project.path / "calls.log").unlink()
    monkeypatch.setenv("SYSRAG_MODE", "good")  # the system was fixed
    rerun = run(project, *RAG, "--lf")
    rerun.assert_outcomes(passed=3)
    rerun.stdout.fnmatch_lines(["run-last-failure: rerun previous 3 failures"])
    assert sorted(calls(project)) == sorted(
        ["乙的电话号码是多少？", "借款金额是多少？", "借款和还款的约定有哪些依据？"]
    )
    (project.path / "calls.log").unlink()
    resumed = run(project, *RAG, "--rag-resume")  # answers of earlier runs are reused
    resumed.assert_outcomes(passed=6)  # fact_002's fault left no answer: only it is asked
    assert calls(project) == ["还款日期是哪一天？"]
    resumed.stdout.fnmatch_lines(
        ["legal-rag-bench: asked the system 1 question(s); 5 answer(s) reused from earlier runs"]
    )


def test_xdist_workers_share_one_querying_pass(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SYSRAG_MODE", "mixed")
    project.makepyfile(test_thresholds=THRESHOLD_TESTS)
    result = project.runpytest_subprocess(*plugin_args(), *RAG, "-n", "2", "-v")
    result.assert_outcomes(passed=4, failed=3, skipped=1)
    assert sorted(calls(project)) == sorted(q["question"] for q in QUESTIONS)  # each exactly once
    needing = [
        line for line in result.outlines if re.search(r"\[gw\d\].*(questions\.json|test_thresholds)", line)
    ]
    assert {re.search(r"gw\d", line).group() for line in needing} == {"gw0", "gw1"}  # type: ignore[union-attr]
    result.stdout.fnmatch_lines(["*SKIPPED*fact_002*", "legal-rag-bench: asked the system 6 question(s)"])
    assert not list(project.path.glob(".pytest_cache/d/legal-rag-bench/*.skips.json"))  # cleaned up


def test_bad_configuration_is_a_usage_error(project: pytest.Pytester) -> None:
    no_system = run(project, "--rag-set", "questions.json")
    assert no_system.ret == pytest.ExitCode.USAGE_ERROR
    no_system.stderr.fnmatch_lines(["ERROR: legal-rag-bench: question sets are given but no system*"])
    missing = run(project, "--rag-set", "nope.json", "--rag-adapter", "oracle")
    assert missing.ret == pytest.ExitCode.USAGE_ERROR
    missing.stderr.fnmatch_lines(["ERROR: legal-rag-bench: *nope.json*"])
    bad_number = run(project, *RAG, "--rag-timeout", "soon")
    bad_number.stderr.fnmatch_lines(["ERROR: legal-rag-bench: --rag-timeout: expected a number, got 'soon'"])


def test_an_adapter_that_cannot_be_built_fails_each_item_in_one_line(project: pytest.Pytester) -> None:
    result = run(
        project,
        "--rag-set",
        "questions.json",
        "--rag-adapter",
        "python:no_such_module:answer",
        "-k",
        "fact_001",
    )
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["legal-rag-bench: python adapter: cannot import 'no_such_module'*"])
    assert "Traceback" not in result.stdout.str()


def test_adapter_options_and_document_override_reach_the_run(project: pytest.Pytester) -> None:
    data = json.loads((project.path / "questions.json").read_text(encoding="utf-8"))
    data["document"] = "missing.md"  # e.g. the set names output.md, but the paged OCR JSON is what you have
    (project.path / "other.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    args = ["--rag-set", "other.json", "--rag-document", "document.md", "--rag-adapter", "refuse"]
    result = run(project, *args, "--rag-adapter-option", "text=记不清了。", "-k", "fact_001")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["answer: 记不清了。"])


def test_the_lock_beside_the_cache_excludes_other_processes(tmp_path: Path) -> None:
    """What keeps xdist workers from asking the same questions: one pass at a time, across processes."""
    worker = (
        "import sys, time\nfrom pathlib import Path\nfrom benchmark.pytest_support import file_lock\n"
        "log = Path(sys.argv[1])\n"
        "with file_lock(log.with_suffix('.lock')):\n"
        "    with log.open('a') as f: f.write(f'start {sys.argv[2]}\\n')\n"
        "    time.sleep(0.3)\n"
        "    with log.open('a') as f: f.write(f'end {sys.argv[2]}\\n')\n"
    )
    log = tmp_path / "sections.log"
    procs = [subprocess.Popen([sys.executable, "-c", worker, str(log), name]) for name in ("a", "b")]
    assert [p.wait(timeout=30) for p in procs] == [0, 0]
    lines = log.read_text().split("\n")[:4]
    assert [line.split()[0] for line in lines] == ["start", "end", "start", "end"]
    assert lines[0].split()[1] == lines[1].split()[1] != lines[2].split()[1] == lines[3].split()[1]


def test_installed_plugin_loads_by_entry_point_and_stays_inert(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A distribution declaring the ``pytest11`` entry point (as the package will) is enough; without
    question sets the plugin imports nothing of the benchmark and registers nothing."""
    dist = pytester.path / "site" / "lrb_entry_point-0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: lrb-entry-point\nVersion: 0\n")
    (dist / "entry_points.txt").write_text("[pytest11]\nlegal_rag_bench = legal_rag_bench_pytest\n")
    monkeypatch.setenv("PYTHONPATH", str(dist.parent))
    pytester.makepyfile(
        """
        import sys

        def test_inert(request):
            manager = request.config.pluginmanager
            assert manager.has_plugin("legal_rag_bench")
            assert manager.get_plugin("legal_rag_bench_state") is None
            assert not any(line.startswith("rag") for line in request.config.getini("markers"))
            loaded = [m for m in sys.modules if m.startswith(("benchmark", "scorers", "jieba"))]
            assert loaded == []
        """
    )
    inert = pytester.runpytest_subprocess("-p", "no:hypothesispytest")
    inert.assert_outcomes(passed=1)
    assert "legal-rag-bench" not in inert.stdout.str()
    (pytester.path / "document.md").write_text(DOCUMENT, encoding="utf-8")
    data = {
        "benchmark_type": "fact_exact",
        "description": "x",
        "document": "document.md",
        "questions": QUESTIONS[:1],
    }
    (pytester.path / "questions.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    active = pytester.runpytest_subprocess(
        "--rag-set", "questions.json", "--rag-adapter", "oracle", "-k", "fact"
    )
    active.assert_outcomes(passed=1)


# --- the example project ----------------------------------------------------------------------------


@pytest.fixture
def example(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> Path:
    """examples/pytest_project copied alone into a folder outside the repository, as a user would."""
    folder = pytester.path / "my_project"
    shutil.copytree(
        EXAMPLE, folder, ignore=shutil.ignore_patterns(".pytest_cache", "__pycache__", "*.log", "reports")
    )
    assert not (pytester.path / "datasets").exists() and REPO not in folder.resolve().parents
    monkeypatch.chdir(folder)
    return folder


def test_example_project_passes_as_shipped(pytester: pytest.Pytester, example: Path) -> None:
    questions = json.loads((example / "questions.json").read_text(encoding="utf-8"))["questions"]
    result = run(pytester, "-v")
    result.assert_outcomes(passed=len(questions) + 5)
    result.stdout.fnmatch_lines([f"questions.json::{q['id']} PASSED*" for q in questions])


def test_example_project_reports_a_worse_system(pytester: pytest.Pytester, example: Path) -> None:
    result = run(pytester, "--rag-adapter", "refuse")
    result.stdout.fnmatch_lines(
        ["fact_001 FAIL  fact_exact  score 0.00 (passes at 0.70)", "*expected {*10000}*"]
    )
    result.stdout.fnmatch_lines(["*regression against baseline *: score 1.000 -> *"])
    failed = {r.nodeid for r in result.reprec.getreports("pytest_runtest_logreport") if r.failed}  # type: ignore[attr-defined]
    assert "test_rag.py::test_no_regression_against_the_baseline" in failed
    assert "test_rag.py::test_facts_are_right" in failed


def test_example_ci_snippet_runs(pytester: pytest.Pytester, example: Path) -> None:
    """The pytest command of ci.yml, run as it is written (xdist and JUnit included)."""
    commands = re.findall(r"^\s*run: (pytest .*)$", (example / "ci.yml").read_text(encoding="utf-8"), re.M)
    assert len(commands) == 1
    args = commands[0].split()[1:]
    result = pytester.runpytest_subprocess(*plugin_args(), *args)
    assert result.ret == pytest.ExitCode.OK
    junit = re.search(r"--junitxml=(\S+)", commands[0])
    assert junit is not None and len(list(ET.parse(example / junit.group(1)).iter("testcase"))) >= 11


def test_example_ci_installs_the_tool_from_a_path_not_a_registry_name() -> None:
    """ci.yml installs ``$LEGAL_RAG_BENCH``: as written, the checkout around the example (the job's
    working directory is the example folder), which is this repository."""
    ci = (EXAMPLE / "ci.yml").read_text(encoding="utf-8")
    (install,) = re.findall(r"^\s*run: (python -m pip install .*)$", ci, re.M)
    assert install.split()[4:] == ['"$LEGAL_RAG_BENCH"', "pytest", "pytest-xdist"]
    (source,) = re.findall(r"^\s*LEGAL_RAG_BENCH: (\S+)$", ci, re.M)
    (workdir,) = re.findall(r"^\s*working-directory: (\S+)$", ci, re.M)
    root = (REPO / workdir / source).resolve()
    assert root == REPO and 'name = "legal-rag-bench"' in (root / "pyproject.toml").read_text(
        encoding="utf-8"
    )
