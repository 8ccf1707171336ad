"""Double-dummy results through endplay, and their cache."""
from __future__ import annotations

import numpy as np

from dealer import dd
from dealer.generate import DealStream

# dealer -s 1's first deal: N 2.T98.K752.KJT84 E 5.J7642.986.9763 S AQ8.AQ5.QJT.AQ52
FIRST = DealStream(1, rng="dealer").next_batch(1)[0]


def test_single_results_agree_with_the_table():
    dd.clear_cache()
    singles = [dd.tricks(FIRST, 2, 4), dd.tricks(FIRST, 1, 3)]
    table = dd.dd_table(FIRST)
    assert singles == [table[2, 4], table[1, 3]]
    assert (table[0, 4], table[2, 4]) == (10, 11)  # notrump: North 10, South 11


def test_par():
    assert dd.par(FIRST, 0, 0) == (460, ["3NTS+2"])


def test_results_are_cached_per_deal():
    dd.clear_cache()
    dd.dd_table(FIRST)
    assert dd.tricks(FIRST.copy(), 0, 0) == dd.dd_table(np.array(FIRST))[0, 0]
    assert len(dd._cache) == 1
