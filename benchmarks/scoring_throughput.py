"""Scoring throughput: a stored run scored end to end, on one core, and its memory in a long stream.

Target: at least 5,000 question-answer pairs per second after warm-up, with memory flat over
100,000 pairs streamed from a JSONL file.

Answers are built over the bundled questions (``datasets/``) from the ``oracle`` and the ``baseline``
adapters, each also perturbed three ways (the last digit of every number changed, every cited and
evidence page moved by one, a hedge wrapped around the answer), so scores vary: 8 answers per
question. The stream cycles through them to N pairs, and every pair's texts differ from every
other pair's: the answer text ends in a closing sentence of its own (words only, no digits), and
each evidence text and citation quote starts with whitespace of its own (so it stays a verbatim
passage: the same folded text). Caches keyed by a text therefore miss, as with fresh answers; and
every timed round scores a stream of its own (the same stream again would find its answer texts in
those caches: conflict_gap measured 13,000 pairs/s on a second pass, 3,300 on the first).

The timed path is the one ``rescore`` takes for each stored answer: the JSON line is decoded,
``benchmark.answers.parse_answer`` builds the ``Answer``, ``benchmark.scoring.score_answer`` scores
it (every component, with the question set's criteria and document), a ``QuestionResult`` is made,
its report entry is built by ``benchmark.report.json_report.question_entry`` and written as one JSON
line by ``benchmark.json_lines.dumps_line_bytes`` (as ``dumps_report_bytes`` writes it), and the summary counts are updated. Results are
never kept: the stream is a generator and the report lines go to a file. A warm-up pass over every
base answer comes first (documents' facts, jieba's dictionary, compiled patterns).

Usage: ``uv run python benchmarks/scoring_throughput.py [--pairs N] [--rounds R] [--stages] [--profile]
[--memory N [--trace-memory]]``: ``--memory 100000`` first streams that many pairs and prints peak
and current RSS at checkpoints (``--trace-memory`` adds what Python allocations hold, via
tracemalloc); ``--stages`` prints µs per pair of each step, ``--profile`` cProfile's top entries, each
for one more pass over a fresh stream. The script pins
itself to CPU 0 and prints markdown tables.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import inspect
import json
import os
import pstats
import re
import resource
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Awaitable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmark.adapters.base import create_adapter
from benchmark.answers import parse_answer
from benchmark.documents.case import Case
from benchmark.documents.model import Document
from benchmark.json_lines import dumps_line_bytes, loads_line
from benchmark.models import Question, QuestionSet
from benchmark.pipeline.plan import plan
from benchmark.report.json_report import question_entry
from benchmark.resources import datasets_dir
from benchmark.results import FAIL, PASS, QuestionResult
from benchmark.scoring import score_answer
from benchmark.summary import Counts
from scorers.contexts import with_retrieval
from scorers.registry import ScoringContext, scorer_for

# Words for the closing sentence that makes every answer text distinct (no digits, no cue words).
_WORDS = (
    "笔录", "卷宗", "庭审记录", "书面材料", "证据清单", "补充说明", "原始记录", "双方陈述", "合同文本", "还款记录",
    "转账凭证", "聊天记录", "收条", "借条", "询问笔录", "判决书", "答辩意见", "质证意见", "代理词", "起诉状",
    "上诉状", "调解笔录", "银行流水", "付款凭证", "催收函", "律师函", "证人证言", "鉴定意见", "现场照片", "录音材料",
    "短信记录", "邮件往来", "会议纪要", "对账单", "担保合同", "抵押登记", "送达回证", "裁定书", "执行记录", "立案材料",
    "庭前会议", "举证通知", "补充协议", "授权委托书", "身份证明", "情况说明", "交易明细", "案件摘要",
)  # fmt: skip
_DIGIT_RUN = re.compile(r"\d+")
_HEDGES = ("可能是", "大概是", "据我了解，")


@dataclass
class Pool:
    """The questions with their sets and documents, and the base answers to cycle through."""

    pairs: list[tuple[QuestionSet, Question, Document | None]]
    answers: list[tuple[int, dict[str, Any]]] = field(default_factory=list)  # (pair index, answer)
    # each pair's case file (sets over several documents), else None
    cases: list[Case | None] = field(default_factory=list)


DISTINCT = len(_WORDS) ** 4  # closing sentences, so answer texts, differ for every index below this
WARM_UP, MEMORY, TIMED = 1_000_000, 2_000_000, 3_000_000  # where each stream's indexes start


def closing_sentence(i: int) -> str:
    """A sentence made of words only, different for every ``i`` below ``DISTINCT``."""
    n = len(_WORDS)
    a, b, c, d = i % n, (i // n) % n, (i // n**2) % n, (i // n**3) % n
    return f"以上内容依据{_WORDS[a]}、{_WORDS[b]}、{_WORDS[c]}和{_WORDS[d]}整理。"


def _bump(m: re.Match[str]) -> str:
    s = m.group()
    return s[:-1] + str((int(s[-1]) + 1) % 10)


def other_numbers(answer: dict[str, Any]) -> dict[str, Any]:
    """Every run of digits has its last digit changed: wrong amounts and dates, same wording."""
    out = dict(answer, answer=_DIGIT_RUN.sub(_bump, answer["answer"]))
    out["evidence"] = [dict(e, text=_DIGIT_RUN.sub(_bump, e["text"])) for e in answer.get("evidence", [])]
    out["citations"] = [
        dict(c, quote=_DIGIT_RUN.sub(_bump, c["quote"])) if c.get("quote") else c
        for c in answer.get("citations", [])
    ]
    return out


def wrong_pages(answer: dict[str, Any]) -> dict[str, Any]:
    """Every cited and evidence page moved by one (a citation without a page gets page 1)."""
    move = lambda p: 1 if p is None else p + 1  # noqa: E731
    out = dict(answer)
    out["citations"] = [dict(c, page=move(c.get("page")), lines=None) for c in answer.get("citations", [])]
    out["evidence"] = [dict(e, page=move(e.get("page"))) for e in answer.get("evidence", [])]
    return out


def hedged(answer: dict[str, Any], k: int) -> dict[str, Any]:
    return dict(answer, answer=_HEDGES[k % len(_HEDGES)] + answer["answer"] + "，但我不能完全确定。")


async def _awaited(reply: Awaitable[Any]) -> Any:
    return await reply


def build_pool(paths: list[str]) -> Pool:
    the_plan = plan(paths)
    pairs = [(qs, q, the_plan.document(qs)) for qs, q in the_plan.pairs]
    pool = Pool(pairs, cases=[the_plan.case(qs) for qs, _ in the_plan.pairs])
    adapters = [create_adapter("oracle"), create_adapter("baseline")]
    for index, (qs, q, _) in enumerate(pairs):
        query = the_plan.query(qs, q)
        for adapter in adapters:
            reply = adapter.query(query)
            if inspect.isawaitable(reply):
                reply = asyncio.run(_awaited(reply))
            base = parse_answer(reply).to_dict()
            variants = [base, other_numbers(base), wrong_pages(base), hedged(base, index)]
            pool.answers += [(index, v) for v in variants]
    return pool


def blank_code(i: int) -> str:
    """Whitespace that differs for every ``i`` (binary: space / newline) and folds away to nothing."""
    return "".join(" \n"[int(b)] for b in f"{i:b}") + " "


def distinct(answer: dict[str, Any], i: int) -> dict[str, Any]:
    """The answer text ends in a sentence of its own; evidence texts and quotes get leading
    whitespace of their own, so they stay verbatim passages (same folded text) yet differ."""
    blank = blank_code(i)
    out = dict(answer, answer=answer["answer"] + closing_sentence(i))
    out["evidence"] = [dict(e, text=blank + e["text"]) for e in answer.get("evidence", [])]
    out["citations"] = [
        dict(c, quote=blank + c["quote"]) if c.get("quote") else c for c in answer.get("citations", [])
    ]
    return out


def write_stream(pool: Pool, path: Path, n: int, offset: int) -> None:
    """N answer lines (the replay format plus the pair index), cycling through the pool; the texts of
    streams written with offsets ``n`` or more apart never repeat each other's."""
    assert offset + n <= DISTINCT, "closing sentences would repeat"
    with path.open("w", encoding="utf-8") as f:
        for i in range(n):
            index, answer = pool.answers[i % len(pool.answers)]
            line = {"pair": index, "trial": i, **distinct(answer, offset + i)}
            f.write(json.dumps(line, ensure_ascii=False) + "\n")


