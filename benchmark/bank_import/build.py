"""Markdown banks + their document -> one question set (seed dialect), and the list of what was decided.

``import_banks`` reads every bank (``markdown``), maps each section's fields (``FIELDS``), its answer
(``answers``), its 位置 (``position``) and its quotes (``quotes``), and assembles the set. Every bank
section becomes a question; its original fields are kept under ``x-bank`` (extension keys, which the
loader ignores), so nothing is lost. ``notes`` says what was decided or corrected (a 位置 that
disagrees with where a quote really is); ``unmapped`` lists what could not be mapped.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmark.bank_import.answers import Mapped, map_answer
from benchmark.bank_import.markdown import Bank, BankItem, Field, parse_bank
from benchmark.bank_import.position import Position, parse_position
from benchmark.bank_import.quotes import Located, locate, quotes_of, split_at_pages
from benchmark.documents import Document, load_document
from benchmark.documents.places import Place
from benchmark.errors import QuestionSetError

TYPE_WORDS = (
    ("conflict_gap", ("冲突", "缺口", "conflict", "gap")),
    ("evidence_set", ("证据", "evidence")),
    ("fact_exact", ("事实", "fact")),
)
ID_PREFIX = {"fact_exact": "fact", "evidence_set": "evidence", "conflict_gap": "conflict_gap"}
FIELDS = {
    "问题": "question", "题目": "question", "提问": "question",
    "答案": "answer", "参考答案": "answer", "标准答案": "answer", "正确答案": "answer",
    "位置": "position", "出处": "position", "证据位置": "position", "原文位置": "position",
    "证据原文": "evidence", "原文": "evidence", "证据": "evidence", "引用原文": "evidence", "原文引用": "evidence",
    "难度": "difficulty", "类别": "category", "分类": "category", "标签": "tags", "关键词": "tags",
    "说明": "notes", "备注": "notes", "解析": "notes", "注释": "notes", "类型": "type", "题型": "type",
}  # fmt: skip
DIFFICULTY = {
    "简单": "easy",
    "容易": "easy",
    "中等": "medium",
    "一般": "medium",
    "困难": "hard",
    "较难": "hard",
    "难": "hard",
}
HALLUCINATION_HINTS = (
    (("电话", "手机号", "号码"), "must_not_provide_phone_numbers"),
    (("地址", "住在", "住址", "哪里"), "must_not_provide_address"),
    (("名字", "全名", "姓名", "叫什么"), "must_not_invent_names"),
    (("多少钱", "金额", "花了多少", "多少"), "must_not_invent_amounts"),
    (("哪一天", "日期", "什么时候", "哪天", "时间"), "must_not_invent_dates"),
)


@dataclass
class ImportResult:
    obj: dict[str, Any]
    notes: list[str] = field(default_factory=list)
    unmapped: list[str] = field(default_factory=list)


def type_of(text: str) -> str | None:
    low = text.lower()
    return next((t for t, words in TYPE_WORDS if any(w in low for w in words)), None)


@dataclass
class _Item:
    """One bank section while it is being turned into a question."""

    bank: Bank
    item: BankItem
    result: ImportResult
    fields: dict[str, Field] = field(default_factory=dict)

    @property
    def where(self) -> str:
        return f"{self.bank.path.name} §{self.item.number}"

    def note(self, text: str) -> None:
        self.result.notes.append(f"{self.where}: {text}")

    def lost(self, text: str) -> None:
        self.result.unmapped.append(f"{self.where}: {text}")

    def text(self, key: str) -> str:
        f = self.fields.get(key)
        return f.full_text if f is not None else ""


def _sort_fields(ctx: _Item) -> None:
    for name, f in ctx.item.fields.items():
        key = FIELDS.get(name)
        if key is None:
            ctx.lost(f"field {name!r} is not a bank field we read (kept under x-bank): {f.full_text!r}")
        else:
            ctx.fields.setdefault(key, f)
    if ctx.item.loose:
        ctx.lost(f"text outside any field (kept under x-bank): {' '.join(ctx.item.loose)!r}")


def _span(place: Place) -> str:
    return str(place.start) if place.start == place.end else f"{place.start}-{place.end}"


def _required(doc: Document, located: list[Located]) -> list[dict[str, Any]]:
    """One required_evidence item per quote (a quote crossing a page break: one per page)."""
    out = []
    transcript = doc.transcript
    for loc in located:
        assert loc.place is not None
        for piece, page in split_at_pages(doc, loc.quote, loc.place):
            spot = next(
                (p for p in doc.places(piece) if p.pages == (page,) and p.start >= loc.place.start), None
            )
            spot = spot or loc.place
            entry: dict[str, Any] = {"page": page, "lines": _span(spot), "must_include": piece}
            role = transcript.role(spot.start) if transcript is not None else None
            if role is not None:
                entry["section"] = "qa_pair" if role.section == "qa_pair" else "header"
                if role.speaker:
                    entry["speaker"] = role.speaker
            entry["is_critical"] = True
            out.append(entry)
    return out


def _location(place: Place) -> dict[str, Any]:
    return {"page": place.page, "lines": _span(place)}


def _hint(question: str) -> str:
    return next(
        (hint for words, hint in HALLUCINATION_HINTS if any(w in question for w in words)),
        "must_not_invent_details",
    )


def _metadata(ctx: _Item) -> dict[str, Any]:
    meta: dict[str, Any] = {"category": "imported"}
    difficulty = ctx.text("difficulty").strip()
    if difficulty:
        meta["difficulty"] = DIFFICULTY.get(difficulty, difficulty.lower())
    if ctx.text("category"):
        meta["category"] = ctx.text("category").strip()
    tags = [t for t in re.split(r"[、,，;；\s]+", ctx.text("tags")) if t]
    if not tags and ctx.item.title:
        tags = [ctx.item.title]
    meta["tags"] = tags
    if ctx.text("notes"):
        meta["notes"] = ctx.text("notes").strip()
    return meta


def _question(ctx: _Item, doc: Document, default_type: str | None) -> dict[str, Any] | None:
    qtype = type_of(ctx.text("type")) or default_type
    question = ctx.text("question").strip() or ctx.item.title
    answer = ctx.fields.get("answer")
    if qtype is None or not question or answer is None:
        missing = (
            "type (name it in the file name, its title, a 类型 field or --type)"
            if qtype is None
            else "问题"
            if not question
            else "答案"
        )
        ctx.lost(f"no {missing}: the section is not a question (kept under x-import.skipped)")
        return None
    if not ctx.text("question").strip():
        ctx.note("no 问题 field: the heading is the question")
    mapped = map_answer(qtype, question, answer.text, answer.items + answer.rest)
    for text in mapped.notes:
        ctx.note(text)
    for text in mapped.unmapped:
        ctx.lost(text)
    position = parse_position(ctx.text("position"))
    if position.unread:
        ctx.lost(f"位置 words not understood: {position.unread!r}")
    located = _locate(ctx, doc, position)
    out: dict[str, Any] = {"type": mapped.qtype, "question": question}
    _fill(out, mapped, located, doc, ctx)
    out["metadata"] = _metadata(ctx)
    out["x-bank"] = {"file": ctx.bank.path.name, "number": ctx.item.number, "title": ctx.item.title,
                     "fields": {name: f.full_text for name, f in ctx.item.fields.items()}}  # fmt: skip
    return out


def _locate(ctx: _Item, doc: Document, position: Position) -> list[Located]:
    evidence = ctx.fields.get("evidence")
    quotes = quotes_of(evidence.text, evidence.items, evidence.rest) if evidence else []
    if not quotes:
        ctx.lost("no 证据原文: the question has no evidence")
    found = []
    for quote in quotes:
        loc = locate(doc, quote, position)
        for text in loc.notes:
            (ctx.note if loc.place is not None else ctx.lost)(text)
        if loc.place is not None:
            found.append(loc)
    return found


def _fill(out: dict[str, Any], mapped: Mapped, located: list[Located], doc: Document, ctx: _Item) -> None:
    if mapped.qtype == "conflict_gap":
        out.update(mapped.gap)
        if mapped.expected:
            out["expected"] = mapped.expected
        if located:
            out["required_quote"] = located[0].quote
            out["evidence_location"] = _location(located[0].place)  # type: ignore[arg-type]
        if len(located) > 1:
            out["additional_quotes"] = [loc.quote for loc in located[1:]]
            out["additional_evidence"] = [_location(loc.place) for loc in located[1:]]  # type: ignore[arg-type]
        should = bool(mapped.gap.get("should_abstain"))
        out["scoring"] = {"abstention_required": should, "hallucination_check": _hint(out["question"]),
                          "quote_required": bool(located)}  # fmt: skip
        return
    out["expected"] = dict(mapped.expected)
    required = _required(doc, located)
    if required:
        out["required_evidence"] = required
    if mapped.qtype == "evidence_set" and located:
        out["expected"]["evidence_count_min"] = min(
            len(located), len(out["expected"].get("key_points", [])) or len(located)
        )
    out["scoring"] = {"citation_required": bool(required)}
    if not required and mapped.qtype == "fact_exact":
        ctx.note("no quote was found in the document: citation_required is false")


def import_banks(paths: list[Path], document: Path, output: Path, qtype: str | None = None) -> ImportResult:
    """The set the banks make (see the module docstring); nothing is written here. ``qtype``: the
    type of banks whose file name and title do not tell it."""
    doc = load_document(document)
    result = ImportResult({})
    questions: list[dict[str, Any]] = []
    skipped: list[dict[str, Any]] = []
    for path in paths:
        bank = parse_bank(path)
        default_type = type_of(path.stem) or type_of(bank.title) or qtype
        for item in bank.items:
            ctx = _Item(bank, item, result)
            _sort_fields(ctx)
            q = _question(ctx, doc, default_type)
            if q is None:
                skipped.append({"file": path.name, "number": item.number, "title": item.title,
                                "fields": {n: f.full_text for n, f in item.fields.items()}})  # fmt: skip
            else:
                q["id"] = _unique_id(questions, q["type"], item.number)
                questions.append({"id": q.pop("id"), **q})
    if not questions:
        raise QuestionSetError("no bank section could be imported as a question", path=paths[0])
    result.obj = _set(paths, document, output, questions, skipped, result)
    return result


def _unique_id(questions: list[dict[str, Any]], qtype: str, number: int) -> str:
    taken = {q["id"] for q in questions}
    base = f"{ID_PREFIX[qtype]}_{number:03d}"
    k = 2
    candidate = base
    while candidate in taken:
        candidate, k = f"{base}_{k}", k + 1
    return candidate


def _set(
    paths: list[Path], document: Path, output: Path, questions: list[dict[str, Any]], skipped: list[dict[str, Any]],
    result: ImportResult,
) -> dict[str, Any]:  # fmt: skip
    types = {q["type"] for q in questions}
    obj: dict[str, Any] = {}
    if len(types) == 1:
        obj["benchmark_type"] = types.pop()
    names = "、".join(p.name for p in paths)
    obj["description"] = f"由题库 {names} 导入"
    obj["document"] = Path(os.path.relpath(document.resolve(), output.resolve().parent)).as_posix()
    obj["questions"] = questions
    obj["x-import"] = {"banks": [p.name for p in paths], "notes": result.notes, "unmapped": result.unmapped}
    if skipped:
        obj["x-import"]["skipped"] = skipped
    return obj
