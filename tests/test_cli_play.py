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
