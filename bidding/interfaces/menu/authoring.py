"""Listing, showing, creating and editing conventions and systems from the menu.

The editors work on drafts (bidding.engine.drafts) that stay valid after every change; a change
the engine would refuse is shown with its reason and not made. Ctrl-C in a question of an
editor returns to the editor; at the editor's own prompt it leaves for the menu and keeps the
unsaved draft, which opening the same file again resumes.

Every element of a hand type can be written (`hands N`, then `e K`: the type's elements one by
one, from the table ELEMENTS). A shipped system or convention is changed by copying it into
the user's folder under a new name: the copied system still plays the shipped conventions by
name; a copied convention can take the shipped one's place in one of the user's systems
(`<replace>`), so that the shipped systems stay as they are.
"""
from __future__ import annotations

import copy
from pathlib import Path

from lxml import etree
from prompt_toolkit.completion import WordCompleter

from bidding.engine.authoring import (convention_role, convention_tree, list_conventions,
                                      list_systems, system_summary)
from bidding.engine.library import REPO_ROOT
from bidding.engine.xmlreader import ACTION_KINDS, ConventionError, canonical
from bidding.model.cards import SUIT_NAMES
from bidding.model.errors import BridgeError
from bidding.interfaces.menu.deals import RANGE_HELP, parse_range
from bidding.engine.drafts import (ConventionDraft, Draft, SystemDraft, convention_path,
                                   copied_draft, file_name_for, hand_type_element, listing_name,
                                   name_taken, staged_problems, system_path)
from bidding.interfaces.menu.terminal import AnswerError
from bidding.interfaces.menu.session import MenuSession
from bidding.engine.rules import CallTemplate, CallTemplateError, OverError, parse_over


SHAPE_WORDS = ("balanced", "semibalanced", "unbalanced")
ROOT_KIND_HELP = {"open": "starts a sequence when nobody has bid yet",
                  "overcall": "starts a sequence in the direct seat after their opening",
                  "double": "a double in the direct seat after their opening",
                  "balance": "starts a sequence in the pass-out seat"}
CALL_HELP = ("The call: PASS, X, XX, 1C ... 7NT, or a relative form: raise(1), "
             "cheapest(unbid), jump(S), cue, new, 4(agreed), step(1), step(2,skip-nt) ... "
             "(docs/convention-format.md).")
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
    includer = terminal.ask_name(
        "Include it in which convention or system (Enter: neither yet)?",
        menu.convention_names() + menu.system_names(), topic="convention", optional=True,
        help="Where its actions are used: a convention (Stayman inside a 1NT opening) or a "
             "system, which lists the conventions that start sequences. It is added there "
             "when you first save. Enter: decide later (include or list it from there).")
    description = terminal.ask("One-line description (Enter: none):", topic="description")
    path = file_name_for(name, ConventionDraft.suffix, menu.user_directory)
    draft = ConventionDraft.create(path, [name], description or None)
    terminal.note(f"It will be saved as {draft.path}. Type `add` for its first action.")
    editor = ConventionEditor(menu, draft)
    if includer:
        editor.after_save.append(lambda: _use_in(menu, includer, name))
    editor.run()


def _use_in(menu: MenuSession, includer: str, name: str, replacing: str | None = None) -> None:
    """Make convention `name` used by `includer`: listed by a system, included by a
    convention (under the action the user picks), or with `replacing`, used by a system in
    place of that convention. The includer's file is saved at once (checked as usual)."""
    terminal = menu.terminal
    library = menu.library
    if library.has_convention(includer) and replacing is None:
        draft = _open_draft(menu, convention_path(library, includer), ConventionDraft)
        if draft is None:
            return
        terminal.say("\n".join(draft.described_tree()))
        number = terminal.ask(f"Include {name!r} under which action of {includer!r} "
                              f"(number; Enter: at the top level)?",
                              lambda a: (draft.find(a), a.rstrip("."))[1] if a else None,
                              topic="number")
        draft.include(number, name)
    else:
        draft = _open_draft(menu, system_path(library, includer), SystemDraft)
        if draft is None:
            return
        if replacing is None:
            draft.list_convention(name)
        else:
            draft.add_switch(replacing, name)
    Editor(menu, draft).save()


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
def _open_draft(menu: MenuSession, path: Path, kind: type[Draft],
                asked: bool = False) -> Draft | None:
    """The draft of `path`: unsaved changes from before, or the file (repository files only
    after the user says so, unless `asked` already)."""
    kept = menu.unsaved_drafts.pop(path.resolve(), None)
    if kept is not None:
        if menu.terminal.confirm(f"You left unsaved changes to {path}. Resume them?", True):
            return kept
    if _shipped(menu, path) and not asked:
        if not menu.terminal.confirm(f"{path} belongs to the repository. Edit it in place "
                                     f"(the old version is kept as .bak)?"):
            return None
    return kind.load(path)


