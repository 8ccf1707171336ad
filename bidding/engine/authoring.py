"""Tools for people who write conventions and systems: validate, show, format, list.

Each is a plain function; the menu, the tests and the `conventions` and `systems` commands
(bidding.interfaces.commands.conventions) call them.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

from lxml import etree

from bidding.engine.checks import check_trees
from bidding.engine.library import ConventionLibrary
from bidding.engine.xmlreader import (Convention, ConventionError, Problem, SystemSpec, canonical,
                                      collection_paused, parse_file, read_xml, safe_parser,
                                      write_checked)
from bidding.engine.system import BiddingSystem, Node, system_named
from bidding.model.auction import Auction
from bidding.model.errors import AuctionError

def validate(files: Iterable[Path | str], directories: Iterable[Path | str] = (),
             builtin: bool = True) -> list[Problem]:
    """Every error and warning in `files`, including inclusions that cannot be resolved
    against the library (repository directories, `directories`, and the files themselves).
    Each file is parsed once."""
    with collection_paused():
        return _validate([Path(f) for f in files], directories, builtin)


def _validate(files: list[Path], directories: Iterable[Path | str],
              builtin: bool) -> list[Problem]:
    problems: list[Problem] = []
    specs = []
    parsed = {}
    for path in files:
        spec, found = parsed[path.resolve()] = parse_file(path)
        problems += found
        if spec is not None:
            specs.append(spec)
    if any(not p.warning for p in problems):
        return _sorted(problems)
    try:
        library = ConventionLibrary(directories, builtin=builtin, files=files, parsed=parsed)
    except ConventionError as error:
        return _sorted(problems + error.problems)
    checked_files = {str(path.resolve()) for path in files}
    for spec in specs:
        try:
            if isinstance(spec, Convention):
                system = BiddingSystem.of_convention(spec, library)
            else:
                system = system_named(library, spec.name)
                checked_files |= {str(Path(node.spec.source.file).resolve())
                                  for node in system.nodes()}
            problems += system.warnings
        except ConventionError as error:
            problems += error.problems
    if not any(not p.warning for p in problems):
        problems += [p for p in check_library(library)
                     if str(Path(p.file).resolve()) in checked_files]
    return _sorted(list(dict.fromkeys(problems)))


def check_library(library: ConventionLibrary) -> list[Problem]:
    """The static checks (bidding.engine.checks) on every action of the library, judged
    where it is used: from the roots and fallbacks of every system that compiles, and from
    the top of every convention that nothing includes or lists (it may be included
    anywhere)."""
    trees = []
    used = set()
    for spec in library.all_systems():
        used |= {canonical(listing.name) for listing in spec.listings}
        used |= {canonical(spec.fallback[0])} if spec.fallback else set()
        try:
            system = system_named(library, spec.name)
        except ConventionError:
            continue
        trees.append((system.roots, system.fallback, "root"))
    for convention in library.all_conventions():
        if library.parents(convention) or used & {canonical(n) for n in convention.names}:
            continue
        try:
            trees.append((BiddingSystem.of_convention(convention, library).roots, (),
                          "unknown"))
        except ConventionError:
            continue
    return check_trees(trees)


def _sorted(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.file, p.line, p.warning))


# --- showing ---------------------------------------------------------------------------------
def convention_tree(name: str, library: ConventionLibrary, depth: int | None = None) -> str:
    """A convention as an indented tree: priority numbers, kind, call, `over`, the hands
    each action needs and where it was written; included conventions are spliced in.
    `depth` limits the levels of actions shown (None: all)."""
    convention = library.find_convention(name)
    system = BiddingSystem.of_convention(convention, library)
    lines = [f"{convention.name}" + (f" (also: {', '.join(convention.names[1:])})"
                                     if len(convention.names) > 1 else ""),
             f"  file: {convention.source.file}"]
    parents = library.parents(convention)
    if parents:
        lines.append(f"  included by: {', '.join(parents)}")
    if convention.description:
        lines.append(f"  {convention.description}")
    lines += _tree_lines(system.roots, depth, 0, convention.name)
    return "\n".join(lines)


def _tree_lines(nodes: tuple[Node, ...], depth: int | None, indent: int,
                convention: str | None = None, prefix: str = "") -> list[str]:
    """Numbered lines for `nodes` and their continuations, `depth` levels deep (None: all);
    with `convention`, actions written in another one say where they come from."""
    lines = []
    for number, node in enumerate(nodes, 1):
        label = f"{prefix}{number}"
        lines.append("  " * (label.count(".") + indent)
                     + f"{label}. {describe_node(node, convention)}")
        if depth is None or depth > 1:
            lines += _tree_lines(node.children, None if depth is None else depth - 1, indent,
                                 convention and node.convention, label + ".")
    return lines


def describe_node(node: Node, convention: str | None = None) -> str:
    """One line about an action: kind, call, over, seats, meaning, hands, source."""
    spec = node.spec
    if spec.handtypes is None:
        hands = "any hand"
    elif spec.never_chosen:
        hands = "never chosen"
    else:
        hands = "; or ".join(t.describe() for t in spec.handtypes)
    meaning = f"{spec.meaning}: " if spec.meaning else ""
    origin = f" [from {node.convention}]" if convention and node.convention != convention else ""
    return f"{spec.heading()} -- {meaning}{hands} ({spec.source}){origin}"


def system_summary(name: str, library: ConventionLibrary, depth: int = 1) -> str:
    """A system: names, what it lists, switches, fallback, and its roots to `depth` levels."""
    system = system_named(library, name)
    spec = system.spec
    lines = [system.name + (f" (also: {', '.join(system.names[1:])})"
                            if len(system.names) > 1 else ""), f"  file: {spec.source.file}"]
    if spec.description:
        lines.append(f"  {spec.description}")
    for base, _ in spec.bases:
        lines.append(f"  based on: {base}")
    for listing in spec.listings:
        lines.append(f"  convention: {listing.name}")
    for off, _ in spec.offs:
        lines.append(f"  off: {off}")
    for old, new, _ in spec.replaces:
        lines.append(f"  replace: {old} -> {new}")
    if spec.fallback:
        lines.append(f"  fallback: {spec.fallback[0]}")
    lines.append(f"  {len(system.nodes())} actions; roots in priority order:")
    lines += _tree_lines(system.roots, depth, 2)
    return "\n".join(lines)


def rules_after(name: str, library: ConventionLibrary, auction: Auction) -> str:
    """The ordered rule set a robot of system `name` bids from after `auction` (the
    opponents' calls read as natural): each rule's call, description and file:line, and
    why a rule's call is illegal there. Raises AuctionError when the auction is over."""
    if auction.is_over:
        raise AuctionError(f"the auction {auction.history_text()} is over: nobody is to act")
    system = system_named(library, name)
    ruleset = system.ruleset(auction)
    history = auction.history_text() or "no calls"
    lines = [f"{system.name}: {auction.turn.name.title()} to act after {history} "
             f"(dealer {auction.dealer.name.title()}, vulnerable: {auction.vulnerability}); "
             f"{ruleset.situation}"]
    if ruleset.forced:
        lines.append("  partner's last call is forcing: no pass without a rule for it")
    if not ruleset.rules:
        lines.append("  no rules here: a robot passes (or, when forced, bids naturally)")
    for number, (rule, illegal) in enumerate(zip(ruleset.rules, ruleset.illegal), 1):
        note = f" [not legal here: {illegal}]" if illegal else ""
        lines.append(f"  {number}. {rule.call} -- {rule.description} ({rule.source}){note}")
    return "\n".join(lines)


def convention_role(convention: Convention, library: ConventionLibrary) -> str:
    """Where a convention is used: "included by A, B" (its parents, derived from the
    inclusions) or "starts sequences"."""
    parents = library.parents(convention)
    return f"included by {', '.join(parents)}" if parents else "starts sequences"


def list_systems(library: ConventionLibrary) -> list[SystemSpec]:
    return sorted(library.all_systems(), key=lambda s: s.name.casefold())


def list_conventions(library: ConventionLibrary) -> list[Convention]:
    return sorted(library.all_conventions(), key=lambda c: c.name.casefold())


# --- formatting ------------------------------------------------------------------------------
def format_file(path: Path | str, directories: Iterable[Path | str] = ()) -> bool:
    """Pretty-print a convention or system file in place, keeping its comments.

    The new text goes to a temporary file beside it, which must validate before it replaces
    the original; the original is kept as `FILE.bak`. Returns False when nothing changed.
    Raises ConventionError (and leaves the file alone) if the file or the result is invalid.
    """
    path = Path(path)
    problems: list[Problem] = []
    tree = read_xml(path, problems)
    if tree is None:
        raise ConventionError(problems)
    errors = [p for p in validate([path], directories) if not p.warning]
    if errors:
        raise ConventionError(errors)
    text = pretty_text(path)
    if text == path.read_bytes():
        return False
    write_checked(path, text)
    return True


def pretty_text(path: Path | str) -> bytes:
    """The file re-indented by two spaces per level, comments and declaration kept."""
    tree = etree.parse(str(path), safe_parser(remove_blank_text=True))
    etree.indent(tree, space="  ")
    has_declaration = Path(path).read_bytes().lstrip().startswith(b"<?xml")
    body = etree.tostring(tree, encoding="UTF-8", xml_declaration=False, pretty_print=True)
    return (b'<?xml version="1.0" encoding="UTF-8"?>\n' if has_declaration else b"") + body
