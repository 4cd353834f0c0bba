"""evidence_set answers: passages around the best chunks, each returned as evidence and cited.

1. The question is stripped of the words that only ask for evidence (``有哪些证据表明``, ``笔录中``).
2. Hits are the chunks whose score is within ``KEEP_RATIO`` of the best one (at least ``MIN_ITEMS``,
   at most ``top_k``): a long tail of weak chunks would only lower precision.
3. Each hit grows into a passage ("small-to-big"): the chunks that follow it on the same page are
   added while the passage is shorter than ``chunk_size`` characters, since a transcript's next
   question usually continues the same matter. Passages that touch are merged.
4. A passage's text is what its chunks state: the ``答`` of transcript pairs, the text elsewhere.
"""

from __future__ import annotations

import re

from benchmark.adapters.baseline.chunking import Chunk
from benchmark.adapters.baseline.passages import answer_text, page_label, split_sentences
from benchmark.adapters.baseline.retriever import Hit, Retriever, contexts_of
from benchmark.models import Answer, Citation, EvidenceItem, LineRange

__all__ = ["answer_evidence", "evidence_hits", "passages", "search_terms"]

KEEP_RATIO = 0.5
MIN_ITEMS = 2

# How evidence questions ask ("有哪些证据表明…", "笔录中", "请给出依据"): words of the asking, not of the facts.
_META = re.compile(
    r"有哪些|哪些|证据|材料|表明|依据|笔录中|笔录|请给出|请列出|列出|体现|有关|关于|方面的|方面|情况|如何|是什么|什么"
)


def search_terms(question: str) -> str:
    """The question without the words that only say "give me evidence"."""
    stripped = _META.sub(" ", question)
    return stripped if stripped.strip(" ，,。？?") else question


def evidence_hits(question: str, retriever: Retriever, hits: list[Hit] | None = None) -> list[Hit]:
    """The hits worth returning as evidence, best first (of ``hits``, the search's when given)."""
    hits = retriever.search(search_terms(question)) if hits is None else hits
    if not hits:
        return []
    floor = hits[0].score * KEEP_RATIO
    return [h for i, h in enumerate(hits) if i < MIN_ITEMS or h.score >= floor]


def _stated(chunk: Chunk, retriever: Retriever) -> tuple[str, int, int]:
    """(text, first line, last line) of what a chunk (of ``retriever``) states: its ``答`` in a
    transcript pair."""
    sentences = split_sentences(Hit(chunk, 0.0, 0, retriever.readings[chunk.index].places))
    answering = [s for s in sentences if s.role == "答"] or sentences
    return answer_text(sentences) or chunk.text, answering[0].start, answering[-1].end


def _window(hit: Hit, retriever: Retriever) -> list[int]:
    """Chunk indexes of the passage grown from a hit (same page, up to ``chunk_size`` characters)."""
    chunks = retriever.chunks
    indexes = [hit.chunk.index]
    size = len(_stated(hit.chunk, retriever)[0])
    nxt = hit.chunk.index + 1
    while size < retriever.config.chunk_size and nxt < len(chunks) and _same_page(chunks[nxt], hit.chunk):
        indexes.append(nxt)
        size += len(_stated(chunks[nxt], retriever)[0])
        nxt += 1
    return indexes


def passages(hits: list[Hit], retriever: Retriever) -> list[list[int]]:
    """The hits' windows in document order, windows that overlap or touch merged into one."""
    windows = sorted((_window(h, retriever) for h in hits), key=lambda w: w[0])
    merged: list[list[int]] = []
    for window in windows:
        last = merged[-1] if merged else None
        same_page = last is not None and _same_page(retriever.chunks[last[-1]], retriever.chunks[window[0]])
        if last is not None and same_page and window[0] <= last[-1] + 1:
            last.extend(i for i in window if i > last[-1])
        else:
            merged.append(list(window))
    return merged


def _item(indexes: list[int], retriever: Retriever) -> tuple[EvidenceItem, Citation]:
    parts = [_stated(retriever.chunks[i], retriever) for i in indexes]
    text = "".join(p[0] for p in parts)
    first = retriever.chunks[indexes[0]]
    lines = LineRange(parts[0][1], parts[-1][2])
    citation = Citation(page=first.page, lines=lines, quote=text, doc=first.document)
    return EvidenceItem(text=text, page=first.page, doc=first.document), citation


def _same_page(a: Chunk, b: Chunk) -> bool:
    return a.page == b.page and a.document == b.document


def answer_evidence(question: str, retriever: Retriever) -> Answer:
    ranked = retriever.search(search_terms(question))
    hits = evidence_hits(question, retriever, ranked)
    if not hits:
        return Answer(answer="材料中没有找到与该问题相关的记载。", abstained=True)
    windows = passages(hits, retriever)
    items = [_item(window, retriever) for window in windows]
    listed = "；".join(
        f"（{i}）{page_label(retriever.chunks[w[0]])}：{e.text}"
        for i, ((e, _), w) in enumerate(zip(items, windows, strict=True), start=1)
    )
    return Answer(
        answer=f"材料中有{len(items)}处相关记载：{listed}",
        citations=tuple(c for _, c in items),
        evidence=tuple(e for e, _ in items),
        abstained=False,
        contexts=contexts_of(ranked),
    )
