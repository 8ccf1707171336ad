import os
import stat

import pytest

from bidding.model.files import atomic_write


def _mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_content_is_replaced_and_no_temporary_is_left(tmp_path):
    path = tmp_path / "notes.txt"
    atomic_write(path, "first\n")
    atomic_write(path, b"second \xe2\x99\xa0\n")
    assert path.read_text(encoding="utf-8") == "second \u2660\n"
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_a_new_file_gets_the_umask_mode_not_a_private_one(tmp_path):
    old = os.umask(0o022)
    try:
        atomic_write(tmp_path / "new.json", "{}")
    finally:
        os.umask(old)
    assert _mode(tmp_path / "new.json") == 0o644


def test_the_mode_of_the_replaced_file_is_kept(tmp_path):
    path = tmp_path / "players.json"
    path.write_text("old")
    path.chmod(0o600)
    atomic_write(path, "new")
    assert _mode(path) == 0o600
    path.chmod(0o664)
    atomic_write(path, "newer")
    assert _mode(path) == 0o664 and path.read_text() == "newer"


@pytest.mark.parametrize("failure", [OSError("disk full"), KeyboardInterrupt()])
def test_a_failure_leaves_the_old_file_and_no_temporary(tmp_path, failure):
    path = tmp_path / "system.conv"
    path.write_text("old")
    seen = []

    def check(temporary):
        seen.append((temporary.name, temporary.read_text()))
        raise failure

    with pytest.raises(type(failure)):
        atomic_write(path, "new", check=check)
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["system.conv"]
    name, text = seen[0]
    assert name.startswith(".system.") and name.endswith(".conv") and text == "new"


def test_backup_keeps_the_old_file_beside_the_new_one(tmp_path):
    path = tmp_path / "a.conv"
    atomic_write(path, "one", backup=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.conv"]
    atomic_write(path, "two", backup=True)
    assert (tmp_path / "a.conv.bak").read_text() == "one" and path.read_text() == "two"
