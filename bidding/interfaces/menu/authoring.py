"""Listing, showing, creating and editing conventions and systems from the menu.

The editors work on drafts (bidding.engine.drafts) that stay valid after every change; a change
the engine would refuse is shown with its reason and not made. Ctrl-C in a question of an
editor returns to the editor; at the editor's own prompt it leaves for the menu and keeps the
unsaved draft, which opening the same file again resumes.
"""
from __future__ import annotations

from pathlib import Path

from prompt_toolkit.completion import WordCompleter

from bidding.engine.authoring import (convention_role, convention_tree, list_conventions,
                                      list_systems, system_summary)
from bidding.engine.library import REPO_ROOT
from bidding.engine.xmlreader import ACTION_KINDS, ConventionError, canonical
from bidding.model.cards import SUIT_NAMES
from bidding.model.errors import BridgeError
from bidding.interfaces.menu.deals import RANGE_HELP, parse_range
from bidding.engine.drafts import (ConventionDraft, Draft, SystemDraft, convention_path, file_name_for,
                          hand_type_element, listing_name, name_taken, staged_problems,
                          system_path)
from bidding.interfaces.menu.terminal import AnswerError
from bidding.interfaces.menu.session import MenuSession
from bidding.engine.rules import CallTemplate, CallTemplateError, OverError, parse_over


SHAPE_WORDS = ("balanced", "semibalanced", "unbalanced")
ROOT_KIND_HELP = {"open": "starts a sequence when nobody has bid yet",
                  "overcall": "starts a sequence in the direct seat after their opening",
                  "double": "a double in the direct seat after their opening",
                  "balance": "starts a sequence in the pass-out seat"}
CALL_HELP = ("The call: PASS, X, XX, 1C ... 7NT, or a relative form: raise(1), "
             "cheapest(unbid), jump(S), cue, new, 4(agreed) ... (docs/convention-format.md).")
OVER_HELP = ("What the right-hand opponent called just before: PASS (the default), X, a bid "
             "such as 1H, all (any call), bid (any bid), 1suit, major, 1C-2S, or a comma list.")
CONDITION_HELP = ("Anything else about the hand in dealer's language, compass left out: "
                  "losers <= 7, controls >= 3, hascard(AS), shape(any 5431)... Enter: none.")


# --- listing and showing ---------------------------------------------------------------------
def view_conventions(menu: MenuSession) -> None:
    conventions = list_conventions(menu.library)
    if not conventions:
        menu.terminal.say("No conventions yet: n creates one.")
        return
    lines = ["Conventions:"]
    for convention in conventions:
        role = convention_role(convention, menu.library)
        lines.append(f"  {convention.name} ({role}) -- {short_path(convention.source.file)}")
    listing = _show_list(menu, lines, f"{len(conventions)} conventions")
    name = menu.terminal.ask_name("Show which convention?", menu.convention_names(),
                                  topic="convention", optional=True, help=listing)
    if name:
        menu.terminal.page(convention_tree(name, menu.library))


def view_systems(menu: MenuSession) -> None:
    systems = list_systems(menu.library)
    if not systems:
        menu.terminal.say("No systems yet: y creates one.")
        return
    lines = ["Systems:"]
    for spec in systems:
        aliases = f" (also {', '.join(spec.names[1:])})" if len(spec.names) > 1 else ""
        lines.append(f"  {spec.name}{aliases} -- {short_path(spec.source.file)}")
    listing = _show_list(menu, lines, f"{len(systems)} systems")
    name = menu.terminal.ask_name("Show which system?", menu.system_names(), topic="system",
                                  optional=True, help=listing)
    if name:
        depth = menu.terminal.ask_int("Levels of actions to show", 1, 20, default=1)
        menu.terminal.page(system_summary(name, menu.library, depth=depth))


def _show_list(menu: MenuSession, lines: list[str], count: str) -> str:
    """Print a list asked about next when it fits on the screen (a pager would take it away
    before the question); a longer one is only counted, for ? to page through while Tab
    completes the names. The list as text, for the question's help."""
    listing = "\n".join(lines)
    if menu.terminal.fits(listing):
        menu.terminal.say(listing)
    else:
        menu.terminal.say(f"{count}: type a name (Tab completes it), or ? to page through the "
                          f"list.")
    return listing


def short_path(file: str) -> str:
    """A file's path relative to the repository or the home directory when inside them."""
    path = Path(file).resolve()
    for base, shown in ((REPO_ROOT, ""), (Path.home(), "~/")):
        if base in path.parents:
            return shown + str(path.relative_to(base))
    return str(path)


