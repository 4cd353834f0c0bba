"""The prompts the ``openai`` adapter sends, and the reading of what a chat model sends back.

Prompts are deterministic text (same question and passages -> same bytes), so ``dump-prompts`` shows
exactly what a run sends. A set's ``system_instructions`` (required behaviour, rules, forbidden
behaviour) are appended to the system prompt, in Chinese, one numbered line each. The model is asked, in Chinese, for one JSON object
``{"answer", "citations": [{"page", "lines", "quote"}], "evidence": [...], "abstained"}``.

``parse_model_json`` reads that object from real model output: a bare object, one inside a Markdown
code fence, one with prose before or after it, or one cut short (a truncated reply is repaired when
its ``answer`` string is complete). Anything else raises ``ModelOutputError`` carrying the raw text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from benchmark.adapters.json_text import json_scan, json_value_end
from benchmark.models import Context, LineRange, SystemInstructions

SYSTEM_PROMPT = """你是法律案卷问答助手。请只依据用户提供的材料片段回答问题：
1. 不得使用材料以外的知识，不得编造材料中没有的电话号码、身份证号、微信号、地址、金额、日期、时间或人名。
2. 材料中找不到答案、或材料说明当事人不记得/不清楚时，请明确回答“材料中没有相关信息”（或如实说明不清楚），并把 abstained 设为 true。
3. 材料前后矛盾时，请指出矛盾之处。
4. 金额、日期、次数等请照材料原样给出确定的数值，不要给出多个候选值。
5. 每条引用给出页码（page，整数）、行号范围（lines，如 "40-42"）和从材料中逐字摘录的原文（quote）。
只输出一个 JSON 对象，不要输出任何其他文字，格式如下：
{"answer": "简洁的中文回答", "citations": [{"page": 2, "lines": "40-42", "quote": "材料原文"}], "evidence": ["支持答案的材料原文片段"], "abstained": false}"""

USER_TEMPLATE = """材料片段：
{passages}

问题：{question}

请按要求只输出 JSON。"""

# In a case file the passages come from several documents: citations must say which one.
CASE_SYSTEM_PROMPT = SYSTEM_PROMPT.replace(
    "5. 每条引用给出页码",
    "5. 材料来自多份文书。每条引用给出文书编号（document，即片段标题括号中的编号）、页码",
).replace('[{"page": 2,', '[{"document": "文书编号", "page": 2,')

NO_PASSAGES = "（未检索到材料片段）"


@dataclass(frozen=True)
class Passage:
    """One retrieved piece of the document, with where it is."""

    text: str
    page: int | None = None
    start_line: int | None = None
    end_line: int | None = None
    document: str | None = None  # in a case file: the document's id
    title: str | None = None  # and its title

    def context(self) -> Context:
        """The passage as a retrieved context of the answer."""
        lines = None
        if self.start_line is not None:
            lines = LineRange(
                self.start_line, self.end_line if self.end_line is not None else self.start_line
            )
        return Context(self.text, self.page, lines, self.document)

    def heading(self, number: int) -> str:
        where = [f"[{number}]"]
        if self.document is not None:
            where.append(f"《{self.title or self.document}》（{self.document}）")
        if self.page is not None:
            where.append(f"第{self.page}页")
        if self.start_line is not None:
            end = self.end_line if self.end_line is not None else self.start_line
            where.append(
                f"第{self.start_line}行" if end == self.start_line else f"第{self.start_line}-{end}行"
            )
        return " ".join(where)


def format_passages(passages: Sequence[Passage]) -> str:
    if not passages:
        return NO_PASSAGES
    return "\n\n".join(f"{p.heading(i)}\n{p.text.strip()}" for i, p in enumerate(passages, start=1))


INSTRUCTIONS_HEADING = "本题集的要求："


def instructions_text(si: SystemInstructions | None) -> str:
    """A set's ``system_instructions`` as prompt text ("" when it has none): the required behaviour,
    the rules, then what is forbidden, one numbered line each."""
    if si is None:
        return ""
    lines = [INSTRUCTIONS_HEADING]
    if si.required_behavior:
        lines.append(f"要求：{si.required_behavior.strip()}")
    lines += [f"规则{i}：{rule.strip()}" for i, rule in enumerate(si.rules, start=1)]
    lines += [f"禁止{i}：{item.strip()}" for i, item in enumerate(si.forbidden_behavior, start=1)]
    return "\n".join(lines) if len(lines) > 1 else ""


def system_prompt(si: SystemInstructions | None = None, base: str = SYSTEM_PROMPT) -> str:
    """The fixed system prompt (``base``), followed by the set's ``system_instructions`` when it has them."""
    extra = instructions_text(si)
    return f"{base}\n\n{extra}" if extra else base


