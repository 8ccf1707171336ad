"""Runs on a Dask cluster: the second runner beside simulate's local processes.

    with DaskRunner(Scheduler.parse("tcp://10.0.0.5:8786")) as runner:   # or "local:4"
        run = simulate(boards, sayc, runner=runner)

A runner takes `(task, items, progress)` and yields `task(item)` for every item in item order,
as `run_parallel` does. Here the items go out in blocks of CHUNK (simulate's), one Dask task each; the
task itself (which holds the compiled systems) is sent to every worker once. The blocks are
gathered in order, so the results, and every file written from them, are the same whatever
the number of workers and whichever finishes first. A block whose worker dies is run again
elsewhere (Dask's own rescheduling, plus RETRIES for a block that raised); if the scattered
task itself is lost with its workers, it is scattered again and the blocks not yet gathered
are resubmitted.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from bidding.model.errors import BridgeError
from bidding.laboratory.simulate import CHUNK

RETRIES = 2
INSTALL_HINT = "pip install -e '.[dask]'"


class SchedulerError(BridgeError):
    """A --scheduler that is not an address, or a cluster that cannot be reached."""


@dataclass(frozen=True)
class Scheduler:
    """Where to run: a running scheduler's address, or (address None) a local cluster of
    `workers` processes started for the run."""

    address: str | None
    workers: int = 2

    @classmethod
    def parse(cls, text: str) -> Scheduler:
        """`tcp://HOST:PORT`, `local` (one worker per core, at least two) or `local:N`."""
        if re.fullmatch(r"tcp://[^\s/:]+:\d{1,5}", text):
            return cls(text)
        match = re.fullmatch(r"local(?::(\d{1,4}))?", text)
        if match and match.group(1) is None:
            return cls(None, max(2, os.cpu_count() or 1))
        if match and int(match.group(1)) >= 1:
            return cls(None, int(match.group(1)))
        raise SchedulerError(f"expected tcp://HOST:PORT, local or local:N (N workers, at "
                             f"least 1), not {text[:40]!r}")

    def __str__(self) -> str:
        return self.address or f"a local Dask cluster of {self.workers} workers"


_PRIVATE_TASKS: dict[int, Callable] = {}


def _run_block(shared: Callable, block: Sequence) -> list:
    """The block's results, from the worker's own copy of the task. The scattered task is
    never run: its rule-set memo would change while the worker sends it to another worker
    (Dask moves data between workers), and pickling a changing dict fails; the copy, made
    once per worker and run, keeps its memo warm from block to block."""
    import cloudpickle

    task = _PRIVATE_TASKS.get(id(shared))
    if task is None:
        _PRIVATE_TASKS.clear()
        task = _PRIVATE_TASKS[id(shared)] = cloudpickle.loads(cloudpickle.dumps(shared))
    return [task(item) for item in block]


class DaskRunner:
    """A runner on Dask while the `with` block lasts (the local cluster, if any, and the
    client are closed at its end)."""

    def __init__(self, scheduler: Scheduler) -> None:
        self.scheduler = scheduler
        self.cluster = None
        self.client = None

    def __enter__(self) -> DaskRunner:
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError:
            raise SchedulerError(f"--scheduler needs Dask: {INSTALL_HINT}") from None
        try:
            if self.scheduler.address is None:
                self.cluster = LocalCluster(n_workers=self.scheduler.workers,
                                            threads_per_worker=1, processes=True,
                                            dashboard_address=None)
                self.client = Client(self.cluster)
            else:
                self.client = Client(self.scheduler.address, timeout="10s")
        except (OSError, TimeoutError) as error:
            self.__exit__(None, None, None)
            raise SchedulerError(f"cannot reach the Dask scheduler at {self.scheduler}: "
                                 f"{error}") from None
        return self

    def __exit__(self, *exc) -> None:
        for part in (self.client, self.cluster):
            if part is not None:
                part.close()
        self.client = self.cluster = None

    @property
    def workers(self) -> int:
        """The workers connected now (for the reports' "on N processes")."""
        return max(1, len(self.client.scheduler_info()["workers"]))

    def __call__(self, task: Callable, items: Sequence,
                 progress: Callable[[int, int], None] | None = None) -> Iterator:
        """`task(item)` for every item, in item order; `progress(done, total)` after each
        block gathered."""
        from concurrent.futures import CancelledError

        total = len(items)
        blocks = [items[start:start + CHUNK] for start in range(0, total, CHUNK)]
        futures = self._submitted(task, blocks)
        done = 0
        try:
            for index in range(len(blocks)):
                for attempt in range(RETRIES + 1):
                    try:
                        output = futures[index].result()
                        break
                    except CancelledError:
                        # The scattered task went with the workers that held it (a worker
                        # killed while the copies were being made): scatter it again and
                        # resubmit what is not gathered yet.
                        if attempt == RETRIES:
                            raise
                        self.client.cancel(futures[index:])
                        futures[index:] = self._submitted(task, blocks[index:])
                yield from output
                done += len(output)
                if progress is not None:
                    progress(done, total)
        finally:
            self.client.cancel(futures)

    def _submitted(self, task: Callable, blocks: list) -> list:
        """One future a block, each running the task scattered to every worker."""
        [shared_task] = self.client.scatter([task], broadcast=True, hash=False)
        return [self.client.submit(_run_block, shared_task, block, pure=False,
                                   retries=RETRIES) for block in blocks]
