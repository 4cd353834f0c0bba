"""The one place jieba is loaded: lazily (its dictionary takes ~0.5 s), once, thread-safe and quiet.

Its dictionary cache goes to ``$XDG_CACHE_HOME/legal-rag-bench/jieba`` (or ``~/.cache/...``) instead of
the system temp directory; jieba's start-up messages never reach stderr. We never add words to its
shared dictionary, so results do not depend on which documents were seen first.
"""

from __future__ import annotations

import logging
import os
import threading
import warnings
from pathlib import Path
from typing import Any

_LOCK = threading.Lock()
_JIEBA: Any = None


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


def load_jieba() -> Any:
    """The initialised ``jieba`` module (``jieba.posseg`` imported too)."""
    global _JIEBA
    if _JIEBA is not None:
        return _JIEBA
    with _LOCK:
        if _JIEBA is None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # jieba imports the deprecated pkg_resources
                import jieba
                import jieba.posseg
            logging.getLogger("jieba").setLevel(logging.CRITICAL + 1)  # even "dump cache failed" stays quiet
            jieba.dt.tmp_dir = _usable_cache_dir()
            try:
                jieba.initialize()
            finally:
                jieba.setLogLevel(logging.WARNING)
            _JIEBA = jieba
    return _JIEBA
