"""dealer's `score()` and `imps()`, as Hans van Staveren's C program computes them.

The engine scores with `bidding.model.scoring` (`contract_score`, `imps`): the Laws' full
table, doubled and redoubled contracts included, checked arguments, one result at a time.
These two exist beside it because dealer scripts must give the numbers the C program
gives, on whole batches of deals at once:

* `contract_score` takes int64 arrays of tricks and scores undoubled contracts (dealer's
  `x3N`) as dealer does, for any number of tricks; on those it agrees with the engine's.
  Dealer v2's doubled and redoubled contracts (`z4Hx`, `z4Hxx`) read the engine's own
  table for 0-13 tricks.
* `imps` uses dealer's IMP table, which differs from the WBF scale in two places: 410
  (not 420) ends the 9-IMP band and 1190 (not 1290) the 15-IMP band, so a difference of 420
  is 10 IMPs here and 9 in the engine, and 1200-1290 is 16 here and 15 there.
"""
from __future__ import annotations

import functools

import numpy as np

from bidding.model import scoring

IMP_THRESHOLDS = np.array([10, 40, 80, 120, 160, 210, 260, 310, 360, 410, 490, 590, 740, 890,
                           1090, 1190, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990])
"""dealer's table: the largest difference worth 0, 1, 2, ... 23 IMPs."""


def contract_score(vulnerable: bool, level: int, strain: int, tricks, doubled: int = 0):
    """dealer's score(): declarer's score, negative when the contract fails; `tricks` an int
    or an int64 array (strain 0-4: C, D, H, S, NT), `doubled` 0, 1 or 2 (Dealer v2; tricks
    outside 0-13 count as 0 or 13 there)."""
    if doubled:
        table = _doubled_scores(vulnerable, level, strain, doubled)
        if isinstance(tricks, np.ndarray):
            return table[np.clip(tricks, 0, 13)]
        return int(table[min(max(int(tricks), 0), 13)])
    vul = int(vulnerable)
    per_trick = 30 if strain >= 2 else 20
    made = 50 + (10 if strain == 4 else 0)
    game_level = 3 if strain == 4 else (4 if strain >= 2 else 5)
    if level >= game_level:
        made += 250 + 200 * vul
    if level == 6:
        made += 500 + 250 * vul
    if level == 7:
        made += 1000 + 500 * vul
    target = 6 + level
    if isinstance(tricks, np.ndarray):
        return np.where(tricks < target, -50 * (1 + vul) * (target - tricks),
                        made + per_trick * (tricks - 6))
    if tricks < target:
        return -50 * (1 + vul) * (target - tricks)
    return made + per_trick * (tricks - 6)


@functools.cache
def _doubled_scores(vulnerable: bool, level: int, strain: int, doubled: int) -> np.ndarray:
    """The engine's score of a doubled or redoubled contract for 0..13 tricks."""
    return np.array([scoring.contract_score(level, strain, doubled, vulnerable, tricks)
                     for tricks in range(14)], dtype=np.int64)


def imps(difference):
    """dealer's imps(): IMPs for a score difference (an int or an array), with its sign."""
    magnitude = np.searchsorted(IMP_THRESHOLDS, np.abs(difference), side="left")
    if isinstance(difference, np.ndarray):
        return np.where(difference < 0, -magnitude, magnitude)
    return int(-magnitude if difference < 0 else magnitude)
