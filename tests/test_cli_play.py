import re

import pytest

import cli
from bidding.model.calls import Call
from bidding.model.cards import Deal, Seat
from bidding.interfaces.commands.play import hand_figures, make_deals
from bidding.model.evaluation import hcp
from bidding.model.pbn import read_pbn

DEAL = "N:6532.43.Q62.KQJ2 K74.QJ986.KJT4.A AJ9.AK52.A87.T98 QT8.T7.953.76543"


@pytest.fixture
def data(monkeypatch, tmp_path):
    monkeypatch.setenv("SLAMBID_DATA_DIR", str(tmp_path))
    return tmp_path


def test_deal_pbn_is_repeatable_and_numbered(capsys):
    assert cli.main(["deal", "-n", "2", "--seed", "7", "--format", "pbn"]) == 0
    first = capsys.readouterr().out
    cli.main(["deal", "-n", "2", "--seed", "7", "--format", "pbn"])
    assert capsys.readouterr().out == first
    assert re.findall(r'\[Board "(\d)"\]', first) == ["1", "2"]
    assert '[Dealer "E"]' in first and '[Vulnerable "NS"]' in first
    for text in re.findall(r'\[Deal "(.*)"\]', first):
        Deal.parse(text)


def test_deal_with_a_condition(capsys):
    condition = "hcp(south) >= 20 and spades(south) >= 5"
    cli.main(["deal", "-n", "3", "--seed", "1", "-c", condition, "--format", "pbn"])
    deals = [Deal.parse(text) for text in re.findall(r'\[Deal "(.*)"\]', capsys.readouterr().out)]
    assert len(deals) == 3
    for deal in deals:
        assert hcp(deal[Seat.SOUTH]) >= 20 and deal[Seat.SOUTH].shape[0] >= 5


def test_deal_text_is_a_diagram(capsys):
    cli.main(["deal", "--seed", "3", "--ascii"])
    out = capsys.readouterr().out
    assert "North" in out and "West" in out and "Dealer North" in out
    assert re.search(r"^\s+S [AKQJT2-9-]+$", out, re.M)


def test_bad_condition_is_reported_not_raised(capsys):
    assert cli.main(["deal", "-c", "hcp(north >= 3"]) == 2
    assert "syntax error" in capsys.readouterr().err


