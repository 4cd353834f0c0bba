"""Where the shipped ``schema.json`` and ``datasets/`` live: in the checkout, or inside the wheel."""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DATA = Path(__file__).resolve().parent / "data"
_CHECKOUT = Path(__file__).resolve().parent.parent


def _first_existing(name: str) -> Path:
    for base in (_PACKAGE_DATA, _CHECKOUT):
        candidate = base / name
        if candidate.exists():
            return candidate
    return _CHECKOUT / name


def schema_path() -> Path:
    return _first_existing("schema.json")


def datasets_dir() -> Path:
    return _first_existing("datasets")
