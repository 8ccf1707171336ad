"""Convention and system files: XML into checked specification trees.

Files are parsed safely (no entities, DTDs or network), checked against the RELAX NG schemas
shipped in `bidding/engine/schema/`, and walked element by element so that every problem is
reported with file and line, all together, in one `ConventionError`. The format is described
in docs/convention-format.md.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Callable, Iterable

from lxml import etree

from bidding.model.calls import PASS, Call
from bidding.model.cards import Hand
from bidding.model.errors import BridgeError, CallError
from bidding.model.files import atomic_write
from bidding.model.quoting import excerpt
from bidding.engine.constraints import (LAST_BIDDERS, RANGE_ENDS, SIDES, Combined, Condition,
                                        Constraint, FigureRange, Fit, Forced, HandType, LastBid,
                                        Longest, OwnRange, PartnerHcp, PartnerShown, PassedHand,
                                        SeatIn, ShapeTest, ShownSuits, Stopper, SuitHolding,
                                        Support, Vulnerable)
from bidding.engine.suitrefs import SUIT_KINDS, SuitRef, SuitReferenceError
from bidding.engine.rules import (FORCING_VALUES, CallTemplate, CallTemplateError, OverError,
                                   Source, parse_over)

ROOT_KINDS = ("open", "overcall", "double", "balance")
ACTION_KINDS = ROOT_KINDS + (
    "advance", "respond", "rebid", "raise", "invite", "accept", "decline", "ask", "tell",
    "relay", "relaybid", "transfer", "cuebid", "competitiveraise", "correct", "signoff",
    "pass", "redouble", "call")
INCLUDE_TAGS = ("convention", "subconvention")
_LONGEST_MESSAGE = 400
_TRUE = ("yes", "true", "1", "on")
_FALSE = ("no", "false", "0", "off")


class ConventionError(BridgeError):
    """Problems in convention or system files, each `file:line: message`, all together."""

    def __init__(self, problems: Iterable["Problem"]) -> None:
        self.problems = list(problems)
        count = len(self.problems)
        if count == 1 and not self.problems[0].file:     # a name asked for, not a file
            super().__init__(str(self.problems[0]))
            return
        head = f"{count} problem{'s' if count != 1 else ''} in convention/system files"
        super().__init__(head + ":\n" + "\n".join(f"  {p}" for p in self.problems))


@dataclass(frozen=True)
class Problem:
    """One error or warning about a file, with its place."""

    file: str
    line: int
    message: str
    warning: bool = False

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}: " if self.file else ""
        return f"{where}{'warning: ' if self.warning else ''}{self.message}"

    def moved(self, old: str, new: str) -> "Problem":
        """The same problem told of file `new`, for one found in its staging copy `old`."""
        return Problem(self.file.replace(old, new), self.line, self.message.replace(old, new),
                       self.warning)


def canonical(name: str) -> str:
    """Names match ignoring case and runs of blanks."""
    return " ".join(name.split()).casefold()


# --- specification trees --------------------------------------------------------------------
@dataclass(frozen=True)
class Inclusion:
    """`<convention name="X"/>` inside actions: splice X's top-level actions here; with
    `<when>`, made only by hands that also fit it (X's own continuations are untouched)."""

    name: str
    source: Source
    when: HandType | None = None


@dataclass(frozen=True, eq=False)
class ActionSpec:
    """One action as written: kind, call, `over`, hand types and continuations."""

    kind: str
    call: CallTemplate
    over: frozenset[int]
    seats: frozenset[int] | None
    handtypes: tuple[HandType, ...] | None     # None: any hand
    children: tuple["ActionSpec | Inclusion", ...]
    source: Source
    meaning: str | None = None
    alert: bool = False
    forcing: str = "no"
    shows: tuple[SuitRef, ...] | None = None
    over_text: str | None = None                # as written; None when defaulted
    levels: frozenset[int] | None = None        # the bid must be at one of these levels
    forcing_pass: bool = False                  # a pass allowed when forced (a forcing pass)

    @property
    def never_chosen(self) -> bool:
        """An empty <handtypes/>: the action never makes its call itself; it only adds its
        continuations after that call made by another rule."""
        return self.handtypes == ()

    def heading(self) -> str:
        """Kind, call and the attributes as written: "rebid new, levels 2, forcing"."""
        parts = [f"{self.kind} {self.call.text}"]
        if self.over_text is not None:
            parts.append(f"over {self.over_text}")
        if self.seats:
            parts.append("seats " + "".join(str(seat) for seat in sorted(self.seats)))
        if self.levels:
            parts.append("levels " + "".join(str(level) for level in sorted(self.levels)))
        if self.forcing_pass:
            parts.append("forcing pass")
        elif self.forcing != "no":
            parts.append("forcing" if self.forcing == "yes" else "game forcing")
        if self.alert:
            parts.append("alert")
        return ", ".join(parts)


@dataclass(eq=False)
class Convention:
    """A parsed `.conv` file. `parents` are the ones a 2009 file writes by hand; ours are
    derived from the inclusions (ConventionLibrary.parents)."""

    names: list[str]
    parents: list[str]
    description: str | None
    actions: tuple[ActionSpec | Inclusion, ...]
    source: Source
    old_format: bool = False

    @property
    def name(self) -> str:
        return self.names[0]

    def included_names(self) -> list[str]:
        """The names of the conventions it includes, anywhere in its actions."""
        return _included_names(self.actions)


def _included_names(items) -> list[str]:
    names = []
    for item in items:
        if isinstance(item, Inclusion):
            names.append(item.name)
        else:
            names += _included_names(item.children)
    return names


@dataclass(frozen=True)
class Listing:
    """A `<convention>` line of a system: a root convention. In a 2009 file a convention
    no file defines is a warning (SLAMBidding ignored it), in ours an error."""

    name: str
    source: Source
    old_format: bool = False


@dataclass(eq=False)
class SystemSpec:
    """A parsed `.system` file."""

    names: list[str]
    description: str | None
    bases: list[tuple[str, Source]]
    listings: list[Listing]
    offs: list[tuple[str, Source]]
    replaces: list[tuple[str, str, Source]]
    fallback: tuple[str, Source] | None
    source: Source

    @property
    def name(self) -> str:
        return self.names[0]


# --- parsing ---------------------------------------------------------------------------------
@contextmanager
def collection_paused():
    """Python's cycle collector off while specs are built: they are acyclic, and its passes
    over a big file's hundreds of thousands of new objects cost 40% of the time. Nests."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def safe_parser(remove_blank_text: bool = False) -> etree.XMLParser:
    """No entity expansion, no DTD, no network; comments kept for the formatter."""
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                           remove_comments=False, remove_blank_text=remove_blank_text,
                           huge_tree=False)


@lru_cache(maxsize=None)
def schema(kind: str) -> etree.RelaxNG:
    """The RELAX NG schema for `convention` or `system` files, shipped with the package."""
    text = resources.files("bidding.engine").joinpath("schema", f"{kind}.rng").read_bytes()
    return etree.RelaxNG(etree.fromstring(text, safe_parser()))


def read_xml(path: Path, problems: list[Problem]) -> etree._ElementTree | None:
    """The file's XML tree, or None with a located problem saying why there is none."""
    try:
        data = path.read_bytes()
    except IsADirectoryError:
        problems.append(Problem(str(path), 1, "is a folder, not a convention or system file"))
        return None
    except OSError as error:
        problems.append(Problem(str(path), 1, f"cannot read file: {error.strerror or error}"))
        return None
    if not data.removeprefix(b"\xef\xbb\xbf").strip():
        problems.append(Problem(str(path), 1, "the file is empty: expected <convention> or "
                                              "<system>"))
        return None
    declaration = data[:data.find(b">") + 1] if data.lstrip().startswith(b"<?xml") else b""
    if b"encoding" not in declaration:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as error:
            line = data.count(b"\n", 0, error.start) + 1
            problems.append(Problem(str(path), line,
                                    f"not UTF-8 text (byte 0x{data[error.start]:02X}): save the "
                                    f"file as UTF-8 or declare its encoding in <?xml ... "
                                    f"encoding=\"...\"?>"))
            return None
    try:
        return etree.ElementTree(etree.fromstring(data, safe_parser(), base_url=str(path)))
    except etree.XMLSyntaxError as error:
        line = max(1, error.position[0] if error.position else 1)
        message = error.msg if len(error.msg) <= 160 else error.msg[:160] + "..."
        problems.append(Problem(str(path), line, f"not well-formed XML: {message}"))
    return None


def parse_file(path: Path | str) -> tuple[Convention | SystemSpec | None, list[Problem]]:
    """Parse one `.conv` or `.system` file; returns the spec (None if unusable) and problems."""
    path = Path(path)
    problems: list[Problem] = []
    tree = read_xml(path, problems)
    if tree is None:
        return None, problems
    root = tree.getroot()
    reader = _Reader(str(path), problems, is_old_format(root))
    if root.tag == "convention":
        with collection_paused():
            spec = reader.convention(root)
    elif root.tag == "system":
        spec = reader.system(root)
    else:
        problems.append(Problem(str(path), root.sourceline or 1,
                                f"root element is <{root.tag}>: expected <convention> or <system>"))
        return None, problems
    for element, name in reader.ignored:     # the schema checks the file without them
        del element.attrib[name]
    _add_schema_problems(tree, root.tag, str(path), problems)
    if any(not p.warning for p in problems):
        return None, problems
    return spec, problems


def _add_schema_problems(tree, kind: str, file: str, problems: list[Problem]) -> None:
    """The schema's messages, when the reader found nothing wrong: its own messages are
    clearer and located at the element at fault, where libxml's may be at the parent's line
    or at line 0 (then the root's line is given)."""
    validator = schema(kind)
    if validator.validate(tree) or any(not p.warning for p in problems):
        return
    reported = set()
    for entry in validator.error_log:
        line = entry.line if entry.line and entry.line > 0 else tree.getroot().sourceline or 1
        if line not in reported:
            message = entry.message if len(entry.message) <= 160 else entry.message[:160] + "..."
            problems.append(Problem(file, line, f"schema: {message}"))
            reported.add(line)


def is_old_format(root) -> bool:
    """SLAMBidding's 2009 format: a convention that writes `<parent>` or includes with
    `<subconvention>` (ours derive parents and write `<convention name=.../>`); a system of
    nothing but `<name>`s and conventions named as text (`<convention>Stayman</convention>`)."""
    if root.tag == "convention":
        return root.find("parent") is not None or \
            next(root.iter("subconvention"), None) is not None
    children = [child for child in root if isinstance(child.tag, str)]
    listings = [child for child in children if child.tag == "convention"]
    return bool(listings) and all(child.tag == "name" for child in children
                                  if child.tag != "convention") \
        and all(not child.attrib and (child.text or "").strip() for child in listings)


class _Reader:
    """Walks one document, building specs and collecting located problems. In a file of
    the 2009 format, what SLAMBidding ignored (unknown attributes) is a warning."""

    def __init__(self, file: str, problems: list[Problem], old_format: bool) -> None:
        self.file = file
        self.problems = problems
        self.old_format = old_format
        self.ignored: list[tuple] = []     # (element, attribute) warned about and ignored

    # -- helpers ---------------------------------------------------------------------------
    def error(self, element, message: str) -> None:
        """A problem at `element`; a message of another module's error, which may quote a
        long text, is cut."""
        if len(message) > _LONGEST_MESSAGE:
            message = message[:_LONGEST_MESSAGE] + "..."
        self.problems.append(Problem(self.file, element.sourceline or 1, message))

    def source(self, element) -> Source:
        return Source(self.file, element.sourceline or 1)

    def attributes(self, element, allowed: tuple[str, ...]) -> dict[str, str]:
        for name in element.attrib:
            if name not in allowed:
                hint = f"; allowed: {', '.join(allowed)}" if allowed else ""
                message = f"unknown attribute {excerpt(name)} on <{element.tag}>{hint}"
                if self.old_format:
                    self.problems.append(Problem(self.file, element.sourceline or 1,
                                                 message + " (ignored, as SLAMBidding did)",
                                                 warning=True))
                    self.ignored.append((element, name))
                else:
                    self.error(element, message)
        return {k: v for k, v in element.attrib.items() if k in allowed}

    def elements(self, element):
        """The child elements of a container, reporting any stray text among them."""
        texts = [element.text] + [child.tail for child in element]
        stray = next((t.strip() for t in texts if t and t.strip()), None)
        if stray:
            self.error(element, f"unexpected text {excerpt(stray, 30)} in <{element.tag}>: "
                                f"only elements belong here")
        return [child for child in element if isinstance(child.tag, str)]

    def text_of(self, element) -> str:
        text = " ".join((element.text or "").split())
        if not text:
            self.error(element, f"<{element.tag}> is empty")
        return text

    def number(self, element, name: str, low: int, high: int, halves: bool = False) -> int | None:
        """An attribute as a whole number (or, with halves, doubled), within [low, high]."""
        text = element.get(name)
        if text is None:
            return None
        try:
            value = float(text.strip()) if halves else int(text.strip())
        except ValueError:
            kind = "a number like 1.5" if halves else "a whole number"
            self.error(element, f"<{element.tag}> {name}={excerpt(text)} is not {kind}")
            return None
        if halves and (value * 2) != int(value * 2):
            self.error(element, f"<{element.tag}> {name}={excerpt(text)}: use whole or half numbers")
            return None
        if not low <= value <= high:
            self.error(element, f"<{element.tag}> {name}={excerpt(text)} is outside {low}..{high}")
            return None
        return int(value * 2) if halves else int(value)

    def pair(self, element, low_name: str, high_name: str, low: int, high: int,
             halves: bool = False) -> tuple[int | None, int | None]:
        lo = self.number(element, low_name, low, high, halves)
        hi = self.number(element, high_name, low, high, halves)
        if lo is not None and hi is not None and lo > hi:
            self.error(element, f"<{element.tag}> {low_name}={element.get(low_name)} is more "
                                f"than {high_name}={element.get(high_name)}: no hand can fit")
        return lo, hi

    def flag(self, element, name: str, default: bool | None) -> bool | None:
        text = element.get(name)
        if text is None:
            return default
        key = text.strip().lower()
        if key in _TRUE:
            return True
        if key in _FALSE:
            return False
        self.error(element, f"<{element.tag}> {name}={excerpt(text)}: use yes or no")
        return default

    def suit_ref(self, element, name: str, default: str | None = None) -> SuitRef | None:
        text = element.get(name, default)
        if text is None:
            self.error(element, f"<{element.tag}> needs a {name}= attribute (a suit reference)")
            return None
        try:
            return SuitRef.parse(text)
        except SuitReferenceError as error:
            self.error(element, f"<{element.tag}> {name}=: {error}")
            return None

    def seats(self, element, name: str) -> frozenset[int] | None:
        text = element.get(name)
        if text is None:
            return None
        digits = text.replace(",", "").replace(" ", "")
        if not digits or any(ch not in "1234" for ch in digits):
            self.error(element, f"<{element.tag}> {name}={excerpt(text)}: use seat digits 1-4, "
                                f"e.g. 123")
            return None
        return frozenset(int(ch) for ch in digits)

    # -- conventions -----------------------------------------------------------------------
    def convention(self, root) -> Convention | None:
        self.attributes(root, ())
        names, parents, description, actions = [], [], None, None
        for child in self.elements(root):
            self.attributes(child, ())
            if child.tag == "name":
                names.append(self.text_of(child))
            elif child.tag == "parent":
                parents.append(self.text_of(child))
            elif child.tag == "description":
                if description is not None:
                    self.error(child, "more than one <description>")
                description = " ".join((child.text or "").split())
            elif child.tag == "actions":
                if actions is not None:
                    self.error(child, "more than one <actions>")
                actions = self.action_list(child)
            else:
                self.error(child, f"unknown element <{child.tag}> in <convention>; expected "
                                  f"name, parent, description, actions")
        if not [n for n in names if n]:
            self.error(root, "a convention needs at least one <name>")
        if actions is None:
            self.error(root, "a convention needs <actions>")
        return Convention([n for n in names if n], [p for p in parents if p], description,
                          actions or (), self.source(root), self.old_format)

    def action_list(self, parent) -> tuple[ActionSpec | Inclusion, ...]:
        items: list[ActionSpec | Inclusion] = []
        for child in self.elements(parent):
            if child.tag in ACTION_KINDS:
                action = self.action(child)
                if action is not None:
                    items.append(action)
            elif child.tag in INCLUDE_TAGS:
                inclusion = self.inclusion(child)
                if inclusion is not None:
                    items.append(inclusion)
            elif child.tag != "handtypes" or parent.tag == "actions":
                self.error(child, f"unknown element <{child.tag}> in <{parent.tag}>; expected an "
                                  f"action ({', '.join(ACTION_KINDS)}) or <convention name=.../>")
        return tuple(items)

    def inclusion(self, element) -> Inclusion | None:
        self.attributes(element, ("name",))
        conditions = [child for child in element if isinstance(child.tag, str)]
        name = (element.get("name") or ("" if conditions else element.text) or "").strip()
        when = None
        for child in conditions:
            if child.tag != "when" or when is not None:
                self.error(child, f"unexpected <{child.tag}> in <{element.tag}>: an inclusion "
                                  f"holds at most one <when> (the hands that take its actions)")
                continue
            when = self.hand_type(child)
        if not name:
            self.error(element, f"<{element.tag}> needs name=\"...\" (the convention to include)")
            return None
        return Inclusion(name, self.source(element), when)

    def action(self, element) -> ActionSpec | None:
        attrs = self.attributes(element, ("bid", "over", "seats", "levels", "meaning", "alert",
                                          "forcing", "forcingpass", "shows"))
        call = None
        if "bid" not in attrs:
            self.error(element, f"<{element.tag}> needs bid=\"...\" (the call it makes)")
        else:
            try:
                call = CallTemplate.parse(attrs["bid"])
            except CallTemplateError as error:
                self.error(element, str(error))
        default_over = "bid" if element.tag in ("overcall", "double", "balance") else "PASS"
        try:
            over = parse_over(attrs.get("over", default_over))
        except OverError as error:
            self.error(element, str(error))
            over = frozenset()
        forcing = attrs.get("forcing", "no").strip().lower()
        if forcing in _TRUE:
            forcing = "yes"
        elif forcing in _FALSE:
            forcing = "no"
        if forcing not in FORCING_VALUES:
            self.error(element,
                       f"forcing={excerpt(attrs['forcing'])}: use no, yes (or 1) or game")
        forcing_pass = bool(self.flag(element, "forcingpass", False))
        if forcing_pass:
            if call is not None and call.call is not PASS:
                self.error(element, f"forcingpass= is for a pass (bid=\"PASS\"), not "
                                    f"{call.text!r}")
            elif forcing == "no":
                forcing = "yes"         # partner may not pass a forcing pass out
        handtypes_elements = [c for c in element if c.tag == "handtypes"]
        if len(handtypes_elements) > 1:
            self.error(handtypes_elements[1], f"<{element.tag}> has more than one <handtypes>")
        handtypes = self.handtypes(handtypes_elements[0]) if handtypes_elements else None
        children = self.action_list(element)
        levels = self.levels(element, call)
        if call is None:
            return None
        return ActionSpec(element.tag, call, over, self.seats(element, "seats"), handtypes,
                          children, self.source(element), attrs.get("meaning"),
                          bool(self.flag(element, "alert", False)), forcing,
                          self.shows(element, attrs.get("shows")), attrs.get("over"), levels,
                          forcing_pass)

    def levels(self, element, call: CallTemplate | None) -> frozenset[int] | None:
        """`levels="12"`: the levels the resolved bid may have."""
        text = element.get("levels")
        if text is None:
            return None
        digits = text.replace(",", "").replace(" ", "")
        if not digits or any(ch not in "1234567" for ch in digits):
            self.error(element, f"levels={excerpt(text)}: use level digits 1-7, e.g. 12")
            return None
        levels = frozenset(int(ch) for ch in digits)
        fixed = call.call if call is not None else None
        if fixed is not None and not (fixed.is_bid and fixed.level in levels):
            self.error(element, f"levels={excerpt(text)} excludes the call {fixed}: the action "
                                f"would never apply (levels= is for relative bids such as new)")
        return levels

    def shows(self, element, text: str | None) -> tuple[SuitRef, ...] | None:
        if text is None:
            return None
        if text.strip().lower() == "none":
            return ()
        refs = []
        for word in text.split(","):
            try:
                refs.append(SuitRef.parse(word))
            except SuitReferenceError as error:
                self.error(element, f"shows=: {error}")
        return tuple(refs)

    def handtypes(self, element) -> tuple[HandType, ...]:
        self.attributes(element, ())
        types = []
        for child in self.elements(element):
            if child.tag != "type":
                self.error(child, f"unknown element <{child.tag}> in <handtypes>; expected <type>")
                continue
            types.append(self.hand_type(child))
        return tuple(types)

    def hand_type(self, element) -> HandType:
        """A `<type>` (or an inclusion's `<when>`): the conjunction of its elements."""
        self.attributes(element, ())
        constraints = [c for c in (self.constraint(e) for e in self.elements(element)) if c]
        return HandType(tuple(constraints), element.sourceline or 0)

    # -- hand type elements ----------------------------------------------------------------
    def constraint(self, element) -> Constraint | None:
        tag = element.tag
        line = element.sourceline or 0
        reader = _CONSTRAINT_READERS.get(tag)
        if reader is None:
            self.error(element, f"unknown element <{tag}> in <{element.getparent().tag}>; "
                                f"expected one of {', '.join(_CONSTRAINT_READERS)}")
            return None
        allowed, build = reader
        self.attributes(element, allowed)
        if tag != "condition" and len(element):
            self.error(element, f"<{tag}> takes no content")
        return build(self, element, line)

    def figure(self, element, line: int, figure: str, high: int, halves: bool = False):
        low_value, high_value = self.pair(element, "min", "max", 0, high, halves)
        return FigureRange(line, figure, low_value, high_value)

    def holding(self, element, line: int, ref: SuitRef | None, allow_any: bool):
        if ref is None:
            return None
        low, high = self.pair(element, "min", "max", 0, 13)
        honours = self.pair(element, "honorsmin", "honorsmax", 0, 5)
        controls = self.pair(element, "controlsmin", "controlsmax", 0, 3)
        any_of = bool(self.flag(element, "any", False)) if allow_any else False
        kind = self.choice(element, "kind", tuple(SUIT_KINDS), None) if allow_any else None
        if kind is not None and ref.is_fixed and \
                ref.candidates(None, None)[0] not in SUIT_KINDS[kind]:
            self.error(element, f"<{element.tag}> ref={excerpt(ref.word)} is never a {kind}")
            return None
        return SuitHolding(line, ref, low, high, honours, controls, any_of, kind)

    def choice(self, element, name: str, values: tuple[str, ...], default: str | None):
        """An attribute that takes one of a few words (any case)."""
        text = element.get(name)
        if text is None:
            return default
        word = text.strip().lower()
        if word not in values:
            self.error(element, f"<{element.tag}> {name}={excerpt(text)}: use {', '.join(values)}")
            return default
        return word

    def combined(self, element, line: int):
        low, high = self.pair(element, "min", "max", 0, 40)
        count = self.choice(element, "count", ("hcp", "points", "support"), "hcp")
        use = self.choice(element, "use", ("min", "max"), "min")
        vulnerable_low = self.number(element, "vulmin", 0, 40)
        if vulnerable_low is not None and low is None:
            self.error(element, "<combined> vulmin= lowers min= when we are vulnerable: "
                                "give min= too")
        ref = None
        if count == "support":
            ref = self.suit_ref(element, "suit", "partner")
            if ref is None:
                return None
        elif element.get("suit") is not None:
            self.error(element, "<combined> suit= goes with count=\"support\" (support points "
                                "for that suit)")
        return Combined(line, low, high, count, ref, use, vulnerable_low)

    def own_range(self, element, line: int):
        """`<myrange top="1"/>`: the top (or bottom) N HCP of my own shown range."""
        given = [(end, self.number(element, end, 1, 40)) for end in RANGE_ENDS
                 if element.get(end) is not None]
        if len(given) != 1:
            self.error(element, "<myrange> needs one of top=\"N\" or bottom=\"N\" (the top or "
                                "bottom N HCP of the range I have shown)")
            return None
        end, width = given[0]
        return None if width is None else OwnRange(line, end, width)

    def fit(self, element, line: int):
        ref = self.suit_ref(element, "suit", "partner")
        low, high = self.pair(element, "min", "max", 0, 26)
        if low is None and high is None:
            self.error(element, "<fit> needs min= or max= (cards in the suit together)")
            return None
        return None if ref is None else Fit(line, ref, low, high,
                                            bool(self.flag(element, "any", False)))

    def partner(self, element, line: int):
        """`<partner hcpmin= suit= min= stopper=.../>`: what partner has shown."""
        ref = None
        if element.get("suit") is not None:
            ref = self.suit_ref(element, "suit")
            if ref is None:
                return None
        length = self.pair(element, "min", "max", 0, 13)
        stopper = self.flag(element, "stopper", None)
        if ref is None and (length != (None, None) or stopper is not None):
            self.error(element, "<partner> min=, max= and stopper= need suit=\"...\"")
            return None
        shown = PartnerShown(line, ref, self.pair(element, "hcpmin", "hcpmax", 0, 40),
                             self.pair(element, "pointsmin", "pointsmax", 0, 60), length,
                             self.flag(element, "balanced", None), stopper)
        if shown == PartnerShown(line, ref):
            self.error(element, "<partner> tests nothing: give hcpmin/hcpmax, pointsmin/"
                                "pointsmax, suit with min/max or stopper, or balanced")
            return None
        return shown

    def shown(self, element, line: int):
        side = self.choice(element, "side", SIDES, None)
        if side is None:
            if element.get("side") is None:
                self.error(element, f"<shown> needs side=\"...\" ({', '.join(SIDES)})")
            return None
        low, high = self.pair(element, "min", "max", 0, 4)
        return ShownSuits(line, side, low, high)

    def last_bid(self, element, line: int):
        by = self.choice(element, "by", tuple(LAST_BIDDERS), None)
        low, high = self.bid_attribute(element, "min"), self.bid_attribute(element, "max")
        if low is not None and high is not None and low > high:
            self.error(element, f"<{element.tag}> min={element.get('min')} is higher than "
                                f"max={element.get('max')}: no auction can fit")
        return LastBid(line, by, low, high)

    def bid_attribute(self, element, name: str) -> int | None:
        """An attribute naming a bid (1C..7NT), as its Call index."""
        text = element.get(name)
        if text is None:
            return None
        try:
            call = Call.parse(text.strip())
        except CallError:
            call = None
        if call is None or not call.is_bid:
            self.error(element, f"<{element.tag}> {name}={excerpt(text)} is not a bid "
                                f"(1C..7NT)")
            return None
        return call.index

    def condition(self, element, line: int):
        text = " ".join((element.text or "").split())
        if not text:
            self.error(element, "<condition> is empty: write a dealer expression such as hcp >= 15")
            return None
        compiled = compiled_condition(text)
        if isinstance(compiled, str):
            self.error(element, compiled)
            return None
        predicate, description = compiled
        return Condition(line, text, predicate, description)

    # -- systems ---------------------------------------------------------------------------
    def system(self, root) -> SystemSpec:
        self.attributes(root, ())
        names, bases, listings, offs, replaces = [], [], [], [], []
        description = fallback = None
        for child in self.elements(root):
            tag = child.tag
            if tag == "name":
                self.attributes(child, ())
                names.append(self.text_of(child))
            elif tag == "description":
                self.attributes(child, ())
                description = " ".join((child.text or "").split())
            elif tag == "convention":
                listing = self.listing(child)
                if listing:
                    listings.append(listing)
            elif tag in ("base", "off", "fallback"):
                self.attributes(child, ("name",))
                name = (child.get("name") or child.text or "").strip()
                if not name:
                    self.error(child, f"<{tag}> needs name=\"...\"")
                    continue
                entry = (name, self.source(child))
                if tag == "base":
                    bases.append(entry)
                elif tag == "off":
                    offs.append(entry)
                elif fallback is not None:
                    self.error(child, "more than one <fallback>")
                else:
                    fallback = entry
            elif tag == "replace":
                attrs = self.attributes(child, ("name", "by"))
                if not attrs.get("name", "").strip() or not attrs.get("by", "").strip():
                    self.error(child, "<replace> needs name=\"...\" and by=\"...\"")
                    continue
                replaces.append((attrs["name"].strip(), attrs["by"].strip(), self.source(child)))
            else:
                self.error(child, f"unknown element <{tag}> in <system>; expected name, "
                                  f"description, base, convention, off, replace, fallback")
        if not [n for n in names if n]:
            self.error(root, "a system needs at least one <name>")
        return SystemSpec([n for n in names if n], description, bases, listings, offs, replaces,
                          fallback, self.source(root))


    def listing(self, element) -> Listing | None:
        self.attributes(element, ("name",))
        name = (element.get("name") or "").strip()
        text = " ".join((element.text or "").split())
        if not name:
            name = text
        elif text:
            self.error(element, "<convention> has both name= and text; use one")
        for child in (c for c in element if isinstance(c.tag, str)):
            self.error(child, f"<{child.tag}> inside a system's <convention>: a system lists "
                              f"its root conventions flat; what a convention includes is "
                              f"written in the convention")
        if not name:
            self.error(element, "<convention> needs a name: <convention>Stayman</convention> "
                                "or <convention name=\"Stayman\"/>")
            return None
        return Listing(name, self.source(element), self.old_format)


PROBE_HANDS = tuple(Hand.parse(text) for text in (
    "AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432",
    "5432.5432.5432.2", "AKQ.AKQ.AKQ.AKQJ", "KJ72.Q984.52.A73"))
"""Hands every `condition` is tried on when it is loaded: one-suiters (voids), a yarborough,
the strongest hand and an ordinary one. A condition that fails on one of them (dividing by a
length that can be zero, say) is an error in the file."""


@lru_cache(maxsize=None)
def compiled_condition(text: str) -> tuple[Callable, str] | str:
    """The dealer module's predicate for a `condition` text and its description, or the
    message saying why there is none. Compiled (and tried on PROBE_HANDS) once per process:
    libraries are loaded repeatedly and rules share conditions."""
    compile_hand_condition = _dealer_compiler()
    if compile_hand_condition is None:
        return ("<condition> needs the dealer module (dealer.compile_hand_condition), which "
                "is not available")
    try:
        compiled = compile_hand_condition(text, "<condition>")
    except ValueError as error:
        return str(error)
    except RecursionError:
        return f"<condition> {excerpt(text)} is nested too deeply for the dealer module"
    except Exception as error:  # noqa: BLE001 - a dealer bug must not hide the file and line
        return (f"<condition> {excerpt(text)} could not be compiled: an internal error of the "
                f"dealer module ({type(error).__name__}: {error})")
    for hand in PROBE_HANDS:
        try:
            compiled(hand)
        except RecursionError:
            return f"<condition> {excerpt(text)} is nested too deeply to evaluate"
        except Exception as error:  # noqa: BLE001 - reported with the file and line
            return (f"<condition> {excerpt(text)} fails on the hand {hand}: {error}; guard it, "
                    f"e.g. `spades > 0 and hcp / spades >= 3`")
    return compiled, getattr(compiled, "describe", lambda: text)()


def _dealer_compiler():
    """The dealer module's compiler of one-hand conditions, or None if it is missing."""
    try:
        from dealer import compile_hand_condition
    except ImportError:
        try:
            from dealer.compile import compile_hand_condition
        except ImportError:
            return None
    return compile_hand_condition


_HOLDING_ATTRIBUTES = ("min", "max", "honorsmin", "honorsmax", "controlsmin", "controlsmax")
_CONSTRAINT_READERS = {
    "HCP": (("min", "max"), lambda r, e, n: r.figure(e, n, "hcp", 40)),
    "hcp": (("min", "max"), lambda r, e, n: r.figure(e, n, "hcp", 40)),
    "points": (("min", "max"), lambda r, e, n: r.figure(e, n, "points", 60)),
    "losers": (("min", "max"), lambda r, e, n: r.figure(e, n, "losers", 13)),
    "quicktricks": (("min", "max"), lambda r, e, n: r.figure(e, n, "quicktricks", 10, True)),
    "controls": (("min", "max"), lambda r, e, n: r.figure(e, n, "controls", 12)),
    "support": (("min", "max", "suit", "singletons"), lambda r, e, n: _support(r, e, n)),
    "spades": (_HOLDING_ATTRIBUTES, lambda r, e, n: r.holding(e, n, SuitRef("s"), False)),
    "hearts": (_HOLDING_ATTRIBUTES, lambda r, e, n: r.holding(e, n, SuitRef("h"), False)),
    "diamonds": (_HOLDING_ATTRIBUTES, lambda r, e, n: r.holding(e, n, SuitRef("d"), False)),
    "clubs": (_HOLDING_ATTRIBUTES, lambda r, e, n: r.holding(e, n, SuitRef("c"), False)),
    "suit": (("ref", "any", "kind") + _HOLDING_ATTRIBUTES,
             lambda r, e, n: r.holding(e, n, r.suit_ref(e, "ref"), True)),
    "balanced": ((), lambda r, e, n: ShapeTest(n, "balanced")),
    "semibalanced": ((), lambda r, e, n: ShapeTest(n, "semibalanced")),
    "unbalanced": ((), lambda r, e, n: ShapeTest(n, "unbalanced")),
    "ruleof20": ((), lambda r, e, n: ShapeTest(n, "ruleof20")),
    "ruleof15": ((), lambda r, e, n: ShapeTest(n, "ruleof15")),
    "longest": (("suit",), lambda r, e, n: _with_ref(r, e, "suit", lambda ref: Longest(n, ref))),
    "stopper": (("suit", "half", "any"), lambda r, e, n: _with_ref(
        r, e, "suit", lambda ref: Stopper(n, ref, bool(r.flag(e, "half", False)),
                                          bool(r.flag(e, "any", False))))),
    "vul": (("we", "they"), lambda r, e, n: Vulnerable(n, r.flag(e, "we", None),
                                                       r.flag(e, "they", None))),
    "seat": (("in",), lambda r, e, n: _seat(r, e, n)),
    "passedhand": (("value",), lambda r, e, n: PassedHand(n, bool(r.flag(e, "value", True)))),
    "combined": (("min", "max", "count", "suit", "use", "vulmin"),
                 lambda r, e, n: r.combined(e, n)),
    "partnerhcp": (("min", "max"), lambda r, e, n: PartnerHcp(n, *r.pair(e, "min", "max", 0, 40))),
    "fit": (("suit", "min", "max", "any"), lambda r, e, n: r.fit(e, n)),
    "myrange": (RANGE_ENDS, lambda r, e, n: r.own_range(e, n)),
    "forced": (("value",), lambda r, e, n: Forced(n, bool(r.flag(e, "value", True)))),
    "shown": (("side", "min", "max"), lambda r, e, n: r.shown(e, n)),
    "lastbid": (("by", "min", "max"), lambda r, e, n: r.last_bid(e, n)),
    "partner": (("hcpmin", "hcpmax", "pointsmin", "pointsmax", "suit", "min", "max", "balanced",
                 "stopper"), lambda r, e, n: r.partner(e, n)),
    "condition": ((), lambda r, e, n: r.condition(e, n)),
}


def _support(reader: _Reader, element, line: int):
    ref = reader.suit_ref(element, "suit", "partner")
    low, high = reader.pair(element, "min", "max", 0, 60)
    singletons = reader.choice(element, "singletons", ("count", "shortness"), "count")
    return None if ref is None else Support(line, ref, low, high, singletons == "shortness")


def _with_ref(reader: _Reader, element, name: str, build):
    ref = reader.suit_ref(element, name)
    return None if ref is None else build(ref)


def _seat(reader: _Reader, element, line: int):
    if element.get("in") is None:
        reader.error(element, "<seat> needs in=\"...\" (seat digits 1-4, e.g. 34)")
        return None
    seats = reader.seats(element, "in")
    return None if seats is None else SeatIn(line, seats)


def write_checked(path: Path, text: bytes) -> None:
    """Replace `path` with `text` atomically, keeping the old file as FILE.bak, only if the
    written file parses without errors (they are reported against `path`): a file the user
    authored is never replaced by an invalid one."""
    def check(temporary: Path) -> None:
        _, problems = parse_file(temporary)
        errors = [p.moved(str(temporary), str(path)) for p in problems if not p.warning]
        if errors:
            raise ConventionError(errors)

    atomic_write(path, text, check=check, backup=True)