def test_bid_prints_auction_explanations_and_result(capsys):
    assert cli.main(["bid", "--deal", DEAL, "--system", "example", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "Systems: N SLAM Example" in out
    assert "What the calls showed" in out
    assert "S 1NT: 15-17 HCP" in out
    assert re.search(r"Contract: \S+ by (North|East|South|West)|Contract: Passed out", out)
    assert "Par:" in out and "Score:" in out
    assert "South  3-4-3-3, 16 HCP, 8 losers" in out


def test_bid_as_pbn_has_the_auction_and_its_notes(capsys):
    cli.main(["bid", "--deal", DEAL, "--system", "example", "--format", "pbn"])
    boards = read_pbn(capsys.readouterr().out)
    assert len(boards) == 1
    board = boards[0]
    assert board.deal == Deal.parse(DEAL)
    assert board.auction.calls[2] == Call.parse("1NT")
    assert board.notes[2].startswith("15-17 HCP")
    assert board.tags["South"] == "SLAM Example"


def test_bid_needs_a_known_system(capsys):
    assert cli.main(["bid", "--deal", DEAL, "--system", "nonesuch"]) == 2
    assert "no system named 'nonesuch'" in capsys.readouterr().err


def test_players_command(data, capsys):
    assert cli.main(["players", "add", "Alice"]) == 0
    assert cli.main(["players", "add", "Robbie", "--system", "slam example"]) == 0
    assert cli.main(["players", "add", "Bad", "--system", "nonesuch"]) == 2
    cli.main(["players", "list"])
    out = capsys.readouterr().out
    assert "Alice (human)" in out and "Robbie (computer, slam example)" in out
    cli.main(["players", "remove", "alice"])
    cli.main(["players"])
    assert capsys.readouterr().out.strip().splitlines()[-1] == "Robbie (computer, slam example)"
    assert (data / "players.json").exists()


def test_hand_figures_and_random_deals_are_seeded():
    deal = Deal.parse(DEAL)
    assert hand_figures(deal, Seat.EAST) == "3-5-4-1, 14 HCP, 6 losers"
    assert list(make_deals(2, seed=5)) == list(make_deals(2, seed=5))


def test_deal_for_an_auction_re_bids_to_it_and_repeats(capsys):
    arguments = ["deal", "--auction", "1H 2C X P", "--system", "SAYC", "-n", "2",
                 "--seed", "4", "--board", "2", "--format", "pbn"]
    assert cli.main(arguments) == 0
    out, err = capsys.readouterr()
    assert "2 deals kept of" in err and "bid by the robots" in err
    boards = read_pbn(out)
    assert [board.number for board in boards] == [2, 2]
    assert [str(board.auction) for board in boards] == ["1H 2C X P"] * 2
    assert all(board.dealer is Seat.EAST for board in boards)
    cli.main(arguments)
    assert capsys.readouterr().out == out


def test_deal_for_an_auction_as_diagrams_with_dealer_and_vulnerability(capsys):
    assert cli.main(["deal", "-a", "1NT P 2C P", "--system", "SAYC", "--seed", "1",
                     "--dealer", "S", "--vul", "EW", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Auction: 1NT P 2C P (SAYC)")
    assert "Dealer South" in out and "Vul EW" in out


def test_deal_for_an_impossible_auction_says_which_call(capsys):
    assert cli.main(["deal", "--auction", "1NT P P 7C", "--system", "SAYC"]) == 1
    assert capsys.readouterr().err == ("error: SAYC never bids 7C for West after 1NT P P: "
                                       "no rule of the system makes it there\n")
    assert cli.main(["deal", "--auction", "P", "--system", "SAYC", "--seed", "1",
                     "-c", "hcp(north) >= 15 and hcp(north) <= 17 and "
                     "shape(north, any 4333 + any 4432 + any 5332 - 5xxx - x5xx)",
                     "--tries", "20000"]) == 1
    assert "the first call that failed was P" in capsys.readouterr().err


@pytest.mark.parametrize("arguments, message", [
    (["--auction", "1NT 1C", "--system", "SAYC"], "--auction '1NT 1C': illegal call 1C"),
    (["--auction", "1NT 2Z", "--system", "SAYC"], "--auction '1NT 2Z'"),
    (["--auction", "1NT"], "--auction needs --system"),
])
def test_deal_with_a_bad_auction_is_an_error(capsys, arguments, message):
    assert cli.main(["deal", *arguments]) == 2
    assert message in capsys.readouterr().err


def test_bid_asks_what_partner_could_hold(capsys):
    assert cli.main(["bid", "--system", "SAYC", "--auction", "1NT P", "--partner",
                     "--hand", "K83.QJ4.T962.A75", "--seed", "2", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("You are South (Board 1, Dealer North, Vul None), 10 HCP")
    assert "Partner (North) has shown: 15-17 HCP" in out
    points = re.findall(r"^  S .*, (\d+) HCP, \d+ losers$", out, re.M)
    assert len(points) == 5 and all(15 <= int(p) <= 17 for p in points)


def test_bid_for_an_auction_starts_with_it(capsys):
    assert cli.main(["bid", "--system", "SAYC", "--auction", "1H 2C X", "--seed", "2",
                     "--format", "pbn"]) == 0
    board = read_pbn(capsys.readouterr().out)[0]
    assert [str(call) for call in board.auction.calls[:3]] == ["1H", "2C", "X"]
    assert cli.main(["bid", "--system", "SAYC", "--auction", "1NT P", "--partner",
                     "--seed", "3", "--ascii"]) == 0
    assert "Partner (North) has shown: 15-17 HCP" in capsys.readouterr().out


@pytest.mark.parametrize("arguments, message", [
    (["--partner"], "--partner needs --auction"),
    (["--auction", "1NT", "--hand", "K83.QJ4.T962.A75"], "--hand goes with --partner"),
    (["--auction", "1NT", "--deal", DEAL], "leave out --deal, or ask --partner"),
    (["--auction", "1NT P P P", "--partner"], "the auction 1NT P P P is over"),
])
def test_bid_partner_question_needs_its_arguments(capsys, arguments, message):
    assert cli.main(["bid", "--system", "SAYC", *arguments]) == 2
    assert message in capsys.readouterr().err
