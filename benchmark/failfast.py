"""Fail fast: tell a system that is not there from one that answers badly, before paying for questions.

Two checks, both in the runner (docs/cli.md "Fail fast"):

- **the probe**: before the run, the adapter's optional ``health_check()`` (sync or async; any exception
  means "not healthy"), else the first question alone. When the system cannot be reached at all
  (connection refused, DNS, TLS handshake), the run stops there: a refusal, not a score.
- **the streak**: during the run, ``stop_after`` questions in a row (default 5) that fail with the same
  transport fault (connection errors, timeouts, HTTP 429/5xx that outlived their retries) stop it.

Faults are classified here, from ``AdapterError`` flags and the usual exception types that in-process
systems raise (``ConnectionRefusedError``, ``socket.gaierror``, ``ssl.SSLError``, ``TimeoutError`` ...).
"""

from __future__ import annotations

import socket
import ssl
import sys
from dataclasses import dataclass

from benchmark.errors import AdapterError

UNREACHABLE = "unreachable"  # no connection could be made: the probe refuses the run on it
TRANSPORT = "transport"  # the channel failed (dropped, timed out, 5xx): counted by the streak
DEFAULT_STOP_AFTER = 5
_CHAIN_DEPTH = 6


def _httpx_kinds() -> tuple[tuple[type, ...], tuple[type, ...]]:
    """httpx's connect faults and its other transport faults, when something in the process uses httpx."""
    httpx = sys.modules.get("httpx")
    if httpx is None:
        return (), ()
    return (httpx.ConnectError, httpx.ConnectTimeout), (httpx.TransportError,)


def _one(exc: BaseException) -> str | None:
    if isinstance(exc, AdapterError):
        if exc.unreachable:
            return UNREACHABLE
        return TRANSPORT if exc.transient else None
    connect, transport = _httpx_kinds()
    if isinstance(exc, (ConnectionRefusedError, socket.gaierror, ssl.SSLError, *connect)):
        return UNREACHABLE
    if isinstance(exc, (ConnectionError, TimeoutError, *transport)):
        return TRANSPORT
    return None


def fault_kind(exc: BaseException) -> str | None:
    """``UNREACHABLE``, ``TRANSPORT`` or None, looking through wrapped causes (an SDK's own error raised
    from the socket error, as most HTTP client libraries do)."""
    seen: BaseException | None = exc
    for _ in range(_CHAIN_DEPTH):
        if seen is None:
            break
        kind = _one(seen)
        if kind is not None:
            return kind
        seen = seen.__cause__ or seen.__context__
    return None


@dataclass
class Streak:
    """Consecutive replies that failed with the same transport fault; trips at ``limit`` (0: never)."""

    limit: int
    reason: str | None = None
    count: int = 0
    tripped: str | None = None  # the stop reason once tripped

    def add(self, fault: str | None, reason: str | None) -> bool:
        """Count one reply; True when this one trips the limit."""
        if fault not in (UNREACHABLE, TRANSPORT) or reason is None:
            self.reason, self.count = None, 0
            return False
        if reason == self.reason:
            self.count += 1
        else:
            self.reason, self.count = reason, 1
        if self.limit > 0 and self.count >= self.limit and self.tripped is None:
            self.tripped = f"{self.count} questions in a row failed the same way: {reason}"
            return True
        return False


def unreachable_reason(reason: str) -> str:
    return f"cannot reach the system: {reason}"


def not_asked_reason(stop: str, *, in_flight: bool = False) -> str:
    if in_flight:  # asked, but the run stopped waiting for its answer
        return f"no answer: the run stopped while it was asked ({stop})"
    return f"not asked: the run stopped ({stop})"
