"""Secrets of the HTTP adapters: read from the environment, and masked in everything a system sends back.

A system may echo a key in any encoding its stack applies on the way: inside a JSON string (``"`` as
``\\"``, ``\\`` as ``\\\\``, ``/`` as ``\\/``, non-ASCII as ``\\uXXXX``), in a URL (``%XX``, ``+`` for a
space), in an HTML page (``&quot;``), in a Python ``repr``, or in base64 (an ``Authorization: Basic``
header: ``base64(user:key)``, standard or URL-safe, with or without padding). ``Redactor`` knows each
secret in all these forms and masks every one of them, wherever the text came from: an answer (every
string in it, keys too) or a fault's excerpt. Everything written later (reports, run directories,
the answer cache, the run history, stdout) comes from those, so it never holds a secret.
"""

from __future__ import annotations

import base64
import html
import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, quote_plus

from benchmark.answers import parse_answer
from benchmark.models import Answer

if TYPE_CHECKING:
    from benchmark.adapters.http_common import AdapterConfig

REDACTED = "***"
MIN_SECRET_CHARS = 4  # a shorter value is not masked: it would mask ordinary text
# header names whose values are credentials (besides any value that uses {api_key})
CREDENTIAL_HEADER = re.compile(r"auth|key|token|secret|passw|cookie|session|signature", re.IGNORECASE)
_SCHEME = re.compile(r"^(?:bearer|basic|token|digest)\s+", re.IGNORECASE)


@dataclass(frozen=True)
class Secret:
    """A value read from an environment variable; ``repr`` and ``str`` never show it."""

    env: str
    value: str = ""

    def __repr__(self) -> str:
        return f"Secret(env={self.env!r})"

    __str__ = __repr__


def read_secret(config: AdapterConfig, key: str = "api_key_env", *, required: bool = False) -> Secret | None:
    """The secret held by the environment variable named by ``key`` (its name, never the value, is in the config)."""
    env = config.text(key)
    if not env:  # absent, or emptied by an option (``--adapter-option api_key_env=``): no key
        if required:
            raise config.error(key, "missing: name the environment variable that holds the API key")
        return None
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", env):
        raise config.error(key, "must be the NAME of an environment variable, not the key itself")
    value = os.environ.get(env, "")
    if not value:
        raise config.error(key, f"environment variable {env} is not set (it must hold the API key)")
    return Secret(env, value)


def credential_headers(headers: dict[str, str]) -> list[str]:
    """The credentials in headers that carry them (``Authorization``, ``X-Api-Key``, ``Cookie`` ...),
    without an authentication scheme's name (``Bearer``, ``Basic``, ``Token``)."""
    values = [value.strip() for name, value in headers.items() if CREDENTIAL_HEADER.search(name)]
    return [_SCHEME.sub("", value) for value in values]


def _json_forms(value: str) -> set[str]:
    """As JSON encoders write it inside a string: the usual escapes, ``/`` as ``\\/``, non-ASCII as
    ``\\uXXXX``, or every character but letters and digits as ``\\uXXXX`` (either case of hex)."""
    every = "".join(c if c.isascii() and c.isalnum() else _unicode_escapes(c) for c in value)
    forms = {json.dumps(value, ensure_ascii=False)[1:-1], json.dumps(value)[1:-1], every}
    forms |= {f.replace("/", "\\/") for f in forms}
    return forms | {re.sub(r"\\u([0-9a-f]{4})", lambda m: "\\u" + m.group(1).upper(), f) for f in forms}


def _unicode_escapes(char: str) -> str:
    """``\\uXXXX`` (a surrogate pair beyond the BMP)."""
    units = char.encode("utf-16-be")
    return "".join(f"\\u{int.from_bytes(units[i : i + 2], 'big'):04x}" for i in range(0, len(units), 2))


def _url_forms(value: str) -> set[str]:
    forms = {quote(value, safe=""), quote(value), quote_plus(value, safe=""), quote_plus(value)}
    return forms | {re.sub(r"%[0-9A-F]{2}", lambda m: m.group().lower(), f) for f in forms}


def _base64_forms(data: bytes) -> set[str]:
    """``data`` in base64 (standard and URL-safe, padded or not), and the part of the base64 of any
    longer text (``user:key``) that only ``data`` decides, for each of the three alignments."""
    forms: set[str] = set()
    for encode in (base64.b64encode, base64.urlsafe_b64encode):
        whole = encode(data).decode("ascii")
        forms |= {whole, whole.rstrip("=")}
        for shift in (0, 1, 2):  # data starts `shift` bytes into a 3-byte group
            encoded = encode(b"\0" * shift + data).decode("ascii").rstrip("=")
            first = 4 if shift else 0  # the first group mixes in the bytes before ``data``
            last = ((shift + len(data)) // 3) * 4  # the last full group that ``data`` alone fills
            core = encoded[first:last]
            if len(core) >= 8:
                forms.add(core)
    return forms


def encoded_forms(value: str) -> set[str]:
    """``value`` as it may come back: raw, JSON-escaped, URL-encoded, HTML-escaped, repr'd, base64."""
    forms = {value, html.escape(value), html.escape(value, quote=False), repr(value)[1:-1]}
    forms.add(html.escape(value).replace("&#x27;", "&#39;"))
    forms |= _json_forms(value) | _url_forms(value) | _base64_forms(value.encode("utf-8"))
    return {f for f in forms if len(f) >= MIN_SECRET_CHARS}


class Redactor:
    """Replaces every known secret, in any of its encoded forms, with ``***``."""

    def __init__(self, secrets: Iterable[Secret | str | None] = ()) -> None:
        values = {s.value if isinstance(s, Secret) else s for s in secrets}
        forms = set().union(*(encoded_forms(v) for v in values if v and len(v) >= MIN_SECRET_CHARS))
        self._forms = sorted(forms, key=lambda f: (-len(f), f))  # longest first: a form inside another

    def __bool__(self) -> bool:
        return bool(self._forms)

    def __call__(self, text: str) -> str:
        for form in self._forms:
            if form in text:
                text = text.replace(form, REDACTED)
        return text

    def value(self, value: Any) -> Any:
        """Every string in ``value`` (dicts, lists, keys too) masked."""
        if isinstance(value, str):
            return self(value)
        if isinstance(value, dict):
            return {self.value(k): self.value(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.value(v) for v in value]
        return value

    def answer(self, answer: Answer) -> Answer:
        """The answer with every string in it masked: a system that echoes the key must not put it in
        a report. Masked string by string, so no form depends on how the answer would be encoded."""
        if not self._forms:
            return answer
        plain = answer.to_dict()
        masked = self.value(plain)
        return answer if masked == plain else parse_answer(masked)
