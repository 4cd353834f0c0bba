"""Cut a document into chunks that keep their page and line anchors.

Three strategies (the ``chunking`` option):

- ``structure`` (default): a transcript (many ``问：``/``答：`` lines) becomes one chunk per question and
  answer pair, plus header blocks for the lines around them (the record's heading, the signatures);
  any other document becomes header-led sections (Markdown ``#`` headings), paragraphs (blank-line
  separated) and table rows, each long one split at sentence ends into pieces of about ``chunk_size``
  characters. A table row carries its header row and a section its heading as context for search.
- ``paragraph``: blank-line separated paragraphs everywhere, split the same way, no Q/A awareness.
- ``fixed``: consecutive lines up to about ``chunk_size`` characters.

A chunk never crosses a page, so its page and line range can be cited as they are. Page footers of
transcripts (``第3页 共10页``) and separator lines belong to no chunk.

A case file (``case_chunks``) is chunked document by document; each chunk keeps its document's id, and
its search context opens with the document's title and type and, in a transcript, who is questioned:
among several 笔录 of the same matter, those words tell the documents apart.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from benchmark.documents.case import Case
from benchmark.documents.model import Document, Line
from benchmark.models import DocumentInfo
from benchmark.text.ocr import strip_ocr_noise

__all__ = ["CHUNKINGS", "Chunk", "case_chunks", "chunk_document", "interviewees", "is_transcript", "qa_role"]

CHUNKINGS = ("structure", "paragraph", "fixed")

_QA = re.compile(r"^\s*(?P<role>问|答)\s*[:：]")
_HEADING = re.compile(r"^\s*#{1,6}\s*")
_FOOTER = re.compile(r"第\s*\d+\s*页\s*[，,]?\s*共\s*\d+\s*页\s*$")
_RULE = re.compile(r"^\s*[-=*_—]{4,}\s*$")
_TABLE = re.compile(r"^\s*\|")
_TABLE_RULE = re.compile(r"^\s*\|?(?:\s*:?-{2,}:?\s*\|)+\s*:?-*:?\s*$")
_SENTENCE_END = re.compile(r"[。；;！!？?]\s*$|[：:]\s*$")


@dataclass(frozen=True)
class Chunk:
    """Consecutive lines of one page; ``context`` (a heading, a table header) helps search only."""

    index: int
    kind: str  # "qa" | "header" | "section" | "paragraph" | "table_row" | "fixed"
    lines: tuple[Line, ...]
    context: str = ""
    document: str | None = None  # in a case file: the id of its document
    title: str = ""  # in a case file: its document's title (for answers that say where)

    @property
    def page(self) -> int:
        return self.lines[0].page

    @property
    def start(self) -> int:
        return self.lines[0].number

    @property
    def end(self) -> int:
        return self.lines[-1].number

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)

    @property
    def search_text(self) -> str:
        return f"{self.context}\n{self.text}" if self.context else self.text


def qa_role(text: str) -> str | None:
    """``"问"`` or ``"答"`` when a transcript line opens a question or an answer, else None."""
    m = _QA.match(text)
    return m.group("role") if m else None


def is_transcript(document: Document) -> bool:
    """Whether Q/A lines make up a good part of the document (a 笔录)."""
    lines = [line for line in document.lines if line.text.strip()]
    qa = sum(1 for line in lines if qa_role(line.text))
    return qa >= 4 and qa >= 0.2 * len(lines)


_INTERVIEWEE = re.compile(r"^\s*被(?:讯|询)问人[（(]?[^：:）)]*[）)]?\s*[:：]\s*([\u4e00-\u9fff]{2,4})")


def interviewees(document: Document) -> list[str]:
    """Names after ``被讯问人：`` / ``被询问人：`` in a transcript (the person who answers as 我)."""
    names = (_INTERVIEWEE.match(strip_ocr_noise(line.text)) for line in document.lines)
    return sorted({m.group(1) for m in names if m})


def _skip(line: Line) -> bool:
    text = line.text.strip()
    return not text or bool(_FOOTER.search(text)) or bool(_RULE.match(text))


def _pages(document: Document) -> Iterator[list[Line]]:
    for page in document.pages:
        yield list(page.lines)


# --- splitting long runs of lines ------------------------------------------------------------------


def _split_lines(lines: list[Line], size: int, anywhere: bool = False) -> list[list[Line]]:
    """Groups of about ``size`` characters, cut after a line that ends a sentence when possible
    (after any line when ``anywhere``, as in a header of ``key：value`` lines)."""
    groups: list[list[Line]] = []
    current: list[Line] = []
    length = 0
    for line in lines:
        current.append(line)
        length += len(line.text.strip())
        ends = anywhere or bool(_SENTENCE_END.search(line.text))
        if length >= size and (ends or length >= 2 * size):
            groups.append(current)
            current, length = [], 0
    if current:
        groups.append(current)
    return groups


# --- transcripts -------------------------------------------------------------------------------------


def _qa_blocks(lines: list[Line], kind: str = "header") -> Iterator[tuple[str, list[Line]]]:
    """(kind, lines) runs of one page: a Q/A pair starts at each ``问``; text outside pairs is a header.

    ``kind`` is where the previous page left off: an answer that runs over a page break goes on as
    part of a pair.
    """
    current: list[Line] = []
    for line in lines:
        role = qa_role(line.text)
        starts_pair = role == "问" or (role == "答" and kind == "header")
        ends_pair = kind == "qa" and role is None and _closes_record(line.text)
        if (starts_pair or ends_pair) and current:
            yield kind, current
            current = []
        if starts_pair:
            kind = "qa"
        elif ends_pair:
            kind = "header"
        current.append(line)
    if current:
        yield kind, current


_CLOSING = re.compile(
    r"^(?:以上笔录|被讯问人|讯问人|询问人|记录人|被询问人|讯问于|询问于|[〇零一二三四五六七八九十○]{4}年)"
)


def _closes_record(text: str) -> bool:
    return bool(_CLOSING.match(text.strip()))


def _transcript_chunks(document: Document, size: int) -> Iterator[tuple[str, list[Line], str]]:
    last_question, carried = "", "header"  # what the previous page ended in
    for page_lines in _pages(document):
        lines = [line for line in page_lines if not _skip(line)]
        for kind, block in _qa_blocks(lines, carried):
            carried = kind
            if kind == "qa" and qa_role(block[0].text) == "问":
                last_question = block[0].text
            if kind == "qa":
                context = "" if qa_role(block[0].text) == "问" else last_question
                yield kind, block, context
            else:
                for group in _split_lines(block, max(1, size // 2), anywhere=True):
                    yield kind, group, ""


# --- other documents ---------------------------------------------------------------------------------


def _runs(lines: list[Line], sections: bool) -> Iterator[tuple[str, list[Line], str]]:
    """Paragraphs (blank-line separated) and table rows of one page, with their heading or table header.

    A Markdown heading starts a ``section`` run (the heading line is its first line); the paragraphs
    after it until the next heading carry the heading as context.
    """
    heading, header_row = "", ""
    current: list[Line] = []
    kind = "paragraph"
    for line in lines:
        text = line.text
        if _TABLE.match(text):
            if current:
                yield kind, current, heading
                current, kind = [], "paragraph"
            if _TABLE_RULE.match(text):
                continue
            if not header_row:
                header_row = text.strip()
            else:
                yield "table_row", [line], f"{heading}\n{header_row}" if heading else header_row
            continue
        starts_section = sections and bool(_HEADING.match(text))
        if current and (starts_section or _skip(line)):
            yield kind, current, heading
            current, kind = [], "paragraph"
        if not text.strip():
            header_row = ""
        if _RULE.match(text):
            heading = ""
        if starts_section:
            heading, kind = _HEADING.sub("", text).strip(), "section"
        if not _skip(line):
            current.append(line)
    if current:
        yield kind, current, heading


def _prose_chunks(document: Document, size: int, sections: bool) -> Iterator[tuple[str, list[Line], str]]:
    for page_lines in _pages(document):
        for kind, block, context in _runs(page_lines, sections):
            for i, group in enumerate(_split_lines(block, size)):
                own_heading = kind == "section" and i == 0
                yield kind, group, "" if own_heading else context


def _fixed_chunks(document: Document, size: int) -> Iterator[tuple[str, list[Line], str]]:
    for page_lines in _pages(document):
        lines = [line for line in page_lines if line.text.strip()]
        for group in _split_lines(lines, size):
            yield "fixed", group, ""


def _numbered(parts: Iterable[tuple[str, list[Line], str]]) -> list[Chunk]:
    return [Chunk(i, kind, tuple(lines), context) for i, (kind, lines, context) in enumerate(parts) if lines]


def chunk_document(document: Document, chunking: str = "structure", chunk_size: int = 200) -> list[Chunk]:
    """The document's chunks in reading order (``chunking``: structure | paragraph | fixed)."""
    if chunking == "fixed":
        return _numbered(_fixed_chunks(document, chunk_size))
    if chunking == "paragraph":
        return _numbered(_prose_chunks(document, chunk_size, sections=False))
    if chunking != "structure":
        raise ValueError(f"unknown chunking {chunking!r}; expected one of {', '.join(CHUNKINGS)}")
    if is_transcript(document):
        return _numbered(_transcript_chunks(document, chunk_size))
    return _numbered(_prose_chunks(document, chunk_size, sections=True))


def _label(info: DocumentInfo, document: Document) -> str:
    """Title, type (unless the title says it) and, in a transcript, who is questioned."""
    parts = [info.title or info.id]
    if info.type and info.type not in parts[0]:
        parts.append(info.type)
    if is_transcript(document):
        parts += interviewees(document)
    return " ".join(parts)


def case_chunks(case: Case, chunking: str = "structure", chunk_size: int = 200) -> list[Chunk]:
    """Every document's chunks, document after document, numbered across the case (see the module doc)."""
    out: list[Chunk] = []
    for info in case.infos:
        document = case.documents[info.id]
        label = _label(info, document)
        for c in chunk_document(document, chunking, chunk_size):
            context = f"{label}\n{c.context}" if c.context else label
            out.append(
                replace(c, index=len(out), context=context, document=info.id, title=info.title or info.id)
            )
    return out