def read_stream(path: Path) -> Iterator[dict[str, Any]]:
    """The stored answers, line by line, as ``RunDir.read_answers`` reads them (bytes, ``loads_line``)."""
    with path.open("rb") as f:
        for line in f:
            yield loads_line(line)


@dataclass
class Tally:
    """What a pass over a stream leaves: counts and seconds per question type, and the summary."""

    pairs: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    counts: dict[str, Counts] = field(default_factory=dict)
    wall: float = 0.0
    cpu: float = 0.0  # process CPU seconds: steadier than the wall clock on a shared machine
    # pairs scored -> (peak RSS, RSS now, MB held by Python allocations when tracemalloc runs)
    rss_at: dict[int, tuple[float, float | None, float | None]] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.pairs.values())


def score_line(pool: Pool, line: dict[str, Any]) -> tuple[QuestionResult, bytes]:
    """One stored answer scored and turned into its report line (the ``rescore`` path)."""
    qs, q, doc = pool.pairs[line["pair"]]
    answer = parse_answer(line)
    result = score_answer(q, answer, criteria=qs.criteria, document=doc, case=pool.cases[line["pair"]])
    r = QuestionResult(
        question=q,
        outcome=PASS if result.passed else FAIL,
        result=result,
        answer=answer,
        latency_ms=None,
        trial=int(line.get("trial") or 0),
    )
    return r, dumps_line_bytes(question_entry(r))


