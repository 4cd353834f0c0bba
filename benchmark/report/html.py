"""Self-contained HTML reports: one file per run and per comparison, no network, no CDN.

The page is a fixed template (``assets/report.html``) with inline CSS and vanilla JS (``assets/report.css``,
``assets/report.js``) and the data embedded as JSON in ``<script type="application/json">``. Safety rests
on three things, each tested:

- the JSON is escaped so no data can close the script element (``<``, ``>``, ``&``, U+2028/9 become
  ``\\uXXXX``);
- the script renders every datum with ``textContent`` / ``createElement`` only (never ``innerHTML``), so
  an answer containing ``<script>`` or ``<img onerror>`` is shown as text;
- a Content-Security-Policy meta tag allows only the page's own inline script and style (by sha256
  hash) and no network at all, so even a mistake could not load or run anything else.

A run's own page is written by the run from its report lines, with what the drill-down needs from
the sets and documents (the gold values, the cited and required document lines) worked out once per
question while they are loaded (``benchmark.report.html_run``). A stored report drawn again, or a
comparison, reads the sets and documents again when they are still there (``Sources``); a report whose
sources are gone still renders, and says so.

Each scored answer carries its components in plain words in both languages (``benchmark.report.plain``:
expected, read, why), so the page shows text, never a JSON dict. The interface speaks Chinese or
English (a switch at the top; Chinese by default when most question texts are Chinese).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import orjson

from benchmark.errors import BenchmarkError, StoreError
from benchmark.report.line_marks import marks as _marks
from benchmark.report.plain import LANGS, explain

MAX_LINES_PER_CITATION = 12
CONTEXT_LINES = 1
_JSON_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_BYTE_ESCAPES = tuple((k.encode("utf-8"), v.encode("ascii")) for k, v in _JSON_ESCAPES.items())
_PLACEHOLDER = re.compile(r"\{\{([A-Z]+)\}\}")
_DATA_SLOT = "\x00data\x00"
_CONFLICT_KEYS = (
    "should_abstain",
    "required_quote",
    "additional_quotes",
    "evidence_location",
    "expected_behavior",
    "hallucination_penalty",
)


# --- page assembly --------------------------------------------------------------------------


def _asset(name: str) -> str:
    return resources.files("benchmark.report").joinpath("assets").joinpath(name).read_text(encoding="utf-8")


def embed_json(data: Any) -> str:
    """JSON that is safe inside ``<script type="application/json">``: nothing in it can end the element."""
    return embed_json_bytes(data).decode("utf-8")


def embed_json_bytes(data: Any) -> bytes:
    """``embed_json`` as UTF-8. Compact, keys in their order, by orjson (what it refuses, integers beyond
    64 bits or keys that are not text, by the standard library in the same form); a float that is not
    a number becomes ``null``."""
    try:
        data_bytes = orjson.dumps(data)
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        data_bytes = text.encode("utf-8")
    for raw, escaped in _BYTE_ESCAPES:
        if raw in data_bytes:
            data_bytes = data_bytes.replace(raw, escaped)
    return data_bytes


def _sha256_source(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def content_security_policy(script: str, style: str) -> str:
    """No network of any kind; only this page's own inline script and style run (pinned by hash)."""
    return "; ".join(
        [
            "default-src 'none'",
            f"script-src {_sha256_source(script)}",
            f"style-src {_sha256_source(style)}",
            "img-src data:",
            "font-src 'none'",
            "connect-src 'none'",
            "media-src 'none'",
            "object-src 'none'",
            "frame-src 'none'",
            "worker-src 'none'",
            "manifest-src 'none'",
            "base-uri 'none'",
            "form-action 'none'",
        ]
    )


def render_page(data: dict[str, Any], title: str) -> str:
    """The HTML document for a view model (``run_view`` / ``comparison_view``)."""
    before, after = page_parts(title)
    return before + embed_json(data) + after


def page_parts(title: str) -> tuple[str, str]:
    """The page around its embedded data: what comes before the data's JSON, and what after."""
    script, style = _asset("i18n.js") + _asset("report.js"), _asset("report.css")
    values = {
        "CSP": html.escape(content_security_policy(script, style), quote=False).replace('"', "&quot;"),
        "TITLE": html.escape(title, quote=False),
        "STYLE": style,
        "SCRIPT": script,
        "DATA": _DATA_SLOT,
    }
    # one pass over the template only: nothing inserted is ever searched for placeholders again
    before, after = _PLACEHOLDER.sub(lambda m: values[m.group(1)], _asset("report.html")).split(_DATA_SLOT)
    return before, after


