"""Load question sets of either dialect, validate them against ``schema.json``, build the typed model.

Every problem becomes a ``QuestionSetError`` naming the file, the JSON path and the rule; nothing
else escapes (see tests/benchmark/test_questions_fuzz.py).
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from benchmark.case_set import document_problems, read_documents, reference_problems
from benchmark.criteria import read_criteria
from benchmark.errors import QuestionSetError
from benchmark.json_input import MAX_SET_BYTES, loads_document, read_limited
from benchmark.models import (
    PENALTY_WORDS,
    QUESTION_TYPES,
    AmountPart,
    DateRange,
    EvidenceLocation,
    Expected,
    LineRange,
    Metadata,
    Question,
    QuestionSet,
    RequiredEvidence,
    SystemInstructions,
)
from benchmark.resources import schema_path

MAX_REPORTED_ERRORS = 20
_log = logging.getLogger("benchmark.questions")


@lru_cache(maxsize=1)
def _validator() -> Any:
    from jsonschema import Draft202012Validator

    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    return Draft202012Validator(inline_refs(schema, schema.get("$defs", {})))


def inline_refs(node: Any, defs: Mapping[str, Any], seen: tuple[str, ...] = ()) -> Any:
    """The schema with each bare ``{"$ref": "#/$defs/NAME"}`` replaced by that definition (a cycle is left
    as a reference). It validates the same in about 30% less time: resolving references was that share
    of validating a 2,000-question set (profiled)."""
    if isinstance(node, Mapping):
        ref = node.get("$ref")
        if len(node) == 1 and isinstance(ref, str) and ref not in seen:
            name = ref.removeprefix("#/$defs/")
            if ref.startswith("#/$defs/") and name in defs:
                return inline_refs(defs[name], defs, (*seen, ref))
        return {k: v if k == "$defs" else inline_refs(v, defs, seen) for k, v in node.items()}
    if isinstance(node, list):
        return [inline_refs(v, defs, seen) for v in node]
    return node


def json_path(parts: Iterable[object]) -> str:
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def read_json(path: Path) -> Any:
    """A set file's JSON value and bytes, decoded strictly (``benchmark.json_input``)."""
    data = read_limited(path, MAX_SET_BYTES, QuestionSetError, "file")
    return loads_document(data, path, QuestionSetError), data


def schema_errors(obj: Any) -> list[tuple[str, str]]:
    """(JSON path, problem) for every schema violation, most specific first, deduplicated (unknown keys too)."""
    problems, unknown = schema_problems(obj)
    return problems + unknown


def schema_problems(obj: Any) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(errors, unknown keys): each a list of (JSON path, problem). An unknown key is a warning, one per
    key, unless ``validate --strict`` asks for a refusal."""
    if not isinstance(obj, dict):
        return [("$", f"the root must be an object, got {type(obj).__name__}")], []
    errors = sorted(_validator().iter_errors(obj), key=lambda e: (list(map(str, e.absolute_path)), e.message))
    out: list[tuple[str, str]] = []
    unknown: list[tuple[str, str]] = []
    for err in errors:
        for leaf in _leaf_errors(err):
            if leaf.validator == "additionalProperties":
                items = [(json_path(leaf.absolute_path), m) for m in _unknown_keys(leaf)]
                unknown += [i for i in items if i not in unknown]
                continue
            item = (json_path(leaf.absolute_path), _describe(leaf))
            if item not in out:
                out.append(item)
    return out, unknown


def _leaf_errors(err: Any) -> list[Any]:
    """For oneOf/anyOf failures, the alternatives' own messages are clearer than the umbrella one."""
    if err.validator in ("oneOf", "anyOf") and err.context:
        return [err]
    return [err]


def _describe(err: Any) -> str:
    v = err.validator
    if v == "enum":
        return f"{err.instance!r} is not one of {err.validator_value}"
    if v == "oneOf" and "hallucination_penalty" in [str(p) for p in err.absolute_path]:
        return f"{err.instance!r} must be 'high', 'medium', 'low' or a number from 0 to 1"
    if v == "oneOf":
        return f"{err.instance!r} is not valid here ({err.schema.get('description', 'see schema.json')})"
    if v == "not" and err.validator_value == {"required": ["document", "documents"]}:
        return "give either 'document' (one document) or 'documents' (a case file), not both"
    if v == "pattern" and "description" in err.schema:
        return f"{err.instance!r} does not match the expected form {err.schema['description']}"
    return str(err.message)


