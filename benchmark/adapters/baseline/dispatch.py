"""The baseline's answer to one question, by its type: fact_exact (``answerer``), evidence_set
(``evidence``) or conflict_gap (``gaps``, which builds on the fact answerer)."""

from __future__ import annotations

from benchmark.adapters.baseline.answerer import answer_fact
from benchmark.adapters.baseline.evidence import answer_evidence
from benchmark.adapters.baseline.gaps import answer_conflict_gap
from benchmark.adapters.baseline.retriever import Retriever
from benchmark.models import Answer

__all__ = ["answer_question"]


def answer_question(question: str, qtype: str, retriever: Retriever) -> Answer:
    """The baseline's answer to one question of type ``qtype`` over the retriever's document."""
    if qtype == "evidence_set":
        return answer_evidence(question, retriever)
    if qtype == "conflict_gap":
        return answer_conflict_gap(question, retriever)
    return answer_fact(question, retriever)
