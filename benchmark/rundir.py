"""The run directory ``<output>/<run-id>/``: ``config.json`` (written first), then ``answers.jsonl`` and
``report.json`` (written last, so a directory without a report is a run that did not finish).

Every file is written to a temporary name and renamed into place, so a killed run never leaves half a file.
Run ids sort by time: ``20261122T081500Z-3fa9c1`` (UTC start, then 6 random hex digits).
"""

from __future__ import annotations

import json
import os
import re
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from benchmark.errors import StoreError

TOOL = "legal-rag-bench"
RUN_ID_RE = re.compile(r"^\d{8}T\d{6}Z-[0-9a-f]{6}$")
CONFIG, ANSWERS, REPORT = "config.json", "answers.jsonl", "report.json"


def tool_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(TOOL)
    except PackageNotFoundError:
        return "0+unknown"


def git_commit() -> str | None:
    """The checkout's commit when the tool runs from a git checkout (read from .git, no subprocess)."""
    git = Path(__file__).resolve().parent.parent / ".git"
    try:
        head = (git / "HEAD").read_text().strip()
        if not head.startswith("ref: "):
            return head or None
        ref = head[5:]
        ref_file = git / ref
        if ref_file.is_file():
            return ref_file.read_text().strip() or None
        for line in (git / "packed-refs").read_text().splitlines():
            if line.endswith(" " + ref):
                return line.split(" ", 1)[0]
    except OSError:
        return None
    return None


def display_path(path: str | Path) -> str:
    """Relative to the working directory when inside it, else absolute; always with ``/``."""
    p = Path(path).absolute()
    try:
        return p.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return p.as_posix()


def new_run_id(now: datetime | None = None) -> str:
    moment = (now or datetime.now(timezone.utc)).astimezone(timezone.utc)
    return f"{moment:%Y%m%dT%H%M%SZ}-{secrets.token_hex(3)}"


def write_atomic(path: Path, data: str | bytes) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    if isinstance(data, bytes):
        tmp.write_bytes(data)
    else:
        tmp.write_text(data, encoding="utf-8")
    os.replace(tmp, path)


def _plain(value: Any) -> Any:
    """JSON for what adapters may put in ``fields``: Decimals as numbers, anything else as text."""
    from decimal import Decimal

    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return str(value)


def dump_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