def _unknown_keys(err: Any) -> list[str]:
    """One message per unknown key, with the closest allowed key when there is one."""
    import difflib

    allowed = sorted(err.schema.get("properties", {}))
    patterns = list(err.schema.get("patternProperties", {}))
    extra = sorted(k for k in err.instance if k not in allowed and not _matches_any(str(k), patterns))
    out = []
    for key in extra:
        close = difflib.get_close_matches(key, allowed, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else f"; allowed here: {', '.join(allowed)}"
        out.append(f"unknown key {key!r}{hint}")
    return out


def _matches_any(key: str, patterns: list[str]) -> bool:
    import re

    return any(re.search(p, key) for p in patterns)


def load_question_set(
    path: str | Path, document: str | Path | None = None, *, strict: bool = False
) -> QuestionSet:
    """Read, validate and model one set; ``document`` overrides the document it names. Unknown keys are
    warnings (logged, and kept in ``QuestionSet.warnings``); with ``strict`` they are refused."""
    from benchmark.hints import document_kind, looks_like_document_json, not_a_set

    p = Path(path)
    kind = document_kind(p)
    if kind is not None:
        raise QuestionSetError(not_a_set(p, kind), path=p)
    obj, data = read_json(p)
    if looks_like_document_json(obj):
        raise QuestionSetError(not_a_set(p, "OCR page JSON"), path=p)
    problems, unknown = schema_problems(obj)
    if strict:
        problems += [(w, f"{m}; refused by --strict (prefix your own keys with 'x-')") for w, m in unknown]
    if problems:
        raise _many(p, problems)
    notes = [f"{p}: {w}: {m}; ignored (prefix your own keys with 'x-')" for w, m in unknown]
    return build_question_set(p, obj, data, document, notes)


def _many(path: Path, problems: list[tuple[str, str]]) -> QuestionSetError:
    shown = problems[:MAX_REPORTED_ERRORS]
    first_where, first_problem = shown[0]
    if len(shown) == 1:
        return QuestionSetError(first_problem, path=path, where=first_where)
    more = f"\n  ... and {len(problems) - len(shown)} more" if len(problems) > len(shown) else ""
    rest = "".join(f"\n  {path}: {w}: {m}" for w, m in shown[1:])
    err = QuestionSetError(f"{first_problem}{rest}{more}", path=path, where=first_where)
    err.problems = problems  # type: ignore[attr-defined]
    return err


def build_question_set(
    path: Path,
    obj: dict[str, Any],
    data: bytes,
    document: str | Path | None,
    warnings: Iterable[str] = (),
) -> QuestionSet:
    dialect = "upstream" if "benchmark_name" in obj else "seed"
    default_type = obj.get("benchmark_type")
    questions = [_question(path, i, q, default_type) for i, q in enumerate(obj["questions"])]
    _check_unique_ids(path, questions)
    documents = read_documents(path, obj, dialect, document)
    problems = document_problems(obj, dialect) + reference_problems(documents, questions)
    if problems:
        raise _many(path, problems)
    criteria, criteria_warnings = read_criteria(path, obj, [q.type for q in questions], default_type)
    notes = (*warnings, *criteria_warnings)
    for note in notes:
        _log.warning("%s", note)
    if dialect == "upstream":
        info = obj.get("document_info") or {}
        ref = info.get("source_path") if isinstance(info, Mapping) else None
        name = obj["benchmark_name"]
    else:
        ref = obj.get("document")
        name = path.stem
    if isinstance(ref, str) and "\x00" in ref:
        where = "$.document_info.source_path" if dialect == "upstream" else "$.document"
        raise QuestionSetError("the document path holds a NUL character", path=path, where=where)
    doc_path = Path(document) if document is not None else (path.parent / ref if ref else None)
    if len(documents) == 1:  # a case of one document is scored as a set over that document
        ref, doc_path = documents[0].ref, documents[0].path
    return QuestionSet(
        path=path,
        dialect=dialect,
        name=str(name),
        description=str(obj.get("description", "")),
        document_ref=ref,
        document_path=doc_path,
        questions=questions,
        criteria=criteria,
        sha256=hashlib.sha256(data).hexdigest(),
        raw=obj,
        documents=documents,
        system_instructions=_instructions(obj.get("system_instructions")),
        warnings=notes,
    )


def _instructions(value: Any) -> SystemInstructions | None:
    if not isinstance(value, Mapping):
        return None
    behavior = value.get("required_behavior")
    return SystemInstructions(
        required_behavior=behavior if isinstance(behavior, str) and behavior.strip() else None,
        rules=tuple(str(r) for r in value.get("rules") or () if str(r).strip()),
        forbidden_behavior=tuple(str(r) for r in value.get("forbidden_behavior") or () if str(r).strip()),
    )


def _check_unique_ids(path: Path, questions: list[Question]) -> None:
    seen: dict[str, int] = {}
    for q in questions:
        if q.id in seen:
            raise QuestionSetError(
                f"duplicate question id {q.id!r} (first at $.questions[{seen[q.id]}])",
                path=path,
                where=f"$.questions[{q.index}].id",
            )
        seen[q.id] = q.index


def _pick(q: Mapping[str, Any], expected: Mapping[str, Any], key: str) -> Any:
    """conflict_gap fields live at the question's top level in the wild, or under ``expected``."""
    return q[key] if key in q else expected.get(key)


def _location(value: Any) -> EvidenceLocation | None:
    if not isinstance(value, Mapping):
        return None
    text = value.get("must_include") or value.get("quote")
    return EvidenceLocation(
        page=value.get("page"),
        lines=LineRange.parse(value.get("lines")),
        document=value.get("document"),
        text=text if isinstance(text, str) and text.strip() else None,
    )


def _accepted(value: Any) -> str | tuple[str, ...] | None:
    """``text_answer`` / ``entity``: one string, or a list of accepted answers (kept as a tuple)."""
    return tuple(value) if isinstance(value, list) else value


def _penalty(value: Any) -> float | None:
    if isinstance(value, str):
        return PENALTY_WORDS[value]
    return float(value) if isinstance(value, (int, float)) else None


def _question(path: Path, index: int, q: dict[str, Any], default_type: str | None) -> Question:
    exp = q.get("expected") or {}
    qtype = q.get("type") or default_type or _infer_type(q, exp)
    if qtype not in QUESTION_TYPES:
        raise QuestionSetError(
            "question has no 'type' and the file has no 'benchmark_type' to inherit",
            path=path,
            where=f"$.questions[{index}]",
        )
    should_abstain = _pick(q, exp, "should_abstain")
    expected = Expected(
        amount_total=exp.get("amount_total"),
        amount_breakdown=tuple(
            AmountPart(p["amount"], p.get("description")) for p in exp.get("amount_breakdown", ())
        ),
        date=exp.get("date"),
        date_range=DateRange(exp["date_range"]["start"], exp["date_range"]["end"])
        if "date_range" in exp
        else None,
        count=exp.get("count"),
        text_answer=_accepted(exp.get("text_answer")),
        boolean_answer=exp.get("boolean_answer"),
        entity=_accepted(exp.get("entity")),
        evidence_count_min=exp.get("evidence_count_min"),
        key_points=tuple(exp.get("key_points", ())),
        should_abstain=should_abstain,
        conflict_detected=_pick(q, exp, "conflict_detected"),
    )
    meta = q.get("metadata") or {}
    return Question(
        id=q["id"],
        type=qtype,
        question=q["question"],
        expected=expected,
        required_evidence=tuple(
            RequiredEvidence(
                page=e["page"],
                must_include=e["must_include"],
                section=e.get("section"),
                speaker=e.get("speaker"),
                is_critical=e.get("is_critical"),
                document=e.get("document"),
                lines=LineRange.parse(e.get("lines")),
            )
            for e in q.get("required_evidence", ())
        ),
        scoring=dict(q.get("scoring") or {}),
        metadata=Metadata(
            difficulty=meta.get("difficulty"),
            category=meta.get("category"),
            tags=tuple(meta.get("tags", ())),
            notes=meta.get("notes"),
        ),
        should_abstain=should_abstain,
        hallucination_penalty=_penalty(_pick(q, exp, "hallucination_penalty")),
        required_quote=_pick(q, exp, "required_quote"),
        additional_quotes=tuple(_pick(q, exp, "additional_quotes") or ()),
        evidence_location=_location(_pick(q, exp, "evidence_location")),
        additional_evidence=tuple(
            loc for loc in (_location(x) for x in (_pick(q, exp, "additional_evidence") or ())) if loc
        ),
        expected_behavior=_pick(q, exp, "expected_behavior"),
        set_path=str(path),
        index=index,
        raw=q,
    )


_GAP_KEYS = (
    "should_abstain",
    "required_quote",
    "conflict_detected",
    "hallucination_penalty",
    "expected_behavior",
)


def _infer_type(q: Mapping[str, Any], exp: Mapping[str, Any]) -> str | None:
    """A question with no type anywhere but conflict_gap fields is a conflict_gap question."""
    if any(k in q or k in exp for k in _GAP_KEYS):
        return "conflict_gap"
    return None


def find_set_files(paths: Iterable[str | Path]) -> list[Path]:
    """Expand folders to the question sets in them (recursively, sorted).

    In a folder, JSON files whose root is a list are documents (OCR page lists), not sets, and
    are passed over; any other JSON file is treated as a set and must validate.
    """
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            out.extend(f for f in sorted(p.rglob("*.json")) if _looks_like_set(f))
        elif p.exists():
            out.append(p)
        else:
            from benchmark.hints import path_hint

            raise QuestionSetError(f"no such file or folder{path_hint(p)}", path=p)
    return out


def _looks_like_set(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            head = fh.read(512).lstrip(b"\xef\xbb\xbf \t\r\n")
    except OSError:
        return True
    return not head.startswith(b"[")


def load_question_sets(paths: Iterable[str | Path], document: str | Path | None = None) -> list[QuestionSet]:
    sets = [load_question_set(p, document) for p in find_set_files(paths)]
    check_ids_across(sets)
    return sets


def check_ids_across(sets: list[QuestionSet]) -> None:
    seen: dict[str, Path] = {}
    for qs in sets:
        for q in qs.questions:
            if q.id in seen and seen[q.id] != qs.path:
                raise QuestionSetError(
                    f"question id {q.id!r} is also used in {seen[q.id]}; ids must be unique across the sets of a run",
                    path=qs.path,
                    where=f"$.questions[{q.index}].id",
                )
            seen[q.id] = qs.path
