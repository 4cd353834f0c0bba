"""Pairs of Han characters: the words a question and an answer's clause are compared by (a pair
shared is a word shared, without a segmenter)."""

from __future__ import annotations

import re

__all__ = ["HAN_PAIR"]

#: Every overlapping pair of Han characters (``HAN_PAIR.findall("借款金额")``: 借款, 款金, 金额).
HAN_PAIR = re.compile(r"(?=([\u4e00-\u9fff]{2}))")
