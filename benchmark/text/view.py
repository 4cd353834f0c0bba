"""The matching view: a text with its OCR noise removed (``strip_ocr_noise``), then folded (``fold``).

Every comparison of a passage with a document (evidence, quotes, citations, locating required lines)
is made in this view.
"""

from __future__ import annotations

from .folding import fold
from .ocr import strip_ocr_noise

__all__ = ["match_view"]


def match_view(text: str) -> str:
    """The folded, OCR-cleaned form of ``text`` that all matching uses."""
    return fold(strip_ocr_noise(text))