# --- creating ---------------------------------------------------------------------------------
def _new_name(menu: MenuSession, kind: str):
    def parse(answer: str) -> str:
        name = " ".join(answer.split())
        if not name:
            raise AnswerError(f"the {kind} needs a name")
        if name_taken(menu.library, name):
            raise AnswerError(f"the name {name!r} is already used by a convention or system")
        return name
    return parse


def _name_list(answer: str) -> list[str]:
    if answer.strip() == "-":
        return []
    return [" ".join(part.split()) for part in answer.split(",") if part.strip()]


def new_convention(menu: MenuSession) -> None:
    terminal = menu.terminal
    name = terminal.ask("Name of the new convention:", _new_name(menu, "convention"),
                        topic="convention name", help="A name not used by any other "
                                                      "convention, e.g. Weak twos.")
    parents = terminal.ask(
        "Conventions that include it, comma-separated (Enter: none, it starts sequences):",
        _name_list, topic="convention", help="A sub-convention (such as Stayman inside a 1NT "
        "opening) names the conventions that include it. Leave empty for a convention whose "
        "actions start sequences (openings, overcalls).",
        completer=WordCompleter(menu.convention_names(), ignore_case=True, sentence=True))
    description = terminal.ask("One-line description (Enter: none):", topic="description")
    path = file_name_for(name, ConventionDraft.suffix, menu.user_directory)
    draft = ConventionDraft.create(path, [name], parents, description or None)
    terminal.note(f"It will be saved as {draft.path}. Type `add` for its first action.")
    ConventionEditor(menu, draft).run()


def new_system(menu: MenuSession) -> None:
    terminal = menu.terminal
    name = terminal.ask("Name of the new system:", _new_name(menu, "system"),
                        topic="system name", help="A name not used by any other system.")
    description = terminal.ask("One-line description (Enter: none):", topic="description")
    path = file_name_for(name, SystemDraft.suffix, menu.user_directory)
    draft = SystemDraft.create(path, [name], description or None)
    terminal.note(f"It will be saved as {draft.path}. Type `add` to list its conventions.")
    editor = SystemEditor(menu, draft)
    editor.add_listing()
    editor.run()


# --- opening for editing ----------------------------------------------------------------------
def _open_draft(menu: MenuSession, path: Path, kind: type[Draft]) -> Draft | None:
    """The draft of `path`: unsaved changes from before, or the file (repository files only
    after the user says so)."""
    kept = menu.unsaved_drafts.pop(path.resolve(), None)
    if kept is not None:
        if menu.terminal.confirm(f"You left unsaved changes to {path}. Resume them?", True):
            return kept
    user_dir = menu.user_directory.resolve()
    if user_dir not in path.resolve().parents and REPO_ROOT in path.resolve().parents:
        if not menu.terminal.confirm(f"{path} belongs to the repository. Edit it in place "
                                     f"(the old version is kept as .bak)?"):
            return None
    return kind.load(path)


def modify_convention(menu: MenuSession) -> None:
    name = menu.terminal.ask_name("Modify which convention?", menu.convention_names(),
                                  topic="convention")
    draft = _open_draft(menu, convention_path(menu.library, name), ConventionDraft)
    if draft is not None:
        ConventionEditor(menu, draft).run()


def modify_system(menu: MenuSession) -> None:
    name = menu.terminal.ask_name("Modify which system?", menu.system_names(), topic="system")
    draft = _open_draft(menu, system_path(menu.library, name), SystemDraft)
    if draft is not None:
        SystemEditor(menu, draft).run()


# --- editors ----------------------------------------------------------------------------------
SHARED_EDITOR_COMMANDS = {
    "xml": ("xml", "xml | x           the XML as it will be written"),
    "x": ("xml", ""),
    "save": ("save", "save | s          check everything and write (old file kept as .bak)"),
    "s": ("save", ""),
    "quit": ("quit", "quit | q          leave the editor"),
    "q": ("quit", ""),
}


