"""Asking and telling at the terminal, for every part of the menu.

Every question loops until the answer parses: a parser raises a BridgeError whose message is
shown before asking again, and `?` shows the question's help. Ctrl-C (KeyboardInterrupt) and
Ctrl-D (EOFError) are not caught here: the menu turns them into "back to the menu" and "quit".
"""
from __future__ import annotations

import difflib
import pydoc
import re
import shutil
import sys
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
    `history_dir`, when given, keeps each topic's answers between sessions.
    """

    def __init__(self, *, transcript: list[str] | None = None, history_dir: Path | None = None,
                 symbols: bool | None = None) -> None:
        self.transcript = transcript
        self.history_dir = history_dir
        self.symbols = terminal_has_symbols() if symbols is None else symbols
        self._sessions: dict[str, PromptSession] = {}

    # --- telling ---------------------------------------------------------------------------
    def say(self, text: str | FormattedText = "") -> None:
        fragments = FormattedText([("", text)]) if isinstance(text, str) else text
        if self.transcript is not None:
            self.transcript.append(plain(fragments))
        print_formatted_text(fragments, style=STYLE, end="" if plain(fragments).endswith("\n")
                             else "\n")

    def page(self, text: str) -> None:
        """Long text through the pager (less, or Python's) when it is taller than the screen."""
        rows = shutil.get_terminal_size().lines
        if sys.stdout.isatty() and text.count("\n") + 1 > rows - 2:
            if self.transcript is not None:
                self.transcript.append(text)
            pydoc.pager(text)
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
        session = self._session(topic)
        label = _label(message, default, optional)
        while True:
            answer = session.prompt(
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
               topic: str = "choice") -> str:
        """One of `options` (key -> description), case-insensitive; `?` lists them."""
        keys = {key.casefold(): key for key in options}

        def parse(answer: str) -> str:
            if answer.casefold() not in keys:
                raise AnswerError(f"{answer!r} is not one of: {', '.join(options)}")
            return keys[answer.casefold()]

        listing = "\n".join(f"  {key:<8} {text}" for key, text in options.items())
        return self.ask(message, parse, help=listing, topic=topic, default=default,
                        completer=WordCompleter(list(options), meta_dict=options,
                                                ignore_case=True))

    def confirm(self, message: str, default: bool = False) -> bool:
        answer = self.choose(message, {"y": "yes", "n": "no"}, default="y" if default else "n",
                             topic="confirm")
        return answer == "y"

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
                 topic: str = "name", default: str = "", optional: bool = False) -> str:
        """A name from `names` (case-insensitive, completion as you type); with `optional`,
        Enter gives ''."""
        known = {canonical(name): name for name in names}

        def parse(answer: str) -> str:
            if not answer and optional:
                return ""
            if canonical(answer) not in known:
                raise AnswerError(f"{answer!r} is not known; {_suggest(answer, known)}")
            return known[canonical(answer)]

        listing = help or "One of: " + ", ".join(known.values())
        return self.ask(message, parse, help=listing, topic=topic, default=default,
                        optional=optional, live_completion=True,
                        completer=WordCompleter(list(known.values()), ignore_case=True,
                                                sentence=True))


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
