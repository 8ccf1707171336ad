"""The web table's routes through Starlette's TestClient: a board bid to the end, what calls
show, hints and undo, and bad input refused without changing anything."""
from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from bidding.interfaces.web.app import MAX_FIELD, create_app
from bidding.model import evaluation
from bidding.model.cards import PBN_DEAL_EXAMPLE, Deal, Seat, Suit
from bidding.model.pbn import read_pbn
from cli import build_parser, main

DEAL = PBN_DEAL_EXAMPLE          # West holds the cards the others do not
WEST_HEARTS = Deal.parse(DEAL)[Seat.WEST].holding(Suit.HEARTS)


@pytest.fixture(scope="module")
def app():
    return create_app([], [], seed=7)


@pytest.fixture
def client(app):
    return TestClient(app)


def deal(client, **fields) -> object:
    form = {"source": "pbn", "pbn": DEAL, "number": "1", "seat": "S", "system": "SAYC"}
    form.update(fields)
    return client.post("/new", data=form)


def auction_calls(page: str) -> list[str]:
    return re.findall(r'data-index="\d+"[^>]*>([^<]+)<', page)


def test_the_first_visit_is_dealt_a_board_and_offered_a_new_one(client):
    page = client.get("/")
    assert page.status_code == 200
    assert 'id="new-board"' in page.text and "<option selected>SAYC</option>" in page.text
    assert 'id="auction"' in page.text and "Board 1," in page.text and "you are South" in page.text
    assert client.get("/").text.count("Board 1,") == page.text.count("Board 1,")  # kept


def test_a_board_is_bid_to_the_end_with_the_summary_and_the_pbn(client):
    page = deal(client)
    assert page.status_code == 200
    assert "Board 1, Dealer North, Vul None" in page.text
    assert '<span class="symbol suit-red">♥</span> JT9865' in page.text      # South's
    assert f"</span> {WEST_HEARTS}<" not in page.text
    for _ in range(20):
        if 'id="bidding-box"' not in page.text:
            break
        page = client.post("/call", data={"call": "P"})
        assert page.status_code == 200
    assert 'id="summary"' in page.text and 'id="bidding-box"' not in page.text
    assert "Contract:" in page.text and "Par:" in page.text and "Score:" in page.text
    assert f"{evaluation.hcp(Deal.parse(DEAL)[Seat.NORTH])} HCP" in page.text
    pbn = client.get("/board.pbn")
    game = read_pbn(pbn.text)[0]
    assert game.deal == Deal.parse(DEAL) and game.auction.is_over
    assert [str(call) for call in game.auction.calls][:1] == ["1C"]


def test_the_bidding_box_offers_only_legal_calls(client):
    page = deal(client).text
    calls = auction_calls(page)
    assert calls[0] == "1♣"      # North opens, East and then South
    box = page[page.index('id="bidding-box"'):page.index("</form>", page.index('id="bidding-box"'))]
    offered = re.findall(r'value="([^"]+)"', box)
    assert "1C" not in offered and "XX" not in offered
    assert {"P", "7NT"} <= set(offered)


def test_an_illegal_call_is_refused_and_changes_nothing(client):
    before = auction_calls(deal(client).text)
    for call, message in (("1C", "is not allowed now"), ("XX", "is not allowed now"),
                          ("8C", "cannot read call")):
        page = client.post("/call", data={"call": call})
        assert page.status_code == 400 and message in page.text
        assert auction_calls(page.text) == before


def test_what_each_call_showed_and_what_a_call_would_show(client):
    deal(client)
    shown = client.get("/shown").json()
    assert shown[0]["seat"] == "North" and shown[0]["call"] == "1♣"
    assert "HCP" in shown[0]["picture"] and shown[0]["reasons"]
    would = client.get("/would", params={"call": "1H"}).json()
    assert would["call"] == "1♥" and would["seat"] == "South" and would["text"]
    refused = client.get("/would", params={"call": "1C"})
    assert refused.status_code == 400 and "not allowed" in refused.json()["error"]


def test_a_hint_is_the_robots_call_with_the_humans_hand(client):
    deal(client)
    hint = client.get("/hint").json()
    assert hint["system"] == "SAYC" and hint["call"] and hint["reasons"]


def test_undo_takes_back_the_humans_call_and_the_robots_after_it(client):
    before = auction_calls(deal(client).text)
    after = auction_calls(client.post("/call", data={"call": "P"}).text)
    assert len(after) > len(before)
    undone = client.post("/undo").text
    assert auction_calls(undone) == before and 'id="undo"' not in undone
    refused = client.post("/undo")
    assert refused.status_code == 400 and "nothing to take back" in refused.text


def test_bad_boards_are_refused_with_a_message_and_the_table_is_kept(client):
    before = auction_calls(deal(client).text)
    for fields, message in (({"pbn": "N:AKQ.xyz"}, "expected 4 hands"),
                            ({"pbn": "[Deal \"N:AK\"]"}, "pasted PBN"),
                            ({"system": "No Such System"}, "no system named"),
                            ({"source": "condition", "condition": "hcp(south) >>= 3"}, "syntax error"),
                            ({"source": "number", "number": "zero"}, "not a number"),
                            ({"pbn": "x" * (MAX_FIELD + 1)}, "at most")):
        page = deal(client, **fields)
        assert page.status_code == 400, fields
        assert 'class="error"' in page.text and message in page.text
        assert auction_calls(page.text) == before


