"""Document loaders by format: Markdown/text, PDF text layer, PaddleOCR-VL pages, MinerU content lists."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmark.documents.model import Document, Line, Page
from benchmark.errors import DocumentError, error_summary
from benchmark.json_input import MAX_DOCUMENT_BYTES, loads_document, read_limited

_PAGE_MARKER = re.compile(r"^\s*<!--\s*page:\s*(\d+)\s*-->\s*$", re.IGNORECASE)
_TAGS = re.compile(r"<[^>]+>")

MAX_PAGES = 100_000  # a page number or MinerU page index beyond it is refused, not laid out
_cache: dict[tuple[str, float, int], Document] = {}


def load_document(path: str | Path) -> Document:
    """Load a document by its format (by extension, then by content); cached per file version."""
    p = Path(path)
    try:
        stat = p.stat()
    except OSError as exc:
        raise DocumentError(f"document not found ({exc.strerror or exc})", path=p) from None
    except ValueError as exc:  # a NUL byte in the path
        raise DocumentError(f"not a usable path ({exc})", path=repr(str(p))) from None
    if not p.is_file():
        raise DocumentError("document is not a file", path=p)
    key = (str(p.resolve()), stat.st_mtime, stat.st_size)
    if key not in _cache:
        data = _read_bytes(p)
        doc = _pick_loader(p, data)(p, data)
        doc.transcript  # noqa: B018  (the transcript structure is built once, as the document loads)
        _cache[key] = doc
    return _cache[key]


def _read_bytes(p: Path) -> bytes:
    return read_limited(p, MAX_DOCUMENT_BYTES, DocumentError, "document")


def _pick_loader(p: Path, data: bytes) -> Callable[[Path, bytes], Document]:
    suffix = p.suffix.lower()
    if suffix == ".pdf" or data[:5] == b"%PDF-":
        return load_pdf
    if suffix == ".json":
        return load_ocr_json
    return load_text


def _decode(p: Path, data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DocumentError(f"not UTF-8 text (byte {exc.start})", path=p) from None


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _page_number(p: Path, digits: str, where: str) -> int:
    """A page number from a document, refused beyond ``MAX_PAGES`` (pages are laid out up to it)."""
    if len(digits) > len(str(MAX_PAGES)) or int(digits) > MAX_PAGES:
        raise DocumentError(
            f"page {digits[:20]} is beyond the limit of {MAX_PAGES} pages", path=p, where=where
        )
    return int(digits)


def load_text(p: Path, data: bytes) -> Document:
    """Markdown/plain text; pages split by ``<!-- page: N -->`` lines or form feeds."""
    text = _decode(p, data)
    pages: dict[int, Page] = {}
    current = 1
    for number, raw in enumerate(text.split("\n"), start=1):
        raw = raw.rstrip("\r")
        marker = _PAGE_MARKER.match(raw)
        if marker:
            current = _page_number(p, marker.group(1), f"line {number}")
            pages.setdefault(current, Page(current))
            continue
        pieces = raw.split("\f")
        for i, piece in enumerate(pieces):
            if i > 0:
                current += 1
            if i > 0 and not piece and i == len(pieces) - 1:
                pages.setdefault(current, Page(current))
                continue
            pages.setdefault(current, Page(current)).lines.append(Line(number, current, piece))
    return Document(p, "text", [pages[n] for n in sorted(pages)], _sha(data))


def _pages_from_texts(p: Path, fmt: str, texts: list[str], data: bytes) -> Document:
    pages: list[Page] = []
    number = 0
    for index, page_text in enumerate(texts, start=1):
        page = Page(index)
        for raw in page_text.split("\n"):
            number += 1
            page.lines.append(Line(number, index, raw.rstrip("\r")))
        pages.append(page)
    return Document(p, fmt, pages, _sha(data))


def _text_only(text: str) -> str:
    """A broken font map can yield lone surrogates, which no file can hold: "?" instead."""
    return text.encode("utf-8", "replace").decode("utf-8")


def load_pdf(p: Path, data: bytes) -> Document:
    """The text layer of a PDF, one page per PDF page (scanned PDFs need OCR first)."""
    import io
    import logging
    import warnings

    from pypdf import PdfReader

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # its repair notes are no messages for the user
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            reader = PdfReader(io.BytesIO(data))
            texts = [_text_only(page.extract_text() or "") for page in reader.pages]
    except Exception as exc:  # a damaged file makes pypdf raise many kinds (KeyError, zlib.error, ...)
        raise DocumentError(f"unreadable PDF ({error_summary(exc)})", path=p) from None
    return _pages_from_texts(p, "pdf", texts, data)


def load_ocr_json(p: Path, data: bytes) -> Document:
    """PaddleOCR-VL page lists (``[{"markdown": {"text": ...}}]``) or MinerU ``content_list.json``."""
    obj = loads_document(data, p, DocumentError)  # strictly: nesting 5,000 deep is refused, not a crash
    if isinstance(obj, dict) and isinstance(obj.get("pages"), list):
        obj = obj["pages"]
    if not isinstance(obj, list) or not obj:
        raise DocumentError("an OCR JSON document must be a non-empty list of pages or items", path=p)
    if all(isinstance(x, dict) and "page_idx" in x for x in obj):
        return _mineru(p, obj, data)
    if all(isinstance(x, dict) and "markdown" in x for x in obj):
        return _paddle(p, obj, data)
    raise DocumentError(
        "unknown OCR JSON: expected PaddleOCR-VL pages with 'markdown.text' or MinerU items with 'page_idx'",
        path=p,
    )


def _paddle(p: Path, pages: list[dict[str, Any]], data: bytes) -> Document:
    texts = []
    for i, page in enumerate(pages):
        md = page.get("markdown")
        text = md.get("text") if isinstance(md, dict) else md
        if not isinstance(text, str):
            raise DocumentError("page has no string 'markdown.text'", path=p, where=f"$[{i}]")
        texts.append(text)
    return _pages_from_texts(p, "paddleocr", texts, data)


def _mineru(p: Path, items: list[dict[str, Any]], data: bytes) -> Document:
    by_page: dict[int, list[str]] = {}
    for i, item in enumerate(items):
        idx = item.get("page_idx")
        if not isinstance(idx, int) or isinstance(idx, bool) or idx < 0:
            raise DocumentError("'page_idx' must be a non-negative integer", path=p, where=f"$[{i}]")
        _page_number(p, str(idx + 1), f"$[{i}].page_idx")
        text = item.get("text")
        if not isinstance(text, str):
            body = item.get("table_body") or ""
            text = _TAGS.sub(" ", body) if isinstance(body, str) else ""
        by_page.setdefault(idx, []).append(text)
    last = max(by_page)
    texts = ["\n".join(by_page.get(i, [])) for i in range(last + 1)]
    return _pages_from_texts(p, "mineru", texts, data)
