"""Where a required text lies inside the raw lines of a document, for the HTML report to highlight."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["LineFolds", "marks"]


class LineFolds:
    """A document's lines folded with the map back to their characters (``fold_with_map``), each line
    folded on first need and held by the document (``Document.derived``): the marks of every question
    over the same document fold its lines once."""

    def __init__(self, doc: Any) -> None:
        self._folds: dict[int, tuple[str, list[int]]] = {}

    def of(self, line: Any) -> tuple[str, list[int]]:
        folded = self._folds.get(line.number)
        if folded is None:
            from benchmark.text import fold_with_map

            folded = self._folds[line.number] = fold_with_map(line.text)
        return folded


def marks(lines: Sequence[Any], needle: str, doc: Any) -> dict[int, list[list[int]]]:
    """Code-point spans of the folded ``needle`` inside the raw text of consecutive ``lines`` of ``doc``."""
    from benchmark.text import fold

    target = fold(needle)
    if not target:
        return {}
    folds = doc.derived(LineFolds)
    maps = [(line, *folds.of(line)) for line in lines]
    joined = "".join(folded for _, folded, _ in maps)
    pos = joined.find(target)
    if pos < 0:
        return {}
    out: dict[int, list[list[int]]] = {}
    offset = 0
    for line, folded, index in maps:
        lo, hi = max(pos, offset), min(pos + len(target), offset + len(folded))
        if lo < hi:
            out.setdefault(line.number, []).append([index[lo - offset], index[hi - offset - 1] + 1])
        offset += len(folded)
    return out