def score_stream(pool: Pool, path: Path, out: Path, checkpoints: tuple[int, ...] = ()) -> Tally:
    tally = Tally()
    clock = time.perf_counter
    start, cpu_start = clock(), time.process_time()
    with out.open("wb") as sink:
        for k, line in enumerate(read_stream(path), 1):
            t0 = clock()
            r, text = score_line(pool, line)
            sink.write(text + b"\n")
            counts = tally.counts.get(r.type)
            if counts is None:
                counts = tally.counts[r.type] = Counts()
            counts.add(r.outcome, r.score)
            tally.pairs[r.type] = tally.pairs.get(r.type, 0) + 1
            tally.seconds[r.type] = tally.seconds.get(r.type, 0.0) + clock() - t0
            if k in checkpoints:
                traced = tracemalloc.get_traced_memory()[0] / 2**20 if tracemalloc.is_tracing() else None
                tally.rss_at[k] = (peak_rss_mb(), current_rss_mb(), traced)
    tally.wall = clock() - start
    tally.cpu = time.process_time() - cpu_start
    return tally


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def current_rss_mb() -> float | None:
    """Resident memory now (Linux ``/proc/self/statm``), None elsewhere."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def pin_to_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
        return "pinned to CPU 0"
    return "single-threaded (no sched_setaffinity here)"


def throughput_table(tally: Tally) -> str:
    rows = ["| question type | pairs | pairs/s (scoring + report entry) | pass rate |", "|---|---|---|---|"]
    for t in sorted(tally.pairs):
        c = tally.counts[t]
        rate = tally.pairs[t] / tally.seconds[t]
        rows.append(f"| {t} | {tally.pairs[t]:,} | {rate:,.0f} | {c.passed / max(1, c.total):.2f} |")
    overall = tally.total / tally.wall
    rows.append(f"| **all, end to end** (read + decode + score + report line) | {tally.total:,} | "
                f"**{overall:,.0f}** ({tally.total / tally.cpu:,.0f} per CPU second) | |")  # fmt: skip
    return "\n".join(rows)


def warm_up(pool: Pool, folder: Path) -> None:
    """One pass over every base answer (other closing sentences): documents' facts, jieba, regexes."""
    warm = folder / "warm.jsonl"
    write_stream(pool, warm, len(pool.answers), offset=WARM_UP)
    score_stream(pool, warm, folder / "warm.out")


def measure_throughput(pool: Pool, folder: Path, pairs: int, rounds: int) -> Path:
    """``rounds`` passes, each over a stream of its own: scoring a stream twice would measure the
    caches keyed by answer texts (sized for one question's answers), not the scorers."""
    stream = folder / "stream.jsonl"
    best: Tally | None = None
    for r in range(rounds + 1):  # the last stream is left for --profile
        write_stream(pool, stream, pairs, offset=TIMED + r * pairs)
        if r == rounds:
            break
        gc.collect()
        tally = score_stream(pool, stream, folder / "report.jsonl")
        if best is None or tally.cpu < best.cpu:
            best = tally
    assert best is not None
    print(f"\n### Throughput ({pairs:,} pairs, the round with the least CPU time of {rounds})\n")
    print(throughput_table(best))
    return stream