class Editor:
    """The loop shared by both editors: numbered tree, commands, save, leave."""

    commands: dict[str, tuple[str, str]] = {}   # word -> (command, help line)

    def __init__(self, menu: MenuSession, draft: Draft) -> None:
        self.menu = menu
        self.terminal = menu.terminal
        self.draft = draft

    @property
    def help(self) -> str:
        seen = {}
        for word, (command, line) in self.commands.items():
            seen.setdefault(command, (word, line))
        return "Editor commands (N is a number from the tree):\n" + "\n".join(
            f"  {line}" for _, line in seen.values())

    def title(self) -> str:
        return self.draft.path.name

    def show(self) -> None:
        lines = self.draft.described_tree()
        self.terminal.say(f"{self.title()}{' (unsaved changes)' if self.draft.changed else ''}"
                          + "".join(f"\n  {line}" for line in lines)
                          + ("" if lines else "\n  (nothing yet: type add)"))

    def _parse(self, answer: str) -> tuple[str, str]:
        head, _, rest = answer.partition(" ")
        if not head:
            raise AnswerError("type a command, or ? for the list")
        found = self.commands.get(head.casefold())
        if found is None:
            raise AnswerError(f"unknown editor command {head!r}: ? lists them")
        return found[0], rest.strip()

    def run(self) -> None:
        self.show()
        words = {word: line.split("  ")[-1].strip() for word, (_, line) in self.commands.items()}
        completer = WordCompleter(list(words), meta_dict=words, ignore_case=True)
        while True:
            try:
                command, argument = self.terminal.ask(f"edit {self.title()}>", self._parse,
                                                      completer=completer, topic="editor",
                                                      help=self.help)
            except (KeyboardInterrupt, EOFError):
                if self.draft.changed:
                    self.menu.unsaved_drafts[self.draft.path.resolve()] = self.draft
                    self.terminal.note("Unsaved changes kept: open the same file again to "
                                       "resume them.")
                raise
            if command == "quit":
                if not self.draft.changed or self.terminal.confirm(
                        "Leave without saving your changes?"):
                    return
                continue
            try:
                self.perform(command, argument)
            except KeyboardInterrupt:
                self.terminal.note("(cancelled)")
            except BridgeError as error:
                self.terminal.error(str(error))

    def perform(self, command: str, argument: str) -> None:
        if command == "show":
            self.show()
        elif command == "delete":
            self.draft.remove(self._number(argument))
            self.show()
        elif command in ("up", "down"):
            self.draft.move(self._number(argument), -1 if command == "up" else 1)
            self.show()
        elif command == "about":
            self.edit_about()
        elif command == "xml":
            self.terminal.page(self.draft.text().decode("utf-8"))
        elif command == "save":
            self.save()
        else:
            self.perform_own(command, argument)

    def perform_own(self, command: str, argument: str) -> None:
        raise AnswerError(f"unknown editor command {command!r}")

    def _number(self, argument: str) -> str:
        if not argument:
            raise AnswerError("say which one by its number in the tree, e.g. delete 2.1")
        self.draft.find(argument)
        return argument.rstrip(".")

    def _position(self, parent) -> int | None:
        count = len(self.draft.items_of(parent))
        if count == 0:
            return None
        return self.terminal.ask_int(f"Position among the {count} there (1 is tried first)",
                                     1, count + 1, default=count + 1)

    def edit_about(self) -> None:
        root = self.draft.root
        names = [" ".join((e.text or "").split()) for e in root.findall("name")]
        answer = self.terminal.ask("Names, comma-separated:", _name_list, topic="names",
                                   default=", ".join(names),
                                   help="Every name the file is known by; the first is shown.")
        if not answer:
            raise AnswerError("at least one name is needed")
        self.draft.set_names("name", answer)
        if isinstance(self.draft, ConventionDraft):
            parents = [" ".join((e.text or "").split()) for e in root.findall("parent")]
            self.draft.set_names("parent", self.terminal.ask(
                "Included by (parents), comma-separated, - for none:", _name_list,
                topic="convention", default=", ".join(parents) or "-",
                help="Conventions that include this one; none if it starts sequences."))
        element = self.draft.root.find("description")
        current = " ".join((element.text or "").split()) if element is not None else ""
        description = self.terminal.ask("Description (- for none):", topic="description",
                                        default=current)
        self.draft.set_description(None if description == "-" else description)
        self.show()

    def save(self) -> None:
        problems = staged_problems(self.draft.path, self.draft.text(),
                                   self.menu.library.directories)
        errors = [p for p in problems if not p.warning]
        if errors:
            raise ConventionError(errors)
        if problems:
            self.terminal.note("\n".join(str(p) for p in problems))
            if not self.terminal.confirm("Save anyway?"):
                return
        existed = self.draft.path.exists()
        self.draft.write()
        self.menu.library_changed()
        backup = f" (the previous version is in {self.draft.path.name}.bak)" if existed else ""
        self.terminal.say(f"Saved {self.draft.path}{backup}.")


