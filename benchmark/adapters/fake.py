"""Fake systems for smoke tests, demos and plugin fixtures (after inspect_ai's ``mockllm``).

- ``oracle`` answers from the gold data, in plain Chinese prose (no ``fields``), so that every question
  must score 100%: if one does not, a scorer or a dataset is wrong. Its citations and evidence name
  their documents (in a case file), and its ``contexts`` are the gold locations, best first: a perfect
  ranked list, on which every retrieval metric is 1.
- ``refuse`` always abstains with a neutral refusal and ``abstained: true``: it must pass exactly the
  conflict_gap questions that expect an abstention, and fail everything else.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from benchmark.adapters.base import Query
from benchmark.evidence_locations import gold_locations
from benchmark.models import EvidenceLocation, Expected, Question

REFUSAL = "根据现有材料无法回答该问题，材料中没有记载该信息。"
ABSTAIN = "材料中没有记载该信息。"
CONFLICT = "前后说法存在矛盾"
_ASKED_UNIT = re.compile(
    r"(?:几|多少)\s*(个月|个人|小时|分钟|次|笔|回|趟|遍|个|名|人|份|张|件|项|起|处|条|位|家|天|年|周|岁|页)"
)
_PREDICATE = re.compile(r"(?:是否|有没有|是不是)([^，。？?！!、；;,]+)")


def amount_text(value: float | Decimal) -> str:
    """``42000`` -> ``42000元``; ``1234.5`` -> ``1234.5元``."""
    d = Decimal(str(value)).normalize()
    text = f"{d:f}"
    return f"{text}元"


def date_text(iso: str) -> str:
    """``2020-08-31`` -> ``2020年8月31日``."""
    year, month, day = (int(p) for p in iso.split("-"))
    return f"{year}年{month}月{day}日"


def count_text(question: Question, count: int) -> str:
    m = _ASKED_UNIT.search(question.question)
    return f"{count}{m.group(1) if m else '次'}"


def boolean_text(question: Question, value: bool) -> str:
    """``是，…`` / ``否，没有…`` with the question's predicate when one can be read off it."""
    from benchmark.text import read_boolean

    m = _PREDICATE.search(question.question)
    predicate = m.group(1).strip().rstrip("了吗呢过") if m else ""
    candidates = []
    if predicate:
        candidates.append(f"是，{predicate}。" if value else f"否，没有{predicate}。")
    candidates += ["是。" if value else "否。", "是的。" if value else "不是。"]
    for text in candidates:
        found = read_boolean(text, question.question)
        if found is not None and found.definite and found.value is value:
            return text
    return candidates[-1]


def fact_sentences(question: Question) -> list[str]:
    e: Expected = question.expected
    out: list[str] = []
    if e.amount_total is not None:
        out.append(f"合计{amount_text(e.amount_total)}")
    if e.amount_breakdown:
        out.append("分别为" + "、".join(amount_text(p.amount) for p in e.amount_breakdown))
    if e.date is not None:
        out.append(date_text(e.date))
    if e.date_range is not None:
        out.append(f"自{date_text(e.date_range.start)}至{date_text(e.date_range.end)}")
    if e.count is not None:
        out.append(count_text(question, e.count))
    if e.boolean_answer is not None:
        out.append(boolean_text(question, e.boolean_answer).rstrip("。"))
    for value in (e.entity, e.text_answer):  # of accepted answers, the first
        if value is not None:
            out.append(value if isinstance(value, str) else value[0])
    return out


def _named(item: dict[str, Any], document: str | None) -> dict[str, Any]:
    """``item`` naming its document, when the gold names one (a case file)."""
    return {**item, "document": document} if document is not None else item


def _evidence_citations(question: Question) -> list[dict[str, Any]]:
    return [_named({"page": r.page, "quote": r.must_include}, r.document) for r in question.required_evidence]


def _location_citation(loc: EvidenceLocation | None, quote: str | None) -> list[dict[str, Any]]:
    if loc is None or loc.page is None:
        return [{"quote": quote}] if quote else []
    cite: dict[str, Any] = {"page": loc.page}
    if loc.lines is not None:
        cite["lines"] = str(loc.lines)
    if quote:
        cite["quote"] = quote
    return [_named(cite, loc.document)]


def oracle_contexts(question: Question) -> list[dict[str, Any]]:
    """The gold locations as retrieved passages, in order: a perfect ranked list."""
    return [
        _named({k: v for k, v in g.to_dict().items() if k != "document" and v is not None}, g.document)
        for g in gold_locations(question)
    ]


def oracle_fact(question: Question) -> dict[str, Any]:
    return {"answer": "；".join(fact_sentences(question)) + "。", "citations": _evidence_citations(question)}


def oracle_evidence(question: Question) -> dict[str, Any]:
    points = list(question.expected.key_points)
    answer = "；".join(points) + "。" if points else "相关证据如下。"
    evidence = [
        _named({"text": r.must_include, "page": r.page}, r.document) for r in question.required_evidence
    ]
    return {"answer": answer, "evidence": evidence, "citations": _evidence_citations(question)}


def oracle_conflict_gap(question: Question) -> dict[str, Any]:
    quotes = [q for q in (question.required_quote, *question.additional_quotes) if q]
    citations = _location_citation(question.evidence_location, question.required_quote)
    extra = [loc for loc in question.additional_evidence if loc.page is not None]
    for loc, quote in zip(extra, question.additional_quotes, strict=False):
        citations += _location_citation(loc, quote)
    conflict = question.expected.conflict_detected or (question.should_abstain is False and len(quotes) > 1)
    if conflict:
        said = "；另一处称".join(f"“{q}”" for q in quotes)
        answer = f"{CONFLICT}：一处称{said}。" if quotes else f"{CONFLICT}。"
        return {"answer": answer, "citations": citations, "abstained": False}
    answer = ABSTAIN + (f"材料中只记载：“{quotes[0]}”。" if quotes else "")
    return {"answer": answer, "citations": citations, "abstained": True}


class OracleAdapter:
    """Answers every question from its gold data; must score 100% on every valid set."""

    name = "oracle"

    async def query(self, query: Query) -> dict[str, Any]:
        q = query.question
        if q.type == "fact_exact":
            answer = oracle_fact(q)
        elif q.type == "evidence_set":
            answer = oracle_evidence(q)
        else:
            answer = oracle_conflict_gap(q)
        contexts = oracle_contexts(q)
        return {**answer, "contexts": contexts} if contexts else answer

    def describe(self) -> dict[str, Any]:
        return {"kind": "oracle"}


class RefuseAdapter:
    """Always abstains; passes exactly the questions that expect an abstention."""

    name = "refuse"

    def __init__(self, text: str = REFUSAL) -> None:
        self.text = text

    async def query(self, query: Query) -> dict[str, Any]:
        return {"answer": self.text, "abstained": True}

    def describe(self) -> dict[str, Any]:
        return {"kind": "refuse", "text": self.text}


def create_oracle(arg: str | None, options: dict[str, Any]) -> OracleAdapter:
    return OracleAdapter()


def create_refuse(arg: str | None, options: dict[str, Any]) -> RefuseAdapter:
    return RefuseAdapter(str(options.get("text") or arg or REFUSAL))
