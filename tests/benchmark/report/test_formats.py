"""Report formats by name: the built-ins, a plugin's format through its entry point, unknown names refused."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmark.errors import UnknownNameError
from benchmark.questions import load_question_set
from benchmark.report import REPORT_FORMATS, render
from benchmark.report.json_report import build_report
from benchmark.resources import datasets_dir
from tests.benchmark.report.sample import sample_record
from tests.benchmark.test_registry import make_plugin

FACT_SET = str(datasets_dir() / "loan_contract" / "fact_exact.json")


def test_the_builtin_formats_render_by_name() -> None:
    report = build_report(sample_record())
    assert REPORT_FORMATS.names() == ["json", "junit", "summary", "tsv"]
    assert render(report, "json").startswith("{")
    assert render(report, "junit").startswith("<?xml")
    assert render(report, "tsv", header=False).count("\n") == 1
    assert "passed" in render(report, "summary", failures=0)


def test_an_unknown_format_is_refused_with_a_suggestion() -> None:
    with pytest.raises(UnknownNameError, match=r"unknown report format 'jsno'; did you mean 'json'\?"):
        render(build_report(sample_record()), "jsno")


def _cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    command = [sys.executable, "-m", "benchmark", "--adapter", "oracle", "--dataset", FACT_SET]
    command += ["--output", str(tmp_path / "runs"), "--no-progress", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)


def test_a_plugin_format_prints_with_render(tmp_path: Path) -> None:
    """An installed-looking distribution declares a format in the entry-point group; ``--render NAME``
    prints what it returns, given the report and the command line's options."""
    source = (
        "def count(report, options):\n"
        "    return f\"{len(report['questions'])} questions in {options.run_dir}\\n\"\n"
    )
    make_plugin(tmp_path, "legal_rag_bench.report_formats", {"count": "lrb_test_plugin:count"}, source)
    done = _cli(tmp_path, "--render", "count")
    assert done.returncode == 0, done.stderr
    asked = len(load_question_set(Path(FACT_SET)).questions)
    assert done.stdout.startswith(f"{asked} questions in {tmp_path / 'runs'}"), done.stdout


def test_an_unknown_render_name_exits_2_before_the_run(tmp_path: Path) -> None:
    done = _cli(tmp_path, "--render", "jsno")
    assert done.returncode == 2
    assert "unknown report format 'jsno'; did you mean 'json'?" in done.stderr
    assert not (tmp_path / "runs").exists(), "nothing ran"


def test_an_unknown_render_in_the_config_file_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "bench.toml").write_text('[run]\nrender = "xml"\n', encoding="utf-8")
    done = _cli(tmp_path, "--config", str(tmp_path / "bench.toml"))
    assert done.returncode == 2
    assert "bench.toml" in done.stderr and "[run] render" in done.stderr
    assert "unknown report format 'xml'" in done.stderr
