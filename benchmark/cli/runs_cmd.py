"""``runs list|show|delete|export``: the run history kept in SQLite (``--store``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from benchmark.store import RunStore

STORE_HELP = "Run history database (default: runs/history.sqlite)."


def store_option(fn: click.decorators.FC) -> click.decorators.FC:
    return click.option(
        "--store", "store_path", type=click.Path(dir_okay=False), default=None, help=STORE_HELP
    )(fn)


def open_store(store_path: str | None) -> RunStore:
    from benchmark.store import DEFAULT_STORE, RunStore

    return RunStore(Path(store_path) if store_path else DEFAULT_STORE)


@click.group()
def runs() -> None:
    """Inspect and manage the run history.

    A RUN is a run id, a unique prefix of one, a label given with `run --label`, or `latest` / `latest~N`.
    """


@runs.command("list")
@store_option
@click.option("--limit", type=int, default=None, help="Show at most this many runs (newest first).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def list_runs(store_path: str | None, limit: int | None, as_json: bool) -> int:
    """List stored runs, newest first. A stopped run (the system unreachable or failing the same way
    again and again) shows `stopped` and why, and has no score."""
    with open_store(store_path) as store:
        rows = store.list_runs(limit)
    if as_json:
        click.echo(json.dumps([r.to_dict() for r in rows], ensure_ascii=False, indent=2))
        return 0
    click.echo("run_id\tlabel\tstarted_at\tadapter\ttotal\tpassed\tfailed\tskipped\tscore\tcoverage\tstatus")
    for r in rows:
        score = "-" if r.stopped else f"{r.score:.4f}"
        status = f"stopped: {r.stop_reason}" if r.stopped else r.status
        click.echo(
            f"{r.run_id}\t{r.label or '-'}\t{r.started_at}\t{r.adapter_name}\t{r.total}\t{r.passed}\t"
            f"{r.failed}\t{r.skipped}\t{score}\t{r.coverage:.4f}\t{status}"
        )
    return 0


@runs.command("show")
@click.argument("run")
@store_option
def show_run(run: str, store_path: str | None) -> int:
    """Print a run's summary and its failed or skipped questions."""
    with open_store(store_path) as store:
        report = store.get_run(run)
    s = report["summary"]
    click.echo(f"run {report['run_id']}  adapter {report['adapter']['name']}  started {report['started_at']}")
    if report.get("status") == "stopped":
        click.echo(f"STOPPED (not a score): {report.get('stop_reason')}")
    click.echo(
        f"total {s['total']}  passed {s['passed']}  failed {s['failed']}  skipped {s['skipped']}  "
        f"score {s['score']:.4f}  coverage {s['coverage']:.4f}"
    )
    for qtype, t in sorted(s.get("by_type", {}).items()):
        click.echo(f"  {qtype:<14} {t['passed']}/{t['total']} passed  score {t['score']:.4f}")
    for q in report["questions"]:
        if q["outcome"] != "PASS":
            reason = q["skip_reason"] or ", ".join(f"{k}={v}" for k, v in sorted(q["components"].items()))
            click.echo(f"{q['outcome']}  {q['id']}  {reason}")
    return 0


@runs.command("delete")
@click.argument("run")
@store_option
def delete_run(run: str, store_path: str | None) -> int:
    """Delete a run and its results from the history."""
    with open_store(store_path) as store:
        run_id = store.delete_run(run)
    click.echo(f"deleted {run_id}", err=True)
    return 0


@runs.command("export")
@click.argument("run")
@store_option
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False), default=None, help="Write here instead of stdout."
)
def export_run(run: str, store_path: str | None, output: str | None) -> int:
    """Export a run as JSON (the report shape of docs/contract.md §5 plus store metadata)."""
    with open_store(store_path) as store:
        report = store.get_run(run)
    text = json.dumps(report, ensure_ascii=False, indent=2, sort_keys=False) + "\n"
    if output:
        Path(output).write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False)
    return 0
