"""Tokens for retrieval: jieba's search-mode words over a cleaned text, minus stop words.

jieba is imported on first use (its dictionary takes ~0.5 s to load), its cache file goes to our own
cache directory, and its start-up chatter is kept off stderr: a successful run prints nothing.
Documents and questions go through the same analyser, so a name jieba splits oddly is split the
same way on both sides.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

from benchmark.text.folding import half_width
from benchmark.text.jieba_loader import jieba_cache_dir, load_jieba
from benchmark.text.ocr import strip_ocr_noise

__all__ = [
    "BARE_NUMBER",
    "STOPWORDS",
    "SYNONYMS",
    "cache_dir",
    "clean",
    "load_jieba",
    "tokenize",
    "value_spans",
]


#: Function words, question words and transcript markers: they match everywhere and mean nothing here.
_STOPWORDS_TEXT = """
    的 了 着 过 吗 呢 吧 啊 呀 么 嘛 得 地 之 其 与 和 及 或 并 而 也 都 就 又 再 才 被 把 将 对 向 在 于 以 为 从 由
    是 有 没 没有 不 请 给 让 这 那 这个 那个 这些 那些 此 该 上 下 中 里 内 时 后 前 等 个 一 一下
    什么 多少 哪 哪个 哪些 哪里 哪儿 哪家 哪位 哪一天 哪天 几 几个 谁 怎么 怎样 如何 为什么 为何 是否 是不是 不是 有没有
    有无 能否 可否 何时 何地 是多少 多少钱 多长 多久 分别 各 各自 列出 说明 给出 依据 根据
    问 答 你 我 他 她 我们 你们 他们 她们 它 自己 本
"""
STOPWORDS = frozenset(_STOPWORDS_TEXT.split())

#: Words that say the same thing in questions and in files; each is indexed as the first of its group.
SYNONYMS = {
    word: group[0]
    for group in (
        ("合计", "总共", "一共", "共计", "总计", "累计", "加起来", "总额"),
        ("退还", "退钱", "退款", "退回", "退给"),
    )
    for word in group
}

_NUMBER_SEPARATOR = re.compile(r"(?<=\d),(?=\d{3})")
# Letter-spaced headings (``审 判 员``, ``讯 问 笔 录``): single characters separated by spaces.
_SPACED_HAN = re.compile(r"(?<![\u4e00-\u9fff])[\u4e00-\u9fff](?:[ \t]+[\u4e00-\u9fff](?![\u4e00-\u9fff]))+")
_WORD = re.compile(r"\w")


def cache_dir() -> Path:
    """Where jieba's dictionary cache lives (see ``benchmark.text.jieba_loader``)."""
    return jieba_cache_dir()


def clean(text: str) -> str:
    """OCR noise out, half-width, lower case, ``30,000`` -> ``30000``, ``审　判　员`` -> ``审判员``."""
    text = _NUMBER_SEPARATOR.sub("", half_width(strip_ocr_noise(text)).lower())
    return _SPACED_HAN.sub(lambda m: re.sub(r"[ \t]+", "", m.group()), text)


#: A figure written without a currency word, as in tables and statements: ``41,200.00``, ``960.00``.
BARE_NUMBER = re.compile(r"(?<![\d.,*])(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d{2})(?![\d.,*%])")


def _amount_token(value: Decimal) -> str:
    value = value.normalize()
    return f"¥{value:f}" if value != value.to_integral_value() else f"¥{int(value)}"


@lru_cache(maxsize=1 << 16)
def value_spans(text: str) -> tuple[tuple[int, int, str], ...]:
    """(start, end, token) of every date and amount in ``text``, one token whatever the notation:
    ``2022-03-15`` and ``2022年3月15日`` both give ``@2022-03-15``; ``2.5万元``, ``25,000元`` and
    ``贰万伍仟元`` all give ``¥25000``; a bare ``41,200.00`` gives ``¥41200``."""
    from benchmark.text import find_amounts, find_dates, parse_amount

    spans = [(f.start, f.end, f"@{f.value.iso()}") for f in find_dates(text) if f.value.complete]
    spans += [(f.start, f.end, _amount_token(f.value)) for f in find_amounts(text)]
    for m in BARE_NUMBER.finditer(text):
        value = parse_amount(m.group() + "元")
        if value is not None and not any(a < m.end() and m.start() < b for a, b, _ in spans):
            spans.append((m.start(), m.end(), _amount_token(value)))
    return tuple(sorted(spans))


def value_tokens(text: str) -> tuple[str, list[str]]:
    """``text`` with its dates and amounts blanked out, and their ``value_spans`` tokens."""
    spans = value_spans(text)
    chars = list(text)
    for a, b, _ in spans:
        chars[a:b] = [" "] * (b - a)
    return "".join(chars), [token for _, _, token in spans]


@lru_cache(maxsize=1 << 16)
def _tokens(text: str) -> tuple[str, ...]:
    rest, values = value_tokens(text)
    words = load_jieba().lcut_for_search(clean(rest))
    kept = [w for w in (w.strip() for w in words) if w and _WORD.search(w) and w not in STOPWORDS]
    return tuple([SYNONYMS.get(w, w) for w in kept] + values)


def tokenize(text: str) -> list[str]:
    """Search-mode jieba words of ``text`` that carry meaning, in order (repeats kept), then its
    ``value_tokens``.

    Memoised: the answerer scores the same sentences for many questions.
    """
    return list(_tokens(text))
