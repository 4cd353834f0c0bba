"""The tokens of a document's chunks and sentences: made once per document, kept across runs.

Tokenizing a document (jieba's search-mode words, then its dates and amounts: ``tokenize``) is most
of what indexing it costs, and the tokens depend only on the texts and on what makes tokens. So they
are kept in the user's cache directory (``$LEGAL_RAG_BENCH_CACHE``, else
``$XDG_CACHE_HOME/legal-rag-bench``, else ``~/.cache/legal-rag-bench``), in ``baseline-index/``, one
file per document and chunking, named by the sha256 of

- the texts, in order: another document, chunking or sentence split is another file;
- the analyser: the source of ``tokenize.py`` and of ``benchmark/text/`` (which reads the dates and
  amounts), Python's and jieba's versions, and the sha256 of jieba's dictionary file.

Nothing stale can be read: the name is what the tokens are made of. A file that cannot be read or
does not fit its texts is made again and rewritten; a cache directory that cannot be written only
means the tokens are made every time. The newest ``MAX_FILES`` files are kept.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from benchmark.adapters.baseline import tokenize as tokenize_module
from benchmark.adapters.baseline.tokenize import tokenize
from benchmark.text.jieba_loader import dictionary_key
from benchmark.text.marshal_file import keep_newest, read_marshal, write_marshal
from benchmark.user_cache import user_cache_dir

__all__ = ["FOLDER", "MAX_FILES", "analyser_key", "fingerprint", "index_file", "stored_tokens"]

FOLDER = "baseline-index"
MAX_FILES = 256

Tokens = tuple[str, ...]


def fingerprint(sources: Sequence[Path], versions: str) -> str:
    """The sha256 of ``versions`` and of each source file's name and bytes."""
    digest = hashlib.sha256(versions.encode())
    for path in sources:
        digest.update(f"\0{path.name}\0".encode() + path.read_bytes())
    return digest.hexdigest()


@cache
def analyser_key() -> str | None:
    """What makes tokens, hashed: our source, Python's and jieba's versions, jieba's dictionary. None
    when the source cannot be read (an install without ``.py`` files): then nothing is stored."""
    import jieba

    text_dir = Path(tokenize_module.__file__).resolve().parents[2] / "text"
    sources = [Path(tokenize_module.__file__), *sorted(text_dir.glob("*.py"))]
    try:
        return fingerprint(sources, f"{sys.version}\0jieba {jieba.__version__}\0{dictionary_key()}")
    except OSError:
        return None


def index_file(texts: Sequence[str], folder: Path | None = None) -> Path | None:
    """The file that holds the tokens of ``texts`` (None: tokens are not stored, see ``analyser_key``)."""
    key = analyser_key()
    if key is None:
        return None
    digest = hashlib.sha256(key.encode())
    for text in texts:
        digest.update(b"\0" + text.encode("utf-8", "surrogatepass"))
    return (folder or user_cache_dir() / FOLDER) / f"{digest.hexdigest()[:32]}.marshal"


def _read(path: Path, size: int) -> list[Tokens] | None:
    loaded = read_marshal(path)
    if not isinstance(loaded, list) or len(loaded) != size:
        return None
    if not all(isinstance(t, tuple) and all(isinstance(w, str) for w in t) for t in loaded):
        return None
    return loaded


def _write(path: Path, tokens: list[Tokens]) -> None:
    if write_marshal(path, tokens):
        keep_newest(path.parent, MAX_FILES)


def stored_tokens(texts: Sequence[str], folder: Path | None = None) -> dict[str, Tokens]:
    """``tokenize`` of each distinct text of a document, read from its index file when one exists,
    else made and written (``folder``: instead of the user's cache directory)."""
    distinct = list(dict.fromkeys(texts))
    path = index_file(distinct, folder)
    tokens = _read(path, len(distinct)) if path is not None else None
    if tokens is None:
        tokens = [tuple(tokenize(text)) for text in distinct]
        if path is not None:
            _write(path, tokens)
    return dict(zip(distinct, tokens, strict=True))
