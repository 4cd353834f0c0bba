"""A case file (案卷): the named documents of a question set, loaded once, and the names answers give them.

A set over several documents names each one (``documents: [{id, path, title, type}]``); evidence
locations name a document by its id, and answers (citations, evidence items, contexts) by its id,
its title or its file name. ``resolve_document`` reads such a name leniently: after folding (width,
case, whitespace and punctuation; ``benchmark.text.fold``), with or without a folder and a file
extension, so ``第一次讯问笔录``, ``《第一次讯问笔录》``, ``xunwen_1.md``, ``xunwen_1.pdf``,
``case/xunwen_1.md`` and ``XUNWEN-1`` all name the document ``xunwen-1`` titled 第一次讯问笔录 in
``xunwen_1.md``. An id written exactly wins; otherwise a name that fits several documents names none.
A name that is none of these but a part of exactly one title (``记账本`` for ``书证摘录（记账本）``, ``收条``
for ``收据、收条（复印件）``) names that document, and so does one that abbreviates exactly one title, its
characters in the title's order (``住建局复函`` for ``临溪区住房和城乡建设局复函``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

from benchmark.documents.model import Document, Line, match_view
from benchmark.text import fold

__all__ = ["Case", "DocumentInfo", "NameIndex", "load_case", "name_keys", "resolve_document"]

T = TypeVar("T")

# extensions a file name may carry or lack: what our loaders read, and what systems under test index
_EXTENSIONS = re.compile(r"\.(?:md|markdown|txt|text|pdf|json|docx?|html?|rtf|xlsx?|csv|ofd)$", re.IGNORECASE)
_FOLDERS = re.compile(r"^.*[\\/]")
MIN_TITLE_PART = 2  # characters of a title that name its document when no other title holds them
MIN_ABBREVIATION = 4  # characters of a name that abbreviates a title (住建局复函)


@dataclass(frozen=True)
class DocumentInfo:
    """One document of a set: the id its evidence locations and answers name, where it is, what it is."""

    id: str
    ref: str  # the path as the set writes it
    path: Path  # resolved against the set's folder (or ``--document``)
    title: str | None = None
    type: str | None = None

    def names(self) -> tuple[str, ...]:
        """What an answer may call it: its id, its title, its file name."""
        return tuple(n for n in (self.id, self.title, Path(self.ref).name) if n)


def _in_order(part: str, title: str) -> bool:
    """Whether every character of ``part`` occurs in ``title``, in order."""
    rest = iter(title)
    return all(ch in rest for ch in part)


def name_keys(name: str) -> tuple[str, ...]:
    """The folded forms a name is compared in: as given, and without its folder and file extension."""
    bare = _EXTENSIONS.sub("", _FOLDERS.sub("", name.strip()))
    keys = (fold(name), fold(_FOLDERS.sub("", name.strip())), fold(bare))
    return tuple(k for k in dict.fromkeys(keys) if k)


@dataclass(frozen=True)
class NameIndex:
    """Every folded name of every document of a set -> the ids that answer to it; and each document's
    folded title, for a name that is part of exactly one title (``记账本`` for ``书证摘录（记账本）``)."""

    ids: tuple[str, ...]
    keys: dict[str, tuple[str, ...]] = field(default_factory=dict)
    titles: tuple[tuple[str, str], ...] = ()  # (folded title, id)

    @classmethod
    def of(cls, infos: Iterable[DocumentInfo]) -> NameIndex:
        keys: dict[str, list[str]] = {}
        infos = list(infos)
        for info in infos:
            for name in info.names():
                for key in name_keys(name):
                    ids = keys.setdefault(key, [])
                    if info.id not in ids:
                        ids.append(info.id)
        titles = tuple((fold(i.title), i.id) for i in infos if i.title and fold(i.title))
        return cls(tuple(i.id for i in infos), {k: tuple(v) for k, v in keys.items()}, titles)

    def resolve(self, name: object) -> str | None:
        """The id of the one document ``name`` names, else None (unknown, or it fits several)."""
        if not isinstance(name, str) or not name.strip():
            return None
        if name in self.ids:
            return name
        found: list[str] = []
        for key in name_keys(name):
            for doc_id in self.keys.get(key, ()):
                if doc_id not in found:
                    found.append(doc_id)
        if not found:
            found = self._titles_holding(name)
        if not found:
            found = self._titles_abbreviated(name)
        return found[0] if len(found) == 1 else None

    def _titles_holding(self, name: str) -> list[str]:
        """The documents whose title holds the name (folded, at least ``MIN_TITLE_PART`` characters): a
        part of a title names the document when no other title holds it."""
        part = fold(_EXTENSIONS.sub("", _FOLDERS.sub("", name.strip())))
        if len(part) < MIN_TITLE_PART:
            return []
        return list(dict.fromkeys(doc_id for title, doc_id in self.titles if part in title))

    def _titles_abbreviated(self, name: str) -> list[str]:
        """The documents whose title the name abbreviates: its characters, at least
        ``MIN_ABBREVIATION`` of them, in the title's order (``住建局复函`` for ``临溪区住房和城乡建设局复函``)."""
        part = fold(_EXTENSIONS.sub("", _FOLDERS.sub("", name.strip())))
        if len(part) < MIN_ABBREVIATION:
            return []
        return list(dict.fromkeys(doc_id for title, doc_id in self.titles if _in_order(part, title)))


