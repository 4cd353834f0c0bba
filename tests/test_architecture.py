"""The import rules of docs/architecture.md, read off the source with ``ast``.

Every ``.py`` file of ``benchmark/`` and ``scorers/`` is parsed. For the layer rules every ``import``
counts: at module level, inside a function, or under ``if TYPE_CHECKING:`` (a type is a dependency
too). For cycles every import that runs counts, inside a function too (an import inside a function
hides a cycle, it does not remove it); only imports for type checking, which never run, do not. A
failure lists each broken rule as ``file:line: what imports what: rule``.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OURS = ("benchmark", "scorers")


@dataclass(frozen=True)
class Import:
    source: str  # the importing module, e.g. "benchmark.documents.model"
    target: str  # the imported module: ours resolved to the nearest module, else as written
    file: str  # path relative to the root
    line: int
    in_function: bool
    type_only: bool = False  # under ``if TYPE_CHECKING:``

    def __str__(self) -> str:
        where = "inside a function" if self.in_function else "at module level"
        where += ", for type checking" if self.type_only else ""
        return f"{self.file}:{self.line}: {self.source} imports {self.target} ({where})"


def find_modules(root: Path) -> dict[str, Path]:
    """Dotted name -> file, for every module of our packages under ``root``."""
    out = {}
    for top in OURS:
        for path in sorted((root / top).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _nearest(name: str, modules: dict[str, Path]) -> str:
    """``name`` cut back to a module we have (``benchmark.text.fold`` -> ``benchmark.text``)."""
    while name not in modules and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def _absolute(source: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = source.split(".") if is_package else source.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _targets(
    node: ast.Import | ast.ImportFrom, source: str, path: Path, modules: dict[str, Path]
) -> list[str]:
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        module = _absolute(source, path.name == "__init__.py", node)
        names = [f"{module}.{a.name}" if f"{module}.{a.name}" in modules else module for a in node.names]
    return [_nearest(n, modules) if n.split(".")[0] in OURS else n for n in names]


def imports_of(source: str, path: Path, root: Path, modules: dict[str, Path]) -> Iterator[Import]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    inside: set[int] = set()
    typing: set[int] = set()
    for block in ast.walk(tree):
        if isinstance(block, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inside.update(id(n) for n in ast.walk(block) if n is not block)
        elif isinstance(block, ast.If) and _is_type_checking(block.test):
            typing.update(id(n) for stmt in block.body for n in ast.walk(stmt))
    file = str(path.relative_to(root))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for target in dict.fromkeys(_targets(node, source, path, modules)):
                if target != source:
                    yield Import(source, target, file, node.lineno, id(node) in inside, id(node) in typing)


def _is_type_checking(test: ast.expr) -> bool:
    """``if TYPE_CHECKING:`` or ``if typing.TYPE_CHECKING:``."""
    name = test.attr if isinstance(test, ast.Attribute) else test.id if isinstance(test, ast.Name) else ""
    return name == "TYPE_CHECKING"


def all_imports(root: Path) -> list[Import]:
    modules = find_modules(root)
    found = [imp for name, path in modules.items() for imp in imports_of(name, path, root, modules)]
    return sorted(found, key=lambda i: (i.file, i.line, i.target))


# --- the rules ----------------------------------------------------------------------------------


def _in(name: str, *packages: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def _ours(name: str) -> bool:
    return _in(name, *OURS)


@dataclass(frozen=True)
class Rule:
    text: str
    applies: Callable[[str], bool]  # to the importing module
    allowed: Callable[[str, str], bool]  # (source, target) -> fine


ENTRY_POINTS = ("benchmark.__main__", "benchmark.test_runner")  # scripts that may call the CLI

RULES = (
    Rule(
        "benchmark.text is the bottom layer: it imports only the standard library and third-party packages",
        lambda s: _in(s, "benchmark.text"),
        lambda s, t: not _ours(t) or _in(t, "benchmark.text"),
    ),
    Rule(
        "benchmark.documents imports only benchmark.text, benchmark.errors and benchmark.json_input",
        lambda s: _in(s, "benchmark.documents"),
        lambda s, t: (
            not _ours(t)
            or _in(t, "benchmark.documents", "benchmark.text", "benchmark.errors", "benchmark.json_input")
        ),
    ),
    Rule(
        "adapters never import scorers, report, runner, api or cli",
        lambda s: _in(s, "benchmark.adapters"),
        lambda s, t: (
            not _in(t, "scorers", "benchmark.report", "benchmark.runner", "benchmark.api", "benchmark.cli")
        ),
    ),
    Rule(
        "scorers never import adapters, api, runner, report, cli or store",
        lambda s: _in(s, "scorers"),
        lambda s, t: (
            not _in(
                t,
                "benchmark.adapters",
                "benchmark.api",
                "benchmark.runner",
                "benchmark.report",
                "benchmark.cli",
                "benchmark.store",
            )
        ),
    ),
    Rule(
        "report never imports adapters",
        lambda s: _in(s, "benchmark.report"),
        lambda s, t: not _in(t, "benchmark.adapters"),
    ),
    Rule(
        f"cli is imported only by its own modules and the entry points ({', '.join(ENTRY_POINTS)})",
        lambda s: not _in(s, "benchmark.cli", *ENTRY_POINTS),
        lambda s, t: not _in(t, "benchmark.cli"),
    ),
    Rule(
        "nothing imports the catalogue benchmark/__init__.py (it imports the rest lazily)",
        lambda s: s != "benchmark",
        lambda s, t: t != "benchmark",
    ),
)


def rule_violations(imports: list[Import]) -> list[str]:
    return [
        f"{imp}: {rule.text}"
        for imp in imports
        for rule in RULES
        if rule.applies(imp.source) and not rule.allowed(imp.source, imp.target)
    ]


def package_of(module: str, modules: dict[str, Path]) -> str:
    """The unit cycles between packages are counted in: a sub-package of ``benchmark``
    (``benchmark.adapters``), ``scorers``, or a top-level module of ``benchmark`` itself."""
    parts = module.split(".")
    if parts[0] == "scorers" or len(parts) == 1:
        return parts[0]
    first = modules.get(module) if len(parts) == 2 else None
    return module if first is not None and first.name != "__init__.py" else ".".join(parts[:2])


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def cycle_violations(imports: list[Import], group: Callable[[str], str], what: str) -> list[str]:
    """One message per import that lies on a cycle of the graph ``group`` makes of the imports that run."""
    ours = [i for i in imports if _ours(i.target) and not i.type_only]
    graph: dict[str, set[str]] = {}
    for imp in ours:
        a, b = group(imp.source), group(imp.target)
        if a != b:
            graph.setdefault(a, set()).add(b)
    out = []
    for component in _cycles(graph):
        members = set(component)
        for imp in ours:
            a, b = group(imp.source), group(imp.target)
            if a != b and a in members and b in members:
                out.append(f"{imp}: no import cycles between {what} (cycle: {' <-> '.join(component)})")
    return out


def violations(root: Path) -> list[str]:
    imports = all_imports(root)
    modules = find_modules(root)
    return (
        rule_violations(imports)
        + cycle_violations(imports, lambda m: m, "modules")
        + cycle_violations(imports, lambda m: package_of(m, modules), "packages")
    )


# --- the tests ----------------------------------------------------------------------------------


def test_the_import_rules_hold() -> None:
    broken = violations(ROOT)
    assert not broken, f"{len(broken)} import(s) break the rules of docs/architecture.md:\n" + "\n".join(
        broken
    )


def test_every_module_is_seen() -> None:
    modules = find_modules(ROOT)
    assert {
        "benchmark.text.folding",
        "benchmark.documents.model",
        "scorers.fact_exact",
        "benchmark.cli",
    } <= set(modules)
    assert len(all_imports(ROOT)) > 300


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for top in OURS:
        (tmp_path / top).mkdir(exist_ok=True)
    return tmp_path


def test_a_broken_rule_is_named_with_its_file_and_line(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "benchmark/__init__.py": "",
            "benchmark/text/__init__.py": "",
            "benchmark/text/folding.py": "import re\nfrom benchmark.errors import BenchmarkError\n",
            "benchmark/errors.py": "",
            "benchmark/documents/model.py": "def f():\n    from scorers.evidence import folded\n",
            "benchmark/adapters/fake.py": "from ..report import html\n",
            "benchmark/report/html.py": "",
            "benchmark/sweep.py": "from benchmark.cli.run_options import read_toml\n",
            "benchmark/cli/run_options.py": "",
            "scorers/evidence.py": "from benchmark.text.folding import fold\n",
        },
    )
    assert violations(root) == [
        "benchmark/adapters/fake.py:1: benchmark.adapters.fake imports benchmark.report.html (at module level): "
        "adapters never import scorers, report, runner, api or cli",
        "benchmark/documents/model.py:2: benchmark.documents.model imports scorers.evidence (inside a function): "
        "benchmark.documents imports only benchmark.text, benchmark.errors and benchmark.json_input",
        "benchmark/sweep.py:1: benchmark.sweep imports benchmark.cli.run_options (at module level): cli is imported "
        "only by its own modules and the entry points (benchmark.__main__, benchmark.test_runner)",
        "benchmark/text/folding.py:2: benchmark.text.folding imports benchmark.errors (at module level): "
        "benchmark.text is the bottom layer: it imports only the standard library and third-party packages",
    ]


@pytest.mark.parametrize("late", [False, True])
def test_a_cycle_is_found_even_through_an_import_inside_a_function(tmp_path: Path, late: bool) -> None:
    back = "def f():\n    from scorers.keypoints import x\n" if late else "from scorers.keypoints import x\n"
    root = _tree(
        tmp_path,
        {
            "scorers/__init__.py": "",
            "scorers/keypoints.py": "from scorers.semantic import y\n",
            "scorers/semantic.py": back,
        },
    )
    where = "inside a function" if late else "at module level"
    assert violations(root) == [
        "scorers/keypoints.py:1: scorers.keypoints imports scorers.semantic (at module level): "
        "no import cycles between modules (cycle: scorers.keypoints <-> scorers.semantic)",
        f"scorers/semantic.py:{2 if late else 1}: scorers.semantic imports scorers.keypoints ({where}): "
        "no import cycles between modules (cycle: scorers.keypoints <-> scorers.semantic)",
    ]


def test_an_import_for_type_checking_breaks_a_layer_rule_but_makes_no_cycle(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "benchmark/__init__.py": "",
            "benchmark/gates.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from benchmark.results import R\n",
            "benchmark/results.py": "def f():\n    from benchmark.gates import g\n",
            "benchmark/documents/model.py": "import typing\nif typing.TYPE_CHECKING:\n    from scorers.result import S\n",
            "scorers/__init__.py": "",
            "scorers/result.py": "",
        },
    )
    assert violations(root) == [
        "benchmark/documents/model.py:3: benchmark.documents.model imports scorers.result (at module level, for "
        "type checking): benchmark.documents imports only benchmark.text, benchmark.errors and benchmark.json_input",
    ]


def test_a_cycle_between_packages_is_found(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "benchmark/__init__.py": "",
            "benchmark/scoring.py": "from scorers.registry import SCORERS\n",
            "scorers/__init__.py": "",
            "scorers/registry.py": "",
            "scorers/fact_exact.py": "from benchmark.scoring import score_answer\n",
        },
    )
    assert violations(root) == [
        "benchmark/scoring.py:1: benchmark.scoring imports scorers.registry (at module level): "
        "no import cycles between packages (cycle: benchmark.scoring <-> scorers)",
        "scorers/fact_exact.py:1: scorers.fact_exact imports benchmark.scoring (at module level): "
        "no import cycles between packages (cycle: benchmark.scoring <-> scorers)",
    ]


# --- no text-keyed caches in the scorers (docs/architecture.md, "Work done once") ----------------

CACHE_FREE = ("scorers", "benchmark/text")
_CACHE_NAMES = frozenset({"lru_cache", "cache", "cached", "memoize"})
_CACHE_MODULES = frozenset({"functools", "cachetools", "joblib"})


def _is_cache(node: ast.expr) -> bool:
    """``lru_cache``, ``functools.cache``, ``cachetools.cached`` ..., called or not."""
    if isinstance(node, ast.Call):
        return _is_cache(node.func)
    if isinstance(node, ast.Attribute):
        return node.attr in _CACHE_NAMES
    return isinstance(node, ast.Name) and node.id in _CACHE_NAMES


def cache_uses(path: Path, root: Path) -> list[str]:
    """Where ``path`` makes a process-wide cache, one finding a line: imports one (``cached_property``
    is per object and allowed), decorates with one, or wraps a function in one."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: dict[int, str] = {}
    for node in ast.walk(tree):  # a def before its decorator, an outer call before the inner one
        what = None
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in _CACHE_MODULES:
            names = [a.name for a in node.names if a.name in _CACHE_NAMES]
            if names or node.module != "functools":
                what = f"imports {', '.join(names) or node.module}"
        elif isinstance(node, ast.Import) and any(
            a.name.split(".")[0] in _CACHE_MODULES - {"functools"} for a in node.names
        ):
            what = "imports a cache library"
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            cached = [d for d in node.decorator_list if _is_cache(d)]
            if cached:
                found.setdefault(cached[0].lineno, f"{node.name} is cached")
        elif isinstance(node, ast.Call) and _is_cache(node.func):
            what = "wraps a function in a cache"
        if what is not None:
            found.setdefault(node.lineno, what)
    where = path.relative_to(root).as_posix()
    return [f"{where}:{line}: {what}" for line, what in sorted(found.items())]


