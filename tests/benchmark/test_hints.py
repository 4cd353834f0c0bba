"""What a refusal says when a name or a path is wrong: the closest names, the nearest existing paths,
and that a document given as a question set is a document (each through the real command line)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmark.hints import did_you_mean, looks_like_document_json, path_hint, suggest
from tests.benchmark.cli.test_run_cmd import invoke
from tests.servers.support import DATASETS


@pytest.mark.parametrize(
    ("word", "known", "found"),
    [
        ("fact_exat", ["fact_exact", "evidence_set", "conflict_gap"], ["fact_exact"]),
        ("金钱", ["金额", "日期", "人名"], ["金额"]),
        ("还款", ["还款日期", "日期"], ["还款日期"]),  # a tag holding the word
        ("zzz", ["金额", "日期"], []),
    ],
    ids=["a typo", "two Chinese characters, one shared", "a longer tag", "nothing close"],
)
def test_suggest(word: str, known: list[str], found: list[str]) -> None:
    assert suggest(word, known) == found


def test_did_you_mean_reads_as_a_clause() -> None:
    assert did_you_mean("citatons", ["citations", "evidence"]) == "; did you mean 'citations'?"
    assert did_you_mean("x", ["citations"]) == ""


def test_path_hints(tmp_path: Path) -> None:
    (tmp_path / "sets").mkdir()
    (tmp_path / "sets" / "fact_exact.json").write_text("{}", encoding="utf-8")
    assert (
        path_hint(tmp_path / "sets" / "fact_exat.json")
        == f"; did you mean {tmp_path.as_posix()}/sets/fact_exact.json?"
    )
    assert (
        path_hint(tmp_path / "sets" / "fact_exact")
        == f"; did you mean {tmp_path.as_posix()}/sets/fact_exact.json?"
    )
    assert path_hint(tmp_path / "nowhere" / "deep" / "x.json") == f" ({tmp_path.as_posix()} holds: sets)"


def test_ocr_page_lists_are_documents() -> None:
    assert looks_like_document_json([{"markdown": {"text": "第一页"}}])
    assert looks_like_document_json([{"page_idx": 0, "text": "x"}])
    assert looks_like_document_json({"pages": [{"markdown": {"text": "x"}}]})
    assert not looks_like_document_json({"questions": [], "pages": [{"markdown": {}}]})
    assert not looks_like_document_json([])


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def refusal(*args: str) -> str:
    code, out, err = invoke("run", "--no-progress", "--output", "runs", *args)
    assert code == 2 and out == "", err
    [line] = err.splitlines()  # one line, never a traceback
    assert line.startswith("error: ")
    return line[len("error: ") :]


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("document.md", "Markdown"),
        ("notes.txt", "plain text"),
        ("scan.pdf", "PDF"),
        ("pages.json", "OCR page JSON"),
    ],
)
def test_a_document_passed_as_a_set_is_recognised(here: Path, name: str, kind: str) -> None:
    content = json.dumps([{"markdown": {"text": "第一页"}}]) if name.endswith(".json") else "第一页\n"
    (here / name).write_text(content, encoding="utf-8")
    message = refusal("--dataset", name)
    assert message.startswith(f"{name}: this is a document ({kind}), not a question set: pass a question set")
    assert message.endswith(f"add --document {name}")
    assert not (here / "runs").exists()  # refused before anything was written


def test_a_bundled_document_is_recognised_too(here: Path) -> None:
    message = refusal("--dataset", str(DATASETS / "transcript" / "ocr_pages.json"))
    assert "this is a document (OCR page JSON), not a question set" in message


def test_a_copied_set_whose_document_stayed_behind_names_the_set(here: Path) -> None:
    (here / "copy").mkdir()
    (here / "copy" / "questions.json").write_bytes((DATASETS / "judgment" / "questions.json").read_bytes())
    message = refusal("--dataset", "copy/questions.json")
    assert message.startswith("copy/questions.json: its document copy/document.md: document not found")
    assert message.endswith("or pass --document PATH")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--type", "conflict"), "--type: unknown question type 'conflict'; did you mean 'conflict_gap'?"),
        (("--tag", "金钱"), "--tag: no question carries the tag '金钱'; did you mean '金额'"),
        (("--dataset", "datasets/transcrip"), "datasets/transcrip: no such file or folder; did you mean datasets/transcript?"),
    ],
    ids=["type", "tag", "dataset path"],
)  # fmt: skip
def test_misspelled_filters_and_paths_get_a_suggestion(
    here: Path, args: tuple[str, ...], message: str
) -> None:
    (here / "datasets").symlink_to(DATASETS)
    assert refusal(*args).startswith(message)
