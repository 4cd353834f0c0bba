"""A small question set whose answers a strict reading rejects and a judge may accept, on disk, with
replayed answers, and a judge config pointing at ``tests.servers.judge_server``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.servers.support import write_toml

DOCUMENT = (
    "<!-- page: 1 -->\n问：是谁介绍你认识戚鸣远的？\n答：是蒲立恒介绍的。\n"
    "问：第一次付款怎么付的？\n答：通过微信转账，转了20000元，备注乐言上学。\n"
    "<!-- page: 2 -->\n问：他怎么承诺的？\n答：他说办不成就全额退还，15日内退款。\n"
)

NO_CITATION = {"citation_required": False}


def fact(qid: str, expected: dict[str, Any], **scoring: Any) -> dict[str, Any]:
    return {
        "id": qid,
        "type": "fact_exact",
        "question": f"问题{qid}？",
        "expected": expected,
        "scoring": {**NO_CITATION, **scoring},
    }


#: question id -> (question, the answer the system gives, what the test server is told to reply)
CASES: dict[str, tuple[dict[str, Any], str, str | None]] = {
    "t_synonym": (fact("t_synonym", {"text_answer": "微信"}), "用手机聊天软件转的账", "match"),
    "t_entity": (fact("t_entity", {"entity": "蒲立恒"}), "是他的老同学老蒲介绍的", "match"),
    "t_refused": (fact("t_refused", {"text_answer": "乐言上学"}), "备注写的是学费", "nomatch"),
    "t_malformed": (fact("t_malformed", {"text_answer": "全额退还"}), "他说会把钱退一部分", "malformed"),
    "t_amount": (fact("t_amount", {"amount_total": 20000}), "转了两万五千元", "match"),
    "t_number": (fact("t_number", {"text_answer": "15日内"}), "30日内退款", "match"),
    "t_exact": (fact("t_exact", {"text_answer": "微信"}), "用微信转的", "nomatch"),
    "t_opt_out": (fact("t_opt_out", {"text_answer": "微信"}, judge=False), "通过聊天软件付款", "match"),
    "k_points": (
        {
            "id": "k_points",
            "type": "evidence_set",
            "question": "他承诺过什么？",
            "expected": {"key_points": ["承诺办不成全额退还"]},
            "scoring": NO_CITATION,
        },
        "他保证如果事情没办成就把钱都退回来",
        "match",
    ),
}


def write_case(folder: Path, ids: list[str] | None = None) -> tuple[Path, Path]:
    """The set (``set.json`` beside ``document.md``) and the replay file of ``ids`` (default: all)."""
    folder.mkdir(parents=True, exist_ok=True)
    chosen = ids or list(CASES)
    (folder / "document.md").write_text(DOCUMENT, encoding="utf-8")
    body = {
        "benchmark_type": "fact_exact",
        "description": "judge test set",
        "document": "document.md",
        "questions": [CASES[i][0] for i in chosen],
    }
    set_path = folder / "set.json"
    set_path.write_text(json.dumps(body, ensure_ascii=False, indent=2), encoding="utf-8")
    answers = folder / "answers.jsonl"
    lines = [json.dumps({"id": i, "answer": CASES[i][1]}, ensure_ascii=False) for i in chosen]
    answers.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return set_path, answers


def answer_of(qid: str) -> str:
    return CASES[qid][1]


def write_judge_config(path: Path, url: str, **extra: Any) -> Path:
    """A judge config for the test server at ``url``; ``extra`` keys are added or replace the defaults."""
    return write_toml(path, {"base_url": url, "model": "judge-test", "retries": 1, "timeout": 10, **extra})