class ConventionEditor(Editor):
    commands = {
        "show": ("show", "show | l          the numbered tree"),
        "l": ("show", ""),
        "add": ("add", "add [N] | a       add an action (after action N: a continuation)"),
        "a": ("add", ""),
        "include": ("include", "include [N] | i   include another convention (under action N)"),
        "i": ("include", ""),
        "delete": ("delete", "delete N | d      remove N with everything under it"),
        "d": ("delete", ""),
        "up": ("up", "up N / down N     move N one place earlier (tried first) / later"),
        "down": ("down", ""),
        "hands": ("hands", "hands N | h       edit the hand types of action N"),
        "h": ("hands", ""),
        "edit": ("edit", "edit N | e        change call, over, seats, meaning, forcing, alert"),
        "e": ("edit", ""),
        "about": ("about", "about             change names, parents and description"),
        **SHARED_EDITOR_COMMANDS,
    }
    draft: ConventionDraft

    def perform_own(self, command: str, argument: str) -> None:
        parent = self._number(argument) if argument else None
        if command == "add":
            self.add_action(parent)
        elif command == "include":
            self.include(parent)
        elif command == "hands":
            self.edit_hands(self._number(argument))
        elif command == "edit":
            self.edit_action(self._number(argument))

    def _container(self, parent: str | None):
        return self.draft.top(self.draft.root) if parent is None else self.draft.find(parent)

    def add_action(self, parent: str | None) -> None:
        terminal = self.terminal
        if parent is not None and not self.draft.is_action(parent):
            raise AnswerError(f"{parent} is an inclusion: continuations go under actions")
        kinds = {kind: ROOT_KIND_HELP.get(kind, "a label shown in explanations")
                 for kind in ACTION_KINDS}
        kind = terminal.choose("Kind of action", kinds, topic="kind",
                               default="open" if parent is None else "respond")
        bid = terminal.ask("Call:", _call_text, topic="call text", help=CALL_HELP)
        over = terminal.ask("Over the opponent's call (Enter: the default):", _over_text,
                            topic="over", help=OVER_HELP)
        seats = ""
        if kind == "open":
            seats = terminal.ask("Seats it may be made in, e.g. 123 (Enter: all):", _seats_text,
                                 topic="seats", help="Digits 1-4: seats counted from the "
                                                     "dealer.")
        meaning = terminal.ask("Meaning, shown in explanations (Enter: none):",
                               topic="meaning")
        position = self._position(self._container(parent))
        hand_type = None
        if terminal.confirm("Describe the hands that make it now (else any hand)?", True):
            hand_type = ask_hand_type(self.menu)
        self.draft.add_action(parent, kind, {"bid": bid, "over": over, "seats": seats,
                                             "meaning": meaning}, position, hand_type)
        self.show()

    def include(self, parent: str | None) -> None:
        name = self.terminal.ask_name("Include which convention?",
                                      self.menu.convention_names(), topic="convention")
        self.draft.include(parent, name, self._position(self._container(parent)))
        self.show()

    def edit_hands(self, number: str) -> None:
        if not self.draft.is_action(number):
            raise AnswerError(f"{number} is an inclusion: it has no hand types")
        while True:
            types = self.draft.hand_types(number)
            action = self.draft.described_tree()
            line = next(text for text in action if text.strip().startswith(f"{number}. "))
            self.terminal.say(line.strip())
            choice = self.terminal.choose(
                "Hand types: (a)dd one, (r)emove one, (n)one: any hand, (d)one", {
                    "a": "add a hand type (the action is taken if ANY type fits)",
                    "r": "remove a hand type by its number in brackets",
                    "n": "no hand types: every hand fits",
                    "d": "back to the editor"}, default="d", topic="hands")
            if choice == "d":
                return
            if choice == "a":
                self.draft.add_hand_type(number, ask_hand_type(self.menu))
            elif choice == "n":
                self.draft.any_hand(number)
            elif not types:
                self.terminal.error("there is no hand type to remove")
            else:
                index = self.terminal.ask_int("Remove hand type", 1, len(types))
                self.draft.remove_hand_type(number, index)

    def edit_action(self, number: str) -> None:
        if not self.draft.is_action(number):
            raise AnswerError(f"{number} is an inclusion: delete it and include another")
        element = self.draft.find(number)
        ask = self.terminal.ask
        values = {
            "bid": ask("Call:", _call_text, topic="call text", help=CALL_HELP,
                       default=element.get("bid", "")),
            "over": ask("Over (- for the default):", _over_text, topic="over", help=OVER_HELP,
                        default=element.get("over", "-")),
            "seats": ask("Seats (- for all):", _seats_text, topic="seats",
                         default=element.get("seats", "-"),
                         help="Digits 1-4: seats counted from the dealer."),
            "meaning": ask("Meaning (- for none):", lambda a: "" if a == "-" else a,
                           topic="meaning", default=element.get("meaning", "-")),
            "forcing": self.terminal.choose("Forcing?", {
                "no": "partner may pass", "yes": "partner may not pass if RHO passes",
                "game": "forcing until game"}, default=element.get("forcing", "no"),
                topic="forcing"),
            "alert": "yes" if self.terminal.confirm(
                "Alert it (conventional)?", element.get("alert", "no") == "yes") else "",
        }
        values["forcing"] = "" if values["forcing"] == "no" else values["forcing"]
        self.draft.set_attributes(number, values)
        self.show()


