"""Scoring throughput of two checkouts on the *same* stored answers (an A/B of the scoring code alone).

``scoring_throughput.py`` builds its pool of answers with the checkout's own baseline, so two versions
whose baselines differ score different answers. This script writes one checkout's stream and has
each checkout score that very stream, matching answers to questions by id:

    cd OLD && uv run python NEW/benchmarks/same_answers.py write --pairs 8000 --rounds 3 --out /tmp/stream.jsonl
    cd OLD && uv run python NEW/benchmarks/same_answers.py score /tmp/stream.jsonl --rounds 3
    cd NEW && uv run python benchmarks/same_answers.py score /tmp/stream.jsonl --rounds 3

It runs in the working directory's checkout (its ``benchmarks/scoring_throughput.py`` and datasets),
with that checkout's interpreter, and prints pairs per CPU second (min / median / max). The stream
holds ``rounds + 1`` chunks of ``--pairs`` answers whose texts never repeat: the first warms up
(documents, jieba), each round scores a chunk of its own, so no answer is ever scored twice (an older
checkout that caches results by answer text gets no hits).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path.cwd() / "benchmarks"))
sys.path.insert(0, str(Path.cwd()))

import scoring_throughput as st  # the working directory's checkout

SETS = ["datasets/transcript", "datasets/judgment", "datasets/loan_contract"]


def write(pairs: int, rounds: int, out: Path) -> None:
    pool = st.build_pool(SETS)
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "stream.jsonl"
        st.write_stream(pool, raw, pairs * (rounds + 1), 0)
        with raw.open(encoding="utf-8") as f, out.open("w", encoding="utf-8") as sink:
            for line in f:
                obj = json.loads(line)
                obj["qid"] = pool.pairs[obj.pop("pair")][1].id
                sink.write(json.dumps(obj, ensure_ascii=False) + "\n")


def score(stream: Path, rounds: int) -> None:
    pool = st.build_pool(SETS)
    index = {q.id: k for k, (_, q, *_rest) in enumerate(pool.pairs)}
    lines = stream.read_text(encoding="utf-8").splitlines()
    size = len(lines) // (rounds + 1)
    with tempfile.TemporaryDirectory() as tmp:
        chunks = []
        for k in range(rounds + 1):
            chunk = Path(tmp) / f"chunk{k}.jsonl"
            with chunk.open("w", encoding="utf-8") as sink:
                for line in lines[k * size : (k + 1) * size]:
                    obj = json.loads(line)
                    obj["pair"] = index[obj.pop("qid")]
                    sink.write(json.dumps(obj, ensure_ascii=False) + "\n")
            chunks.append(chunk)
        st.score_stream(pool, chunks[0], Path(tmp) / "warm.jsonl")  # warm-up: documents, jieba
        rates = []
        for chunk in chunks[1:]:
            tally = st.score_stream(pool, chunk, Path(tmp) / "lines.jsonl")
            rates.append(tally.total / tally.cpu)
    low, mid, high = min(rates), statistics.median(rates), max(rates)
    print(f"{Path.cwd()}: {tally.total} pairs, pairs per CPU second {low:,.0f} / {mid:,.0f} / {high:,.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("write")
    w.add_argument("--pairs", type=int, default=8000, help="answers per round")
    w.add_argument("--rounds", type=int, default=3, help="the rounds `score` will time")
    w.add_argument("--out", type=Path, required=True)
    s = sub.add_parser("score")
    s.add_argument("stream", type=Path)
    s.add_argument("--rounds", type=int, default=3, help="as many as the stream was written for")
    args = parser.parse_args()
    if args.command == "write":
        write(args.pairs, args.rounds, args.out)
    else:
        score(args.stream, args.rounds)


if __name__ == "__main__":
    main()