def all_cache_uses(root: Path) -> list[str]:
    return [
        use
        for top in CACHE_FREE
        for path in sorted((root / top).rglob("*.py"))
        for use in cache_uses(path, root)
    ]


def test_scorers_and_text_readers_keep_no_cache() -> None:
    """Per-question work is held by the question (``Question.derived``), per-answer work by the answer's
    objects: a module-level cache keyed by a text is what docs/architecture.md rules out."""
    assert all_cache_uses(ROOT) == []


def test_a_cache_is_found_however_it_is_made(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "scorers/a.py": "from functools import lru_cache\n\n@lru_cache(maxsize=8)\ndef f(t): return t\n",
            "scorers/b.py": "import functools\n\ng = functools.cache(len)\n",
            "benchmark/text/c.py": "import functools\n\n@functools.lru_cache\ndef h(t): return t\n",
            "benchmark/text/d.py": "from functools import cached_property\n\nclass A:\n    @cached_property\n"
            "    def x(self): return 1\n",
            "benchmark/other.py": "from functools import lru_cache\n",
        },
    )
    assert all_cache_uses(root) == [
        "scorers/a.py:1: imports lru_cache",
        "scorers/a.py:3: f is cached",
        "scorers/b.py:3: wraps a function in a cache",
        "benchmark/text/c.py:3: h is cached",
    ]
