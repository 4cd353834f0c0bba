"""A fuzz campaign through the CLI: N generated inputs from one seed (question sets, documents of every
loader, replay files, mixes: ``tests/benchmark/cli/fuzzcases.py``), each run in-process through the
real entry point in its own directory, with a time limit.

Counted: exit codes, tracebacks (exit 3, an internal error, or a traceback printed), hangs (over the
time limit), and refusals that name no file (nor the option at fault). Cases run in worker processes
of ``--chunk`` cases each (a worker's caches and memory end with it); a hang is cut by ``SIGALRM``.
Every failing case is listed with its number: ``--only N`` replays it alone.

Usage: ``uv run python benchmarks/fuzz_campaign.py [--seed 13] [--cases 10000] [--workers 1]``
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.benchmark.cli.fuzzcases import case_rng, make_case, run_case


class Hang(BaseException):
    """The time limit passed (a BaseException: the CLI turns every Exception into exit code 3)."""


def _alarm(signum: int, frame: Any) -> None:
    raise Hang


def run_one(seed: int, number: int, limit: float) -> dict[str, Any]:
    rng = case_rng(seed, number)
    case = make_case(rng)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="lrb-fuzz-") as tmp:
        old = os.getcwd()
        os.chdir(tmp)
        signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            outcome = run_case(case, Path(tmp))
            problem = outcome.problem(case)
            code, err = outcome.code, outcome.err
        except Hang:
            code, problem, err = -1, f"no answer within {limit:g} s", ""
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            os.chdir(old)
    return {
        "n": number,
        "kind": case.kind,
        "code": code,
        "problem": problem,
        "seconds": round(time.perf_counter() - start, 3),
        "message": err.strip().splitlines()[-1][:200] if err.strip() else "",
        "args": case.args,
    }


def worker(seed: int, numbers: list[int], limit: float) -> None:
    for number in numbers:
        print(json.dumps(run_one(seed, number, limit)), flush=True)  # ASCII: one line whatever it holds


def _chunk(seed: int, numbers: list[int], limit: float) -> list[dict[str, Any]]:
    cmd = [sys.executable, __file__, "--worker", "--seed", str(seed), "--limit", str(limit)]
    cmd += ["--numbers", ",".join(map(str, numbers))]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    results = [json.loads(line) for line in proc.stdout.split("\n") if line.startswith("{")]
    done = {r["n"] for r in results}
    for number in numbers:  # a worker that died (memory, a crash beneath Python) loses its case
        if number not in done:
            results.append({"n": number, "kind": "?", "code": -2, "seconds": 0.0, "args": [],
                            "problem": f"the worker died ({proc.returncode}): {proc.stderr[-300:]}",
                            "message": ""})  # fmt: skip
            break
    return results


def campaign(seed: int, cases: int, chunk: int, workers: int, limit: float) -> list[dict[str, Any]]:
    todo = list(range(cases))
    results: list[dict[str, Any]] = []
    started = time.perf_counter()
    while todo:
        batches = [todo[i : i + chunk] for i in range(0, min(len(todo), chunk * workers), chunk)]
        with ThreadPoolExecutor(max_workers=workers) as pool:
            for found in pool.map(lambda b: _chunk(seed, b, limit), batches):
                results += found
        done = {r["n"] for r in results}
        todo = [n for n in todo if n not in done]
        elapsed = time.perf_counter() - started
        print(f"  {len(done)}/{cases} cases, {elapsed:.0f} s", file=sys.stderr, flush=True)
    return sorted(results, key=lambda r: r["n"])


def summary(results: list[dict[str, Any]], seed: int, limit: float) -> str:
    codes = collections.Counter(r["code"] for r in results)
    kinds = collections.Counter(r["kind"].split(":")[0] for r in results)
    tracebacks = [r for r in results if r["code"] == 3 or (r["problem"] or "").startswith("a traceback")]
    hangs = [r for r in results if r["code"] == -1]
    nameless = [r for r in results if (r["problem"] or "").startswith("a refusal")]
    slowest = max(results, key=lambda r: r["seconds"])
    lines = [
        f"seed {seed}, {len(results)} cases, time limit {limit:g} s",
        "kinds: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())),
        "exit codes: " + ", ".join(f"{k}: {v}" for k, v in sorted(codes.items())),
        f"tracebacks: {len(tracebacks)}",
        f"hangs over {limit:g} s: {len(hangs)}",
        f"refusals without a file name: {len(nameless)}",
        f"slowest case: {slowest['seconds']} s (#{slowest['n']}, {slowest['kind']})",
    ]
    for r in [x for x in results if x["problem"]][:30]:
        lines.append(f"  #{r['n']} {r['kind']} exit {r['code']}: {r['problem']}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--chunk", type=int, default=250, help="cases per worker process")
    parser.add_argument("--workers", type=int, default=1, help="worker processes at once")
    parser.add_argument("--limit", type=float, default=30.0, help="seconds a case may take")
    parser.add_argument("--only", type=int, help="run case number N alone and show its output")
    parser.add_argument("--json", type=Path, help="also write every case's result here")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--numbers", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.seed, [int(n) for n in args.numbers.split(",")], args.limit)
        return 0
    if args.only is not None:
        print(json.dumps(run_one(args.seed, args.only, args.limit), ensure_ascii=False, indent=2))
        return 0
    results = campaign(args.seed, args.cases, args.chunk, args.workers, args.limit)
    if args.json:
        args.json.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in results), "utf-8")
    print(summary(results, args.seed, args.limit))
    return 0 if not any(r["problem"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
