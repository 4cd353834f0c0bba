"""The documents a question set names (a case file), and the check that its evidence locations name them.

Seed dialect: ``documents: [{id, path, title?, type?}]`` instead of ``document``; upstream dialect:
``document_info`` as a list of ``{doc_id, source_path, title?, doc_type?}``. Paths resolve against the
set's folder. Every evidence location (``required_evidence[]``, ``evidence_location``,
``additional_evidence[]``) may carry ``document`` (a document id); it must when the set has more than
one document. Problems are (JSON path, message) pairs, reported together by ``benchmark.questions``.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from benchmark.documents.case import NameIndex
from benchmark.errors import QuestionSetError
from benchmark.models import DocumentInfo, Question

Problem = tuple[str, str]


def _entries(
    obj: Mapping[str, Any], dialect: str
) -> tuple[str, list[tuple[str, str, str | None, str | None]]]:
    """(JSON path of the list, [(id, path, title, type)]) as the set writes them."""
    if dialect == "upstream":
        info = obj.get("document_info")
        items = info if isinstance(info, list) else []
        rows = [(d["doc_id"], d["source_path"], d.get("title"), d.get("doc_type")) for d in items]
        return "$.document_info", rows
    items = obj.get("documents") or []
    return "$.documents", [(d["id"], d["path"], d.get("title"), d.get("type")) for d in items]


def read_documents(
    path: Path, obj: Mapping[str, Any], dialect: str, override: str | Path | None
) -> tuple[DocumentInfo, ...]:
    """The set's named documents (empty for a set over one document named by ``document``)."""
    _, rows = _entries(obj, dialect)
    infos = tuple(DocumentInfo(i, ref, path.parent / ref, title, kind) for i, ref, title, kind in rows)
    if override is not None and infos:
        if len(infos) > 1:
            raise QuestionSetError(
                f"--document cannot stand in for the {len(infos)} documents of this case file; "
                "run the set without --document (or change the paths in its documents list)",
                path=path,
            )
        only = infos[0]
        infos = (DocumentInfo(only.id, only.ref, Path(override), only.title, only.type),)
    return infos


def document_problems(obj: Mapping[str, Any], dialect: str) -> list[Problem]:
    """Duplicate document ids (compared exactly, and after folding: answers name documents leniently)."""
    where, rows = _entries(obj, dialect)
    key = "doc_id" if dialect == "upstream" else "id"
    seen: dict[str, int] = {}
    out: list[Problem] = []
    for i, (doc_id, *_rest) in enumerate(rows):
        probe = NameIndex.of(DocumentInfo(d, "", Path(), None, None) for d in seen)
        clash = doc_id if doc_id in seen else probe.resolve(doc_id)
        if clash is not None:
            same = (
                ""
                if clash == doc_id
                else f" (it reads the same as {clash!r} once case, width and punctuation are folded)"
            )
            out.append(
                (
                    f"{where}[{i}].{key}",
                    f"duplicate document id {doc_id!r}{same}; first at {where}[{seen[clash]}]",
                )
            )
        else:
            seen[doc_id] = i
    return out


def _locations(q: Question) -> list[tuple[str, str | None]]:
    """(JSON path of the ``document`` key, the id it gives) for every evidence location of ``q``."""

    def base(key: str) -> str:
        return q.json_path + ("" if key in q.raw else ".expected")

    out = [
        (f"{q.json_path}.required_evidence[{j}].document", e.document)
        for j, e in enumerate(q.required_evidence)
    ]
    if q.evidence_location is not None:
        out.append((f"{base('evidence_location')}.evidence_location.document", q.evidence_location.document))
    out += [
        (f"{base('additional_evidence')}.additional_evidence[{j}].document", loc.document)
        for j, loc in enumerate(q.additional_evidence)
    ]
    return out


def _unknown(doc_id: str, infos: Sequence[DocumentInfo], names: NameIndex) -> str:
    ids = [i.id for i in infos]
    close = names.resolve(doc_id) or next(iter(difflib.get_close_matches(doc_id, ids, n=1)), None)
    hint = f" (did you mean {close!r}?)" if close else ""
    return f"unknown document {doc_id!r}{hint}; the set's documents are {', '.join(map(repr, ids))}"


def reference_problems(infos: Sequence[DocumentInfo], questions: Sequence[Question]) -> list[Problem]:
    """Every evidence location that names an unknown document, or none where the set has several."""
    names = NameIndex.of(infos)
    ids = {i.id for i in infos}
    out: list[Problem] = []
    for q in questions:
        for where, doc_id in _locations(q):
            if doc_id is None:
                if len(infos) > 1:
                    listed = ", ".join(repr(i.id) for i in infos)
                    out.append(
                        (
                            where.removesuffix(".document"),
                            f'names no document; the set has {len(infos)} ({listed}): add "document"',
                        )
                    )
            elif not infos:
                out.append(
                    (
                        where,
                        f'names document {doc_id!r}, but the set has one unnamed document; list the documents under "documents" to name them',
                    )
                )
            elif doc_id not in ids:
                out.append((where, _unknown(doc_id, infos, names)))
    return out
