"""legal-rag-bench as a pytest plugin: question sets become tests, and ``rag_run`` serves threshold tests.

    pytest --rag-set datasets/transcript/fact_exact.json --rag-adapter python:my_app.rag:answer

collects one test item per question (named by its id; markers ``rag``, the type, ``difficulty_<d>`` and
``tag_<t>``), whose failure reads like a reviewer's note. The ``rag_run`` session fixture gives threshold
tests every question's result (``score(type)``, ``pass_rate``, ``coverage``, ``assert_no_regression``).
Every question is asked once per test run, also across xdist workers (see ``benchmark.pytest_support``).

The entry point pytest loads is the top-level module ``legal_rag_bench_pytest`` (options, the fixture,
the check that no project package shadows the tool's); it calls ``activate`` only when question sets
are given. Docs: docs/pytest.md.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from benchmark.models import Question
    from benchmark.pytest_run import RagRun
    from benchmark.pytest_support import RagOptions, RagState

STATE = "legal_rag_bench_state"
TOKEN_KEY = "legal_rag_bench_token"  # xdist workerinput: this test run's id, shared by the workers
COUNT_KEY = "legal_rag_bench_counts"  # xdist workeroutput: [asked, reused]


def activate(config: pytest.Config) -> None:
    """Load the sets (a bad set is a usage error, before any test) and register the run's hooks."""
    from benchmark.errors import BenchmarkError
    from benchmark.pytest_support import marker_names, read_options

    try:
        options = read_options(config)
        plugin = RagPlugin(config, options) if options is not None else None
    except BenchmarkError as exc:
        raise pytest.UsageError(f"legal-rag-bench: {exc}") from None
    if plugin is None:
        return
    config.pluginmanager.register(plugin, STATE)
    config.addinivalue_line("markers", "rag: a legal-rag-bench question (one test item per question)")
    for name in sorted({n for _, q in plugin.state.plan.pairs for n in marker_names(q)} - {"rag"}):
        config.addinivalue_line("markers", f"{name}: legal-rag-bench questions ({name})")


def _absolute(path: str | Path) -> Path:
    """Absolute and normalised, symlinks kept (a set reached through a link keeps its path)."""
    return Path(os.path.abspath(path))


