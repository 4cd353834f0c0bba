"""What to say when a name or a path is wrong: the closest known names (did you mean ...?), the closest
existing paths, and whether a file given as a question set is in fact a document."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

CUTOFF = 0.5  # difflib ratio; two-character Chinese tags sharing one character reach it (金钱 ~ 金额)
DOCUMENT_SUFFIXES = {".md": "Markdown", ".markdown": "Markdown", ".txt": "plain text", ".pdf": "PDF"}


def suggest(word: str, known: Iterable[str], n: int = 3, cutoff: float = CUTOFF) -> list[str]:
    """The known names closest to ``word``: close spellings first, then names holding it or held by it."""
    names = sorted(set(known))
    close = difflib.get_close_matches(word, names, n=n, cutoff=cutoff)
    inside = [k for k in names if word and k != word and (word in k or k in word)]
    return list(dict.fromkeys([*close, *inside]))[:n]


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` (or ``'x' or 'y'``), or an empty string."""
    found = suggest(word, known)
    return f"; did you mean {' or '.join(repr(f) for f in found)}?" if found else ""


def path_hint(path: Path) -> str:
    """For a path that does not exist: the closest names in the nearest folder that does."""
    target = Path(path)
    parent = target.parent
    while not parent.is_dir() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        return ""
    if target.suffix == "" and target.with_suffix(".json").is_file():
        return f"; did you mean {target.with_suffix('.json').as_posix()}?"
    try:
        names = [p.name for p in parent.iterdir() if not p.name.startswith(".")]
    except OSError:
        return ""
    found = suggest(target.name, names, n=1, cutoff=0.75) if target.parent == parent else []
    if found:
        return "; did you mean " + " or ".join((parent / f).as_posix() for f in found) + "?"
    return f" ({parent.as_posix() or '.'} holds: {', '.join(sorted(names)[:8]) or 'nothing'})"


def document_kind(path: Path, head: bytes = b"") -> str | None:
    """The kind of document a file is by its name (or its first bytes, for a PDF), else None."""
    kind = DOCUMENT_SUFFIXES.get(path.suffix.lower())
    return kind or ("PDF" if head.startswith(b"%PDF-") else None)


def looks_like_document_json(obj: Any) -> bool:
    """An OCR page list (PaddleOCR-VL pages with ``markdown``, MinerU items with ``page_idx``)."""
    if isinstance(obj, dict) and isinstance(obj.get("pages"), list) and "questions" not in obj:
        obj = obj["pages"]
    return (
        isinstance(obj, list)
        and bool(obj)
        and all(isinstance(x, dict) and ("markdown" in x or "page_idx" in x) for x in obj[:20])
    )


def not_a_set(path: Path, kind: str) -> str:
    return (
        f"this is a document ({kind}), not a question set: pass a question set with --dataset (a .json "
        f'file with a "questions" list, e.g. datasets/transcript/fact_exact.json); to score a set '
        f"against this document, add --document {path.as_posix()}"
    )
