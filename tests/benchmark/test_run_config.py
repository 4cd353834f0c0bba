"""The [run] table shared by `run --config` and `sweep`: one key list, one set of checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmark.cli.run_options import RUN_KEYS as CLI_RUN_KEYS
from benchmark.errors import ConfigError
from benchmark.run_config import common_run_keys, read_run_table
from benchmark.sweep import RUN_KEYS as SWEEP_RUN_KEYS

KEYS = common_run_keys("datasets")


def test_run_and_sweep_accept_the_same_common_keys() -> None:
    common = set(KEYS)
    assert common <= set(CLI_RUN_KEYS) and common <= set(SWEEP_RUN_KEYS)
    assert CLI_RUN_KEYS["dataset"][0] == "datasets" and SWEEP_RUN_KEYS["dataset"][0] == "sets_or_paths"


def test_values_are_renamed_and_checked() -> None:
    out = read_run_table({"dataset": ["a.json"], "timeout": 5, "types": ["fact_exact"]}, KEYS, Path("c.toml"))
    assert out == {"datasets": ["a.json"], "timeout": 5, "types": ["fact_exact"]}


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"timout": 5}, "unknown key 'timout'; did you mean 'timeout'?"),
        ({"concurrency": True}, "concurrency has the wrong type (bool)"),
        ({"timeout": "5"}, "timeout has the wrong type (str)"),
        ({"tags": ["金额", 3]}, "tags must be a list of strings"),
        ([], "[run] must be a table"),
    ],
)
def test_problems_name_the_file_and_the_key(table: object, message: str) -> None:
    with pytest.raises(ConfigError) as info:
        read_run_table(table, KEYS, Path("c.toml"))
    assert message in str(info.value) and "c.toml" in str(info.value)
