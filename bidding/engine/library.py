"""The convention library: every convention and system on a search path of directories,
found by name. Reading one file is bidding.engine.xmlreader's work; compiling a system is
bidding.engine.system's.
"""
from __future__ import annotations

import difflib
from pathlib import Path
from typing import Iterable, Mapping

from bidding.engine.rules import Source
from bidding.engine.checks import check_convention
from bidding.engine.xmlreader import (Convention, ConventionError, Problem, SystemSpec, canonical,
                                      collection_paused, parse_file)

REPO_ROOT = Path(__file__).resolve().parents[2]
BUILTIN_CONVENTIONS = REPO_ROOT / "conventions"
BUILTIN_SYSTEMS = REPO_ROOT / "systems"
CONVENTION_SUFFIX = ".conv"
SYSTEM_SUFFIX = ".system"


def _known_names(table: dict, name: str, kind: str) -> str:
    """What to offer instead of an unknown name: every known one when there are few, else
    the close ones (a typo) and where to find the rest."""
    known = sorted({e.name for es in table.values() for e in es})
    if len(known) <= _FEW_NAMES:
        return "known: " + (", ".join(known) or "none")
    close = difflib.get_close_matches(name, known, n=3, cutoff=0.75)
    rest = f"{len(known)} {kind}s known: `cli.py {kind}s list` shows them"
    return f"did you mean {' or '.join(map(repr, close))}? {rest}" if close else rest


_FEW_NAMES = 12


BUILTIN_PREFIX = "builtin:"
"""`builtin:SAYC` is the shipped SAYC even when a user's file shadows the name."""


def library_files(directory: Path) -> list[Path]:
    """The `.conv` and `.system` files under `directory`, in sorted order, sub-folders
    included. Dot-files and dot-folders are skipped (`.NAME.XXXX.conv` is the temporary
    file of an interrupted save); backups (`NAME.conv.bak`, `NAME.conv~`) do not end in
    `.conv` or `.system`."""
    found = []
    for path in sorted(directory.rglob("*")):
        parts = path.relative_to(directory).parts
        if any(part.startswith(".") for part in parts):
            continue
        if path.suffix in (CONVENTION_SUFFIX, SYSTEM_SUFFIX) and path.is_file():
            found.append(path)
    return found


