"""An answer written as a JSON object: what a system meant as ``fields``.

Systems built on chat models sometimes answer with the object they were asked to fill, as text, often in
a code fence (```` ```json {"amount_total": 12000, "count": 4} ``` ````). Read as prose, its values have no
units (``4`` is no count). :func:`written_fields` gives the object's entries, so the scorers read them as
they read the ``fields`` an adapter sets (docs/contract.md §3); an answer that is anything else gives none.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["written_fields"]

_OBJECT = re.compile(r"\A\s*(?:```[a-zA-Z]*\s*)?(\{.*\})\s*(?:```)?\s*\Z", re.DOTALL)


def written_fields(text: str) -> dict[str, Any]:
    """The entries of the JSON object ``text`` is (in a code fence or not), else ``{}``."""
    m = _OBJECT.match(text) if "{" in text else None
    if m is None:
        return {}
    try:
        value = json.loads(m.group(1))
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