def write_html(path: str | Path, text: str) -> Path:
    """Write a page (creating folders); a refusal names the file when it cannot be written."""
    p = Path(path)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        tmp = p.with_name(f".{p.name}.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(p)
    except OSError as exc:
        raise StoreError(f"cannot write the HTML report ({exc.strerror or exc})", path=p) from None
    return p


# --- sources: question sets and documents, read again for the drill-down ---------------------


def _dataset_entries(report: dict[str, Any]) -> list[dict[str, Any]]:
    entries = report.get("datasets")
    if isinstance(entries, list):
        return [e for e in entries if isinstance(e, dict) and e.get("path")]
    return []


def _existing(path: str) -> Path | None:
    """A recorded path as it resolves now: from the working directory, else inside the bundled datasets."""
    p = Path(path)
    if p.exists():
        return p
    if not p.is_absolute() and p.parts and p.parts[0] == "datasets":
        from benchmark.resources import datasets_dir

        bundled = datasets_dir().joinpath(*p.parts[1:])
        if bundled.exists():
            return bundled
    return None


class Sources:
    """The question sets and documents of some runs, loaded once; missing or changed files become notes."""

    def __init__(self, reports: Iterable[dict[str, Any]], *, enabled: bool = True) -> None:
        self.notes: list[str] = []
        self._questions: dict[tuple[str, str], Any] = {}  # (resolved set path, id) -> Question
        self._by_id: dict[str, Any] = {}
        self._documents: dict[str, Any] = {}  # Question.set_path -> Document | None
        self._cases: dict[str, Any] = {}  # Question.set_path -> Case (sets over several documents)
        self._seen: set[str] = set()
        self._paths: dict[str, str] = {}
        if enabled:
            for report in reports:
                override = (report.get("options") or {}).get("document")
                for entry in _dataset_entries(report):
                    self._load(entry, override)

    @classmethod
    def of(
        cls, sets: Iterable[Any], documents: Mapping[str, Any], cases: Mapping[str, Any] | None = None
    ) -> Sources:
        """Sources from sets and documents already loaded (a run's plan): nothing is read again.
        ``documents`` maps ``str(set.document_path)`` to the loaded document (or None), ``cases``
        ``str(set.path)`` to the set's case file (sets over several documents)."""
        out = cls([], enabled=False)
        for qs in sets:
            resolved = str(Path(qs.path).resolve())
            if resolved in out._seen:
                continue
            out._seen.add(resolved)
            document = documents.get(str(qs.document_path))
            case = (cases or {}).get(str(qs.path))
            for q in qs.questions:
                out._questions[(resolved, q.id)] = q
                out._by_id.setdefault(q.id, q)
                out._documents[q.set_path] = document
                if case is not None:
                    out._cases[q.set_path] = case
        return out

    def _load(self, entry: dict[str, Any], override: str | None) -> None:
        from benchmark.documents.case import load_case
        from benchmark.documents.loaders import load_document
        from benchmark.questions import load_question_set

        path = str(entry["path"])
        found = _existing(path)
        if found is None:
            self.notes.append(
                f"{path}: question set not found, so question text, gold and document lines are missing"
            )
            return
        if str(found.resolve()) in self._seen:
            return
        self._seen.add(str(found.resolve()))
        try:
            qs = load_question_set(found, override)
        except BenchmarkError as exc:
            self.notes.append(f"question set not shown: {exc}")
            return
        if entry.get("sha256") and entry["sha256"] != qs.sha256:
            self.notes.append(f"{path} changed since the run: the gold shown is the current file's")
        for q in qs.questions:
            self._questions[(str(found.resolve()), q.id)] = q
            self._by_id.setdefault(q.id, q)
        try:
            case = load_case(qs.documents) if qs.documents else None
            document = load_document(qs.document_path) if qs.document_path else None
        except BenchmarkError as exc:
            case, document = None, None
            self.notes.append(f"document lines not shown: {exc}")
        for q in qs.questions:
            self._documents[q.set_path] = document
            if case is not None:
                self._cases[q.set_path] = case

    def _resolved(self, set_path: str) -> str:
        if set_path not in self._paths:
            found = _existing(set_path)
            self._paths[set_path] = str(found.resolve()) if found is not None else ""
        return self._paths[set_path]

    def question(self, qid: str, set_path: str | None) -> Any:
        key = (self._resolved(set_path) if set_path else "", qid)
        return self._questions.get(key) or self._by_id.get(qid)

    def document(self, question: Any) -> Any:
        return None if question is None else self._documents.get(question.set_path)

    def case(self, question: Any) -> Any:
        return None if question is None else self._cases.get(question.set_path)


# --- document lines ---------------------------------------------------------------------------


def _required_texts(q: Any) -> list[tuple[str, int | None]]:
    texts = [(e.must_include, e.page) for e in q.required_evidence]
    texts += [(t, None) for t in (q.required_quote, *q.additional_quotes) if t]
    return texts


def required_lines(q: Any, doc: Any) -> tuple[list[int], dict[int, list[list[int]]], list[int]]:
    """Lines holding the question's required evidence, the spans to highlight, and which texts were found."""
    numbers: set[int] = set()
    marks: dict[int, list[list[int]]] = {}
    found: list[int] = []
    for i, (text, page) in enumerate(_required_texts(q)):
        hits = doc.locate(text, page)
        if hits:
            found.append(i)
            numbers.update(line.number for line in hits)
            for number, spans in _marks(hits, text, doc).items():
                marks.setdefault(number, []).extend(spans)
    for loc in (q.evidence_location, *q.additional_evidence):
        if loc is not None and loc.lines is not None:
            numbers.update(
                range(loc.lines.start, min(loc.lines.end, loc.lines.start + MAX_LINES_PER_CITATION) + 1)
            )
    return sorted(numbers), marks, found


def cited_lines(answer: dict[str, Any] | None, doc: Any) -> list[int]:
    """Lines an answer cites: its line ranges, else where its quotes are (pages alone are too coarse)."""
    from benchmark.models import LineRange

    numbers: set[int] = set()
    for c in (answer or {}).get("citations") or []:
        if not isinstance(c, dict):
            continue
        lines = LineRange.parse(c.get("lines"))
        page = c.get("page") if isinstance(c.get("page"), int) else None
        if lines is not None:
            numbers.update(range(lines.start, min(lines.end, lines.start + MAX_LINES_PER_CITATION - 1) + 1))
        elif isinstance(c.get("quote"), str) and c["quote"].strip():
            numbers.update(line.number for line in doc.locate(c["quote"], page)[:MAX_LINES_PER_CITATION])
    return sorted(numbers)


class DocTable:
    """The document lines a page embeds, each once: ``{doc key: {"name", "lines": {n: [page, text]}}}``.

    Keys are ``d0``, ``d1``, ... in the order documents are first added, unless the caller names them."""

    def __init__(self) -> None:
        self.docs: dict[str, dict[str, Any]] = {}
        self._keys: dict[int, str] = {}
        self._index: dict[str, dict[int, Any]] = {}

    def add(self, doc: Any, numbers: Iterable[int], key: str | None = None) -> str:
        key = key or self._keys.setdefault(id(doc), f"d{len(self._keys)}")
        if key not in self.docs:
            self.docs[key] = {"name": Path(str(doc.path)).name, "lines": {}}
            self._index[key] = {line.number: line for line in doc.lines}
        by_number, lines = self._index[key], self.docs[key]["lines"]
        for n in numbers:
            for k in range(n - CONTEXT_LINES, n + CONTEXT_LINES + 1):
                line = by_number.get(k)
                if line is not None and line.text.strip():
                    lines[str(k)] = [line.page, line.text]
        return key

    def export(self) -> dict[str, Any]:
        return {k: self.docs[k] for k in sorted(self.docs)}


# --- view models --------------------------------------------------------------------------------


def _expected_view(q: Any) -> dict[str, Any]:
    raw = q.raw if isinstance(q.raw, dict) else {}
    out: dict[str, Any] = dict(raw.get("expected") or {})
    for key in _CONFLICT_KEYS:
        if key in raw and key not in out:
            out[key] = raw[key]
    return out


def entry_view(e: dict[str, Any] | None, doc: Any) -> dict[str, Any] | None:
    if e is None:
        return None
    details = e.get("details") if isinstance(e.get("details"), dict) else {}
    return {
        "o": e.get("outcome"),
        "s": e.get("score"),
        "c": e.get("components") or {},
        "d": details,
        "a": e.get("answer"),
        "pl": {lang: explain(e, lang, everything=True) for lang in LANGS} if details else None,
        "cl": cited_lines(e.get("answer"), doc) if doc is not None else [],
        "skip": e.get("skip_reason"),
        "err": e.get("error"),
        "ms": e.get("latency_ms"),
    }


class QuestionSources(Protocol):
    """Where a question's set entry, document and case come from (``Sources``, or a run's plan)."""

    def question(self, qid: str, set_path: str | None) -> Any: ...
    def document(self, question: Any) -> Any: ...
    def case(self, question: Any) -> Any: ...


class DocTableLike(Protocol):
    def add(self, doc: Any, numbers: Iterable[int]) -> str: ...


def question_view(
    entries: list[dict[str, Any] | None], sources: QuestionSources, docs: DocTableLike
) -> dict[str, Any]:
    """A question's row of the page: its entry in each run, its gold, the document lines it needs."""
    first = next(e for e in entries if e is not None)
    q = sources.question(str(first["id"]), first.get("set"))
    doc = sources.document(q)
    view: dict[str, Any] = {"id": first["id"], "type": first.get("type"), "set": first.get("set")}
    view["question"] = first.get("question") or (q.question if q is not None else "")
    view["r"] = [entry_view(e, doc) for e in entries]
    if q is not None:
        view["expected"] = _expected_view(q)
        view["required"] = [
            {"page": ev.page, "text": ev.must_include, "critical": ev.is_critical}
            | ({"document": ev.document} if ev.document else {})
            for ev in q.required_evidence
        ]
        view["tags"] = list(q.tags)
    case = sources.case(q)
    if case is not None and q is not None:
        from benchmark.report.html_case import case_view

        view.update(case_view(q, case, view["r"], docs))
    elif doc is not None and q is not None:
        numbers, marks, found = required_lines(q, doc)
        view["req_lines"], view["marks"], view["found"] = (
            numbers,
            {str(k): v for k, v in marks.items()},
            found,
        )
        cited = [n for r in view["r"] if r is not None for n in r["cl"]]
        view["doc"] = docs.add(doc, [*numbers, *cited])
    return view


def run_meta(report: dict[str, Any]) -> dict[str, Any]:
    keys = (
        "run_id",
        "label",
        "adapter",
        "dataset",
        "datasets",
        "started_at",
        "finished_at",
        "version",
        "tool",
    )
    meta = {k: report.get(k) for k in keys}
    meta["summary"] = report.get("summary") or {}
    meta["status"] = report.get("status") or "complete"
    meta["stop_reason"] = report.get("stop_reason")
    meta["warnings"] = list(report.get("warnings") or [])
    meta["git_commit"] = report.get("git_commit")
    return meta


def _paired_questions(reports: Sequence[dict[str, Any]]) -> list[list[dict[str, Any] | None]]:
    """Trial-0 entries of each question, in the first run's order, then any question only later runs have."""
    tables = [
        {str(q["id"]): q for q in r.get("questions", []) if int(q.get("trial", 0) or 0) == 0} for r in reports
    ]
    order = list(dict.fromkeys(qid for table in tables for qid in table))
    return [[table.get(qid) for table in tables] for qid in order]


def _tool_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("legal-rag-bench")
    except PackageNotFoundError:
        return "0+unknown"


def _view(kind: str, reports: Sequence[dict[str, Any]], sources: Sources) -> dict[str, Any]:
    docs = DocTable()
    questions = [question_view(entries, sources, docs) for entries in _paired_questions(reports)]
    return {
        "kind": kind,
        "generator": f"legal-rag-bench {_tool_version()}",
        "lang": content_language(q.get("question") or "" for q in questions),
        "runs": [run_meta(r) for r in reports],
        "questions": questions,
        "docs": docs.export(),
        "notes": sources.notes,
    }


def content_language(texts: Iterable[str]) -> str:
    """``zh`` when most question texts hold Chinese characters, else ``en`` (the page's first language)."""
    chinese = total = 0
    for text in texts:
        total += 1
        chinese += any("\u4e00" <= ch <= "\u9fff" for ch in text)
    return "zh" if total and chinese * 2 >= total else "en"


def run_view(report: dict[str, Any], *, sources: Sources | None = None) -> dict[str, Any]:
    return _view("run", [report], sources or Sources([report]))


def comparison_view(
    reports: Sequence[dict[str, Any]],
    comparisons: Sequence[dict[str, Any]],
    *,
    leaderboard: dict[str, Any] | None = None,
    sources: Sources | None = None,
    heading: str | None = None,
) -> dict[str, Any]:
    """``reports[0]`` is the reference A; ``comparisons[i]`` is ``reports[i + 1]`` against it."""
    view = _view("comparison", reports, sources or Sources(reports))
    view["comparisons"] = list(comparisons)
    view["leaderboard"] = leaderboard
    view["heading"] = heading
    return view


def _name(report: dict[str, Any]) -> str:
    return str(report.get("label") or report.get("run_id") or "run")


def render_run_html(
    report: dict[str, Any], *, load_sources: bool = True, sources: Sources | None = None
) -> str:
    """The HTML report of one run (a report dict of docs/contract.md §5); ``sources`` when the caller
    has the sets and documents loaded already."""
    sources = sources or Sources([report], enabled=load_sources)
    return render_page(run_view(report, sources=sources), f"Run {_name(report)}: legal-rag-bench")


def render_comparison_html(
    reports: Sequence[dict[str, Any]],
    comparisons: Sequence[dict[str, Any]],
    *,
    leaderboard: dict[str, Any] | None = None,
    load_sources: bool = True,
    title: str | None = None,
) -> str:
    """The HTML comparison of ``reports[1:]`` against ``reports[0]`` (``Comparison.to_dict()`` each)."""
    sources = Sources(reports, enabled=load_sources)
    view = comparison_view(reports, comparisons, leaderboard=leaderboard, sources=sources, heading=title)
    names = " vs ".join(_name(r) for r in reports[:4]) + (" ..." if len(reports) > 4 else "")
    return render_page(view, f"{title or 'Compare ' + names}: legal-rag-bench")
