"""The tokens of a document's chunks and sentences, and the values its sentences state: made once per
document, kept across runs.

Tokenizing a document (jieba's search-mode words, then its dates and amounts: ``tokenize``) is most
of what indexing it costs, and reading the amounts and dates of its sentences with the words around
each (``sentence_values``) most of what answering from it costs that does not depend on the question.
Both depend only on the texts and on what reads them. So they are kept in the user's cache directory
(``$LEGAL_RAG_BENCH_CACHE``, else ``$XDG_CACHE_HOME/legal-rag-bench``, else
``~/.cache/legal-rag-bench``): the tokens in ``baseline-index/``, the sentences' values in
``baseline-values/``, one file per document and chunking in each, named by the sha256 of

- the texts, in order: another document, chunking or sentence split is another file;
- the analyser: the source of ``tokenize.py``, ``sentence_values.py`` and ``benchmark/text/`` (which
  reads the dates and amounts), Python's and jieba's versions, and the sha256 of jieba's dictionary
  file.

Nothing stale can be read: the name is what the file is made of. A file that cannot be read or does
not fit its texts is made again and rewritten; a cache directory that cannot be written only means
the work is done every time. The newest ``MAX_FILES`` files of each folder are kept.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation
from functools import cache
from pathlib import Path
from typing import Any

from benchmark.adapters.baseline import sentence_values as values_module
from benchmark.adapters.baseline import tokenize as tokenize_module
from benchmark.adapters.baseline.sentence_values import Found, SentenceValues, sentence_values
from benchmark.adapters.baseline.tokenize import tokenize
from benchmark.text import PartialDate
from benchmark.text.jieba_loader import dictionary_key
from benchmark.text.marshal_file import keep_newest, read_marshal, source_key, write_marshal
from benchmark.user_cache import user_cache_dir

__all__ = [
    "FOLDER",
    "MAX_FILES",
    "VALUES_FOLDER",
    "analyser_key",
    "index_file",
    "stored_tokens",
    "stored_values",
]

FOLDER = "baseline-index"
VALUES_FOLDER = "baseline-values"
MAX_FILES = 256

Tokens = tuple[str, ...]


@cache
def analyser_key() -> str | None:
    """What makes tokens, hashed: our source, Python's and jieba's versions, jieba's dictionary. None
    when the source cannot be read (an install without ``.py`` files): then nothing is stored."""
    import jieba

    text_dir = Path(tokenize_module.__file__).resolve().parents[2] / "text"
    sources = [Path(tokenize_module.__file__), Path(values_module.__file__), *sorted(text_dir.glob("*.py"))]
    return source_key(sources, f"{sys.version}\0jieba {jieba.__version__}\0{dictionary_key()}")


def index_file(texts: Sequence[str], folder: Path | None = None) -> Path | None:
    """The file that holds the tokens of ``texts`` (None: tokens are not stored, see ``analyser_key``)."""
    key = analyser_key()
    if key is None:
        return None
    digest = hashlib.sha256(key.encode())
    for text in texts:
        digest.update(b"\0" + text.encode("utf-8", "surrogatepass"))
    return (folder or user_cache_dir() / FOLDER) / f"{digest.hexdigest()[:32]}.marshal"


def values_file(sentences: Sequence[str], folder: Path | None = None) -> Path | None:
    """The file that holds the ``sentence_values`` of ``sentences`` (None: not stored); named apart
    from a file of the same texts' tokens, whatever the folder."""
    return index_file(["sentence values", *sentences], folder or user_cache_dir() / VALUES_FOLDER)


def _read(path: Path, size: int) -> list[Tokens] | None:
    loaded = read_marshal(path)
    if not isinstance(loaded, list) or len(loaded) != size:
        return None
    if not all(isinstance(t, tuple) and all(isinstance(w, str) for w in t) for t in loaded):
        return None
    return loaded


def _write(path: Path, made: list[Any]) -> None:
    if write_marshal(path, made):
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


# --- the sentences' values: Decimal amounts as text, dates as (year, month, day) ---------------------


def _tokens_ok(value: object) -> bool:
    return isinstance(value, tuple) and all(isinstance(w, str) for w in value)


def _span_ok(span: object) -> bool:
    return (
        isinstance(span, tuple)
        and len(span) == 5
        and isinstance(span[0], int)
        and isinstance(span[1], int)
        and isinstance(span[2], str)
        and _tokens_ok(span[4])
    )


def _decoded(spans: object, value: Callable[[Any], Any]) -> tuple[Found, ...] | None:
    if not (isinstance(spans, tuple) and all(_span_ok(s) for s in spans)):
        return None
    try:
        return tuple((a, b, raw, value(v), around) for a, b, raw, v, around in spans)
    except (TypeError, ValueError, InvalidOperation):
        return None


def _amount(text: Any) -> Decimal:
    if not isinstance(text, str):
        raise TypeError("not an amount")
    return Decimal(text)


def _date(fields: Any) -> PartialDate:
    if not (isinstance(fields, tuple) and len(fields) == 3 and all(isinstance(f, int) for f in fields)):
        raise TypeError("not a date")
    return PartialDate(*fields)


def _decode(stored: object) -> SentenceValues | None:
    if not (isinstance(stored, tuple) and len(stored) == 2):
        return None
    amounts = _decoded(stored[0], _amount)
    dates = _decoded(stored[1], _date)
    return (amounts, dates) if amounts is not None and dates is not None else None


def _encode(values: SentenceValues) -> tuple[Any, Any]:
    amounts, dates = values
    return (
        tuple((a, b, raw, str(v), around) for a, b, raw, v, around in amounts),
        tuple((a, b, raw, (v.year, v.month, v.day), around) for a, b, raw, v, around in dates),
    )


def _read_values(path: Path, size: int) -> list[SentenceValues] | None:
    loaded = read_marshal(path)
    if not isinstance(loaded, list) or len(loaded) != size:
        return None
    decoded: list[SentenceValues] = []
    for stored in loaded:
        values = _decode(stored)
        if values is None:
            return None
        decoded.append(values)
    return decoded


def stored_values(sentences: Sequence[str], folder: Path | None = None) -> dict[str, SentenceValues]:
    """``sentence_values`` of each distinct sentence of a document, read from its file when one exists,
    else made and written (``folder``: instead of the user's cache directory's ``VALUES_FOLDER``)."""
    distinct = list(dict.fromkeys(sentences))
    path = values_file(distinct, folder)
    values = _read_values(path, len(distinct)) if path is not None else None
    if values is None:
        values = [sentence_values(text) for text in distinct]
        if path is not None:
            _write(path, [_encode(v) for v in values])
    return dict(zip(distinct, values, strict=True))
