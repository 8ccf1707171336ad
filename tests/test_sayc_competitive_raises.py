"""SAYC when the opponents compete over our opening (sayc.md sections 3, 12 and 16): raises keep
their meaning over an overcall, the law of total tricks decides who competes over our fit, an
opener with extra values shows them after a negative double, and a strong two-suiter that the
strong double leaves to the two-suited bids still has a bid. Hands written from the agreements."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("hand, calls, expected", [
    # Over their overcall: five trumps, a singleton and under 10 HCP jump to game.
    ("7.QT865.K9742.83", "1H 1S", "4H"),
    # Game values: the cue-bid raise with four trumps; with three, the negative double or a
    # free bid comes first, the cue-bid when there is neither.
    ("84.KJ7.AQ93.KQ52", "1H 1S", "X"),
    ("843.KJ7.AQ9.KQ52", "1H 1S", "2S"),
    ("84.KJ73.AQ9.KQ52", "1H 1S", "2S"),
    # 1S (2H): single raise, limit raise as without the overcall.
    ("K72.843.Q9632.J5", "1S 2H", "2S"),
    ("KJ7.84.Q932.A652", "1S 2H", "3S"),
    # 1H (2S) leaves no single raise and 3S is past 3H: 3H shows four trumps (a nine-card
    # fit, the three level) or a limit raise; a bare three-card raise does not bid 3H.
    ("84.KJ7.Q932.A652", "1H 2S", "3H"),
    ("843.K972.Q93.J52", "1H 2S", "3H"),
    ("843.K97.Q932.J52", "1H 2S", "P"),
    ("K5.AQ972.AJ4.K83", "1H 2S 3H P", "4H"),
    ("Q85.AQ972.K64.93", "1H 2S 3H P", "P"),
    # They compete over our single raise: opener with a sixth trump (nine together) bids
    # three, with a plain minimum he passes...
    ("84.AQJ962.K93.K2", "1H 1S 2H 2S", "3H"),
    ("K84.AQJ96.K93.72", "1H 1S 2H 2S", "P"),
    # ...and responder, in the pass-out seat, does not sell out at the two level with a
    # fourth trump, nor with half the deck between us; with a bare raise he passes.
    ("843.K972.Q93.J52", "1H 1S 2H 2S P P", "3H"),
    ("843.K97.KJ3.K952", "1H 1S 2H 2S P P", "3H"),
    ("8432.K97.Q93.J52", "1H 1S 2H 2S P P", "P"),
    # The same when they come in only over our uncontested raise.
    ("84.AQJ962.K93.K2", "1H P 2H 2S", "3H"),
    ("K84.AQJ96.K93.72", "1H P 2H 2S", "P"),
    ("843.K972.Q93.J52", "1H P 2H 2S P P", "3H"),
    # A minor raised over their overcall (four trumps) competes likewise: five clubs make nine.
    ("84.K93.A92.KQJ52", "1C 1S 2C 2S", "3C"),
    ("84.K932.A92.KQJ5", "1C 1S 2C 2S", "P"),
    # After a negative double opener shows his strength: minimum at the cheapest level,
    # 16-18 a jump, 19+ game or a game-forcing cue-bid.
    ("52.K4.AQJ984.Q73", "1D 1S X P", "2D"),
    ("52.K4.AKQJ84.K73", "1D 1S X P", "3D"),
    ("A2.K4.AKQJ84.K73", "1D 1S X P", "3NT"),
    ("5.K4.AKQJ84.AK73", "1D 1S X P", "2S"),
    ("5.AK4.AKQJ84.K73", "1D 1S X P", "2S"),
    # With opening values a moderate five-card suit overcalls when the hand has no double.
    ("AQ63.A2.Q9872.A2", "1C", "1D"),
    ("K6.A7.KQ53.A9862", "1H", "2C"),
    # The pass-out seat over a preempt or their 1NT opening doubles as the direct seat does:
    # takeout through 4H, penalty of 1NT.
    ("K7.AJT.AK2.AQT83", "3S P P", "X"),
    ("AK74.KQ73.A2.K82", "4C", "X"),
    ("AK74.KQ73.A2.K82", "4C P P", "X"),
    ("A954.K.AK6.AJ732", "1NT P P", "X"),
    # The takeout double aims at the majors: four in the unbid major allows a minor doubleton.
    ("AQ95.54.AK.JT642", "1H", "X"),
    # A strong five-five: Michaels needs no honours in its suits with 17+...
    ("AK872.Q9873.A.KQ", "1D", "2D"),
    # ...and suits Michaels and the unusual notrump do not show are overcalled, then bid.
    ("AKJ74.A.KQT85.72", "1C", "1S"),
    # The takeout doubler adds what advancer showed: opposite the invitational jump (9-11)
    # game with 16+ and a fit, 3NT with their suit stopped and no fit, else pass.
    ("AJ84.KQ6.AQ73.87", "1C X P 2S P", "4S"),
    ("K4.KQJ6.KQ73.A87", "1C X P 2S P", "3NT"),
    ("AJ84.K63.Q973.K8", "1C X P 2S P", "P"),
    # When the right-hand opponent bids over the double, the game-going advances keep their
    # meaning: the cue-bid with 12+ and a major, 3NT with each of their suits stopped.
    ("KQ84.743.AQ9.K62", "1H X 2H", "3H"),
    ("KJ5.Q84.AQ3.Q842", "1D X 1S", "3NT"),
    # Opener reopens: 18-19 balanced with their suit stopped bids notrump; a doubleton is
    # short enough to double with extra values; a six-card suit is not rebid at the four
    # level opposite a partner who passed.
    ("AQ4.AKJ76.Q4.K83", "1H 2C P P", "2NT"),
    ("K854.AKJ76.KQ.83", "1H 2C P P", "X"),
    ("AKJ874.Q8.KT9.A3", "1S 2H P P", "2S"),
    ("AKJ984.K3.72.Q84", "1S P P 4D", "P"),
])
def test_competitive_agreement(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected
