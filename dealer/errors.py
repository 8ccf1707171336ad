"""Errors of the deal generator: each names the stage that failed and where in the script.

All are ValueError subclasses (through bidding's BridgeError), so callers that only care
about bad input can catch ValueError.
"""
from __future__ import annotations

from bidding.model.errors import BridgeError


class DealerError(BridgeError):
    """Base of every error about a dealer script or its run."""


QUOTE_WIDTH = 80
"""Messages quote at most this many characters of the input (a line may be megabytes)."""


def printable(text: str) -> str:
    """The text on one line, each control character (a binary file's bytes) shown as `?`."""
    return "".join(c if c.isprintable() else " " if c in "\t\n\r" else "?" for c in text)


def clip(text: str, width: int = QUOTE_WIDTH) -> str:
    """The text, cut in the middle to `width` characters or so when it is longer."""
    if len(text) <= width:
        return text
    keep = (width - 5) // 2
    return f"{text[:keep]} ... {text[-keep:]}"


def _line_at(text: str, line: int) -> str | None:
    """Line `line` (1-based) of the text, found without splitting the whole text."""
    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start) + 1
        if start == 0:
            return None
    end = text.find("\n", start)
    return text[start:] if end < 0 else text[start:end]


def _located(message: str, source: str, text: str | None, line: int, column: int) -> str:
    """`source:line:column: message`, then the offending line (at most QUOTE_WIDTH
    characters of it, around the column) and a caret under the column."""
    header = f"{source}:{line}:{column}: {message}"
    shown = None if text is None else _line_at(text, line)
    if shown is None:
        return header
    first = max(0, min(column - 1 - QUOTE_WIDTH // 2, len(shown) - QUOTE_WIDTH))
    before = "..." if first else ""
    after = "..." if first + QUOTE_WIDTH < len(shown) else ""
    window = printable(shown[first:first + QUOTE_WIDTH])
    caret = " " * (len(before) + column - 1 - first)
    return f"{header}\n    {before}{window}{after}\n    {caret}^"


class DealerInputError(DealerError):
    """An error in the script text, located by line and column when they are known."""

    def __init__(self, message: str, *, source: str = "<input>", text: str | None = None,
                 line: int = 0, column: int = 0):
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        if line:
            super().__init__(_located(message, source, text, line, column))
        else:
            super().__init__(f"{source}: {message}")

    def located_in(self, source: str, text: str) -> "DealerInputError":
        """The same error, reported against the named script and its text."""
        return type(self)(self.message, source=source, text=text, line=self.line,
                          column=self.column)


class DealerSyntaxError(DealerInputError):
    """The script does not follow dealer's grammar."""


class DealerSemanticError(DealerInputError):
    """The script parses but means nothing: unknown name, bad shape, impossible predeal..."""


class DealerRuntimeError(DealerError):
    """Evaluating the script on a deal failed (division by zero, no double-dummy solver...)."""