def _shipped(menu: MenuSession, path: Path) -> bool:
    resolved = path.resolve()
    return menu.user_directory.resolve() not in resolved.parents and \
        REPO_ROOT in resolved.parents


def _copy_or_edit(menu: MenuSession, kind: str, name: str) -> str:
    return menu.terminal.choose(
        f"{name} is shipped with the program. (c)opy it into your folder under a new name, "
        f"(e)dit the shipped file, or (x) cancel", {
            "c": f"a copy of the {kind} you can change freely",
            "e": "change the repository's file (the old version is kept as .bak)",
            "x": "leave it"}, default="c", topic="copy")


def _copy_name(menu: MenuSession, kind: str, name: str) -> str:
    return menu.terminal.ask("Name of your copy:", _new_name(menu, kind),
                             topic=f"{kind} name", default=f"My {name}")


def modify_convention(menu: MenuSession) -> None:
    name = menu.terminal.ask_name("Modify which convention?", menu.convention_names(),
                                  topic="convention")
    path = convention_path(menu.library, name)
    _modify(menu, "convention", name, path, lambda: copy_convention(menu, name, path))


def modify_system(menu: MenuSession) -> None:
    name = menu.terminal.ask_name("Modify which system?", menu.system_names(), topic="system")
    path = system_path(menu.library, name)
    _modify(menu, "system", name, path, lambda: copy_system(menu, name, path))


def _modify(menu: MenuSession, kind: str, name: str, path: Path, copy_it) -> None:
    """Edit the file of convention or system `name`; a shipped one is copied (`copy_it`)
    unless the user chooses to edit it in place."""
    asked = False
    if _shipped(menu, path) and path.resolve() not in menu.unsaved_drafts:
        choice = _copy_or_edit(menu, kind, name)
        if choice == "x":
            return
        if choice == "c":
            copy_it()
            return
        asked = True
    draft_kind, editor_kind = ((ConventionDraft, ConventionEditor) if kind == "convention"
                               else (SystemDraft, SystemEditor))
    draft = _open_draft(menu, path, draft_kind, asked)
    if draft is not None:
        editor_kind(menu, draft).run()


def copy_convention(menu: MenuSession, name: str, path: Path) -> None:
    """A shipped convention copied under a new name; one of the user's systems may play the
    copy in its place (a `<replace>` written when the copy is first saved)."""
    shipped = menu.library.find_convention(name)
    new_name = _copy_name(menu, "convention", shipped.name)
    user_systems = [spec.name for spec in menu.library.all_systems()
                    if not _shipped(menu, Path(spec.source.file))]
    system = menu.terminal.ask_name(
        f"Play it instead of {shipped.name!r} in which of your systems (Enter: none)?",
        user_systems, topic="system", optional=True,
        help="Your system then uses the copy wherever the shipped convention was included or "
             "listed (a <replace> element); the shipped systems stay as they are. "
             "To copy a shipped system, modify it (f).") if user_systems else ""
    draft = copied_draft(ConventionDraft.load(path), [new_name], menu.user_directory,
                         f"Copy of {shipped.name}." + (f" {shipped.description}"
                                                       if shipped.description else ""))
    menu.terminal.note(f"Your copy will be saved as {draft.path}.")
    editor = ConventionEditor(menu, draft)
    if system:
        editor.after_save.append(lambda: _use_in(menu, system, new_name, shipped.name))
    editor.run()


