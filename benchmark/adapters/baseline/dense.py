"""Dense retrieval through sentence-transformers (the optional ``semantic`` extra), offline only.

``model`` is a local directory or the name of a model already in the local Hugging Face cache:
nothing is ever downloaded. sentence-transformers (and torch) are imported on first use only.
Models are loaded once per process and shared by every document's index.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmark.errors import AdapterSpecError
from benchmark.extras import install_hint

__all__ = ["DenseIndex", "load_model"]

INSTALL_HINT = install_hint("semantic")
QUERY_CACHE = 4096

_LOCK = threading.Lock()
_MODELS: dict[str, Any] = {}


def _import_sentence_transformers() -> Any:
    try:
        import sentence_transformers
    except ImportError as err:
        raise AdapterSpecError(
            "retriever=dense and retriever=hybrid need the optional 'semantic' extra "
            f"(sentence-transformers), which is not installed: {INSTALL_HINT}"
        ) from err
    return sentence_transformers


@contextmanager
def _quiet() -> Iterator[None]:
    """No progress bars or warnings from transformers / sentence-transformers while a model loads."""
    loggers = [logging.getLogger(name) for name in ("sentence_transformers", "transformers")]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.ERROR)
    try:
        from transformers.utils import logging as hf_logging
    except ImportError:  # pragma: no cover - transformers comes with sentence-transformers
        hf_logging = None
    bars = hf_logging.is_progress_bar_enabled() if hf_logging is not None else False
    if hf_logging is not None:
        hf_logging.disable_progress_bar()
    try:
        yield
    finally:
        for lg, level in zip(loggers, levels, strict=True):
            lg.setLevel(level)
        if hf_logging is not None and bars:
            hf_logging.enable_progress_bar()


def _load(st: Any, ref: str) -> Any:
    path = Path(ref).expanduser()
    with _quiet():
        return st.SentenceTransformer(
            str(path) if path.exists() else ref, device="cpu", local_files_only=True
        )


def load_model(ref: str) -> Any:
    """The SentenceTransformer for ``ref`` (a path or a cached name), loaded once; never downloads."""
    st = _import_sentence_transformers()
    with _LOCK:
        model = _MODELS.get(ref)
        if model is None:
            try:
                model = _load(st, ref)
            except Exception as err:  # missing files, not a model, not in the cache
                raise AdapterSpecError(
                    f"cannot load the embedding model {ref!r} offline ({type(err).__name__}: {err}); "
                    "give model=PATH to a local sentence-transformers model, or the name of one "
                    "already in the Hugging Face cache (nothing is downloaded)"
                ) from err
            _MODELS[ref] = model
    return model


def _encode(model: Any, texts: Sequence[str]) -> Any:
    return model.encode(
        list(texts),
        batch_size=32,
        convert_to_numpy=True,
        normalize_embeddings=True,
        show_progress_bar=False,
    )


class DenseIndex:
    """Unit-normalised embeddings of the chunks; a query's scores are cosine similarities."""

    def __init__(self, model_ref: str, texts: Sequence[str]) -> None:
        self.model_ref = model_ref
        self.model = load_model(model_ref)
        self.size = len(texts)
        self.vectors = _encode(self.model, texts) if texts else None
        self._queries: dict[str, Any] = {}

    def scores(self, query: str) -> list[float]:
        """Cosine similarity of the query to every chunk (query vectors are memoised)."""
        if self.vectors is None:
            return []
        vector = self._queries.get(query)
        if vector is None:
            vector = _encode(self.model, [query])[0]
            if len(self._queries) < QUERY_CACHE:
                self._queries[query] = vector
        return [float(x) for x in self.vectors @ vector]
