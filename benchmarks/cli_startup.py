"""Start-up time of the CLI: ``python -m benchmark --help`` (target under 0.3 s), against a bare
interpreter, as the median of several runs, plus the slowest imports on that path.

Usage: ``uv run python benchmarks/cli_startup.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def wall(cmd: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=REPO, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def slowest_imports(cmd: list[str], top: int = 8) -> list[tuple[int, str]]:
    err = subprocess.run(
        [cmd[0], "-X", "importtime", *cmd[1:]], cwd=REPO, capture_output=True, text=True
    ).stderr
    rows = []
    for line in err.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            rows.append((int(parts[1]), parts[2].rstrip()))
    return sorted(rows, reverse=True)[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    python = sys.executable
    wall([python, "-m", "benchmark", "--help"], 2)  # warm the OS cache and bytecode
    bare = wall([python, "-c", "pass"], args.runs)
    help_ = wall([python, "-m", "benchmark", "--help"], args.runs)
    run_help = wall([python, "-m", "benchmark", "run", "--help"], args.runs)
    print(f"runs: {args.runs} each (median, min-max)")
    for name, t in (
        ("python -c pass", bare),
        ("python -m benchmark --help", help_),
        ("python -m benchmark run --help", run_help),
    ):
        print(f"  {name:<32} {statistics.median(t):.3f} s  ({min(t):.3f}-{max(t):.3f})")
    print("slowest cumulative imports for --help (microseconds):")
    for us, name in slowest_imports([python, "-m", "benchmark", "--help"]):
        print(f"  {us:>8}  {name}")
    heavy = ("jieba", "jsonschema", "httpx", "numpy", "bm25s", "scorers.", "rapidfuzz", "torch")
    loaded = subprocess.run(
        [python, "-c", "import sys, runpy; sys.argv=['benchmark','--help']\n"
         "try:\n runpy.run_module('benchmark', run_name='__main__')\nexcept SystemExit: pass\n"
         "print('\\n'.join(sorted(sys.modules)))"],
        cwd=REPO, capture_output=True, text=True,
    ).stdout.split()  # fmt: skip
    bad = sorted(m for m in loaded if m.startswith(heavy) or m in {h.rstrip(".") for h in heavy})
    print(f"heavy modules imported by --help: {', '.join(bad) or 'none'}")


if __name__ == "__main__":
    main()
