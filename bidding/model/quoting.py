"""Quoting input in error messages without echoing it whole: a 2 MB line must not give a
2 MB message, so offending text is cut to about 80 characters with an ellipsis."""
from __future__ import annotations

import re

QUOTE_LIMIT = 80


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """`text` with its middle cut (`…`) when longer than `limit`."""
    return text if len(text) <= limit else text[:limit - 10] + "…" + text[-9:]


def excerpt(text: str, limit: int = QUOTE_LIMIT) -> str:
    """`text` shortened and quoted as repr() does."""
    return repr(shorten(text, limit))


_QUOTED = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"")


def cut_quotes(message: str, limit: int = QUOTE_LIMIT) -> str:
    """`message` (another layer's error, which quotes its input with repr) with every quoted
    text longer than `limit` cut, and the whole kept to a few lines' length."""
    def cut(match: re.Match) -> str:
        quoted = match.group()
        if len(quoted) <= limit + 2:
            return quoted
        return quoted[:limit - 9] + "…" + quoted[-9:]

    shortened = _QUOTED.sub(cut, message)
    return shortened if len(shortened) <= 4 * limit else shortened[:4 * limit - 1] + "…"
