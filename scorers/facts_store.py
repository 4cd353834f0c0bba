"""A document's facts (``scorers.facts.build_facts``), kept across runs.

Reading a document's facts (every specific, amount, date and time of day in it) is most of what the
hallucination check costs per document, and they depend only on the document's text and on the
readers that find them. So they are kept in the user's cache directory (``$LEGAL_RAG_BENCH_CACHE``,
else ``$XDG_CACHE_HOME/legal-rag-bench``, else ``~/.cache/legal-rag-bench``), in ``facts/``, one file a
document, named by the sha256 of

- the document's text;
- the readers: Python's version and the source of ``scorers/facts.py``, ``scorers/specifics.py`` and
  every module of ``benchmark/text/``.

Another text or reader is another file, so nothing stale can be read. A file that cannot be read, or
holds anything but facts, is made again and written again; a directory that cannot be written only
means the facts are read from the text every time. The folded text and its surname pieces are not
kept: the document holds the one, and the other is made from it in a moment. The newest
``MAX_FILES`` files are kept.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from pathlib import Path

import benchmark.text
from benchmark.text import PartialDate
from benchmark.text.marshal_file import keep_newest, read_marshal, source_key, write_marshal
from benchmark.user_cache import user_cache_dir
from scorers import facts as facts_module
from scorers import specifics
from scorers.facts import Facts, build_facts
from scorers.names import surname_grams
from scorers.specifics import TimeOfDay

__all__ = ["FOLDER", "MAX_FILES", "READERS", "facts_file", "reader_sources", "readers_key", "stored_facts"]

FOLDER = "facts"
MAX_FILES = 256

# identifiers, amounts, rates (as text), dates (year, month, day), times of day (hours, minute)
Stored = tuple[
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[tuple[int | None, int | None, int | None], ...],
    tuple[tuple[tuple[int, ...], int | None], ...],
]


def reader_sources() -> list[Path]:
    """The source files of what reads a text's facts."""
    text_dir = Path(benchmark.text.__file__).parent
    return [Path(facts_module.__file__), Path(specifics.__file__), *sorted(text_dir.glob("*.py"))]


def readers_key(sources: Sequence[Path]) -> str | None:
    """``source_key`` of ``sources`` and Python's version (None: nothing is kept)."""
    return source_key(sources, sys.version)


#: The key of the readers this process runs, read with their source once, not once per document.
READERS = readers_key(reader_sources())


def facts_file(text: str, readers: str | None = READERS, folder: Path | None = None) -> Path | None:
    """The file that keeps the facts of ``text`` as the readers with the key ``readers`` find them
    (None when there is no key: then nothing is kept)."""
    if readers is None:
        return None
    digest = hashlib.sha256(f"{readers}\0".encode() + text.encode("utf-8", "surrogatepass"))
    return (folder or user_cache_dir() / FOLDER) / f"{digest.hexdigest()[:32]}.marshal"


def _encode(facts: Facts) -> Stored:
    return (
        tuple(sorted(facts.identifiers)),
        tuple(sorted(str(a) for a in facts.amounts)),
        tuple(sorted(str(r) for r in facts.rates)),
        tuple((d.year, d.month, d.day) for d in facts.dates),
        tuple((t.hours, t.minute) for t in facts.times),
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _strings(value: object) -> bool:
    return isinstance(value, tuple) and all(isinstance(v, str) for v in value)


def _date_fields(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 3 and all(v is None or _is_int(v) for v in value)


def _time_fields(value: object) -> bool:
    if not (isinstance(value, tuple) and len(value) == 2):
        return False
    hours, minute = value
    return isinstance(hours, tuple) and all(_is_int(h) for h in hours) and (minute is None or _is_int(minute))


def _decode(loaded: object, text: str, folded: str) -> Facts | None:
    """The facts ``loaded`` holds for ``text``; None when it holds anything else."""
    if not (isinstance(loaded, tuple) and len(loaded) == 5):
        return None
    identifiers, amounts, rates, dates, times = loaded
    if not (_strings(identifiers) and _strings(amounts) and _strings(rates)):
        return None
    if not (isinstance(dates, tuple) and all(_date_fields(d) for d in dates)):
        return None
    if not (isinstance(times, tuple) and all(_time_fields(t) for t in times)):
        return None
    try:
        numbers = frozenset(Decimal(a) for a in amounts), frozenset(Decimal(r) for r in rates)
    except InvalidOperation:
        return None
    held_dates = tuple(PartialDate(*d) for d in dates)
    return Facts(
        folded=folded,
        identifiers=frozenset(identifiers),
        amounts=numbers[0],
        rates=numbers[1],
        dates=held_dates,
        years=frozenset(d.year for d in held_dates if d.year is not None),
        times=tuple(TimeOfDay(*t) for t in times),
        text=text,
        grams=surname_grams(folded),
    )


def stored_facts(text: str, folded: str, folder: Path | None = None) -> Facts:
    """``build_facts(text, folded)``, read from its file when one exists, else built and written
    (``folder``: instead of the user's cache directory)."""
    path = facts_file(text, READERS, folder)
    facts = _decode(read_marshal(path), text, folded) if path is not None else None
    if facts is None:
        facts = build_facts(text, folded)
        if path is not None and write_marshal(path, _encode(facts)):
            keep_newest(path.parent, MAX_FILES)
    return facts
