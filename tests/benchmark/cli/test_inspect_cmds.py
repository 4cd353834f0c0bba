"""validate / lint / list through the real CLI entry point: output, exit codes, no tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmark.resources import datasets_dir


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "benchmark", *args], capture_output=True, text=True, cwd=cwd, timeout=120
    )


def test_validate_bundled_sets() -> None:
    r = cli("validate", str(datasets_dir()))
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("ok  ") >= 6 and "upstream dialect" in r.stdout and "seed dialect" in r.stdout


def test_lint_bundled_sets_is_clean() -> None:
    r = cli("lint", str(datasets_dir()))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "no problems" in r.stderr


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{", "not valid JSON"),
        (b"[]", "$: the root must be an object"),
        (
            b'{"benchmark_type": "fact_exact", "questions": [{"id": "a"}]}',
            "'question' is a required property",
        ),
        (b'{"benchmark_type": "fact_exactly", "questions": [{"id": "a", "question": "?"}]}', "is not one of"),
        (
            b'{"benchmark_type": "fact_exact", "questions": [{"id": "a", "question": "?", "expected": {"count": "3"}}]}',
            "$.questions[0].expected.count: '3' is not of type 'integer'",
        ),
    ],
)
def test_validate_refuses_bad_sets_with_one_message(tmp_path: Path, content: bytes, message: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    r = cli("validate", str(bad))
    assert r.returncode == 2
    assert message in r.stderr and str(bad) in r.stderr
    assert "Traceback" not in r.stderr and r.stderr.startswith("error: ")


def test_validate_missing_path(tmp_path: Path) -> None:
    r = cli("validate", str(tmp_path / "nope.json"))
    assert r.returncode == 2 and "no such file or folder" in r.stderr and "Traceback" not in r.stderr


def test_lint_reports_problems_with_exit_1(tmp_path: Path) -> None:
    (tmp_path / "document.md").write_text("<!-- page: 1 -->\n答：收了42000元。\n", encoding="utf-8")
    obj = {
        "benchmark_type": "fact_exact",
        "document": "document.md",
        "questions": [
            {"id": "a", "question": "多少钱？", "expected": {"amount_total": 42000},
             "required_evidence": [{"page": 1, "must_include": "收了43000元"}]},
            {"id": "b", "question": "哪天？", "expected": {"date": "2021-02-29"},
             "required_evidence": [{"page": 1, "must_include": "收了42000元"}]},
        ],
    }  # fmt: skip
    (tmp_path / "set.json").write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    r = cli("lint", str(tmp_path / "set.json"))
    assert r.returncode == 1
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 2
    assert "a: required_evidence[0].must_include" in lines[0] and "b: expected.date" in lines[1]


def test_lint_warnings_print_but_do_not_fail(tmp_path: Path) -> None:
    (tmp_path / "document.md").write_text("<!-- page: 1 -->\n答：是陈明飞收的钱。\n", encoding="utf-8")
    obj = {
        "benchmark_type": "fact_exact",
        "document": "document.md",
        "questions": [
            {"id": "a", "question": "谁收的钱？", "expected": {"entity": ["陈明飞", "陈老板"]},
             "required_evidence": [{"page": 1, "must_include": "是陈明飞收的钱"}]},
        ],
    }  # fmt: skip
    (tmp_path / "set.json").write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    r = cli("lint", str(tmp_path / "set.json"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "a: expected.entity[1]: warning: '陈老板' occurs nowhere in the document" in r.stdout
    assert "no problems, 1 warning(s)" in r.stderr


def test_list_filters_and_json() -> None:
    r = cli("list", str(datasets_dir()), "--type", "conflict_gap", "--json")
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)
    assert rows and {row["type"] for row in rows} == {"conflict_gap"}
    plain = cli("list", str(datasets_dir()), "--type", "fact_exact", "--difficulty", "hard")
    assert plain.returncode == 0
    assert all("\tfact_exact\thard\t" in line for line in plain.stdout.strip().splitlines())


def test_list_unknown_type_is_refused() -> None:
    r = cli("list", "--type", "facts")
    assert r.returncode == 2 and "unknown question type 'facts'" in r.stderr


def test_every_command_has_help() -> None:
    from click.testing import CliRunner

    from benchmark.cli import cli as group

    runner = CliRunner()
    for name in group.list_commands(None):  # type: ignore[arg-type]
        result = runner.invoke(group, [name, "--help"])
        assert result.exit_code == 0, name
        command = group.get_command(None, name)  # type: ignore[arg-type]
        assert command is not None and (command.help or "").strip(), f"{name} has no help text"
