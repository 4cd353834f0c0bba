"""Bad input is refused at the door through the real entry point: exit 2, one line naming the file and
the place, no traceback, before any system is asked (issue 13's reproducers 2-5, 7, 8, 10)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

import benchmark.questions
from tests.benchmark.cli.test_run_cmd import invoke
from tests.servers.support import DATASETS


@pytest.fixture
def loan(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """A copy of the bundled loan contract fact set (3 questions) and its document, in the cwd."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(DATASETS / "loan_contract" / "document.md", tmp_path / "document.md")
    data = json.loads((DATASETS / "loan_contract" / "fact_exact.json").read_text(encoding="utf-8"))
    data["questions"] = data["questions"][:3]
    data["document"] = "document.md"
    return data


def save(data: dict[str, Any], text: str | None = None) -> str:
    Path("set.json").write_text(text if text is not None else json.dumps(data, ensure_ascii=False), "utf-8")
    return "set.json"


def assert_refused(args: list[str], message: str) -> None:
    code, out, err = invoke(*args)
    assert code == 2, (out, err)
    assert err.startswith("error: ") and message in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


RUN = ["run", "--adapter", "oracle", "--no-progress", "--dataset"]


@pytest.mark.parametrize("command", [["validate"], ["lint"], RUN])
def test_a_lone_surrogate_in_a_question_is_refused(loan: dict[str, Any], command: list[str]) -> None:
    question = json.dumps(loan["questions"][0]["question"])[1:-1]
    text = json.dumps(loan, ensure_ascii=True).replace(question, "\\ud800" + question, 1)
    assert_refused([*command, save(loan, text)], "set.json: $.questions[0].question: the text holds \\ud800")


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e400"])
@pytest.mark.parametrize("command", [["validate"], RUN])
def test_nan_or_infinity_as_an_expected_value_is_refused(
    loan: dict[str, Any], command: list[str], value: str
) -> None:
    loan["questions"][0]["expected"] = {"amount_total": "@"}
    text = json.dumps(loan, ensure_ascii=False).replace('"@"', value)
    assert_refused([*command, save(loan, text)], "set.json: $.questions[0].expected.amount_total: ")


@pytest.mark.parametrize("command", [["validate"], ["lint"], RUN])
def test_a_nul_in_the_document_path_is_refused(loan: dict[str, Any], command: list[str]) -> None:
    loan["document"] = "docu\x00ment.md"
    assert_refused([*command, save(loan)], "set.json: $.document: the document path holds a NUL character")


def test_an_ocr_document_nested_5000_deep_is_refused(loan: dict[str, Any]) -> None:
    Path("pages.json").write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    loan["document"] = "pages.json"
    assert_refused(
        [*RUN, save(loan)], "its document pages.json: line 1, column 101: nested deeper than 100 levels"
    )


def test_a_set_over_the_size_limit_is_refused(loan: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(benchmark.questions, "MAX_SET_BYTES", 1000)
    assert_refused([*RUN, save(loan)], "set.json: the file is larger than the limit of 0.000953674 MiB")


def test_an_adapter_config_that_is_not_utf8_is_refused(loan: dict[str, Any]) -> None:
    Path("endpoint.toml").write_bytes('url = "http://127.0.0.1:9/ask"\nname = "é"\n'.encode("latin-1"))
    args = ["run", "--no-progress", "--dataset", save(loan), "--adapter", "http:endpoint.toml"]
    assert_refused(args, "endpoint.toml: not UTF-8 text (byte 39); TOML files are UTF-8")


def test_the_config_option_reads_the_same_bytes_the_same_way(loan: dict[str, Any]) -> None:
    Path("run.toml").write_bytes('[run]\nlabel = "é"\n'.encode("latin-1"))
    assert_refused([*RUN, save(loan), "--config", "run.toml"], "run.toml: not UTF-8 text (byte 15)")


def test_a_wrong_adapter_option_is_blamed_on_the_option(loan: dict[str, Any]) -> None:
    Path("endpoint.toml").write_text('url = "http://127.0.0.1:9/ask"\n', encoding="utf-8")
    args = ["run", "--no-progress", "--dataset", save(loan), "--adapter", "http:endpoint.toml"]
    assert_refused(
        [*args, "--adapter-option", "timeout=abc"], "error: adapter option 'timeout': must be a number"
    )
    _, _, err = invoke(*args, "--adapter-option", "timeout=abc")
    assert "endpoint.toml" not in err
    Path("endpoint.toml").write_text('url = "http://127.0.0.1:9/ask"\ntimeout = "abc"\n', encoding="utf-8")
    assert_refused(args, "endpoint.toml: key 'timeout': must be a number")


def test_replay_takes_back_the_tools_own_answers_with_line_separators(loan: dict[str, Any]) -> None:
    """U+2028, U+2029 and U+0085 are text inside a JSON string, not line ends (str.splitlines says so)."""
    ids = [q["id"] for q in loan["questions"]]
    answers = [{"id": i, "answer": f"答\u2028案\u2029{i}\x85完", "citations": []} for i in ids]
    Path("first.jsonl").write_text(
        "".join(json.dumps(a, ensure_ascii=False) + "\n" for a in answers), "utf-8"
    )
    code, _, err = invoke("run", "--no-progress", "--dataset", save(loan), "--adapter", "replay:first.jsonl")
    assert code == 1, err
    [run_dir] = Path("runs").glob("2*")
    code, _, err = invoke(
        "run", "--no-progress", "--dataset", "set.json", "--adapter", f"replay:{run_dir}/answers.jsonl"
    )
    assert code == 1, err
    second = sorted(p for p in Path("runs").glob("2*") if p != run_dir)[-1]
    replayed = [
        json.loads(line) for line in (second / "answers.jsonl").read_text("utf-8").split("\n") if line
    ]
    assert [a["answer"] for a in replayed] == [a["answer"] for a in answers]
