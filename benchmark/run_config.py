"""The ``[run]`` table of a TOML config, shared by ``run --config`` and ``sweep``: one key list, one check.

Also what reads a config file and ``KEY=VALUE`` options (the CLI's ``--adapter-option``, the pytest
plugin's ``--rag-adapter-option``): below the CLI, so that ``sweep`` and the plugin need not import it.

Keys name the same settings in both places; each caller says what the ``dataset`` key becomes and
adds the keys only it understands.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from benchmark.errors import ConfigError
from benchmark.toml_file import read_toml as read_toml_file

KeySpec = tuple[str, type | tuple[type, ...]]


def common_run_keys(dataset_name: str) -> dict[str, KeySpec]:
    """``[run]`` keys every config understands -> (the caller's setting name, accepted types)."""
    return {
        "dataset": (dataset_name, (str, list)),
        "document": ("document", str),
        "types": ("types", list),
        "tags": ("tags", list),
        "concurrency": ("concurrency", int),
        "timeout": ("timeout", (int, float)),
        "retries": ("retries", int),
        "rate_limit": ("rate_limit", (int, float)),
        "repeat": ("repeat", int),
        "stop_after": ("stop_after", int),
        "workers": ("workers", int),
    }


def unknown_key(path: Path | None, where: str, key: str, known: Iterable[str]) -> ConfigError:
    names = sorted(known)
    close = difflib.get_close_matches(key, names, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else f" (known: {', '.join(names)})"
    return ConfigError(f"unknown key {key!r}{hint}", path=path, where=where)


def read_run_table(table: Any, keys: Mapping[str, KeySpec], path: Path | None) -> dict[str, Any]:
    """The ``[run]`` table checked against ``keys`` and renamed to setting names."""
    if not isinstance(table, dict):
        raise ConfigError("[run] must be a table", path=path)
    out: dict[str, Any] = {}
    for key, value in table.items():
        if key not in keys:
            raise unknown_key(path, "[run]", key, keys)
        name, kind = keys[key]
        if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
            raise ConfigError(f"{key} has the wrong type ({type(value).__name__})", path=path, where="[run]")
        if isinstance(value, list) and not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{key} must be a list of strings", path=path, where="[run]")
        out[name] = value
    return out


def parse_value(text: str) -> Any:
    """``5`` -> 5, ``0.2`` -> 0.2, ``true`` -> True, ``[1,2]`` -> list; anything else stays text."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def parse_pairs(pairs: Iterable[str], option: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"expected KEY=VALUE, got {pair!r}", where=option)
        out[key.strip()] = parse_value(value)
    return out


def read_toml(path: Path) -> dict[str, Any]:
    """A ``--config`` or sweep file (``benchmark.toml_file``: the one TOML reader)."""
    return read_toml_file(path, ConfigError)
