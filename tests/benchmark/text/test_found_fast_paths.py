"""The quick paths of the shared context rules (``benchmark.text.found``) give exactly what their
plain definitions give: the last clause break found by one backwards match, and each rule before a
value searched only when the clause holds a character its alternatives start with."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from benchmark.text import found

_PIECES = ["不是", "并非", "而非", "绝非", "不会是", "not ", "never ", "n't ", "NOT ", "超过", "至少", "最多", "不到", "以上",
           "more than ", "up to ", "可能", "不可能", "也许", "大概", "好像", "记不清", "没准", "maybe ", "I think ", "ı think ",
           "约", "合约", "大约", "将近", "差不多", "几乎", "about ", "ſome ", "some ", "左右", "吧", "？", "，", "。", "：",
           ":", ",", "1", "5", "42000元", "8月31日", " ", "\n", "是", "有", "给了", "共计", "他", "借款"]  # fmt: skip


def plain_clause_before(t: str, start: int, limit: int = 40) -> str:
    lo = max(0, start - limit)
    seg = t[lo:start]
    last = None
    for match in found._BREAK.finditer(seg):
        last = match
    return seg[last.end() :] if last is not None else seg


def plain_context_qualifier(t: str, start: int, end: int) -> str | None:
    before = found.clause_before(t, start)
    after = found.clause_after(t, end)
    cue_before = found._CUE_BEFORE.search(before) is not None
    cue_after = found._CUE_AFTER.search(after) is not None
    if not (cue_before or cue_after):
        return None
    if cue_before and found._NEGATED_BEFORE.search(before):
        return "negated"
    if (cue_before and found._RANGE_BEFORE.search(before)) or (cue_after and found._RANGE_AFTER.match(after)):
        return "range"
    if (cue_before and found._HEDGE.search(before)) or (cue_after and found._HEDGE_AFTER.match(after)):
        return "hedge"
    if (cue_before and found._APPROX_BEFORE.search(before)) or (
        cue_after and found._APPROX_AFTER.match(after)
    ):
        return "approximate"
    return None


@given(st.lists(st.sampled_from(_PIECES), max_size=14).map("".join), st.integers(0, 80), st.integers(0, 6))
@settings(max_examples=3000, deadline=None)
@example("一共不是 42000元", 8, 6)
@example("大约ſome 5", 10, 1)
def test_context_rules_equal_their_plain_definitions(text: str, start: int, width: int) -> None:
    start = min(start, len(text))
    end = min(start + width, len(text))
    for limit in (40, 3):
        assert found.clause_before(text, start, limit) == plain_clause_before(text, start, limit)
    assert found.context_qualifier(text, start, end) == plain_context_qualifier(text, start, end)


def test_each_rule_needs_one_of_its_first_characters() -> None:
    """Every alternative of each rule before a value holds a character of its gate (ignoring case)."""
    samples = {
        found._NEGATED_BEFORE: ["不是", "并非", "并不是", "而不是", "而非", "不可能是", "绝不是", "绝非", "不会是", "not",
                                "never", "n't"],
        found._RANGE_BEFORE: ["超过", "不少于", "至少", "最少", "最多", "多于", "少于", "高于", "低于", "不到", "不足",
                              "不满", "more than", "less than", "at least", "at most", "up to"],
        found._HEDGE: ["可能", "也许", "或许", "好像", "似乎", "大概", "估计", "恐怕", "应该是", "兴许", "貌似", "印象中",
                       "不确定", "说不准", "记不清", "没准", "maybe", "perhaps", "probably", "possibly", "might",
                       "likely", "i think", "i believe", "not sure", "i guess"],
        found._APPROX_BEFORE: ["近", "约", "大约", "大致", "约莫", "将近", "接近", "差不多", "几乎", "about", "around",
                               "approximately", "approx", "roughly", "nearly", "almost", "some"],
    }  # fmt: skip
    for gate, rule in found._BEFORE_RULES:
        for word in samples[rule]:
            assert rule.search(word), word
            assert gate.search(word), word