class ConventionLibrary:
    """Every convention and system found on the search path, by name.

    The path is the repository's `conventions/` and `systems/` (the shipped files), then the
    user directories and files given. A user's file shadows a shipped one of the same name
    (a notice says so); the shipped one stays reachable as `builtin:NAME`. Loading collects
    all problems of all files and raises one ConventionError.
    """

    def __init__(self, directories: Iterable[Path | str] = (), builtin: bool = True,
                 files: Iterable[Path | str] = (),
                 shipped: Iterable[Path] | None = None,
                 parsed: Mapping[Path, tuple] | None = None) -> None:
        """`shipped`: where the shipped files are, when not the repository's (a staging
        copy that checks a save, bidding.engine.drafts). `parsed`: what `parse_file` already
        returned for some files, by resolved path, so that no file is read twice."""
        shipped_directories = list(shipped) if shipped is not None else \
            [BUILTIN_CONVENTIONS, BUILTIN_SYSTEMS] if builtin else []
        self.directories = shipped_directories + [Path(d) for d in directories]
        self.conventions: dict[str, list[Convention]] = {}   # by name, as a user sees them
        self.systems: dict[str, list[SystemSpec]] = {}
        self._shipped: dict[str, dict[str, list]] = {"convention": {}, "system": {}}
        self._users: dict[str, dict[str, list]] = {"convention": {}, "system": {}}
        self.warnings: list[Problem] = []
        self.notices: list[str] = []
        self.compiled_systems: dict[SystemSpec, object] = {}   # bidding.engine.system's cache
        self._includers: dict[str, list[str]] | None = None    # name -> includers' names
        paths = [(path, directory in shipped_directories)
                 for directory in self.directories if directory.is_dir()
                 for path in library_files(directory)]
        paths += [(Path(f), False) for f in files]
        with collection_paused():
            self._load(paths, parsed or {})
        for kind, visible in (("convention", self.conventions), ("system", self.systems)):
            visible.update(self._shipped[kind])
            visible.update(self._users[kind])
            self.notices += _shadowing_notices(kind, self._users[kind], self._shipped[kind])

    def _load(self, paths: list[tuple[Path, bool]], parsed: Mapping[Path, tuple]) -> None:
        """Read (or take from `parsed`) every file; raise all their errors together."""
        problems: list[Problem] = []
        seen = set()
        for path, shipped in paths:
            resolved = path.resolve()
            if resolved in seen:
                continue
            seen.add(resolved)
            spec, found = parsed[resolved] if resolved in parsed else parse_file(path)
            found = list(found)
            if isinstance(spec, Convention) and not any(not p.warning for p in found):
                found += check_convention(spec)     # static checks within the file
            problems += [p for p in found if not p.warning]
            self.warnings += [p for p in found if p.warning]
            if spec is not None:
                kind = "convention" if isinstance(spec, Convention) else "system"
                _add((self._shipped if shipped else self._users)[kind], spec)
        if problems:
            raise ConventionError(problems)

    def find_convention(self, name: str, source: Source | None = None) -> Convention:
        return self._find("convention", name, source)

    def find_system_spec(self, name: str, source: Source | None = None) -> SystemSpec:
        return self._find("system", name, source)

    def spec_from_file(self, path: Path | str) -> Convention | SystemSpec:
        """The spec the library read from `path` (one of its files)."""
        resolved = Path(path).resolve()
        for spec in self.all_conventions() + self.all_systems():
            if Path(spec.source.file).resolve() == resolved:
                return spec
        raise ConventionError([Problem(str(path), 0, "not among the library's files")])

    def has_convention(self, name: str) -> bool:
        """Some file (one or more) claims the convention name."""
        table, key = self._table_and_key("convention", name)
        return key in table

    def parents(self, convention: Convention) -> list[str]:
        """The conventions that include `convention` (first names), after the parents a
        2009 file writes by hand."""
        if self._includers is None:
            self._includers = {}
            for includer in self.all_conventions():
                for name in dict.fromkeys(map(canonical, includer.included_names())):
                    self._includers.setdefault(name, []).append(includer.name)
        derived = [includer for name in dict.fromkeys(map(canonical, convention.names))
                   for includer in self._includers.get(name, [])]
        return list({canonical(name): name for name in convention.parents + derived}.values())

    def _table_and_key(self, kind: str, name: str) -> tuple[dict, str]:
        key = canonical(name)
        if key.startswith(BUILTIN_PREFIX):
            return self._shipped[kind], canonical(key[len(BUILTIN_PREFIX):])
        return (self.conventions if kind == "convention" else self.systems), key

    def _find(self, kind: str, name: str, source: Source | None):
        table, key = self._table_and_key(kind, name)
        entries = table.get(key, [])
        where = (source.file, source.line) if source else ("", 0)
        if not entries:
            raise ConventionError([Problem(*where, f"no {kind} named {name!r} "
                                                   f"({_known_names(table, name, kind)})")])
        if len(entries) > 1:
            files = ", ".join(str(e.source) for e in entries)
            raise ConventionError([Problem(*where, f"{kind} name {name!r} is ambiguous: "
                                                   f"claimed by {files}")])
        return entries[0]

    def all_conventions(self) -> list[Convention]:
        return _distinct(self._shipped["convention"], self._users["convention"])

    def all_systems(self) -> list[SystemSpec]:
        return _distinct(self._shipped["system"], self._users["system"])


def _add(table: dict, spec) -> None:
    for name in dict.fromkeys(canonical(n) for n in spec.names):
        entries = table.setdefault(name, [])
        if spec not in entries:
            entries.append(spec)


def _distinct(*tables: dict) -> list:
    return list({id(s): s for table in tables for ss in table.values() for s in ss}.values())


def _shadowing_notices(kind: str, users: dict, shipped: dict) -> list[str]:
    """One line per user file whose names hide shipped ones."""
    notices = []
    for spec in _distinct(users):
        hidden = [name for name in spec.names if canonical(name) in shipped]
        if hidden:
            names = ", ".join(repr(name) for name in hidden)
            qualified = ", ".join(repr(BUILTIN_PREFIX + name) for name in hidden)
            notices.append(f"notice: {spec.source.file}: {kind} {names} shadows the shipped "
                           f"one (still reachable as {qualified})")
    return notices