def build_messages(
    question: str, passages: Sequence[Passage], instructions: SystemInstructions | None = None
) -> list[dict[str, str]]:
    """The chat messages for one question: the system prompt (with the set's instructions) and the
    passages + question."""
    user = USER_TEMPLATE.format(passages=format_passages(passages), question=question.strip())
    case = any(p.document is not None for p in passages)  # a case file: citations name documents
    system = system_prompt(instructions, CASE_SYSTEM_PROMPT if case else SYSTEM_PROMPT)
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


# --- reading the reply ------------------------------------------------------------------------


class ModelOutputError(ValueError):
    """The model's reply holds no readable answer object; ``raw`` is the reply as received."""

    def __init__(self, problem: str, raw: str) -> None:
        self.problem = problem
        self.raw = raw
        super().__init__(problem)


_THINK = re.compile(r"<think>.*?</think>", re.DOTALL)
_FENCE = re.compile(r"```[ \t]*(?:json|JSON)?[ \t]*\n?(.*?)(?:```|$)", re.DOTALL)


def parse_model_json(raw: str) -> dict[str, Any]:
    """The answer object in a model reply (see the module docstring for what is accepted)."""
    text = _THINK.sub("", raw).strip()
    candidates = [m.group(1) for m in _FENCE.finditer(text)] + [text]
    for candidate in candidates:
        start = candidate.find("{")
        if start < 0:
            continue
        obj = _read_object(candidate[start:])
        if obj is not None:
            return obj
    problem = (
        "no JSON object in the reply" if "{" not in text else "the JSON object in the reply cannot be read"
    )
    raise ModelOutputError(problem, raw)


def _read_object(text: str) -> dict[str, Any] | None:
    end = json_value_end(text)
    if end is not None:
        try:
            obj = json.loads(text[:end])
        except json.JSONDecodeError:
            return None
        return obj if isinstance(obj, dict) else None
    repaired = _repair(text)
    if repaired is None:
        return None
    return repaired if isinstance(repaired.get("answer"), str) else None


def _repair(text: str) -> dict[str, Any] | None:
    """Close a JSON object cut short: drop the unfinished member, then close the open brackets."""
    stack: list[str] = []
    closers: list[str] = []
    last_safe = 0
    for i, ch in json_scan(text):
        if ch in "{[":
            stack.append("}" if ch == "{" else "]")
        elif ch in "}]" and stack:
            stack.pop()
        if ch in ",{[" and stack:
            last_safe, closers = (i if ch == "," else i + 1), list(stack)
    head = text[:last_safe].rstrip().rstrip(",")
    try:
        obj = json.loads(head + "".join(reversed(closers)))
    except json.JSONDecodeError:
        return None
    return _drop_empty(obj) if isinstance(obj, dict) else None


def _drop_empty(value: Any) -> Any:
    """Members emptied by the cut (``{}`` left of a citation) are dropped, not kept as blank items."""
    if isinstance(value, dict):
        return {k: _drop_empty(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_drop_empty(v) for v in value if v not in ({}, [], "")]
    return value