@dataclass(frozen=True)
class RunDir:
    path: Path

    @property
    def run_id(self) -> str:
        return self.path.name

    @property
    def complete(self) -> bool:
        return (self.path / REPORT).is_file()

    def create(self) -> RunDir:
        try:
            self.path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(
                f"cannot create the run directory ({exc.strerror or exc})", path=self.path
            ) from None
        return self

    def write_config(self, config: dict[str, Any]) -> None:
        write_atomic(self.path / CONFIG, dump_json(config))

    def write_answers(self, lines: Iterable[dict[str, Any]]) -> None:
        text = "".join(
            json.dumps(line, ensure_ascii=False, sort_keys=True, default=_plain) + "\n" for line in lines
        )
        write_atomic(self.path / ANSWERS, text)

    def write_report(self, data: bytes) -> None:
        """``report.json``, as ``dumps_report_bytes`` gives it."""
        write_atomic(self.path / REPORT, data)

    def read_config(self) -> dict[str, Any]:
        return self._read_json(CONFIG)

    def read_report(self) -> dict[str, Any]:
        return self._read_json(REPORT)

    def read_report_head(self) -> dict[str, Any]:
        """``read_report`` with its ``questions`` left empty (and, as the run path lays the file out,
        not decoded: ``report_head_of``)."""
        return self._read_json(REPORT, report_head_of)

    def read_answers(self) -> list[dict[str, Any]]:
        """The lines of ``answers.jsonl``, read as a replay file is (``benchmark.json_input``)."""
        from benchmark.json_input import MAX_ANSWERS_BYTES, iter_json_lines, read_limited

        path = self.path / ANSWERS
        data = read_limited(path, MAX_ANSWERS_BYTES, StoreError, "answers")
        return [line for _, line in iter_json_lines(data, path, StoreError)]

    def has(self, name: str) -> bool:
        return (self.path / name).is_file()

    def _read_json(self, name: str, read: Callable[[Path], Any] | None = None) -> dict[str, Any]:
        from benchmark.json_lines import loads_line

        path = self.path / name
        try:
            # json.loads's values, read by orjson where it can
            value = read(path) if read is not None else loads_line(path.read_bytes())
        except FileNotFoundError:
            raise StoreError(f"the run has no {name}", path=self.path) from None
        except (OSError, json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise StoreError(f"cannot read {name} ({exc})", path=path) from None
        if not isinstance(value, dict):
            raise StoreError(f"{name} is not a JSON object", path=path)
        return value


_OPEN = b'\n  "questions": [\n'
_CLOSE = b"\n  ]"


def report_head_of(path: Path) -> Any:
    """A ``report.json``'s keys with ``questions`` empty, without decoding its questions when it is laid
    out as ``benchmark.pipeline.report_file`` writes it: each question on a line of its own (a raw line end never occurs
    inside one), so the first line after ``"questions": [`` that closes a list at the report's own
    indent closes ``questions``. Any other layout is decoded whole. Raises what ``loads_line`` raises."""
    from benchmark.json_lines import loads_line

    data = path.read_bytes()
    start = data.find(_OPEN)
    end = data.find(_CLOSE, start + len(_OPEN)) if start >= 0 else -1
    if end >= 0:
        try:
            head = loads_line(data[: start + len(_OPEN) - 1] + b"]" + data[end + len(_CLOSE) :])
        except ValueError:  # json.JSONDecodeError and UnicodeDecodeError are ValueErrors
            head = None
        if isinstance(head, dict):
            return head
    value = loads_line(data)
    return {**value, "questions": []} if isinstance(value, dict) and "questions" in value else value


def _age_key(run: RunDir) -> tuple[str, int, str]:
    """Start second from the id, then when its config was written (runs in the same second), then the id."""
    try:
        written = (run.path / CONFIG).stat().st_mtime_ns
    except OSError:
        written = 0
    return run.run_id[:16], written, run.run_id


def list_runs(output_dir: Path) -> list[RunDir]:
    """Run directories under ``output_dir``, oldest first."""
    if not output_dir.is_dir():
        return []
    runs = [RunDir(p) for p in output_dir.iterdir() if p.is_dir() and RUN_ID_RE.match(p.name)]
    return sorted(runs, key=_age_key)


def find_run(ref: str, output_dir: Path) -> RunDir:
    """A run from a directory path, a run id or unique prefix in ``output_dir``, or ``latest``."""
    as_path = Path(ref)
    if as_path.is_dir() and (as_path / CONFIG).is_file():
        return RunDir(as_path)
    runs = list_runs(output_dir)
    if ref == "latest":
        done = [r for r in runs if r.complete]
        if not done:
            raise StoreError("no finished run here", path=output_dir)
        return done[-1]
    matches = [r for r in runs if r.run_id == ref] or [r for r in runs if r.run_id.startswith(ref)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise StoreError(f"no run {ref!r} (give a run directory, a run id, or 'latest')", path=output_dir)
    raise StoreError(f"{ref!r} matches {len(matches)} runs; give more of the id", path=output_dir)


def find_resumable(output_dir: Path, fingerprint: str) -> RunDir | None:
    """The newest unfinished run with the same fingerprint (same system, sets and selection), if any."""
    for run in reversed(list_runs(output_dir)):
        if run.complete or not run.has(CONFIG):
            continue
        try:
            config = run.read_config()
        except StoreError:
            continue
        if config.get("fingerprint") == fingerprint:
            return run
    return None
