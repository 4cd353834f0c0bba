"""Small fictional documents written by the tests, loaded through the real loader."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmark.documents import Document, load_document

# Line numbers as an editor shows them (the page markers use a number but hold no content).
TRANSCRIPT = """<!-- page: 1 -->
青石县公安局
询 问 笔 录
时间：2022年5月6日9时至11时
记录人：林知秋
问：你叫什么名字？
答：我叫韩砚舟。
问：你借给乔慕白多少钱？
答：一共借给他三万元，
分两次给的。
问：第一次是什么时候？
答：2021年3月2日，我转账给他20000元。
被询问人：韩砚舟　　　　第1页　共2页
<!-- page: 2 -->
问：第二次呢？
答：2021年4月9日，我给了他现金10000元。
问：乔慕白有没有还钱？
答：没有，一分钱都没还。
问：乔慕白的手机号码是多少？
答：他的号码我记不清了。
问：你们签过借条吗？
答：签过，借条上写的是人民币叁万元整。
问：你再说一遍，一共借给乔慕白多少钱？
答：我一共借给他四万元。
"""

CONTRACT = """<!-- page: 1 -->
# 借款协议

## 第一条 借款金额
1.1 出借人程望川借给借款人骆清禾人民币伍万元整（¥50,000.00）。
1.2 借款期限自2022年1月1日起至2022年12月31日止。

| 期数 | 还款日 | 金额（元） |
|---|---|---|
| 第1期 | 2022/06/30 | 20,000.00 |
| 第2期 | 2022/12/31 | 30,000.00 |
| 合计 | — | 50,000.00 |
<!-- page: 2 -->
## 第二条 违约责任
2.1 借款人逾期还款的，按日万分之五支付违约金。

甲方（签字）：程望川
乙方（签字）：骆清禾
"""


def write(tmp_path: Path, name: str, text: str) -> Document:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_document(path)


@pytest.fixture
def transcript(tmp_path: Path) -> Document:
    return write(tmp_path, "transcript.md", TRANSCRIPT)


@pytest.fixture
def contract(tmp_path: Path) -> Document:
    return write(tmp_path, "contract.md", CONTRACT)
