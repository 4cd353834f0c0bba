"""legal-rag-bench's pytest plugin (entry point ``pytest11``): question sets as tests. Docs: docs/pytest.md.

    pytest --rag-set datasets/transcript/fact_exact.json --rag-adapter python:my_app.rag:answer

Installing legal-rag-bench makes every pytest run in that environment import this module, in every
project. So its name is one no project folder takes, and it imports nothing of the tool until question
sets are asked for (``--rag-set`` or the ini key ``rag_sets``); the work is in ``benchmark.pytest_plugin``.

The tool's own packages are ``benchmark`` and ``scorers``. A project with a package of either name that
comes first on ``sys.path`` (or in pytest's rootdir, which pytest puts there while collecting) would
shadow them: then, instead of breaking the run, one warning names the folder and the question sets are
not collected. The project's own tests run as usual.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from benchmark.pytest_run import RagRun

TOOL_PACKAGES = ("benchmark", "scorers")
STATE = "legal_rag_bench_state"  # the name benchmark.pytest_plugin registers its plugin object under
CLASH_KEY = pytest.StashKey[str]()

_OPTIONS = [
    ("--rag-set", "rag_sets", "paths", "Question set file or folder to collect as tests (repeatable)."),
    (
        "--rag-adapter",
        "rag_adapter",
        "string",
        "The system under test: NAME or NAME:ARG, e.g. python:app:rag.",
    ),
    ("--rag-adapter-option", "rag_adapter_options", "linelist", "Adapter option KEY=VALUE (repeatable)."),
    ("--rag-document", "rag_document", "string", "Use this document instead of the one each set names."),
    ("--rag-cache", "rag_cache", "string", "Answer cache (default: in pytest's cache dir)."),
    ("--rag-store", "rag_store", "string", "Run store for baselines (default runs/history.sqlite)."),
    ("--rag-threshold", "rag_threshold", "string", "Pass threshold for every question (default: the sets')."),
    ("--rag-concurrency", "rag_concurrency", "string", "Questions asked at once (default 4)."),
    ("--rag-timeout", "rag_timeout", "string", "Seconds per question before it is skipped (default 60)."),
]
_FLAGS = [
    ("--rag-skip-is-failure", "rag_skip_is_failure", "A question the system gave no answer to fails."),
    ("--rag-resume", "rag_resume", "Reuse cached answers from earlier runs (default: this run's only)."),
]


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("legal-rag-bench", "legal-rag-bench: RAG question sets as tests")
    for flag, ini, kind, text in _OPTIONS:
        repeat = flag in ("--rag-set", "--rag-adapter-option")
        group.addoption(
            flag, action="append" if repeat else "store", dest=flag[2:].replace("-", "_"), help=text
        )
        parser.addini(ini, text, type=kind)  # type: ignore[arg-type]
    for flag, ini, text in _FLAGS:
        group.addoption(flag, action="store_true", dest=ini, help=text)
        parser.addini(ini, text, type="bool", default=False)


def pytest_configure(config: pytest.Config) -> None:
    """Inert unless question sets are given; then, unless a project package shadows the tool's, load them."""
    if not (config.getoption("rag_set") or config.getini("rag_sets")) or config.getoption("help"):
        return
    clash = shadowing(config.rootpath)
    if clash:
        config.stash[CLASH_KEY] = clash
        config.issue_config_time_warning(pytest.PytestConfigWarning(clash), stacklevel=2)
        return
    from benchmark.pytest_plugin import activate

    activate(config)


def shadowing(rootdir: Path | None = None) -> str | None:
    """Why the tool's packages cannot be imported here (a project package of the same name), or None."""
    home = Path(__file__).resolve().parent
    for name in TOOL_PACKAGES:
        ours = home / name
        found = _origin(name)
        local = rootdir / name if rootdir is not None else None
        if found is None or found != ours:
            where = found if found is not None else "nowhere (the installation is broken)"
            return _message(name, where)
        if local is not None and (local / "__init__.py").is_file() and local.resolve() != ours:
            return _message(name, local)
    return None


def _origin(name: str) -> Path | None:
    """The folder ``import name`` resolves to now (without importing it), or None."""
    module = sys.modules.get(name)
    file = getattr(module, "__file__", None) if module is not None else None
    if file is None:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        file = spec.origin if spec is not None and spec.has_location else None
    return Path(file).resolve().parent if file else None


def _message(name: str, where: object) -> str:
    return (
        f"legal-rag-bench: question sets not collected: `import {name}` finds {where}, not "
        f"legal-rag-bench's own {name!r} package. Rename that folder of your project, or run the "
        "questions with the `legal-rag-bench --dataset ...` command, which works in this folder too."
    )


@pytest.fixture(scope="session")
def rag_run(request: pytest.FixtureRequest) -> RagRun:
    """Every question of the configured sets, scored: ``rag_run.score("fact_exact")``, ``.pass_rate()``,
    ``.coverage``, ``.results``, ``.assert_no_regression("latest")``. Shares answers with the items."""
    plugin = request.config.pluginmanager.get_plugin(STATE)
    if plugin is None:
        clash = request.config.stash.get(CLASH_KEY, None)
        pytest.fail(
            clash
            or "rag_run needs question sets and a system: --rag-set PATH --rag-adapter SPEC "
            "(or rag_sets / rag_adapter in the ini file)",
            pytrace=False,
        )
    run: RagRun = plugin.rag_run()
    return run
