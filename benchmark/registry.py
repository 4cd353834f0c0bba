"""A small registry of named extensions (adapters, scorers, comparators) fed by entry points.

Built-ins are named in code (``builtins``: name -> ``"module:attribute"``, imported on first use), so
they are there without the package being installed; the same names are also declared as entry points
of this distribution, for tools that list a group. Plugins come in through entry points or
``register``. A second registration under a taken name is an error unless ``replace=True`` is passed
explicitly, so a plugin can never silently shadow a built-in.
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Generic, TypeVar, overload

from benchmark.errors import DuplicateNameError, PluginLoadError, UnknownNameError

T = TypeVar("T")

ENTRY_POINT_PREFIX = "legal_rag_bench"


@dataclass(frozen=True)
class Builtin:
    """A built-in extension named in code: ``value`` is ``"module:attribute"``, imported by ``load``."""

    name: str
    value: str

    def load(self) -> object:
        module, _, attribute = self.value.partition(":")
        return getattr(importlib.import_module(module), attribute)


class Registry(Generic[T]):
    """Names to objects, with lazy entry-point discovery and did-you-mean on unknown names."""

    def __init__(
        self, kind: str, group: str | None = None, builtins: Mapping[str, str] | None = None
    ) -> None:
        self.kind = kind
        self.group = group if group is not None else f"{ENTRY_POINT_PREFIX}.{kind}s"
        self._items: dict[str, T] = {}
        self._origins: dict[str, str] = {}
        self._pending: dict[str, object] = {
            name: Builtin(name, value) for name, value in (builtins or {}).items()
        }
        for name, value in (builtins or {}).items():
            self._origins[name] = value.split(":")[0]
        self._discovered = False

    @overload
    def register(self, name: str, obj: T, *, replace: bool = False) -> T: ...
    @overload
    def register(self, name: str, obj: None = None, *, replace: bool = False) -> Callable[[T], T]: ...
    def register(self, name: str, obj: T | None = None, *, replace: bool = False) -> T | Callable[[T], T]:
        """Register ``obj`` under ``name``; usable as a decorator when ``obj`` is omitted."""

        def add(item: T) -> T:
            self._add(name, item, origin=getattr(item, "__module__", "?"), replace=replace)
            return item

        return add if obj is None else add(obj)

    def _add(self, name: str, item: T, *, origin: str, replace: bool) -> None:
        if not replace:
            self._discover()  # a built-in declared as an entry point must be seen before it can be shadowed
        if not replace and (name in self._items or name in self._pending):
            where = self._origins.get(name, "an entry point")
            raise DuplicateNameError(
                f"{self.kind} {name!r} is already registered by {where}; "
                "pass replace=True to override it on purpose"
            )
        self._pending.pop(name, None)
        self._items[name] = item
        self._origins[name] = origin

    def _discover(self) -> None:
        if self._discovered:
            return
        self._discovered = True
        seen: dict[str, str] = {}
        for ep in entry_points(group=self.group):
            dist = ep.dist.name if ep.dist is not None else "?"
            if ep.name in seen and seen[ep.name] != ep.value:
                raise DuplicateNameError(
                    f"{self.kind} {ep.name!r} is declared twice in entry-point group {self.group!r} "
                    f"({seen[ep.name]} and {ep.value} from {dist})"
                )
            seen[ep.name] = ep.value
            builtin = self._pending.get(ep.name)
            if isinstance(builtin, Builtin):
                if builtin.value != ep.value:
                    raise DuplicateNameError(
                        f"{self.kind} {ep.name!r} from package {dist} ({ep.value}) clashes with the built-in "
                        f"({builtin.value})"
                    )
                continue  # this distribution's own declaration of the built-in
            if ep.name in self._items and self._origins.get(ep.name) != ep.value.split(":")[0]:
                raise DuplicateNameError(
                    f"{self.kind} {ep.name!r} from package {dist} clashes with the one already registered"
                )
            if ep.name not in self._items:
                self._pending[ep.name] = ep
                self._origins[ep.name] = ep.value.split(":")[0]

    def get(self, name: str) -> T:
        """The object registered as ``name``; unknown names raise with the closest suggestions."""
        if name not in self._items:
            self._discover()
        if name in self._pending:
            ep = self._pending[name]
            try:
                self._items[name] = ep.load()  # type: ignore[attr-defined]
            except Exception as exc:
                raise PluginLoadError(
                    f"cannot load {self.kind} {name!r} from {ep.value}: {type(exc).__name__}: {exc}"  # type: ignore[attr-defined]
                ) from exc
            del self._pending[name]
        if name in self._items:
            return self._items[name]
        close = difflib.get_close_matches(name, self.names(), n=3, cutoff=0.5)
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        known = ", ".join(self.names()) or "none"
        raise UnknownNameError(f"unknown {self.kind} {name!r}{hint} (known: {known})")

    def names(self) -> list[str]:
        self._discover()
        return sorted({*self._items, *self._pending})

    def origin(self, name: str) -> str:
        self._discover()
        return self._origins.get(name, "?")

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self.names()

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())
