"""The canonical wording of free text: numbers in digits, width, case and punctuation folded."""

from __future__ import annotations

import pytest

from benchmark.text import fold
from benchmark.text.wording import canonical, numbers

CANONICAL = [
    ("十五日", "15日", "a number in words with a unit character"),
    ("15天", "15日", "天 after a number is 日"),
    ("两年", "2年", "两 before a measure word"),
    ("二年", "2年", "a lone digit before a measure word"),
    ("第二实验小学", "第2实验小学", "a lone digit after 第"),
    ("一分不少", "1分不少", "分 is a measure word"),
    ("统一社会信用代码", "统一社会信用代码", "a lone 一 inside a word stays"),
    ("一审", "一审", "审 is no measure word"),
    ("万一", "万一", "no number"),
    ("三四万元", "30000~40000元", "a rough number of two neighbouring digits spans both, as 3、4 would"),
    ("五六个", "5~6个", "a rough count: the two counts, written apart as 5、6个 and 5-6个 are"),
    ("5、6个", "5~6个", "the same rough count in digits"),
    ("5-6个", "5~6个", "and with a dash"),
    ("十七八岁", "17~18岁", "a rough number after 十"),
    ("二十七八岁", "27~28岁", "after 二十"),
    ("七八十人", "70~80人", "a rough number of tens"),
    ("十一二月", "11~12月", "after 十: eleven or twelve"),
    ("大概一两万一个月", "大概10000~20000一个月", "a pair run on into 一个月: the pair, that 一 as written"),
    ("三五个", "三五个", "not neighbours: a few, no number"),
    ("一二三", "一二三", "three digits are no rough pair"),
    ("十几个", "10几个", "几 is no digit"),
    ("百分之六", "6%", "百分之 is a percent sign"),
    ("月利率百分之零点九", "月利率0.9%", "a decimal in words"),
    ("千分之五", "5‰", "千分之 is per mille"),
    ("百分之6", "6%", "百分之 before digits"),
    ("二〇二〇年八月三十一日", "2020年8月31日", "digits one by one and a date"),
    ("人民币300,000元", "人民币300000元", "thousands separators go"),
    ("0.9%", "0.9%", "decimal point and percent kept"),
    ("1, 2", "1|2", "two numbers stay apart"),
    (
        "2020-8-3 20:17",
        "2020~8~3|20时17分",
        "a dash or 、 joins two numbers (~), a space keeps them apart (|)",
    ),
    ("15 days from service", "15日fromservice", "an English duration after a number reads as in Chinese"),
    ("a 15-day period", "a15日period", "as a compound adjective"),
    ("3 Months", "3个月", "months, any case"),
    ("Fifteen days from service", "15日fromservice", "a number in English words before a duration"),
    ("twenty-one months", "21个月", "tens and ones joined by a hyphen"),
    ("the one of them", "theoneofthem", "a number word before no duration stays a word"),
    ("2 years", "2年", "years"),
    ("the 2 dayside", "the2dayside", "only the whole word"),
    ("60多平米", "60多平方米", "平米 is 平方米"),
    ("63㎡", "63平方米", "the square-metre sign"),
    ("5万多", "50000多", "digits before 万: the whole number, as 五万 gives it"),
    ("1.5亿元", "150000000元", "亿 with a decimal"),
    ("2千元", "2000元", "千 after digits (was 21000)"),
    ("3千米", "3千米", "千米 is a unit, not a magnitude"),
    ("三点", "3点", "点 is a measure word of time"),
    ("六十三平", "63平方米", "平 after a number is the spoken 平方米"),
    ("63平方", "63平方米", "平方 after a number"),
    ("比例持平", "比例持平", "平 after no number stays"),
    ("4月14号", "4月14日", "the day of a month written 号 is 日"),
    ("四月十四号", "4月14日", "the same in words"),
    ("7号照片", "7号照片", "号 after no month stays (a number of a photo)"),
    ("民初5836号", "民初5836号", "a case number keeps its 号"),
    ("63 m2", "63平方米", "m2 after a number"),
    ("5公斤", "5千克", "公斤 is 千克"),
    ("3 km", "3千米", "km after a number"),
    ("room 3m2x", "room3m2x", "only a unit that stands alone"),
    ("20:17", "20时17分", "a clock time has one spelling"),
    ("20：17", "20时17分", "a full-width colon"),
    ("20点17分", "20时17分", "点 for the hour is no decimal point"),
    ("下午4点20", "下午16时20分", "4点20 without 分 is a clock time too"),
    ("下午4点半", "下午16时30分", "半 is 30 minutes"),
    ("利率4.20%", "利率4.20%", "a decimal stays one"),
    ("二十点十七分", "20时17分", "the time in words: 点 before the minutes is the hour"),
    ("08:05", "8时5分", "a time loses its leading zeros"),
    ("08时05分", "8时5分", "in either spelling"),
    ("20:17:05", "20时17分5秒", "seconds"),
    ("10:30至11:45", "10时30分至11时45分", "two times"),
    ("3:2", "3|2", "a ratio (one digit after the colon) is no time: its numbers stay apart"),
    ("25:30", "25|30", "no hour 25"),
    ("七点二", "7.2", "点 without minutes is a decimal point"),
    ("２０时１７分", "20时17分", "full width"),
    ("临0102民初5836号", "临0102民初5836号", "zeros of a code kept"),
    ("-5度", "-5度", "a sign"),
    ("2021-08-16", "2021~08~16", "a hyphen between numbers is no sign: it joins them"),
    ("- 蒲立恒", "蒲立恒", "a dash before words is punctuation"),
    ("温度为 -5 度", "温度为-5度", "a sign after a space"),
    ("line\nbreak 3", "linebreak3", "line breaks go"),
    ("AB-1", "ab1", "a hyphen after a letter is no sign"),
    ("Junior college.", "juniorcollege", "English: case and spaces"),
    ("“乐言 上学”", "乐言上学", "quotes and spaces"),
    ("", "", "empty"),
]


@pytest.mark.parametrize(("text", "expected", "why"), CANONICAL)
def test_canonical(text: str, expected: str, why: str) -> None:
    assert canonical(text) == expected, why


@pytest.mark.parametrize(
    "text", ["蒲立恒", "江州市中级人民法院", "Fu Xiaochuan (符晓川).", "「启明 戚老师」"]
)
def test_canonical_without_numbers_is_the_fold(text: str) -> None:
    assert canonical(text) == fold(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("年利率0.9%", ("0.9%",)),
        ("10.9%", ("10.9%",)),
        ("2020年8月3日20时17分", ("2020", "8", "3", "20", "17")),
        ("1|2", ("1", "2")),
        ("-5度", ("-5",)),
        ("没有数字", ()),
    ],
)
def test_numbers_are_whole(text: str, expected: tuple[str, ...]) -> None:
    assert numbers(canonical(text)) == expected