def copy_system(menu: MenuSession, name: str, path: Path) -> None:
    """A shipped system copied under a new name: it lists the same conventions by name."""
    shipped = menu.library.find_system_spec(name)
    new_name = _copy_name(menu, "system", shipped.name)
    draft = copied_draft(SystemDraft.load(path), [new_name], menu.user_directory,
                         f"Copy of {shipped.name}, playing its conventions.")
    menu.terminal.note(f"Your copy will be saved as {draft.path}. It plays the shipped "
                       f"conventions; to change one, modify it and copy it for this system.")
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
        self.after_save: list = []      # done once, after the first successful save

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
        if isinstance(self.draft, ConventionDraft) and self.draft.old_format:
            parents = [" ".join((e.text or "").split()) for e in root.findall("parent")]
            self.draft.set_names("parent", self.terminal.ask(
                "Included by (parents), comma-separated, - for none:", _name_list,
                topic="convention", default=", ".join(parents) or "-",
                help="A 2009 file names the conventions that include it by hand; ours are "
                     "found from the inclusions."))
        element = self.draft.root.find("description")
        current = " ".join((element.text or "").split()) if element is not None else ""
        description = self.terminal.ask("Description (- for none):", topic="description",
                                        default=current)
        self.draft.set_description(None if description == "-" else description)
        self.show()

    def save(self) -> None:
        """Check the draft against the library (static checks included) and write it; then
        what was waiting for the file to exist (including it elsewhere)."""
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
        waiting, self.after_save = self.after_save, []
        for task in waiting:
            task()


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
        "about": ("about", "about             change names and description"),
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
            self.terminal.say(self._action_line(number))
            choice = self.terminal.choose(
                "Hand types: (a)dd one, (e)dit one, (r)emove one, (n)one: any hand, (d)one", {
                    "a": "add a hand type (the action is taken if ANY type fits)",
                    "e": "change a hand type element by element: support, stoppers, "
                         "honours, vulnerability, conditions...",
                    "r": "remove a hand type by its number in brackets",
                    "n": "no hand types: every hand fits",
                    "d": "back to the editor"}, default="d", topic="hands")
            if choice == "d":
                return
            try:
                if choice == "a":
                    self.draft.add_hand_type(number, ask_hand_type(self.menu))
                    if self.terminal.confirm("Add more to it (support, stoppers, honours, "
                                             "vulnerability, partner's range...)?"):
                        self.edit_type(number, len(self.draft.hand_types(number)))
                elif choice == "n":
                    self.draft.any_hand(number)
                elif not types:
                    self.terminal.error("there is no hand type to change")
                elif choice == "e":
                    self.edit_type(number, self.terminal.ask_int("Edit hand type", 1,
                                                                 len(types)))
                else:
                    self.draft.remove_hand_type(number,
                                                self.terminal.ask_int("Remove hand type", 1,
                                                                      len(types)))
            except BridgeError as error:
                self.terminal.error(str(error))

    def _action_line(self, number: str) -> str:
        lines = self.draft.described_tree()
        return next(text for text in lines if text.strip().startswith(f"{number}. ")).strip()

    def edit_type(self, number: str, index: int) -> None:
        """Hand type `index` of action `number`, element by element, each change checked."""
        while True:
            hand_type = self.draft.hand_types(number)[index - 1]
            elements = [child for child in hand_type if isinstance(child.tag, str)]
            self.terminal.say(f"Hand type [{index}] of {number}:" + "".join(
                f"\n  {position}. {element_text(child)}"
                for position, child in enumerate(elements, 1)) + ("" if elements else
                                                                   "\n  (any hand)"))
            choice = self.terminal.choose(
                "(a)dd an element, (c)hange one, (r)emove one, (d)one", {
                    "a": "add an element: " + ", ".join(ELEMENTS),
                    "c": "change an element's settings by its number",
                    "r": "remove an element by its number",
                    "d": "back to the hand types"}, default="d", topic="type")
            if choice == "d":
                return
            changed = copy.deepcopy(hand_type)
            kept = [child for child in changed if isinstance(child.tag, str)]
            try:
                if choice == "a":
                    tag = self.terminal.ask_name("Which element?", list(ELEMENTS),
                                                 topic="element", help=ELEMENT_HELP)
                    changed.append(ask_element(self.terminal, ELEMENT_TAGS[canonical(tag)]))
                elif not kept:
                    raise AnswerError("the type has no elements yet")
                elif choice == "c":
                    old = kept[self.terminal.ask_int("Change element", 1, len(kept)) - 1]
                    changed.replace(old, ask_element(self.terminal, old.tag, old))
                else:
                    changed.remove(kept[self.terminal.ask_int("Remove element", 1,
                                                              len(kept)) - 1])
                self.draft.replace_hand_type(number, index, changed)
            except BridgeError as error:
                self.terminal.error(str(error))

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
            "levels": ask("Levels its bid may be at, e.g. 12 (- for any):", _digits_text,
                          topic="levels", default=element.get("levels", "-"),
                          help="Digits 1-7: for a relative call such as new or "
                               "cheapest(unbid-above), the levels at which it applies."),
            "shows": ask("Suits it shows, comma-separated suit references, none "
                         "(- : inferred):", lambda a: "" if a == "-" else a.strip(),
                         topic="shows", default=element.get("shows", "-"),
                         help="What partner learns: H, partner, unbid... or none. "
                              "Default: a natural suit bid shows its suit."),
        }
        values["forcing"] = "" if values["forcing"] == "no" else values["forcing"]
        values["forcingpass"] = "yes" if values["bid"].upper() in ("P", "PASS") and \
            self.terminal.confirm("A forcing pass (allowed while our side is forced to game, "
                                  "after an opponent's call; partner must then act)?",
                                  element.get("forcingpass", "no") == "yes") else ""
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
        "replace": ("replace", "replace           play another convention in place of one"),
        "off": ("off", "off               switch a convention off everywhere"),
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
        elif command in ("replace", "off"):
            names = self.menu.convention_names()
            old = self.terminal.ask_name("Which convention?", names, topic="convention")
            by = self.terminal.ask_name("Played instead by?", names, topic="convention") \
                if command == "replace" else None
            self.draft.add_switch(old, by)
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


