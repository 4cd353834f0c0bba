"""Key-point coverage: does the answer (with its evidence) state each expected key point?

Lexical method (the default; ``scorers.semantic`` is the optional embedding method). For each key
point, over the *haystack* = the answer text, its evidence texts and its citations' quotes, all
folded (``benchmark.documents.model.match_view``):

- ``token_recall``: the key point is cut into words by jieba (once per question: ``KeyPoint``); stop words and
  pure number/date words (``2020``, ``年``, ``四万``: numbers are checked below) are dropped; the
  score is the share of the remaining words' characters whose word occurs in the haystack.
- ``fuzzy``: rapidfuzz ``partial_ratio`` of the key point in the haystack, 0..1; it counts only when
  the point is reproduced nearly verbatim (>= ``FUZZY_MIN`` 0.85; reported as 0 below that), since a
  long haystack shares many characters with anything.
- ``score = max(token_recall, fuzzy)``; the point is *covered* when ``score >= threshold``
  (``LEXICAL_THRESHOLD`` 0.6) **and** every amount, date and other number of the key point is stated
  in the haystack (``scorers.number_agreement.missing_numbers``): ``8月12日转入16000元`` is not covered by
  an answer saying ``8月21日…16000元``. (Numbers are checked only for points whose words pass.)

Lexical overlap cannot see negation (``愿意退赔`` vs ``不愿意退赔`` share every word): read the
key-point diagnostics with that in mind; the semantic method has the same blind spot with an
English model.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

from benchmark.documents.model import match_view
from benchmark.errors import ConfigError
from benchmark.models import Answer, Question
from benchmark.text import find_amounts, find_dates, fold
from benchmark.text.folding import half_width
from benchmark.text.jieba_loader import jieba_cache_dir, load_jieba
from benchmark.text.numerals import CN_NUMERAL_CHARS
from benchmark.text.ocr import strip_ocr_noise
from scorers.coverage import KeyPointCoverage, KeyPointResult, folded_haystack, haystack_texts
from scorers.folding import Fold
from scorers.fuzzy import partial_ratio
from scorers.gold import GoldText
from scorers.number_agreement import Stated, missing_wanted
from scorers.semantic import semantic_coverage

LEXICAL_THRESHOLD = 0.6
FUZZY_MIN = 0.85
OPTION_NAMES = ("method", "model", "threshold")

#: Function words: they occur everywhere and say nothing about a key point.
_STOPWORD_TEXT = """
    的 了 着 过 吗 呢 吧 啊 呀 么 嘛 得 地 之 其 与 和 及 或 并 而 也 都 就 还 又 再 才 被 把 将 对 向 在 于 以 为 从 由
    是 有 这 那 这个 那个 这些 那些 此 该 等 个 即 则 已 均 所 但 且 第 称 页 按
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())
_NUMBER_WORD = frozenset("0123456789.年月日号时分秒元万亿" + CN_NUMERAL_CHARS)


def cache_dir() -> Path:
    """jieba's dictionary cache (see ``benchmark.text.jieba_loader``)."""
    return jieba_cache_dir()


def _jieba() -> Any:
    return load_jieba()


def _without_values(text: str) -> str:
    """``text`` with its amounts and dates blanked out, so jieba does not glue ``25日写``."""
    t = half_width(strip_ocr_noise(text))
    spans = sorted((f.start, f.end) for f in (*find_amounts(t), *find_dates(t)))
    parts, pos = [], 0
    for start, end in spans:
        if start >= pos:
            parts += [t[pos:start], " "]
            pos = end
    return "".join([*parts, t[pos:]])


def key_point_words(point: str) -> tuple[str, ...]:
    """The words of ``point`` that carry meaning (folded, deduplicated, in order)."""
    words = (fold(w) for w in _jieba().lcut(_without_values(point)))
    keep = (w for w in words if w and w not in STOPWORDS and not set(w) <= _NUMBER_WORD)
    return tuple(dict.fromkeys(keep))


class KeyPoint(GoldText):
    """A key point as the lexical method reads it: its words, folded text and numbers, each made on
    first use and held by its question (``question_key_points``)."""

    @cached_property
    def words(self) -> tuple[str, ...]:
        return key_point_words(self.text)


