"""One exception root for every problem the user can fix, turned into one line by the CLI.

Anything that is not a ``BenchmarkError`` is a bug and keeps its traceback.
"""

from __future__ import annotations

MAX_ERROR_CHARS = 300


def error_summary(exc: BaseException) -> str:
    """``IndexError: string index out of range``: the exception's type and its message's first line."""
    lines = str(exc).strip().splitlines()
    text = f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__
    return text if len(text) <= MAX_ERROR_CHARS else text[: MAX_ERROR_CHARS - 1] + "…"


class BenchmarkError(Exception):
    """A refusal: the input cannot be scored. The CLI prints ``str(err)`` and exits with ``exit_code``."""

    exit_code = 2

    def __init__(self, problem: str, *, path: object | None = None, where: str | None = None) -> None:
        self.problem = problem
        self.path = str(path) if path is not None else None
        self.where = where
        super().__init__(self.format())

    def format(self) -> str:
        parts = [_printable(p) for p in (self.path, self.where) if p]
        return ": ".join([*parts, self.problem])


def _printable(text: str) -> str:
    """``text`` with characters a terminal would not show as they are (line and paragraph separators,
    control characters) escaped: a message names a file on one line, whatever its name holds."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)


class QuestionSetError(BenchmarkError):
    """A question set is unreadable, not JSON, or breaks the schema."""


class DocumentError(BenchmarkError):
    """A document is missing, unreadable or of an unknown format."""


class ConfigError(BenchmarkError):
    """A config file or a command-line option is wrong."""


class AdapterSpecError(BenchmarkError):
    """An adapter spec (``NAME`` or ``NAME:ARG``) or its options cannot be turned into an adapter."""


class UnknownNameError(BenchmarkError):
    """A name looked up in a registry does not exist; the message suggests the closest names."""


class DuplicateNameError(BenchmarkError):
    """Two plugins (or a plugin and a built-in) claim the same name."""


class PluginLoadError(BenchmarkError):
    """A registered extension (entry point) exists but cannot be imported."""


class StoreError(BenchmarkError):
    """The run store or answer cache cannot be read or lacks the requested run."""


class RunStopped(BenchmarkError):
    """The system could not be reached (the probe before the run) or kept failing the same way (N
    questions in a row), so the run stopped. It is recorded as stopped, not scored; ``record`` holds it."""

    def __init__(self, problem: str, *, record: object = None, path: object | None = None) -> None:
        super().__init__(problem, path=path)
        self.record = record


class AdapterError(Exception):
    """A fault while querying the system under test. The runner records it as a SKIP.

    ``transient`` faults (timeouts, HTTP 429/5xx, dropped connections) are retried with backoff.
    ``unreachable``: no connection could be made at all (refused, DNS, TLS handshake); the probe before a
    run refuses the run on it (exit 2) instead of scoring a system that is not there.
    """

    def __init__(
        self,
        reason: str,
        *,
        transient: bool = False,
        retry_after: float | None = None,
        unreachable: bool = False,
    ) -> None:
        self.reason = reason
        self.transient = transient
        self.retry_after = retry_after
        self.unreachable = unreachable
        super().__init__(reason)
