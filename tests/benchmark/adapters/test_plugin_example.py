"""The adapter package of docs/adapters/writing-an-adapter.md, built from the page and run for real.

The example's module and the entry point its ``pyproject.toml`` declares are written as an installed
distribution (``*.dist-info/entry_points.txt``) into a folder on the path: ``importlib.metadata`` then
finds the adapter exactly as it finds an installed plugin, in a fresh process running the CLI.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from benchmark.registry import Registry
from tests.servers.support import LOAN_FACTS, ROOT, parse_toml

DOC = ROOT / "docs" / "adapters" / "writing-an-adapter.md"
GROUP = "legal_rag_bench.adapters"


def code_blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)


def build_plugin(site: Path) -> tuple[str, str]:
    """Write the page's module and a dist-info for its pyproject; returns (entry name, entry value)."""
    module = code_blocks("python")[0]
    pyproject = next(parse_toml(b) for b in code_blocks("toml") if GROUP in b)
    entry_points = pyproject["project"]["entry-points"][GROUP]
    ((name, value),) = entry_points.items()
    module_name = value.split(":")[0]
    site.mkdir(parents=True, exist_ok=True)
    (site / f"{module_name}.py").write_text(module, encoding="utf-8")
    dist = site / f"{module_name}-{pyproject['project']['version']}.dist-info"
    dist.mkdir()
    meta = f"Metadata-Version: 2.1\nName: {pyproject['project']['name']}\nVersion: {pyproject['project']['version']}\n"
    (dist / "METADATA").write_text(meta, encoding="utf-8")
    (dist / "entry_points.txt").write_text(f"[{GROUP}]\n{name} = {value}\n", encoding="utf-8")
    return name, value


def test_the_example_is_about_twenty_lines() -> None:
    lines = [line for line in code_blocks("python")[0].splitlines() if line.strip()]
    assert len(lines) <= 20


def test_the_entry_point_is_discovered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    name, value = build_plugin(tmp_path / "site")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    registry: Registry[object] = Registry("adapter")  # a fresh registry: discovery runs now
    factory = registry.get(name)
    assert f"{factory.__module__}:{factory.__name__}" == value  # type: ignore[attr-defined]
    adapter = factory(None, {"min_shared": 3})  # type: ignore[operator]
    assert adapter.describe() == {"min_shared": 3}


def test_a_benchmark_runs_with_the_installed_example(tmp_path: Path) -> None:
    name, _ = build_plugin(tmp_path / "site")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path / "site"), str(ROOT)])}
    out = tmp_path / "runs"
    cmd = [sys.executable, "-m", "benchmark", "run", "--adapter", name, "--dataset", str(LOAN_FACTS)]
    cmd += ["--adapter-option", "min_shared=3", "--output", str(out), "--json"]
    proc = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr
    report = json.loads(proc.stdout)
    assert report["adapter"]["name"] == name
    assert report["adapter"]["config"] == {"min_shared": 3}
    outcomes = [q["outcome"] for q in report["questions"]]
    assert len(outcomes) == 30 and set(outcomes) <= {"PASS", "FAIL"}
    assert proc.returncode == (0 if set(outcomes) == {"PASS"} else 1)  # docs/contract.md §6
    answers = [
        json.loads(line)
        for line in next(out.glob("*/answers.jsonl")).read_text(encoding="utf-8").splitlines()
    ]
    cited = [a for a in answers if a["citations"]]
    assert cited and all(isinstance(a["citations"][0]["page"], int) for a in cited)
