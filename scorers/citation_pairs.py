"""Citations that name a transcript's question-answer pair (``{"qa": 4}``), resolved to its lines.

A pair citation without lines stands for the pair's lines (question and answer). Its page is the one it
gives, else the first of the pair's pages that holds required evidence, else the pair's first page; the
lines are the pair's lines on that page. A pair the transcript does not have, or a document without
transcript structure, leaves the citation as it was, with a note saying why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from benchmark.documents.model import Document
from benchmark.models import Citation, LineRange


def resolve_pair(c: Citation, doc: Document | None, target_pages: Sequence[int]) -> tuple[Citation, str]:
    """``c`` with page and lines taken from its pair, and a note for the citation's reason."""
    if c.qa is None or c.lines is not None:
        return c, ""
    transcript = doc.transcript if doc is not None else None
    if transcript is None:
        return c, f"QA pair {c.qa} cited, but the document has no question-answer structure; "
    pair = transcript.pair(c.qa)
    if pair is None or not pair.lines:
        return c, f"QA pair {c.qa} cited, but the transcript has {len(transcript.pairs)} pairs; "
    page = c.page
    if page is None:
        page = next((p for p in pair.pages if p in target_pages), pair.pages[0])
    lines = pair.lines_on(page) or pair.lines
    return replace(c, page=page, lines=LineRange(lines[0], lines[-1])), f"QA pair {c.qa}: "