def question_key_points(question: Question) -> tuple[KeyPoint, ...]:
    """The question's ``expected.key_points``, in order (``Question.derived``)."""
    return tuple(KeyPoint(p) for p in question.expected.key_points)


def _lexical_point(point: KeyPoint, hay: str, hay_raw: Stated, threshold: float) -> KeyPointResult:
    words = point.words
    found = [w for w in words if w in hay]
    total = sum(len(w) for w in words)
    token_recall = sum(len(w) for w in found) / total if total else 0.0
    needle = point.folded
    ratio = partial_ratio(needle, hay, FUZZY_MIN * 100) / 100 if needle and hay else 0.0
    score = max(token_recall, ratio)
    # numbers decide only between "covered" and not: skip the work when the words already fail
    lack = missing_wanted(point.numbers, hay_raw) if score >= threshold else ()
    detail = {"token_recall": round(token_recall, 4), "fuzzy": round(ratio, 4),
              "words": list(words), "words_found": found}  # fmt: skip
    return KeyPointResult(point.text, score, score >= threshold and not lack, lack, detail)


def lexical_coverage(
    key_points: Sequence[str | KeyPoint],
    answer: Answer,
    *,
    threshold: float = LEXICAL_THRESHOLD,
    fold: Fold = match_view,
) -> KeyPointCoverage:
    """Lexical coverage of each key point by ``answer`` (see the module docstring); a point given as
    text is read for this call only (a question's are ``question_key_points``)."""
    if not key_points:
        return KeyPointCoverage("lexical", threshold, ())
    texts = folded_haystack(answer, fold)
    hay_raw = Stated("\n".join(text for text, _ in texts))  # its numbers read once for all points
    hay = "".join(view for _, view in texts)  # == match_view(hay_raw): folding drops the line breaks
    read = (KeyPoint(p) if isinstance(p, str) else p for p in key_points)
    points = tuple(_lexical_point(p, hay, hay_raw, threshold) for p in read)
    return KeyPointCoverage("lexical", threshold, points)


def key_point_options(*sources: Mapping[str, Any]) -> dict[str, Any]:
    """The ``key_points`` option merged field by field, earlier sources winning.

    Each source may hold ``key_points`` as a table (``{"method", "model", "threshold"}``) or a method
    name, or dotted keys ``key_points.method=...`` as ``--scorer-option`` gives them.
    """
    merged: dict[str, Any] = {}
    for source in reversed(sources):
        value = source.get("key_points")
        if isinstance(value, Mapping):
            merged.update(value)
        elif isinstance(value, str):
            merged["method"] = value
        merged.update({k.split(".", 1)[1]: v for k, v in source.items() if k.startswith("key_points.")})
    threshold = merged.get("threshold")
    if threshold is not None and (isinstance(threshold, bool) or not isinstance(threshold, (int, float))):
        raise ConfigError(f"key_points.threshold must be a number, got {threshold!r}")
    unknown = sorted(set(merged) - set(OPTION_NAMES))
    if unknown:
        raise ConfigError(
            f"unknown key_points option {', '.join(map(repr, unknown))}; known: {', '.join(OPTION_NAMES)}"
        )
    return merged


def key_point_coverage(
    key_points: Sequence[str | KeyPoint], answer: Answer, options: Mapping[str, Any], fold: Fold = match_view
) -> KeyPointCoverage:
    """Coverage by the method ``options`` names: ``lexical`` (default) or ``semantic``; ``fold``: the
    scorer's ``FoldOnce`` for this answer."""
    method = str(options.get("method") or "lexical")
    threshold = options.get("threshold")
    if method == "semantic":
        return semantic_coverage(key_points, answer, options)
    if method != "lexical":
        raise ConfigError(f"key_points.method {method!r} is not one of 'lexical', 'semantic'")
    return lexical_coverage(
        key_points, answer, threshold=LEXICAL_THRESHOLD if threshold is None else float(threshold), fold=fold
    )


__all__ = [
    "FUZZY_MIN",
    "LEXICAL_THRESHOLD",
    "OPTION_NAMES",
    "STOPWORDS",
    "KeyPoint",
    "KeyPointCoverage",
    "KeyPointResult",
    "cache_dir",
    "haystack_texts",
    "key_point_coverage",
    "key_point_options",
    "key_point_words",
    "lexical_coverage",
    "question_key_points",
]
