"""Resumable runs: the finished blocks of boards are kept on disk, so that running the same
command again after an interruption (Ctrl-C, a machine lost) does only the missing blocks.

    kept = KeptBlocks(Path(".report.blocks"), "simulate SAYC dd")
    run = simulate(boards, sayc, runner=kept.around(runner))    # any runner, or None
    ...write the reports...
    kept.discard()

The folder holds a fingerprint of the run (what the command computes and the boards
themselves) and one pickle per finished block of CHUNK boards; a different run finds another
fingerprint and starts afresh. Blocks are written whole (a temporary file renamed), so an
interruption loses at most the blocks being computed.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import shutil
from pathlib import Path
from typing import Callable, Iterator, Sequence

from bidding.laboratory.simulate import CHUNK, Runner, local_or

FINGERPRINT = "fingerprint"


class KeptBlocks:
    """The finished blocks of one run, in `folder`."""

    def __init__(self, folder: Path, key: str) -> None:
        self.folder = Path(folder)
        self.key = key

    def _fingerprint(self, items: Sequence) -> str:
        digest = hashlib.sha256(self.key.encode())
        digest.update(pickle.dumps(list(items), protocol=5))
        return digest.hexdigest()

    def _block(self, index: int) -> Path:
        return self.folder / f"{index:06d}.pickle"

    def _open(self, items: Sequence) -> None:
        """Make the folder this run's: kept when the fingerprint matches, else emptied."""
        fingerprint = self._fingerprint(items)
        marker = self.folder / FINGERPRINT
        if marker.is_file() and marker.read_text() == fingerprint:
            return
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir(parents=True)
        marker.write_text(fingerprint)

    def _save(self, index: int, output: list) -> None:
        path = self._block(index)
        temporary = path.with_suffix(".partial")
        temporary.write_bytes(pickle.dumps(output, protocol=5))
        os.replace(temporary, path)

    def around(self, runner: Runner | None, jobs: int = 1) -> Runner:
        """`runner` (None: local processes, `jobs` of them) given only the boards of the blocks
        not yet finished; the finished ones are read back, all yielded in item order."""
        inner = local_or(runner, jobs)

        def run(task: Callable, items: Sequence,
                progress: Callable[[int, int], None] | None = None) -> Iterator:
            self._open(items)
            total = len(items)
            blocks = [items[start:start + CHUNK] for start in range(0, total, CHUNK)]
            kept = {index for index in range(len(blocks)) if self._block(index).is_file()}
            missing = [item for index, block in enumerate(blocks) if index not in kept
                       for item in block]
            fresh = iter(inner(task, missing)) if missing else iter(())
            done = 0
            for index, block in enumerate(blocks):
                if index in kept:
                    output = pickle.loads(self._block(index).read_bytes())
                else:
                    output = [next(fresh) for _ in block]
                    self._save(index, output)
                yield from output
                done += len(output)
                if progress is not None:
                    progress(done, total)
        return run

    def discard(self) -> None:
        """Forget the blocks: the run's files are written."""
        shutil.rmtree(self.folder, ignore_errors=True)
