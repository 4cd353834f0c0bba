"""``validate``, ``lint`` and ``list``: look at question sets without querying anything."""

from __future__ import annotations

import json
from typing import Any

import click

from benchmark.errors import QuestionSetError


def _default_paths(paths: tuple[str, ...]) -> list[str]:
    if paths:
        return list(paths)
    from benchmark.resources import datasets_dir

    return [str(datasets_dir())]


@click.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--document", type=click.Path(), help="Use this document instead of the one each set names.")
@click.option("--strict", is_flag=True, help="Refuse unknown keys (exit 2) instead of warning about them.")
def validate(paths: tuple[str, ...], document: str | None, strict: bool) -> int:
    """Check question sets against schema.json (a folder means every set in it).

    Prints one line per set; the first invalid set stops with exit code 2 and names the file,
    the JSON path and the rule. Unknown keys are warnings (on stderr, with a did-you-mean);
    with --strict they are refused. With no PATHS, validates the bundled datasets.
    """
    from benchmark.questions import find_set_files, load_question_set

    files = find_set_files(_default_paths(paths))
    if not files:
        raise QuestionSetError("no question sets found", path=", ".join(paths) or "datasets")
    for f in files:
        qs = load_question_set(f, document, strict=strict)
        warned = f", {len(qs.warnings)} warning(s)" if qs.warnings else ""
        click.echo(f"ok  {f}  ({qs.dialect} dialect, {len(qs.questions)} questions{warned})")
    return 0


@click.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--document", type=click.Path(), help="Use this document instead of the one each set names.")
@click.option(
    "--fix",
    is_flag=True,
    help="Write a corrected copy (SET.fixed.json) with page/line references moved to where the text is.",
)
@click.option("--in-place", is_flag=True, help="With --fix: overwrite the set instead of writing a copy.")
def lint(paths: tuple[str, ...], document: str | None, fix: bool, in_place: bool) -> int:
    """Check that sets agree with their documents; every problem is reported at once.

    Checks: each must_include on its stated page (a text crossing a page break is reported as such),
    and in the part its section/speaker names on a transcript; each required/additional quote in the
    document and within evidence_location; real calendar dates; breakdowns that add up to the
    total; every question scorable by its scorer; ids unique. A warning (each accepted text_answer or
    entity that occurs nowhere in the document) is printed but fails nothing. With --fix, references whose text
    occurs at exactly one place are moved there (every change printed) and the corrected sets are
    linted. Exit 0 when clean, 1 when problems remain, 2 when a set cannot be read at all.
    """
    from benchmark.lint import errors, lint_set
    from benchmark.questions import load_question_sets

    if in_place and not fix:
        raise click.UsageError("--in-place only goes with --fix")
    sets = load_question_sets(_default_paths(paths), document)
    if fix:
        sets = [_fixed(qs, document, in_place) for qs in sets]
    found = [p for qs in sets for p in lint_set(qs)]
    for p in found:
        click.echo(str(p))
    problems = errors(found)
    questions = sum(len(qs.questions) for qs in sets)
    status = f"{len(problems)} problem(s)" if problems else "no problems"
    if len(found) > len(problems):
        status += f", {len(found) - len(problems)} warning(s)"
    click.echo(f"linted {len(sets)} set(s), {questions} questions: {status}", err=True)
    return 1 if problems else 0


def _fixed(qs: Any, document: str | None, in_place: bool) -> Any:
    """Fix one set; print every change; the corrected set (the set itself when nothing changed)."""
    from benchmark.documents import load_document
    from benchmark.errors import BenchmarkError
    from benchmark.lint_fix import fix_set, fixed_path, write_fixed
    from benchmark.questions import load_question_set

    if qs.document_path is None:
        return qs
    try:
        doc = load_document(qs.document_path)
    except BenchmarkError:
        return qs  # lint reports the missing document
    result = fix_set(qs, doc)
    for change in result.changes:
        click.echo(f"fixed  {qs.path}: {change}")
    for note in result.unfixed:
        click.echo(f"{qs.path}: {note}")
    if not result.changes:
        return qs
    target = qs.path if in_place else fixed_path(qs.path)
    write_fixed(qs, result.obj, target)
    click.echo(f"wrote {target} ({len(result.changes)} change(s))", err=True)
    return load_question_set(target, document)


@click.command("list")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--type", "types", multiple=True, help="Only this question type (repeatable).")
@click.option(
    "--tag", "tags", multiple=True, help="Only questions carrying this tag (repeatable: any of them)."
)
@click.option("--difficulty", "difficulties", multiple=True, help="Only this difficulty (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list instead of a table.")
def list_questions(
    paths: tuple[str, ...],
    types: tuple[str, ...],
    tags: tuple[str, ...],
    difficulties: tuple[str, ...],
    as_json: bool,
) -> int:
    """List the questions of sets, filtered by type, tag and difficulty."""
    from benchmark.questions import load_question_sets
    from benchmark.selection import select_questions

    sets = load_question_sets(_default_paths(paths))
    rows: list[dict[str, Any]] = [
        {
            "id": q.id,
            "type": q.type,
            "difficulty": q.metadata.difficulty,
            "category": q.metadata.category,
            "tags": list(q.tags),
            "set": str(qs.path),
            "question": q.question,
        }
        for qs, q in select_questions(sets, types=types, tags=tags, difficulties=difficulties)
    ]
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    for r in rows:
        tags_text = ",".join(r["tags"])
        click.echo(f"{r['id']}\t{r['type']}\t{r['difficulty'] or '-'}\t{tags_text or '-'}\t{r['question']}")
    click.echo(f"{len(rows)} question(s)", err=True)
    return 0
