"""Convention and system files being edited: XML trees changed one checked step at a time.

A draft holds the document as an lxml tree. Every change is made on a copy that must parse
as a valid file (schema and engine checks) before it replaces the draft, so a draft is always
valid on its own. Saving also checks it against the whole library (inclusions, listed
conventions, name clashes) in a staging copy, then writes a temporary file beside the target,
checks it once more, keeps the old file as `FILE.bak` and renames: never half-written.
"""
from __future__ import annotations

import copy
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from lxml import etree

from bidding.engine.authoring import check_library
from bidding.engine.library import (BUILTIN_CONVENTIONS, BUILTIN_SYSTEMS, CONVENTION_SUFFIX,
                                    SYSTEM_SUFFIX, ConventionLibrary, library_files)
from bidding.engine.xmlreader import (ACTION_KINDS, INCLUDE_TAGS, ActionSpec, Convention,
                                      ConventionError, Inclusion, Problem, SystemSpec, canonical,
                                      parse_file, safe_parser, write_checked)
from bidding.engine.system import BiddingSystem, system_named
from bidding.model.errors import BridgeError


class DraftError(BridgeError):
    """An edit that does not fit the draft (no such number, an action under an inclusion)."""


XML_DECLARATION = b'<?xml version="1.0" encoding="UTF-8"?>\n'


def file_name_for(name: str, suffix: str, directory: Path) -> Path:
    """A new file in `directory` named after `name` (`Weak twos` -> weak-twos.conv)."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "untitled"
    path = directory / f"{stem}{suffix}"
    number = 2
    while path.exists():
        path = directory / f"{stem}-{number}{suffix}"
        number += 1
    return path


@dataclass(frozen=True)
class Entry:
    """An element of the draft's tree with its number (`2.1`: first under the second)."""

    number: str
    element: etree._Element

    @property
    def depth(self) -> int:
        return self.number.count(".")


