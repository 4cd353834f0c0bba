"""``run`` (the default command), ``report``, ``rescore``, ``init`` and ``doctor``.

Nothing heavy is imported at module level: ``python -m benchmark --help`` loads every command module.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

# benchmark.models.QUESTION_TYPES, spelled out: importing the model costs ~15 ms of start-up (a test checks)
QUESTION_TYPES = ("fact_exact", "evidence_set", "conflict_gap")
INTERRUPTED = 130
RENDER_CHOICES = ("summary", "json", "tsv", "junit")  # benchmark.report.FORMATS: the built-in formats
F = TypeVar("F", bound=Callable[..., Any])


def html_option(fn: F) -> F:
    return click.option(
        "--html",
        "html_path",
        type=click.Path(dir_okay=False),
        help="Also write the self-contained HTML report here (every run directory gets report.html anyway).",
    )(fn)


def write_html_reports(
    report: dict[str, Any], *paths: str | Path | None, copy_of: Path | None = None
) -> None:
    """Write the run's HTML page to each given path: a copy of ``copy_of`` when that page exists,
    else rendered once."""
    targets = [p for p in paths if p]
    if not targets:
        return
    from benchmark.report.html import render_run_html, write_html

    if copy_of is not None and copy_of.is_file():
        text = copy_of.read_text(encoding="utf-8")
    else:
        text = render_run_html(report)
    for target in targets:
        write_html(target, text)


def render_all(
    report: dict[str, Any],
    html_paths: tuple[str | Path | None, ...],
    fmt: str | None,
    *,
    copy_of: Path | None = None,
    page_error: Exception | None = None,
    **render: Any,
) -> None:
    """The extra HTML pages (``--html``), then stdout. A page that failed (here, or the run directory's
    one: ``page_error``) never costs the rest: stdout is still written (report.json and answers.jsonl
    already are), then the failure is raised for ``main`` to report (exit 2 for a refusal such as an
    unwritable path, 3 for a bug)."""
    from benchmark.cli.run_options import write_rendered

    try:
        write_html_reports(report, *html_paths, copy_of=copy_of)
    except Exception as exc:
        page_error = page_error or exc
    write_rendered(report, fmt, **render)
    if page_error is not None:
        click.echo("the HTML report was not written; the other reports are complete", err=True)
        raise page_error


def judge_options(fn: F) -> F:
    fn = click.option(
        "--judge-option",
        "judge_options",
        multiple=True,
        metavar="KEY=VALUE",
        help="Judge setting (repeatable), e.g. model=PATH or threshold=0.85.",
    )(fn)
    return click.option(
        "--judge",
        metavar="SPEC",
        help="Let a judge overturn text mismatches: semantic[:MODEL_DIR] or openai:CONFIG.toml "
        "(off by default; see docs/scoring/judges.md).",
    )(fn)


def failures_option(fn: F) -> F:
    fn = click.option("-q", "--quiet", is_flag=True, help="The summary only: no failed question in detail.")(
        fn
    )
    return click.option(
        "--failures",
        metavar="N|all",
        help="How many failed questions the summary shows in detail, lowest score first (default 10).",
    )(fn)


class ReportFormatName(click.ParamType):
    """A name in ``benchmark.report.REPORT_FORMATS`` (the built-ins or a plugin's), checked when given."""

    name = "format"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from benchmark.errors import BenchmarkError
        from benchmark.report import REPORT_FORMATS

        try:
            REPORT_FORMATS.get(str(value))
        except BenchmarkError as exc:
            self.fail(str(exc), param, ctx)
        return str(value)


def render_option(fn: F) -> F:
    fn = click.option("--json", "as_json", is_flag=True, help="Same as --render json.")(fn)
    return click.option(
        "--render",
        type=ReportFormatName(),
        help=f"What to print on stdout: {' | '.join(RENDER_CHOICES)} or a plugin's format (default summary).",
    )(fn)


@click.command()
@click.option(
    "--dataset",
    "datasets",
    multiple=True,
    type=click.Path(),
    help="Question set file or folder (repeatable; default: the bundled datasets).",
)
@click.option("--document", type=click.Path(), help="Use this document instead of the one each set names.")
@click.option(
    "--type",
    "types",
    multiple=True,
    metavar="TYPE",
    help=f"Only questions of this type: {', '.join(QUESTION_TYPES)} (repeatable).",
)
@click.option(
    "--tag", "tags", multiple=True, help="Only questions carrying this tag (repeatable: any of them)."
)
@click.option("--adapter", help="The system under test: NAME or NAME:ARG (default: baseline).")
@click.option(
    "--adapter-option",
    "adapter_options",
    multiple=True,
    metavar="KEY=VALUE",
    help="Adapter option (repeatable).",
)
@click.option(
    "--config",
    "config_path",
    type=click.Path(dir_okay=False),
    help="TOML file with [adapter], [run] and [scoring] tables (see `init`).",
)
@click.option("--concurrency", type=int, help="Questions asked at once (default 4).")
@click.option("--timeout", type=float, help="Seconds per question before it is skipped (default 60).")
@click.option(
    "--retries",
    type=int,
    help="Retries of transient faults: timeouts, HTTP 429/5xx, dropped connections (default 2).",
)
@click.option("--rate-limit", type=float, help="At most this many requests per second.")
@click.option("--repeat", type=int, help="Ask every question N times; the summary gives mean and spread.")
@click.option(
    "--stop-after",
    type=int,
    metavar="N",
    help="Stop the run when N questions in a row fail with the same connection fault (default 5; 0: never).",
)
@click.option(
    "--workers",
    type=int,
    metavar="N",
    help="Score in N processes (default 1); the report is the same, byte for byte.",
)
@click.option("--output", type=click.Path(file_okay=False), help="Where run directories go (default runs).")
@click.option(
    "--cache",
    "cache_path",
    type=click.Path(dir_okay=False),
    help="Answer cache (default <output>/cache.sqlite).",
)
@click.option("--no-cache", is_flag=True, help="Neither read nor write the answer cache.")
@click.option(
    "--resume", is_flag=True, help="Continue an interrupted run: reuse cached answers, ask only the rest."
)
@click.option(
    "--scorer-option",
    "scorer_options",
    multiple=True,
    metavar="KEY=VALUE",
    help="Scorer option (repeatable).",
)
@click.option(
    "--k",
    "k",
    type=click.IntRange(1, 1000),
    help="The k of the retrieval metrics (hit@k, recall@k, MRR@k, nDCG@k); default: the set's retrieval_k, else 5.",
)
@click.option("--label", help="A name for this run in the run history (`runs list`).")
@judge_options
@html_option
@render_option
@failures_option
@click.option("--no-header", is_flag=True, help="With --render tsv: the row without its header line.")
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Progress bar on stderr (default: when stderr is a terminal).",
)
def run(**kwargs: Any) -> int:
    """Run the benchmark: ask a system every selected question, score, report.

    Writes runs/<run-id>/ (report.html, report.json, answers.jsonl, config.json) and prints the summary.
    Exit code 0 when every question passed and every set gate held, 1 when some failed, were skipped or
    errored or a set gate (passing_score) failed, 2 when the input was refused or the system could not be
    reached (the run is then recorded as stopped, not scored), 3 on an internal error (a bug).

    \b
    Examples:
      python -m benchmark --type fact_exact
      python -m benchmark --adapter replay:answers.jsonl --render junit > results.xml
      python -m benchmark --adapter python:my_app.rag:answer --concurrency 8 --resume
    """
    from benchmark.api import run as api_run
    from benchmark.cli.run_options import RunSettings, apply_config

    html_path = kwargs.pop("html_path", None)
    settings = apply_config(RunSettings.from_cli(kwargs))
    bar = _progress(settings.progress)
    try:
        record = api_run(
            settings.datasets or None,
            settings.adapter,
            progress=bar,
            **settings.api_kwargs(),
        )
    except KeyboardInterrupt:
        click.echo(
            "\ninterrupted: every answer received so far is in the answer cache; "
            "run the same command with --resume to continue",
            err=True,
        )
        return INTERRUPTED
    finally:
        if bar is not None:
            bar.close()
    out_dir = settings.output
    run_dir = f"{Path(out_dir) / record.run_id}/" if out_dir else None
    from benchmark.report.json_report import report_of

    report_ = report_of(record)
    render_all(
        report_,
        (html_path,),
        settings.render,
        copy_of=Path(run_dir) / "report.html" if run_dir else None,
        page_error=record.page_error,
        run_dir=run_dir,
        header=not settings.no_header,
        failures=settings.failures,
    )
    return record.exit_code


