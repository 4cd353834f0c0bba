"""Values read from ranked sentences (``values``): one reader per question, each sentence read and
scored once for the contradiction check and the answer."""

from __future__ import annotations

from typing import Any

import pytest

from benchmark.adapters.baseline import values as values_module
from benchmark.adapters.baseline.passages import Sentence, rank_sentences
from benchmark.adapters.baseline.retriever import Retriever
from benchmark.adapters.baseline.values import Value, ValueReader, candidates
from benchmark.documents import Document

QUESTION = "一共借给乔慕白多少钱？"


@pytest.mark.parametrize("kind", ["amount", "date", "count"])
def test_a_reader_gives_what_a_fresh_read_gives(transcript: Document, kind: str) -> None:
    retriever = Retriever(transcript)
    ranked = rank_sentences(retriever, QUESTION, retriever.search(QUESTION, top_k=10))
    reader = ValueReader(retriever, QUESTION, total=True, unit="笔")
    for sentences in (ranked, [s for s in ranked if s.relevance >= 0.4], ranked[3:], ranked):
        fresh = candidates(kind, sentences, retriever, QUESTION, total=True, unit="笔")
        assert reader.candidates(kind, sentences) == fresh


def test_each_sentence_is_read_once_per_reader(transcript: Document, monkeypatch: pytest.MonkeyPatch) -> None:
    retriever = Retriever(transcript)
    ranked = rank_sentences(retriever, QUESTION, retriever.search(QUESTION, top_k=10))
    read: list[tuple[str, int, int]] = []
    real = values_module._sentence_values

    def counted(kind: str, sentence: Sentence, scorer: Any, unit: str | None) -> list[Value]:
        read.append((kind, sentence.hit.chunk.index, sentence.at))
        return real(kind, sentence, scorer, unit)

    monkeypatch.setattr(values_module, "_sentence_values", counted)
    reader = ValueReader(retriever, QUESTION, total=True)
    found = reader.candidates("amount", ranked)
    assert found and len(read) == len(ranked)
    assert reader.candidates("amount", ranked[:4]) == candidates(
        "amount", ranked[:4], retriever, QUESTION, total=True
    )
    assert len(read) == len(ranked) + 4  # the fresh read above; the reader read nothing again