def _digits(allowed: str, what: str):
    def parse(answer: str) -> str:
        if answer in ("", "-"):
            return ""
        digits = answer.replace(",", "").replace(" ", "")
        if any(ch not in allowed for ch in digits) or len(set(digits)) != len(digits):
            raise AnswerError(f"{answer!r}: {what} are digits {allowed[0]}-{allowed[-1]}, "
                              f"each once, e.g. {allowed[:2]}")
        return "".join(sorted(digits))
    return parse


_seats_text = _digits("1234", "seats")
_digits_text = _digits("1234567", "levels")


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


_RANGE = ("min", "max")
_HOLDING = ("min", "max", "honorsmin", "honorsmax", "controlsmin", "controlsmax")
ELEMENTS: dict[str, tuple[tuple[str, ...], str]] = {
    "HCP": (_RANGE, "high-card points"),
    "points": (_RANGE, "HCP + 1 per card beyond four in each suit"),
    "support": (("suit",) + _RANGE, "support (dummy) points for a trump suit"),
    **{suit: (_HOLDING, f"length, honours and controls in {suit}")
       for suit in ("spades", "hearts", "diamonds", "clubs")},
    "suit": (("ref",) + _HOLDING + ("any", "kind"), "a suit named by reference: partner, "
                                                     "their, unbid..."),
    "fit": (("suit",) + _RANGE + ("any",), "my length + partner's shown length"),
    "balanced": ((), "4333, 4432, 5332"),
    "semibalanced": ((), "balanced, 5422, 6322"),
    "unbalanced": ((), "not balanced"),
    "longest": (("suit",), "that suit is one of my longest"),
    "stopper": (("suit", "half", "any"), "a stopper in a suit"),
    "losers": (_RANGE, "losing-trick count"),
    "quicktricks": (_RANGE, "quick tricks (halves allowed)"),
    "controls": (_RANGE, "controls in the hand, A=2 K=1"),
    "ruleof20": ((), "HCP + two longest suits >= 20"),
    "ruleof15": ((), "HCP + spades >= 15"),
    "vul": (("we", "they"), "vulnerability of our side / theirs"),
    "seat": (("in",), "the bidder's seat from the dealer"),
    "passedhand": (("value",), "the bidder has passed"),
    "combined": (_RANGE + ("count", "suit", "use", "vulmin"), "my figure + partner's shown HCP"),
    "partnerhcp": (_RANGE, "partner's shown HCP range"),
    "myrange": (("top", "bottom"), "the top (or bottom) N HCP of my own shown range"),
    "partner": (("hcpmin", "hcpmax", "pointsmin", "pointsmax", "suit") + _RANGE
                + ("balanced", "stopper"), "what partner's calls showed (or denied)"),
    "forced": (("value",), "partner's last call was forcing and RHO passed"),
    "shown": (("side",) + _RANGE, "the number of suits a side has shown"),
    "lastbid": (("by",) + _RANGE, "who made the last bid, and which (3NT, 1C..3S)"),
    "condition": ((), "anything else, in dealer's language"),
}
ELEMENT_TAGS = {canonical(tag): tag for tag in ELEMENTS}
ELEMENT_HELP = "Elements of a hand type (all must hold):\n" + "\n".join(
    f"  {tag:<13} {text}" for tag, (_, text) in ELEMENTS.items())
