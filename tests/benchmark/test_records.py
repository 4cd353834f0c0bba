"""``quick_init`` builds the same frozen records as the generated ``__init__``, faster."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field
from typing import Any

import pytest

from benchmark.records import quick_init


@dataclass(frozen=True)
class Plain:
    kind: str
    score: float
    missing: tuple[str, ...] = ()
    extra: dict[str, int] = field(default_factory=dict)
    note: str | None = None


@quick_init
@dataclass(frozen=True)
class Quick:  # Plain's fields, quick_init's __init__
    kind: str
    score: float
    missing: tuple[str, ...] = ()
    extra: dict[str, int] = field(default_factory=dict)
    note: str | None = None


def _pair() -> tuple[Any, Any]:
    return Plain, Quick


def test_the_signature_is_the_generated_one() -> None:
    plain, quick = _pair()
    assert str(inspect.signature(quick)) == str(inspect.signature(plain))
    assert list(inspect.signature(quick).parameters) == ["kind", "score", "missing", "extra", "note"]


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [(("exact", 100.0), {}), (("fuzzy", 91.5, ("2020",)), {"note": "x"}), ((), {"kind": "k", "score": 0.0})],
)
def test_records_are_equal_hash_alike_and_print_alike(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    plain, quick = _pair()
    a, b = plain(*args, **kwargs), quick(*args, **kwargs)
    assert vars(a) == vars(b) and repr(a) == repr(b).replace("Quick", "Plain")
    assert hash(dataclasses.replace(b, extra=None)) == hash(dataclasses.replace(a, extra=None))
    assert dataclasses.replace(b, score=1.0).score == 1.0 and isinstance(dataclasses.replace(b), quick)
    assert pickle.loads(pickle.dumps(b)) == b


def test_a_default_factory_gives_each_record_its_own_value() -> None:
    _, quick = _pair()
    one, two = quick("a", 1.0), quick("b", 2.0)
    one.extra["n"] = 1
    assert two.extra == {}


def test_the_record_stays_frozen_and_wrong_calls_fail_as_before() -> None:
    plain, quick = _pair()
    record = quick("exact", 100.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.score = 0.0
    for cls in (plain, quick):
        with pytest.raises(TypeError):
            cls("only-kind")
        with pytest.raises(TypeError):
            cls("k", 1.0, unknown=1)


def test_classes_it_cannot_build_are_refused() -> None:
    @dataclass
    class Mutable:
        x: int

    @dataclass(frozen=True)
    class PostInit:
        x: int

        def __post_init__(self) -> None:
            pass

    @dataclass(frozen=True)
    class KeywordOnly:
        x: int = field(kw_only=True)

    for cls in (Mutable, PostInit, KeywordOnly):
        with pytest.raises(TypeError):
            quick_init(cls)
