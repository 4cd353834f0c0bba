"""Compare cn2an with our normaliser: correctness on a table of strings, import time, calls per second.

Run: ``uv run python benchmarks/normalize_libs.py`` (prints markdown tables; ``--quick`` for fewer repeats).
cn2an is a dev dependency used here and in tests as an oracle only; scorers/ never imports it.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
import timeit
import warnings
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from benchmark.text import (
    contains_folded,
    find_amounts,
    find_counts,
    find_dates,
    fold,
    fold_with_map,
    parse_amount,
    parse_chinese_number,
    parse_count,
    parse_date,
    parse_digit_sequence,
    read_boolean,
)
from benchmark.text.amounts import _find_amounts
from benchmark.text.dates import _find_dates

# (string, expected value in yuan or None when the string is not one amount)
TABLE: list[tuple[str, Decimal | None]] = [
    (s, Decimal(v) if v is not None else None)
    for s, v in [
        ("42000", "42000"),
        ("42,000", "42000"),
        ("42,000.00元", "42000"),
        ("¥42,000", "42000"),
        ("¥42,000.00元", "42000"),
        ("4.2万元", "42000"),
        ("4.2万", "42000"),
        ("四万二千元", "42000"),
        ("四万二千", "42000"),
        ("肆万贰仟元整", "42000"),
        ("人民币肆万贰仟元整", "42000"),
        ("人民币壹拾伍万元整", "150000"),
        ("４２０００元", "42000"),
        ("4万2千元", "42000"),
        ("4万2千", "42000"),
        ("1.5亿", "150000000"),
        ("3千元", "3000"),
        ("壹佰元伍角", "100.5"),
        ("100元5角2分", "100.52"),
        ("一万零五百元", "10500"),
        ("一万零五百", "10500"),
        ("两千元", "2000"),
        ("两千", "2000"),
        ("十二", "12"),
        ("十万", "100000"),
        ("一百零五", "105"),
        ("一亿二千万", "120000000"),
        ("四万二", "42000"),
        ("三点五万", "35000"),
        ("十二块五", "12.5"),
        ("RMB 42,000", "42000"),
        ("42,000 yuan", "42000"),
        ("CNY 42000", "42000"),
        ("42000元人民币", "42000"),
        ("5000万元", "50000000"),
        ("叁仟元整", "3000"),
        ("三四万元", None),
        ("约4万元", None),
        ("二〇二〇", None),
        ("2020年8月31日", None),
    ]
]


def _cn2an(mode: str) -> Callable[[str], Decimal | None]:
    import cn2an

    def parse(s: str) -> Decimal | None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                value = cn2an.cn2an(s, mode)
            except Exception:
                return None
        return Decimal(str(value))

    return parse


def correctness() -> dict[str, int]:
    parsers: dict[str, Callable[[str], Any]] = {
        "ours (parse_amount)": parse_amount,
        "cn2an strict": _cn2an("strict"),
        "cn2an normal": _cn2an("normal"),
        "cn2an smart": _cn2an("smart"),
    }
    print("## Correctness (whole string -> value in yuan; None = not one amount)\n")
    print("| string | expected | " + " | ".join(parsers) + " |")
    print("|---|---|" + "---|" * len(parsers))
    score = dict.fromkeys(parsers, 0)
    for s, expected in TABLE:
        cells = []
        for name, parse in parsers.items():
            got = parse(s)
            ok = got == expected
            score[name] += ok
            cells.append(f"{'' if ok else '**'}{got}{'' if ok else '**'}")
        print(f"| `{s}` | {expected} | " + " | ".join(cells) + " |")
    print()
    print("| parser | correct / total |")
    print("|---|---|")
    for name, n in score.items():
        print(f"| {name} | {n} / {len(TABLE)} |")
    print()
    return score


def _import_time(module: str, runs: int) -> float:
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    times = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        times.append(float(out.stdout.strip().splitlines()[-1]))
    return statistics.median(times)


def import_times(runs: int) -> None:
    print(f"## Import time (fresh interpreter, median of {runs})\n")
    print("| module | ms |")
    print("|---|---|")
    for module in ("benchmark.text", "cn2an"):
        print(f"| `{module}` | {_import_time(module, runs) * 1000:.1f} |")
    print()


def _rate(fn: Callable[[], object], number: int, repeat: int) -> float:
    """Calls per second of CPU time (process time: fairer than wall time on a shared machine)."""
    return number / min(timeit.repeat(fn, number=number, repeat=repeat, timer=time.process_time))


ANSWER = (
    "成龙飞于2020年8月31日通过银行转账给了陈明飞42000元（人民币肆万贰仟元整），分两次支付："
    "第一次30000元，第二次12000元。陈明飞说过要退，但没有退还。电话13900000271。"
)


def speeds(number: int, repeat: int) -> None:
    both = [s for s, expected in TABLE if expected is not None and _cn2an("smart")(s) == expected]
    smart = _cn2an("smart")
    print(f"## Calls per second (best of {repeat})\n")
    print(f"Head to head on the {len(both)} strings both parse correctly (one call = one string):\n")
    print("| parser | calls/s |")
    print("|---|---|")
    n = max(1, number // len(both))
    ours = _rate(lambda: [parse_amount(s) for s in both], n, repeat) * len(both)
    theirs = _rate(lambda: [smart(s) for s in both], n, repeat) * len(both)
    print(f"| ours `parse_amount` | {ours:,.0f} |")
    print(f"| cn2an `cn2an(s, 'smart')` | {theirs:,.0f} |")
    print()
    print(
        f"Our functions (free-text finders on a {len(ANSWER)}-character answer with 4 amounts and a date):\n"
    )
    cases: list[tuple[str, Callable[[], object]]] = [
        ("parse_chinese_number('四万二千')", lambda: parse_chinese_number("四万二千")),
        ("parse_digit_sequence('二〇二〇')", lambda: parse_digit_sequence("二〇二〇")),
        ("parse_amount('人民币肆万贰仟元整')", lambda: parse_amount("人民币肆万贰仟元整")),
        ("parse_amount('42,000.00元')", lambda: parse_amount("42,000.00元")),
        ("parse_date('2020年8月31日')", lambda: parse_date("2020年8月31日")),
        ("parse_date('2020-08-31')", lambda: parse_date("2020-08-31")),
        ("parse_count('三次')", lambda: parse_count("三次")),
        ("fold(answer)", lambda: fold(ANSWER)),
        ("fold_with_map(answer)", lambda: fold_with_map(ANSWER)),
        ("find_amounts(answer), uncached", lambda: _find_amounts(ANSWER)),
        ("find_dates(answer), uncached", lambda: _find_dates(ANSWER)),
        ("find_counts(answer)", lambda: find_counts(ANSWER)),
        ("read_boolean(answer, question)", lambda: read_boolean(ANSWER, "陈明飞是否退还了钱款？")),
        ("find_amounts('总共给了42000元'), uncached", lambda: _find_amounts("总共给了42000元")),
        ("read_boolean('没有退还', '是否退还')", lambda: read_boolean("没有退还", "是否退还")),
    ]
    print("| call | calls/s |")
    print("|---|---|")
    for label, fn in cases:
        print(f"| `{label}` | {_rate(fn, number, repeat):,.0f} |")
    print()


def pairs_per_second(n: int) -> None:
    """A fact_exact-like pass over n distinct answers: amounts, dates, a boolean, a text containment."""
    answers = [
        f"根据笔录，成龙飞于2020年8月{1 + i % 28}日向陈明飞转账{30000 + i}元，后又给了{12000 + i}元，"
        f"合计人民币{42000 + 2 * i}元。陈明飞说过要退，但没有退还。"
        for i in range(n)
    ]
    t0 = time.process_time()
    for answer in answers:
        amounts = find_amounts(answer)
        any(f.definite and f.value == 42000 for f in amounts)
        find_dates(answer)
        read_boolean(answer, "陈明飞是否退还了钱款？")
        contains_folded(answer, "陈明飞")
    elapsed = time.process_time() - t0
    print("## A fact_exact-like pass over distinct answers\n")
    print(
        f"{n} distinct answers of ~{len(answers[0])} characters, each: find_amounts + find_dates + "
        f"read_boolean + contains_folded (caches cold): **{n / elapsed:,.0f} answers/s**.\n"
    )


def main() -> None:
    quick = "--quick" in sys.argv
    t0 = time.perf_counter()
    correctness()
    import_times(3 if quick else 7)
    speeds(2000 if quick else 20000, 3 if quick else 5)
    pairs_per_second(2000 if quick else 10000)
    print(f"_Python {sys.version.split()[0]}; total {time.perf_counter() - t0:.1f} s._")


if __name__ == "__main__":
    main()
