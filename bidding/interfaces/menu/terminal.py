"""Asking and telling at the terminal, for every part of the menu.

Every question loops until the answer parses: a parser raises a BridgeError whose message is
shown before asking again, and `?` shows the question's help. Ctrl-C (KeyboardInterrupt) and
Ctrl-D (EOFError) are not caught here: the menu turns them into "back to the menu" and "quit".
Text is wrapped at the terminal's width between words; on a dumb terminal (TERM=dumb) questions
are plain input lines, without completion menus.
"""
from __future__ import annotations

import difflib
import os
import pydoc
import re
import shutil
import sys
import textwrap
from pathlib import Path
from typing import Callable, Iterable, TypeVar

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.completion import Completer, WordCompleter
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import FileHistory, History, InMemoryHistory

from bidding.engine.xmlreader import canonical
from bidding.interfaces.diagram import STYLE, plain, terminal_has_symbols
from bidding.model.errors import BridgeError

T = TypeVar("T")
TOOLBAR = " ? help · Tab completes · ↑ history · Ctrl-C back to the menu · Ctrl-D quit"


class AnswerError(BridgeError):
    """An answer typed at a menu question that does not fit what was asked."""


class Terminal:
    """The menu's voice: prints formatted text and asks validated questions.

    `transcript`, when given, receives every printed text as plain text (the tests read it);
    `history_dir`, when given, keeps each topic's answers between sessions; `dumb` (by
    default: TERM is dumb) asks with plain input lines.
    """

    def __init__(self, *, transcript: list[str] | None = None, history_dir: Path | None = None,
                 symbols: bool | None = None, dumb: bool | None = None) -> None:
        self.transcript = transcript
        self.history_dir = history_dir
        self.symbols = terminal_has_symbols() if symbols is None else symbols
        self.dumb = os.environ.get("TERM") == "dumb" if dumb is None else dumb
        self._sessions: dict[str, PromptSession] = {}

    # --- telling ---------------------------------------------------------------------------
    def say(self, text: str | FormattedText = "") -> None:
        if isinstance(text, str):
            text = fit(text, shutil.get_terminal_size().columns)
        fragments = FormattedText([("", text)]) if isinstance(text, str) else text
        if self.transcript is not None:
            self.transcript.append(plain(fragments))
        print_formatted_text(fragments, style=STYLE, end="" if plain(fragments).endswith("\n")
                             else "\n")

    def fits(self, text: str) -> bool:
        """Whether `text` fits on the screen below what is there (else it would scroll)."""
        size = shutil.get_terminal_size()
        return len(fit(text, size.columns).splitlines()) <= size.lines - 2

    def page(self, text: str) -> None:
        """Long text through the pager (less, or Python's) when it is taller than the screen."""
        if sys.stdout.isatty() and not self.dumb and not self.fits(text):
            if self.transcript is not None:
                self.transcript.append(text)
            pydoc.pager(fit(text, shutil.get_terminal_size().columns))
        else:
            self.say(text)

    def error(self, message: str) -> None:
        self.say(FormattedText([("class:error", message)]))

    def note(self, message: str) -> None:
        self.say(FormattedText([("class:note", message)]))

    # --- asking ----------------------------------------------------------------------------
    def _session(self, topic: str) -> PromptSession:
        if topic not in self._sessions:
            history: History = InMemoryHistory()
            if self.history_dir is not None:
                self.history_dir.mkdir(parents=True, exist_ok=True)
                file_name = "-".join(topic.split()) + ".history"
                history = FileHistory(str(self.history_dir / file_name))
            self._sessions[topic] = PromptSession(history=history)
        return self._sessions[topic]

    def ask(self, message: str, parse: Callable[[str], T] = str, *, help: str = "",
            completer: Completer | None = None, default: str = "", topic: str = "answer",
            live_completion: bool = False, optional: bool = False) -> T:
        """Ask until `parse(answer)` succeeds. The answer is stripped; an empty answer is
        `default`, which the question shows in brackets (`optional` says Enter means none)."""
        label = _label(message, default, optional)
        while True:
            if self.dumb:
                answer = input(f"{label} ").strip()
            else:
                answer = self._session(topic).prompt(
                    FormattedText([("class:prompt", label), ("", " ")]), completer=completer,
                    complete_while_typing=live_completion, style=STYLE,
                    bottom_toolbar=TOOLBAR).strip()
            if self.transcript is not None:
                self.transcript.append(f"{label} {answer}")
            if answer == "?":
                self.page(help or "No help here: type an answer, or Ctrl-C to go back.")
                continue
            try:
                return parse(answer or default)
            except BridgeError as problem:
                self.error(str(problem))

    def choose(self, message: str, options: dict[str, str], *, default: str = "",
               topic: str = "choice", names: dict[str, str] | None = None) -> str:
        """One of `options` (key -> description), case-insensitive; `?` lists them. `names`
        (key -> word, e.g. r -> random) are accepted too, whole or by an unambiguous prefix."""
        keys = {key.casefold(): key for key in options}
        by_name = {word: key for key, word in (names or {}).items()}

        def parse(answer: str) -> str:
            if answer.casefold() in keys:
                return keys[answer.casefold()]
            if by_name:
                try:
                    return by_name[pick(answer, by_name, "the choice")]
                except AnswerError:
                    pass
            raise AnswerError(f"{answer!r} is not one of: {', '.join(options)}"
                              + (f" ({', '.join(by_name)})" if by_name else ""))

        listing = "\n".join(f"  {key:<8} {text}" for key, text in options.items())
        return self.ask(message, parse, help=listing, topic=topic, default=default,
                        completer=WordCompleter(list(options), meta_dict=options,
                                                ignore_case=True))

    def confirm(self, message: str, default: bool = False) -> bool:
        """y or n; yes, no and their prefixes too, in any case."""
        def parse(answer: str) -> bool:
            return pick(answer, ("yes", "no"), "an answer") == "yes"

        return self.ask(message, parse, default="y" if default else "n", topic="confirm",
                        help="y (yes) or n (no)",
                        completer=WordCompleter(["yes", "no"], ignore_case=True))

    def wait_for(self, message: str) -> None:
        """Show `message` on a cleared screen and wait for Enter (then clear it again), so
        that what was on the screen is gone: a hand passes to the next human at the table."""
        self.clear()
        self.ask(message, lambda answer: answer, topic="enter")
        self.clear()

    def clear(self) -> None:
        if self.transcript is not None:
            self.transcript.append("[screen cleared]")
        if sys.stdout.isatty() and not self.dumb:
            from prompt_toolkit.shortcuts import clear
            clear()

    def ask_int(self, message: str, low: int, high: int, default: int | None = None) -> int:
        def parse(answer: str) -> int:
            if not re.fullmatch(r"-?\d+", answer):
                raise AnswerError(f"{answer!r} is not a whole number")
            value = int(answer)
            if not low <= value <= high:
                raise AnswerError(f"{value} is outside {low}..{high}")
            return value

        return self.ask(message, parse, help=f"A whole number from {low} to {high}.",
                        topic="number", default="" if default is None else str(default))

    def ask_name(self, message: str, names: Iterable[str], *, help: str = "",
                 topic: str = "name", default: str = "", optional: bool = False,
                 then: Callable[[str], T] | None = None) -> str | T:
        """A name from `names` (case-insensitive, or an unambiguous start of one; completion
        as you type); with `optional`, Enter gives ''. `then`, when given, checks the name
        further and gives the answer (its AnswerError asks again)."""
        known = {canonical(name): name for name in names}

        def parse(answer: str):
            if not answer and optional:
                return ""
            name = known_name(answer, known)
            return then(name) if then else name

        listing = help or "One of: " + ", ".join(known.values())
        return self.ask(message, parse, help=listing, topic=topic, default=default,
                        optional=optional, live_completion=True,
                        completer=WordCompleter(list(known.values()), ignore_case=True,
                                                sentence=True))


