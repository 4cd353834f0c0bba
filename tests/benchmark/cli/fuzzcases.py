"""Generated bad (and good) input for the CLI: question sets, documents of every loader, replay files
and mixes of them, from a ``random.Random`` (hypothesis drives it in the suite; a seed drives
``benchmarks/fuzz_campaign.py``). ``run_case`` runs one through the real entry point in-process.

The property every case must keep: exit code 0, 1 or 2, never a traceback, and a refusal (2) is one
message that names the file at fault (or the command-line option, for a generated option).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from benchmark.resources import datasets_dir

DATA = datasets_dir()
LOAN_DOC = (DATA / "loan_contract" / "document.md").read_text(encoding="utf-8")
SETS = [
    json.loads((DATA / "loan_contract" / name).read_text(encoding="utf-8"))
    for name in ("fact_exact.json", "evidence_set.json", "conflict_gap.json")
] + [json.loads((DATA / "judgment" / "questions.json").read_text(encoding="utf-8"))]
OCR_PAGES = json.loads((DATA / "transcript" / "ocr_pages.json").read_text(encoding="utf-8"))

# values that break naive code: numbers at the edges, text of every width and direction, nesting
NASTY: list[Any] = [None, True, False, 0, -1, 2**63, 10**30, -(10**30), 1.5, -0.0, 1e308, "", " ", "\x00",
    "NaN", "Infinity", "１２３", "٣", "〇", "两", "第0页", "1-0", "0-0", "99999999999-1", "a\u2028b\u2029c\x85d",
    "\u202e反向", "𠀀𠀁", "e\u0301", "\ufeff", "<script>alert(1)</script>", "\\", '"', "{question}", [], {},
    [[[[]]]], {"page": "x"}, "夏侯", "欧阳", "司马光", "上官村", "肆万贰仟元整", "二〇二〇年八月三十一日",
    "２０２０－０８－３１", "13912345678", "x" * 5000, "借" * 3000]  # fmt: skip
# raw tokens spliced into JSON text: what Python's json reads but JSON cannot carry
TOKENS = ["NaN", "Infinity", "-Infinity", "1e400", '"\\ud800"', '"a\\udfffb"', '"\\u0000"', "[" * 300 + "]" * 300,
          "[" * 3000 + "]" * 3000, "123456789012345678901234567890", '"\\ud83d\\ude00"']  # fmt: skip
SURNAME_PIECES = ["欧阳", "司马", "上官", "夏侯", "诸葛", "东方", "皇甫", "尉迟", "公孙", "慕容", "长孙", "宇文", "司徒",
                  "令狐", "王", "张", "一张", "这位", "主任", "村", "明", "建国", "，", "。"]  # fmt: skip


@dataclass
class Case:
    """Files to write (name -> bytes), CLI arguments, and the names a refusal may rightly give."""

    kind: str
    files: dict[str, bytes] = field(default_factory=dict)
    args: list[str] = field(default_factory=list)
    options: list[str] = field(default_factory=list)  # generated options a refusal may name instead

    def write(self, root: Path) -> None:
        for name, data in self.files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)


@dataclass(frozen=True)
class Outcome:
    code: int
    out: str
    err: str

    def problem(self, case: Case) -> str | None:
        """Why this outcome breaks the property, or None."""
        if self.code not in (0, 1, 2):
            return f"exit code {self.code}: {self.err.strip()[-300:]}"
        if "Traceback" in self.err:
            return "a traceback"
        if self.code == 2:  # one message: its first line, then any further problems indented
            lines = self.err.strip().split("\n")  # a name may hold U+2028: only \n ends a line
            lines = [x for x in lines if not x.startswith("warning: ")] or [""]  # warnings come first
            if not lines[0].startswith("error: ") or not all(x.startswith("  ") for x in lines[1:]):
                return f"a refusal that is not one message: {self.err.strip()[:300]}"
            names = [Path(n).name for n in case.files] + case.options
            if not any(name in lines[0] for name in names):
                return f"a refusal naming no file: {lines[0][:300]}"
        return None


def run_case(case: Case, root: Path) -> Outcome:
    """Write ``case`` under ``root`` (the working directory) and run the CLI on it in this process."""
    from benchmark.cli import main

    case.write(root)
    runner = CliRunner()
    with runner.isolation() as streams:
        try:
            code = main(list(case.args))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        out, err = (
            streams[0].getvalue().decode("utf-8", "replace"),
            streams[1].getvalue().decode("utf-8", "replace"),
        )
    return Outcome(int(code or 0), out, err)


# --- mutations ---------------------------------------------------------------------------------


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _nodes(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _nodes(v, (*path, i))
    return out


def _set_at(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    parent = value
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = new
    return value


# keys whose values the code reads and computes with: edited more often than the rest
SENSITIVE = {"page_idx", "page", "lines", "amount_total", "amount", "date", "count", "must_include",
             "required_quote", "text", "quote", "trial", "id", "question", "evidence_location", "document",
             "source_path", "markdown", "pass_threshold", "weights", "evidence_recall_min", "key_points",
             "hallucination_penalty", "type", "benchmark_type", "scorer", "answer", "citations", "fields",
             "is_critical", "additional_quotes", "boolean_answer", "date_range", "amount_breakdown"}  # fmt: skip


def mutate_value(rng: random.Random, value: Any, times: int) -> Any:
    """``times`` random edits: replace a node, drop a key, add a key, duplicate or empty a list."""
    value = copy.deepcopy(value)
    for _ in range(times):
        nodes = _nodes(value)
        sensitive = [n for n in nodes if n and n[-1] in SENSITIVE]
        path = rng.choice(sensitive if sensitive and rng.random() < 0.6 else nodes)
        action = rng.random()
        if action < 0.5 or not path:
            value = _set_at(value, path, copy.deepcopy(rng.choice(NASTY)))
            continue
        parent = value
        for part in path[:-1]:
            parent = parent[part]
        if isinstance(parent, dict) and action < 0.7:
            parent.pop(path[-1], None)
        elif isinstance(parent, dict):
            # a copy: an edit made later inside it must not change NASTY itself (nor tie it into a cycle)
            parent[rng.choice(["x-extra", "type", "id", "page", "lines", "document"])] = copy.deepcopy(
                rng.choice(NASTY)
            )
        elif isinstance(parent, list) and action < 0.85:
            parent.append(copy.deepcopy(parent[path[-1]]))
        else:
            parent.clear()
    return value


def mutate_text(rng: random.Random, text: str) -> bytes:
    """Text-level damage: a raw token spliced in, a cut, a byte flip, another encoding, a BOM."""
    choice = rng.randrange(8)
    if choice == 0:  # a token where a value stands
        spots = [i for i, c in enumerate(text) if c == ":"] or [0]
        at = rng.choice(spots) + 1
        end = min((i for i in (text.find(",", at), text.find("}", at)) if i > 0), default=at)
        return (text[:at] + " " + rng.choice(TOKENS) + text[end:]).encode("utf-8")
    if choice == 1:
        return text[: rng.randrange(len(text) + 1)].encode("utf-8")
    if choice == 2 and text:
        data = bytearray(text.encode("utf-8"))
        for _ in range(rng.randint(1, 5)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if choice == 3:
        return text.encode(rng.choice(["utf-16", "utf-32", "gb18030"]))
    if choice == 4:
        return b"\xef\xbb\xbf" + text.encode("utf-8")
    if choice == 5:
        return rng.choice([b"", b"   ", b"null", b"[]", b"{}", b"\x00" * 10, b'{"questions": {}}'])
    return text.encode("utf-8")


# --- the four kinds of case ----------------------------------------------------------------------


def _base_set(rng: random.Random, document: str = "document.md") -> dict[str, Any]:
    data = copy.deepcopy(rng.choice(SETS))
    data["questions"] = rng.sample(data["questions"], min(len(data["questions"]), rng.randint(1, 3)))
    if "document_info" in data:
        data["document_info"]["source_path"] = document
    else:
        data["document"] = document
    return data


def _dumps(value: Any, rng: random.Random) -> str:
    return json.dumps(value, ensure_ascii=rng.random() < 0.3, indent=rng.choice([None, 2]))


def set_case(rng: random.Random) -> Case:
    data = _base_set(rng)
    if rng.random() < 0.7:
        data = mutate_value(rng, data, rng.randint(1, 4))
    text = _dumps(data, rng)
    raw = mutate_text(rng, text) if rng.random() < 0.6 else text.encode("utf-8")
    files = {"set.json": raw, "document.md": LOAN_DOC.encode("utf-8")}
    return Case("set", files, ["run", "--dataset", "set.json", "--adapter", rng.choice(["oracle", "refuse"])])


def _markdown(rng: random.Random) -> bytes:
    lines = LOAN_DOC.split("\n")
    out = []
    for line in lines[: rng.randint(0, len(lines))]:
        roll = rng.random()
        if roll < 0.03:  # now and then a page far beyond any real one (refused)
            huge = rng.random() < 0.1
            out.append(
                f"<!-- page: {rng.choice([10**6, 10**30]) if huge else rng.choice([0, 1, 2, 3, 7])} -->"
            )
        elif roll < 0.08:
            out.append(line + "\f" * rng.randint(1, 3))
        elif roll < 0.1:
            out.append("".join(rng.choice(SURNAME_PIECES) for _ in range(rng.randint(1, 30))))
        else:
            out.append(line)
    if rng.random() < 0.04:  # one long line: a sentence repeated, or characters without any break
        unit = rng.choice(["王某向李某借款五万元，约定次年还清。", "欧阳明借款肆万贰仟元整", "甲乙双方"])
        out.insert(rng.randrange(len(out) + 1), unit * rng.randint(2_000, 20_000))
    text = rng.choice(["\n", "\r\n"]).join(out)
    return mutate_text(rng, text) if rng.random() < 0.3 else text.encode("utf-8")


def _paddle(rng: random.Random) -> bytes:
    pages: Any = copy.deepcopy(OCR_PAGES[: rng.randint(1, len(OCR_PAGES))])
    if rng.random() < 0.6:
        pages = mutate_value(rng, pages, rng.randint(1, 3))
    if rng.random() < 0.2:
        pages = {"pages": pages}
    return mutate_text(rng, _dumps(pages, rng)) if rng.random() < 0.4 else _dumps(pages, rng).encode()


def _mineru(rng: random.Random) -> bytes:
    lines = [x for x in LOAN_DOC.split("\n") if x.strip() and not x.startswith("<!--")]
    items: Any = [
        {"type": "text", "text": line, "page_idx": i // 20}
        for i, line in enumerate(lines[: rng.randint(1, 80)])
    ]
    if rng.random() < 0.3:
        items.append({"type": "table", "table_body": "<table><tr><td>第1期</td></tr></table>", "page_idx": 1})
    if rng.random() < 0.7:
        items = mutate_value(rng, items, rng.randint(1, 3))
    return mutate_text(rng, _dumps(items, rng)) if rng.random() < 0.4 else _dumps(items, rng).encode()


def _pdf(rng: random.Random) -> bytes:
    from io import BytesIO

    from pypdf import PdfWriter

    writer = PdfWriter()
    for _ in range(rng.randint(1, 3)):
        writer.add_blank_page(width=200, height=200)
    buffer = BytesIO()
    writer.write(buffer)
    data = buffer.getvalue()
    if rng.random() < 0.5:
        cut = rng.randrange(len(data))
        data = data[:cut] + bytes(rng.randrange(256) for _ in range(rng.randint(0, 20))) + data[cut + 20 :]
    return data


DOCUMENTS: dict[str, tuple[str, Callable[[random.Random], bytes]]] = {
    "markdown": ("doc.md", _markdown),
    "text": ("doc.txt", _markdown),
    "paddleocr": ("pages.json", _paddle),
    "mineru": ("content_list.json", _mineru),
    "pdf": ("doc.pdf", _pdf),
}


def document_case(rng: random.Random) -> Case:
    loader = rng.choice(sorted(DOCUMENTS))
    name, make = DOCUMENTS[loader]
    data = _base_set(rng, name)
    files = {"set.json": json.dumps(data, ensure_ascii=False).encode("utf-8"), name: make(rng)}
    adapter = rng.choice(["oracle", "refuse", "baseline"]) if loader != "pdf" else "oracle"
    return Case(f"document:{loader}", files, ["run", "--dataset", "set.json", "--adapter", adapter])


def _answer(rng: random.Random, qid: str) -> dict[str, Any]:
    text = "".join(rng.choice([*SURNAME_PIECES, "42000元", "2020年8月31日", "3次", "是", "否", "不知道"])
                   for _ in range(rng.randint(0, 12)))  # fmt: skip
    answer: dict[str, Any] = {"id": qid, "answer": text}
    if rng.random() < 0.5:
        answer["citations"] = [
            {"page": rng.choice([1, 2, 0, -1, 10**9, "2", None]), "quote": rng.choice(NASTY)}
        ]
    if rng.random() < 0.3:
        answer["evidence"] = [rng.choice([{"text": "借款", "page": 2}, "证据", None, 5])]
    if rng.random() < 0.2:
        answer["fields"] = {"amount_total": rng.choice(NASTY)}
    return answer


def replay_case(rng: random.Random) -> Case:
    data = _base_set(rng)
    lines = [_answer(rng, q["id"]) for q in data["questions"] if rng.random() < 0.9]
    if rng.random() < 0.5:
        mutated = mutate_value(rng, lines, rng.randint(1, 3))
        lines = mutated if isinstance(mutated, list) else [mutated]
    text = "\n".join(json.dumps(x, ensure_ascii=rng.random() < 0.3) for x in lines)
    raw = mutate_text(rng, text) if rng.random() < 0.4 else text.encode("utf-8")
    if rng.random() < 0.2:
        raw = raw.replace(b"\n", rng.choice([b"\r\n", b"\n\n", "\u2028".encode(), b"\x85"]))
    files = {"set.json": json.dumps(data, ensure_ascii=False).encode("utf-8"), "answers.jsonl": raw,
             "document.md": LOAN_DOC.encode("utf-8")}  # fmt: skip
    return Case("replay", files, ["run", "--dataset", "set.json", "--adapter", "replay:answers.jsonl"])


def mixed_case(rng: random.Random) -> Case:
    """Several sets in a folder (ids may clash), a document override, options, any adapter."""
    case = rng.choice([set_case, document_case, replay_case])(rng)
    case.kind = f"mixed:{case.kind}"
    if rng.random() < 0.5:
        other = _base_set(rng)
        case.files["sets/b.json"] = json.dumps(other, ensure_ascii=False).encode("utf-8")
        case.files["sets/document.md"] = LOAN_DOC.encode("utf-8")
        case.args += ["--dataset", "sets"]
    if rng.random() < 0.3:
        name, make = DOCUMENTS[rng.choice(sorted(DOCUMENTS))]
        case.files[f"override-{name}"] = make(rng)
        case.args += ["--document", f"override-{name}"]
    options: list[tuple[str, str]] = [("--type", rng.choice(["fact_exact", "evidence_set", "conflict_gap"])),
        ("--tag", rng.choice(["金额", "缺口", "不存在"])), ("--repeat", rng.choice(["1", "2", "0"])),
        ("--scorer-option", rng.choice(["partial_credit=true", "key_points.method=lexical", "x=1"])),
        ("--render", rng.choice(["json", "tsv", "junit", "summary"]))]  # fmt: skip
    for option, value in rng.sample(options, rng.randint(0, 3)):
        case.args += [option, value]
        case.options.append(option)
    if rng.random() < 0.2:
        case.files["bad.toml"] = rng.choice([b'url = "\xff"', b"[run]\nconcurency = 2\n", b"x = "])
        case.args += ["--config", "bad.toml"]
    return case


KINDS: dict[str, Callable[[random.Random], Case]] = {
    "set": set_case,
    "document": document_case,
    "replay": replay_case,
    "mixed": mixed_case,
}


def case_rng(seed: int, number: int) -> random.Random:
    """The generator of case ``number`` of the campaign with ``seed``."""
    return random.Random(f"{seed}:{number}")


def make_case(rng: random.Random, kind: str | None = None) -> Case:
    case = KINDS[kind or rng.choice(sorted(KINDS))](rng)
    case.args += ["--no-progress", "--output", "runs"]
    return case
