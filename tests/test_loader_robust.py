"""The convention loader on big and bad files: each file parsed once, work linear in its size,
every problem located (`file:line: message`) and only our errors."""
from pathlib import Path

import pytest

from bidding.engine import checks, xmlreader
from bidding.engine.authoring import validate
from bidding.engine.library import ConventionLibrary


def _openings(count: int) -> str:
    """`count` distinct opening actions (different seats, levels and strains)."""
    strains = ("C", "D", "H", "S", "NT")
    seats = ("1", "2", "3", "4", "12", "34", "123", "234")
    bids = [f'<open bid="{level}{strain}" seats="{seat}"/>'
            for seat in seats for level in range(1, 8) for strain in strains]
    return "".join(bids[:count])


def _convention(tmp_path: Path, actions: str, name: str = "Many") -> Path:
    path = tmp_path / f"{name}.conv"
    path.write_text(f"<convention><name>{name}</name><actions>{actions}</actions></convention>")
    return path


def test_validate_reads_each_file_once(tmp_path, monkeypatch):
    path = _convention(tmp_path, _openings(10))
    reads = []
    real_read = xmlreader.read_xml
    monkeypatch.setattr(xmlreader, "read_xml",
                        lambda file, problems: reads.append(Path(file)) or real_read(file, problems))
    validate([path], builtin=False)
    assert reads.count(path) == 1


def test_sibling_checks_compare_only_actions_making_the_same_call(tmp_path, monkeypatch):
    compared = []
    real_compare = checks._compare
    monkeypatch.setattr(checks, "_compare",
                        lambda *args: compared.append(args) or real_compare(*args))
    ConventionLibrary(builtin=False, files=[_convention(tmp_path, _openings(280))])
    # 280 openings, 35 calls, 8 of each: at most 8 * 7 / 2 comparisons per call
    assert len(compared) <= 35 * 28


def test_collection_paused_nests_and_restores():
    import gc
    assert gc.isenabled()
    with xmlreader.collection_paused():
        with xmlreader.collection_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
