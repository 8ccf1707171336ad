"""What several commands share: the `--dir` option, and loading the systems they name."""
from __future__ import annotations

import sys
from pathlib import Path

from bidding.engine.library import SYSTEM_SUFFIX, ConventionLibrary
from bidding.engine.system import BiddingSystem, compiled_system, system_named


def add_directory_option(parser) -> None:
    """`--dir DIR` (repeatable): user directories of conventions and systems, the list
    ConventionLibrary takes."""
    parser.add_argument("--dir", action="append", default=[], metavar="DIR",
                        help="also load conventions and systems from DIR and its sub-folders "
                             "(repeatable)")


def load_systems(names: list[str], directories: list[str]) -> dict[str, BiddingSystem]:
    """Each system by name as the library knows it (`builtin:NAME`: the shipped one), or by
    the path of a `.system` file, which is read with its own library: `directories`, the
    file's folder and a sibling `conventions/` folder if there is one (to compare two
    versions of one system). Notices and warnings go to stderr, one line each."""
    systems: dict[str, BiddingSystem] = {}
    shared = None
    for name in dict.fromkeys(names):
        path = Path(name)
        if path.suffix == SYSTEM_SUFFIX and path.is_file():
            sibling = path.resolve().parent.parent / "conventions"
            library = ConventionLibrary([*directories, path.parent]
                                        + ([sibling] if sibling.is_dir() else []), files=[path])
            _report(library)
            systems[name] = compiled_system(library, library.spec_from_file(path))
        else:
            if shared is None:
                shared = ConventionLibrary(directories)
                _report(shared)
            systems[name] = system_named(shared, name)
        for warning in systems[name].warnings:
            print(warning, file=sys.stderr)
    return systems


def _report(library: ConventionLibrary) -> None:
    for line in library.notices + [str(warning) for warning in library.warnings]:
        print(line, file=sys.stderr)
