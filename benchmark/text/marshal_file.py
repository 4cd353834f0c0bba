"""Files of the user's cache that hold one ``marshal`` dump (jieba's prefix dictionary, the baseline's
document tokens, a document's name verdicts): read whole, written whole or not at all, and the newest
of a folder kept.

A file that cannot be read or does not decode reads as None (the caller builds its value again); a
file is written to a temporary name beside it and renamed, so a reader never sees half of one; an
unwritable directory only means the value is built again next time.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["keep_newest", "read_marshal", "source_key", "write_marshal"]


def source_key(sources: Sequence[Path], versions: str) -> str | None:
    """The sha256 of ``versions`` and of each source file's name and bytes: what a kept value was made
    by, so that a change to that code names another file. None when a source cannot be read (an
    install without ``.py`` files: then nothing is kept)."""
    digest = hashlib.sha256(versions.encode())
    try:
        for path in sources:
            digest.update(f"\0{path.name}\0".encode() + path.read_bytes())
    except OSError:
        return None
    return digest.hexdigest()


def read_marshal(path: Path) -> object | None:
    """The value dumped in ``path``, or None when it cannot be read or decoded."""
    try:
        loaded: object = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    return loaded


def write_marshal(path: Path, value: Any) -> bool:
    """Dump ``value`` to ``path`` through a temporary file; False when the directory is not writable."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                marshal.dump(value, out)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return False
    return True


def keep_newest(folder: Path, count: int) -> None:
    """Delete all but the ``count`` newest ``.marshal`` files of ``folder`` (by modification time); a
    file another process deleted first is no error."""
    try:
        files = sorted(folder.glob("*.marshal"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in files[count:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass
