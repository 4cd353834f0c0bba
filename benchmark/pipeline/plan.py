"""The work of a run before anything is asked: load the sets (validated, or only modelled when the very
same bytes were validated before: ``benchmark.pipeline.validated``), select the questions (``--type``,
``--tag``), check that every one is scorable, load the documents, and lay out the jobs (question x
trial) with their answer-cache keys.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

from benchmark.adapters.base import Query
from benchmark.cache import answer_key
from benchmark.errors import BenchmarkError, ConfigError
from benchmark.models import DocumentInfo, Question, QuestionSet
from benchmark.rundir import display_path
from benchmark.runner import Job

if TYPE_CHECKING:
    from benchmark.documents.case import Case
    from benchmark.documents.model import Document

SetsOrPaths = Union[str, Path, QuestionSet, Iterable[Union[str, Path, QuestionSet]], None]  # noqa: UP007


@dataclass
class Plan:
    """The selected questions with their sets and documents, in set-then-index order."""

    inputs: list[str]
    pairs: list[tuple[QuestionSet, Question]]
    documents: dict[str, Document | None]
    repeat: int = 1
    loaded: dict[str, str] = field(
        default_factory=dict
    )  # every set read from a file (selected or not) -> sha256
    warned: frozenset[str] = (
        frozenset()
    )  # sha256 of the sets with warnings: never trusted, so they warn again
    cases: dict[str, Case] = field(default_factory=dict)  # set path -> its case (shared: see case_key)

    def document(self, qs: QuestionSet) -> Document | None:
        return self.documents.get(str(qs.document_path))

    def case(self, qs: QuestionSet) -> Case | None:
        """The set's documents when it names them (a case file), loaded once for every set that shares them."""
        return self.cases.get(str(qs.path)) if qs.documents else None

    def query(self, qs: QuestionSet, q: Question) -> Query:
        """What the system under test receives for ``q`` (docs/contract.md §3)."""
        return query_for(qs, q, self.document(qs), self.case(qs))

    def jobs(self, identity_sha: str) -> list[Job]:
        out = []
        for i, (qs, q) in enumerate(self.pairs):
            doc, case = self.document(qs), self.case(qs)
            sha = case.sha256 if case is not None and doc is None else doc.sha256 if doc else ""
            canon: dict[str, Any] = {"type": q.type, "question": q.raw}
            if qs.system_instructions is not None:  # what the system is told is part of what it answers
                canon["system_instructions"] = qs.system_instructions.to_dict()
            query = self.query(qs, q)
            for trial in range(self.repeat):
                key = answer_key(identity_sha, canon, sha, trial)
                out.append(Job(seq=i * self.repeat + trial, query=query, trial=trial, key=key))
        return out

    def datasets(self) -> list[dict[str, Any]]:
        counts: dict[int, int] = {}
        for qs, _ in self.pairs:
            counts[id(qs)] = counts.get(id(qs), 0) + 1
        seen: dict[int, QuestionSet] = {id(qs): qs for qs, _ in self.pairs}
        out = []
        for key, qs in seen.items():
            doc, case = self.document(qs), self.case(qs)
            entry: dict[str, Any] = {
                "path": display_path(qs.path),
                "sha256": qs.sha256,
                "document": display_path(qs.document_path) if qs.document_path else None,
                "document_sha256": doc.sha256 if doc else case.sha256 if case else None,
                "questions": counts[key],
                **_criteria_entry(qs),
            }
            if case is not None:
                entry["documents"] = [
                    {"id": i.id, "path": display_path(i.path), "sha256": case.documents[i.id].sha256}
                    for i in case.infos
                ]
            out.append(entry)
        return out


def case_key(qs: QuestionSet) -> tuple[tuple[str, str], ...]:
    """Sets that name the same documents (ids and files) share one loaded case."""
    return tuple((i.id, str(i.path.resolve())) for i in qs.documents)


def _single(qs: QuestionSet) -> tuple[DocumentInfo, ...]:
    """A set over one unnamed document, as a list of one (its id is the file's name without extension)."""
    if qs.document_path is None:
        return ()
    ref = qs.document_ref or qs.document_path.name
    return (DocumentInfo(qs.document_path.stem, ref, qs.document_path),)


def query_for(qs: QuestionSet, q: Question, doc: Document | None, case: Case | None = None) -> Query:
    """What the system under test receives for ``q`` (docs/contract.md §3)."""
    return Query(
        question=q,
        document=doc,
        document_path=qs.document_path,
        set_name=qs.name,
        system_instructions=qs.system_instructions,
        documents=qs.documents or _single(qs),
        case=case,
    )


def _criteria_entry(qs: QuestionSet) -> dict[str, Any]:
    """What a report records of a set beyond its file: its gates, and that its system_instructions were
    passed to the system (only when the set has them, so other reports are unchanged)."""
    out: dict[str, Any] = {}
    if qs.criteria.gates:
        out["gates"] = {g.name: g.to_dict() for g in qs.criteria.gates}
    if qs.system_instructions is not None:
        si = qs.system_instructions
        out["system_instructions"] = {
            "sent": True,
            "rules": len(si.rules),
            "forbidden_behavior": len(si.forbidden_behavior),
            "required_behavior": si.required_behavior is not None,
        }
    return out


def _inputs(sets_or_paths: SetsOrPaths) -> list[str | Path | QuestionSet]:
    if sets_or_paths is None:
        from benchmark.resources import datasets_dir

        return [datasets_dir()]
    if isinstance(sets_or_paths, (str, Path, QuestionSet)):
        return [sets_or_paths]
    return list(sets_or_paths)


