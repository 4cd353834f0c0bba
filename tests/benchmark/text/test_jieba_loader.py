"""jieba's dictionary loads once per process, from its own cache file, and only when a component needs
words: a replay run of fact_exact answers never loads it; key points load the tokenizer but not the
part-of-speech tagger. Each check runs in a fresh interpreter (the test process may have jieba loaded)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]

_STATE = "import sys; j = sys.modules.get('jieba'); print(json.dumps({'imported': j is not None, " \
    "'initialized': bool(j and j.dt.initialized), 'posseg': 'jieba.posseg' in sys.modules}))"  # fmt: skip


def _python(code: str, tmp_path: Path) -> dict[str, bool]:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run(
        [sys.executable, "-c", f"import json\n{code}\n{_STATE}"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    state: dict[str, bool] = json.loads(done.stdout.strip().splitlines()[-1])
    return state


def _run(tmp_path: Path, *args: str) -> str:
    """``python -m benchmark run ARGS`` in-process (its exit code is 0 or 1)."""
    argv = ["run", *args, "--output", str(tmp_path / "runs"), "--no-cache"]
    return f"from benchmark.cli import main\ntry:\n    main({argv!r})\nexcept SystemExit as e:\n    assert e.code in (0, 1), e.code"


@pytest.fixture(scope="module")
def fact_answers(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The oracle's answers to the bundled fact_exact questions, as a replay file."""
    tmp = tmp_path_factory.mktemp("oracle")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp / "cache")}
    args = ["run", "--type", "fact_exact", "--adapter", "oracle", "--output", str(tmp), "--no-cache"]
    subprocess.run(
        [sys.executable, "-m", "benchmark", *args], cwd=REPO, env=env, capture_output=True, check=True
    )
    (answers,) = tmp.glob("*/answers.jsonl")
    return answers


def test_a_fact_exact_replay_never_loads_jieba(tmp_path: Path, fact_answers: Path) -> None:
    state = _python(_run(tmp_path, "--type", "fact_exact", "--adapter", f"replay:{fact_answers}"), tmp_path)
    assert state == {"imported": False, "initialized": False, "posseg": False}
    (report,) = (tmp_path / "runs").glob("*/report.json")
    assert json.loads(report.read_text(encoding="utf-8"))["summary"]["passed"] > 100


def test_key_points_load_the_tokenizer_once_but_not_the_tagger(tmp_path: Path) -> None:
    code = (
        "from scorers.keypoints import key_point_words\n"
        "from benchmark.text.jieba_loader import load_jieba\n"
        "assert '权限' in key_point_words('公司没有办理学位的权限')\n"
        "assert load_jieba() is load_jieba()"
    )
    assert _python(code, tmp_path) == {"imported": True, "initialized": True, "posseg": False}


def test_names_load_the_tagger(tmp_path: Path) -> None:
    code = "from scorers.names import document_names\nassert '顾建国' in document_names('证人顾建国说，他借了钱。')"
    assert _python(code, tmp_path) == {"imported": True, "initialized": True, "posseg": True}


def test_the_dictionary_is_read_from_its_own_cache_file(tmp_path: Path) -> None:
    """The first process writes the cache file into our directory; the next reads it, unchanged."""
    code = "from benchmark.text.jieba_loader import load_jieba\nload_jieba()"
    _python(code, tmp_path)
    (cache,) = (tmp_path / "cache" / "legal-rag-bench" / "jieba").glob("jieba*.cache")
    assert cache.name.startswith("jieba-")  # ours (benchmark.text.jieba_dict), not jieba's jieba.cache
    written = cache.stat().st_mtime_ns
    assert _python(code, tmp_path)["initialized"]
    assert cache.stat().st_mtime_ns == written