def resolve_document(name: object, infos: Sequence[DocumentInfo]) -> str | None:
    """The id of the document of ``infos`` that ``name`` names (see the module docstring), else None."""
    return NameIndex.of(infos).resolve(name)


@dataclass(repr=False)
class Case:
    """The loaded documents of a set, by id, in the set's order (documents are shared, not copied)."""

    infos: tuple[DocumentInfo, ...]
    documents: dict[str, Document]

    _derived: dict[Callable[[Case], Any], Any] = field(default_factory=dict, compare=False)

    def __repr__(self) -> str:  # not every page of every document
        return f"Case({', '.join(self.ids)})"

    def derived(self, build: Callable[[Case], T]) -> T:
        """``build(self)``, made on first need and held by the case, as ``Document.derived`` is by a
        document (the facts the invented-specifics check compares with). ``build`` must be pure."""
        if build not in self._derived:
            self._derived[build] = build(self)
        made: T = self._derived[build]
        return made

    @cached_property
    def names(self) -> NameIndex:
        return NameIndex.of(self.infos)

    @cached_property
    def sha256(self) -> str:
        """One hash over every document's id and content hash, in order."""
        digest = hashlib.sha256()
        for info in self.infos:
            digest.update(f"{info.id}\t{self.documents[info.id].sha256}\n".encode())
        return digest.hexdigest()

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(i.id for i in self.infos)

    def info(self, doc_id: str) -> DocumentInfo | None:
        return next((i for i in self.infos if i.id == doc_id), None)

    def document(self, doc_id: str | None) -> Document | None:
        return self.documents.get(doc_id) if doc_id is not None else None

    def resolve(self, name: object) -> str | None:
        return self.names.resolve(name)

    @property
    def single(self) -> str | None:
        """The id of the only document, when the case has one."""
        return self.infos[0].id if len(self.infos) == 1 else None

    @cached_property
    def text(self) -> str:
        """Every document's text, one after the other (what the case as a whole states)."""
        return "\n\n".join(self.documents[i.id].text for i in self.infos)

    @cached_property
    def folded(self) -> str:
        return "\n".join(self.documents[i.id].folded for i in self.infos)

    @cached_property
    def lines(self) -> list[Line]:
        """Every document's lines, one document after the other (line numbers are each document's)."""
        return [line for info in self.infos for line in self.documents[info.id].lines]

    def where(self, snippet: str) -> list[tuple[str, int]]:
        """(document id, page) of every page whose folded text holds the folded ``snippet``."""
        needle = match_view(snippet)
        if not needle:
            return []
        return [
            (info.id, page.number)
            for info in self.infos
            for page in self.documents[info.id].pages
            if needle in page.folded
        ]

    def label(self, doc_id: str | None) -> str:
        """``xunwen-1 (第一次讯问笔录)`` for messages."""
        info = self.info(doc_id) if doc_id is not None else None
        if info is None:
            return repr(doc_id)
        return f"{info.id} ({info.title})" if info.title and info.title != info.id else info.id


def load_case(infos: Sequence[DocumentInfo]) -> Case:
    """Load every document of a set (each file once per process: ``load_document`` keeps them)."""
    from benchmark.documents.loaders import load_document

    return Case(tuple(infos), {info.id: load_document(info.path) for info in infos})
