"""``dump-prompts``: write the exact requests an LLM adapter would send, without sending anything."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from benchmark.errors import AdapterSpecError


def prompt_adapter(spec: str, options: dict[str, Any]) -> Any:
    """The adapter to dump prompts of; ``openai`` is built without reading its API key (nothing is sent)."""
    from benchmark.adapters.base import create_adapter, parse_spec

    name, arg = parse_spec(spec)
    if name == "openai":
        from benchmark.adapters.http_common import AdapterConfig
        from benchmark.adapters.openai import OpenAIAdapter

        return OpenAIAdapter(AdapterConfig.load("openai", arg, options), need_key=False)
    adapter = create_adapter(spec, options)
    if not callable(getattr(adapter, "request_body", None)):
        raise AdapterSpecError(
            f"adapter {name!r} builds no prompts; dump-prompts works with openai:CONFIG.toml"
        )
    return adapter


def _records(adapter: Any, the_plan: Any) -> list[dict[str, Any]]:
    records = []
    for qs, q in the_plan.pairs:
        query = the_plan.query(qs, q)
        records.append({"id": q.id, "type": q.type, "set": qs.name, "request": adapter.request_body(query)})
    return records


def _write(records: list[dict[str, Any]], output: Path) -> str:
    if output.suffix == ".jsonl":
        output.parent.mkdir(parents=True, exist_ok=True)
        lines = [json.dumps(r, ensure_ascii=False, sort_keys=True) for r in records]
        output.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        return str(output)
    output.mkdir(parents=True, exist_ok=True)
    for r in records:
        text = json.dumps(r, ensure_ascii=False, sort_keys=True, indent=2) + "\n"
        (output / f"{r['id']}.json").write_text(text, encoding="utf-8")
    return f"{output}/<id>.json"


@click.command("dump-prompts")
@click.option(
    "--dataset",
    "datasets",
    multiple=True,
    type=click.Path(),
    help="Question set or folder (repeatable; default: the bundled datasets).",
)
@click.option("--type", "types", multiple=True, help="Only questions of this type (repeatable).")
@click.option("--tag", "tags", multiple=True, help="Only questions with this tag (repeatable).")
@click.option("--document", type=click.Path(), help="Use this document instead of the one each set names.")
@click.option("--adapter", "spec", required=True, help="The LLM adapter, e.g. openai:my_llm.toml.")
@click.option(
    "--adapter-option",
    "adapter_options",
    multiple=True,
    metavar="KEY=VALUE",
    help="Override a config key (repeatable).",
)
@click.option(
    "--output",
    required=True,
    type=click.Path(path_type=Path),
    help="A folder (one <id>.json per question) or a .jsonl file.",
)
def dump_prompts(
    datasets: tuple[str, ...],
    types: tuple[str, ...],
    tags: tuple[str, ...],
    document: str | None,
    spec: str,
    adapter_options: tuple[str, ...],
    output: Path,
) -> int:
    """Write the exact request (model, messages with the retrieved passages, parameters) that the
    adapter would send for each selected question, without calling the model or reading its API key.

    \b
      python -m benchmark dump-prompts --adapter openai:my_llm.toml --type fact_exact --output prompts/
    """
    from benchmark.api import plan
    from benchmark.cli.run_options import parse_pairs

    adapter = prompt_adapter(spec, parse_pairs(adapter_options, "--adapter-option"))
    the_plan = plan(list(datasets) or None, types=types, tags=tags, document=document)
    records = _records(adapter, the_plan)
    where = _write(records, output)
    click.echo(f"wrote {len(records)} prompt(s) to {where}", err=True)
    return 0
