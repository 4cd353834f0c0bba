"""The pytest11 entry module in other people's projects: a project with its own ``benchmark/`` and
``scorers/`` packages runs pytest as if the tool were not installed, and asking for question sets there
gives one warning instead of a broken run. Each run is a fresh ``python -m pytest`` process (the
working directory first on ``sys.path``, as the projects that used to break had it).
"""

from __future__ import annotations

import importlib.metadata
import json
from pathlib import Path

import pytest

import legal_rag_bench_pytest

pytest_plugins = ["pytester"]

DOCUMENT = "<!-- page: 1 -->\n甲向乙借款42000元。\n"
QUESTION = {
    "id": "fact_001",
    "type": "fact_exact",
    "question": "借款金额是多少？",
    "expected": {"amount_total": 42000},
    "required_evidence": [{"page": 1, "must_include": "甲向乙借款42000元"}],
}
USER_TESTS = """
from benchmark.speed import fastest
from scorers import grade


def test_own_benchmark_package():
    assert fastest([3, 1, 2]) == 1


def test_own_scorers_package():
    assert grade(0.9) == "A"
"""


@pytest.fixture
def clashing(pytester: pytest.Pytester) -> pytest.Pytester:
    """A project whose own packages are called ``benchmark`` and ``scorers``, with tests importing them."""
    pytester.mkpydir("benchmark")
    (pytester.path / "benchmark" / "speed.py").write_text("def fastest(xs):\n    return min(xs)\n")
    pytester.mkpydir("scorers")
    (pytester.path / "scorers" / "__init__.py").write_text(
        "def grade(x):\n    return 'A' if x > 0.8 else 'B'\n"
    )
    pytester.makepyfile(test_user=USER_TESTS)
    return pytester


def write_set(pytester: pytest.Pytester) -> None:
    (pytester.path / "document.md").write_text(DOCUMENT, encoding="utf-8")
    data = {
        "benchmark_type": "fact_exact",
        "description": "x",
        "document": "document.md",
        "questions": [QUESTION],
    }
    (pytester.path / "questions.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_the_entry_point_is_the_top_level_module() -> None:
    (entry,) = [e for e in importlib.metadata.entry_points(group="pytest11") if e.name == "legal_rag_bench"]
    assert entry.value == "legal_rag_bench_pytest"
    assert entry.load() is legal_rag_bench_pytest


def test_a_project_with_its_own_benchmark_and_scorers_packages_runs_pytest(clashing: pytest.Pytester) -> None:
    result = clashing.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, warnings=0)
    assert "not collected" not in result.stdout.str() + result.stderr.str()


def test_asking_for_question_sets_there_warns_once_and_runs_the_project_tests(
    clashing: pytest.Pytester,
) -> None:
    write_set(clashing)
    clashing.makeini("[pytest]\nrag_sets = questions.json\nrag_adapter = oracle\n")
    result = clashing.runpytest_subprocess("-p", "no:cacheprovider", "-rA")
    result.assert_outcomes(passed=2, warnings=1)
    out = result.stdout.str()
    assert out.count("question sets not collected") == 1
    assert f"finds {clashing.path / 'benchmark'}" in out
    assert "fact_001" not in out


def test_rag_run_there_fails_with_the_clash_not_a_traceback(clashing: pytest.Pytester) -> None:
    write_set(clashing)
    clashing.makepyfile(test_threshold="def test_t(rag_run):\n    assert rag_run.coverage == 1.0\n")
    result = clashing.runpytest_subprocess("-p", "no:cacheprovider", "--rag-set", "questions.json")
    result.assert_outcomes(passed=2, errors=1, warnings=1)
    result.stdout.fnmatch_lines(["*question sets not collected: `import benchmark` finds*"])
    assert "Traceback" not in result.stdout.str()


def test_folders_that_are_not_packages_do_not_clash(pytester: pytest.Pytester) -> None:
    """A ``benchmark/`` data folder (no ``__init__.py``) never shadows an installed package."""
    (pytester.path / "benchmark").mkdir()
    (pytester.path / "benchmark" / "notes.txt").write_text("timings\n")
    write_set(pytester)
    result = pytester.runpytest_subprocess(
        "-p", "no:cacheprovider", "--rag-set", "questions.json", "--rag-adapter", "oracle", "-v"
    )
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["questions.json::fact_001 PASSED*"])


def test_shadowing_is_judged_by_where_the_packages_resolve(tmp_path: Path) -> None:
    assert legal_rag_bench_pytest.shadowing(Path(legal_rag_bench_pytest.__file__).parent) is None
    (tmp_path / "scorers").mkdir()
    (tmp_path / "scorers" / "__init__.py").write_text("")
    message = legal_rag_bench_pytest.shadowing(tmp_path)
    assert message is not None and f"finds {tmp_path / 'scorers'}" in message