def _load_sets(
    items: list[str | Path | QuestionSet], document: str | Path | None, trusted: Collection[str]
) -> list[QuestionSet]:
    """Given sets first, then the sets found under the paths (in the order ``find_set_files`` gives).

    A set file whose bytes were validated before under the same schema (remembered by
    ``ValidatedSets``, or given in ``trusted``) is modelled without validating it again; a set validated
    now is remembered when it has no warnings (one with warnings is validated, and warns, every time)."""
    from benchmark.pipeline.validated import ValidatedSets
    from benchmark.questions import check_ids_across, find_set_files

    given = [i for i in items if isinstance(i, QuestionSet)]
    paths = [i for i in items if not isinstance(i, QuestionSet)]
    schema, memory = schema_sha256(), ValidatedSets()
    known = lambda sha: sha in trusted or memory.holds(sha, schema)  # noqa: E731
    loaded = [_load_one(f, document, known) for f in find_set_files(paths)] if paths else []
    memory.remember((qs.sha256 for qs, validated in loaded if validated and not qs.warnings), schema)
    sets = [qs for qs, _ in loaded]
    check_ids_across(sets)  # the same check (and message) as questions.load_question_sets
    if not given + sets:
        raise BenchmarkError("no question sets found", path=", ".join(map(str, paths)) or None)
    return given + sets


def _load_one(
    path: Path, document: str | Path | None, known: Callable[[str], bool]
) -> tuple[QuestionSet, bool]:
    """The set, and whether it was validated now (a set whose bytes are ``known`` is only modelled)."""
    import hashlib

    from benchmark.errors import QuestionSetError
    from benchmark.json_input import loads_document
    from benchmark.questions import build_question_set, load_question_set

    try:
        data = path.read_bytes()
    except (OSError, ValueError):
        data = b""
    if data and known(hashlib.sha256(data).hexdigest()):
        return build_question_set(path, loads_document(data, path, QuestionSetError), data, document), False
    return load_question_set(path, document), True


def _set_document(qs: QuestionSet, override: str | Path | None) -> Document:
    """The set's document; a refusal names the set too (a copied set whose document stayed behind)."""
    from benchmark.documents.loaders import load_document
    from benchmark.errors import DocumentError

    assert qs.document_path is not None
    try:
        return load_document(qs.document_path)
    except DocumentError as exc:
        where = display_path(qs.document_path)
        if override is not None:
            todo = "fix the --document path"
        elif "not found" in exc.problem:
            todo = f"copy the document to {where}, fix the set's document reference ({qs.document_ref!r}), or pass --document PATH"
        else:
            todo = "fix or convert the document, or pass another one with --document PATH"
        place = f"{where}: {exc.where}" if exc.where else where
        raise DocumentError(
            f"its document {place}: {exc.problem}: {todo}", path=display_path(qs.path)
        ) from None


def _set_case(qs: QuestionSet) -> Case:
    """The set's documents (a case file), loaded; a refusal names the set too."""
    from benchmark.documents.case import load_case
    from benchmark.errors import DocumentError

    try:
        return load_case(qs.documents)
    except DocumentError as exc:
        todo = "copy the document there, or fix its path in the set's documents list"
        raise DocumentError(f"{exc}: {todo}", path=display_path(qs.path)) from None


def schema_sha256() -> str:
    import hashlib

    from benchmark.resources import schema_path

    return hashlib.sha256(schema_path().read_bytes()).hexdigest()


def _selection_text(types: Sequence[str], tags: Sequence[str]) -> str:
    parts = [f"--type {t}" for t in types] + [f"--tag {t}" for t in tags]
    return " ".join(parts) or "(no filter)"


def plan(
    sets_or_paths: SetsOrPaths = None,
    *,
    types: Sequence[str] = (),
    tags: Sequence[str] = (),
    document: str | Path | None = None,
    repeat: int = 1,
    trusted: Collection[str] = (),
) -> Plan:
    """Load, select and check: every problem is a refusal before any system is asked anything.

    ``trusted``: sha256 of set files known to be valid under the current schema besides those
    ``ValidatedSets`` remembers (the sets a run recorded, when it is rescored); neither is validated again.
    """
    from benchmark.scoring import check_questions
    from benchmark.selection import select_questions

    items = _inputs(sets_or_paths)
    sets = _load_sets(items, document, trusted)
    pairs = list(select_questions(sets, types=types, tags=tags))
    if not pairs:
        where = ", ".join(display_path(s.path) for s in sets[:3]) + (" ..." if len(sets) > 3 else "")
        raise ConfigError(f"no questions match {_selection_text(types, tags)}", path=where)
    check_questions(pairs)
    documents: dict[str, Document | None] = {}
    shared: dict[tuple[tuple[str, str], ...], Case] = {}
    cases: dict[str, Case] = {}
    for qs in {id(qs): qs for qs, _ in pairs}.values():
        if str(qs.document_path) not in documents:
            documents[str(qs.document_path)] = _set_document(qs, document) if qs.document_path else None
        if qs.documents:
            key = case_key(qs)
            cases[str(qs.path)] = shared[key] if key in shared else shared.setdefault(key, _set_case(qs))
    inputs = [display_path(i.path if isinstance(i, QuestionSet) else i) for i in items]
    from_files = [s for s in sets if not any(s is i for i in items)]
    loaded = {display_path(s.path): s.sha256 for s in from_files}
    warned = frozenset(s.sha256 for s in sets if s.warnings)
    return Plan(inputs, pairs, documents, repeat, loaded, warned, cases)
