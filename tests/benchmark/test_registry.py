"""The name registry: entry-point discovery, duplicates refused, did-you-mean, broken plugins."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from benchmark.errors import DuplicateNameError, PluginLoadError, UnknownNameError
from benchmark.registry import Registry


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
