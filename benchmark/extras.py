"""How to install an optional extra, in the words every install hint uses.

The package is installed from a checkout (a path or a git URL), not by a registry name, so hints
name the checkout; the README's "semantic extra" note says how to get torch's CPU build first.
"""

from __future__ import annotations


def install_hint(extra: str) -> str:
    """``pip install -e '.[semantic]'`` in the tool's checkout, with where to read more."""
    return f"pip install -e '.[{extra}]' in the legal-rag-bench checkout (README: optional extras)"
