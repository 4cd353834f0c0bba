"""Where a required text lies inside the raw lines of a document, for the HTML report to highlight."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["marks"]


def marks(lines: Sequence[Any], needle: str) -> dict[int, list[list[int]]]:
    """Code-point spans of the folded ``needle`` inside the raw text of consecutive ``lines``."""
    from benchmark.text import fold, fold_with_map

    target = fold(needle)
    if not target:
        return {}
    maps = [(line, *fold_with_map(line.text)) for line in lines]
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