def print_stages(pool: Pool, stream: Path) -> None:
    """µs per pair of each step of ``score_line`` over one fresh stream, averaged over the mix (the
    scoring step as ``score_answer``'s two: the scorer, then retrieval measured beside it), and the
    scoring step per question type (the clock is read between steps, which adds ~0.2 µs each)."""
    clock = time.perf_counter
    spent: dict[str, float] = {}
    per_type: dict[str, list[float]] = {}
    n = 0
    with stream.open("rb") as f:
        for raw in f:
            t0 = clock()
            line = loads_line(raw)
            t1 = clock()
            qs, q, doc = pool.pairs[line["pair"]]
            answer = parse_answer(line)
            t2 = clock()
            spec = scorer_for(q)  # score_answer's two steps, timed apart
            context = ScoringContext(criteria=qs.criteria, document=doc, case=pool.cases[line["pair"]])
            scored = spec.score(q, answer, context)
            t3a = clock()
            result = with_retrieval(spec, q, answer, context, scored)
            t3 = clock()
            r = QuestionResult(q, PASS if result.passed else FAIL, result, answer, trial=int(line["trial"]))
            entry = question_entry(r)
            t4 = clock()
            dumps_line_bytes(entry)
            t5 = clock()
            for step, dt in (("decode the JSON line", t1 - t0), ("parse_answer", t2 - t1),
                             ("score_answer: the scorer", t3a - t2), ("score_answer: retrieval beside it", t3 - t3a),
                             ("question_entry", t4 - t3), ("dumps_line_bytes", t5 - t4)):  # fmt: skip
                spent[step] = spent.get(step, 0.0) + dt
            per_type.setdefault(q.type, []).append(t3 - t2)
            n += 1
    print(f"\n### Where a pair's time goes ({n:,} pairs, µs per pair averaged over the mix)\n")
    print("| step | µs |\n|---|---|")
    for step, total in spent.items():
        print(f"| {step} | {total / n * 1e6:.1f} |")
    print("\n| question type | score_answer µs per pair of the type | share of all scoring |\n|---|---|---|")
    scoring = sum(sum(v) for v in per_type.values())
    for kind, times in sorted(per_type.items()):
        print(f"| {kind} | {sum(times) / len(times) * 1e6:.0f} | {sum(times) / scoring:.0%} |")


def print_profile(pool: Pool, folder: Path, stream: Path, top: int = 25) -> None:
    profiler = cProfile.Profile()
    profiler.runcall(score_stream, pool, stream, folder / "report.jsonl")
    stats = pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime")
    print(f"\n### cProfile, top {top} by own time\n\n```")
    stats.print_stats(top)
    print("```")


def measure_memory(pool: Pool, folder: Path, total: int, trace: bool) -> None:
    """Peak and current RSS at checkpoints of one long stream; with ``trace``, also the memory Python
    allocations hold (tracemalloc, ~3x slower) and, at the end, the files that hold most of it."""
    stream = folder / "memory.jsonl"
    write_stream(pool, stream, total, offset=MEMORY)
    marks = tuple(m for m in (1_000, 10_000, 25_000, 50_000, 75_000, 100_000, 150_000, 200_000) if m <= total)
    before = peak_rss_mb()
    if trace:
        tracemalloc.start()
    tally = score_stream(pool, stream, folder / "memory.out", checkpoints=marks or (total,))
    print(f"\n### Memory ({total:,} pairs streamed from JSONL; peak RSS after warm-up: {before:.1f} MB)\n")
    print(
        "| pairs scored | peak RSS (MB) | RSS now (MB) | held by Python allocations (MB) |\n|---|---|---|---|"
    )
    for k in marks or (total,):
        peak, now, traced = tally.rss_at[k]
        now_text = "n/a" if now is None else f"{now:.1f}"
        traced_text = "-" if traced is None else f"{traced:.1f}"
        print(f"| {k:,} | {peak:.1f} | {now_text} | {traced_text} |")
    print(f"\n{tally.total:,} pairs in {tally.wall:.1f} s ({tally.total / tally.wall:,.0f} pairs/s)")
    if trace:
        top = tracemalloc.take_snapshot().statistics("filename")[:6]
        tracemalloc.stop()
        print("\nlargest holders at the end:\n" + "\n".join(f"- {t}" for t in top))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pairs", type=int, default=20_000, help="pairs in the timed stream (0: none)")
    parser.add_argument("--rounds", type=int, default=3, help="timed passes (the best is reported)")
    parser.add_argument("--memory", type=int, default=0, help="first stream this many pairs (e.g. 100000)")
    parser.add_argument("--trace-memory", action="store_true", help="with --memory: tracemalloc too (slower)")
    parser.add_argument("--profile", action="store_true", help="print cProfile's top entries")
    parser.add_argument(
        "--dataset", action="append", help="question set file or folder (repeatable; default: all bundled)"
    )
    parser.add_argument("--stages", action="store_true", help="print µs per pair of each step")
    args = parser.parse_args()
    where = pin_to_one_core()
    t0 = time.perf_counter()
    pool = build_pool(args.dataset or [str(datasets_dir())])
    built = time.perf_counter() - t0
    types = sorted({q.type for _, q, _ in pool.pairs})
    print(f"{len(pool.pairs)} questions ({', '.join(types)}), {len(pool.answers)} base answers "
          f"(built in {built:.1f} s); {where}; load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        warm_up(pool, folder)
        if args.memory:
            measure_memory(pool, folder, args.memory, args.trace_memory)
        if args.pairs:
            stream = measure_throughput(pool, folder, args.pairs, args.rounds)
            if args.stages:
                print_stages(pool, stream)
            if args.profile:
                print_profile(pool, folder, stream)


if __name__ == "__main__":
    main()
