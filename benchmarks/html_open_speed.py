"""How fast a 10,000-question HTML report opens in a browser (Debian's chromium via Playwright).

Run: ``uv run python benchmarks/html_open_speed.py`` (prints a markdown table). It renders a run report of
10,000 synthetic questions (components, diagnostics, citations and answers of realistic size) and a
comparison of two such runs, then opens each in headless chromium and measures:

- ``open``: from ``page.goto`` until the page has parsed its data and drawn the summary, the charts and
  the first page of the table (``body[data-ready]``), measured in Python (wall clock);
- ``in-page``: ``performance.now()`` at that moment (navigation start to first render, in the page);
- ``filter`` and ``drill-down``: choosing an outcome filter, and clicking a row until its detail shows.

Budget (the issue): under 3 s to open a 10,000-question report. Sources (question sets, documents) are
not loaded: the synthetic questions have none, so the page carries answers and diagnostics only.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmark.compare import compare_outcomes
from benchmark.report.html import render_comparison_html, render_run_html, write_html
from benchmark.sweep import outcomes_of

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
    "--disable-dev-shm-usage",
]  # fmt: skip
TYPES = ("fact_exact", "evidence_set", "conflict_gap")


def entry(rng: random.Random, i: int, skill: float) -> dict[str, Any]:
    qtype = TYPES[i % 3]
    hit = rng.random() < skill
    cite = rng.random() < skill
    score = round(0.7 * hit + 0.3 * cite, 6)
    amount = rng.randint(1, 99) * 1000
    components: dict[str, dict[str, Any]] = {
        "exact_match": {"score": float(hit), "weight": 0.7, "status": "match" if hit else "mismatch",
                        "expected": {"amount_total": amount}, "extracted": {"amount_total": [amount if hit else amount + 500]},
                        "reason": "every expected field matches" if hit else "amount_total: mismatch"},
        "citation": {"score": float(cite), "weight": 0.3, "status": "match" if cite else "mismatch",
                     "expected": {"pages": [2]}, "extracted": {"pages": [2 if cite else 5]}, "reason": "page check"},
    }  # fmt: skip
    return {
        "id": f"{qtype[:2]}_{i:05d}",
        "type": qtype,
        "set": "synthetic.json",
        "outcome": "PASS" if score >= 0.7 else "FAIL",
        "score": score,
        "components": {k: v["score"] for k, v in components.items()},
        "details": {
            "components": components,
            "values": {
                "amount": {
                    "source": "answer",
                    "found": [{"kind": "amount", "value": amount, "raw": f"{amount}元", "definite": True}],
                }
            },
            "citation": {
                "citation_provided": True,
                "citation_correct": cite,
                "citations": [
                    {
                        "source": "citation",
                        "page": 2,
                        "lines": "40-42",
                        "quote": "借款人民币四万二千元整",
                        "correct": cite,
                        "reason": "page 2 holds required evidence",
                    }
                ],
            },
        },
        "answer": {
            "answer": f"根据笔录第2页，被告于2020年8月{1 + i % 28}日向原告借款人民币{amount}元，约定一年后归还。",
            "citations": [{"page": 2, "lines": "40-42", "quote": "借款人民币四万二千元整"}],
            "evidence": [],
            "fields": {},
        },
        "latency_ms": rng.randint(100, 3000),
        "skip_reason": None,
    }


def report(run: int, n: int) -> dict[str, Any]:
    rng = random.Random(run)
    questions = [entry(rng, i, 0.75 + 0.02 * run) for i in range(n)]
    passed = sum(q["outcome"] == "PASS" for q in questions)
    score = round(sum(q["score"] for q in questions) / n, 6)
    by_type = {}
    for t in TYPES:
        qs = [q for q in questions if q["type"] == t]
        p = sum(q["outcome"] == "PASS" for q in qs)
        by_type[t] = {"total": len(qs), "passed": p, "failed": len(qs) - p, "skipped": 0,
                      "score": round(sum(q["score"] for q in qs) / len(qs), 6), "coverage": 1.0}  # fmt: skip
    summary = {"total": n, "passed": passed, "failed": n - passed, "skipped": 0, "resolved": n, "score": score,
               "pass_rate": round(passed / n, 6), "coverage": 1.0, "by_type": by_type}  # fmt: skip
    return {"run_id": f"20260101T00000{run}Z-00000{run}", "label": f"run-{run}", "adapter": {"name": f"variant-{run}"},
            "started_at": "2026-01-01T00:00:00Z", "summary": summary, "questions": questions}  # fmt: skip


def measure(browser: Any, path: Path) -> dict[str, float]:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    t0 = time.perf_counter()
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    opened = time.perf_counter() - t0
    in_page = float(page.get_attribute("body", "data-ready-ms") or 0) / 1000
    t0 = time.perf_counter()
    page.select_option("[data-testid=filter-outcome]", "FAIL")
    page.locator("#qbody tr.q").first.wait_for()
    filtered = time.perf_counter() - t0
    t0 = time.perf_counter()
    page.locator("#qbody tr.q").first.click()
    page.locator("[data-testid=detail-title]").wait_for()
    drill = time.perf_counter() - t0
    page.close()
    return {"open": opened, "in-page": in_page, "filter": filtered, "drill-down": drill}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--keep", action="store_true", help="Keep the generated pages.")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="lrb-html-"))
    a, b = report(0, args.questions), report(1, args.questions)
    t0 = time.perf_counter()
    run_page = write_html(folder / "run.html", render_run_html(a, load_sources=False))
    render_run = time.perf_counter() - t0
    comparison = compare_outcomes(a["run_id"], outcomes_of(a), b["run_id"], outcomes_of(b)).to_dict()
    t0 = time.perf_counter()
    cmp_page = write_html(
        folder / "compare.html", render_comparison_html([a, b], [comparison], load_sources=False)
    )
    render_cmp = time.perf_counter() - t0
    print(
        f"{args.questions} questions; written in {folder}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )
    print(f"run page {run_page.stat().st_size / 1e6:.1f} MB (rendered in {render_run:.2f} s), "
          f"comparison page {cmp_page.stat().st_size / 1e6:.1f} MB (rendered in {render_cmp:.2f} s)\n")  # fmt: skip
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        print("| page | open s (median) | open s (max) | in-page first render s | filter s | drill-down s |")
        print("|---|---|---|---|---|---|")
        for name, path in (("run", run_page), ("comparison", cmp_page)):
            rows = [measure(browser, path) for _ in range(args.repeats)]
            med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
            worst = max(r["open"] for r in rows)
            print(
                f"| {name} | {med['open']:.2f} | {worst:.2f} | {med['in-page']:.2f} | {med['filter']:.2f} | {med['drill-down']:.2f} |"
            )
        browser.close()
    if not args.keep:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
