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
    monkeypatch.setattr(xmlreader, "read_xml", lambda file, problems:
                        reads.append(Path(file)) or real_read(file, problems))
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


BAD_FILES = {
    "empty": (b"", 1, "the file is empty"),
    "only a byte-order mark": (b"\xef\xbb\xbf", 1, "the file is empty"),
    "truncated": (b"<convention><name>X</name>\n<actions><open bid=\"1C\">", 2,
                  "not well-formed XML"),
    "wrong root": (b"<foo/>", 1, "root element is <foo>"),
    "not UTF-8": (b"<convention>\n<name>X\xe9</name><actions/></convention>", 2, "not UTF-8"),
    "bad value deep down": (b"<convention><name>X</name><actions>\n<open bid=\"1C\">\n"
                            b"<handtypes><type>\n<HCP min=\"x\"/></type></handtypes></open>"
                            b"</actions></convention>", 4, "<HCP> min='x' is not a whole number"),
    "missing required attribute": (b"<convention><name>X</name><actions>\n<open>\n<respond/>"
                                   b"</open></actions></convention>", 2, "<open> needs bid="),
    "unknown element": (b"<convention><name>X</name><actions>\n<open bid=\"1C\">\n"
                        b"<frob/></open></actions></convention>", 3, "unknown element <frob>"),
}


@pytest.mark.parametrize("case", BAD_FILES)
def test_bad_files_give_the_loaders_own_located_message(tmp_path, case):
    data, line, message = BAD_FILES[case]
    path = tmp_path / "bad.conv"
    path.write_bytes(data)
    spec, problems = xmlreader.parse_file(path)
    assert spec is None
    assert (problems[0].file, problems[0].line) == (str(path), line)
    assert message in problems[0].message
    assert not any(p.message.startswith("schema:") for p in problems)


def test_a_folder_named_like_a_convention_file_is_a_located_problem(tmp_path):
    folder = tmp_path / "folder.conv"
    folder.mkdir()
    _, problems = xmlreader.parse_file(folder)
    assert [(p.line, p.message) for p in problems] == [
        (1, "is a folder, not a convention or system file")]


@pytest.mark.parametrize("depth", [30, 1000])
def test_deeply_nested_condition_is_a_located_problem_or_loads(tmp_path, depth):
    condition = "(" * depth + "hcp >= 10" + ")" * depth
    path = _convention(tmp_path, f'<open bid="1C"><handtypes><type>\n<condition>{condition}'
                                 f"</condition></type></handtypes></open>")
    _, problems = xmlreader.parse_file(path)
    for problem in problems:
        assert problem.line == 2
        assert "RecursionError" not in problem.message
        assert len(problem.message) < 200


def test_an_exception_of_the_dealer_module_is_reported_at_the_condition(tmp_path, monkeypatch):
    def broken(text, name):
        raise TypeError("a bug")
    monkeypatch.setattr(xmlreader, "_dealer_compiler", lambda: broken)
    xmlreader.compiled_condition.cache_clear()
    path = _convention(tmp_path, '<open bid="1C"><handtypes><type>\n<condition>hcp >= 11'
                                 "</condition></type></handtypes></open>")
    try:
        _, problems = xmlreader.parse_file(path)
    finally:
        xmlreader.compiled_condition.cache_clear()
    assert [(p.line, p.message) for p in problems] == [
        (2, "<condition> 'hcp >= 11' could not be compiled: an internal error of the dealer "
            "module (TypeError: a bug)")]


def test_long_offending_text_is_cut(tmp_path):
    path = _convention(tmp_path, f'<open bid="1C" seats="{"9" * 100_000}"/>')
    _, problems = xmlreader.parse_file(path)
    assert problems and all(len(p.message) < 200 for p in problems)
