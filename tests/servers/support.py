"""Helpers the adapter tests share: real questions and documents, configs on disk, gold answers."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import re
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

from benchmark.adapters.base import Query
from benchmark.documents.loaders import load_document
from benchmark.models import Question, QuestionSet
from benchmark.questions import load_question_set, load_question_sets

ROOT = Path(__file__).resolve().parents[2]
DATASETS = ROOT / "datasets"
LOAN_FACTS = DATASETS / "loan_contract" / "fact_exact.json"
SEED_BANK = ROOT / "tests" / "fixtures" / "seed_bank"
SEED_GAPS = SEED_BANK / "conflict_gap.json"  # a set with system_instructions

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coro)


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(type(value))


def write_toml(path: Path, values: dict[str, Any]) -> Path:
    """A small TOML writer (scalars first, then one ``[table]`` per dict) for test configs."""
    lines = [f"{k} = {toml_value(v)}" for k, v in values.items() if not isinstance(v, dict)]
    for key, table in values.items():
        if isinstance(table, dict):
            lines.append(f"\n[{key}]")
            lines += [f"{json.dumps(k)} = {toml_value(v)}" for k, v in table.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def loan_set() -> QuestionSet:
    return load_question_set(LOAN_FACTS)


def query_for(question: Question, qs: QuestionSet) -> Query:
    doc = load_document(qs.document_path) if qs.document_path else None
    return Query(
        question=question,
        document=doc,
        document_path=qs.document_path,
        set_name=qs.name,
        system_instructions=qs.system_instructions,
    )


def sample_query(index: int = 0) -> Query:
    qs = loan_set()
    return query_for(qs.questions[index], qs)


def text_query(text: str, qid: str = "t_001") -> Query:
    """A query whose question text is ``text`` (for payload-safety tests), on the loan contract."""
    qs = loan_set()
    return query_for(dataclasses.replace(qs.questions[0], id=qid, question=text), qs)


def two_hundred_sets() -> list[QuestionSet]:
    """Exactly 200 real questions: the bundled sets, the last one trimmed."""
    sets = load_question_sets([DATASETS])
    out, left = [], 200
    for qs in sets:
        take = qs.questions[:left]
        out.append(dataclasses.replace(qs, questions=take))
        left -= len(take)
        if left == 0:
            break
    assert sum(len(s.questions) for s in out) == 200
    return out


def gold_answers(sets: list[QuestionSet]) -> dict[str, dict[str, Any]]:
    """Question text -> the built-in ``oracle`` adapter's answer (correct, from the gold data).

    Two sets may ask the same question text (``本案的审判长是谁？`` of two cases): each question is also
    keyed by its text and id on two lines, which a request naming the id too (``{question_id}`` after
    ``{question}`` in the body) matches first (the fake server takes the longest key it finds)."""
    from benchmark.adapters.fake import create_oracle

    oracle = create_oracle(None, {})
    out: dict[str, dict[str, Any]] = {}
    for qs in sets:
        for q in qs.questions:
            answer = run(oracle.query(query_for(q, qs)))
            out.setdefault(q.question, answer)
            out[f"{q.question}\n{q.id}"] = answer
    return out


def cli_exit_code(args: list[str]) -> int:
    """Run the CLI in this process; its exit code whether it returns it or raises ``SystemExit``."""
    from benchmark.cli import main

    try:
        return int(main(args) or 0)
    except SystemExit as exc:
        return int(exc.code or 0)


def parse_toml(text: str) -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    return tomllib.loads(text)


def doc_config(name: str) -> tuple[dict[str, Any], Path]:
    """The first TOML block of ``docs/adapters/<name>.md``, parsed, and ``examples/configs/<name>.toml``."""
    text = (ROOT / "docs" / "adapters" / f"{name}.md").read_text(encoding="utf-8")
    block = re.search(r"```toml\n(.*?)```", text, flags=re.DOTALL)
    assert block is not None, f"docs/adapters/{name}.md has no TOML block"
    return parse_toml(block.group(1)), ROOT / "examples" / "configs" / f"{name}.toml"
