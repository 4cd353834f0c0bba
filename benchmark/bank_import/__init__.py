"""Markdown question banks -> question sets (``python -m benchmark import``).

The upstream bank is one Markdown file per question type (``01-事实型题目.md``, ``02-证据集合型题目.md``,
``03-冲突缺口型题目.md``), one ``## N. title`` section per question with ``**问题**``, ``**答案**``,
``**位置**`` and ``**证据原文**`` fields. See docs/dataset-format.md ("Markdown banks").
"""

from benchmark.bank_import.build import ImportResult, import_banks

__all__ = ["ImportResult", "import_banks"]
