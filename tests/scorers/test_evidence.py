"""Evidence items against required evidence: covering, numbers, pages, recall/precision, diagnostics."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmark.documents import Document, load_document
from benchmark.documents.model import match_view
from benchmark.models import Answer, Citation, EvidenceItem, Question, RequiredEvidence
from scorers.evidence import (
    FUZZY_THRESHOLD,
    ReturnedItem,
    _most_similar,
    covers,
    critical_flags,
    match_evidence,
    returned_items,
    similarity,
)

ROOT = Path(__file__).resolve().parents[2]


@cache
def doc(case: str) -> Document:
    return load_document(ROOT / "datasets" / case / "document.md")


def req(text: str, page: int = 2, critical: bool | None = None) -> RequiredEvidence:
    return RequiredEvidence(page=page, must_include=text, is_critical=critical)


def question(*items: RequiredEvidence) -> Question:
    return Question(id="q", type="evidence_set", question="?", required_evidence=items)


# --- covers -------------------------------------------------------------------------------------


def test_verbatim_and_folded_text_covers() -> None:
    r = req("钱全额退还，一分不少")
    assert covers("答：我说如果办不成，钱全额退还，一分不少。", 2, r).method == "exact"
    # width, punctuation and whitespace are folded away
    assert covers("钱 全额退还 一分不少", 2, r).method == "exact"
    assert covers("ＡＢ钱全额退还。一分不少！", None, r).covered


def test_contract_example_dates_never_bridge() -> None:
    r = req("2021年7月10日支付1,200元")
    wrong = covers("2021年6月10日支付1,200元", None, r)
    assert not wrong.covered
    assert wrong.missing_numbers == ("2021-07-10",)
    assert wrong.score >= FUZZY_THRESHOLD  # the texts ARE similar: only the number check refuses
    assert wrong.near_miss


def test_amount_differs_not_covered_but_notation_may() -> None:
    r = req("2021年7月10日支付1,200元")
    assert not covers("2021年7月10日支付1,300元", None, r).covered
    assert covers("2021年7月10日支付1200元", None, r).covered  # 1,200 == 1200
    assert covers("2021年7月10号支付1,200元", None, r).method == "fuzzy"  # 日/号: same date


def test_decimal_point_folded_away_is_still_a_different_amount() -> None:
    # fold() drops the point: 12.5万 and 125万 fold alike, the numbers do not
    r = req("约定借款12.5万元整")
    assert not covers("约定借款125万元整", None, r).covered
    assert covers("约定借款12.5万元整", None, r).covered


def test_a_wrong_verbatim_spot_does_not_hide_a_right_fuzzy_one() -> None:
    r = req("约定借款12.5万元整")
    item = "约定借款125万元整。" + "无关的话。" * 8 + "合同另载：约定借款12.5万元。"
    assert covers(item, None, r).method == "fuzzy"
    assert not covers("约定借款125万元整。" + "无关的话。" * 8, None, r).covered


def test_fuzzy_same_fact_covers() -> None:
    r = req("没有，我公司只是做咨询的，没有这个权限", page=1)
    item = "答：没有，我公司只是做咨询的，没有这种权限。"  # OCR or retyping changed one character
    res = covers(item, 1, r)
    assert res.covered and res.method == "fuzzy" and res.score >= FUZZY_THRESHOLD


def test_short_must_include_needs_verbatim() -> None:
    r = req("不申请回避", page=1)  # 5 folded characters: too short to be fuzzy
    assert covers("答：不申请回避。", 1, r).covered
    assert covers("答：我不申请回避了。", 1, req("我不申请回避", page=1)).covered  # verbatim inside
    assert not covers("不用申请回避", 1, r).covered


def test_item_shorter_than_must_include_is_compared_whole() -> None:
    r = req("钱全额退还，一分不少")
    assert not covers("全额退还", 2, r).covered  # a fragment does not hold the whole text
    assert not covers("退还", 2, r).covered


def test_page_must_agree_when_both_give_one() -> None:
    r = req("他没有明确说能办", page=2)
    assert covers("他没有明确说能办", 2, r).covered
    wrong = covers("他没有明确说能办", 3, r)
    assert not wrong.covered and wrong.page_ok is False and wrong.near_miss
    assert "page 3" in wrong.reason
    assert covers("他没有明确说能办", None, r).page_ok is None
    assert covers("他没有明确说能办", None, r).covered


def test_unrelated_text_not_covered() -> None:
    res = covers("被讯问人于2021年3月15日被刑事拘留。", 1, req("他没有明确说能办"))
    assert not res.covered and not res.near_miss and res.reason == "text not found"


def test_long_chunk_number_check_looks_at_the_matched_passage() -> None:
    """A chunk holding the wrong date where the text matches and the right date elsewhere."""
    r = req("2021年7月10日向原告支付借款利息1,200元")
    chunk = (
        "经查，被告于2021年6月10日向原告支付借款利息1,200元，此后未再支付。"
        + "双方另有往来若干，与本案无关。" * 4
        + "原告主张的2021年7月10日系起诉日期。"
    )
    res = covers(chunk, None, r)
    assert not res.covered and res.missing_numbers == ("2021-07-10",)
    right = chunk.replace("2021年6月10日", "2021年7月10日")
    assert covers(right, None, r).covered


def test_long_chunk_from_a_real_page_covers_its_items() -> None:
    page = doc("transcript").page(3)
    assert page is not None
    for text in ("第二次是2020.8.12", "他给了我现金10000元", "卡号6217 **** **** 3318"):
        assert covers(page.text, 3, req(text, page=3)).covered, text


def test_every_bundled_required_item_is_covered_by_its_page_and_itself() -> None:
    from benchmark.questions import load_question_sets

    sets = load_question_sets([ROOT / "datasets"])
    count = 0
    for qs in sets:
        path = qs.document_path
        document = load_document(path) if path is not None and path.suffix == ".md" else None
        for q in qs.questions:
            for r in q.required_evidence:
                count += 1
                assert covers(r.must_include, r.page, r).method == "exact", (q.id, r)
                if document is not None:
                    page = document.page(r.page)
                    assert page is not None and covers(page.text, r.page, r).covered, (q.id, r)
    assert count > 200


# --- returned items -----------------------------------------------------------------------------


def test_returned_items_dedupe_and_quotes() -> None:
    answer = Answer(
        answer="x",
        evidence=(
            EvidenceItem("他没有明确说能办", 2),
            EvidenceItem("他没有明确说能办。", 2),  # same text once folded
            EvidenceItem("他没有明确说能办", None),  # a page-less copy of a paged text
            EvidenceItem("他没有明确说能办", 5),  # same text, another page: another claim
        ),
        citations=(
            Citation(page=2, quote="他没有明确说能办"),
            Citation(page=4),
            Citation(quote="钱全额退还"),
        ),
    )
    items = returned_items(answer)
    assert [(i.source, i.text, i.page) for i in items] == [
        ("evidence", "他没有明确说能办", 2),
        ("evidence", "他没有明确说能办", 5),
        ("citation", "钱全额退还", None),
    ]
    assert [i.index for i in items] == [0, 1, 2]


# --- match_evidence -----------------------------------------------------------------------------


Q2 = question(
    req("钱全额退还，一分不少", 2, True),
    req("如办理不成全额退还", 4, True),
    req("承诺于2020年10月10日前归还", 6, True),
    req("我当场就给他写了收条", 7, False),
)


def test_recall_counts_critical_items_only() -> None:
    a = Answer(
        "x", evidence=(EvidenceItem("钱全额退还，一分不少", 2), EvidenceItem("我当场就给他写了收条", 7))
    )
    m = match_evidence(a, Q2)
    assert (m.critical_covered, m.critical_total) == (1, 3)
    assert m.recall == pytest.approx(1 / 3)
    assert m.precision == 1.0  # the non-critical item is still relevant
    assert [r.status for r in m.required] == ["match", "omission", "omission", "match"]


def test_no_critical_marked_means_all_count() -> None:
    q = question(req("钱全额退还，一分不少", 2), req("如办理不成全额退还", 4, False))
    assert critical_flags(q) == [True, True]
    m = match_evidence(Answer("x", evidence=(EvidenceItem("如办理不成全额退还"),)), q)
    assert m.recall == 0.5


def test_precision_and_irrelevant_items() -> None:
    a = Answer(
        "x",
        evidence=(
            EvidenceItem("钱全额退还，一分不少", 2),
            EvidenceItem("公司效益不好，我每个月工资是4500元", 1),
            EvidenceItem("如办理不成全额退还", 9),  # right text, wrong page
        ),
    )
    m = match_evidence(a, Q2)
    assert m.precision == pytest.approx(1 / 3)
    assert [i.status for i in m.items] == ["match", "irrelevant", "irrelevant"]
    assert "near required item 1" in m.items[2].reason
    assert m.required[1].status == "mismatch" and "page 9" in m.required[1].reason


def test_no_items_precision_zero_and_reason() -> None:
    m = match_evidence(Answer("钱全额退还，一分不少"), Q2)
    assert m.precision == 0.0 and m.recall == 0.0 and m.returned == 0
    assert m.required[0].in_answer_text
    assert "answer text holds it" in m.required[0].reason
    assert m.required[1].reason.startswith("no evidence item")


def test_citation_quotes_are_evidence() -> None:
    a = Answer(
        "x",
        citations=(
            Citation(page=2, quote="钱全额退还，一分不少"),
            Citation(page=4, quote="如办理不成全额退还"),
            Citation(page=6, quote="承诺于2020年10月10日前归还"),
        ),
    )
    m = match_evidence(a, Q2)
    assert m.recall == 1.0 and m.precision == 1.0
    assert {i.item.source for i in m.items} == {"citation"}


def test_question_without_required_evidence() -> None:
    m = match_evidence(Answer("x", evidence=(EvidenceItem("a"),)), question())
    assert m.recall is None and m.precision is None


def test_to_dict_is_plain_json() -> None:
    import json

    a = Answer("x", evidence=(EvidenceItem("钱全额退还，一分不少", 2),))
    out = match_evidence(a, Q2).to_dict()
    assert json.loads(json.dumps(out, ensure_ascii=False)) == out
    assert out["required"][0]["covered_by"] == [0] and out["items"][0]["covers"] == [0]


# --- properties -----------------------------------------------------------------------------------

_FILLER = st.text(alphabet="的是了在和有我他说这个中国人们年月日，。；：、", max_size=40)
_MUSTS = [
    "承诺于2020年10月10日前归还",
    "他给了我现金10000元",
    "2022年2月15日签订借款合同",
    "甲方同意出借¥200,000.00",
]


@settings(max_examples=60, deadline=None)
@given(before=_FILLER, after=_FILLER, must=st.sampled_from(_MUSTS))
def test_embedded_must_include_is_always_covered(before: str, after: str, must: str) -> None:
    assert covers(before + must + after, 3, req(must, page=3)).covered


@settings(max_examples=60, deadline=None)
@given(before=_FILLER, after=_FILLER, must=st.sampled_from(_MUSTS), delta=st.integers(1, 8))
def test_changing_a_digit_never_covers(before: str, after: str, must: str, delta: int) -> None:
    digits = [i for i, ch in enumerate(must) if ch.isdigit()]
    i = digits[delta % len(digits)]
    changed = must[:i] + str((int(must[i]) + delta) % 10) + must[i + 1 :]
    assert not covers(before + changed + after, 3, req(must, page=3)).covered, changed


@given(
    st.lists(st.text(alphabet="借款人甲乙方于年月日归还元整0123456789", max_size=40), min_size=1, max_size=6),
    st.text(alphabet="借款人甲乙方于年月日归还元整0123456789", min_size=1, max_size=20),
)
@settings(max_examples=400, deadline=None)
def test_the_most_similar_item_is_the_first_best_as_a_full_search_finds_it(
    texts: list[str], wanted: str
) -> None:
    items = [ReturnedItem(k, "evidence", text, None, match_view(text)) for k, text in enumerate(texts)]
    scores = [similarity(text, wanted) for text in texts]
    best = max(scores)
    assert _most_similar(items, match_view(wanted)) == (scores.index(best), best)
