"""docs/adapters/llamaindex.md and langchain.md: each page's example, at most 15 lines, written to a
project folder beside the bundled transcript set and run with the page's own command, in a fresh process."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.servers.support import ROOT

PAGES = {
    "llamaindex": ROOT / "docs" / "adapters" / "llamaindex.md",
    "langchain": ROOT / "docs" / "adapters" / "langchain.md",
}


def blocks(page: Path, lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.DOTALL)


def command(page: Path) -> list[str]:
    """The page's run command as this interpreter runs it: ``uv run [--extra/--with ...] python -m ...``."""
    (line,) = [b.strip() for b in blocks(page, "bash")]
    words = shlex.split(line)
    assert words[:2] == ["uv", "run"] and "python" in words
    return [sys.executable, *words[words.index("python") + 1 :]]


@pytest.mark.parametrize("name", sorted(PAGES))
def test_the_example_is_at_most_15_lines(name: str) -> None:
    example = blocks(PAGES[name], "python")[0]
    assert len(example.rstrip("\n").splitlines()) <= 15


@pytest.mark.parametrize("name", sorted(PAGES))
def test_the_example_runs_end_to_end(name: str, tmp_path: Path) -> None:
    page = PAGES[name]
    args = command(page)
    spec = args[args.index("--adapter") + 1]
    adapter, module, _ = spec.split(":")
    assert adapter == name
    (tmp_path / f"{module}.py").write_text(blocks(page, "python")[0], encoding="utf-8")
    (tmp_path / "datasets").mkdir()
    (tmp_path / "datasets" / "transcript").symlink_to(ROOT / "datasets" / "transcript")
    variants = [args, [*args[:-1], f"{name}:{module}:retriever"]]
    assert f"`--adapter {variants[1][-1]}`" in page.read_text(encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for i, argv in enumerate(variants):
        out = tmp_path / f"runs{i}"
        done = subprocess.run(
            [*argv, "--output", str(out)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
        )
        assert done.returncode in (0, 1), done.stderr[-2000:]
        (run_dir,) = out.glob("*/report.json")
        report = json.loads(run_dir.read_text(encoding="utf-8"))
        assert report["summary"]["skipped"] == 0 and report["summary"]["total"] > 50
        assert report["adapter"]["name"] == argv[-1]
        cited = [q for q in report["questions"] if q["answer"]["citations"]]
        assert len(cited) == report["summary"]["total"]  # every answer cites the page it retrieved
        if name == "llamaindex":  # real BM25 retrieval: most citations land on the required page
            right = [q for q in report["questions"] if q["components"].get("citation") == 1.0]
            assert len(right) > len(report["questions"]) / 2
