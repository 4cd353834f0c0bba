"""Suite-wide rules: in CI, semantic and browser tests must run, so a skip of one is a failure."""

from __future__ import annotations

import os
from collections.abc import Generator

import pytest

REQUIRED_WHEN = {"semantic": "LRB_REQUIRE_SEMANTIC", "browser": "LRB_REQUIRE_BROWSER"}


@pytest.fixture(autouse=True)
def _user_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test gets its own user cache directory (the validated-sets memory), never the user's."""
    monkeypatch.setenv("LEGAL_RAG_BENCH_CACHE", str(tmp_path_factory.mktemp("user-cache")))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, None, None]:
    outcome = yield
    report = outcome.get_result()
    if not report.skipped:
        return
    for marker, env in REQUIRED_WHEN.items():
        if item.get_closest_marker(marker) is not None and os.environ.get(env) == "1":
            report.outcome = "failed"
            report.longrepr = f"{marker} test skipped but {env}=1 requires it to run: {report.longrepr}"