def _progress(setting: bool | None) -> Any:
    from benchmark.cli.progress import ProgressBar

    stream = sys.stderr
    on = setting if setting is not None else stream.isatty()
    return ProgressBar(stream) if on else None


def _exit_code(report: dict[str, Any]) -> int:
    if report.get("status") == "stopped":
        return 2
    s = report.get("summary", {})
    passed = s.get("total", 0) > 0 and s.get("passed") == s.get("total")
    return 0 if passed and s.get("gates_held", True) else 1


@click.command()
@click.argument("run_ref", metavar="RUN", default="latest")
@click.option(
    "--output",
    type=click.Path(file_okay=False),
    default="runs",
    show_default=True,
    help="Where run directories are.",
)
@html_option
@render_option
@failures_option
@click.option("--no-header", is_flag=True, help="TSV without its header line.")
def report(
    run_ref: str,
    output: str,
    html_path: str | None,
    render: str | None,
    as_json: bool,
    failures: str | None,
    quiet: bool,
    no_header: bool,
) -> int:
    """Re-render a stored run (a run directory, a run id or prefix, or `latest`).

    Writes the run directory's report.html when it has none. Exit code as the run's: 0 when every
    question passed and every set gate held, 2 for a stopped run, else 1.
    """
    from benchmark.cli.run_options import parse_failures
    from benchmark.rundir import find_run

    run_dir = find_run(run_ref, Path(output))
    if not run_dir.complete:
        from benchmark.errors import StoreError

        raise StoreError(
            "the run did not finish: continue it with `run --resume` (same options), or score what it has with "
            "`rescore`",
            path=run_dir.path,
        )
    data = run_dir.read_report()
    own = run_dir.path / "report.html"
    render_all(
        data,
        (html_path, None if own.is_file() else own),
        "json" if as_json else render or "summary",
        copy_of=own,
        run_dir=f"{run_dir.path}/",
        header=not no_header,
        failures=0 if quiet else parse_failures(failures),
    )
    return _exit_code(data)


