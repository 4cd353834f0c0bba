"""Question sets already validated against ``schema.json``, remembered across runs and processes.

Validating a set with jsonschema costs about 0.2-0.4 ms per question, the largest part of loading it.
A set is validated once: its content hash is written, with the schema's, to ``validated-sets.txt`` in
the user's cache directory (``$LEGAL_RAG_BENCH_CACHE``, else ``$XDG_CACHE_HOME/legal-rag-bench``, else
``~/.cache/legal-rag-bench``), and a later load of the very same bytes under the very same schema
models the set without validating it again. Nothing stale can be trusted: the key is the content.

Only sets without warnings are remembered (an unknown key warns on every run, so such a set is
validated every time). The file is a list of ``<schema sha256> <set sha256>`` lines, appended to;
it is cut to its newer half when it grows past ``MAX_BYTES``. A cache directory that cannot be read
or written only means that sets are validated every time.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from benchmark.user_cache import ENV, user_cache_dir

__all__ = ["ENV", "FILE", "MAX_BYTES", "ValidatedSets", "user_cache_dir"]

FILE = "validated-sets.txt"
MAX_BYTES = 1_000_000  # ~7,500 entries


class ValidatedSets:
    """The content hashes of sets known to validate, per schema hash."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or user_cache_dir() / FILE
        self._known: set[tuple[str, str]] | None = None

    def _entries(self) -> set[tuple[str, str]]:
        if self._known is None:
            try:
                text = self.path.read_text(encoding="ascii", errors="replace")
            except OSError:
                text = ""
            pairs = (line.split(" ") for line in text.splitlines())
            self._known = {(p[0], p[1]) for p in pairs if len(p) == 2 and len(p[0]) == len(p[1]) == 64}
        return self._known

    def holds(self, set_sha: str, schema_sha: str) -> bool:
        return (schema_sha, set_sha) in self._entries()

    def remember(self, set_shas: Iterable[str], schema_sha: str) -> None:
        new = sorted({(schema_sha, s) for s in set_shas} - self._entries())
        if not new:
            return
        self._entries().update(new)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="ascii") as out:  # a short append: whole lines, even if racing
                out.write("".join(f"{schema} {sha}\n" for schema, sha in new))
            if self.path.stat().st_size > MAX_BYTES:
                self._trim()
        except OSError:
            pass

    def _trim(self) -> None:
        lines = self.path.read_text(encoding="ascii", errors="replace").splitlines(keepends=True)
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        tmp.write_text("".join(lines[len(lines) // 2 :]), encoding="ascii")
        os.replace(tmp, self.path)
