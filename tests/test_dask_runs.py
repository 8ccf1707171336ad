"""simulate, fight and audit on Dask (--scheduler): the same files as local processes."""
import os
import shutil
import socket
import subprocess
import sys
import time

import pytest

import cli
from bidding.laboratory.cluster import Scheduler, SchedulerError
from bidding.engine.library import REPO_ROOT

pytest.importorskip("dask.distributed", reason="the dask extra is not installed "
                                               "(pip install -e '.[dask]')")

SIMULATION = ["simulate", "--system", "SAYC", "--deals", "12", "--seed", "11", "--no-dd"]


def boards_csv(tmp_path, name: str, *workers: str) -> str:
    folder = tmp_path / name
    assert cli.main(SIMULATION + [*workers, "--out", str(folder)]) == 0
    return (folder / "boards.csv").read_text()


def test_scheduler_addresses():
    assert Scheduler.parse("tcp://10.0.0.5:8786") == Scheduler("tcp://10.0.0.5:8786")
    assert Scheduler.parse("local:3") == Scheduler(None, 3)
    assert Scheduler.parse("local").workers >= 2
    for wrong in ("local:0", "10.0.0.5:8786", "tcp://host", "remote"):
        with pytest.raises(SchedulerError, match="tcp://HOST:PORT, local or local:N"):
            Scheduler.parse(wrong)


def test_a_bad_scheduler_is_an_argument_error(capsys):
    with pytest.raises(SystemExit) as exit:
        cli.main(SIMULATION + ["--scheduler", "somewhere"])
    assert exit.value.code == 2
    assert "argument --scheduler: expected tcp://HOST:PORT" in capsys.readouterr().err


def test_local_cluster_writes_the_boards_of_one_process(tmp_path):
    assert boards_csv(tmp_path, "dask", "--scheduler", "local:2") == \
        boards_csv(tmp_path, "one", "--jobs", "1")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def scheduler_with_two_workers():
    """A `dask scheduler` and two `dask worker` processes on free ports of this machine:
    (the scheduler's address, the worker processes)."""
    if shutil.which("dask") is None:
        pytest.skip("the `dask` command is not on PATH (pip install -e '.[dask]')")
    from dask.distributed import Client

    address = f"tcp://127.0.0.1:{_free_port()}"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(REPO_ROOT)] + [p for p in [os.environ.get("PYTHONPATH")] if p])}
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env,
             "cwd": REPO_ROOT}
    processes = [subprocess.Popen(["dask", "scheduler", "--host", "127.0.0.1", "--port",
                                   address.rsplit(":", 1)[1], "--no-dashboard"], **quiet)]
    try:
        processes += [subprocess.Popen(["dask", "worker", address, "--nthreads", "1",
                                        "--no-dashboard", "--no-nanny"], **quiet)
                      for _ in range(2)]
        deadline = time.monotonic() + 30
        while True:
            try:
                with Client(address, timeout="2s") as client:
                    client.wait_for_workers(2, timeout=max(1, deadline - time.monotonic()))
                break
            except (OSError, TimeoutError):
                if time.monotonic() > deadline:
                    raise
        yield address, processes[1:]
    finally:
        for process in reversed(processes):      # workers first, then the scheduler
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def test_running_scheduler_writes_the_boards_of_one_process(tmp_path, capsys,
                                                            scheduler_with_two_workers):
    address, _ = scheduler_with_two_workers
    assert boards_csv(tmp_path, "dask", "--scheduler", address) == \
        boards_csv(tmp_path, "one", "--jobs", "1")
    assert "on 2 processes" in (tmp_path / "dask" / "report.txt").read_text()


def test_an_interrupted_run_resumes_with_only_the_missing_blocks(tmp_path, monkeypatch):
    """45 boards are three blocks; Ctrl-C on board 30 keeps the first; the rerun bids the
    other 25 boards and writes what an uninterrupted run writes."""
    import bidding.laboratory.simulate as simulation

    arguments = ["simulate", "--system", "SAYC", "--deals", "45", "--seed", "11", "--no-dd",
                 "--jobs", "1", "--out"]
    bid = simulation.bid_board
    bid_numbers = []

    def interrupted(board, *rest, **options):
        if board.number == 30:
            raise KeyboardInterrupt
        return bid(board, *rest, **options)

    monkeypatch.setattr(simulation, "bid_board", interrupted)
    assert cli.main(arguments + [str(tmp_path / "resumed")]) == 130
    assert not (tmp_path / "resumed").exists()
    assert sorted(p.name for p in (tmp_path / ".resumed.blocks").iterdir()) == \
        ["000000.pickle", "fingerprint"]

    def counted(board, *rest, **options):
        bid_numbers.append(board.number)
        return bid(board, *rest, **options)

    monkeypatch.setattr(simulation, "bid_board", counted)
    assert cli.main(arguments + [str(tmp_path / "resumed")]) == 0
    assert bid_numbers == list(range(21, 46))
    assert not (tmp_path / ".resumed.blocks").exists()
    monkeypatch.setattr(simulation, "bid_board", bid)
    assert cli.main(arguments + [str(tmp_path / "whole")]) == 0
    assert (tmp_path / "resumed" / "boards.csv").read_text() == \
        (tmp_path / "whole" / "boards.csv").read_text()


