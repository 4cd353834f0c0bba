from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from benchmark.adapters.baseline.tokenize import STOPWORDS, cache_dir, clean, tokenize, value_spans

REPO = Path(__file__).resolve().parents[4]


def test_question_words_and_particles_are_dropped() -> None:
    tokens = tokenize("邝振川第一次付款给了戚鸣远多少钱？")
    assert "付款" in tokens
    assert not {"多少", "了", "？"} & set(tokens)
    assert not set(tokens) & STOPWORDS


def test_dates_and_amounts_become_one_token_whatever_their_notation() -> None:
    assert "@2022-03-15" in tokenize("| 2022-03-15 | 转账收入 |")
    assert "@2022-03-15" in tokenize("2022年3月15日还款")
    for text in ("还款2.5万元", "还款25,000元", "还款贰万伍仟元整"):
        assert "¥25000" in tokenize(text), text
    assert "¥41200" in tokenize("| 41,200.00 |")  # a bare figure of a table
    assert "15" not in tokenize("2022年3月15日")  # the parts of a date are not separate tokens


def test_value_spans_index_the_text() -> None:
    text = "合计55000元，于2019年9月10日还款"
    for start, end, token in value_spans(text):
        assert token in ("¥55000", "@2019-09-10")
        assert text[start:end] in ("55000元", "2019年9月10日")


def test_letter_spaced_headings_are_joined_but_words_stay_apart() -> None:
    assert clean("审　判　员　蔺书衡").startswith("审判员")
    assert "审判员" in tokenize("审　判　员　蔺书衡")


def test_synonyms_of_a_total_share_one_token() -> None:
    assert "合计" in tokenize("总共是46000元") and "合计" in tokenize("一共借给他")


def test_jieba_is_quiet_and_caches_its_dictionary_in_our_directory(tmp_path: Path) -> None:
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    code = "from benchmark.adapters.baseline.tokenize import tokenize; print(tokenize('借款合同'))"
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "借款" in done.stdout
    assert list((tmp_path / "legal-rag-bench" / "jieba").glob("jieba-*.cache"))


def test_cache_dir_follows_xdg(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_dir() == tmp_path / "legal-rag-bench" / "jieba"


def test_importing_the_package_does_not_import_jieba() -> None:
    code = "import sys, benchmark.adapters.baseline; print('jieba' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr
