"""The one place jieba is loaded: on first need, once per process, thread-safe and quiet.

- :func:`load_jieba`: the tokenizer with its prefix dictionary, read in one piece from a cache file
  of its own (``benchmark.text.jieba_dict``: named by the dictionary's content hash and jieba's
  version, built by jieba on the first load) in ``$XDG_CACHE_HOME/legal-rag-bench/jieba`` (or
  ``~/.cache/...``). Components that need words (key points, the baseline's tokenizer, name checks)
  call it; a run whose scorers need none never loads the dictionary.
- :func:`load_posseg`: the part-of-speech tagger on top of it; only the name checks need it. jieba
  builds its word-tag table from the whole dictionary file when ``jieba.posseg`` is imported (a
  module-level ``POSTokenizer``), so the table costs that parse once per process that tags, and
  nothing in any other.

jieba's start-up messages never reach stderr. We never add words to its shared dictionary, so
results do not depend on which documents were seen first.
"""

from __future__ import annotations

import logging
import os
import threading
import warnings
from pathlib import Path
from typing import Any

from benchmark.text.jieba_dict import load_prefix_dict

__all__ = ["dictionary_key", "jieba_cache_dir", "load_jieba", "load_posseg"]

_LOCK = threading.Lock()  # threads of one process (the baseline answers concurrently) load it once
_JIEBA: Any = None
_POSSEG: Any = None
_DICTIONARY_KEY = ""


def jieba_cache_dir() -> Path:
    """Where jieba's dictionary cache lives."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "legal-rag-bench" / "jieba"


def _usable_cache_dir() -> str | None:
    path = jieba_cache_dir()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None  # jieba falls back to the system temp directory
    return str(path)


def _quiet_import(name: str) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # jieba imports the deprecated pkg_resources
        module = __import__(name, fromlist=["_"])
    logging.getLogger("jieba").setLevel(logging.CRITICAL + 1)  # even "dump cache failed" stays quiet
    return module


def load_jieba() -> Any:
    """The ``jieba`` module, its dictionary loaded."""
    global _JIEBA, _DICTIONARY_KEY
    if _JIEBA is None:
        with _LOCK:
            if _JIEBA is None:
                jieba = _quiet_import("jieba")
                folder = _usable_cache_dir()
                jieba.dt.tmp_dir = folder  # where jieba would write, were it to build a cache itself
                try:
                    _DICTIONARY_KEY = load_prefix_dict(jieba.dt, Path(folder) if folder else None)
                finally:
                    jieba.setLogLevel(logging.WARNING)
                _JIEBA = jieba
    return _JIEBA


def dictionary_key() -> str:
    """The key of the dictionary :func:`load_jieba` loaded (``jieba_dict.dictionary_key``)."""
    load_jieba()
    return _DICTIONARY_KEY


def load_posseg() -> Any:
    """``jieba.posseg``, over the dictionary :func:`load_jieba` loads."""
    global _POSSEG
    if _POSSEG is None:
        load_jieba()
        with _LOCK:
            if _POSSEG is None:
                _POSSEG = _quiet_import("jieba.posseg")
    return _POSSEG