def test_a_huge_form_is_refused(client):
    page = client.post("/new", content=b"pbn=" + b"x" * 100_000,
                       headers={"content-type": "application/x-www-form-urlencoded"})
    assert page.status_code == 400 and "too large" in page.text


def test_boards_by_number_and_by_dealer_condition(client):
    page = deal(client, source="number", number="3").text
    assert "Board 3, Dealer South, Vul EW" in page
    page = deal(client, source="condition", condition="hcp(south) >= 22", number="").text
    hcp = int(re.search(r"<strong>Your hand</strong> \((\d+) HCP\)", page).group(1))
    assert hcp >= 22


def test_each_browser_has_its_own_table(app):
    first, second = TestClient(app), TestClient(app)
    deal(first, seat="N")
    assert second.get("/hint").status_code == 400          # no table before its first page
    assert "you are South" in second.get("/").text          # its own, dealt on the first visit
    assert "you are North" in first.get("/").text


def test_conventions_are_browsed_and_an_auction_is_explained(client):
    page = client.get("/conventions")
    assert page.status_code == 200 and "SAYC" in page.text and ".conv" in page.text
    tree = client.get("/conventions", params={"system": "SAYC"}).text
    assert 'id="tree"' in tree and "roots in priority order" in tree
    rules = client.get("/conventions", params={"rules_system": "SAYC", "auction": "1NT P"}).text
    assert "South to act after 1NT P" in rules and "2C" in rules
    bad = client.get("/conventions", params={"rules_system": "SAYC", "auction": "1NT 1C"})
    assert bad.status_code == 400 and 'class="error"' in bad.text


def test_reports_only_from_the_folders_named(tmp_path):
    (tmp_path / "report.html").write_text("<h1>Simulation report</h1>")
    client = TestClient(create_app([], [str(tmp_path)]))
    index = client.get("/reports").text
    assert str(tmp_path) in index and "/reports/0/report.html" in index
    assert "Simulation report" in client.get("/reports/0/report.html").text
    assert client.get("/reports/0/boards.csv").status_code == 404
    assert client.get("/reports/1/report.html").status_code == 404
    assert client.get("/reports/0/..%2F..%2Fetc%2Fpasswd").status_code == 404


def test_the_web_command_parses_its_options():
    args = build_parser().parse_args(["web", "--port", "9000", "--reports", "out"])
    assert (args.port, args.host, args.reports) == (9000, "127.0.0.1", ["out"])


def test_the_web_command_prints_its_address_and_serves_the_app(monkeypatch, capsys):
    served = {}
    monkeypatch.setattr("uvicorn.run", lambda app, host, port, **_: served.update(
        app=app, host=host, port=port))
    assert main(["web", "--port", "8123"]) == 0
    assert capsys.readouterr().out.startswith("The web table is at http://127.0.0.1:8123/")
    assert (served["host"], served["port"]) == ("127.0.0.1", 8123)
    local = TestClient(served["app"], base_url="http://127.0.0.1:8123")
    assert local.get("/conventions").status_code == 200
    assert TestClient(served["app"]).get("/conventions").status_code == 400  # Host: testserver
    assert main(["web", "--reports", "/no/such/folder"]) == 2


def test_a_pbn_file_is_uploaded_and_a_malformed_one_refused(client):
    game = f'[Board "5"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "{DEAL}"]\n'
    form = {"source": "pbn", "seat": "S", "system": "SAYC"}
    page = client.post("/new", data=form, files={"pbn_file": ("board.pbn", game.encode())})
    assert page.status_code == 200 and "Board 5, Dealer North, Vul NS" in page.text
    bad = client.post("/new", data=form,
                      files={"pbn_file": ("bad.pbn", b'[Deal "N:AKQ2.K3"]\n')})
    assert bad.status_code == 400 and "expected 4 hands" in bad.text
    assert "Board 5, Dealer North, Vul NS" in bad.text


def test_the_menu_s_saved_robots_are_offered(tmp_path, monkeypatch):
    from bidding.interfaces.players import COMPUTER, Player, PlayerStore
    monkeypatch.setenv("SLAMBID_DATA_DIR", str(tmp_path))
    PlayerStore().add(Player("Robbie", COMPUTER, "Acol"))
    client = TestClient(create_app([], [], seed=3))
    assert re.search(r"<option[^>]*>Robbie \(Acol\)</option>", client.get("/").text)
    page = deal(client, system="Robbie (Acol)")
    assert "robots play Acol" in page.text


def test_a_loopback_table_answers_only_its_own_host_names():
    app = create_app([], [], seed=1, hosts=["127.0.0.1", "localhost"])
    assert TestClient(app, base_url="http://127.0.0.1:8000").get("/conventions").status_code \
        == 200
    assert TestClient(app, base_url="http://evil.example:8000").get("/").status_code == 400
