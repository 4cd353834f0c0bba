"""JUnit XML: one test case per question, classname = type, failure message = the reviewer note."""

from __future__ import annotations

from xml.etree import ElementTree as ET

from benchmark.report.json_report import build_report
from benchmark.report.junit import render_junit
from tests.benchmark.report.sample import sample_record


def parse() -> ET.Element:
    return ET.fromstring(render_junit(build_report(sample_record())).encode("utf-8"))


def test_one_case_per_question_grouped_by_type() -> None:
    root = parse()
    assert root.tag == "testsuites"
    assert (root.get("tests"), root.get("failures"), root.get("skipped")) == ("4", "2", "1")
    cases = root.findall(".//testcase")
    assert [(c.get("classname"), c.get("name")) for c in cases] == [
        ("conflict_gap", "g1"),
        ("conflict_gap", "g2"),
        ("fact_exact", "f1"),
        ("fact_exact", "f2"),
    ]
    assert cases[2].get("time") == "0.120"


def test_failure_message_is_the_reviewer_note_and_skips_carry_the_reason() -> None:
    cases = {c.get("name"): c for c in parse().findall(".//testcase")}
    failure = cases["f2"].find("failure")
    assert failure is not None
    assert failure.get("message", "").startswith(
        "exact_match 0.00 [mismatch] expected 42000, extracted [40000]"
    )
    assert "citation 0.00" in failure.get("message", "")
    skipped = cases["g2"].find("skipped")
    assert skipped is not None and skipped.get("message") == "timeout after 60s"
    assert cases["f1"].find("failure") is None and cases["f1"].find("skipped") is None


def test_xml_escapes_and_keeps_chinese() -> None:
    text = render_junit(build_report(sample_record()))
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    assert "的金额" not in text  # question text is not part of the case
    assert "phone number not in the document" in text


def test_characters_xml_cannot_hold_are_replaced() -> None:
    """An answer or id may hold control characters; ElementTree writes them as they are (not XML)."""
    record = sample_record()
    record.results[1].answer = None
    record.results[3].skip_reason = "bad \x00 byte \x1b[31m and \x0b"
    text = render_junit(build_report(record))
    skipped = ET.fromstring(text.encode("utf-8")).find(".//testcase[@name='g2']/skipped")
    assert skipped is not None and skipped.get("message") == "bad \ufffd byte \ufffd[31m and \ufffd"
