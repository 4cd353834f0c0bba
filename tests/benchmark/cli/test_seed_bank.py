"""The seed system's own question bank, in its shapes (tests/fixtures/seed_bank/), through the real CLI:
every file loads, every criterion counts, the Markdown banks import, and lint --fix corrects pages."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SEED_BANK = Path(__file__).resolve().parents[2] / "fixtures" / "seed_bank"
BANKS = ("01-事实型题目.md", "02-证据集合型题目.md", "03-冲突缺口型题目.md")


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "benchmark", *args], capture_output=True, text=True, cwd=cwd, timeout=300
    )


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    dst = tmp_path / "seed_bank"
    shutil.copytree(SEED_BANK, dst)
    return dst


def test_the_three_json_files_validate_without_warnings() -> None:
    r = cli("validate", str(SEED_BANK), "--strict")
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("ok  ") == 3 and "warning" not in r.stderr


def test_the_oracle_passes_every_set_and_gate(tmp_path: Path) -> None:
    r = cli(
        "run", "--dataset", str(SEED_BANK), "--adapter", "oracle", "--output", str(tmp_path), "--no-cache"
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert "set PASS" in r.stdout and "PASS: 26 passed, 0 failed" in r.stdout


def test_a_refuse_everything_system_fails_the_gap_set(tmp_path: Path) -> None:
    gaps = SEED_BANK / "conflict_gap.json"
    r = cli("run", "--dataset", str(gaps), "--adapter", "refuse", "--output", str(tmp_path), "--no-cache")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "FAIL: 10 passed, 0 failed, 0 skipped of 10; score 0.8000; 1 set gate(s) failed" in r.stdout
    assert "quote_inclusion_rate" in r.stdout and "FAILED" in r.stdout
    again = cli("report", "latest", "--output", str(tmp_path))
    assert again.returncode == 1 and "set FAIL" in again.stdout


def test_unknown_keys_warn_and_strict_refuses(copy: Path) -> None:
    path = copy / "conflict_gap.json"
    obj = json.loads(path.read_text(encoding="utf-8"))
    obj["evaluation_criteria"]["passing_scores"] = obj["evaluation_criteria"].pop("passing_score")
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    r = cli("validate", str(path))
    assert r.returncode == 0
    assert (
        f"warning: {path}: $.evaluation_criteria: unknown key 'passing_scores' (did you mean 'passing_score'?); "
        "ignored" in r.stderr
    )
    strict = cli("validate", "--strict", str(path))
    assert (
        strict.returncode == 2 and "refused by --strict" in strict.stderr and "Traceback" not in strict.stderr
    )
    # the run goes on, warning once per key, and without the gates the refusals pass
    run = cli(
        "run", "--dataset", str(path), "--adapter", "refuse", "--output", str(copy / "runs"), "--no-cache"
    )
    assert run.returncode == 0 and run.stderr.count("unknown key 'passing_scores'") == 1


def test_lint_finds_the_off_by_one_pages_and_fix_moves_them(copy: Path) -> None:
    path = copy / "fact_exact.json"
    r = cli("lint", str(path))
    assert r.returncode == 1 and r.stdout.count("does not occur on page") == 3
    fixed = cli("lint", "--fix", str(path))
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    changes = [line for line in fixed.stdout.splitlines() if line.startswith("fixed  ")]
    assert changes == [
        f"fixed  {path}: sb_fact_002: required_evidence[0]: page 3 -> page 4 (the text is at page 4, line 69)",
        f"fixed  {path}: sb_fact_007: required_evidence[0]: page 3 -> page 4 (the text is at page 4, line 78)",
        f"fixed  {path}: sb_fact_010: required_evidence[0]: page 4 -> page 5 (the text is at page 5, line 83)",
    ]
    copy_path = copy / "fact_exact.fixed.json"
    assert cli("lint", str(copy_path)).returncode == 0
    assert json.loads(path.read_text(encoding="utf-8"))["questions"][1]["required_evidence"][0]["page"] == 3
    in_place = cli("lint", "--fix", "--in-place", str(path))
    assert in_place.returncode == 0 and cli("lint", str(path)).returncode == 0
    assert path.read_text(encoding="utf-8") == copy_path.read_text(encoding="utf-8")


def test_in_place_needs_fix(copy: Path) -> None:
    r = cli("lint", "--in-place", str(copy / "fact_exact.json"))
    assert r.returncode == 2 and "--in-place only goes with --fix" in r.stderr


def test_the_banks_import_validate_and_lint_clean_after_fix(tmp_path: Path) -> None:
    out = tmp_path / "bank.json"
    r = cli("import", *BANKS, "--document", "transcript_pages.json", "--output", str(out), cwd=SEED_BANK)
    assert r.returncode == 1, r.stdout + r.stderr  # one field is listed as unmapped
    assert "imported 29 question(s) from 3 bank(s)" in r.stderr
    unmapped = [line for line in r.stdout.splitlines() if line.startswith("unmapped")]
    assert unmapped == [
        "unmapped  01-事实型题目.md §12: field '出题人' is not a bank field we read (kept under x-bank): '测试组'"
    ]
    # every page off by one in a 位置 is reported, and the found page used
    assert r.stdout.count("位置 says page") == 11
    assert (
        "note      01-事实型题目.md §10: 位置 says page 4; '2022年1月17日去派出所报的案' is on page 5, line 83"
        in r.stdout
    )
    assert cli("validate", "--strict", str(out)).returncode == 0
    assert cli("lint", "--fix", str(out)).returncode == 0
    assert cli("lint", str(out)).returncode == 0
    run = cli(
        "run", "--dataset", str(out), "--adapter", "oracle", "--output", str(tmp_path / "runs"), "--no-cache"
    )
    assert run.returncode == 0, run.stdout
