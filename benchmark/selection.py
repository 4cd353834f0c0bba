"""Choosing which questions of which sets a command works on (``--type``, ``--tag``, ``--difficulty``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

from benchmark.errors import ConfigError
from benchmark.hints import did_you_mean
from benchmark.models import QUESTION_TYPES, Question, QuestionSet

SHOWN_TAGS = 12


def select_questions(
    sets: Iterable[QuestionSet],
    *,
    types: Iterable[str] = (),
    tags: Iterable[str] = (),
    difficulties: Iterable[str] = (),
    ids: Iterable[str] = (),
) -> Iterator[tuple[QuestionSet, Question]]:
    """(set, question) pairs in set order then question order; each filter keeps any of its values.

    A type that does not exist, or a tag no question of the sets carries, is refused with the closest
    known names (a misspelled filter would otherwise narrow the run without a word).
    """
    type_set, tag_set, diff_set, id_set = set(types), set(tags), set(difficulties), set(ids)
    unknown = sorted(type_set - set(QUESTION_TYPES))
    if unknown:
        raise ConfigError(
            f"unknown question type {unknown[0]!r}{did_you_mean(unknown[0], QUESTION_TYPES)} "
            f"(types: {', '.join(QUESTION_TYPES)})",
            where="--type",
        )
    sets = list(sets)
    if tag_set:
        _check_tags(sets, tag_set)
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


def _check_tags(sets: list[QuestionSet], wanted: set[str]) -> None:
    counts = Counter(tag for qs in sets for q in qs.questions for tag in q.tags)
    for tag in sorted(wanted - set(counts)):
        common = ", ".join(t for t, _ in counts.most_common(SHOWN_TAGS)) or "none"
        raise ConfigError(
            f"no question carries the tag {tag!r}{did_you_mean(tag, counts)} (most used tags: {common})",
            where="--tag",
        )
