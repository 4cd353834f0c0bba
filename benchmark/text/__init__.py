"""The text layer: folding, OCR noise, value reading (amounts, dates, counts, yes/no) and jieba.

The bottom of the package: documents, scorers and adapters all read text through it, and it imports
none of them. Every ``find_*`` returns :class:`Found` items whose spans index the original text;
``parse_*`` read a string that is one value and return None otherwise. See docs/normalization.md.
"""

from __future__ import annotations

from .amounts import find_amounts, parse_amount
from .booleans import read_boolean
from .counts import find_counts, parse_count
from .dates import PartialDate, find_dates, parse_date
from .folding import contains_folded, fold, fold_with_map
from .found import Found
from .numerals import parse_chinese_number, parse_digit_sequence

__all__ = [
    "Found",
    "PartialDate",
    "contains_folded",
    "find_amounts",
    "find_counts",
    "find_dates",
    "fold",
    "fold_with_map",
    "parse_amount",
    "parse_chinese_number",
    "parse_count",
    "parse_date",
    "parse_digit_sequence",
    "read_boolean",
]
