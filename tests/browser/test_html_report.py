"""The HTML reports in a real browser: Debian's chromium driven by Playwright (never a downloaded browser).

Each test opens a generated file, checks the numbers shown against report.json or the comparison JSON,
clicks a filter and a drill-down, checks that a hostile answer did not execute, and saves a screenshot
(with LRB_UPDATE_SCREENSHOTS=1 a copy of each goes to docs/img/ for the docs). Every request that is not file:, data: or loopback is
blocked and fails the test; so does any console error (a CSP violation included) or dialog.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect, sync_playwright

from benchmark.report.html import render_run_html, write_html
from benchmark.rundir import RunDir
from tests.benchmark.report.casekit import HOSTILE, HOSTILE_QUESTION, Case, make_case, run_case

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
    "--disable-dev-shm-usage",
]  # fmt: skip
DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


def f3(x: float) -> str:
    """What the page's ``x.toFixed(3)`` shows (JS rounds the exact binary value half up)."""
    return str(Decimal(x).quantize(Decimal("0.001"), ROUND_HALF_UP))


def pct(x: float) -> str:
    return str(Decimal(x * 100).quantize(Decimal("0.1"), ROUND_HALF_UP)) + "%"


def signed(x: float) -> str:
    return "-" + f3(-x) if x < 0 else "+" + f3(x)


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "benchmark", *args], capture_output=True, text=True, timeout=300
    )


@dataclass
class Guard:
    """What the page tried that it must not: outside requests, errors, dialogs."""

    blocked: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def route(self, route: Any) -> None:
        url = route.request.url
        parsed = urlparse(url)
        if parsed.scheme in ("file", "data") or parsed.hostname in LOOPBACK:
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()

    def on_page_error(self, error: Any) -> None:
        self.errors.append(f"pageerror: {error}")

    def on_console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def on_dialog(self, dialog: Any) -> None:
        self.errors.append(f"dialog: {dialog.message}")
        dialog.dismiss()

    def check(self) -> None:
        assert self.blocked == [], f"the page tried to reach the network: {self.blocked}"
        assert self.errors == [], f"console errors, page errors or dialogs: {self.errors}"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (apt-get install chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def open_page(browser: Any) -> Iterator[Any]:
    contexts: list[tuple[Any, Guard]] = []

    def _open(path: Path) -> tuple[Any, Guard]:
        guard = Guard()
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        context.route("**/*", guard.route)
        page = context.new_page()
        page.on("pageerror", guard.on_page_error)
        page.on("console", guard.on_console)
        page.on("dialog", guard.on_dialog)
        page.goto(path.as_uri())
        page.wait_for_selector("body[data-ready='1']", timeout=15_000)
        contexts.append((context, guard))
        return page, guard

    yield _open
    for context, guard in contexts:
        context.close()
        guard.check()


@pytest.fixture(scope="module")
def case(tmp_path_factory: pytest.TempPathFactory) -> Case:
    case = make_case(tmp_path_factory.mktemp("browser"))
    run_case(case, case.replay_a, "A")
    run_case(case, case.replay_b, "B")
    return case


def screenshot(page: Any, tmp: Path, name: str) -> Path:
    shot = tmp / name
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    publish(shot, name)
    return shot


def publish(shot: Path, name: str) -> None:
    """Refresh docs/img/ only when asked (LRB_UPDATE_SCREENSHOTS=1): a test run leaves the checkout as it was."""
    if os.environ.get("LRB_UPDATE_SCREENSHOTS") == "1":
        DOCS_IMG.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, DOCS_IMG / name)


def text(page: Any, selector: str) -> str:
    return str(page.locator(selector).first.inner_text()).strip()


def shown_ids(page: Any) -> list[str]:
    return [str(x) for x in page.locator("#qbody tr.q").evaluate_all("rows => rows.map(r => r.dataset.id)")]


def english(page: Any) -> None:
    """Switch the interface to English (the bundled content is Chinese, so the page opens in Chinese)."""
    page.click("[data-testid=lang-en]")
    expect(page.locator("body")).to_have_attribute("data-lang", "en")


