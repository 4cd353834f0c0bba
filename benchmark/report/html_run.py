"""A run's ``report.html``, written from its report lines without reading any set or document again.

While the run has its sets and documents loaded, each question's row is made once, from the report
line of its first trial (``RunPage.row``), by the same ``question_view`` that draws a page from a
report and its sources: what the question expected, the document lines that hold its required
evidence, the lines its answer cites, the components in plain words. A row is a small record
(``Row``): its JSON as the page embeds it, with a placeholder for each document it names, and which
lines of which document the page must carry for it. When the run is done, ``RunPage.write`` streams
the rows into the page in plan order, naming the documents ``d0``, ``d1``, ... in the order they first
appear and gathering their lines as it goes: the page costs one copy of the rows, and its bytes are
those ``benchmark.report.html.render_run_html`` draws for the same report.
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
    page_parts,
    question_view,
    run_meta,
)


def _placeholder(index: int) -> str:
    return f"\x01doc{index}\x01"  # a control character: escaped in the JSON, never in a real key


def _placeholder_bytes(index: int) -> bytes:
    return embed_json_bytes(_placeholder(index))


@dataclass(frozen=True)
class Row:
    """One question's row: its JSON (escaped for the page, documents as placeholders) and, per document
    it names (by index in ``RunPage.documents``, in the order named), the lines it needs."""

    data: bytes
    lines: tuple[tuple[int, tuple[int, ...]], ...] = ()

    def to_bytes(self) -> bytes:
        """One line: ``index:n,n;index:n<TAB>json`` (the JSON holds no raw tab or newline)."""
        head = ";".join(f"{i}:{','.join(map(str, numbers))}" for i, numbers in self.lines)
        return head.encode() + b"\t" + self.data

    @classmethod
    def from_bytes(cls, line: bytes) -> Row:
        head, _, data = line.rstrip(b"\n").partition(b"\t")
        lines = []
        for part in head.decode().split(";") if head else ():
            index, _, numbers = part.partition(":")
            lines.append((int(index), tuple(int(n) for n in numbers.split(",") if n)))
        return cls(data, tuple(lines))


class _Named:
    """The document table of one row: each document gets a placeholder; the lines are recorded."""

    def __init__(self, index: Mapping[tuple[str, str], int]) -> None:
        self.index = index
        self.lines: list[tuple[int, tuple[int, ...]]] = []

    def add(self, doc: Any, numbers: Iterable[int]) -> str:
        i = self.index[_identity(doc)]
        self.lines.append((i, tuple(numbers)))
        return _placeholder(i)


class _One:
    """The question, document and case of one row (``question_view``'s sources)."""

    def __init__(self, question: Any, document: Any, case: Any) -> None:
        self.q, self.doc, self.case_ = question, document, case

    def question(self, qid: str, set_path: str | None) -> Any:
        return self.q

    def document(self, question: Any) -> Any:
        return self.doc

    def case(self, question: Any) -> Any:
        return self.case_


def _identity(doc: Any) -> tuple[str, str]:
    return str(doc.path), str(doc.sha256)


class RunPage:
    """The page of one run: ``row`` for each question's first trial as it is scored, ``write`` at the end.

    ``documents``: every document the run's questions may show (each set's, each case file's)."""

    def __init__(self, documents: Iterable[Any]) -> None:
        self.documents: list[Any] = []
        self.index: dict[tuple[str, str], int] = {}
        for doc in documents:
            if doc is not None and _identity(doc) not in self.index:
                self.index[_identity(doc)] = len(self.documents)
                self.documents.append(doc)

    def row(self, entry: dict[str, Any], question: Any, document: Any, case: Any = None) -> Row:
        """The row of ``question`` from the report line of its first trial."""
        named = _Named(self.index)
        view = question_view([entry], _One(question, document, case), named)
        return Row(embed_json_bytes(view), tuple(named.lines))

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
        """Each row with its placeholders named as the document table names the documents."""
        docs = DocTable()
        first = True
        for row in rows:
            data = row.data
            for index, numbers in row.lines:
                key = docs.add(self.documents[index], numbers)
                data = data.replace(_placeholder_bytes(index), embed_json_bytes(key))
            out.write(data if first else b"," + data)
            first = False
        return docs
