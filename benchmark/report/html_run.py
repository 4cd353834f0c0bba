"""A run's ``report.html``, written from its report lines without reading any set or document again.

While the run has its sets and documents loaded, each question's row is made once, from the report
line of its first trial (``RunPage.row``): what the question expected, the document lines that hold its
required evidence, the lines its answer cites, the components in plain words. A row is a small record
(``Row``): the row's JSON as the page embeds it, and which document lines the page must carry for it.
When the run is done, ``RunPage.write`` streams the rows into the page in plan order, gathering the
document lines as it goes, so the page costs one copy of the rows, whatever the run's size.

The page is the one ``benchmark.report.html.render_run_html`` draws from a report and its sources
(same data, same bytes): both use the same view functions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from benchmark.errors import StoreError
from benchmark.report.html import (
    DocTable,
    content_language,
    embed_json,
    embed_json_bytes,
    entry_view,
    page_parts,
    question_facts,
    run_meta,
)


@dataclass(frozen=True)
class Row:
    """One question's row: its JSON (escaped for the page) and the document lines it needs."""

    data: bytes
    doc_key: str = ""
    numbers: tuple[int, ...] = ()

    def to_bytes(self) -> bytes:
        """One line: ``key numbers<TAB>json`` (the JSON holds no raw tab or newline)."""
        head = f"{self.doc_key} {','.join(map(str, self.numbers))}".encode()
        return head + b"\t" + self.data

    @classmethod
    def from_bytes(cls, line: bytes) -> Row:
        head, _, data = line.rstrip(b"\n").partition(b"\t")
        key, _, numbers = head.decode().partition(" ")
        return cls(data, key, tuple(int(n) for n in numbers.split(",") if n))


class RunPage:
    """The page of one run: ``row`` for each question's first trial as it is scored, ``write`` at the end.

    ``documents``: the run's documents by key (``str(set.document_path)``), in the order of the first
    question that uses each, as the plan lists them; the page names them ``d0``, ``d1``, ...
    """

    def __init__(self, documents: Mapping[str, Any]) -> None:
        present = [(name, doc) for name, doc in documents.items() if doc is not None]
        self.keys = {name: f"d{i}" for i, (name, _) in enumerate(present)}
        self.documents = {self.keys[name]: doc for name, doc in present}

    def row(self, entry: dict[str, Any], question: Any, doc_name: str) -> Row:
        """The row of ``question`` from the report line of its first trial."""
        doc = self.documents.get(self.keys.get(doc_name, ""))
        view: dict[str, Any] = {"id": entry["id"], "type": entry.get("type"), "set": entry.get("set")}
        view["question"] = entry.get("question") or question.question
        answer = entry_view(entry, doc)
        view["r"] = [answer]
        facts, numbers = question_facts(question, doc)
        view.update(facts)
        if doc is None:
            return Row(embed_json_bytes(view))
        key = self.keys[doc_name]
        view["doc"] = key
        cited = answer["cl"] if answer is not None else []
        return Row(embed_json_bytes(view), key, (*numbers, *cited))

    def write(
        self, path: Path, report: Mapping[str, Any], rows: Iterable[Row], question_texts: Iterable[str]
    ) -> Path:
        """The page, from the report (without its questions) and the rows in plan order."""
        from benchmark.report.html import _name, _tool_version

        before, after = page_parts(f"Run {_name(dict(report))}: legal-rag-bench")
        head = {
            "kind": "run",
            "generator": f"legal-rag-bench {_tool_version()}",
            "lang": content_language(question_texts),
            "runs": [run_meta(dict(report))],
        }
        tmp = path.with_name(f".{path.name}.tmp")
        try:
            with tmp.open("wb") as out:
                out.write(before.encode("utf-8"))
                out.write(embed_json(head)[:-1].encode("utf-8") + b',"questions":[')
                docs = self._copy_rows(rows, out)
                tail = ',"docs":' + embed_json(docs.export()) + ',"notes":[]}'
                out.write(b"]" + tail.encode("utf-8") + after.encode("utf-8"))
            tmp.replace(path)
        except OSError as exc:
            raise StoreError(f"cannot write the HTML report ({exc.strerror or exc})", path=path) from None
        return path

    def _copy_rows(self, rows: Iterable[Row], out: IO[bytes]) -> DocTable:
        docs = DocTable()
        first = True
        for row in rows:
            out.write(row.data if first else b"," + row.data)
            first = False
            if row.doc_key:
                docs.add(self.documents[row.doc_key], row.numbers, row.doc_key)
        return docs