def failures_first(entries: list[dict[str, Any]]) -> list[str]:
    """The run page's default order: FAIL (lowest score first), then SKIP, then PASS, else set order."""
    rank = {"FAIL": 0, "ERROR": 0, "SKIP": 1, "PASS": 2}
    keyed = [
        (rank.get(q["outcome"], 1), q["score"] if q["score"] is not None else 2, i)
        for i, q in enumerate(entries)
    ]
    return [entries[i]["id"] for _, _, i in sorted(keyed)]


LAYOUT_PROBLEMS = r"""() => {
  const out = [];
  for (const s of document.querySelectorAll('svg.chart')) {
    const w = s.width.baseVal.value;
    for (const t of s.querySelectorAll('text')) {
      const b = t.getBBox();
      if (b.x < -0.5 || b.x + b.width > w + 0.5) out.push('chart label cut: ' + t.textContent);
    }
  }
  for (const c of document.querySelectorAll('td.num, td.nowrap, th, td.val, .badge')) {
    const words = c.textContent.trim().split(/\s+/);
    // values: dates, amounts and pages (Chinese text may wrap between any two characters)
    if (!words[0] || (c.classList.contains('val') && (/[\u2e80-\uffff]/.test(c.textContent.replace(/元/g, ''))
        || words.some(w => w.length > 24)))) continue;
    const range = document.createRange();
    range.selectNodeContents(c);
    const tops = Array.from(range.getClientRects()).map(r => Math.round(r.top));
    const lines = new Set(tops).size;
    // a value may wrap between its words, never inside one (a date, an amount, a page)
    if (lines > (c.classList.contains('val') ? words.length : 1)) out.push('wrapped: ' + c.textContent);
  }
  return out;
}"""


def assert_layout_fits(page: Any) -> None:
    """Chart labels inside their chart, numbers and short cells on one line (no "102/135 pas", no "4120/0")."""
    assert page.evaluate(LAYOUT_PROBLEMS) == []


def assert_not_executed(page: Any) -> None:
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert page.locator("#app img, #app script, #app iframe").count() == 0
    assert page.locator("script").count() == 2


def test_run_report(case: Case, open_page: Any, tmp_path: Path) -> None:
    reports = [
        RunDir(d).read_report() for d in sorted(case.output.iterdir()) if (d / "report.json").is_file()
    ]
    report = next(r for r in reports if r["adapter"]["name"].endswith("a.jsonl"))  # run A's report.json
    page_path = write_html(tmp_path / "run.html", render_run_html(report))
    page, guard = open_page(page_path)

    s = report["summary"]
    assert text(page, "[data-testid=summary-score] .v") == f3(s["score"])
    assert text(page, "[data-testid=summary-pass-rate] .v") == pct(s["pass_rate"])
    assert text(page, "[data-testid=summary-coverage] .v") == pct(s["coverage"])
    for key in ("passed", "failed", "skipped", "total"):
        assert text(page, f"[data-testid=summary-{key}] .v") == str(s[key])
    for qtype, t in s["by_type"].items():
        row = f"[data-testid=type-row-{qtype}]"
        assert text(page, f"{row} [data-col=score]") == f3(t["score"])
        assert text(page, f"{row} [data-col=passed]") == str(t["passed"])
    assert shown_ids(page) == failures_first(report["questions"])  # failures first
    assert shown_ids(page)[0] == "hc_003"

    page.select_option("[data-testid=filter-outcome]", "FAIL")
    failed = [q["id"] for q in report["questions"] if q["outcome"] == "FAIL"]
    assert shown_ids(page) == failed
    assert text(page, "[data-testid=match-count]") == f"{len(report['questions'])} 道题中 {len(failed)} 道"
    page.select_option("[data-testid=filter-outcome]", "")
    page.fill("[data-testid=search]", "丙火")  # the search covers answers too
    expect(page.locator("[data-testid=match-count]")).to_have_text(f"{len(report['questions'])} 道题中 1 道")
    assert shown_ids(page) == ["hc_003"]
    page.fill("[data-testid=search]", "hc_002")
    expect(page.locator("#qbody tr.q")).to_have_count(1)

    page.click("#qbody tr.q[data-id=hc_002]")
    assert page.locator("[data-testid=answer-0]").inner_text() == HOSTILE
    assert_not_executed(page)

    page.fill("[data-testid=search]", "")
    expect(page.locator("#qbody tr.q")).to_have_count(4)
    page.click("#qbody tr.q[data-id=hc_001]")
    entry = next(q for q in report["questions"] if q["id"] == "hc_001")
    assert text(page, "[data-testid=detail-question]") == "被告借款金额是多少？"
    for name, score in entry["components"].items():
        assert text(page, f"[data-testid=components] tr[data-component={name}] td:nth-child(2)") == f3(score)
    assert page.locator("[data-testid=doc-lines] mark").all_inner_texts() == ["被告向原告借款人民币42000元"]
    assert page.locator("[data-testid=doc-lines] tr.req.cited[data-line='7']").count() == 1

    page.click("#qbody tr.q[data-id=hc_003]")
    assert text(page, "[data-testid=detail-question]") == HOSTILE_QUESTION
    assert_not_executed(page)
    # the failure in plain words, in Chinese first: expected, read, why; never a JSON dict
    row = "[data-testid=components] tr[data-component=exact_match]"
    assert page.locator(row + " td").all_inner_texts() == [
        "名称",
        "0.000",
        "0.70",
        "“甲木科技有限公司”",
        "无",
        "回答中没有“甲木科技有限公司”",
    ]
    assert text(page, "#qbody tr.q[data-id=hc_003] [data-col=why]").startswith(
        "名称：回答中没有“甲木科技有限公司”"
    )
    assert "{" not in page.locator("[data-testid=components]").inner_text()
    assert_layout_fits(page)
    screenshot(page, tmp_path, "report-run-zh.png")
    english(page)
    assert text(page, "[data-testid=title]").startswith("Run report: ")
    assert text(page, "[data-testid=detail-question]") == HOSTILE_QUESTION  # the open question stays open
    assert page.locator(row + " td").all_inner_texts() == [
        "name",
        "0.000",
        "0.70",
        "“甲木科技有限公司”",
        "nothing",
        "the answer does not contain “甲木科技有限公司”",
    ]
    assert text(page, "[data-testid=match-count]") == f"4 of {len(report['questions'])} questions"
    assert_layout_fits(page)
    assert_not_executed(page)
    screenshot(page, tmp_path, "report-run.png")
    page.reload()  # the choice is remembered
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("body").get_attribute("data-lang") == "en"
    guard.check()