def _nodeid(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        pass
    try:
        return Path(os.path.relpath(path, root)).as_posix()
    except ValueError:  # another drive (Windows)
        return path.as_posix()


class RagSetFile(pytest.File):
    """A question set file; its children are one ``RagItem`` per (selected) question."""

    def __init__(self, *, entries: list[tuple[int, Question]], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.entries = entries
        self._lines: dict[str, int] | None = None

    def line_of(self, question_id: str) -> int | None:
        """0-based line of the question's ``"id"`` in the file, for test locations (``file.json:12``)."""
        if self._lines is None:
            try:
                text = self.path.read_text(encoding="utf-8-sig")
            except OSError:
                text = ""
            found = re.finditer(r'"id"\s*:\s*"((?:[^"\\]|\\.)*)"', text)
            self._lines = {m.group(1): text.count("\n", 0, m.start()) for m in reversed(list(found))}
        return self._lines.get(question_id)

    def collect(self) -> Iterator[RagItem]:
        for index, question in self.entries:
            yield RagItem.from_parent(self, name=question.id, index=index, question=question)


class RagItem(pytest.Item):
    """One question: passes when the system's answer scores at least the pass threshold."""

    def __init__(self, *, index: int, question: Question, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        from benchmark.pytest_support import marker_names

        self.index, self.question = index, question
        for name in marker_names(question):
            self.add_marker(name)
        self.extra_keyword_matches.update([*question.tags, question.metadata.difficulty or question.type])

    def runtest(self) -> None:
        from benchmark.errors import BenchmarkError
        from benchmark.pytest_support import RagFailure

        plugin: RagPlugin = self.config.pluginmanager.getplugin(STATE)
        try:
            result = plugin.state.result(self.index)
        except BenchmarkError as exc:
            raise RagFailure(f"legal-rag-bench: {exc}") from None
        finally:
            plugin.publish_counts()
        self.user_properties += [("type", self.question.type), ("outcome", result.outcome)]
        if result.score is not None:
            self.user_properties.append(("score", f"{result.score:.4f}"))
        if result.outcome == "SKIP" and not plugin.options.skip_is_failure:
            raise _skip(result.skip_reason or "no answer")
        if result.outcome != "PASS":
            raise RagFailure(plugin.state.note(self.index))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        from benchmark.pytest_support import RagFailure

        if isinstance(excinfo.value, RagFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        line = self.parent.line_of(self.name) if isinstance(self.parent, RagSetFile) else None
        return self.path, line, f"{self.question.type} {self.name}"


def _skip(reason: str) -> BaseException:
    """A skip reported at the item's location (the set file), not inside this plugin."""
    try:
        return pytest.skip.Exception(reason, _use_item_location=True)
    except TypeError:  # pytest without the keyword
        return pytest.skip.Exception(reason)


class RagPlugin:
    """The hooks of a run that has question sets (registered by ``pytest_configure`` only then)."""

    def __init__(self, config: pytest.Config, options: RagOptions) -> None:
        from benchmark.pytest_support import RagState
        from benchmark.rundir import new_run_id

        self.config, self.options = config, options
        worker = getattr(config, "workerinput", None)
        self.worker = worker is not None
        token = str(worker.get(TOKEN_KEY) or "") if worker is not None else ""
        self.token = token or new_run_id()
        self.state: RagState = RagState(options, self.token, shared=self.worker)
        self.counts = [0, 0]  # asked, reused: this process's plus (on the controller) its workers'
        self._run: RagRun | None = None
        self.by_set: dict[Path, list[tuple[int, Question]]] = {}
        for index, (qs, q) in enumerate(self.state.plan.pairs):
            self.by_set.setdefault(_absolute(qs.path), []).append((index, q))
        self.wanted = self._wanted()

    def _wanted(self) -> set[Path]:
        """``--rag-set``: every set. Sets from the ini file: all when pytest was given no paths (like
        ``testpaths``), else those under the paths given, so ``pytest tests/unit`` stays a unit-test run."""
        every = {path for path in self.by_set}
        if self.options.from_command_line or self.config.args_source != pytest.Config.ArgsSource.ARGS:
            return every
        here = self.config.invocation_params.dir
        targets = [_absolute(here / str(a).split("::")[0]) for a in self.config.args]
        return {s for s in every if any(s == t or t in s.parents for t in targets)}

    def pytest_collect_file(self, file_path: Path, parent: pytest.Collector) -> RagSetFile | None:
        """A set inside the tree pytest walks is collected in place (``pytest questions.json::fact_001``)."""
        path = _absolute(file_path)
        if path not in self.wanted:
            return None
        return RagSetFile.from_parent(parent, path=file_path, entries=self.by_set[path])

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_modifyitems(self, session: pytest.Session, items: list[pytest.Item]) -> None:
        """The other sets' items, added before ``-k``, ``-m``, ``--lf`` and ``--deselect`` choose."""
        present = {_absolute(i.path) for i in items if isinstance(i, RagItem)}
        for path in [p for p in self.by_set if p in self.wanted and p not in present]:
            node = RagSetFile.from_parent(
                session, path=path, nodeid=_nodeid(path, self.config.rootpath), entries=self.by_set[path]
            )
            items.extend(session.genitems(node))

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.state.selected = [i.index for i in session.items if isinstance(i, RagItem)]

    def pytest_report_header(self, config: pytest.Config) -> str:
        mode = "answers from earlier runs reused" if self.options.resume else "answers of this run only"
        sets = len({str(qs.path) for qs, _ in self.state.plan.pairs})
        return (
            f"legal-rag-bench: adapter {self.options.adapter}; {sets} set(s), "
            f"{len(self.state.plan.pairs)} questions; cache {_nodeid(self.options.cache, config.rootpath)} ({mode})"
        )

    def publish_counts(self) -> None:
        pool = self.state.pool
        if self.worker:
            self.config.workeroutput[COUNT_KEY] = [pool.asked, pool.reused]  # type: ignore[attr-defined]

    @pytest.hookimpl(optionalhook=True)
    def pytest_configure_node(self, node: Any) -> None:
        node.workerinput[TOKEN_KEY] = self.token

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: object) -> None:
        asked, reused = getattr(node, "workeroutput", {}).get(COUNT_KEY, [0, 0])
        self.counts = [self.counts[0] + asked, self.counts[1] + reused]

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        asked = self.counts[0] + self.state.pool.asked
        reused = self.counts[1] + self.state.pool.reused
        if asked or reused:
            extra = f"; {reused} answer(s) reused from earlier runs" if reused else ""
            terminalreporter.write_line(f"legal-rag-bench: asked the system {asked} question(s){extra}")

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        if not self.worker:
            self.state.pool.skips_path.unlink(missing_ok=True)

    def rag_run(self) -> RagRun:
        """Every question of the sets, asked (whatever was not asked yet) and scored once per process."""
        from benchmark.errors import BenchmarkError
        from benchmark.pytest_run import RagRun

        if self._run is None:
            try:
                record = self.state.record()
            except BenchmarkError as exc:
                pytest.fail(f"legal-rag-bench: {exc}", pytrace=False)
            finally:
                self.publish_counts()
            self._run = RagRun(record, store=self.options.store, root=self.config.rootpath)
        return self._run
