"""A question's scoring in plain words, for people: per component that fell short, what was expected,
what was read from the answer, and why it fell short, in English or Chinese.

It reads a report entry (docs/contract.md §5: ``components`` and the scorer's ``details``) and never the
scorers themselves, so a stored report explains itself. Components this module does not know (a
plugin's) are shown through their own expected/extracted/reason, flattened to text: never a JSON dict.
The terminal summary uses English; the HTML report embeds both languages. Every sentence is in
``PHRASES`` (one row per phrase, both languages side by side).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

LANGS = ("en", "zh")
MAX_VALUE_WIDTH = 70  # display columns (a Chinese character takes two)
MAX_LISTED = 3

# key -> (English, Chinese); placeholders in braces
PHRASES: dict[str, tuple[str, str]] = {
    "nothing": ("nothing", "无"),
    "yes": ("yes", "是"),
    "no": ("no", "否"),
    "or": (" or ", "或"),
    "page": ("page {p}", "第{p}页"),
    "matches": ("matches", "一致"),
    "judged": ("accepted by the judge {name}: {reason}", "评审模型 {name} 认可：{reason}"),
    "no_citation": ("no citation", "未引用"),
    "cite_ok": ("a cited page holds the evidence", "所引页含所需证据"),
    "cite_none": ("the answer cites no page", "回答没有引用页码"),
    "cite_wrong": (
        "the cited {got} holds none of the required evidence (it is on {exp})",
        "所引{got}不含所需证据（证据在{exp}）",
    ),
    "vague": (
        "the answer gives no definite {what}, only a vague one",
        "回答没有给出确定的{what}（只有约数或含糊说法）",
    ),
    "no_year": ("the answer's date has no year", "回答中的日期缺少年份"),
    "omitted": ("the answer states no {what}", "回答中没有{what}"),
    "parts": ("the answer lacks the parts {parts}", "回答缺少这些部分：{parts}"),
    "yesno": ("the answer says {got}, the file says {exp}", "回答为“{got}”，材料为“{exp}”"),
    "lacks": ("the answer does not contain {exp}", "回答中没有{exp}"),
    "range": ("the answer does not state the range {exp}", "回答没有说出完整的日期范围 {exp}"),
    "differs": ("the answer states {got}, not {exp}", "回答为 {got}，应为 {exp}"),
    "recall_exp": ("at least {min} of {n} required passages", "覆盖{n}处必需证据中的至少{min}"),
    "recall_all": ("all {n} required passages", "全部{n}处必需证据"),
    "recall_got": ("{k} of {n} covered", "覆盖{k}/{n}处"),
    "missing": ("missing: {what}", "缺少：{what}"),
    "below": ("coverage is below {min}", "覆盖率低于{min}"),
    "more": ("and {n} more", "等另{n}处"),
    "prec_exp": ("at least {min} relevant", "至少{min}相关"),
    "prec_all": ("all relevant", "全部相关"),
    "prec_got": ("{k} of {n} relevant", "{n}条中{k}条相关"),
    "prec_none": ("no evidence was returned", "没有返回证据"),
    "prec_off": (
        "{off} of the {n} passages returned hold no required evidence",
        "返回的{n}条证据中有{off}条不含所需证据",
    ),
    "conflict_exp": ("point out the contradiction", "指出材料前后矛盾"),
    "conflict_got": ("points it out (“{cue}”)", "指出了（“{cue}”）"),
    "conflict_miss": ("no contradiction named", "未指出矛盾"),
    "conflict_why": ("the answer does not say that the file contradicts itself", "回答没有指出材料中的矛盾"),
    "conflict_one_side": (
        "it names the contradiction but cites one side only: no citation of {where}",
        "指出了矛盾，但只引用了其中一方：未引用{where}",
    ),
    "abstain_exp": ("say the file does not hold it", "说明材料中没有该信息"),
    "abstains": ("abstains (“{cue}”)", "拒答（“{cue}”）"),
    "answers": ("a direct answer", "直接作答"),
    "abstain_why": (
        "the file does not hold this, yet the answer answers it",
        "材料中没有该信息，回答却直接作答",
    ),
    "answer_exp": ("answer the question", "直接作答"),
    "answer_why": ("the file holds the answer, yet the answer declines", "材料中有答案，回答却拒答"),
    "facts_exp": ("only specifics the file contains", "只陈述材料中有的具体信息"),
    "facts_why": ("the file does not contain: {got}", "材料中没有：{got}"),
    "quote_more": (" (one of {n})", " 等{n}处"),
    "quote_why": ("the answer quotes none of the required passages", "回答没有引用所需原文"),
}

LABELS: dict[str, tuple[str, str]] = {  # components, answer fields and kinds of specifics
    "exact_match": ("value", "答案"),
    "citation": ("citation", "引用页码"),
    "evidence_recall": ("evidence found", "证据查全"),
    "evidence_precision": ("evidence relevant", "证据查准"),
    "key_points": ("key points", "要点"),
    "evidence_count": ("evidence count", "证据数量"),
    "abstention": ("abstention", "拒答/指出矛盾"),
    "no_hallucination": ("no invented facts", "无编造"),
    "quote": ("quote", "原文引用"),
    "amount_total": ("total amount", "总金额"),
    "amount_breakdown": ("amount parts", "金额明细"),
    "date": ("date", "日期"),
    "date_range": ("date range", "日期范围"),
    "count": ("count", "数量"),
    "boolean_answer": ("yes/no", "是否"),
    "entity": ("name", "名称"),
    "text_answer": ("answer text", "文字答案"),
    "phone": ("phone number", "电话号码"),
    "id": ("ID number", "身份证号"),
    "account": ("account number", "账号"),
    "wechat": ("WeChat id", "微信号"),
    "address": ("address", "地址"),
    "amount": ("amount", "金额"),
    "time": ("time", "时间"),
    "name": ("name", "姓名"),
}


# answer fields in the order people read them (a stored report sorts its keys; a live one does not)
_FIELD_ORDER = {
    name: i
    for i, name in enumerate(
        (
            "amount_total",
            "amount_breakdown",
            "date",
            "date_range",
            "count",
            "boolean_answer",
            "entity",
            "text_answer",
        )
    )
}


def t(lang: str, key: str, **values: Any) -> str:
    """A phrase in ``lang`` with its placeholders filled."""
    text = PHRASES[key][1 if lang == "zh" else 0]
    return text.format(**values) if values else text


def label(name: str, lang: str = "en") -> str:
    pair = LABELS.get(name)
    return pair[1 if lang == "zh" else 0] if pair else name.replace("_", " ")


def _map(value: Any) -> Mapping[str, Any]:
    return value if type(value) is dict or isinstance(value, Mapping) else {}


# --- values as text --------------------------------------------------------------------------


def _w(ch: str) -> int:
    return 2 if unicodedata.east_asian_width(ch) in "WF" else 1


def width(text: str) -> int:
    return sum(_w(ch) for ch in text)


def clip(text: str, limit: int = MAX_VALUE_WIDTH) -> str:
    """One line of at most ``limit`` display columns, cut with an ellipsis."""
    flat = " ".join(str(text).split())
    if len(flat) * 2 <= limit:  # no character is wider than two columns
        return flat
    used, cut = 0, 0  # the columns up to and with each character; where the cut text ends
    for i, ch in enumerate(flat):  # read only as far as the limit: a long text is cut early
        used += _w(ch)
        if used <= limit - 1:  # room is left for the ellipsis
            cut = i + 1
        elif used > limit:
            return flat[:cut] + "…"
    return flat


def number(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:,.0f}" if value.is_integer() else format(Decimal(repr(value)).normalize(), "f")
    return str(value)


def show(value: Any, lang: str, *, amount: bool = False, sep: str = ", ") -> str:
    """A value as short text: numbers grouped (amounts with 元), booleans as yes/no, lists joined."""
    kind = type(value)  # exact types first: a report holds plain JSON values
    if value is None or ((kind is str or kind is list or kind is dict or kind is tuple) and not value):
        return t(lang, "nothing")
    if kind is str:
        return clip(value)
    if kind is bool:
        return t(lang, "yes" if value else "no")
    if kind is int or kind is float:
        return number(value) + ("元" if amount else "")
    if kind is list or kind is tuple:
        return clip(sep.join(show(v, lang, amount=amount) for v in value))
    if kind is dict or isinstance(value, Mapping):
        if "start" in value and "end" in value:
            return f"{show(value['start'], lang)} – {show(value['end'], lang)}"
        if "amount" in value:
            return show(value["amount"], lang, amount=True)
        return clip("; ".join(f"{k} {show(v, lang, amount=amount)}" for k, v in value.items()))
    return clip(str(value))


def quoted(text: Any, limit: int = 40) -> str:
    return f"“{clip(str(text), limit)}”"


def pages(values: Any, lang: str) -> str:
    nums = [str(p) for p in values or [] if p is not None]
    return t(lang, "page", p=t(lang, "or").join(nums)) if nums else t(lang, "nothing")


def _pct(x: Any) -> str:
    return f"{float(x):.0%}" if isinstance(x, (int, float)) else "?"


# --- explainers: (component, details, lang) -> items ---------------------------------------------


def _item(name: str, comp: Mapping[str, Any], what: str, exp: str, got: str, why: str) -> dict[str, Any]:
    return {
        "component": name,
        "label": what,
        "weight": comp.get("weight"),
        "score": comp.get("score"),
        "status": comp.get("status"),
        "expected": exp,
        "read": got,
        "why": why,
    }


def _field_why(name: str, f: Mapping[str, Any], lang: str, exp: str, got: str) -> str:
    status, reason, what = f.get("status"), str(f.get("reason") or ""), label(name, lang)
    if status == "match":
        return t(lang, "matches")
    if status == "judged":  # a configured judge overturned the reading (docs/scoring/judges.md)
        judge = _map(f.get("judge"))
        return t(lang, "judged", name=judge.get("name"), reason=judge.get("reason"))
    if "no definite" in reason or "not definite" in reason:
        return t(lang, "vague", what=what)
    if "without its year" in reason:
        return t(lang, "no_year")
    if status == "omission":
        return t(lang, "omitted", what=what)
    if name == "amount_breakdown":
        stated = {str(x) for x in f.get("extracted") or []}
        missing = [x for x in f.get("expected") or [] if str(x) not in stated]
        return t(lang, "parts", parts=show(missing, lang, amount=True, sep=" + "))
    key = {"boolean_answer": "yesno", "entity": "lacks", "text_answer": "lacks", "date_range": "range"}
    return t(lang, key.get(name, "differs"), got=got, exp=exp)


def _exact_match(comp: Mapping[str, Any], details: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    fields = _map(details.get("fields"))
    out = []
    for name, f in sorted(fields.items(), key=lambda nf: (_FIELD_ORDER.get(nf[0], len(_FIELD_ORDER)), nf[0])):
        if not isinstance(f, Mapping) or (comp.get("score") != 1.0 and f.get("status") == "match"):
            continue
        amount = name.startswith("amount")
        want = f.get("expected")
        if name in ("entity", "text_answer"):
            exp = " / ".join(quoted(v) for v in (want if isinstance(want, list) else [want]))
        else:
            exp = show(want, lang, amount=amount, sep=" + " if name == "amount_breakdown" else ", ")
        got = show(f.get("extracted"), lang, amount=amount)
        out.append(
            _item("exact_match", comp, label(name, lang), exp, got, _field_why(name, f, lang, exp, got))
        )
    return out or [_generic("exact_match", comp, details, lang)[0]]


def places(values: Any, lang: str) -> str:
    """A case file's places, ``xunwen-2 p.1``, as ``xunwen-2 page 1`` / ``xunwen-2 第1页``."""
    shown = []
    for value in values or []:
        doc, _, page = str(value).rpartition(" p.")
        shown.append(f"{doc} {t(lang, 'page', p=page)}" if doc else str(value))
    return t(lang, "or").join(shown) if shown else t(lang, "nothing")