def test_the_run_page_fits_a_narrow_window(case: Case, browser: Any, tmp_path: Path) -> None:
    """At 800 pixels: tables scroll instead of squeezing numbers onto two lines; labels stay whole."""
    report = next(
        RunDir(d).read_report() for d in sorted(case.output.iterdir()) if (d / "report.json").is_file()
    )
    page_path = write_html(tmp_path / "run.html", render_run_html(report))
    context = browser.new_context(viewport={"width": 800, "height": 900})
    guard = Guard()
    context.route("**/*", guard.route)
    page = context.new_page()
    page.on("pageerror", guard.on_page_error)
    page.goto(page_path.as_uri())
    page.wait_for_selector("body[data-ready='1']")
    page.click("#qbody tr.q[data-id=hc_001]")
    assert_layout_fits(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 800
    screenshot(page, tmp_path, "report-run-narrow.png")
    context.close()
    guard.check()


def test_comparison_report(case: Case, open_page: Any, tmp_path: Path) -> None:
    html = tmp_path / "compare.html"
    done = cli("compare", "A", "B", "--store", str(case.store), "--json", "--html", str(html))
    assert done.returncode == 0, done.stderr
    c = json.loads(done.stdout)["comparisons"][0]
    page, guard = open_page(html)
    assert_layout_fits(page)
    english(page)

    o = c["overall"]
    row = "[data-testid=cmp-overall]"
    assert text(page, f"{row} [data-col=score_a]") == f3(o["score_a"])
    assert text(page, f"{row} [data-col=score_b]") == f3(o["score_b"])
    assert text(page, f"{row} [data-col=delta]") == signed(o["delta"])
    ci = o["bootstrap"]
    assert text(page, f"{row} [data-col=ci]") == f"[{signed(ci['ci_low'])}, {signed(ci['ci_high'])}]"
    assert text(page, f"{row} [data-col=verdict]") == o["verdict"]
    assert text(page, f"{row} [data-col=pass_to_fail]") == str(o["mcnemar"]["pass_to_fail"])
    assert o["verdict"] in text(page, "[data-testid=headline]").lower()

    page.click("[data-testid=show-p2f]")
    p2f = sorted(f["id"] for f in c["flips"] if f["a"] == "PASS" and f["b"] == "FAIL")
    assert sorted(shown_ids(page)) == p2f == ["hc_001"]
    page.select_option("[data-testid=filter-change]", "f2p")
    assert shown_ids(page) == ["hc_003"]

    page.click("#qbody tr.q[data-id=hc_003]")
    assert text(page, "[data-testid=answer-0]") == "原告是丙火公司。"
    assert text(page, "[data-testid=answer-1]") == "原告是甲木科技有限公司。"
    assert_layout_fits(page)
    assert_not_executed(page)
    page.select_option("[data-testid=filter-change]", "")
    page.click("#qbody tr.q[data-id=hc_002]")
    assert page.locator("[data-testid=answer-1]").inner_text() == HOSTILE
    assert_layout_fits(page)  # two answers side by side: dates and pages stay whole
    assert_not_executed(page)
    screenshot(page, tmp_path, "report-comparison.png")
    guard.check()


def test_sweep_leaderboard(case: Case, open_page: Any, tmp_path: Path) -> None:
    config = tmp_path / "sweep.toml"
    config.write_text(
        f'[run]\ndataset = ["{case.set_path.as_posix()}"]\nbaseline = "a"\n'
        f'[[variant]]\nname = "a"\nadapter = "replay:{case.replay_a.as_posix()}"\n'
        f'[[variant]]\nname = "b"\nadapter = "replay:{case.replay_b.as_posix()}"\n'
        f'[[variant]]\nname = "a-again"\nadapter = "replay:{case.replay_a.as_posix()}"\n',
        encoding="utf-8",
    )
    html = tmp_path / "sweep.html"
    done = cli("sweep", str(config), "--output", str(tmp_path / "runs"), "--json", "--html", str(html))
    assert done.returncode == 0, done.stderr
    board = json.loads(done.stdout)
    page, guard = open_page(html)
    english(page)

    for r in board["rows"]:
        row = page.locator(f"[data-testid=leaderboard] tr[data-name='{r['name']}']")
        assert row.locator("[data-col=rank]").inner_text() == str(r["rank"])
        assert row.locator("[data-col=score]").inner_text() == f3(r["score"])
        assert row.locator("[data-col=coverage]").inner_text() == pct(r["coverage"])
    other = next(r["name"] for r in board["rows"] if r["name"] != "a")
    page.click(f"[data-testid=leaderboard] tr[data-name='{other}']")
    assert text(page, "[data-testid=comparison] h2").startswith(f"{other} (B) against a (A)")
    page.click("#qbody tr.q[data-id=hc_002]")
    assert_not_executed(page)
    screenshot(page, tmp_path, "report-sweep.png")
    guard.check()


def test_the_guard_blocks_and_reports_outside_requests(browser: Any) -> None:
    """The route guard itself works: a page that reaches out is caught (so a silent page means something)."""
    guard = Guard()
    context = browser.new_context()
    context.route("**/*", guard.route)
    page = context.new_page()
    page.set_content('<img src="http://evil.example/p.png"><img src="http://127.0.0.1:9/ok.png">')
    page.wait_for_timeout(300)
    context.close()
    assert guard.blocked == ["http://evil.example/p.png"]
    with pytest.raises(AssertionError, match="tried to reach the network"):
        guard.check()


def test_example_sweep_over_the_bundled_sets(open_page: Any, tmp_path: Path) -> None:
    """The issue's "done when": examples/sweep.toml (4+ baseline variants) over the bundled sets gives a
    leaderboard and an HTML comparison that states its conclusion in words."""
    example = Path(__file__).resolve().parents[2] / "examples" / "sweep.toml"
    html = tmp_path / "sweep.html"
    done = cli("sweep", str(example), "--output", str(tmp_path / "runs"), "--json", "--html", str(html))
    assert done.returncode == 0, done.stderr
    board = json.loads(done.stdout)
    assert len(board["rows"]) >= 4 and all(r["total"] >= 200 for r in board["rows"])
    page, guard = open_page(html)
    assert_layout_fits(page)
    english(page)
    leader = board["rows"][0]
    summary = text(page, "[data-testid=lb-summary]")
    assert summary.startswith(f"{leader['name']} leads with {f3(leader['score'])}.")
    for r in board["rows"]:
        row = page.locator(f"[data-testid=leaderboard] tr[data-name='{r['name']}']")
        assert row.locator("[data-col=score]").inner_text() == f3(r["score"])
        verdict = r["vs_baseline"]["verdict"] if r["vs_baseline"] else "(baseline)"
        assert row.locator("[data-col=vs_baseline]").inner_text().startswith(verdict)
    # the top of the page: what a newcomer sees first
    page.screenshot(path=str(tmp_path / "sweep-example.png"))
    publish(tmp_path / "sweep-example.png", "sweep-example.png")
    guard.check()


def test_an_errored_question_is_counted_filtered_and_explained(open_page: Any, tmp_path: Path) -> None:
    from benchmark.report.json_report import build_report
    from tests.benchmark.report.sample import ERROR_TEXT, errored_record

    report = build_report(errored_record())
    page, _ = open_page(write_html(tmp_path / "errored.html", render_run_html(report)))
    assert text(page, "[data-testid=summary-errored] .v") == "1"
    page.select_option("[data-testid=filter-outcome]", "ERROR")
    assert shown_ids(page) == ["f3"]
    page.click("#qbody tr.q[data-id=f3]")
    assert text(page, "[data-testid=scorer-error-0]") == f"评分出错：{ERROR_TEXT}"
    english(page)
    page.click("#qbody tr.q[data-id=f3]")
    assert text(page, "[data-testid=scorer-error-0]") == f"the scorer raised {ERROR_TEXT}"


def test_the_layout_check_finds_cut_labels_and_wrapped_numbers(browser: Any) -> None:
    """The check itself works: a label past its chart's edge and a number on two lines are caught."""
    context = browser.new_context()
    page = context.new_page()
    page.set_content(
        '<svg class="chart" width="100" height="20"><text x="60" y="15">102/135 passed</text></svg>'
        '<table><tr><td class="num" style="width:1px;white-space:normal">4120 /0</td></tr></table>'
    )
    problems = page.evaluate(LAYOUT_PROBLEMS)
    context.close()
    assert problems == ["chart label cut: 102/135 passed", "wrapped: 4120 /0"]


def test_a_stopped_run_and_answer_key_warnings_are_shown(case: Case, open_page: Any, tmp_path: Path) -> None:
    report = next(
        RunDir(d).read_report() for d in sorted(case.output.iterdir()) if (d / "report.json").is_file()
    )
    report["status"], report["stop_reason"] = "stopped", "cannot reach the system: refused"
    report["warnings"] = ["answers carry an unknown key 'citatons'"]
    page, guard = open_page(write_html(tmp_path / "stopped.html", render_run_html(report)))
    assert (
        text(page, "[data-testid=stopped]")
        == "本次运行在评分前已停止：cannot reach the system: refused。其中的数字不是得分。"
    )
    assert "警告：answers carry an unknown key 'citatons'" in text(page, "[data-testid=notes]")
    english(page)
    assert text(page, "[data-testid=stopped]").startswith("This run was stopped before it was scored")
    guard.check()


def test_run_report_shows_set_gates(open_page: Any, tmp_path: Path) -> None:
    seed_gaps = Path(__file__).resolve().parents[1] / "fixtures" / "seed_bank" / "conflict_gap.json"
    out = tmp_path / "runs"
    r = cli("run", "--dataset", str(seed_gaps), "--adapter", "refuse", "--output", str(out), "--no-cache")
    assert r.returncode == 1, r.stdout + r.stderr
    (run_dir,) = [d for d in out.iterdir() if (d / "report.html").is_file()]
    page, _ = open_page(run_dir / "report.html")
    gates = RunDir(run_dir).read_report()["summary"]["gates"]
    (entry,) = gates.values()
    for name, m in entry["gates"].items():
        row = f"[data-testid=gate-row-{name}]"
        assert text(page, f"{row} [data-col=held]") == ("FAILED" if m["held"] is False else "held")
        assert text(page, f"{row} [data-col=rate]") == f"{f3(m['rate'])} ({m['counted']}/{m['measured']})"
        assert text(page, f"{row} [data-col=set-verdict]") == "FAIL"
    assert text(page, "[data-testid=gate-row-quote_inclusion_rate] [data-col=threshold]") == "≥ 1.000"
    assert text(page, "[data-testid=gate-row-hallucination_rate] [data-col=threshold]") == "≤ 0.000"
