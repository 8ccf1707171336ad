"""Errors of the deal generator: each names the stage that failed and where in the script.

All are ValueError subclasses (through bidding's BridgeError), so callers that only care
about bad input can catch ValueError.
"""
from __future__ import annotations

from bidding.model.errors import BridgeError


class DealerError(BridgeError):
    """Base of every error about a dealer script or its run."""


def _located(message: str, source: str, text: str | None, line: int, column: int) -> str:
    """`source:line:column: message`, then the offending line and a caret under the column."""
    header = f"{source}:{line}:{column}: {message}"
    if text is None:
        return header
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return header
    shown = lines[line - 1].expandtabs(1)
    return f"{header}\n    {shown}\n    {' ' * (column - 1)}^"


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