class SystemEditor(Editor):
    commands = {
        "show": ("show", "show | l          the conventions it plays, in priority order"),
        "l": ("show", ""),
        "add": ("add", "add | a           list another convention it plays"),
        "a": ("add", ""),
        "delete": ("delete", "delete N | d      stop listing convention N"),
        "d": ("delete", ""),
        "up": ("up", "up N / down N     move N earlier (tried first) / later"),
        "down": ("down", ""),
        "fallback": ("fallback", "fallback          set the convention used off the tree"),
        "about": ("about", "about             change names and description"),
        **SHARED_EDITOR_COMMANDS,
    }
    draft: SystemDraft

    def perform_own(self, command: str, argument: str) -> None:
        if command == "add":
            self.add_listing()
            self.show()
        elif command == "fallback":
            name = self.terminal.ask_name("Fallback convention", self.menu.convention_names(),
                                          topic="convention", optional=True)
            self.draft.set_single("fallback", name or None)
            self.show()

    def add_listing(self) -> None:
        """Ask for conventions to list until the answer is empty."""
        listed = {canonical(listing_name(e)) for e in self.draft.items_of(self.draft.root)}
        while True:
            names = [n for n in self.menu.convention_names() if canonical(n) not in listed]
            name = self.terminal.ask_name("Convention it plays", names, topic="convention",
                                          optional=True)
            if not name:
                return
            self.draft.list_convention(name, self._position(self.draft.root))
            listed.add(canonical(name))


# --- questions shared by the editors ------------------------------------------------------------
def _call_text(answer: str) -> str:
    """The call as SLAMBidding wrote it (`2S`, `PASS`, `X`), or a relative form as typed."""
    try:
        template = CallTemplate.parse(answer)
    except CallTemplateError as error:
        raise AnswerError(str(error)) from None
    if template.call is None:
        return answer.strip()
    return "PASS" if template.call.is_pass else str(template.call)


def _over_text(answer: str) -> str:
    if answer in ("", "-"):
        return ""
    try:
        parse_over(answer)
    except OverError as error:
        raise AnswerError(str(error)) from None
    return answer.strip()


def _seats_text(answer: str) -> str:
    if answer in ("", "-"):
        return ""
    digits = answer.replace(",", "").replace(" ", "")
    if any(ch not in "1234" for ch in digits) or len(set(digits)) != len(digits):
        raise AnswerError(f"{answer!r}: seats are digits 1-4, each once, e.g. 123")
    return "".join(sorted(digits))


def _shape_word(answer: str) -> str:
    word = answer.strip().lower()
    if word and word not in SHAPE_WORDS:
        raise AnswerError(f"{answer!r}: use {', '.join(SHAPE_WORDS)}, or Enter for any shape")
    return word


def _hand_condition(answer: str) -> str:
    if answer:
        from dealer import compile_hand_condition
        compile_hand_condition(answer)
    return answer


def ask_hand_type(menu: MenuSession):
    """One `<type>` from questions: HCP, suit lengths, shape and an optional condition."""
    terminal = menu.terminal
    ranges = {"HCP": terminal.ask("HCP:", lambda a: parse_range(a, 0, 37, "HCP"),
                                  help=RANGE_HELP, topic="range")}
    for suit in reversed(SUIT_NAMES):
        ranges[suit] = terminal.ask(f"{suit.title()}:",
                                    lambda a, suit=suit: parse_range(a, 0, 13, suit),
                                    help=RANGE_HELP, topic="range")
    shape = terminal.ask("Shape (balanced, semibalanced, unbalanced; Enter: any):", _shape_word,
                         topic="shape word", completer=WordCompleter(list(SHAPE_WORDS)),
                         help="balanced: 4333 4432 5332; semibalanced adds 5422 6322.")
    condition = terminal.ask("Anything else, in dealer's language (Enter: nothing):",
                             _hand_condition, topic="hand condition", help=CONDITION_HELP)
    return hand_type_element(ranges, shape or None, condition or None)
