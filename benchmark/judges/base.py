"""The judge contract and registry: a judge answers ``JudgeRequest``s with ``Verdict``s.

A judge is built by a factory registered by name (``JUDGES``, entry-point group
``legal_rag_bench.judges``; the built-ins ``semantic`` and ``openai`` register the same way), from the
spec's argument (``NAME:ARG``) and options (``--judge-option KEY=VALUE``, the ``[judge]`` table of
``--config``). A judge has:

- ``name: str``: shown on every component it judged;
- ``identity() -> dict``: what decides its verdicts (model, threshold, prompt hash ...), never a
  secret: it keys the verdict cache and is written into the report's options;
- ``judge(requests) -> list[Verdict]``: one verdict per request, in order. A judge that cannot answer
  one request returns a ``Verdict`` with ``match=None`` and the reason; it raises only for what
  stops every request (a ``BenchmarkError``: a missing model, extra or key).
"""

from __future__ import annotations

import difflib
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from benchmark.errors import ConfigError
from benchmark.registry import Registry
from scorers.verdicts import JudgeRequest, Verdict


class JudgeConfigError(ConfigError):
    """A judge spec, its config file or one of its options is wrong (exit code 2)."""


@runtime_checkable
class Judge(Protocol):
    name: str

    def identity(self) -> dict[str, Any]: ...

    def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]: ...


JudgeFactory = Callable[[str | None, dict[str, Any]], Judge]

BUILTIN_JUDGES = {"semantic": "benchmark.judges.semantic:create", "openai": "benchmark.judges.openai:create"}
JUDGES: Registry[JudgeFactory] = Registry("judge", builtins=BUILTIN_JUDGES)
NO_JUDGE = ("", "none", "off")


def parse_spec(spec: str) -> tuple[str, str | None]:
    """``"openai:judge.toml"`` -> ("openai", "judge.toml"); ``"semantic"`` -> ("semantic", None)."""
    name, sep, arg = spec.strip().partition(":")
    if not name:
        raise JudgeConfigError(f"empty judge name in {spec!r}; expected NAME or NAME:ARG", where="--judge")
    if sep and not arg:
        raise JudgeConfigError(f"judge spec {spec!r} has ':' but no argument after it", where="--judge")
    return name, (arg if sep else None)


def create_judge(spec: str, options: Mapping[str, Any] | None = None) -> Judge:
    """The judge a spec names; unknown names and bad arguments raise ``BenchmarkError``s (exit 2)."""
    name, arg = parse_spec(spec)
    judge = JUDGES.get(name)(arg, dict(options or {}))
    if not isinstance(judge, Judge):
        raise JudgeConfigError(f"judge {name!r} lacks name, identity() or judge()", where="--judge")
    return judge


def read_toml(path: Path) -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise JudgeConfigError("judge config file not found", path=path) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise JudgeConfigError(f"cannot read judge config ({exc})", path=path) from None
    except tomllib.TOMLDecodeError as exc:
        raise JudgeConfigError(f"not valid TOML ({exc})", path=path) from None


class JudgeConfig:
    """A judge's settings (a TOML file's keys with options laid over them), read through typed getters
    whose errors name the file (or ``--judge-option``) and the key."""

    def __init__(
        self,
        values: Mapping[str, Any],
        source: str,
        judge: str,
        *,
        base: Path | None = None,
        in_file: Iterable[str] = (),
    ) -> None:
        self.values = dict(values)
        self.source = source
        self.judge = judge
        self.base = base  # the config file's folder: relative paths written in the file start there
        self.in_file = frozenset(in_file)

    @classmethod
    def load(cls, judge: str, path: Path | None, options: Mapping[str, Any]) -> JudgeConfig:
        values = read_toml(path) if path is not None else {}
        source = str(path) if path is not None else f"{judge} judge options"
        base = path.parent if path is not None else None
        return cls({**values, **options}, source, judge, base=base, in_file=set(values) - set(options))

    def path(self, key: str, default: str | None = None) -> Path | None:
        """A path setting: relative to the config file when written there, else to the working directory."""
        text = self.text(key, default)
        if not text:
            return None
        path = Path(text).expanduser()
        if not path.is_absolute() and self.base is not None and key in self.in_file:
            path = self.base / path
        return path

    def error(self, key: str, problem: str) -> JudgeConfigError:
        return JudgeConfigError(problem, path=self.source, where=f"key {key!r}")

    def check_keys(self, known: Iterable[str]) -> None:
        allowed = sorted(set(known))
        for key in sorted(self.values):
            if key in ("api_key", "key", "token"):
                raise self.error(
                    key, "keys are never read from a config; name the environment variable with api_key_env"
                )
            if key not in allowed:
                close = difflib.get_close_matches(key, allowed, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise self.error(
                    key, f"unknown key for the {self.judge} judge{hint} (known: {', '.join(allowed)})"
                )

    def text(self, key: str, default: str | None = None) -> str | None:
        value = self.values.get(key)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise self.error(key, f"must be a string, got {type(value).__name__}")
        return str(value).strip()

    def required(self, key: str) -> str:
        value = self.text(key)
        if not value:
            raise self.error(key, f"missing (the {self.judge} judge needs it)")
        return value

    def number(self, key: str, default: float, *, low: float, high: float | None = None) -> float:
        value = self.values.get(key, default)
        try:
            number = float(value) if not isinstance(value, bool) else float("nan")
        except (TypeError, ValueError):
            raise self.error(key, f"must be a number, got {value!r}") from None
        if not (number >= low and (high is None or number <= high)):
            span = f"from {low:g} to {high:g}" if high is not None else f">= {low:g}"
            raise self.error(key, f"must be a number {span}, got {value!r}")
        return number

    def integer(self, key: str, default: int, *, low: int) -> int:
        value = self.values.get(key, default)
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= low
        if isinstance(value, str) and value.strip().isdecimal():
            value, ok = int(value), int(value) >= low
        if not ok:
            raise self.error(key, f"must be a whole number >= {low}, got {value!r}")
        return int(value)

    def flag(self, key: str, default: bool) -> bool:
        value = self.values.get(key, default)
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("true", "1", "yes", "on", "false", "0", "no", "off"):
            return text in ("true", "1", "yes", "on")
        raise self.error(key, f"must be true or false, got {value!r}")

    def table(self, key: str) -> dict[str, str]:
        value = self.values.get(key) or {}
        if not isinstance(value, Mapping) or not all(isinstance(v, str) for v in value.values()):
            raise self.error(key, "must be a table of strings")
        return {str(k): v for k, v in value.items()}

    def secret(self, key: str = "api_key_env") -> str | None:
        """The value of the environment variable the config names (never the value in the config)."""
        env = self.text(key)
        if not env:
            return None
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", env):
            raise self.error(key, "must be the NAME of an environment variable, not the key itself")
        value = os.environ.get(env, "")
        if not value:
            raise self.error(key, f"environment variable {env} is not set (it must hold the API key)")
        return value


__all__ = [
    "JUDGES",
    "NO_JUDGE",
    "Judge",
    "JudgeConfig",
    "JudgeConfigError",
    "JudgeFactory",
    "create_judge",
    "parse_spec",
    "read_toml",
]
