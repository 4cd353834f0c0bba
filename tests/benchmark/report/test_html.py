"""The HTML report without a browser: escaping, self-containment, the CSP, and the data it embeds."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from benchmark.report.html import (
    _asset,
    embed_json,
    render_comparison_html,
    render_run_html,
    run_view,
    write_html,
)
from tests.benchmark.report.casekit import HOSTILE, HOSTILE_QUESTION, Case, make_case, run_case

SVG_NAMESPACE = "http://www.w3.org/2000/svg"  # an identifier in the script, never fetched
DATA_RE = re.compile(r'<script type="application/json" id="lrb-data">(.*?)</script>', re.S)


@pytest.fixture(scope="module")
def case(tmp_path_factory: pytest.TempPathFactory) -> Case:
    return make_case(tmp_path_factory.mktemp("html"))


@pytest.fixture(scope="module")
def reports(case: Case) -> tuple[dict[str, Any], dict[str, Any]]:
    return run_case(case, case.replay_a, "A"), run_case(case, case.replay_b, "B")


def embedded(page: str) -> dict[str, Any]:
    match = DATA_RE.search(page)
    assert match is not None
    data: dict[str, Any] = json.loads(match.group(1))
    return data


@pytest.mark.parametrize(
    "text",
    [HOSTILE, "</script><script>alert(1)</script>", "<!--", "a & b > c", "\u2028\u2029", "</SCRIPT >"],
)
def test_embedded_json_cannot_end_its_script_element(text: str) -> None:
    out = embed_json({"answer": text, "nested": [text]})
    assert "<" not in out and ">" not in out and "&" not in out
    assert "\u2028" not in out and "\u2029" not in out
    assert json.loads(out) == {"answer": text, "nested": [text]}


def test_hostile_answer_and_question_only_appear_escaped(
    reports: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    page = render_run_html(reports[0])
    assert HOSTILE not in page and HOSTILE_QUESTION not in page
    assert "window.__pwned" in page  # present, but only inside the escaped JSON
    assert page.count("<script") == 2  # the data element and the page's own script, nothing else
    data = embedded(page)
    by_id = {q["id"]: q for q in data["questions"]}
    assert by_id["hc_002"]["r"][0]["a"]["answer"] == HOSTILE
    assert by_id["hc_003"]["question"] == HOSTILE_QUESTION


def test_hostile_label_is_escaped_in_the_title(reports: tuple[dict[str, Any], dict[str, Any]]) -> None:
    page = render_run_html({**reports[0], "label": "</title><script>window.__pwned=9</script>"})
    assert "<title>Run &lt;/title&gt;&lt;script&gt;" in page
    assert page.count("<script") == 2


def test_page_is_self_contained(reports: tuple[dict[str, Any], dict[str, Any]]) -> None:
    page = render_comparison_html(list(reports), [])
    chrome = DATA_RE.sub("", page)  # the page without its (inert, escaped) data
    urls = set(re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}[^\s\"'<>)]*", chrome))
    assert urls <= {SVG_NAMESPACE}, urls
    for needle in ("<link", "@import", "url(", " src=", " href=", "<iframe", "<object", "<embed", "<base"):
        assert needle not in chrome, needle


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_csp_allows_only_the_page_own_script_and_style(
    reports: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    page = render_run_html(reports[0])
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert csp is not None
    policy = dict(p.strip().split(" ", 1) for p in csp.group(1).split(";"))
    assert policy["default-src"] == "'none'" and policy["connect-src"] == "'none'"
    script = re.search(r"<script>(.*?)</script>", page, re.S)
    style = re.search(r"<style>(.*?)</style>", page, re.S)
    assert script is not None and style is not None
    assert policy["script-src"] == _hash(script.group(1)) and policy["style-src"] == _hash(style.group(1))
    assert "unsafe" not in csp.group(1)


def test_script_never_writes_markup() -> None:
    js = _asset("report.js")
    for banned in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function",
                   "setAttribute('style'", "setAttribute('on", "</script", "fetch(", "XMLHttpRequest"):  # fmt: skip
        assert banned not in js, banned


def test_drill_down_data_has_gold_lines_and_highlights(
    reports: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    view = run_view(reports[0])
    q = next(q for q in view["questions"] if q["id"] == "hc_001")
    assert q["question"] == "被告借款金额是多少？" and q["expected"] == {"amount_total": 42000}
    assert q["required"] == [{"page": 2, "text": "被告向原告借款人民币42000元", "critical": True}]
    assert q["req_lines"] == [7] and q["found"] == [0]
    lines = view["docs"][q["doc"]]["lines"]
    text = lines["7"][1]
    (start, end), = q["marks"]["7"]  # fmt: skip
    assert text[start:end] == "被告向原告借款人民币42000元"
    assert q["r"][0]["cl"] == [7]  # cited by line number
    quoted = next(q for q in view["questions"] if q["id"] == "hc_002")
    assert quoted["r"][0]["cl"] == [8]  # cited by a quote: located in the document
    assert lines["8"] == [2, "约定还款日期为2021年3月31日。"]


def test_components_and_skips_are_carried(reports: tuple[dict[str, Any], dict[str, Any]]) -> None:
    view = run_view(reports[0])
    by_id = {q["id"]: q["r"][0] for q in view["questions"]}
    assert set(by_id["hc_003"]["d"]["components"]) == {"exact_match", "citation"}
    assert by_id["hc_003"]["o"] == "FAIL" and by_id["hc_004"]["o"] == "SKIP" and by_id["hc_004"]["skip"]
    assert view["runs"][0]["summary"] == reports[0]["summary"]


def test_missing_sources_still_render_with_a_note(reports: tuple[dict[str, Any], dict[str, Any]]) -> None:
    report = json.loads(json.dumps(reports[0]))
    for d in report["datasets"]:
        d["path"] = "/nonexistent/questions.json"
    data = embedded(render_run_html(report))
    assert any("not found" in n for n in data["notes"])
    texts = {q["id"]: q["question"] for q in report["questions"]}  # the report carries the question text
    assert all(q["question"] == texts[q["id"]] and "doc" not in q for q in data["questions"])


def test_changed_set_is_noted(reports: tuple[dict[str, Any], dict[str, Any]]) -> None:
    report = json.loads(json.dumps(reports[0]))
    report["datasets"][0]["sha256"] = "0" * 64
    assert any("changed since the run" in n for n in embedded(render_run_html(report))["notes"])


def test_comparison_pairs_questions_by_id(reports: tuple[dict[str, Any], dict[str, Any]]) -> None:
    a, b = reports
    b = {**b, "questions": [q for q in b["questions"] if q["id"] != "hc_002"]}
    data = embedded(render_comparison_html([a, b], [{"run_a": a["run_id"], "run_b": b["run_id"]}]))
    assert data["kind"] == "comparison" and [r["label"] for r in data["runs"]] == ["A", "B"]
    rows = {q["id"]: [None if e is None else e["o"] for e in q["r"]] for q in data["questions"]}
    assert rows == {"hc_001": ["PASS", "FAIL"], "hc_002": ["PASS", None], "hc_003": ["FAIL", "PASS"],
                    "hc_004": ["SKIP", "PASS"]}  # fmt: skip


def test_rendering_is_deterministic(reports: tuple[dict[str, Any], dict[str, Any]]) -> None:
    assert render_run_html(reports[0]) == render_run_html(reports[0])


def test_write_html_refuses_an_unwritable_path(tmp_path: Path) -> None:
    from benchmark.errors import StoreError

    (tmp_path / "file").write_text("x")
    with pytest.raises(StoreError, match="cannot write the HTML report"):
        write_html(tmp_path / "file" / "report.html", "<html></html>")


# --- plain words and two languages -----------------------------------------------------------------

ASSETS = Path(__file__).resolve().parents[3] / "benchmark" / "report" / "assets"


def _i18n_keys(block: str) -> set[str]:
    return {k.strip().strip("'") for k in re.findall(r"(?:^|[\s,{])('[^']+'|[A-Za-z_0-9]+):\s*'", block)}


def test_every_interface_string_exists_in_both_languages() -> None:
    script = (ASSETS / "report.js").read_text(encoding="utf-8")
    strings = (ASSETS / "i18n.js").read_text(encoding="utf-8")
    en, zh = strings[strings.index("en: {") : strings.index("zh: {")], strings[strings.index("zh: {") :]
    used = set(re.findall(r"\bt\('([A-Za-z_0-9]+)'", script)) - {"o_", "v_"}
    used |= {f"o_{o}" for o in ("PASS", "FAIL", "SKIP", "ERROR")} | {"v_better", "v_worse", "v_within noise"}
    assert used - _i18n_keys(en) == set()
    assert _i18n_keys(en) == _i18n_keys(zh)


def test_each_answer_carries_its_components_in_plain_words_in_both_languages(
    reports: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    data = embedded(render_run_html(reports[0]))
    assert data["lang"] == "zh"  # the questions are Chinese
    by_id = {q["id"]: q["r"][0] for q in data["questions"]}
    failed = by_id["hc_003"]["pl"]
    assert [i["component"] for i in failed["en"]] == [i["component"] for i in failed["zh"]]
    assert failed["en"][0]["why"] == "the answer does not contain “甲木科技有限公司”"
    assert failed["zh"][0]["why"] == "回答中没有“甲木科技有限公司”"
    assert by_id["hc_004"]["pl"] is None  # skipped: nothing was scored


def test_the_first_language_follows_the_questions() -> None:
    from benchmark.report.html import content_language

    assert content_language(["借款金额是多少？", "What is the amount?", "还款日期？"]) == "zh"
    assert content_language(["What is the amount?", "When was it repaid?", "借款？"]) == "en"
    assert content_language([]) == "en"
