"""Every file the README and docs/ point at exists: relative markdown links (from the page's folder) and
inline code that names a repository path (its first part is a top-level entry of the repository, e.g.
`docs/pytest.md`, `examples/pytest_project/`, `schema.json`). Code blocks are commands and examples of
the user's own files, so they are not checked; nor are placeholders (`runs/<run-id>/`), globs, or
paths the tool creates when it runs (`runs/...`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").rglob("*.md")),
    *sorted((ROOT / "examples").rglob("*.md")),
]
CREATED_BY_RUNS = {"runs"}  # written by the tool, not shipped
FENCED = re.compile(r"^(```|~~~).*?^\1", re.DOTALL | re.MULTILINE)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`\s]+)`")


def top_level() -> set[str]:
    ignored = {
        ".venv",
        ".venv-semantic",
        ".git",
        "runs",
        "dist",
        ".pytest_cache",
        ".mypy_cache",
        ".ruff_cache",
    }
    return {p.name for p in ROOT.iterdir() if p.name not in ignored}


def references(page: Path) -> list[tuple[str, Path]]:
    """(as written, where it must be) for every link and repository path on the page."""
    text = FENCED.sub("", page.read_text(encoding="utf-8"))
    found = []
    for target in LINK.findall(text):
        if re.match(r"[a-zA-Z][a-zA-Z+.-]*:", target) or target.startswith("#"):
            continue  # a URL, mailto:, or an anchor on the same page
        found.append((target, page.parent / target.split("#")[0]))
    roots = top_level()
    for span in CODE.findall(text):
        path = span.split("::")[0]
        first = path.split("/")[0]
        if first not in roots or first in CREATED_BY_RUNS or any(c in path for c in "*<>{}$|"):
            continue
        if "/" not in path and "." not in path:
            continue  # a bare word that happens to name a folder (`benchmark` the package name)
        found.append((span, ROOT / path))
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_referenced_file_exists(page: Path) -> None:
    missing = [written for written, path in references(page) if not path.exists()]
    assert not missing, f"{page.relative_to(ROOT)} refers to files the project does not have: {missing}"


def test_the_checker_sees_links_and_paths(tmp_path: Path) -> None:
    page = ROOT / "docs" / "pytest.md"
    written = {w for w, _ in references(page)}
    assert "../examples/pytest_project/" in written and "examples/pytest_project/" in written
