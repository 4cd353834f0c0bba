"""Which candidates a document holds as person names, as the name check worked them out: kept across runs.

Whether a candidate (a surname and one to three characters after it) is one of a document's names is
known only once jieba has tagged the blocks of the document around it (``scorers.names.DocumentNames``):
milliseconds a block, and in a fresh process the tagger's word-tag table on top. The answer depends
only on the document's text and on what tags it, so the table of candidates worked out so far is kept
in the user's cache directory (``$LEGAL_RAG_BENCH_CACHE``, else ``$XDG_CACHE_HOME/legal-rag-bench``,
else ``~/.cache/legal-rag-bench``), in ``names/``, one file a document, named by the sha256 of

- the document's text;
- the tagger: the source of ``scorers/names.py``, jieba's version and the sha256 of its dictionary.

The table is read when a document's names are first needed and written again each time the check
worked out candidates it did not hold, so a later run tags only what no run tagged before. Another
document, name rule or dictionary is another file, so nothing stale can be read. A file that cannot
be read, or holds anything but candidates and verdicts, is ignored; a directory that cannot be
written only means the work is done again. The newest ``MAX_FILES`` files are kept.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from benchmark.text.jieba_loader import dictionary_key, load_jieba
from benchmark.text.marshal_file import keep_newest, read_marshal, write_marshal
from benchmark.user_cache import user_cache_dir

__all__ = ["FOLDER", "MAX_FILES", "read_table", "table_file", "write_table"]

FOLDER = "names"
MAX_FILES = 256


def table_file(text: str, rule_source: Path, folder: Path | None = None) -> Path | None:
    """The file that keeps the table of ``text`` for the name rule in ``rule_source`` (None when that
    source cannot be read, as in an install without ``.py`` files: then nothing is kept)."""
    try:
        rule = rule_source.read_bytes()
    except OSError:
        return None
    versions = f"{sys.version}\0jieba {load_jieba().__version__}\0{dictionary_key()}\0"
    digest = hashlib.sha256(versions.encode() + rule + b"\0" + text.encode("utf-8", "surrogatepass"))
    return (folder or user_cache_dir() / FOLDER) / f"{digest.hexdigest()[:32]}.marshal"


def read_table(path: Path) -> dict[str, bool]:
    """The candidates and verdicts kept in ``path``; empty when there are none or they do not decode."""
    loaded = read_marshal(path)
    if not isinstance(loaded, dict):
        return {}
    if not all(isinstance(k, str) and isinstance(v, bool) for k, v in loaded.items()):
        return {}
    return loaded


def write_table(path: Path, table: dict[str, bool]) -> None:
    """Keep ``table`` in ``path`` (whole, or not at all); a new file drops all but the newest files."""
    new = not path.exists()
    if write_marshal(path, table) and new:
        keep_newest(path.parent, MAX_FILES)
