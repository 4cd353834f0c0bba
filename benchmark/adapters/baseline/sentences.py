"""A chunk's sentences, and what the answerer scores each on: the same for every question.

A chunk is read sentence by sentence (``sentence_places``): a full stop ends one, and so does a line
end that no comma carries on, a ``key: value`` line, a list item or a turn of a transcript (``问``/
``答``, kept apart as ``role``). ``Reading`` is a chunk's sentences with their tokens and the values
they state, made once per chunk when its index is built (``retriever.Retriever``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from benchmark.adapters.baseline.chunking import Chunk, qa_role
from benchmark.adapters.baseline.sentence_values import SentenceValues
from benchmark.documents.model import Line

__all__ = ["Place", "Reading", "sentence_places"]

_STOP = re.compile(r"[。！？；!?;]")
_KEY_VALUE = re.compile(r"^\s*[^\s，。；：:,]{1,14}[：:]")
_LIST_ITEM = re.compile(r"^\s*(?:[0-9]+[.、．]|[一二三四五六七八九十]+、|（[一二三四五六七八九十0-9]+）|\|)")
_JOINS = "，,、（(“‘《"

Place = tuple[str, int, int, int, str | None]  # text, page, first line, last line, role


def _breaks_after(line: Line, following: Line | None) -> bool:
    """Whether a sentence ends at the end of ``line`` although no full stop closes it."""
    text = line.text.rstrip()
    if not text or following is None:
        return True
    if text[-1] in _JOINS:
        return False
    nxt = following.text
    return bool(_KEY_VALUE.match(text) or _KEY_VALUE.match(nxt) or _LIST_ITEM.match(nxt) or qa_role(nxt))


def _line_runs(lines: tuple[Line, ...]) -> list[tuple[str | None, list[Line]]]:
    """Lines grouped by speaker: each ``问``/``答`` opens a run, continuation lines join the run before."""
    runs: list[tuple[str | None, list[Line]]] = []
    for line in lines:
        role = qa_role(line.text)
        if runs and role is None:
            runs[-1][1].append(line)
        else:
            runs.append((role, [line]))
    return runs


def _split_run(lines: list[Line]) -> list[tuple[str, Line, Line]]:
    """(text, first line, last line) of each sentence in a run of lines."""
    out: list[tuple[str, Line, Line]] = []
    buf, first = "", None
    for i, line in enumerate(lines):
        following = lines[i + 1] if i + 1 < len(lines) else None
        pos = 0
        for m in _STOP.finditer(line.text):
            piece = line.text[pos : m.end()]
            if (buf + piece).strip():
                out.append((buf + piece, first or line, line))
            buf, first, pos = "", None, m.end()
        rest = line.text[pos:]
        if rest.strip():
            buf, first = (buf + ("\n" if buf else "") + rest), first or line
        if buf.strip() and _breaks_after(line, following):
            out.append((buf, first or line, line))
            buf, first = "", None
    return out


def sentence_places(chunk: Chunk) -> list[Place]:
    """(text, page, first line, last line, role) of each sentence of ``chunk``, in order."""
    out: list[Place] = []
    for role, lines in _line_runs(chunk.lines):
        for text, first, last in _split_run(lines):
            out.append((text.strip(), first.page, first.number, last.number, role))
    return out


@dataclass(frozen=True)
class Reading:
    """A chunk as ``rank_sentences`` reads it, the same for every question: its sentences and, for
    each, the tokens its relevance is scored on (its own, the chunk's context's, and for an ``答``
    sentence its ``问``'s) and the amounts and dates it states (``sentence_values``)."""

    places: tuple[Place, ...]
    tokens: tuple[frozenset[str], ...]
    values: tuple[SentenceValues, ...]

    @classmethod
    def of(
        cls,
        chunk: Chunk,
        places: Sequence[Place],
        tokenize: Callable[[str], Sequence[str]],
        said: Callable[[str], SentenceValues],
    ) -> Reading:
        """``places``: the chunk's ``sentence_places``; ``tokenize``: the index's tokens of a text;
        ``said``: the index's ``sentence_values`` of a sentence."""
        asked = [t for p in places if p[4] == "问" for t in tokenize(p[0])]
        context = list(tokenize(chunk.context)) if chunk.context else []
        tokens = tuple(
            frozenset([*tokenize(p[0]), *context, *(asked if p[4] == "答" else [])]) for p in places
        )
        return cls(tuple(places), tokens, tuple(said(p[0]) for p in places))
