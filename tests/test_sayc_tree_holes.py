"""SAYC situations the system's tree now states instead of leaving them to the fallback (the
auditor's "off the tree" class): the call may be the fallback's, but it is the agreement's,
so a later change to the fallback cannot move it. One hand per agreement."""
from __future__ import annotations

import pytest

from tests.robots import choice as choose


@pytest.mark.parametrize("calls, hand, expected, source", [
    # 1S (X) XX (2D) 2S (P): opener's six-card major, short in their suit; the redoubler with
    # two trumps bids game with 13+ HCP, with three trumps and 10-12 invites; opener accepts
    # with five losers (or 15+ HCP).
    ("P 1S X XX 2D 2S P", "Q93.Q732.AK7.T98", "3S", "sayc-after-our-redouble.conv"),
    ("P 1S X XX 2D 2S P", "Q3.Q732.AK7.AJ85", "4S", "sayc-after-our-redouble.conv"),
    ("P 1S X XX 2D 2S P 3S P", "AK9765.AQJ6.T.62", "4S", "sayc-after-our-redouble.conv"),
    ("P 1S X XX 2D 2S P 3S P", "K97652.KJ86.T.A6", "P", "sayc-after-our-redouble.conv"),
    # 1H (X) 1NT (P): responder's 6-9 1NT over their double; opener rebids as over 1M-1NT: a
    # reverse with 17+ and four spades, a lower new suit, pass with a balanced minimum.
    ("P 1H X 1NT P", "K987.AQ972.KQ7.K", "2S", "sayc-opener-after-1nt-response-strong.conv"),
    ("P 1H X 1NT P", "K98.AQ972.QJ7.K3", "P", "sayc-opener-after-1nt-response-notrump-and-own-suit.conv"),
    ("P 1H X 1NT P", "K9.AQ972.7.KQJ83", "2C", "sayc-opener-after-1nt-response-last-resort.conv"),
    # Over their bid the minimum rebid of a five-card suit is not made (seven trumps); a sixth
    # card competes (here with a jump's values).
    ("1S X 1NT 2H", "AT764.K9.KJ87.A2", "P", "sayc-fallback.conv"),
    ("1S X 1NT 2H", "AKT643.92.KJ8.A2", "3S", "sayc-opener-after-1nt-response-notrump-and-own-suit.conv"),
    # Below 16 HCP the jump needs a good suit (or a side four-card suit): a poor one rebids 2S.
    ("1S X 1NT 2H", "AT7643.K9.KJ8.A2", "2S", "sayc-opener-after-1nt-response-notrump-and-own-suit.conv"),
    # Michaels for a major and a minor: after advancer's preference a Michaels without extras
    # passes (over their bid too), and after advancer's game he passes, over their 4S too.
    ("1H 2H P 2S P", "KQT94.7.QJ983.K4", "P", "sayc-advances-of-michaels-for-a-major-and-a-minor.conv"),
    ("1H 2H P 2S 3H", "KQT94.7.QJ983.K4", "P", "sayc-advances-of-michaels-for-a-major-and-a-minor.conv"),
    ("1S 2S 3S 4H 4S", "7.KQJ84.AQT93.42", "P", "sayc-advances-of-michaels-for-a-major-and-a-minor.conv"),
    # 1S 2H 4H: opener's three-card raise with 15+ reached game; responder without the slam
    # zone (SAYC Blackwood on his 15+) passes it.
    ("P 1S P 2H P 4H P", "K3.KQJ84.Q72.J53", "P", "sayc-responses-to-1s.conv"),
    # 1S (X) 3S (4H): the preemptive jump raise; opener without game values (17+ HCP or four
    # losers, when he bids 4S over their call too) passes.
    ("P 1S X 3S 4H", "AQ874.K3.Q72.J53", "P", "sayc-responses-to-a-major-after-their-double.conv"),
    ("P 1S X 3S 4H", "AKQ874.3.AQ2.K53", "4S", "sayc-responses-to-a-major-after-their-double.conv"),
    # 1S (X) 2NT (3H): Jordan's limit raise or better, then their bid: opener's minimum still
    # bids three of the major (the nine-card fit competes), 15+ bids game.
    ("P 1S X 2NT 3H", "AQ874.K3.Q72.J53", "3S", "sayc-responses-to-a-major-after-their-double.conv"),
    # 1H (X) 2NT (3S): three hearts is below their bid, so the minimum passes.
    ("1H X 2NT 3S", "K3.AQ874.Q72.J53", "P", "sayc-responses-to-a-major-after-their-double.conv"),
    # 1S (2S) 3H (P) 4S (P): opener accepted the cue-bid raise over their two-suiter; responder
    # without the slam zone passes the game.
    ("P 1S 2S 3H P 4S P", "K863.72.KQ92.J53", "P", "sayc-opener-after-the-cue-bid-raise-over-their-two-suiter.conv"),
    # The same cue-bid raise, then their game bid and opener's pass (or opener's competitive
    # three of the major): responder's limit raise passes.
    ("P 1S 2S 3H 4H P P", "K863.72.KQ92.J53", "P", "sayc-opener-after-the-cue-bid-raise-over-their-two-suiter.conv"),
    ("P 1H 2NT 3C 3D 3H P", "72.K863.KQ92.J53", "P", "sayc-opener-after-the-cue-bid-raise-over-their-two-suiter.conv"),
    # 1S P P 3C P: the balancing intermediate jump at the three level; advancer without game
    # values (11+ HCP with a fit or their suit stopped) passes it.
    ("1S P P 3C P", "K863.72.Q962.J53", "P", "sayc-advances-of-a-balancing-jump.conv"),
    # (2S) 2NT (P): the natural 2NT over a weak two (16-20); advancer without 6 HCP passes.
    ("P 2S 2NT P", "J863.72.Q962.953", "P", "sayc-defence-to-preempts.conv"),
    # 1D 2D 2H 3D: opener's stopper try, responder's return to the minor (no stopper);
    # opener without 3NT (unbalanced, spades open) or five of the minor (29) passes.
    ("1D P 2D P 2H P 3D P", "5.A72.KQJ874.AQ3", "P", "sayc-opener-after-a-minor-raise.conv"),
    # 1D (1S) 2S (P) 3D (P): the cue-bid raise of a minor forces to game and opener's 3D
    # denies their suit stopped: responder bids 3NT with it, five of the minor without.
    ("1D 1S 2S P 3D P", "5.AK84.KQ93.Q872", "5D", "sayc-competitive-responses-to-a-minor.conv"),
    ("1C 1D 2D P 3C P", "K82.AQ9.K5.QJ874", "3NT", "sayc-competitive-responses-to-a-minor.conv"),
    # Over their preempt the cue-bid raise makes opener's cheapest minor game (1D (3H) 4H
    # (P) 5D): responder without slam values passes.
    ("1D 3H 4H P 5D P", "A5.84.KQ93.AJ872", "P", "sayc-slam-over-partners-minor-game.conv"),
    # 1NT (2C) 3D (P) 4D (P): the game-forcing 3D, opener's raise without their clubs
    # stopped; responder without the slam zone bids five of the minor.
    ("P 1NT 2C 3D P 4D P", "K4.A52.KQJ873.84", "5D", "sayc-interference-over-our-1nt.conv"),
    # 1NT (P) 2C (3C) P (P): Stayman, their overcall, opener had nothing to show; responder
    # without an invitation passes.
    ("1NT P 2C 3C P P", "K742.Q863.J52.84", "P", "sayc-stayman-interference.conv"),
    # 1C (1H) X (P) 2NT (P): opener's 16-18 with their suit stopped after the negative
    # double; responder under 8 HCP passes. Over opener's 3NT (19+) he passes without slam
    # values.
    ("P 1C 1H X P 2NT P", "K742.863.J52.984", "P", "sayc-openers-rebids-after-a-negative-double.conv"),
    ("P 1C 2H X P 3NT P", "KJ742.863.A52.98", "P", "sayc-openers-rebids-after-a-negative-double.conv"),
    # 1H (1S) 3H (3S): the limit raise, their three-level bid; opener's minimum passes (nine
    # trumps are worth the three level), and so does responder.
    ("P P 1H 1S 3H 3S", "K3.AQ874.Q72.J53", "P", "sayc-opener-without-extras-after-our-three-level-raise-in-competition.conv"),
    ("P P 1H 1S 3H 3S P P", "84.KJ93.A872.Q53", "P", "sayc-opener-without-extras-after-our-three-level-raise-in-competition.conv"),
    # 1H (2S) 3S (4S): the cue-bid raise (three or four trumps), their game above ours;
    # opener as after a raise and their four-level bid: no known extra trumps and our
    # game values, a penalty double.
    ("1H 2S 3S 4S", "K3.AQ874.Q72.J53", "X", "sayc-opener-after-our-raise-and-their-four-level-bid.conv"),
    # 1D (2C) X (P) 2D (P) 3C: the negative doubler's cue-bid asks for a stopper; opener
    # without one bids his suit again, and responder with two of it bids five.
    ("P 1D 2C X P 2D P 3C P", "83.AK5.AJ632.J75", "3D", "sayc-responder-after-openers-minimum-rebid.conv"),
    ("P 1D 2C X P 2D P 3C P 3D P", "AKQ6.QT94.KT94.3", "5D", "sayc-responder-after-openers-minimum-rebid.conv"),
    # 1C (1S) X (P) 2S: opener's game-forcing cue-bid after the negative double; over
    # responder's answer he places the game: 3NT with their suit stopped before five of a
    # minor, four of responder's major with four cards.
    ("P P 1C 1S X P 2S P 3C P", "A4.A65.K4.KQJ853", "3NT", "sayc-openers-rebids-after-a-negative-double.conv"),
    ("P P 1C 1S X P 2S P 3H P", "A4.AQ65.K4.KQJ85", "4H", "sayc-openers-rebids-after-a-negative-double.conv"),
    # 3C (P) 3H (P) 4H (P): the preempter raised responder's forcing new suit to game;
    # responder without slam values passes.
    ("3C P 3H P 4H P", "K3.AKJ952.A72.53", "P", "sayc-preempter-after-a-forcing-new-suit.conv"),
    # 3S (P): a new suit is forcing only below game (sayc.md 9). 4H is game, to play, and the
    # preempter passes it (he raised it to 5H or rebid 4S); 4C stays forcing, and over 3H
    # the new major is still 3S, forcing.
    ("3S P", "8.AKQJ92.A73.K52", "4H", "sayc-responses-to-a-preempt.conv"),
    ("3S P 4H P", "KQJ8764.3.T42.Q5", "P", "sayc-responses-to-a-preempt.conv"),
    ("3S P 4H P", "KQJ8764.32.T4.Q5", "P", "sayc-responses-to-a-preempt.conv"),
    ("3S P", "8.A73.K52.AKQJ92", "4C", "sayc-responses-to-a-preempt.conv"),
    ("3S P 4C P", "KQJ8764.32.T42.5", "4S", "sayc-preempter-after-a-forcing-new-suit.conv"),
    ("3H P", "AKQJ92.8.A73.K52", "3S", "sayc-responses-to-a-preempt.conv"),
    # 1D (P) 2C (P): a 4-4-4-1 with 16+ and a singleton club reverses (2D would deny the
    # extras, 2NT the shape).
    ("1D P 2C P", "AK73.KJ93.KQ98.5", "2H", "sayc-opener-after-a-two-over-one.conv"),
    # P P P 1S P 2C P: a fourth-seat opening by the rule of 15 (9 HCP) rebids its suit as
    # any minimum: the rebid has no HCP floor of its own.
    ("P P P 1S P 2C P", "986542.J.AT.KJ85", "2S", "sayc-opener-after-a-two-over-one.conv"),
    # 1D (P) 2C (P) 3D (P) 4C: responder's six-card minor in the game force of the jump
    # rebid; opener with one club places the game in his own suit.
    ("P 1D P 2C P 3D P 4C P", "AQ9.KT9.AQ9876.6", "5D", "sayc-openers-jump-rebid-over-a-two-over-one.conv"),
    # 1H (P) 3C (P) 3D (P) 4C: the game force of the jump shift past 3NT; opener, short in
    # clubs with five-five and no six-card suit, bids four of his major.
    ("P 1H P 3C P 3D P 4C P", "QJ.AQ652.KQ543.J", "4H", "sayc-game-forcing-continuation.conv"),
    # 1H (P) 1S (P) 2D (P) 3C (P) 3NT (P): the fourth suit at the three level, opener's
    # answer is the game: responder passes it without slam values; his six-card major over
    # it is game too, and opener passes that.
    ("1H P 1S P 2D P 3C P 3NT P", "KJ52.Q4.K83.AJ95", "P", "sayc-responder-after-a-plain-answer-to-the-fourth-suit.conv"),
    ("1H P 1S P 2D P 3C P 3NT P 4S P", "2.QT973.K952.AQJ", "P", "sayc-opener-after-responders-forcing-six-card-rebid.conv"),
    # 2C (P) 2D (P) 3D (P) 3NT (P) 4H (P): his game in a major, no fit and no preference
    # to give: responder passes.
    ("2C P 2D P 3D P 3NT P 4H P", "QJ52.J93.82.T965", "P", "sayc-2c-responders-third-call.conv"),
    # 2C 2D 3D 3H 3S 4D: responder's preference past 3NT agrees opener's first suit, a minor;
    # with no major game (two hearts, five spades) and no slam, opener bids five of it.
    ("2C P 2D P 3D P 3H P 3S P 4D P", "AKQ95.K2.AKQJ4.3", "5D", "sayc-2c-responders-third-call.conv"),
    # 2C 2D 3C 3H 4D: his second suit, a minor, at the four level; with a positive's values
    # (8+ HCP) and an eight-card fit in it responder asks for aces (his 22 and my 8 are the
    # slam zone of the fit, 30), as with a major fit; with less, the raise to game.
    ("2C P 2D P 3C P 3H P 4D P", "K4.T7652.KQ83.97", "4NT", "sayc-2c-responders-third-call.conv"),
    ("2C P 2D P 3C P 3H P 4D P", "K4.T7652.KJ83.97", "5D", "sayc-2c-responders-third-call.conv"),
    ("2C P 2D P 3C P 3D P 4C P", "KT.AQ62.J8754.43", "4NT", "sayc-2c-responders-third-call.conv"),
    # 1S 2C 2H: opener's rebid in another suit leaves his range open (10-21); my three cards
    # in his first major make an eight-card fit, so the slam zone opposite an open range (28+
    # counting his minimum, 32+ with his maximum) asks for aces before the delayed game, and
    # the answers place the contract in his first major (five with two aces missing).
    ("1S P 2C P 2H P", "K97.AJ5.K95.AK84", "4NT", "sayc-blackwood-in-openers-first-major.conv"),
    ("1S P 2C P 2H P", "K97.AJ5.K95.AQ84", "4S", "sayc-responder-after-two-over-one-rebid.conv"),
    ("1H P 2C P 2S P 4NT P 5H P", "K96.A95.AQT.J972", "6H", "sayc-blackwood-in-openers-first-major.conv"),
    ("1H P 2D P 2S P 4NT P 5D P", "Q53.K62.AK42.KQ6", "5H", "sayc-blackwood-in-openers-first-major.conv"),
    # (3C) X (5C) P (P): their five-level raise after our takeout double of their preempt and
    # advancer's pass; the doubler, with no room below our game, passes.
    ("3C X 5C P P", "AQ52.KJ84.AQ3.72", "P", "sayc-advances-of-a-double-of-a-preempt.conv"),
    # (1S) X (1NT) P (P) 2S: the doubler's cue-bid after advancer passed their free bid;
    # advancer, forced, shows a stopper in notrump or else names his longest unbid suit.
    ("P P 1S X 1NT P P 2S P", "8643.Q9752.J4.83", "3H", "sayc-doublers-rebids.conv"),
    # (1D) X (3C) P (P) 4C: the cue-bid at the four level leaves no notrump to show a stopper
    # (4NT would ask for aces): advancer names his longest unbid suit.
    ("1D X 3C P P 4C P", "J84.Q753.KJ4.KQ9", "4H", "sayc-doublers-rebids.conv"),
    # (1D) P (P) 1S (P) 2D: advancer's cue-bid raise of a balancing suit bid shows game
    # values; the balancer bids game in his major.
    ("P 1D P P 1S P 2D P", "AQ985.K43.972.J6", "4S", "sayc-advances-of-a-balancing-suit-bid.conv"),
    # (1S) P (P) 2C (P) 2S: with a minor, 3NT with their suits stopped, else the minor again;
    # advancer then stops in it without a stopper or the values for eleven tricks.
    ("P 1S P P 2C P 2S P", "K84.Q3.K72.QJ986", "3NT", "sayc-advances-of-a-balancing-suit-bid.conv"),
    ("P 1S P P 2C P 2S P", "84.Q73.K72.KQJ86", "3C", "sayc-advances-of-a-balancing-suit-bid.conv"),
    ("P 1S P P 2C P 2S P 3C P", "93.AK64.AJ85.K94", "P", "sayc-advances-of-a-balancing-suit-bid.conv"),
    # 1C (P) 1D (P): four-card support and game values (19+ points) above the jump raise:
    # 3NT with 18+ HCP and the majors stopped, else four of the minor (responder bids five
    # or asks for aces).
    ("1C P 1D P", "K.J94.AQJ5.AKQ95", "4D", "sayc-opener-rebids-after-a-one-level-response.conv"),
    # 1C (2S) X (P) 3C (P) 3S (P) 4C and 1C (1S) 2D (P) 3C (P) 3S (P) 4C: the stopper ask,
    # opener's minor again at the four level; 3NT is gone and the game force stands: the
    # negative doubler's five-card major or six-card minor, else five of opener's minor.
    ("P 1C 2S X P 3C P 3S P 4C P", "84.AKJ93.AQ963.4", "4H", "sayc-responder-after-openers-minimum-rebid.conv"),
    ("P 1D 2S X P 3D P 3S P 4D P", "J6.KQJ3.K.KJ9842", "5C", "sayc-responder-after-openers-minimum-rebid.conv"),
    ("P 1C 1S 2D P 3C P 3S P 4C P", "84.AKJ3.AKJ96.42", "5C", "sayc-responder-after-his-free-bid.conv"),
    # 1NT (2C) 2D/2H (P): responder's natural two-level suit (five cards, at most 24 points
    # together); opener without a fit and a maximum for the invitation passes it.
    ("1NT 2C 2D P", "AQ3.KJ84.Q7.KJ53", "P", "sayc-interference-over-our-1nt.conv"),
    ("1NT 2C 2H P", "AQ3.KJ.Q742.KJ53", "P", "sayc-interference-over-our-1nt.conv"),
    # 1NT (2S) P (P): responder passed their overcall; opener without the reopening double
    # (a minimum here; or three of their suit, or a three-level overcall) passes.
    ("1NT 2S P P", "Q3.AJ42.QJT.QJ83", "P", "sayc-interference-over-our-1nt.conv"),
    ("1NT 3H P P", "AK5.J3.A83.AJ875", "P", "sayc-interference-over-our-1nt.conv"),
    # 1D P P 1NT P: advancing the balancing 1NT with a long major (natural, no transfers):
    # weak, two of it to play; a six-card major invites with 11-12 points (the balancer
    # accepts with 13+ HCP) and bids game with 13+; a five-card major with 11-12 keeps 2NT.
    ("1D P P 1NT P", "A8762.T872.9.T63", "2S", "sayc-advances-of-a-balancing-1nt.conv"),
    ("1D P P 1NT P", "AK83.QT6543.T.84", "3H", "sayc-advances-of-a-balancing-1nt.conv"),
    ("1D P P 1NT P", "KQ8752.K6.K3.Q98", "4S", "sayc-advances-of-a-balancing-1nt.conv"),
    ("1D P P 1NT P", "Q7653.Q6.Q4.KQ95", "2NT", "sayc-balancing.conv"),
    ("1D P P 1NT P 3H P", "K5.K92.KQ93.J753", "P", "sayc-advances-of-a-balancing-1nt.conv"),
    ("1D P P 1NT P 3H P", "AJ8.J93.J752.AQ7", "4H", "sayc-advances-of-a-balancing-1nt.conv"),
    # 2C 2NT 3C 6NT: the positive's 6NT (SAYC slam in notrump) counted opener's minimum;
    # without 37 counting the minimum his 6NT showed, opener passes it (7NT with 37+; SAYC
    # grand over partner's 6NT, included there).
    ("2C P 2NT P 3C P 6NT P", "A7.T.KQ53.AKQ952", "P", "sayc-grand-over-partners-6nt.conv"),
    # 2C 2NT 6NT: opener's balanced 6NT counted the positive's 8; responder's pass (SAYC
    # grand over partner's 6NT, included by sayc-2c-opener-after-a-positive.conv).
    ("2C P 2NT P 6NT P", "A76.K953.AJ95.42", "P", "sayc-grand-over-partners-6nt.conv"),
    # 1H 2D 3C 4H: responder's delayed game raise of opener's major after opener's new suit;
    # opener asks for aces in the slam zone counting responder's minimum (SAYC Blackwood),
    # else passes (the game raise denies the zone opposite an open range: responder would
    # have asked himself).
    ("1H P 2D P 3C P 4H P", "K.KQJ73.K3.K8742", "P", "sayc-responder-after-two-over-one-rebid.conv"),
    ("1H P 2C P 2S P 4H P", "AQ86.AKQ97.T9.K2", "P", "sayc-responder-after-two-over-one-rebid.conv"),
    ("1H P 2D P 3C P 4H P", "A.KQJ73.Q3.KQ742", "4NT", "sayc-blackwood.conv"),
    # 1C 2S P: advancer's new major is forcing with opening values (13+ HCP, five cards, no
    # three-card raise); the overcaller raises with two cards, else rebids his suit, and
    # advancer places the game. A new minor keeps 16+ (eleven tricks), and over a four-level
    # preempt a new suit at the five level is not bid with 13-15.
    ("1C 2S P", "-.AKJ94.KQ72.J863", "3H", "sayc-advances-of-a-preemptive-overcall.conv"),
    ("1C 2H P", "AKJ94.-.KQ72.J863", "2S", "sayc-advances-of-a-preemptive-overcall.conv"),
    ("1C 2S P", "-.KJ72.AKJ94.J863", "P", "sayc-advances-of-a-preemptive-overcall.conv"),
    ("1H 4S P", "32.A93.AJ6532.KQ", "P", "sayc-advances-of-a-preemptive-overcall.conv"),
    ("1C 2S P 3H P", "KQJ9762.Q2.953.4", "4H", "sayc-preempter-after-a-forcing-new-suit.conv"),
    ("1C 2S P 3H P", "KQJ9762.2.953.42", "3S", "sayc-preempter-after-a-forcing-new-suit.conv"),
    ("1C 2H P 2S P 3S P", "AKJ94.-.KQ72.J863", "4S", "sayc-preempter-after-a-forcing-new-suit.conv"),
    # 1C 2S P 2NT: with 14+ HCP and none of the calls above advancer asks as over a weak two;
    # the overcaller shows a feature with a maximum (9-11) or rebids his suit with a minimum,
    # and advancer places the game (two cards: the major). 13 HCP without a fit still passes.
    ("1C 2S P", "Q9.T92.KT65.AKQ5", "2NT", "sayc-2nt-feature-ask-over-a-weak-two.conv"),
    ("1C 2S P", "Q9.T92.QT65.AKQ5", "P", "sayc-advances-of-a-preemptive-overcall.conv"),
    ("1C 2S P 2NT P", "KJ7532.4.AJ8.T83", "3D", "sayc-2nt-feature-ask-over-a-weak-two.conv"),
    ("1C 2S P 2NT P", "KQT543.6.T.QT743", "3S", "sayc-2nt-feature-ask-over-a-weak-two.conv"),
    ("1C 2S P 2NT P 3D P", "Q9.T92.KT65.AKQ5", "4S", "sayc-2nt-feature-ask-over-a-weak-two.conv"),
])
def test_the_tree_states_the_call(robot, calls, hand, expected, source):
    choice = choose(robot, hand, calls)
    assert str(choice.call) == expected
    assert choice.rule is not None and source in str(choice.rule.source)
