"""The tool's cache directory for this user: ``$LEGAL_RAG_BENCH_CACHE``, else
``$XDG_CACHE_HOME/legal-rag-bench``, else ``~/.cache/legal-rag-bench``. What is kept there is keyed by
its content (validated sets, the baseline's stored document tokens), so nothing stale is ever read."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["ENV", "user_cache_dir"]

ENV = "LEGAL_RAG_BENCH_CACHE"


def user_cache_dir() -> Path:
    """The tool's cache directory for this user."""
    explicit = os.environ.get(ENV)
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "legal-rag-bench"
