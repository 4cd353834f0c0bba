"""Choosing which questions of which sets a command works on (``--type``, ``--tag``, ``--difficulty``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from benchmark.errors import ConfigError
from benchmark.models import QUESTION_TYPES, Question, QuestionSet


def select_questions(
    sets: Iterable[QuestionSet],
    *,
    types: Iterable[str] = (),
    tags: Iterable[str] = (),
    difficulties: Iterable[str] = (),
    ids: Iterable[str] = (),
) -> Iterator[tuple[QuestionSet, Question]]:
    """(set, question) pairs in set order then question order; each filter keeps any of its values."""
    type_set, tag_set, diff_set, id_set = set(types), set(tags), set(difficulties), set(ids)
    unknown = sorted(type_set - set(QUESTION_TYPES))
    if unknown:
        raise ConfigError(
            f"unknown question type {unknown[0]!r}; choose from {', '.join(QUESTION_TYPES)}", where="--type"
        )
    for qs in sets:
        for q in qs.questions:
            if type_set and q.type not in type_set:
                continue
            if tag_set and not tag_set.intersection(q.tags):
                continue
            if diff_set and q.metadata.difficulty not in diff_set:
                continue
            if id_set and q.id not in id_set:
                continue
            yield qs, q
