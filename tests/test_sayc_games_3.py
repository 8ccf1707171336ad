"""SAYC's games in constructive auctions: invitations and their answers counted in points
(sayc.md 1: shortness once a fit is known, length otherwise), on hands written for the
agreements (not taken from the shared cases)."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("hand, calls, expected", [
    # Opener answers an invitation in points.
    # 1H-1S-2C-3H invites (10-12): a singleton spade makes 13 HCP a maximum; 11 with two
    # doubletons is not.
    ("4.AQJ85.K32.QJ76", "1H P 1S P 2C P 3H P", "4H"),
    ("Q4.AJ985.K3.J762", "1H P 1S P 2C P 3H P", "P"),
    # 1C-1S-1NT-3S (six spades, 10-12): a doubleton is enough with 13-14 and a five-card
    # suit; a bare 12 passes.
    ("K7.Q84.AJ5.QJ432", "1C P 1S P 1NT P 3S P", "4S"),
    ("K7.K84.Q75.KJ432", "1C P 1S P 1NT P 3S P", "P"),
    # 1D-1H-1S-3S (four spades, 10-12): as over a limit raise, 14 points with the singleton.
    ("AQ84.5.KJ862.Q73", "1D P 1H P 1S P 3S P", "4S"),
    ("AQ84.Q5.K862.J73", "1D P 1H P 1S P 3S P", "P"),
    # Responder after the jump rebid counts points.
    # 1D-1S-3D (16+ points): a six-card spade suit and 7 HCP is 9 points, game values.
    ("KQT762.9432.9.Q8", "1D P 1S P 3D P", "3S"),
    ("KQT76.9432.93.Q8", "1D P 1S P 3D P", "P"),
    # Responder invites in his six card major before notrump.
    # 1D-1S-2C: a six-card major invites in it before 2NT (opener raises it with two);
    # five spades and the hearts held invite in notrump.
    ("AQT763.K754.7.Q6", "1D P 1S P 2C P", "3S"),
    ("AQT76.K754.72.Q6", "1D P 1S P 2C P", "2NT"),
    # Opener accepts an invitation above a minimum.
    # 1D-3D (10-12) invites: 14 balanced accepts in 3NT, 13 passes.
    ("K842.AQ82.A95.J8", "1D P 3D P", "3NT"),
    ("K842.AQ82.A95.98", "1D P 3D P", "P"),
    # 1H-1S-2H-3H (two hearts, 10-12): six hearts and 13 HCP accept, a bare 10 does not.
    ("K4.AQJ862.K72.93", "1H P 1S P 2H P 3H P", "4H"),
    ("84.AQJ862.K72.93", "1H P 1S P 2H P 3H P", "P"),
    # Two over one responders second call.
    # 1D-2C-3C: the two-over-one promised a second call; with the majors held, 3NT.
    ("KQ8.A43.Q7.97654", "1D P 2C P 3C P", "3NT"),
    ("865.AK3.Q7.K9654", "1D P 2C P 3C P", "P"),
    # Two over one counts openers notrump rebid by seat.
    # 1S-2C-2NT: a balanced opening in first or second seat has 12+, so 11 is game; in third
    # seat it may have 11, and 11 passes.
    ("85.K92.Q54.AQ432", "1S P 2C P 2NT P", "3NT"),
    ("85.K92.Q54.AQ432", "P P 1S P 2C P 2NT P", "P"),
    # Weak two raised to game in support points.
    # 2H (weak): three trumps, 15 HCP and a singleton are 17 support points, game; 14 HCP
    # and a doubleton (15) ask for a feature.
    ("AKJ3.Q42.AJ865.2", "2H P", "4H"),
    ("AKJ3.Q42.KJ86.52", "2H P", "2NT"),
    # Responder accepts the re raise with the upper half.
    # 1S-2S-3S names no suit: the upper half of the raise (8-10 support points) accepts.
    ("JT4.KJ75.KT9.654", "1S P 2S P 3S P", "4S"),
    ("JT4.QJ75.KT9.654", "1S P 2S P 3S P", "P"),
    # Opener accepts the transfer invitation in support points.
    # 1NT-2D-2H-2NT (five hearts, 8-9): three hearts and a doubleton make 15 HCP a
    # maximum (24 support points with his 8); 15 flat declines in 3H.
    ("AQ.K83.KJ62.Q973", "1NT P 2D P 2H P 2NT P", "4H"),
    ("AQ4.K83.KJ6.Q973", "1NT P 2D P 2H P 2NT P", "3H"),
    # Responder with a long major and game values bids it.
    # 1D-1S-2D: seven spades and 12 HCP (15 points) opposite an opening: game in spades.
    ("AQJT943.4.Q42.K7", "1D P 1S P 2D P", "4S"),
    # Six poor spades and 7 HCP: not game.
    ("QJ9843.K3.Q4.972", "1D P 1S P 2D P", "P"),
    # Responder invites slam in notrump after Stayman finds no major.
    # 1NT-2C-2D with 16: slam only if opener is maximum: the quantitative 4NT.
    ("AQ4.KJ32.Q87.KJ5", "1NT P 2C P 2D P", "4NT"),
    # 13 reaches game, not slam.
    ("AQ4.KJ32.Q87.J95", "1NT P 2C P 2D P", "3NT"),
    # Opener accepts the six card invitation in support points.
    # 1C-1S-1NT-3S (six spades, invitational): three spades and a doubleton make a nine-card
    # fit, 13 HCP + 1 = 14 support points: game.
    ("AJ6.KQT7.42.KT93", "1C P 1S P 1NT P 3S P", "4S"),
    # Three spades, flat 13: a minimum, pass.
    ("AJ6.KQT7.432.KT9", "1C P 1S P 1NT P 3S P", "P"),
    # Opener answers a notrump invitation: a five-card suit adds its length.
    # 1NT-2NT (8-9): 15 with five diamonds accepts, 15 with 4-3-3-3 or 4-4-3-2 does not.
    ("KQ4.A32.KJ872.Q5", "1NT P 2NT P", "3NT"),
    ("KQ4.A32.KJ72.Q52", "1NT P 2NT P", "P"),
])
def test_agreement(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected
