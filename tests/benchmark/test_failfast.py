"""Fail fast: a system that is not there is refused before the run (a closed port on 127.0.0.1, a real
socket), a system that starts failing stops the run after N identical faults (a real HTTP server on
127.0.0.1), and a stopped run is recorded as stopped everywhere: run directory, run history, ``runs
list``, ``compare``."""

from __future__ import annotations

import json
import socket
import ssl
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmark.adapters.base import ADAPTERS
from benchmark.api import run
from benchmark.errors import AdapterError, RunStopped
from benchmark.failfast import TRANSPORT, UNREACHABLE, Streak, fault_kind
from benchmark.rundir import list_runs
from benchmark.store import RunStore
from tests.benchmark.cli.test_run_cmd import invoke
from tests.benchmark.runkit import EchoAdapter, numbered_set
from tests.servers.fake_rag_server import FakeRagServer
from tests.servers.support import LOAN_FACTS, gold_answers, loan_set, write_toml


def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on: bound, then closed (connecting is refused)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def http_config(path: Path, url: str) -> Path:
    return write_toml(path, {"url": url, "timeout": 5, "response": {"answer": "$.result.text"}})


def test_a_closed_port_is_refused_before_the_run_with_one_line(here: Path) -> None:
    url = f"http://127.0.0.1:{closed_port()}/generic/ask"
    config = http_config(here / "down.toml", url)
    code, out, err = invoke(
        "run", "--dataset", str(LOAN_FACTS), "--adapter", f"http:{config}", "--no-progress"
    )
    assert code == 2
    assert out == ""
    [line] = err.splitlines()  # one line: the adapter, the URL, the error, what to do, where it is recorded
    assert line.startswith(
        f"error: --adapter http:{config}: cannot reach the system: cannot connect to {url}"
    )
    assert "ConnectError" in line and "refused" in line.lower()
    assert "Start the system or fix its address" in line and "recorded as stopped" in line
    [run_dir] = list_runs(Path("runs"))
    report = run_dir.read_report()
    assert report["status"] == "stopped" and report["stop_reason"].startswith("cannot reach the system")
    reasons = [q["skip_reason"] for q in report["questions"]]
    assert reasons[0].startswith(f"cannot connect to {url}")  # the probe: the first question alone
    assert all(r.startswith("not asked: the run stopped") for r in reasons[1:])
    assert (run_dir.path / "report.html").is_file()
    with RunStore(Path("runs/history.sqlite")) as store:
        [row] = store.list_runs()
    assert row.status == "stopped" and row.stop_reason == report["stop_reason"]


def test_runs_list_shows_a_stopped_run_and_compare_refuses_it(here: Path) -> None:
    sets = numbered_set(here / "sets", 3)
    ok = run(sets, EchoAdapter(), output_dir="runs", label="good")
    config = http_config(here / "down.toml", f"http://127.0.0.1:{closed_port()}/ask")
    with pytest.raises(RunStopped) as info:
        run(sets, f"http:{config}", output_dir="runs", label="down", retries=0)
    stopped = info.value.record
    assert stopped.status == "stopped" and stopped.exit_code == 2
    code, out, _ = invoke("runs", "list")
    rows = {line.split("\t")[1]: line.split("\t") for line in out.splitlines()[1:]}
    assert rows["down"][8] == "-" and rows["down"][10].startswith("stopped: cannot reach the system")
    assert rows["good"][10] == "complete"
    code, _, err = invoke("compare", ok.run_id, stopped.run_id)
    assert code == 2 and "was stopped before it was scored" in err and "no score to compare" in err
    code, _, err = invoke("rescore", stopped.run_id)
    assert code == 2 and "was stopped before it was scored" in err


@pytest.fixture
def server() -> Iterator[FakeRagServer]:
    with FakeRagServer() as srv:
        yield srv


@pytest.mark.parametrize("concurrency", [1, 4])
def test_a_server_that_starts_failing_stops_the_run_after_n_identical_faults(
    server: FakeRagServer, here: Path, concurrency: int
) -> None:
    qs = loan_set()
    server.state.answers = gold_answers([qs])
    for q in qs.questions[3:]:  # the first three are answered, then every request gets a 502 page
        server.fail(q.question, "html502")
    config = write_toml(
        here / "http.toml",
        {"url": f"{server.url}/generic/ask", "timeout": 5, "concurrency": concurrency,
         "response": {"answer": "$.result.text", "citations": "$.result.sources"}},
    )  # fmt: skip
    with pytest.raises(RunStopped) as info:
        run(qs, f"http:{config}", output_dir="runs", concurrency=concurrency, retries=0, stop_after=4)
    record = info.value.record
    assert record.stop_reason.startswith("4 questions in a row failed the same way: HTTP 502")
    asked = len(server.requests("/generic/ask"))
    assert asked < len(qs.questions)
    if concurrency == 1:  # three answers, then four identical faults: nothing else was asked
        assert asked == 7
    outcomes = [r.outcome for r in record.results]
    if concurrency == 1:
        assert outcomes[:3] == ["PASS", "PASS", "PASS"]
    else:  # an answered question may still be in flight when the fourth fault stops the run
        stopped = "no answer: the run stopped"
        assert all(
            r.outcome == "PASS" or (r.skip_reason or "").startswith(stopped) for r in record.results[:3]
        )
    not_asked = [r for r in record.results if (r.skip_reason or "").startswith("not asked")]
    in_flight = [r for r in record.results if (r.skip_reason or "").startswith("no answer: the run stopped")]
    # a question said "not asked" never reached the server; one in flight may or may not have
    assert len(qs.questions) - len(not_asked) - len(in_flight) <= asked <= len(qs.questions) - len(not_asked)
    assert len(in_flight) <= concurrency - 1
    report = json.loads(next(Path("runs").glob("*/report.json")).read_text(encoding="utf-8"))
    assert report["status"] == "stopped"


def test_the_streak_limit_is_configurable_and_0_never_stops(server: FakeRagServer, here: Path) -> None:
    qs = loan_set()
    for q in qs.questions:
        server.fail(q.question, "html502")
    config = write_toml(
        here / "http.toml", {"url": f"{server.url}/generic/ask", "response": {"answer": "$.a"}}
    )
    record = run(qs, f"http:{config}", output_dir=None, retries=0, stop_after=0, concurrency=2)
    assert record.status == "complete" and record.summary()["skipped"] == len(qs.questions)
    assert len(server.requests("/generic/ask")) == len(qs.questions)
    code, _, err = invoke(
        "run", "--dataset", str(LOAN_FACTS), "--adapter", f"http:{config}", "--retries", "0",
        "--stop-after", "2", "--concurrency", "1", "--no-progress",
    )  # fmt: skip
    assert code == 2 and "2 questions in a row failed the same way" in err
    assert "run again with --resume (0 answers received are kept)" in err


def test_different_faults_or_an_answer_in_between_do_not_stop(here: Path) -> None:
    sets = numbered_set(here / "sets", 12)
    faults = {f"q{i:03d}": ConnectionResetError(f"reset {i}") for i in range(0, 12, 2)}  # never twice alike
    record = run(sets, EchoAdapter(fail=faults), output_dir=None, retries=0, stop_after=2, concurrency=1)
    assert record.status == "complete" and record.summary()["skipped"] == 6


class Healthy:
    """An adapter whose health check says whether it is reachable; it counts questions asked."""

    def __init__(self, error: Exception | None) -> None:
        self.error, self.asked = error, 0

    def health_check(self) -> None:
        if self.error is not None:
            raise self.error

    def query(self, query: Any) -> str:
        self.asked += 1
        return f"答案{query.question.id}"


def test_the_health_check_is_the_probe_when_an_adapter_has_one(here: Path) -> None:
    sets = numbered_set(here / "sets", 4)
    down = Healthy(ConnectionRefusedError(111, "Connection refused"))
    with pytest.raises(RunStopped, match=r"health check failed: .*Connection refused"):
        run(sets, down, output_dir=None)
    assert down.asked == 0  # nothing was asked, nothing paid for
    up = Healthy(None)
    assert run(sets, up, output_dir=None).exit_code == 0 and up.asked == 4


def test_an_adapter_registered_by_name_is_probed_through_the_cli(here: Path) -> None:
    ADAPTERS.register("failfast-down", lambda arg, options: Healthy(OSError("no route")), replace=True)
    numbered_set(here / "sets", 2)
    code, out, err = invoke(
        "run", "--dataset", "sets/set.json", "--adapter", "failfast-down", "--no-progress"
    )
    assert code == 2 and out == "" and "health check failed: OSError: no route" in err


@pytest.mark.parametrize(
    ("exc", "kind"),
    [
        (AdapterError("cannot connect", transient=True, unreachable=True), UNREACHABLE),
        (AdapterError("HTTP 503", transient=True), TRANSPORT),
        (AdapterError("HTTP 400"), None),
        (ConnectionRefusedError(111, "refused"), UNREACHABLE),
        (socket.gaierror(-2, "Name or service not known"), UNREACHABLE),
        (ssl.SSLCertVerificationError("certificate verify failed"), UNREACHABLE),
        (ConnectionResetError("reset"), TRANSPORT),
        (TimeoutError("slow"), TRANSPORT),
        (ValueError("bad answer"), None),
    ],
    ids=["adapter says unreachable", "retryable HTTP", "client error", "refused", "DNS", "TLS",
         "dropped", "timeout", "not a transport fault"],
)  # fmt: skip
def test_fault_kinds(exc: Exception, kind: str | None) -> None:
    assert fault_kind(exc) == kind


def test_a_wrapped_socket_error_is_found_through_its_cause() -> None:
    class SDKError(Exception):
        pass

    try:
        try:
            raise ConnectionRefusedError(111, "refused")
        except OSError as inner:
            raise SDKError("the SDK could not reach its server") from inner
    except SDKError as outer:
        assert fault_kind(outer) == UNREACHABLE


def test_the_streak_counts_identical_transport_faults_only() -> None:
    s = Streak(3)
    assert not s.add(TRANSPORT, "HTTP 502") and not s.add(TRANSPORT, "HTTP 502")
    assert not s.add(None, None)  # an answer in between starts over
    assert not s.add(TRANSPORT, "HTTP 502") and not s.add(TRANSPORT, "HTTP 503")  # another fault too
    assert not s.add(TRANSPORT, "HTTP 503") and s.add(TRANSPORT, "HTTP 503")
    assert s.tripped == "3 questions in a row failed the same way: HTTP 503"
    assert not Streak(0).add(TRANSPORT, "x")
