"""A question's own texts (a ``must_include``, a key point) in the forms scorers read them.

Every answer to a question reads its texts again, so each reading is made once per question and held
by it: the scorer asks the question for its ``GoldText``s through ``Question.derived`` (as it does for
its citation targets and gold locations), never a cache keyed by text. Each form is made on first use:
a question scored only on its words never has its numbers read. Never made of an answer's text.
"""

from __future__ import annotations

from functools import cached_property

from benchmark.documents.model import match_view
from benchmark.models import Question
from scorers.number_agreement import Wanted, required_numbers

__all__ = ["GoldText", "evidence_texts", "gold_text"]


class GoldText:
    """One of a question's texts: folded as answers are (``match_view``) and the numbers it requires."""

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def folded(self) -> str:
        return match_view(self.text)

    @cached_property
    def numbers(self) -> tuple[Wanted, ...]:
        return required_numbers(self.text)


def gold_text(question: Question, text: str) -> GoldText:
    """One of the question's texts that no list of it indexes (an accepted answer, a key point a judge
    is asked about): ``question.derived(gold_text, text)``."""
    return GoldText(text)


def evidence_texts(question: Question) -> tuple[GoldText, ...]:
    """The ``must_include`` of each ``required_evidence`` item, in order (``Question.derived``)."""
    return tuple(GoldText(req.must_include) for req in question.required_evidence)
