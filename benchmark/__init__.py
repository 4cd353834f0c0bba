"""legal-rag-bench: benchmark legal RAG systems on Chinese case files.

The public catalogue (imported lazily so that ``python -m benchmark --help`` stays fast):

- data: ``Question``, ``QuestionSet``, ``Answer``, ``Citation``, ``EvidenceItem``, ``Context``,
  ``Document``, ``DocumentInfo``, ``Case``
- loading: ``load_question_set``, ``load_question_sets``, ``load_document``, ``load_case``
- running: ``run``, ``rescore``, ``RunRecord``, ``QuestionResult``
- scoring: ``ScoreResult``, ``Component``
- extending: ``register_adapter``, ``register_scorer``, ``register_comparator``, ``register_judge``,
  ``register_report_format``
- errors: ``BenchmarkError``, ``AdapterError``
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_CATALOGUE = {
    "Question": "benchmark.models",
    "QuestionSet": "benchmark.models",
    "Answer": "benchmark.models",
    "Citation": "benchmark.models",
    "EvidenceItem": "benchmark.models",
    "Context": "benchmark.models",
    "DocumentInfo": "benchmark.models",
    "Document": "benchmark.documents.model",
    "Case": "benchmark.documents.case",
    "load_question_set": "benchmark.questions",
    "load_question_sets": "benchmark.questions",
    "load_document": "benchmark.documents.loaders",
    "load_case": "benchmark.documents.case",
    "run": "benchmark.api",
    "rescore": "benchmark.api",
    "RunRecord": "benchmark.results",
    "QuestionResult": "benchmark.results",
    "ScoreResult": "scorers.result",
    "Component": "scorers.result",
    "BenchmarkError": "benchmark.errors",
    "AdapterError": "benchmark.errors",
}

__all__ = [
    *_CATALOGUE,
    "register_adapter",
    "register_comparator",
    "register_judge",
    "register_report_format",
    "register_scorer",
]


def __getattr__(name: str) -> Any:
    if name in _CATALOGUE:
        return getattr(import_module(_CATALOGUE[name]), name)
    raise AttributeError(f"module 'benchmark' has no attribute {name!r}")


def register_adapter(name: str, factory: Any = None, *, replace: bool = False) -> Any:
    """Register an adapter factory ``(arg, options) -> adapter``; usable as a decorator."""
    from benchmark.adapters.base import ADAPTERS

    return ADAPTERS.register(name, factory, replace=replace)


def register_scorer(name: str, spec: Any = None, *, replace: bool = False) -> Any:
    """Register a ``scorers.registry.ScorerSpec`` under ``name``."""
    from scorers.registry import SCORERS

    return SCORERS.register(name, spec, replace=replace)


def register_comparator(name: str, fn: Any = None, *, replace: bool = False) -> Any:
    """Register a comparator for expected fields (see ``scorers.comparators``)."""
    from scorers.registry import COMPARATORS

    return COMPARATORS.register(name, fn, replace=replace)


def register_judge(name: str, factory: Any = None, *, replace: bool = False) -> Any:
    """Register a judge factory ``(arg, options) -> judge`` (see ``benchmark.judges.base``)."""
    from benchmark.judges.base import JUDGES

    return JUDGES.register(name, factory, replace=replace)


def register_report_format(name: str, renderer: Any = None, *, replace: bool = False) -> Any:
    """Register a report format ``(report, options) -> str`` for ``--render NAME`` (see
    ``benchmark.report``); usable as a decorator."""
    from benchmark.report import REPORT_FORMATS

    return REPORT_FORMATS.register(name, renderer, replace=replace)
