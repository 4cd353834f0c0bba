"""The command line: a thin click layer over the Python API.

``python -m benchmark [OPTIONS]`` with no subcommand runs the benchmark (``run``). Results go to stdout,
progress and messages to stderr. Every ``BenchmarkError`` becomes one message and exit code 2; anything
else is a bug: one line naming it and exit code 3 (``INTERNAL_ERROR``), so CI can tell a crash from a
low score. ``--traceback`` prints the traceback of either (the exit code stays the same).
"""

from __future__ import annotations

import sys
import traceback
from importlib import import_module
from typing import Any, ClassVar

import click

from benchmark.errors import BenchmarkError, error_summary

# command name -> "module:attribute"; imported only when the command is used (keeps start-up light)
COMMANDS: dict[str, str] = {
    "run": "benchmark.cli.run_cmd:run",
    "validate": "benchmark.cli.inspect_cmds:validate",
    "lint": "benchmark.cli.inspect_cmds:lint",
    "list": "benchmark.cli.inspect_cmds:list_questions",
    "report": "benchmark.cli.run_cmd:report",
    "rescore": "benchmark.cli.run_cmd:rescore",
    "init": "benchmark.cli.run_cmd:init",
    "doctor": "benchmark.cli.run_cmd:doctor",
    "runs": "benchmark.cli.runs_cmd:runs",
    "sweep": "benchmark.cli.compare_cmd:sweep",
    "compare": "benchmark.cli.compare_cmd:compare",
    "dump-prompts": "benchmark.cli.adapters_cmd:dump_prompts",
    "import": "benchmark.cli.import_cmd:import_banks",
}
DEFAULT_COMMAND = "run"
INTERNAL_ERROR = 3  # a bug (pytest uses 3 for its internal errors too); 0/1/2 are docs/contract.md §6


class DefaultGroup(click.Group):
    """A group whose commands load lazily, and that runs ``run`` when no subcommand is given."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name in COMMANDS if self._load(name) is not None)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return self._load(cmd_name)

    @staticmethod
    def _load(name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module, _, attr = target.partition(":")
        try:
            command: click.Command = getattr(import_module(module), attr)
            return command
        except ModuleNotFoundError as exc:
            if exc.name == module:
                return None
            raise

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args or (args[0] not in COMMANDS and args[0] not in ("--help", "-h", "--version")):
            args = [DEFAULT_COMMAND, *args]
        return super().parse_args(ctx, args)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("legal-rag-bench")
    except PackageNotFoundError:
        return "0+unknown"


@click.group(cls=DefaultGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version=_version(), prog_name="legal-rag-bench", message="%(prog)s %(version)s")
def cli() -> None:
    """Benchmark legal RAG systems on Chinese case files.

    With no command, runs the benchmark (the `run` command) on the bundled datasets with the
    offline `baseline` system. Examples:

    \b
      python -m benchmark --type fact_exact
      python -m benchmark run --adapter replay:answers.jsonl --dataset my_sets/
      python -m benchmark validate datasets/
    """


def _warnings_to_stderr() -> None:
    """The library logs what it warns about (``benchmark.*`` loggers, e.g. unknown keys in a set); the
    command line prints each as one ``warning: ...`` line on stderr, once (a set read again for the HTML
    report warns again)."""
    import logging

    class _Echo(logging.Handler):
        shown: ClassVar[set[str]] = set()

        def emit(self, record: logging.LogRecord) -> None:
            message = record.getMessage()
            if message not in self.shown:
                self.shown.add(message)
                click.echo(f"warning: {message}", err=True)

    log = logging.getLogger("benchmark")
    if not any(type(h).__name__ == "_Echo" for h in log.handlers):
        log.addHandler(_Echo(logging.WARNING))
        log.propagate = False


def main(argv: list[str] | None = None) -> Any:
    _warnings_to_stderr()
    args = list(sys.argv[1:] if argv is None else argv)
    show_traceback = "--traceback" in args
    if show_traceback:
        args.remove("--traceback")
    try:
        return cli.main(args=args, prog_name="python -m benchmark", standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(130)
    except BenchmarkError as exc:
        if show_traceback:
            traceback.print_exc()
        click.echo(f"error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except Exception as exc:
        if show_traceback:
            traceback.print_exc()
        click.echo(internal_error_line(exc, show_traceback), err=True)
        sys.exit(INTERNAL_ERROR)


def internal_error_line(exc: BaseException, traceback_shown: bool = False) -> str:
    """``internal error: KeyError: 'x'; run with --traceback for details``."""
    hint = "the traceback is above" if traceback_shown else "run with --traceback for details"
    return f"internal error: {error_summary(exc)}; {hint}"