def known_name(answer: str, known: dict[str, str]) -> str:
    """The name of `known` (canonical form -> name) that `answer` gives: itself, in any case,
    or the only name that starts with it."""
    key = canonical(answer)
    if key in known:
        return known[key]
    starting = [name for folded, name in known.items() if key and folded.startswith(key)]
    if len(starting) == 1:
        return starting[0]
    raise AnswerError(f"{answer!r} is not known; {_suggest(answer, known)}")


def pick(answer: str, words: Iterable[str], what: str) -> str:
    """The word of `words` that `answer` names: the word itself or an unambiguous prefix, in
    any case; an AnswerError lists the words otherwise."""
    words = list(words)
    key = answer.strip().casefold()
    exact = [word for word in words if word.casefold() == key]
    matches = exact or [word for word in words if key and word.casefold().startswith(key)]
    if len(matches) == 1:
        return matches[0]
    problem = "is ambiguous" if matches else "is not known"
    raise AnswerError(f"{what} {answer!r} {problem}: use {', '.join(words)}")


def fit(text: str, width: int) -> str:
    """`text` with each line longer than `width` wrapped between words, continuation lines
    indented like the line's start (so that the terminal never cuts a word)."""
    width = max(width - 1, 20)
    lines = []
    for line in text.split("\n"):
        if len(line) <= width:
            lines.append(line)
            continue
        indent = line[:len(line) - len(line.lstrip())]
        lines += textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=False,
                               break_on_hyphens=False)
    return "\n".join(lines)


def _label(message: str, default: str = "", optional: bool = False) -> str:
    """`message [default]:`, the colon added unless the message ends with `:`, `?` or `>`."""
    suffix = f" [{default}]" if default else " (Enter: none)" if optional else ""
    end = ":"
    if message.endswith((":", "?", ">")):
        message, end = message[:-1], message[-1]
    return f"{message}{suffix}{end}"


def _suggest(answer: str, known: dict[str, str], limit: int = 8) -> str:
    """Names that contain or look like `answer`, or how to see them all."""
    if not known:
        return "there is none to choose from"
    key = canonical(answer)
    close = [name for folded, name in known.items() if key and key in folded]
    close += [known[folded] for folded in difflib.get_close_matches(key, known, n=limit)
              if known[folded] not in close]
    if len(known) <= limit:
        return "choose one of: " + ", ".join(known.values())
    if close:
        return "did you mean: " + ", ".join(close[:limit]) + "? (? lists them all)"
    return "? lists them all, Tab completes"
