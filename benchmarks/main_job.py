"""The README's main job as a user runs it: ``python -m benchmark`` (the bundled datasets, the offline
baseline system), in a fresh process, in a working folder of its own (its ``runs/`` there).

It runs once (the first run: the sets validated and remembered, jieba's dictionary cache and the
baseline's stored document tokens written), then ``--rounds`` more times; wall, CPU and peak memory
of those (min / median / max) and the load average are printed. The user cache directory is a fresh
one in the working folder (``$LEGAL_RAG_BENCH_CACHE`` and ``$XDG_CACHE_HOME``), so the first run is a
first run whatever this machine ran before; ``--user-cache`` keeps the user's own.

The code that runs is the checkout's named by ``--source`` (put first on ``PYTHONPATH``): by default
this script's own checkout, or, with ``--python``, whatever that interpreter imports. An editable
install names one checkout, so an environment shared with another checkout may import that one's
code; the script prints which ``benchmark`` package ran. Usage:
``uv run python benchmarks/main_job.py [--rounds 5] [--user-cache] [--python OTHER/.venv/bin/python
[--source OTHER]]``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from wholeproc import load, measure, spread

ROOT = Path(__file__).resolve().parent.parent


def _imported(python: str, env: dict[str, str], cwd: Path) -> str:
    """Where the ``benchmark`` package the runs import lives."""
    code = "import benchmark, pathlib; print(pathlib.Path(benchmark.__file__).parent)"
    return subprocess.run(
        [python, "-c", code], env=env, cwd=cwd, capture_output=True, text=True
    ).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--python", default=sys.executable, help="the interpreter of the checkout to time")
    parser.add_argument("--user-cache", action="store_true", help="use the user's cache directory")
    parser.add_argument("--source", type=Path, help="the checkout whose code runs (default: see above)")
    args = parser.parse_args()
    source = args.source or (ROOT if args.python == sys.executable else None)
    command = [args.python, "-m", "benchmark", "--no-progress"]
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        if source is not None:
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(source.resolve()), env.get("PYTHONPATH")]))
        if not args.user_cache:
            cache = Path(tmp) / "user-cache"
            env.update(LEGAL_RAG_BENCH_CACHE=str(cache), XDG_CACHE_HOME=str(cache / "xdg"))
        first = measure(command, cwd=Path(tmp), env=env)
        assert first.returncode in (0, 1), first.stderr[-2000:]
        where = "the user's cache" if args.user_cache else "a fresh cache directory"
        print(f"command: {' '.join(command[1:])} (in a folder of its own, {where})")
        print(f"code: {_imported(args.python, env, Path(tmp))}")
        print(f"load average before: {load()}")
        print(f"first run: wall {first.wall:.2f} s, cpu {first.cpu:.2f} s")
        runs = [measure(command, cwd=Path(tmp), env=env) for _ in range(args.rounds)]
        print(f"load average after: {load()}")
    print(f"{args.rounds} runs after the first (min / median / max): wall s {spread([r.wall for r in runs])}; "
          f"cpu s {spread([r.cpu for r in runs])}; peak MB {spread([r.peak_mb for r in runs], '{:.0f}')}")  # fmt: skip


if __name__ == "__main__":
    main()
