"""Property-based fuzzing of the convention loader: shipped files mutated (characters deleted,
inserted or replaced, elements dropped or duplicated, attribute values replaced, deep nesting)
give only our errors, each with a file and a line."""
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st
from lxml import etree

from bidding.engine.library import BUILTIN_CONVENTIONS, BUILTIN_SYSTEMS, ConventionLibrary
from bidding.engine.xmlreader import parse_file, safe_parser
from bidding.model.errors import BridgeError

SHIPPED = sorted(BUILTIN_CONVENTIONS.rglob("*.conv")) + sorted(BUILTIN_SYSTEMS.glob("*.system"))
EXAMPLES = 150
ODD_VALUES = ("", " ", "-1", "99999999999999999999", "1.5", "x" * 300, "\u00e9", "NaN",
              "cheapest(", "1C,", "0", "yes", "partner", "12345678")


def _characters(data: bytes, rng: random.Random) -> bytes:
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(data) + 1)
        junk = bytes(rng.choice(b"<>/=\"'&; \n\x00\xff\xefabc1") for _ in range(rng.randint(1, 3)))
        data = rng.choice((data[:at] + data[at + 1:], data[:at] + junk + data[at:],
                           data[:at] + junk + data[at + len(junk):]))
    return data


def _elements(data: bytes, rng: random.Random) -> bytes:
    root = etree.fromstring(data, safe_parser())
    elements = [e for e in root.iter() if isinstance(e.tag, str) and e is not root]
    for _ in range(rng.randint(1, 3)):
        if not elements:
            break
        element = rng.choice(elements)
        action = rng.randrange(4)
        parent = element.getparent()
        if action == 0 and parent is not None:
            parent.remove(element)
            elements = [e for e in root.iter() if isinstance(e.tag, str) and e is not root]
        elif action == 1 and parent is not None:
            parent.insert(parent.index(element), etree.fromstring(etree.tostring(element)))
        elif action == 2:
            name = rng.choice(list(element.attrib) or ["bid", "min", "suit", "seats", "over"])
            element.set(name, rng.choice(ODD_VALUES))
        else:
            inner = etree.fromstring(etree.tostring(element))
            for _ in range(rng.choice((2, 30, 200))):
                wrapper = etree.Element(element.tag, dict(element.attrib))
                wrapper.append(inner)
                inner = wrapper
            element.addnext(inner)
    return etree.tostring(root)


def _check(tmp_path: Path, name: str, data: bytes) -> None:
    folder = tmp_path / "user"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_bytes(data)
    try:
        _, problems = parse_file(path)
        for problem in problems:
            assert problem.file and problem.line >= 1, problem
        try:
            ConventionLibrary([folder], builtin=False)
        except BridgeError as error:
            for problem in getattr(error, "problems", ()):
                assert problem.line >= 1 or not problem.file, problem
    finally:
        path.unlink()


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.sampled_from(SHIPPED), st.randoms(use_true_random=False), st.booleans())
def test_mutated_shipped_files_give_only_located_errors(tmp_path, source, rng, by_element):
    data = source.read_bytes()
    data = _elements(data, rng) if by_element else _characters(data, rng)
    _check(tmp_path, source.name, data)