class Draft:
    """What convention and system drafts share: numbering, moving, removing, checking, saving."""

    suffix = ""
    item_tags: tuple[str, ...] = ()
    root_tag = ""

    @classmethod
    def named_root(cls, names: list[str], description: str | None) -> etree._Element:
        """A new document's root with its names and description."""
        root = etree.Element(cls.root_tag)
        for name in names:
            etree.SubElement(root, "name").text = name
        if description:
            etree.SubElement(root, "description").text = description
        return root

    @classmethod
    def checked(cls, root: etree._Element, path: Path) -> "Draft":
        draft = cls(root, path)
        draft.check()
        return draft

    def __init__(self, root: etree._Element, path: Path) -> None:
        self.root = root
        self.path = path
        self.changed = False

    @classmethod
    def load(cls, path: Path) -> "Draft":
        return cls(etree.parse(str(path), safe_parser(remove_blank_text=True)).getroot(), path)

    # --- the numbered tree ------------------------------------------------------------------
    def top(self, root: etree._Element) -> etree._Element:
        """The element whose item children are numbered 1, 2, 3..."""
        return root

    def items_of(self, element: etree._Element) -> list[etree._Element]:
        return [child for child in element if child.tag in self.item_tags]

    def entries(self) -> Iterator[Entry]:
        def walk(element, prefix: str):
            for number, child in enumerate(self.items_of(element), 1):
                entry = Entry(f"{prefix}{number}", child)
                yield entry
                yield from walk(child, entry.number + ".")
        yield from walk(self.top(self.root), "")

    def find(self, number: str, root: etree._Element | None = None) -> etree._Element:
        element = self.top(self.root if root is None else root)
        for part in number.strip().rstrip(".").split("."):
            items = self.items_of(element)
            if not part.isdigit() or not 1 <= int(part) <= len(items):
                raise DraftError(f"there is no {number!r} in the tree: use the numbers shown")
            element = items[int(part) - 1]
        return element

    # --- changes, each checked --------------------------------------------------------------
    def change(self, edit: Callable[[etree._Element], None]) -> None:
        """Apply `edit` to a copy of the document; keep it only if the result is valid."""
        trial = copy.deepcopy(self.root)
        edit(trial)
        self.check(trial)
        self.root = trial
        self.changed = True

    def insert(self, parent_number: str | None, element: etree._Element,
               position: int | None = None) -> None:
        """Put `element` among the items under `parent_number` (top level if None), at
        1-based `position` (last if None)."""
        def edit(root):
            parent = self.top(root) if parent_number is None else self.find(parent_number, root)
            siblings = self.items_of(parent)
            if position is None or position > len(siblings):
                anchor = siblings[-1] if siblings else None
                if anchor is None:
                    parent.append(element)
                else:
                    anchor.addnext(element)
            else:
                siblings[max(position, 1) - 1].addprevious(element)
        self.change(edit)

    def remove(self, number: str) -> None:
        def edit(root):
            element = self.find(number, root)
            element.getparent().remove(element)
        self.change(edit)

    def move(self, number: str, steps: int) -> None:
        """Move an item `steps` places later (negative: earlier) among its siblings."""
        def edit(root):
            element = self.find(number, root)
            siblings = self.items_of(element.getparent())
            index = siblings.index(element)
            target = index + steps
            if not 0 <= target < len(siblings):
                raise DraftError(f"{number} cannot move {'up' if steps < 0 else 'down'}: "
                                  f"it is already {'first' if steps < 0 else 'last'}")
            if steps < 0:
                siblings[target].addprevious(element)
            else:
                siblings[target].addnext(element)
        self.change(edit)

    def set_names(self, tag: str, values: list[str]) -> None:
        """Replace every `<tag>` child of the root (name, parent) by `values`, in order."""
        def edit(root):
            old = root.findall(tag)
            anchor_index = root.index(old[0]) if old else _first_index_after(root, ("name",))
            for element in old:
                root.remove(element)
            for offset, value in enumerate(values):
                element = etree.Element(tag)
                element.text = value
                root.insert(anchor_index + offset, element)
        self.change(edit)

    def set_description(self, text: str | None) -> None:
        def edit(root):
            element = root.find("description")
            if not text:
                if element is not None:
                    root.remove(element)
                return
            if element is None:
                element = etree.Element("description")
                root.insert(_first_index_after(root, ("name", "parent")), element)
            element.text = text
        self.change(edit)

    # --- checking and writing ---------------------------------------------------------------
    def text(self, root: etree._Element | None = None) -> bytes:
        tree = copy.deepcopy(self.root if root is None else root)
        etree.indent(tree, space="  ")
        return XML_DECLARATION + etree.tostring(tree, encoding="UTF-8", pretty_print=True)

    def check(self, root: etree._Element | None = None):
        """The parsed spec of the document, or ConventionError with its problems."""
        with tempfile.TemporaryDirectory() as scratch:
            trial = Path(scratch) / self.path.name
            trial.write_bytes(self.text(root))
            spec, problems = parse_file(trial)
        errors = [p.moved(str(trial), str(self.path)) for p in problems if not p.warning]
        if errors or spec is None:
            raise ConventionError(errors)
        return spec

    def write(self) -> None:
        """Write the draft to its file (check it with `staged_problems` first)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_checked(self.path, self.text())
        self.changed = False


def _first_index_after(root: etree._Element, tags: tuple[str, ...]) -> int:
    index = 0
    for position, child in enumerate(root):
        if child.tag in tags:
            index = position + 1
    return index


def staged_problems(path: Path, text: bytes, directories: list[Path]) -> list[Problem]:
    """Problems of `text` saved as `path`, with every other file of the library as it is now
    (the old version of `path` left out; the shipped directories staged as shipped): errors
    for the file itself (its own checks, static checks included, its inclusions or
    listings, a name another user's file already uses), warnings for systems that would
    stop loading because of it."""
    path = path.resolve()
    with tempfile.TemporaryDirectory() as scratch:
        staging = Path(scratch)
        renames: dict[str, str] = {}
        staged_dirs, shipped_dirs = [], []
        for index, directory in enumerate(directories):
            staged = staging / str(index)
            staged.mkdir()
            shipped = directory in (BUILTIN_CONVENTIONS, BUILTIN_SYSTEMS)
            (shipped_dirs if shipped else staged_dirs).append(staged)
            if not directory.is_dir():
                continue
            for file in library_files(directory):
                if file.resolve() != path:
                    copy = staged / file.relative_to(directory)
                    copy.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(file, copy)
                    renames[str(copy)] = str(file)
        draft = staging / path.name
        draft.write_bytes(text)
        renames[str(draft)] = str(path)
        problems = _library_problems(draft, staged_dirs, shipped_dirs)
    result = []
    for problem in problems:
        for old, new in renames.items():
            problem = problem.moved(old, new)
        result.append(problem)
    return list(dict.fromkeys(result))


def _library_problems(draft: Path, directories: list[Path],
                      shipped: list[Path]) -> list[Problem]:
    spec, problems = parse_file(draft)
    if spec is None:
        return problems
    try:
        library = ConventionLibrary(directories, files=[draft], shipped=shipped)
    except ConventionError as error:
        return problems + error.problems
    table = library.conventions if isinstance(spec, Convention) else library.systems
    spec = next(entry for entry in table[canonical(spec.name)]
                if entry.source.file == str(draft))   # the library's own copy of the draft
    for name in spec.names:
        others = [other for other in table.get(canonical(name), []) if other is not spec]
        problems += [Problem(str(draft), spec.source.line,
                             f"the name {name!r} is already used by {other.source.file}")
                     for other in others]
    if any(not p.warning for p in problems):
        return problems
    try:
        if isinstance(spec, Convention):
            problems += BiddingSystem.of_convention(spec, library).warnings
        else:
            problems += system_named(library, spec.name).warnings
    except ConventionError as error:
        return problems + error.problems
    problems += [p for p in check_library(library) if p.file == str(draft)]
    for other in library.all_systems():
        if other is spec:
            continue
        try:
            system_named(library, other.name)
        except ConventionError as error:
            problems += [Problem(p.file, p.line, f"system {other.name!r} would not load: "
                                                 f"{p.message}", True) for p in error.problems]
    return problems


# --- conventions -----------------------------------------------------------------------------
class ConventionDraft(Draft):
    """A `.conv` document: actions and inclusions numbered in priority order."""

    suffix = CONVENTION_SUFFIX
    item_tags = ACTION_KINDS + INCLUDE_TAGS
    root_tag = "convention"

    @classmethod
    def create(cls, path: Path, names: list[str], description: str | None) -> "ConventionDraft":
        """A new convention in our format: no `<parent>`, its includers name it."""
        root = cls.named_root(names, description)
        etree.SubElement(root, "actions")
        return cls.checked(root, path)

    def top(self, root: etree._Element) -> etree._Element:
        return root.find("actions")

    @property
    def old_format(self) -> bool:
        """SLAMBidding's 2009 format: parents written by hand (docs section 1.1)."""
        return self.root.find("parent") is not None or \
            next(self.root.iter("subconvention"), None) is not None

    def is_action(self, number: str) -> bool:
        return self.find(number).tag in ACTION_KINDS

    def add_action(self, parent_number: str | None, kind: str, attributes: dict[str, str],
                   position: int | None = None,
                   hand_type: etree._Element | None = None) -> None:
        """A new action; without `hand_type` it fits every hand."""
        if parent_number is not None and not self.is_action(parent_number):
            raise DraftError(f"{parent_number} is an inclusion: actions go under actions")
        element = etree.Element(kind, {k: v for k, v in attributes.items() if v})
        if hand_type is not None:
            etree.SubElement(element, "handtypes").append(hand_type)
        self.insert(parent_number, element, position)

    def include(self, parent_number: str | None, name: str, position: int | None = None) -> None:
        if parent_number is not None and not self.is_action(parent_number):
            raise DraftError(f"{parent_number} is an inclusion: include under an action")
        self.insert(parent_number, etree.Element("convention", name=name), position)

    def set_attributes(self, number: str, attributes: dict[str, str | None]) -> None:
        """Set (or, with None or '', remove) attributes of action `number`."""
        def edit(root):
            element = self.find(number, root)
            for name, value in attributes.items():
                if value:
                    element.set(name, value)
                elif name in element.attrib:
                    del element.attrib[name]
        self.change(edit)

    def hand_types(self, number: str) -> list[etree._Element] | None:
        """The `<type>` elements of action `number`; None when it has no `<handtypes>`."""
        handtypes = self.find(number).find("handtypes")
        return None if handtypes is None else list(handtypes.findall("type"))

    def add_hand_type(self, number: str, hand_type: etree._Element) -> None:
        def edit(root):
            element = self.find(number, root)
            handtypes = element.find("handtypes")
            if handtypes is None:
                handtypes = etree.Element("handtypes")
                element.insert(0, handtypes)
            handtypes.append(hand_type)
        self.change(edit)

    def replace_hand_type(self, number: str, index: int, hand_type: etree._Element) -> None:
        """Put `hand_type` in place of the action's `index`-th type (edited in place)."""
        def edit(root):
            types = self.find(number, root).find("handtypes")
            found = [] if types is None else types.findall("type")
            if not 1 <= index <= len(found):
                raise DraftError(f"action {number} has no hand type {index}")
            types.replace(found[index - 1], copy.deepcopy(hand_type))
        self.change(edit)

    def remove_hand_type(self, number: str, index: int) -> None:
        def edit(root):
            types = self.find(number, root).find("handtypes")
            found = [] if types is None else types.findall("type")
            if not 1 <= index <= len(found):
                raise DraftError(f"action {number} has no hand type {index}")
            types.remove(found[index - 1])
        self.change(edit)

    def any_hand(self, number: str) -> None:
        """Drop the action's hand types: it then fits every hand."""
        def edit(root):
            element = self.find(number, root)
            for handtypes in element.findall("handtypes"):
                element.remove(handtypes)
        self.change(edit)

    def described_tree(self) -> list[str]:
        """The numbered tree with each action's call, `over`, seats, meaning and hands."""
        spec: Convention = self.check()
        lines = []

        def walk(items, element, prefix: str) -> None:
            for number, (item, child) in enumerate(zip(items, self.items_of(element)), 1):
                label = f"{prefix}{number}"
                indent = "  " * label.count(".")
                if isinstance(item, Inclusion):
                    when = f" when {item.when.describe()}" if item.when is not None else ""
                    lines.append(f"{indent}{label}. include {item.name!r}{when}")
                    continue
                lines.append(f"{indent}{label}. {describe_action(item)}")
                walk(item.children, child, label + ".")

        walk(spec.actions, self.top(self.root), "")
        return lines


def describe_action(action: ActionSpec) -> str:
    """One line for the editor: the heading, then the hand types numbered for editing."""
    if action.handtypes is None:
        hands = "any hand"
    elif action.never_chosen:
        hands = "never chosen (no hand type)"
    else:
        hands = "; or ".join(f"[{n}] {t.describe()}" for n, t in enumerate(action.handtypes, 1))
    meaning = f"{action.meaning}: " if action.meaning else ""
    return f"{action.heading()} -- {meaning}{hands}"


def hand_type_element(ranges: dict[str, tuple[int, int] | None], shape: str | None,
                      condition: str | None) -> etree._Element:
    """A `<type>` from ranges (`HCP`, `spades`... -> (min, max)), a shape word
    (`balanced`, `semibalanced`, `unbalanced`) and a dealer condition about the hand."""
    hand_type = etree.Element("type")
    for tag, bounds in ranges.items():
        if bounds is not None:
            low, high = bounds
            attributes = {}
            if low > 0:
                attributes["min"] = str(low)
            if high < (37 if tag == "HCP" else 13):
                attributes["max"] = str(high)
            if attributes:
                etree.SubElement(hand_type, tag, attributes)
    if shape:
        etree.SubElement(hand_type, shape)
    if condition:
        etree.SubElement(hand_type, "condition").text = condition
    return hand_type


# --- systems ---------------------------------------------------------------------------------
class SystemDraft(Draft):
    """A `.system` document: the conventions it plays, numbered in listing order."""

    suffix = SYSTEM_SUFFIX
    item_tags = ("convention",)
    root_tag = "system"

    @classmethod
    def create(cls, path: Path, names: list[str], description: str | None) -> "SystemDraft":
        return cls.checked(cls.named_root(names, description), path)

    def list_convention(self, name: str, position: int | None = None) -> None:
        """List a convention (SLAMBidding's form: the name as text)."""
        element = etree.Element("convention")
        element.text = name
        if not self.items_of(self.root):
            self.change(lambda root: root.insert(_first_index_after(
                root, ("name", "description", "base")), element))
        else:
            self.insert(None, element, position)

    def add_switch(self, name: str, by: str | None = None) -> None:
        """`<replace name=.. by=..>` (use `by` wherever `name` is included or listed), or
        without `by`, `<off name=..>` (switch `name` off)."""
        element = etree.Element("replace", name=name, by=by) if by else \
            etree.Element("off", name=name)
        self.change(lambda root: root.append(element))

    def set_single(self, tag: str, name: str | None) -> None:
        """Set or clear the `<fallback>` (or another single `name=` element)."""
        def edit(root):
            for element in root.findall(tag):
                root.remove(element)
            if name:
                root.append(etree.Element(tag, name=name))
        self.change(edit)

    def described_tree(self) -> list[str]:
        spec: SystemSpec = self.check()
        lines = [f"{entry.number}. {'  ' * entry.depth}{listing_name(entry.element)}"
                 for entry in self.entries()]
        if spec.fallback:
            lines.append(f"fallback: {spec.fallback[0]}")
        lines += [f"based on: {name}" for name, _ in spec.bases]
        lines += [f"off: {name}" for name, _ in spec.offs]
        lines += [f"replace: {old} -> {new}" for old, new, _ in spec.replaces]
        return lines


def copied_draft(draft: Draft, names: list[str], directory: Path,
                 description: str | None = None) -> Draft:
    """A copy of `draft` under new `names`, to be saved in `directory` (a shipped system or
    convention made the user's own; what it includes or lists is still found by name)."""
    copied = type(draft)(copy.deepcopy(draft.root), file_name_for(names[0], draft.suffix,
                                                                  directory))
    copied.set_names("name", names)
    if description:
        copied.set_description(description)
    return copied


def listing_name(element: etree._Element) -> str:
    return (element.get("name") or " ".join((element.text or "").split())).strip()


def convention_path(library: ConventionLibrary, name: str) -> Path:
    return Path(library.find_convention(name).source.file)


def system_path(library: ConventionLibrary, name: str) -> Path:
    return Path(library.find_system_spec(name).source.file)


def name_taken(library: ConventionLibrary, name: str) -> bool:
    key = canonical(name)
    return key in library.conventions or key in library.systems