def _citation(comp: Mapping[str, Any], details: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    want, read = comp.get("expected"), _map(comp.get("extracted"))
    exp = pages(want if isinstance(want, list) else _map(want).get("pages"), lang)
    provided = read.get("provided", bool(read.get("pages")))
    got = pages(read.get("pages"), lang) if provided else t(lang, "no_citation")
    if _map(want).get("locations"):  # a case file: a page means nothing without its document
        exp = places(_map(want)["locations"], lang)
        got = places(read.get("locations"), lang) if provided and read.get("locations") else got
    if comp.get("score") == 1.0:
        why = t(lang, "cite_ok")
    else:
        why = t(lang, "cite_wrong", got=got, exp=exp) if provided else t(lang, "cite_none")
    return [_item("citation", comp, label("citation", lang), exp, got, why)]


def _missing_passages(details: Mapping[str, Any], lang: str) -> str:
    wanted = [r for r in _map(details.get("evidence")).get("required") or [] if isinstance(r, Mapping)]
    if any(r.get("critical") for r in wanted):
        wanted = [r for r in wanted if r.get("critical")]
    missing = [r for r in wanted if r.get("status") != "match" and not r.get("covered_by")]
    shown = [
        (t(lang, "page", p=r["page"]) + " " if r.get("page") else "") + quoted(r.get("must_include"), 24)
        for r in missing[:MAX_LISTED]
    ]
    if len(missing) > len(shown):
        shown.append(t(lang, "more", n=len(missing) - len(shown)))
    return ("；" if lang == "zh" else "; ").join(shown)


def _ratio_min(comp: Mapping[str, Any]) -> Any:
    return _map(comp.get("expected")).get("min")


def _recall(comp: Mapping[str, Any], details: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    ev = _map(details.get("evidence"))
    n, k, minimum = ev.get("critical_total"), ev.get("critical_covered"), _ratio_min(comp)
    if n is None:
        return _generic("evidence_recall", comp, details, lang)
    exp = t(lang, "recall_exp", min=_pct(minimum), n=n) if minimum is not None else t(lang, "recall_all", n=n)
    missing = _missing_passages(details, lang)
    if comp.get("score") == 1.0:
        why = t(lang, "matches")
    else:
        why = t(lang, "missing", what=missing) if missing else t(lang, "below", min=_pct(minimum))
    return [
        _item(
            "evidence_recall", comp, label("evidence_recall", lang), exp, t(lang, "recall_got", k=k, n=n), why
        )
    ]


def _precision(comp: Mapping[str, Any], details: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    ev = _map(details.get("evidence"))
    n, k, minimum = len(ev.get("items") or []), ev.get("relevant", 0), _ratio_min(comp)
    exp = t(lang, "prec_exp", min=_pct(minimum)) if minimum is not None else t(lang, "prec_all")
    if comp.get("score") == 1.0:
        why = t(lang, "matches")
    else:
        why = t(lang, "prec_off", off=n - k, n=n) if n else t(lang, "prec_none")
    return [
        _item(
            "evidence_precision",
            comp,
            label("evidence_precision", lang),
            exp,
            t(lang, "prec_got", k=k, n=n),
            why,
        )
    ]


def _abstention(comp: Mapping[str, Any], details: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    want, cue, ok = comp.get("expected"), comp.get("extracted"), comp.get("score") == 1.0
    if want == "conflict":
        exp, miss, why = t(lang, "conflict_exp"), t(lang, "conflict_miss"), t(lang, "conflict_why")
        got = t(lang, "conflict_got", cue=cue) if ok else miss
        sides = _map(details.get("sides"))  # a contradiction across documents (scorers.sides)
        if not ok and cue and sides.get("answer_cites") and not sides.get("both_cited"):
            missing = [] if sides.get("required_cited") else [sides.get("required")]
            missing += [] if sides.get("additional_cited") else list(sides.get("additional") or [])
            where = places([f"{_map(m).get('document')} p.{_map(m).get('page')}" for m in missing], lang)
            got, why = t(lang, "conflict_got", cue=cue), t(lang, "conflict_one_side", where=where)
    elif want == "abstain":
        exp, why = t(lang, "abstain_exp"), t(lang, "abstain_why")
        got = t(lang, "abstains", cue=cue) if ok else t(lang, "answers")
    else:
        exp, why = t(lang, "answer_exp"), t(lang, "answer_why")
        got = t(lang, "abstains", cue=cue) if cue else t(lang, "answers")
    return [_item("abstention", comp, label("abstention", lang), exp, got, t(lang, "matches") if ok else why)]


def _hallucination(comp: Mapping[str, Any], details: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    invented = [x for x in details.get("invented") or [] if isinstance(x, Mapping) and x.get("counts", True)]
    sep = "；" if lang == "zh" else "; "
    got = clip(
        sep.join(f"{label(str(x.get('kind')), lang)} {x.get('raw') or x.get('value')}" for x in invented)
    )
    got = got or show(comp.get("extracted"), lang)
    if comp.get("score") == 1.0:
        why = t(lang, "matches")
    else:
        why = t(lang, "facts_why", got=got) if invented else clip(str(comp.get("reason") or ""), 120)
    return [_item("no_hallucination", comp, label("no_hallucination", lang), t(lang, "facts_exp"), got, why)]


def _quote(comp: Mapping[str, Any], details: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    want = comp.get("expected")
    wants = want if isinstance(want, list) else [want] if want else []
    exp = t(lang, "or").join(quoted(w, 30) for w in wants[:2]) or t(lang, "nothing")
    if len(wants) > 2:
        exp += t(lang, "quote_more", n=len(wants))
    got = quoted(comp["extracted"], 30) if comp.get("extracted") else t(lang, "nothing")
    why = t(lang, "matches") if comp.get("score") == 1.0 else t(lang, "quote_why")
    return [_item("quote", comp, label("quote", lang), exp, got, why)]


def _generic(
    name: str, comp: Mapping[str, Any], details: Mapping[str, Any], lang: str
) -> list[dict[str, Any]]:
    why = t(lang, "matches") if comp.get("score") == 1.0 else clip(str(comp.get("reason") or ""), 120)
    exp, got = show(comp.get("expected"), lang), show(comp.get("extracted"), lang)
    return [_item(name, comp, label(name, lang), exp, got, why)]


Explainer = Callable[[Mapping[str, Any], Mapping[str, Any], str], list[dict[str, Any]]]
EXPLAINERS: dict[str, Explainer] = {
    "exact_match": _exact_match,
    "citation": _citation,
    "evidence_recall": _recall,
    "evidence_precision": _precision,
    "abstention": _abstention,
    "no_hallucination": _hallucination,
    "quote": _quote,
}


def explain(entry: Mapping[str, Any], lang: str = "en", *, everything: bool = False) -> list[dict[str, Any]]:
    """What each component that fell short expected, read and why (every applicable one with
    ``everything``), heaviest component first: dicts with component, label, weight, score, status,
    expected, read, why. exact_match gives one item per answer field."""
    details = _map(entry.get("details"))
    comps = _map(details.get("components"))
    ordered = sorted(
        ((n, c) for n, c in comps.items() if isinstance(c, Mapping) and c.get("score") is not None),
        key=lambda item: (-(item[1].get("weight") or 0.0), item[0]),
    )
    out: list[dict[str, Any]] = []
    for name, comp in ordered:
        if everything or comp.get("score", 0.0) < 1.0:
            fn = EXPLAINERS.get(name)
            out.extend(fn(comp, details, lang) if fn else _generic(name, comp, details, lang))
    return out


def answer_first_line(entry: Mapping[str, Any], limit: int = MAX_VALUE_WIDTH) -> str:
    text = str(_map(entry.get("answer")).get("answer") or "")
    first = next((line for line in text.splitlines() if line.strip()), "")
    return clip(first, limit) if first else ""
