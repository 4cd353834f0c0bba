"""The HTML report of a case file in a real browser (Debian's chromium via Playwright, as
test_html_report.py): retrieval metrics per type, the filter by document, and the drill-down that shows
each document's lines with what was required there and what the answer cited."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from benchmark.api import run
from benchmark.report.html import render_comparison_html, render_run_html, write_html
from benchmark.report.json_report import build_report
from tests.browser import test_html_report as base
from tests.browser.test_html_report import f3, shown_ids, text

pytestmark = pytest.mark.browser
browser, open_page = base.browser, base.open_page  # the same fixtures (chromium, the network guard)

CASE = Path(__file__).resolve().parents[1] / "fixtures" / "case_mini" / "questions.json"


@pytest.fixture(scope="module")
def reports() -> dict[str, dict[str, Any]]:
    return {
        name: build_report(run(CASE, name, output_dir=None, cache_path=None, store_path=None))
        for name in ("oracle", "baseline")
    }


def test_case_run_report(reports: dict[str, dict[str, Any]], open_page: Any, tmp_path: Path) -> None:
    report = reports["baseline"]
    page, _ = open_page(write_html(tmp_path / "case.html", render_run_html(report)))

    s = report["summary"]
    for qtype, counts in s["by_type"].items():
        for metric in ("hit", "recall", "mrr", "ndcg", "foreign_rate"):
            shown = text(page, f"[data-testid=retrieval-row-{qtype}] [data-col={metric}]")
            assert shown == f3(counts["retrieval"][metric])
    assert text(page, "[data-testid=retrieval-row-all] [data-col=recall]") == f3(s["retrieval"]["recall"])

    # a cross-document question: both documents' lines, each with the required line marked
    page.click("#qbody tr.q[data-id=mini_conflict_001]")
    for doc_id, line in (("xunwen-1", "10"), ("xunwen-2", "10")):
        block = page.locator(f"[data-testid=case-doc-{doc_id}]")
        expect(block.locator(f"tr.req[data-line='{line}']")).to_have_count(1)
        assert block.locator("tr.req mark").count() >= 1
    answer = next(q for q in report["questions"] if q["id"] == "mini_conflict_001")["answer"]
    cited_doc = answer["citations"][0]["doc"]
    cited_line = answer["citations"][0]["lines"].split("-")[0]
    expect(
        page.locator(f"[data-testid=case-doc-{cited_doc}] tr.cited[data-line='{cited_line}']")
    ).to_have_count(1)
    assert page.locator("[data-testid=retrieval-ranks-0] tbody tr").count() == 5


def test_case_wrong_document_shows_in_citation_checks(
    reports: dict[str, dict[str, Any]], open_page: Any, tmp_path: Path
) -> None:
    report = json.loads(json.dumps(reports["oracle"]))
    page, _ = open_page(write_html(tmp_path / "oracle.html", render_run_html(report)))
    page.click("#qbody tr.q[data-id=mini_fact_001]")
    # the filter by document: questions whose evidence is in (or whose answer cites) the bank statement
    page.select_option("[data-testid=filter-document]", "liushui")
    assert shown_ids(page) == ["mini_fact_003"]
    page.select_option("[data-testid=filter-document]", "xunwen-2")
    assert shown_ids(page) == ["mini_fact_001", "mini_evidence_001", "mini_conflict_001", "mini_conflict_002"]
    page.select_option("[data-testid=filter-document]", "")
    checks = page.locator("[data-testid=citation-checks]")
    heads = [h.strip() for h in checks.locator("th").all_inner_texts()]
    assert heads[1] in ("Document", "文书")  # the document each citation was checked in (either language)
    assert "xunwen-2" in checks.inner_text()
    shown = text(page, "[data-testid=required]")
    assert re.match(r"xunwen-2 (p\.1|第1页)", shown)  # the document, then the page


def test_case_comparison_shows_retrieval_deltas(
    reports: dict[str, dict[str, Any]], open_page: Any, tmp_path: Path
) -> None:
    from benchmark.compare import compare_outcomes
    from benchmark.sweep import outcomes_of, retrieval_of

    a, b = reports["oracle"], reports["baseline"]
    c = compare_outcomes("oracle", outcomes_of(a), "baseline", outcomes_of(b), resamples=200,
                         retrieval=(retrieval_of(a), retrieval_of(b)))  # fmt: skip
    html = render_comparison_html([{**a, "label": "oracle"}, {**b, "label": "baseline"}], [c.to_dict()])
    page, _ = open_page(write_html(tmp_path / "cmp.html", html))
    recall = next(d for d in c.retrieval if d.metric == "recall" and d.type == "overall")
    row = page.locator("[data-testid=retrieval-delta-recall-overall] td")
    assert row.nth(3).inner_text() == f3(recall.mean_a) == "1.000"
    assert row.nth(4).inner_text() == f3(recall.mean_b)
