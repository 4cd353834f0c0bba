"""A one-line progress bar for stderr (only used when stderr is a terminal); no dependencies."""

from __future__ import annotations

import time
from typing import TextIO

WIDTH = 28
MIN_INTERVAL_S = 0.1


def _clock(seconds: float) -> str:
    seconds = max(0, int(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


class ProgressBar:
    """``progress(done, total)`` callback drawing ``[#####.....]  42/205  20%  3.1/s  eta 0:52``."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.start = time.monotonic()
        self.first_done: int | None = None
        self.last_draw = 0.0
        self.drawn = False

    def line(self, done: int, total: int, now: float) -> str:
        frac = done / total if total else 1.0
        filled = int(WIDTH * frac)
        bar = "#" * filled + "." * (WIDTH - filled)
        fresh = done - (self.first_done or 0)
        elapsed = now - self.start
        rate = fresh / elapsed if elapsed > 0 else 0.0
        eta = f"eta {_clock((total - done) / rate)}" if rate > 0 and done < total else f"{_clock(elapsed)}"
        return f"[{bar}] {done:>{len(str(total))}}/{total} {frac:4.0%}  {rate:5.1f}/s  {eta}"

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.first_done is None:
            self.first_done = done
        if done < total and now - self.last_draw < MIN_INTERVAL_S:
            return
        self.last_draw = now
        self.stream.write("\r" + self.line(done, total, now))
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        """End the bar's line so that whatever follows starts on a fresh one."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False
