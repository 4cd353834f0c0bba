"""The blind batches (benchmarks/blind_batches/) keep their verdicts: every row that agreed with the
reviewer still agrees, and every known miss is still one (a fixed miss must be unmarked, so the
numbers docs/scoring/verdict_agreement.md reports stay the script's)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_blind_batches_keep_their_verdicts() -> None:
    script = ROOT / "benchmarks" / "blind_batches.py"
    done = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    rows = sum(
        len(json.loads(p.read_text(encoding="utf-8")))
        for p in (ROOT / "benchmarks" / "blind_batches").glob("*.json")
    )
    assert done.stdout.splitlines()[-1].split()[:2] == ["all", str(rows)]  # every row was read
