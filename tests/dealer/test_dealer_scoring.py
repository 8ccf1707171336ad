"""dealer's score() and imps() against the engine's scoring (see dealer/scoring.py)."""
import numpy as np

from bidding.model import scoring
from dealer.scoring import contract_score, imps


def test_undoubled_scores_agree_with_the_engines():
    for level in range(1, 8):
        for strain in range(5):
            for vulnerable in (False, True):
                tricks = np.arange(14)
                batch = contract_score(vulnerable, level, strain, tricks)
                for taken in range(14):
                    engine = scoring.contract_score(level, strain, 0, vulnerable, taken)
                    assert contract_score(vulnerable, level, strain, taken) == engine
                    assert batch[taken] == engine


def test_imps_follow_dealers_table_where_it_leaves_the_wbf_scale():
    differ = {difference for difference in range(0, 5000, 10)
              if imps(difference) != scoring.imps(difference)}
    assert differ == {420} | set(range(1200, 1300, 10))
    assert (imps(420), scoring.imps(420)) == (10, 9)
    assert (imps(1250), scoring.imps(1250)) == (16, 15)
    assert list(imps(np.array([-1250, -15, 0, 15, 4000]))) == [-16, -1, 0, 1, 24]
