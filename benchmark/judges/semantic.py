"""``--judge semantic``: cosine similarity of sentence embeddings (the optional ``semantic`` extra).

The model is a local folder, loaded by sentence-transformers with ``local_files_only`` (through
``scorers.semantic``, once per process) and never downloaded. It comes from, first to last:
``--judge-option model=PATH``, the spec's argument (``semantic:PATH``; a ``.toml`` argument is a config
file with ``model``, ``threshold``, ``name``), and the ``LRB_JUDGE_MODEL`` environment variable.

A request matches when the best cosine similarity between one accepted reference and the answer's
material (the whole text, or one of its sentences) reaches ``threshold`` (``DEFAULT_THRESHOLD`` 0.8
unless set). Similarities depend on the model: tune the threshold on answers you have labelled
(docs/scoring/judges.md). The model is loaded on the first request, so a run whose verdicts are all
cached never loads it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmark.extras import install_hint
from benchmark.judges.base import JudgeConfig, JudgeConfigError
from scorers.verdicts import JudgeRequest, Verdict

ENV_MODEL = "LRB_JUDGE_MODEL"
DEFAULT_THRESHOLD = 0.8
KEYS = ("model", "threshold", "name")
INSTALL_HINT = install_hint("semantic")
SHOWN_CHARS = 60
_ENGLISH_END = re.compile(r"(?<=[.!?])\s+")  # scorers.semantic splits at Chinese sentence ends only
_HASHED_BYTES = 2_000_000  # files up to this size are hashed into the identity; larger ones by size


def model_fingerprint(folder: Path) -> str:
    """sha256 over the model folder's files: names and sizes, and the content of the small ones
    (configs, tokenizer, vocabulary): a different model in the same folder is a different judge."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith(".")):
        size = path.stat().st_size
        digest.update(f"{path.relative_to(folder).as_posix()}\t{size}\n".encode())
        if size <= _HASHED_BYTES:
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _short(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= SHOWN_CHARS else flat[: SHOWN_CHARS - 1] + "…"


class SemanticJudge:
    def __init__(self, model: Path, threshold: float = DEFAULT_THRESHOLD, name: str = "semantic") -> None:
        self.model = model
        self.threshold = threshold
        self.name = name
        self._fingerprint = model_fingerprint(model)

    def identity(self) -> dict[str, Any]:
        return {
            "judge": "semantic",
            "name": self.name,
            "model": self.model.name,
            "model_sha256": self._fingerprint,
            "threshold": self.threshold,
        }

    def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        """Every reference and candidate of every request embedded in one batch, then each request's best pair."""
        from scorers.semantic import get_matcher

        candidates = [_candidates(r.answer) for r in requests]
        refs = list(dict.fromkeys(ref for r in requests for ref in r.references))
        texts = list(dict.fromkeys(c for cs in candidates for c in cs))
        matcher = get_matcher(str(self.model))  # loaded once per process; the threshold is ours
        rows = dict(zip(refs, matcher.similarities(refs, texts), strict=True))
        column = {text: i for i, text in enumerate(texts)}
        return [self._verdict(r, cs, rows, column) for r, cs in zip(requests, candidates, strict=True)]

    def _verdict(
        self,
        request: JudgeRequest,
        candidates: list[str],
        rows: dict[str, list[float]],
        column: dict[str, int],
    ) -> Verdict:
        sim, ref, cand = max(
            ((rows[ref][column[cand]], ref, cand) for ref in request.references for cand in candidates),
            key=lambda t: t[0],
        )
        match = sim >= self.threshold
        sign = ">=" if match else "<"
        reason = f"cosine similarity {sim:.3f} {sign} {self.threshold:g} between {_short(ref)!r} and {_short(cand)!r}"
        return Verdict(self.name, match, reason)


def _candidates(answer: str) -> list[str]:
    """The whole answer, then its sentences (Chinese and English sentence ends)."""
    from scorers.semantic import split_sentences

    sentences = (p for s in split_sentences([answer]) for p in _ENGLISH_END.split(s))
    return list(dict.fromkeys([answer.strip(), *(p for p in sentences if p)]))


def _installed(module: str) -> bool:
    """Whether ``module`` can be imported, without importing it (torch takes seconds to load)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # ValueError: blocked in sys.modules (set to None)
        return False


def create(arg: str | None, options: dict[str, Any]) -> SemanticJudge:
    """``semantic``, ``semantic:MODEL_FOLDER`` or ``semantic:CONFIG.toml``, with options over them."""
    toml = Path(arg) if arg and arg.lower().endswith(".toml") else None
    config = JudgeConfig.load("semantic", toml, options)
    if arg and toml is None:
        config.values.setdefault("model", arg)
    config.check_keys(KEYS)
    folder = config.path("model") or (Path(os.environ[ENV_MODEL]) if os.environ.get(ENV_MODEL) else None)
    if folder is None:
        raise config.error(
            "model",
            "missing: give the folder of a local sentence-transformers model (--judge semantic:PATH, "
            f"--judge-option model=PATH or the {ENV_MODEL} environment variable)",
        )
    if not folder.is_dir():
        raise config.error(
            "model",
            f"{str(folder)!r} is not a folder here: the judge loads a local model and never downloads one",
        )
    threshold = config.number("threshold", DEFAULT_THRESHOLD, low=-1.0, high=1.0)
    if not _installed("sentence_transformers"):
        raise JudgeConfigError(
            f"--judge semantic needs sentence-transformers, which is not installed: {INSTALL_HINT}"
        )
    return SemanticJudge(folder.resolve(), threshold, config.text("name") or "semantic")


__all__ = ["DEFAULT_THRESHOLD", "ENV_MODEL", "SemanticJudge", "create", "model_fingerprint"]
