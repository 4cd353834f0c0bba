"""The name registry: built-ins without installation, entry-point discovery, duplicates refused,
did-you-mean, broken plugins."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

import benchmark.registry as registry_module
from benchmark.errors import DuplicateNameError, PluginLoadError, UnknownNameError
from benchmark.registry import Registry

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib


def make_plugin(tmp_path: Path, group: str, entries: dict[str, str], module_src: str) -> None:
    """A real installed-looking distribution: a module plus a .dist-info with entry_points.txt."""
    (tmp_path / "lrb_test_plugin.py").write_text(textwrap.dedent(module_src), encoding="utf-8")
    info = tmp_path / "lrb_test_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: lrb-test-plugin\nVersion: 1.0\n")
    lines = "\n".join(f"{k} = {v}" for k, v in entries.items())
    (info / "entry_points.txt").write_text(f"[{group}]\n{lines}\n")


@pytest.fixture
def plugin_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("lrb_test_plugin", None)


def test_register_get_and_decorator() -> None:
    reg: Registry[int] = Registry("widget", group="lrb.test.none")
    reg.register("one", 1)

    @reg.register("two")
    def two() -> int:
        return 2

    assert reg.get("one") == 1 and reg.get("two") is two
    assert reg.names() == ["one", "two"] and "one" in reg


def test_duplicate_is_an_error_unless_replace() -> None:
    reg: Registry[int] = Registry("widget", group="lrb.test.none")
    reg.register("one", 1)
    with pytest.raises(DuplicateNameError, match="already registered"):
        reg.register("one", 2)
    reg.register("one", 3, replace=True)
    assert reg.get("one") == 3


def test_unknown_name_suggests_close_ones() -> None:
    reg: Registry[int] = Registry("adapter", group="lrb.test.none")
    reg.register("baseline", 1)
    reg.register("replay", 2)
    with pytest.raises(UnknownNameError, match=r"unknown adapter 'baselin'; did you mean 'baseline'\?"):
        reg.get("baselin")


def test_entry_points_are_discovered(plugin_path: Path) -> None:
    make_plugin(plugin_path, "lrb.test.widgets", {"shiny": "lrb_test_plugin:SHINY"}, "SHINY = 42\n")
    reg: Registry[int] = Registry("widget", group="lrb.test.widgets")
    assert reg.names() == ["shiny"] and reg.get("shiny") == 42


def test_entry_point_cannot_be_shadowed_silently(plugin_path: Path) -> None:
    make_plugin(plugin_path, "lrb.test.widgets", {"shiny": "lrb_test_plugin:SHINY"}, "SHINY = 42\n")
    reg: Registry[int] = Registry("widget", group="lrb.test.widgets")
    with pytest.raises(DuplicateNameError):
        reg.register("shiny", 7)


def test_broken_plugin_is_a_clear_refusal(plugin_path: Path) -> None:
    make_plugin(plugin_path, "lrb.test.widgets", {"broken": "lrb_test_plugin:MISSING"}, "X = 1\n")
    reg: Registry[int] = Registry("widget", group="lrb.test.widgets")
    with pytest.raises(PluginLoadError, match="cannot load widget 'broken' from lrb_test_plugin:MISSING"):
        reg.get("broken")


def test_builtin_scorers_and_adapters_load_through_entry_points() -> None:
    from benchmark.adapters.base import ADAPTERS
    from scorers.registry import SCORERS

    assert {"fact_exact", "evidence_set", "conflict_gap"} <= set(SCORERS.names())
    builtin = {"baseline", "replay", "python", "oracle", "refuse", "http", "openai", "ragflow"}
    assert builtin | {"llamaindex", "langchain"} <= set(ADAPTERS.names())
    assert SCORERS.origin("fact_exact") == "scorers.fact_exact"


def _builtin_tables() -> dict[str, dict[str, str]]:
    """Each registry's entry-point group and the built-ins it names in code."""
    from benchmark.adapters.base import BUILTIN_ADAPTERS
    from benchmark.judges.base import BUILTIN_JUDGES
    from benchmark.report import REPORT_FORMATS
    from scorers.registry import BUILTIN_COMPARATORS, BUILTIN_SCORERS

    return {
        "legal_rag_bench.adapters": BUILTIN_ADAPTERS,
        "legal_rag_bench.scorers": BUILTIN_SCORERS,
        "legal_rag_bench.comparators": BUILTIN_COMPARATORS,
        "legal_rag_bench.judges": BUILTIN_JUDGES,
        REPORT_FORMATS.group: {n: f"benchmark.report.formats:{n}" for n in REPORT_FORMATS.names()},
    }


def test_builtins_are_there_without_installation(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no distribution metadata at all (a checkout on sys.path, never installed), every built-in
    is still found by name and loads."""
    monkeypatch.setattr(registry_module, "entry_points", lambda group: [])
    for group, builtins in _builtin_tables().items():
        reg: Registry[object] = Registry("extension", group=group, builtins=builtins)
        assert reg.names() == sorted(builtins), group
        for name in ("replay", "fact_exact", "amount", "openai", "tsv"):
            if name in builtins:
                assert callable(reg.get(name)) or hasattr(reg.get(name), "score"), (group, name)


def test_the_entry_points_declared_for_builtins_match_the_code() -> None:
    """pyproject.toml declares the built-ins as entry points too (for tools that list a group): the same
    names and targets as the tables in code."""
    pyproject = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    declared = pyproject["project"]["entry-points"]
    for group, builtins in _builtin_tables().items():
        assert declared.get(group, {}) == builtins, group


def test_a_plugin_cannot_take_a_builtins_name(plugin_path: Path) -> None:
    make_plugin(plugin_path, "lrb.test.widgets", {"shiny": "lrb_test_plugin:OTHER"}, "OTHER = 1\n")
    reg: Registry[int] = Registry("widget", group="lrb.test.widgets", builtins={"shiny": "json:dumps"})
    with pytest.raises(DuplicateNameError, match=r"widget 'shiny' from package lrb-test-plugin .*built-in"):
        reg.names()


def test_a_builtin_cannot_be_registered_over_silently() -> None:
    reg: Registry[object] = Registry("widget", group="lrb.test.none", builtins={"dumps": "json:dumps"})
    with pytest.raises(DuplicateNameError, match="already registered by json"):
        reg.register("dumps", print)
    import json

    assert reg.get("dumps") is json.dumps
