"""Pulling the deals that meet a program's condition out of the deal stream, a batch at a
time, for the run loop and for the `deals()` API."""
from __future__ import annotations

import numpy as np

from .features import DealFeatures
from .generate import DealStream
from .program import Program

MIN_BATCH = 256
MAX_BATCH = 1 << 16


def open_stream(program: Program, generate_limit: int, *, seed: int | None = None,
                rng: str = "numpy", swapping: int = 0, jobs: int = 1) -> DealStream:
    """The deal stream for a program: its predeals, and its seat prefilters (numpy mode;
    in dealer mode the stream must stay the binary's)."""
    filters = None
    if rng == "numpy" and program.seat_filters:
        filters = {seat: _seat_filter(program, seat) for seat in program.seat_filters}
    return DealStream(seed, rng=rng, predeal=program.predeal,
                      predeal_lengths=program.predeal_lengths, swapping=swapping,
                      seat_filters=filters, limit=generate_limit,
                      workers=jobs if jobs > 1 else 0)


def accepted_batches(program: Program, stream: DealStream, produce_limit: int, *,
                     one_at_a_time: bool = False):
    """Yield (features, accepted rows, deals generated so far) batch after batch, until
    `produce_limit` deals are accepted or the stream ends. The count stops at the deal that
    completed `produce_limit`, even in the middle of a batch."""
    produced = 0
    batch = 1 if one_at_a_time else MIN_BATCH
    while produced < produce_limit:
        owners = stream.next_batch(batch)
        if not len(owners):
            return
        features = DealFeatures(owners, tables=program.tables, random=stream.random)
        accepted = _accepted_rows(program, features)
        wanted = produce_limit - produced
        if len(accepted) >= wanted:
            accepted = accepted[:wanted]
            generated = int(stream.last_generated[accepted[-1]])
        else:
            generated = stream.generated
        produced += len(accepted)
        yield features, accepted, generated
        if not one_at_a_time:
            batch = _next_batch_size(batch, generated, produced, produce_limit)


def _seat_filter(program: Program, seat: int):
    expression = program.seat_filters[seat]

    def accepts(hand_masks: np.ndarray) -> np.ndarray:
        values = expression(DealFeatures(hand_masks={seat: hand_masks}, tables=program.tables))
        return values if values.dtype == bool else values != 0
    return accepts


def _accepted_rows(program: Program, features: DealFeatures) -> np.ndarray:
    if program.condition is None:
        return np.arange(features.size)
    return np.flatnonzero(program.condition(features))


def _next_batch_size(batch: int, generated: int, produced: int, produce_limit: int) -> int:
    """Grow batches while they are cheap; do not deal far past the last deal needed."""
    rate = (produced + 1) / (generated + 1)
    needed = (produce_limit - produced) / rate
    return int(min(MAX_BATCH, max(MIN_BATCH, min(batch * 4, needed * 1.25))))
