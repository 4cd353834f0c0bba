from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmark.adapters.baseline.passages import split_sentences
from benchmark.adapters.baseline.retriever import (
    Hit,
    RetrievalConfig,
    Retriever,
    _ranked,
    clear_cache,
    get_retriever,
)
from benchmark.adapters.baseline.sentences import sentence_places
from benchmark.documents import Document
from benchmark.errors import AdapterSpecError


def test_defaults() -> None:
    config = RetrievalConfig.from_options({})
    assert config == RetrievalConfig("bm25", "structure", 200, 5, None)
    assert config.describe() == {
        "retriever": "bm25",
        "chunking": "structure",
        "chunk_size": 200,
        "top_k": 5,
        "model": None,
    }


def test_command_line_strings_are_read() -> None:
    config = RetrievalConfig.from_options({"chunking": "Fixed", "chunk_size": "120", "top_k": " 8 "})
    assert (config.chunking, config.chunk_size, config.top_k) == ("fixed", 120, 8)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"retriever": "tfidf"}, "retriever='tfidf' is not valid; expected one of: bm25, dense, hybrid"),
        (
            {"chunking": "pages"},
            "chunking='pages' is not valid; expected one of: structure, paragraph, fixed",
        ),
        ({"top_k": "0"}, "top_k='0' is not valid; expected a whole number from 1 to 100"),
        ({"top_k": "five"}, "top_k='five' is not valid"),
        ({"top_k": True}, "top_k=True is not valid"),
        ({"chunk_size": -3}, "chunk_size=-3 is not valid"),
        ({"retriever": "dense"}, "retriever=dense needs model=PATH_OR_NAME"),
        ({"retriever": "hybrid", "model": ""}, "retriever=hybrid needs model=PATH_OR_NAME"),
    ],
)
def test_bad_options_are_refused_with_a_message_naming_them(options: dict, message: str) -> None:
    with pytest.raises(AdapterSpecError) as err:
        RetrievalConfig.from_options(options)
    assert message in str(err.value)


def test_search_returns_ranked_chunks_with_page_and_lines(transcript: Document) -> None:
    retriever = Retriever(transcript, RetrievalConfig(top_k=3))
    hits = retriever.search("乔慕白的手机号码是多少？")
    assert 1 <= len(hits) <= 3
    assert [h.rank for h in hits] == list(range(1, len(hits) + 1))
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    best = hits[0]
    assert (best.page, best.start, best.end) == (2, 19, 20)
    assert "记不清" in best.text
    assert len(retriever.search("乔慕白", top_k=1)) == 1


def test_a_date_in_another_notation_still_finds_its_chunk(transcript: Document) -> None:
    hits = Retriever(transcript).search("2021-04-09那天给了什么？")
    assert (hits[0].page, hits[0].start) == (2, 15)


def test_coverage_is_the_share_of_idf_mass(transcript: Document) -> None:
    retriever = Retriever(transcript)
    terms = retriever.query_terms("乔慕白的手机号码")
    assert retriever.coverage(terms, terms) == pytest.approx(1.0)
    assert retriever.coverage(terms, []) == 0.0
    assert 0.0 < retriever.coverage(terms, terms[:1]) < 1.0


def test_indexes_are_cached_per_document_and_config(transcript: Document, contract: Document) -> None:
    clear_cache()
    first = get_retriever(transcript, RetrievalConfig())
    assert get_retriever(transcript, RetrievalConfig()) is first
    assert get_retriever(transcript, RetrievalConfig(top_k=9)) is not first
    assert get_retriever(contract, RetrievalConfig()) is not first


def test_the_retriever_works_without_the_adapter(contract: Document) -> None:
    hits = get_retriever(contract, RetrievalConfig(chunking="fixed", chunk_size=50)).search("违约金")
    assert hits and hits[0].page == 2


@given(
    st.lists(st.sampled_from([0.0, -0.0, 0.5, 1.0, 1.5, 2.0, -1.0]), max_size=40),
    st.booleans(),
    st.integers(1, 12),
)
@settings(max_examples=500, deadline=None)
def test_the_best_k_are_the_first_k_of_the_whole_ranking(
    scores: list[float], positive_only: bool, k: int
) -> None:
    """Ties (the score lists repeat values) go to the lower index either way."""
    whole = sorted(
        (i for i, s in enumerate(scores) if s > 0.0 or not positive_only), key=lambda i: (-scores[i], i)
    )
    assert _ranked(scores, positive_only) == whole
    assert _ranked(scores, positive_only, k) == whole[:k]


def test_a_hit_carries_its_chunks_sentences_as_the_index_split_them(contract: Document) -> None:
    retriever = Retriever(contract)
    for hit in retriever.search("还款日是哪一天？金额是多少？", top_k=10):
        assert hit.places == tuple(sentence_places(hit.chunk))
        assert split_sentences(hit) == split_sentences(Hit(hit.chunk, hit.score, hit.rank))