ATTRIBUTE_HELP = {
    "min": "a number", "max": "a number", "honorsmin": "0-5 of AKQJT", "honorsmax": "0-5",
    "controlsmin": "0-3, A=2 K=1", "controlsmax": "0-3",
    "suit": "C D H S, partner, own, their, agreed, unbid, longest...",
    "ref": "C D H S, partner, own, their, agreed, this, unbid, major...",
    "any": "yes: one suit of a set is enough", "kind": "major or minor",
    "half": "yes: a half stopper (Qx, Jxx) is enough", "we": "yes or no", "they": "yes or no",
    "in": "digits 1-4", "value": "yes or no", "count": "hcp, points or support",
    "use": "min or max of partner's range",
    "vulmin": "a number: the minimum when we are vulnerable", "side": "they, partner, me or we",
    "by": "me, partner, we or they",
    "top": "a number N: the top N HCP of my range", "bottom": "a number N: the bottom N HCP",
    "hcpmin": "a number", "hcpmax": "a number", "pointsmin": "a number",
    "pointsmax": "a number", "balanced": "yes or no: partner showed a balanced hand",
    "stopper": "yes or no: partner showed a stopper in the suit"}


def element_text(element) -> str:
    """An element of a hand type in one line: `hearts min=5 honorsmin=2`."""
    if element.tag == "condition":
        return f"condition: {element.text or ''}"
    return " ".join([element.tag] + [f"{name}={value}" for name, value in element.items()])


def ask_element(terminal, tag: str, old=None):
    """A hand-type element from questions, one per attribute (the old values as defaults);
    the draft checks the numbers and names when it takes the type."""
    element = etree.Element(tag)
    if tag == "condition":
        element.text = terminal.ask("Condition, in dealer's language:", _hand_condition,
                                    topic="hand condition", help=CONDITION_HELP,
                                    default=old.text if old is not None else "")
        if not element.text:
            raise AnswerError("an empty condition says nothing: remove the element instead")
        return element
    for name in ELEMENTS[tag][0]:
        value = terminal.ask(f"{tag} {name} ({ATTRIBUTE_HELP[name]}; - for none):",
                             topic=f"attribute {name}", help=ATTRIBUTE_HELP[name],
                             default=old.get(name, "-") if old is not None else "-")
        if value.strip() not in ("", "-"):
            element.set(name, value.strip())
    return element


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
