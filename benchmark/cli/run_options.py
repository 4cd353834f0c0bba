"""Options of ``run``: command line over ``--config`` TOML over defaults, and the config template.

Config file (``init`` writes a commented one)::

    [adapter]
    spec = "http:my_endpoint.toml"
    [adapter.options]        # passed to the adapter; secrets stay here, never in reports or caches
    api_key = "..."
    [run]                    # defaults for run's options (the command line wins)
    dataset = ["datasets"]
    types = ["fact_exact"]
    concurrency = 8
    [scoring]                # scorer options
    semantic_model = "/models/bge-small-zh"

Relative paths are taken from the working directory, as on the command line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import click

from benchmark.errors import ConfigError
from benchmark.run_config import (
    KeySpec,
    common_run_keys,
    parse_pairs,
    read_run_table,
    read_toml,
    unknown_key,
)

DEFAULTS: dict[str, Any] = {
    "adapter": "baseline",
    "concurrency": 4,
    "timeout": 60.0,
    "retries": 2,
    "repeat": 1,
    "output": "runs",
    "render": "summary",
    "stop_after": 5,  # benchmark.failfast.DEFAULT_STOP_AFTER
    "workers": 1,
}
# [run] keys -> (setting name, expected type): the shared ones (benchmark.run_config), plus the CLI's own
RUN_KEYS: dict[str, KeySpec] = {
    **common_run_keys("datasets"),
    "output": ("output", str),
    "cache": ("cache_path", str),
    "no_cache": ("no_cache", bool),
    "render": ("render", str),
    "label": ("label", str),
}


def parse_failures(value: str | None) -> int | None:
    """``--failures N`` or ``--failures all`` (-1); None when not given."""
    if value is None:
        return None
    text = str(value).strip().lower()
    if text == "all":
        return -1
    if text.isdecimal():
        return int(text)
    raise ConfigError(f"expected a number or 'all', got {value!r}", where="--failures")


@dataclass
class RunSettings:
    datasets: list[str] = field(default_factory=list)
    document: str | None = None
    types: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    adapter: str | None = None
    adapter_options: dict[str, Any] = field(default_factory=dict)
    config_path: str | None = None
    concurrency: int | None = None
    timeout: float | None = None
    retries: int | None = None
    rate_limit: float | None = None
    repeat: int | None = None
    output: str | None = None
    cache_path: str | None = None
    no_cache: bool = False
    resume: bool = False
    scorer_options: dict[str, Any] = field(default_factory=dict)
    label: str | None = None
    judge: str | None = None
    judge_options: dict[str, Any] = field(default_factory=dict)
    render: str | None = None
    no_header: bool = False
    progress: bool | None = None
    stop_after: int | None = None
    workers: int | None = None
    failures: int | None = None  # failed questions the summary details (-1: all)

    @classmethod
    def from_cli(cls, kw: Mapping[str, Any]) -> RunSettings:
        names = {f.name for f in fields(cls)}
        values = {k: v for k, v in kw.items() if k in names}
        values["datasets"] = list(kw.get("datasets") or ())
        values["types"] = list(kw.get("types") or ())
        values["tags"] = list(kw.get("tags") or ())
        values["adapter_options"] = parse_pairs(kw.get("adapter_options") or (), "--adapter-option")
        values["scorer_options"] = parse_pairs(kw.get("scorer_options") or (), "--scorer-option")
        if kw.get("k") is not None:  # --k: the k of the retrieval metrics
            values["scorer_options"]["retrieval_k"] = kw["k"]
        values["judge_options"] = parse_pairs(kw.get("judge_options") or (), "--judge-option")
        if kw.get("as_json"):
            values["render"] = "json"
        values["failures"] = 0 if kw.get("quiet") else parse_failures(kw.get("failures"))
        return cls(**values)

    def api_kwargs(self) -> dict[str, Any]:
        output = self.output or DEFAULTS["output"]
        cache: Any = None if self.no_cache else (self.cache_path or "auto")
        return {
            "types": tuple(self.types),
            "tags": tuple(self.tags),
            "adapter_options": self.adapter_options,
            "concurrency": self.concurrency,
            "timeout": self.timeout,
            "retries": self.retries,
            "rate_limit": self.rate_limit,
            "repeat": self.repeat,
            "cache_path": cache,
            "resume": self.resume,
            "output_dir": output,
            "document": self.document,
            "scorer_options": self.scorer_options,
            "label": self.label,
            "judge": self.judge,
            "judge_options": self.judge_options,
            "stop_after": self.stop_after,
            "workers": self.workers,
        }


def _run_table(path: Path, table: Any) -> dict[str, Any]:
    out = read_run_table(table, RUN_KEYS, path)
    if isinstance(out.get("datasets"), str):
        out["datasets"] = [out["datasets"]]
    return out


def _adapter_table(path: Path, table: Any, name: str = "adapter") -> tuple[str | None, dict[str, Any]]:
    """``[adapter]`` (or ``[judge]``): its ``spec`` and its options (``[NAME.options]`` and other keys)."""
    if not isinstance(table, dict):
        raise ConfigError(f"[{name}] must be a table", path=path)
    spec = table.get("spec")
    if spec is not None and not isinstance(spec, str):
        example = (
            "'semantic' or 'openai:judge.toml'" if name == "judge" else "'baseline' or 'http:endpoint.toml'"
        )
        raise ConfigError(f"spec must be a string such as {example}", path=path, where=f"[{name}]")
    options = {k: v for k, v in table.items() if k not in ("spec", "options")}
    nested = table.get("options") or {}
    if not isinstance(nested, dict):
        raise ConfigError(f"[{name}.options] must be a table", path=path)
    return spec, {**options, **nested}


def _check_render(path: Path, name: str) -> None:
    """``[run] render`` names a report format (checked before anything runs, as ``--render`` is)."""
    from benchmark.errors import UnknownNameError
    from benchmark.report import REPORT_FORMATS

    try:
        REPORT_FORMATS.get(name)
    except UnknownNameError as exc:
        raise ConfigError(str(exc), path=path, where="[run] render") from None


def apply_config(s: RunSettings) -> RunSettings:
    """Fill what the command line left unset from ``--config``, then from the defaults."""
    if s.config_path:
        path = Path(s.config_path)
        data = read_toml(path)
        for key in data:
            if key not in ("adapter", "run", "scoring", "judge"):
                raise unknown_key(path, "[top level]", key, ("adapter", "run", "scoring", "judge"))
        spec, options = _adapter_table(path, data.get("adapter", {}))
        s.adapter = s.adapter or spec
        s.adapter_options = {**options, **s.adapter_options}
        spec, options = _adapter_table(path, data.get("judge", {}), "judge")
        s.judge = s.judge or spec
        s.judge_options = {**options, **s.judge_options}
        run_table = _run_table(path, data.get("run", {}))
        if "render" in run_table:
            _check_render(path, run_table["render"])
        for name, value in run_table.items():
            if getattr(s, name) in (None, [], False):
                setattr(s, name, value)
        scoring = data.get("scoring", {})
        if not isinstance(scoring, dict):
            raise ConfigError("[scoring] must be a table", path=path)
        s.scorer_options = {**scoring, **s.scorer_options}
    for name, value in DEFAULTS.items():
        if getattr(s, name) is None:
            setattr(s, name, value)
    return s


def write_rendered(
    report: dict[str, Any],
    fmt: str | None,
    *,
    run_dir: str | None,
    header: bool = True,
    failures: int | None = None,
) -> None:
    from benchmark.report import render

    click.echo(render(report, fmt or "summary", run_dir=run_dir, header=header, failures=failures), nl=False)


CONFIG_TEMPLATE = """\
# legal-rag-bench configuration. Use it with:  python -m benchmark --config legal-rag-bench.toml
# Options given on the command line win over this file. Relative paths are taken from the working
# directory. Secrets (API keys) may live here: they are passed to the adapter and never written into
# reports, run directories, the answer cache or the run history (only the adapter's describe() is).

