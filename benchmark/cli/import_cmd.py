"""``import``: Markdown question banks -> one question set (see ``benchmark.bank_import``)."""

from __future__ import annotations

import json
from pathlib import Path

import click


@click.command("import")
@click.argument("banks", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--document",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="The document the banks are about (its quotes are located in it).",
)
@click.option(
    "--output", required=True, type=click.Path(dir_okay=False, path_type=Path), help="The set to write."
)
@click.option(
    "--type",
    "qtype",
    type=click.Choice(("fact_exact", "evidence_set", "conflict_gap")),
    help="The type of banks whose file name and title do not tell it.",
)
def import_banks(banks: tuple[Path, ...], document: Path, output: Path, qtype: str | None) -> int:
    """Turn Markdown question banks into one question set.

    The type comes from each file's name or title (事实 / 证据 / 冲突, 缺口); every quote is located
    in the document to set pages and lines; a 位置 that disagrees with where a quote really is is
    reported and corrected. Prints every note and everything it could not map. Exit 0 when all was
    mapped, 1 when something is listed as unmapped, 2 when a bank or the document cannot be read.

    \b
      python -m benchmark import 01-事实型题目.md 02-证据集合型题目.md 03-冲突缺口型题目.md \\
          --document transcript.json --output bank.json
    """
    from benchmark.bank_import import import_banks as run_import
    from benchmark.errors import QuestionSetError
    from benchmark.questions import schema_errors

    result = run_import(list(banks), document, output, qtype)
    problems = schema_errors(result.obj)
    if problems:
        where, problem = problems[0]
        raise QuestionSetError(f"the imported set would not validate: {problem}", path=output, where=where)
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(json.dumps(result.obj, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    for note in result.notes:
        click.echo(f"note      {note}")
    for item in result.unmapped:
        click.echo(f"unmapped  {item}")
    count = len(result.obj["questions"])
    click.echo(
        f"imported {count} question(s) from {len(banks)} bank(s) into {output}: "
        f"{len(result.notes)} note(s), {len(result.unmapped)} unmapped",
        err=True,
    )
    return 1 if result.unmapped else 0
