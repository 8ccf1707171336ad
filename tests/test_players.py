import pytest

from bidding.interfaces.players import COMPUTER, HUMAN, Player, PlayerError, PlayerStore, data_dir


def test_players_are_saved_and_read_back(tmp_path):
    path = tmp_path / "players.json"
    store = PlayerStore(path)
    store.add(Player("Alice"))
    store.add(Player("  Robbie   the robot ", COMPUTER, "SLAM Example"))
    again = PlayerStore(path)
    assert [p.describe() for p in again] == ["Alice (human)",
                                             "Robbie the robot (computer, SLAM Example)"]
    assert again.get("ROBBIE THE ROBOT").system == "SLAM Example"


def test_names_are_unique_ignoring_case(tmp_path):
    store = PlayerStore(tmp_path / "players.json")
    store.add(Player("Alice"))
    with pytest.raises(PlayerError, match="already a player"):
        store.add(Player("alice", COMPUTER, "SAYC"))
    with pytest.raises(PlayerError, match="needs a name"):
        store.add(Player("   "))


def test_remove_and_unknown_names(tmp_path):
    store = PlayerStore(tmp_path / "players.json")
    store.add(Player("Alice"))
    store.remove("ALICE")
    assert len(PlayerStore(store.path)) == 0
    with pytest.raises(PlayerError, match="no player called 'Bob'"):
        store.remove("Bob")


def test_player_kinds_are_checked():
    with pytest.raises(PlayerError, match="needs a bidding system"):
        Player("Robbie", COMPUTER)
    with pytest.raises(PlayerError, match="cannot have a system"):
        Player("Alice", HUMAN, "SAYC")
    with pytest.raises(PlayerError, match="not human or computer"):
        Player("Alice", "alien")


def test_unreadable_file_is_an_error_not_an_empty_list(tmp_path):
    path = tmp_path / "players.json"
    path.write_text("{not json")
    with pytest.raises(PlayerError, match="cannot read players"):
        PlayerStore(path)


def test_data_dir_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("SLAMBID_DATA_DIR", str(tmp_path / "mine"))
    assert data_dir() == tmp_path / "mine"
    monkeypatch.delenv("SLAMBID_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "slambidding-ng"


def test_saving_makes_the_folder_and_leaves_no_temporary_files(tmp_path):
    path = tmp_path / "sub" / "players.json"
    PlayerStore(path).add(Player("A"))
    PlayerStore(path).add(Player("B"))
    assert [p.name for p in path.parent.iterdir()] == ["players.json"]
    assert PlayerStore(path).names() == ["A", "B"]