[adapter]
# The system under test: baseline | oracle | refuse | replay:FILE.jsonl | python:MODULE:ATTRIBUTE |
# http:ENDPOINT.toml | openai:LLM.toml | ragflow:RAGFLOW.toml
spec = "baseline"

[adapter.options]
# Passed to the adapter as --adapter-option KEY=VALUE would be, e.g.:
# max_concurrency = 4

[run]
# dataset = ["datasets"]          # question set files or folders (default: the bundled datasets)
# document = "paged_ocr.json"     # use this document instead of the one each set names
# types = ["fact_exact"]          # fact_exact | evidence_set | conflict_gap
# tags = ["金额"]
# concurrency = 4                 # questions asked at once
# timeout = 60                    # seconds per question before it is skipped
# retries = 2                     # retries of transient faults (timeouts, HTTP 429/5xx, dropped connections)
# rate_limit = 5.0                # at most this many requests per second
# repeat = 1                      # ask every question N times; the summary gives mean and spread
# stop_after = 5                  # stop when this many questions in a row fail the same way (0: never)
# workers = 1                     # processes that score (2 or more: big runs on several cores)
# output = "runs"                 # run directories go here
# cache = "runs/cache.sqlite"     # the answer cache
# no_cache = false
# render = "summary"              # summary | json | tsv | junit (or a plugin's report format)
# label = "nightly"

[scoring]
# Scorer options, as --scorer-option KEY=VALUE would give them.

# [judge]                         # off unless a spec is given: may overturn text mismatches (docs/scoring/judges.md)
# spec = "semantic"               # semantic[:MODEL_DIR] | openai:JUDGE.toml
# model = "/models/bge-small-zh"  # judge options, as --judge-option KEY=VALUE would give them
# threshold = 0.85
"""
