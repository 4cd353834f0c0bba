"""The memory of validated sets: by content hash and schema hash, across processes, never failing a run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from benchmark.pipeline import validated
from benchmark.pipeline.validated import FILE, ValidatedSets, user_cache_dir

A, B, S1, S2 = "a" * 64, "b" * 64, "1" * 64, "2" * 64


def test_remembered_per_schema_and_read_by_a_new_process(tmp_path: Path) -> None:
    path = tmp_path / FILE
    ValidatedSets(path).remember([A, A], S1)
    ValidatedSets(path).remember([B], S2)
    memory = ValidatedSets(path)
    assert memory.holds(A, S1) and memory.holds(B, S2)
    assert not memory.holds(A, S2) and not memory.holds(B, S1)
    assert path.read_text().count(A) == 1  # remembered once
    code = f"from benchmark.pipeline.validated import ValidatedSets as V; print(V(__import__('pathlib').Path({str(path)!r})).holds({A!r}, {S1!r}))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "True"


def test_damaged_lines_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / FILE
    path.write_text(f"{S1} {A}\nhalf a li\n{S1} {B} extra\n\x00\xff\n", encoding="latin-1")
    memory = ValidatedSets(path)
    assert memory.holds(A, S1) and not memory.holds(B, S1)


def test_an_unusable_cache_directory_only_means_validating_again(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    memory = ValidatedSets(blocker / FILE)
    memory.remember([A], S1)  # cannot be written: no error
    assert not ValidatedSets(blocker / FILE).holds(A, S1)


def test_the_file_is_cut_to_its_newer_half(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validated, "MAX_BYTES", 130 * 10)
    path = tmp_path / FILE
    shas = [f"{i:064x}" for i in range(12)]
    for sha in shas:
        ValidatedSets(path).remember([sha], S1)
    memory = ValidatedSets(path)
    assert memory.holds(shas[-1], S1) and not memory.holds(shas[0], S1)
    assert path.stat().st_size <= 130 * 10


def test_where_the_cache_directory_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEGAL_RAG_BENCH_CACHE", str(tmp_path / "here"))
    assert user_cache_dir() == tmp_path / "here"
    monkeypatch.delenv("LEGAL_RAG_BENCH_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert user_cache_dir() == tmp_path / "xdg" / "legal-rag-bench"
