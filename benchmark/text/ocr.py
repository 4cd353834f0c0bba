"""OCR noise removal for the matching view: LaTeX wrappers, underline runs, table pipes.

Only the folded view used for matching is cleaned; the lines keep their original text so that
citations and reports show what the page really says.
"""

from __future__ import annotations

import re

_LATEX_CMD = re.compile(r"\\[A-Za-z]+\*?")
# The look-ahead names the first character of every alternative, so the search skips plain text at
# once instead of trying each alternative at each position.
_NOISE = re.compile(r"(?=[${}|_<&])(?:[${}|]|_{2,}|(?:_+、)+_*|<br\s*/?>|&nbsp;)")


def strip_ocr_noise(text: str) -> str:
    """``$ \\underline{\\text{韩立舟}} $`` -> `` 韩立舟 ``; ``___、___、`` -> ````."""
    if "\\" in text:
        text = _LATEX_CMD.sub("", text)
    return _NOISE.sub("", text)
