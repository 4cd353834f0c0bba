"""Ordinals (``第二期``, ``第2期``, ``第一次``): read in one spelling each, so that a question's ordinal and
an answer's are compared whatever numerals they are written in."""

from __future__ import annotations

import re

from .numerals import parse_chinese_number

__all__ = ["OrdinalReader"]


class OrdinalReader:
    """The ordinals of a text with one of ``units`` (``第N期`` …), each as ``第{N}{unit}``; ``same`` names
    units read as another (``{"回": "次"}``)."""

    def __init__(self, units: str, same: dict[str, str] | None = None) -> None:
        self.pattern = re.compile(rf"第\s*([0-9]{{1,3}}|[一二两三四五六七八九十]{{1,3}})\s*([{units}])")
        self.same = same or {}

    def __call__(self, text: str) -> frozenset[str]:
        out = set()
        for m in self.pattern.finditer(text):
            number = m.group(1)
            value = int(number) if number.isdigit() else parse_chinese_number(number)
            if value is not None:
                unit = m.group(2)
                out.add(f"第{int(value)}{self.same.get(unit, unit)}")
        return frozenset(out)
