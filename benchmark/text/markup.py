"""Markdown emphasis in an answer is presentation, not content.

Systems built on chat models write ``**95000** 元`` or ``共 **12** 页``: the markers between a number
and its unit hide the value from every reader. :func:`without_emphasis` blanks the markers of bold
(``**…**``) and inline code (`` `…` ``) with spaces, so the text keeps its length (offsets into it
stay offsets into the answer) and each reader sees ``95000   元``. A marker is only one that opens
before and closes after a non-space character on the same line, so a masked number
(``138****1234``) or a lone asterisk keeps its stars. Struck-through text (``~~10万~~ 15万元``) is what
the answer takes back: it is blanked whole, markers and all.
"""

from __future__ import annotations

import re

__all__ = ["without_emphasis"]

_EMPHASIS = re.compile(r"\*\*(?=[^\s*])([^\n]*?[^\s*])\*\*|`([^`\n]+)`|~~(?=[^\s~])[^\n]*?[^\s~]~~")


def _blanked(m: re.Match[str]) -> str:
    if m.group().startswith("~~"):
        return " " * len(m.group())  # struck through: taken back
    marker = 2 if m.group(1) is not None else 1
    inner = m.group(1) if m.group(1) is not None else m.group(2)
    return " " * marker + inner + " " * marker


def without_emphasis(text: str) -> str:
    """``text`` with Markdown bold and inline-code markers blanked, and struck-through text blanked
    whole (same length); the very string when it has none."""
    if "**" not in text and "`" not in text and "~~" not in text:
        return text
    return _EMPHASIS.sub(_blanked, text)
