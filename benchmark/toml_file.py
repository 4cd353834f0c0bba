"""The one TOML reader: ``--config`` files, sweep files and adapter configs (``http:endpoint.toml``).

Every problem is one ``BenchmarkError`` of the caller's kind naming the file: missing, unreadable,
not UTF-8 (with the byte), not TOML (with tomllib's line and column).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from benchmark.errors import BenchmarkError


def read_toml(path: Path, error: type[BenchmarkError], what: str = "config") -> dict[str, Any]:
    """The file's tables; ``what`` names the file in messages (``cannot read adapter config``)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise error(f"cannot read {what} (file not found)", path=path) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise error(f"cannot read {what} ({reason})", path=path) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"not UTF-8 text (byte {exc.start}); TOML files are UTF-8", path=path) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"not valid TOML ({exc})", path=path) from None
