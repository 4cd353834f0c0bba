"""The plan: what the system receives (system_instructions), the answer-cache keys, and which sets
are trusted without validating them again."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from benchmark.api import run
from benchmark.pipeline.plan import plan

SEED_GAPS = Path(__file__).resolve().parents[2] / "fixtures" / "seed_bank" / "conflict_gap.json"


def test_queries_carry_the_system_instructions_and_keys_depend_on_them(tmp_path: Path) -> None:
    shutil.copytree(SEED_GAPS.parent, tmp_path / "a")
    first = plan(tmp_path / "a" / "conflict_gap.json")
    (job, *_) = first.jobs("sha")
    assert job.query.system_instructions is not None
    assert job.query.system_instructions.rules[0] == "回答必须引用笔录原文，并注明页码"
    path = tmp_path / "a" / "conflict_gap.json"
    obj = json.loads(path.read_text(encoding="utf-8"))
    obj["system_instructions"]["rules"].append("再加一条")
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    (other, *_) = plan(path).jobs("sha")
    assert other.key != job.key  # told other rules, the system answers again


def test_sets_with_warnings_are_validated_and_warned_about_every_run(tmp_path: Path) -> None:
    shutil.copytree(SEED_GAPS.parent, tmp_path / "a")
    path = tmp_path / "a" / "conflict_gap.json"
    obj = json.loads(path.read_text(encoding="utf-8"))
    obj["x-fine"] = 1
    obj["questions"][0]["note"] = "未知的键"
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    the_plan = plan(path)
    assert the_plan.warned == frozenset(the_plan.loaded.values())
    out = tmp_path / "runs"
    run(path, "oracle", output_dir=out)
    from benchmark.pipeline.plan import schema_sha256
    from benchmark.pipeline.validated import ValidatedSets

    (sha,) = the_plan.loaded.values()
    assert not ValidatedSets().holds(sha, schema_sha256())  # never trusted, so it warns again
