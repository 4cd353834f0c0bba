"""Every quote of a bank question found in the document; 位置 checked against where it really is.

A quote's place is searched in the document (folded, across line and page breaks, page furniture
skipped: ``Document.places``). When it occurs at several places, the first that fits the 位置 is used
(else the first); a place that does not fit the 位置 is used all the same and the disagreement is
reported ("位置 says page 3; the quote is on page 4"). A quote found nowhere is reported and kept as
unlocated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from benchmark.bank_import.position import Position
from benchmark.documents.model import Document, match_view
from benchmark.documents.places import Place
from benchmark.documents.transcript import Role, Transcript

_BACKTICKS = re.compile(r"`([^`]+)`")
_MARKS = "「」『』“”\"'‘’《》 \t"
_EDGE = "，,。；;：:、！!？? "
_PART = {"answer": "答部分", "question": "问部分"}


def quotes_of(text: str, items: list[str], rest: list[str]) -> list[str]:
    """The quotes of an evidence field: backticked spans, else its list items, else its text."""
    joined = "\n".join([text, *items, *rest])
    found = [q.strip() for q in _BACKTICKS.findall(joined) if q.strip()]
    if found:
        return found
    plain = items or [t for t in (text, *rest) if t]
    return [q.strip(_MARKS) for q in plain if q.strip(_MARKS)]


@dataclass
class Located:
    quote: str
    place: Place | None
    notes: list[str] = field(default_factory=list)  # disagreements with 位置, several places


def _role_text(role: Role | None) -> str:
    if role is None:
        return "page furniture"
    if role.section != "qa_pair":
        return "the header" if role.section == "header" else "the closing block"
    return f"QA pair {role.pair} ({_PART.get(role.speaker or '', '')})"


def _roles(place: Place, transcript: Transcript | None) -> list[Role | None]:
    return [transcript.role(n) for n in place.lines] if transcript is not None else []


def _fits_part(place: Place, pos: Position, transcript: Transcript | None) -> bool:
    if transcript is None or not (pos.header or pos.pairs):
        return True
    roles = _roles(place, transcript)
    in_header = bool(roles) and all(r is not None and r.section in ("header", "closing") for r in roles)
    in_pairs = any(
        r is not None and r.pair in pos.pairs and (pos.pairs[r.pair] in (None, r.speaker)) for r in roles
    )
    return (pos.header and in_header) or in_pairs


def _fits_page(place: Place, pos: Position) -> bool:
    return not pos.pages or any(p in pos.pages for p in place.pages)


def disagreements(quote: str, place: Place, pos: Position, transcript: Transcript | None) -> list[str]:
    out = []
    if not _fits_page(place, pos):
        said = "、".join(map(str, pos.pages))
        out.append(f"位置 says page {said}; {quote!r} is on {place.describe()} (the found page is used)")
    if not _fits_part(place, pos, transcript):
        roles = _roles(place, transcript)
        found = _role_text(roles[0] if roles else None)
        out.append(f"位置 says {pos.text!r}; {quote!r} is in {found} (the found place is used)")
    return out


def locate(doc: Document, quote: str, pos: Position) -> Located:
    places = doc.places(quote)
    if not places:
        return Located(quote, None, [f"quote {quote!r} is nowhere in the document"])
    transcript = doc.transcript
    fitting = [p for p in places if _fits_page(p, pos) and _fits_part(p, pos, transcript)]
    chosen = (fitting or places)[0]
    located = Located(quote, chosen, disagreements(quote, chosen, pos, transcript))
    if len(places) > 1 and len(fitting) != 1:
        located.notes.append(f"quote {quote!r} occurs at {len(places)} places; using {chosen.describe()}")
    return located


def split_at_pages(doc: Document, quote: str, place: Place) -> list[tuple[str, int]]:
    """A quote crossing page breaks, cut into the piece on each page (``must_include`` lies on one page)."""
    if not place.crosses_pages:
        return [(quote, place.page)]
    pieces: list[tuple[str, int]] = []
    rest = quote
    for page in place.pages[:-1]:
        lines = [ln for ln in doc.text_index.content if ln.number in set(place.lines) and ln.page == page]
        on_page = "".join(match_view(ln.text) for ln in lines)
        head = _head_on(match_view(rest), on_page)
        cut = _cut(rest, head)
        pieces.append((rest[:cut].strip(_EDGE), page))
        rest = rest[cut:].strip(_EDGE)
    pieces.append((rest, place.pages[-1]))
    return [(text, page) for text, page in pieces if match_view(text)]


def _head_on(folded_quote: str, page_text: str) -> int:
    """How many folded characters of the quote stand at the end of the page."""
    for k in range(len(folded_quote), 0, -1):
        if page_text.endswith(folded_quote[:k]):
            return k
    return 0


def _cut(quote: str, folded_chars: int) -> int:
    """The shortest prefix of ``quote`` whose folded form has ``folded_chars`` characters."""
    for i in range(len(quote) + 1):
        if len(match_view(quote[:i])) >= folded_chars:
            return i
    return len(quote)
