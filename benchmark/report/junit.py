"""JUnit XML: one test suite per question type, one test case per question (and trial).

``classname`` is the question type, ``name`` the question id; a FAIL is a ``<failure>`` whose message is
the reviewer note, a SKIP a ``<skipped>`` with its reason, an ERROR (the scorer raised) an ``<error>``
with the exception's one-line summary. CI systems show these like unit tests.
"""

from __future__ import annotations

import re
from typing import Any
from xml.etree import ElementTree as ET

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _seconds(latency_ms: Any) -> str:
    return f"{(latency_ms or 0) / 1000:.3f}"


def _case(q: dict[str, Any]) -> ET.Element:
    from benchmark.report.notes import reviewer_note

    name = q["id"] if not q.get("trial") else f"{q['id']}[trial {q['trial']}]"
    case = ET.Element("testcase", classname=q["type"], name=name, time=_seconds(q.get("latency_ms")))
    if q["outcome"] == "FAIL":
        failure = ET.SubElement(case, "failure", message=reviewer_note(q), type="FAIL")
        failure.text = f"score {q.get('score') or 0.0:.4f}\n" + "\n".join(
            f"{k}: {v}" for k, v in sorted((q.get("components") or {}).items())
        )
    elif q["outcome"] == "SKIP":
        ET.SubElement(case, "skipped", message=q.get("skip_reason") or "no answer")
    elif q["outcome"] == "ERROR":
        error = ET.SubElement(case, "error", message=q.get("error") or "the scorer raised", type="ERROR")
        error.text = f"the scorer raised {q.get('error') or 'an exception'} scoring this answer"
    return case


def _suite(qtype: str, questions: list[dict[str, Any]]) -> ET.Element:
    suite = ET.Element(
        "testsuite",
        name=qtype,
        tests=str(len(questions)),
        failures=str(sum(q["outcome"] == "FAIL" for q in questions)),
        skipped=str(sum(q["outcome"] == "SKIP" for q in questions)),
        errors=str(sum(q["outcome"] == "ERROR" for q in questions)),
        time=_seconds(sum(q.get("latency_ms") or 0 for q in questions)),
    )
    suite.extend(_case(q) for q in questions)
    return suite


def render_junit(report: dict[str, Any]) -> str:
    questions = report.get("questions", [])
    by_type: dict[str, list[dict[str, Any]]] = {}
    for q in questions:
        by_type.setdefault(q["type"], []).append(q)
    root = ET.Element(
        "testsuites",
        name=f"legal-rag-bench {report.get('run_id', '')}".strip(),
        tests=str(len(questions)),
        failures=str(sum(q["outcome"] == "FAIL" for q in questions)),
        skipped=str(sum(q["outcome"] == "SKIP" for q in questions)),
        errors=str(sum(q["outcome"] == "ERROR" for q in questions)),
    )
    root.extend(_suite(t, by_type[t]) for t in sorted(by_type))
    ET.indent(root)
    text = ET.tostring(root, encoding="unicode")
    # characters XML 1.0 cannot hold (ElementTree writes them as they are): the markup has none
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + _NOT_XML.sub("\ufffd", text) + "\n"