@click.command()
@click.argument("run_ref", metavar="RUN", default="latest")
@click.option(
    "--output",
    type=click.Path(file_okay=False),
    default="runs",
    show_default=True,
    help="Where run directories are (the new run goes here too).",
)
@click.option(
    "--dataset",
    "datasets",
    multiple=True,
    type=click.Path(),
    help="Score against these sets instead of the run's.",
)
@click.option("--document", type=click.Path(), help="Use this document instead of the one each set names.")
@click.option(
    "--scorer-option",
    "scorer_options",
    multiple=True,
    metavar="KEY=VALUE",
    help="Scorer option (repeatable).",
)
@click.option(
    "--k",
    "k",
    type=click.IntRange(1, 1000),
    help="The k of the retrieval metrics (hit@k, recall@k, MRR@k, nDCG@k); default: the set's retrieval_k, else 5.",
)
@click.option("--label", help="A name for the new run in the run history.")
@click.option("--workers", type=int, default=1, metavar="N", help="Score in N processes (default 1).")
@judge_options
@render_option
def rescore(
    run_ref: str,
    output: str,
    datasets: tuple[str, ...],
    document: str | None,
    scorer_options: tuple[str, ...],
    k: int | None,
    label: str | None,
    workers: int,
    judge: str | None,
    judge_options: tuple[str, ...],
    render: str | None,
    as_json: bool,
) -> int:
    """Score a stored run's answers again with the current scorers; nothing is asked again.

    Writes a new run directory whose options name the run it was rescored from. The run's judge, if it
    had one, judges again from its cache (`--judge none` drops it, `--judge SPEC` uses another).
    """
    from benchmark.api import rescore as api_rescore
    from benchmark.cli.run_options import parse_pairs
    from benchmark.report.json_report import report_of

    record = api_rescore(
        run_ref,
        output_dir=output,
        sets_or_paths=list(datasets) or None,
        document=document,
        scorer_options=parse_pairs(scorer_options, "--scorer-option") or None,
        label=label,
        retrieval_k=k,
        judge=judge,
        judge_options=parse_pairs(judge_options, "--judge-option") or None,
        workers=workers,
    )
    run_dir = f"{Path(output) / record.run_id}/"
    fmt = "json" if as_json else render or "summary"
    render_all(report_of(record), (), fmt, page_error=record.page_error, run_dir=run_dir)
    return record.exit_code


@click.command()
@click.argument("path", default="legal-rag-bench.toml", type=click.Path(dir_okay=False))
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def init(path: str, force: bool) -> int:
    """Write a commented config template (use it with `--config PATH`)."""
    from benchmark.cli.run_options import CONFIG_TEMPLATE
    from benchmark.errors import ConfigError

    target = Path(path)
    if target.exists() and not force:
        raise ConfigError("already exists; pass --force to overwrite it", path=target)
    target.write_text(CONFIG_TEMPLATE, encoding="utf-8")
    click.echo(f"wrote {target}; run with: python -m benchmark --config {target}", err=True)
    return 0


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def doctor(as_json: bool) -> int:
    """Show what is installed and usable: scorers, adapters, the semantic extra, datasets.

    Exit code 1 when a scorer or a built-in adapter cannot be loaded.
    """
    import json

    from benchmark.cli.doctor import diagnose, render_text

    report_ = diagnose()
    if as_json:
        click.echo(json.dumps(report_, ensure_ascii=False, indent=2))
    else:
        click.echo(render_text(report_), nl=False)
    return 0 if report_["ok"] else 1


__all__ = ["RENDER_CHOICES", "doctor", "init", "report", "rescore", "run"]