def test_fight_and_audit_on_a_local_cluster_match_one_process(tmp_path, capsys):
    fight = ["fight", "--system", "SAYC", "--vs", "Acol", "--deals", "12", "--seed", "5"]
    assert cli.main(fight + ["--jobs", "1", "--out", str(tmp_path / "one.jsonl")]) == 0
    assert cli.main(fight + ["--scheduler", "local:2", "--out", str(tmp_path / "dask.jsonl")]) == 0
    assert (tmp_path / "one.jsonl").read_text() == (tmp_path / "dask.jsonl").read_text()
    audit = ["audit", "--system", "SAYC", "--deals", "12", "--seed", "5", "--no-dd"]
    capsys.readouterr()
    assert cli.main(audit + ["--jobs", "1"]) == 0
    alone = capsys.readouterr().out
    assert cli.main(audit + ["--scheduler", "local:2"]) == 0
    dask = capsys.readouterr().out
    assert dask.split("\n", 1)[1] == alone.split("\n", 1)[1]     # the first line has the time


def _kill_a_busy_worker(address: str, workers: list, run: subprocess.Popen) -> None:
    """Kill a worker once the scheduler shows it running one of the run's blocks (a fixed
    sleep raced the start-up of the run on a loaded machine)."""
    from dask.distributed import Client

    with Client(address, timeout="10s") as client:
        pids = client.run(os.getpid)                    # worker address -> its process id
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            assert run.poll() is None, run.communicate()[0]
            busy = [worker for worker, tasks in client.processing().items() if tasks]
            if busy:
                victim = next(w for w in workers if w.pid == pids[busy[0]])
                victim.kill()
                return
            time.sleep(0.2)
    raise AssertionError("the run never reached a worker")


def test_a_worker_killed_mid_run_loses_only_its_block(tmp_path, scheduler_with_two_workers):
    """A worker dies while the run is going (double dummy keeps it busy for seconds): the
    scheduler gives its blocks to the other worker and the boards are those of one process."""
    address, workers = scheduler_with_two_workers
    run = ["simulate", "--system", "SAYC", "--deals", "60", "--seed", "11"]
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    folder = tmp_path / "dask"
    started = subprocess.Popen([sys.executable, str(REPO_ROOT / "cli.py"), *run,
                                "--scheduler", address, "--out", str(folder)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                               cwd=REPO_ROOT)
    _kill_a_busy_worker(address, workers, started)
    output = started.communicate(timeout=900)[0].decode()
    assert started.returncode == 0, output
    assert cli.main(run + ["--jobs", "1", "--out", str(tmp_path / "one")]) == 0
    assert (folder / "boards.csv").read_text() == (tmp_path / "one" / "boards.csv").read_text()


class _LosingClient:
    """A client whose first scattered task is lost: every block of the first submission is
    cancelled ("already forgotten"), as when the workers holding the task die."""

    def __init__(self):
        self.scattered = 0
        self.submitted = []

    def scatter(self, values, broadcast, hash):
        self.scattered += 1
        return [(self.scattered, values[0])]

    def submit(self, function, shared, block, pure, retries):
        generation, task = shared
        future = _Future(None if generation == 1 else function(task, block))
        self.submitted.append(future)
        return future

    def cancel(self, futures):
        for future in futures:
            future.cancelled = True


class _Future:
    def __init__(self, value):
        self.value, self.cancelled = value, False

    def result(self):
        if self.value is None:
            from concurrent.futures import CancelledError
            raise CancelledError("already forgotten")
        return self.value


def test_a_lost_scattered_task_is_scattered_again(monkeypatch):
    from bidding.laboratory import cluster
    from bidding.laboratory.cluster import DaskRunner
    monkeypatch.setattr(cluster, "CHUNK", 3)
    runner = DaskRunner(Scheduler.parse("local:1"))
    runner.client = _LosingClient()
    assert list(runner(lambda n: n * n, list(range(7)))) == [n * n for n in range(7)]
    assert runner.client.scattered == 2
    assert all(future.cancelled for future in runner.client.submitted[:3])
