"""Lexical key-point coverage: words + near-verbatim fuzzy, numbers must agree, options."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmark.errors import ConfigError
from benchmark.models import Answer, Citation, EvidenceItem, Expected, Question
from scorers.keypoints import (
    LEXICAL_THRESHOLD,
    cache_dir,
    haystack_texts,
    key_point_coverage,
    key_point_options,
    key_point_words,
    lexical_coverage,
    question_key_points,
)

POINTS = (
    "第一次见面口头承诺办不成全额退还",
    "收条写明如办理不成全额退还",
    "2020年9月25日写还款承诺书承诺10月10日前归还四万六千元",
)


def test_paraphrase_covers_every_point() -> None:
    text = (
        "戚鸣远在第一次见面时口头承诺，如果办不成钱全额退还；收条上写明“如办理不成全额退还”；"
        "2020年9月25日他写了还款承诺书，承诺10月10日前归还46000元。"
    )
    cov = lexical_coverage(POINTS, Answer(text))
    assert [p.covered for p in cov.points] == [True, True, True]
    assert cov.fraction == 1.0 and cov.covered == 3


def test_unrelated_answer_covers_nothing() -> None:
    cov = lexical_coverage(POINTS, Answer("戚鸣远收了邝振川的钱，已经用掉了。"))
    assert cov.covered == 0
    assert all(p.score < LEXICAL_THRESHOLD for p in cov.points)


def test_numbers_must_agree() -> None:
    # every word is there, the date is not: 9月26日 is another day
    text = "2020年9月26日写了还款承诺书，承诺10月10日前归还46000元。"
    point = lexical_coverage(POINTS[2:], Answer(text)).points[0]
    assert point.score >= LEXICAL_THRESHOLD
    assert not point.covered and point.missing_numbers == ("2020-09-25",)


def test_amount_notations_agree() -> None:
    text = "2020年9月25日写还款承诺书，承诺于10月10日前归还人民币肆万陆仟元。"
    assert lexical_coverage(POINTS[2:], Answer(text)).points[0].covered


def test_a_quote_of_an_evidence_text_is_sought_in_once() -> None:
    chunk = "我说如果办不成，钱全额退还，一分不少。"
    answer = Answer(chunk, evidence=(EvidenceItem(chunk, 2),), citations=(Citation(page=2, quote=chunk),))
    assert haystack_texts(answer) == [chunk]
    assert lexical_coverage(["钱全额退还一分不少"], answer).points[0].covered


def test_a_quote_differing_only_in_spacing_and_punctuation_is_sought_in_once() -> None:
    chunk = "我说如果办不成，钱全额退还，一分不少。"
    quote = "  我说如果办不成 钱全额退还、一分不少"
    answer = Answer(
        "见证据。", evidence=(EvidenceItem(chunk, 2),), citations=(Citation(page=2, quote=quote),)
    )
    assert haystack_texts(answer) == ["见证据。", chunk]
    assert lexical_coverage(["钱全额退还一分不少"], answer).points[0].covered


def test_evidence_and_quotes_count_as_haystack() -> None:
    answer = Answer(
        "见下列证据。",
        evidence=(EvidenceItem("我说如果办不成，钱全额退还，一分不少。", 2),),
        citations=(Citation(page=4, quote="如办理不成全额退还"),),
    )
    assert haystack_texts(answer)[1:] == ["我说如果办不成，钱全额退还，一分不少。", "如办理不成全额退还"]
    points = ["收条写明如办理不成全额退还", "钱全额退还一分不少"]
    assert [p.covered for p in lexical_coverage(points, answer).points] == [True, True]
    assert lexical_coverage(points, Answer("见下列证据。")).covered == 0
    verbatim = lexical_coverage(["如办理不成全额退还"], answer).points[0]
    assert verbatim.detail is not None and verbatim.detail["fuzzy"] == 1.0


def test_partial_coverage_and_threshold() -> None:
    answer = Answer("第一次见面时他说办不成就全退。")
    low = lexical_coverage(POINTS[:1], answer, threshold=0.3).points[0]
    high = lexical_coverage(POINTS[:1], answer, threshold=0.9).points[0]
    assert 0.3 <= low.score < 0.9
    assert low.covered and not high.covered


def test_words_drop_stopwords_and_numbers() -> None:
    words = key_point_words("2020年9月25日写还款承诺书承诺10月10日前归还四万六千元")
    assert "还款" in words and "承诺书" in words
    assert not any(ch.isdigit() for w in words for ch in w)
    assert "的" not in key_point_words("公司的权限")


def test_a_questions_key_points_are_read_once_and_held_by_it() -> None:
    question = Question(id="q", question="?", type="evidence_set", expected=Expected(key_points=POINTS[:2]))
    points = question.derived(question_key_points)
    assert [p.text for p in points] == list(POINTS[:2])
    assert question.derived(question_key_points) is points
    assert points[0].words is points[0].words and points[0].words == key_point_words(POINTS[0])


def test_no_key_points() -> None:
    cov = lexical_coverage([], Answer("x"))
    assert cov.fraction is None and cov.to_dict()["total"] == 0


def test_to_dict_reports_each_point() -> None:
    out = lexical_coverage(POINTS[:1], Answer("第一次见面口头承诺办不成全额退还")).to_dict()
    assert out["method"] == "lexical" and out["threshold"] == LEXICAL_THRESHOLD
    point = out["points"][0]
    assert point["covered"] is True and point["token_recall"] == 1.0 and point["words_found"]


def test_jieba_cache_goes_to_our_directory(monkeypatch: pytest.MonkeyPatch) -> None:
    import jieba

    key_point_words("公司没有办理学位的权限")
    assert jieba.dt.tmp_dir == str(cache_dir())
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere")
    assert str(cache_dir()) == "/somewhere/legal-rag-bench/jieba"


def test_jieba_is_quiet_and_caches_in_our_directory(tmp_path: Path) -> None:
    code = "from scorers.keypoints import key_point_words; print(key_point_words('公司没有办理学位的权限'))"
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stderr == ""
    assert "权限" in done.stdout
    assert list((tmp_path / "legal-rag-bench" / "jieba").glob("jieba*.cache"))


def test_importing_does_not_load_jieba() -> None:
    code = "import sys, scorers.keypoints, scorers.evidence_set; assert 'jieba' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


# --- options ------------------------------------------------------------------------------------


def test_options_merge_field_by_field() -> None:
    run = {"key_points.threshold": 0.8}
    criteria = {"key_points": {"method": "lexical", "threshold": 0.5}}
    assert key_point_options(run, criteria) == {"method": "lexical", "threshold": 0.8}
    assert key_point_options({}, {"key_points": "semantic"}) == {"method": "semantic"}
    assert key_point_options({}, {}) == {}


def test_unknown_option_and_method_are_config_errors() -> None:
    with pytest.raises(ConfigError, match="unknown key_points option 'treshold'"):
        key_point_options({"key_points": {"treshold": 0.5}})
    with pytest.raises(ConfigError, match=r"key_points\.threshold must be a number"):
        key_point_options({"key_points.threshold": "high"})
    with pytest.raises(ConfigError, match="'lexical', 'semantic'"):
        key_point_coverage(["x"], Answer("x"), {"method": "bm25"})


def test_coverage_dispatch_uses_threshold_option() -> None:
    answer = Answer("第一次见面时他说办不成就全退。")
    assert key_point_coverage(POINTS[:1], answer, {"threshold": 0.3}).points[0].covered
    assert not key_point_coverage(POINTS[:1], answer, {}).points[0].covered
