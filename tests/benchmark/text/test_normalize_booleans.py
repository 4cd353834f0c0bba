"""Yes/no stances: negation-aware, question-aware."""

from __future__ import annotations

import pytest

from benchmark.text import read_boolean

# (answer, question, expected value or None for no stance, why)
CASES: list[tuple[str, str | None, bool | None, str]] = [
    ("根据笔录，是。", "是否认罪？", True, "a lead clause is read past"),
    ("经查，否。", "有没有同伙？", False, "经查 lead clause"),
    ("答：是的，签了。", "是否签了收条？", True, "答 prefix"),
    ("答：没有。", "以前是否受过处罚？", False, "答 prefix then 没有"),
    ("Based on the judgment, no.", "法院是否支持了该项请求？", False, "an English lead clause is read past"),
    ("According to the record, yes, he signed.", "是否签了收条？", True, "according to ..., yes"),
    ("Answer: No.", "是否认罪？", False, "an English answer label"),
    (
        "No, the second IOU does not provide for interest.",
        "第二张借条有没有约定利息？",
        False,
        "a leading No before words that look like an abstention",
    ),
    (
        "No information is given on that.",
        "有没有同伙？",
        None,
        "No before a noun is no answer: an abstention",
    ),
    ("答案：需要\n理由：判决主文第二项", "是否需要承担连带责任？", True, "答案： is a label"),
    ("结论：没有约定。", "是否约定了利息？", False, "结论： is a label"),
    ("到庭了吗？没有。", "是否到庭参加了诉讼？", False, "the question asked back asserts nothing"),
    ("谁说没签？签了。", "是否签了收条？", True, "a rhetorical question, then the answer"),
    ("签了吗？", "是否签了收条？", None, "an answer that only asks takes no stance"),
    ("缺席", "是否到庭参加了诉讼？", False, "缺席: the antonym of 到庭"),
    ("还了一部分", "被告是否还清了借款？", None, "repaid in part does not say repaid in full (was a yes)"),
    ("付了一半", "是否付清了房款？", None, "the bare verb does not answer 付清"),
    ("没还清", "被告是否还清了借款？", False, "the compound, negated"),
    ("已全部还清", "被告是否还清了借款？", True, "the compound"),
    ("她没有缺席", "是否到庭参加了诉讼？", True, "not absent"),
    (
        "原告当庭表示放弃借期内利息",
        "原告是否放弃了借期内利息？",
        True,
        "表示放弃: a waiver is made by declaring it",
    ),
    ("原告表示不放弃借期内利息", "原告是否放弃了借期内利息？", False, "declaring that he does not waive"),
    ("原告明确表示不主张借期内利息", "原告是否放弃了借期内利息？", True, "not claiming it waives it"),
    # Questions that ask a duty or a possibility (是否需要/应当, 可以…吗): the modal in the answer answers.
    (
        "应当承担连带责任",
        "钮嘉禾是否需要对第一笔借款承担连带责任？",
        True,
        "应当 answers 是否需要 (was None)",
    ),
    ("要承担", "钮嘉禾是否需要对第一笔借款承担连带责任？", True, "要 answers 需要"),
    ("不应承担责任", "钮嘉禾是否需要对第一笔借款承担连带责任？", False, "the modal negated"),
    ("应当", "被告是否应当支付违约金？", True, "the modal alone"),
    ("不需要", "被告是否应当支付违约金？", False, "the modal alone, negated"),
    ("无需支付", "被告是否应当支付违约金？", False, "无需 negates (was a yes)"),
    ("乙方不必支付提前还款违约金", "甲方是否收取提前还款违约金？", False, "不必 negates (was a yes)"),
    ("被告应支付违约金5000元", "被告是否应当支付违约金？", True, "应 before the act (was None)"),
    ("可以", "当事人可以上诉吗？", True, "可以 answers 可以…吗 (was None)"),
    ("不能上诉", "当事人可以上诉吗？", False, "不能"),
    ("应当支付", "被告是否支付了违约金？", None, "under a question of fact, 应当 is only a duty"),
    ("没有要回来", "原告是否要回了借款？", False, "要回 is a verb of its own, no modal"),
    # The act after a phrase of its own, a court's order or a light verb.
    (
        "应当对第一笔借款承担连带清偿责任",
        "钮嘉禾是否需要对第一笔借款承担连带责任？",
        True,
        "the 对 phrase repeated",
    ),
    (
        "判决其承担连带清偿责任",
        "钮嘉禾是否需要对第一笔借款承担连带责任？",
        True,
        "the act after the 对 phrase",
    ),
    (
        "濮晓岚不用承担连带清偿责任",
        "法院是否判令被告濮晓岚对本案债务承担连带清偿责任？",
        False,
        "the act ordered, negated",
    ),
    (
        "不是。约定4月15日，实际4月20日还款。",
        "第2期款项是否在约定还款日当日或之前归还？",
        False,
        "a time condition is part of what is asked: the bare act does not answer",
    ),
    (
        "未获支持",
        "原告的利息请求是否得到支持？",
        False,
        "得到支持 asks about 支持; 获 is read past (was a yes)",
    ),
    ("被驳回", "原告的利息请求是否得到支持？", False, "驳回, the antonym of 支持"),
    (
        "律师代理费的请求未获支持。",
        "法院是否支持了原告要求被告支付律师代理费的诉讼请求？",
        False,
        "请求 before 未 is a noun, no intention (was None)",
    ),
    # No objection is assent.
    ("他说没意见", "庞绍钧是否认可司法会计鉴定的数字？", True, "没意见 assents (was None)"),
    ("对借款事实没有意见", "被告是否认可向原告借款的事实？", True, "没有意见 assents (was None)"),
    ("被告对借款事实有意见", "被告是否认可向原告借款的事实？", False, "有意见 objects"),
    ("对鉴定意见没有异议", "是否认可鉴定结论？", True, "鉴定意见 is a noun, not an objection"),
    # A question about the whole, or about an act on time.
    (
        "部分支持",
        "法院是否支持原告的全部诉讼请求？",
        False,
        "a part answers a question about the whole with no",
    ),
    ("只支持了本金部分，利息请求被驳回", "法院是否支持原告的全部诉讼请求？", False, "只: only a part"),
    ("是，全部予以支持", "法院是否支持原告的全部诉讼请求？", True, "the whole"),
    ("部分支持", "法院是否支持原告的诉讼请求？", True, "no whole asked: a part is support"),
    ("不只签了一份", "是否签了收条？", True, "不只 (more than) negates nothing"),
    ("起初认可，后来又否认借款事实", "被告是否认可借款事实？", False, "后来: the later stance decides"),
    ("起初没还，后来还了", "被告是否归还了借款？", True, "后来 with the same predicate"),
    # The occasion the question asks about picks the stance, not the later one.
    (
        "第一次讯问时否认，后来第二次讯问才承认",
        "第一次讯问时，庞绍钧是否承认在网上赌博？",
        False,
        "the first interrogation is asked: its 否认 (was a yes, from 后来)",
    ),
    (
        "第1次否认，但第2次承认了",
        "第一次讯问时，庞绍钧是否承认在网上赌博？",
        False,
        "第1次 is 第一次",
    ),
    (
        "第一次讯问时否认，后来第二次讯问才承认",
        "第二次讯问时，庞绍钧是否承认在网上赌博？",
        True,
        "the second is asked: the later stance",
    ),
    ("起初否认，后来承认", "第一次讯问时，是否承认赌博？", True, "no occasion named: the later stance"),
    # A question restated before its answer (问：…？答：…, Q: … A: …) asserts nothing.
    (
        "问：有没有同伙？\n答：没有，他说是一个人干的。",
        "戚鸣远在本案中有没有同伙？",
        False,
        "问/答 (was no stance)",
    ),
    (
        "问：法院是否支持律师代理费？答：不支持。",
        "法院是否支持了律师代理费？",
        False,
        "答 after the question",
    ),
    ("Q: 有没有同伙？ A: 没有。", "戚鸣远在本案中有没有同伙？", False, "A: is a label"),
    # A finding after 对…作出: 认定 is what is asked.
    (
        "法院没有认定具体数额",
        "法院是否对网络赌博的具体金额作出了认定？",
        False,
        "作出认定: 认定 (was no stance)",
    ),
    ("已作出认定", "法院是否对网络赌博的具体金额作出了认定？", True, "作出"),
    # Idioms of yes and no, and the words of a record.
    ("并非如此，另有蒲立恒参与。", "戚鸣远是不是一个人作案？", False, "并非如此: not so (was a yes)"),
    ("查无此事。", "被告有没有在借条上签字？", False, "no such thing (was no stance)"),
    ("确有其事，借条上有他的签字。", "被告有没有在借条上签字？", True, "确有其事"),
    (
        "借条上的签字不是他签的。",
        "被告有没有在借条上签字？",
        False,
        "的签字 is the thing; 不是他签的 the act (was a yes)",
    ),
    ("借条上有他的签字", "被告有没有在借条上签字？", True, "在借条上: 签字 is asked"),
    ("报了，2020年10月12日去报的案。", "邝振川报过警吗？", True, "报过警吗: 报警 (was no stance)"),
    ("他一直没去报警。", "邝振川报过警吗？", False, "没去: 去 is read past (was a yes)"),
    ("素不相识。", "甘立群是否认识芮晓棠？", False, "相识 is 认识"),
    ("已届满。", "借款是否已经到期？", True, "届满 is 到期"),
    ("被告本人未到庭，由委托代理人出庭。", "被告是否出庭？", False, "由X出庭 is X's act (was a yes)"),
    ("否，其无犯罪前科。", "庞绍钧以前是否受过刑事处罚？", False, "犯罪前科 after its negator"),
    ("此前无违法犯罪记录。", "庞绍钧以前是否受过刑事处罚？", False, "a record of crime (was no stance)"),
    ("曾因诈骗被判刑", "被告人是否有前科？", True, "被判刑 is a record"),
    (
        "濮晓岚经传票传唤，无正当理由拒不到庭",
        "被告濮晓岚是否到庭参加了诉讼？",
        False,
        "理由 is no agent's 由",
    ),
    ("He never signed it.", "Did the defendant sign the IOU?", False, "sign: signed (was no stance)"),
    ("The signature is not his.", "Did the defendant sign the IOU?", False, "sign: signature"),
    (
        "Only partly: 55,000 of 150,000 was repaid.",
        "Was the loan repaid in full?",
        False,
        "partly (was a yes)",
    ),
    ("Yes, in full.", "Was the loan repaid in full?", True, "in full"),
    # Procedure: findings, light verbs, nobody, what a verb of saying reports.
    ("不能认定为自首。", "被告人是否构成自首？", False, "认定为 is read past (was a yes)"),
    ("其系被抓获归案，不属自首。", "被告人是否构成自首？", False, "属 is a copula (was a yes)"),
    ("虽如实供述，但系被动归案，依法不认定自首。", "被告人是否构成自首？", False, "不认定"),
    ("没有人申请回避。", "当事人是否申请回避？", False, "nobody (was a yes)"),
    ("已过诉讼时效。", "原告的起诉是否超过诉讼时效？", True, "超过 keeps its 过; 已过 is 超过"),
    ("未超过诉讼时效。", "原告的起诉是否超过诉讼时效？", False, "未超过"),
    ("被告未提起反诉。", "被告是否提出了反诉？", False, "提起 is read past (was a yes)"),
    ("合同对违约金未作约定。", "合同是否约定了违约金？", False, "未作约定 (was a yes)"),
    ("不能说没有参与。", "庞绍钧是否参与了赌博？", True, "不能说没有: two negators (was a no)"),
    ("逾期利息的请求被驳回。", "法院是否支持了逾期利息？", False, "请求 before 被 is a noun"),
    (
        "邮件被退回，被告未签收。",
        "被告是否收到了催款通知？",
        False,
        "签收 shares 收 with 收到; 退回 is another act",
    ),
    (
        "对真实性无异议，但对关联性有异议。",
        "被告是否认可转账记录的真实性？",
        True,
        "the later stance concerns 关联性, not the 真实性 asked (was a no)",
    ),
    # Up to now, whose act it is, where it would be, what a thing is said to be.
    ("目前还没有。", "戚鸣远是否退还了邝振川的钱？", False, "目前: a time up to now (was no stance)"),
    ("被告对借款事实予以确认。", "被告是否认可借款事实？", True, "确认 is 认可"),
    ("被告未出席庭审。", "被告是否到庭？", False, "出席 is 到庭"),
    ("最终没能入学。", "邝乐言是否被录取？", False, "入学 is 录取"),
    ("只有借款人签名，保证人未签。", "合同上是否有保证人的签名？", False, "借款人签名 is another party's"),
    ("保证人签名处为空白。", "合同上是否有保证人的签名？", False, "the place for it is blank (was a yes)"),
    (
        "她称签名是费明朗代签的，本人没签。",
        "钮嘉禾是否签署了保证条款？",
        False,
        "签名是…: the thing; 代签 another's act",
    ),
    ("取得了被害人谅解", "被告人是否取得了被害人的谅解？", True, "the victim's forgiveness"),
    (
        "签名不是被告本人所签",
        "被告是否在借条上签字？",
        False,
        "签名 before 不是: the thing; 所签 the act (was a yes)",
    ),
    ("签名是被告本人所签", "被告是否在借条上签字？", True, "所签, affirmed"),
    ("被害人未予谅解", "被告人是否取得了被害人的谅解？", False, "被害人 is no act of the question"),
    # Contracts and procedure.
    ("合同禁止提前还款。", "乙方能否提前还款？", False, "禁止 negates (was a yes)"),
    (
        "第1期款项延迟了5天才支付。",
        "乙方是否按约支付了第1期款项？",
        False,
        "按约 asks the act on time (was a yes)",
    ),
    (
        "通过银行转账交付，并非现金。",
        "钱款是否以现金交付？",
        False,
        "以现金: the manner is asked (was a yes)",
    ),
    ("系现金交付。", "钱款是否以现金交付？", True, "the manner stated"),
    ("判决已发生法律效力。", "判决是否已经生效？", True, "发生法律效力 is 生效"),
    ("被害人不同意谅解", "被告人是否取得了被害人的谅解？", False, "同意 declares the attitude"),
    # A day the act is asked to be done by: lateness answers no.
    ("逾期5天归还", "第2期款项是否在约定还款日当日或之前归还？", False, "在…之前: 逾期 says no (was a yes)"),
    ("没有在约定还款日之前归还", "第2期款项是否在约定还款日当日或之前归还？", False, "the phrase negated"),
    # Quote marks in the question are not words of its predicate.
    ("没有翠屏苑项目部盖章", "协议书上是否有“翠屏苑项目部”作为见证方盖章？", False, "“ is no word"),
    # Criminal and civil judgments: the thing asked after a light verb, copulas before it, antonyms.
    (
        "不构成自首",
        "被告人是否具有自首情节？",
        False,
        "构成 is read past, 自首 is what 具有 asks (was a yes)",
    ),
    ("其到案后如实供述，但不属于自首", "被告人是否具有自首情节？", False, "不属于 denies"),
    ("系自首", "被告人是否具有自首情节？", True, "系 is a copula"),
    ("判处有期徒刑二年，缓刑三年", "法院是否适用了缓刑？", True, "适用缓刑 asks about 缓刑 (was no stance)"),
    ("免除保证责任", "保证人是否应承担保证责任？", False, "免除, the antonym of 承担 (was no stance)"),
    (
        "驳回上诉，维持原判",
        "上诉是否被驳回？",
        True,
        "the passive asks about 驳回 itself, no denial (was a no)",
    ),
    ("翻供了", "被告人是否翻供？", True, "the asked word itself is no denial"),
    ("没有证据证明已交付", "原告是否举证证明了借款已实际交付？", False, "没有证据证明 negates (was a yes)"),
    (
        "被告对借条真实性无异议",
        "被告是否对借条的真实性提出异议？",
        False,
        "对借条 is no predicate; 提出异议 asks about 异议 (was a yes)",
    ),
    ("被告认为借条系伪造，提出异议", "被告是否对借条的真实性提出异议？", True, "the act after the 对 phrase"),
    (
        "濮晓岚未在借条上签字",
        "借条上是否有濮晓岚的签名？",
        False,
        "a name is no predicate, and 在…上 stands between 未 and the verb (was a yes)",
    ),
    ("原告申请撤诉，法院予以准许", "原告是否撤回了对濮晓岚的起诉？", True, "撤诉 = 撤回"),
    (
        "借条上只有宓昭远的签名",
        "借条上是否有濮晓岚的签名？",
        None,
        "another person's signature says nothing of hers (was a yes)",
    ),
    ("签了", "借条上是否有濮晓岚的签名？", True, "a bare act still answers"),
    (
        "被告仅支付了两期利息，此后未再支付",
        "被告是否按照约定支付了利息？",
        False,
        "此后: the later stance (was a yes)",
    ),
    ("不仅支持了本金，也支持了利息", "法院是否支持原告的全部诉讼请求？", True, "不仅 is no part"),
    ("逾期还款", "被告是否按期还款？", False, "逾期 answers 按期 with no (was a yes)"),
    ("没有逾期", "被告是否按期还款？", True, "not late"),
    ("按期归还了", "被告是否按期还款？", True, "on time"),
    # Words read past, antonyms and synonyms of the court's vocabulary.
    ("合同合法有效", "借款合同是否有效？", True, "有效 keeps its 有 (was None)"),
    ("合同无效", "借款合同是否有效？", False, "无效, the antonym of 有效"),
    ("对利息没有作出约定", "双方是否约定了利息？", False, "作出 is read past (was a yes)"),
    ("不具有自首情节", "是否存在自首情节？", False, "具有 is read past (was a yes)"),
    ("未取得被害人谅解", "被害人是否对被告人表示谅解？", False, "取得 and 被害人 are read past (was a yes)"),
    ("提起了反诉", "被告是否提出了反诉？", True, "提起 = 提出"),
    ("已退赔全部赃款", "被告人是否退赃？", True, "退赔 = 退赃"),
    ("证人没有到庭，只提交了书面证言", "证人是否出庭作证？", False, "到庭 = 出庭"),
    ("No: she did not appear.", "是否到庭？", False, "no, then a colon"),
    ("Based on the materials, it cannot be determined.", "是否认罪？", None, "an abstention after the lead"),
    ("据合同第8.1条，是连带责任保证。", "是不是连带责任保证？", True, "lead clause naming a clause"),
    ("根据笔录，", "是否认罪？", None, "a lead clause alone says nothing"),
    ("无法从文中得知。", "有没有同伙？", None, "an abstention is never a no"),
    ("笔录未记载是否有同伙。", "有没有同伙？", None, "an abstention is never a no"),
    ("没有。笔录中也没有记载其他人。", "有没有同伙？", False, "a no first, then a remark"),
    ("是", None, True, "是"),
    ("是的", None, True, "是的"),
    ("否", None, False, "否"),
    ("不是", None, False, "不是"),
    ("对", None, True, "对"),
    ("不对", None, False, "不对"),
    ("没错", None, True, "没错 = correct"),
    ("有", None, True, "有"),
    ("没有", None, False, "没有"),
    ("无", None, False, "无"),
    ("签了", None, True, "签了"),
    ("没签", None, False, "没签"),
    ("未签", None, False, "未签"),
    ("认罪", None, True, "认罪"),
    ("不认罪", None, False, "不认罪"),
    ("拒不认罪", None, False, "拒不认罪"),
    ("承认", None, True, "承认"),
    ("否认", None, False, "否认 is negative in itself"),
    ("退还了", None, True, "退还了"),
    ("没有退还", None, False, "没有退还"),
    ("未退还", None, False, "未退还"),
    ("收到", None, True, "收到"),
    ("没收到", None, False, "没收到"),
    ("同意", None, True, "同意"),
    ("不同意", None, False, "不同意"),
    ("知道", None, True, "知道"),
    ("不知道", None, False, "without a question 不知道 is a stance on 知道"),
    ("参与", None, True, "参与"),
    ("未参与", None, False, "未参与"),
    ("不是没有", None, True, "double negation"),
    ("没有否认", None, True, "not denying"),
    ("并非不知道", None, True, "double negation with 并非"),
    ("yes", None, True, "English yes"),
    ("No.", None, False, "English no"),
    ("He did not return the money.", None, False, "did not"),
    ("他说过要退，但没有退还", "是否退还", False, "intention skipped, the fact wins"),
    ("他说过要退，但没有退还", None, False, "same without a question"),
    ("是的，他已经退还了全部借款", "陈明飞是否退还了借款？", True, "predicate with 已经"),
    ("陈明飞当时表示会退还，后来也确实退还了", "是否退还", True, "promise then fact"),
    ("他可能没有退还", "是否退还", False, "hedged stance (definite False)"),
    ("他还没有还钱", "是否归还借款", False, "synonym 还钱 for 归还"),
    ("他还了", "是否归还借款", True, "one-character synonym with 了"),
    ("他否认收到过借款", "他是否承认收到借款？", False, "antonym 否认"),
    ("他没有否认收到借款", "他是否承认收到借款？", True, "negated antonym"),
    ("对借款事实没有异议。", "被告是否认可借款的事实？", True, "no objection: 异议 is the antonym of 认可"),
    (
        "戚鸣远表示认罪，愿意退赔。",
        "戚鸣远是否认罪？",
        True,
        "表示 declares an attitude: a plea, not an intention",
    ),
    ("他表示不认罪。", "戚鸣远是否认罪？", False, "a declared refusal"),
    ("他表示会认罪。", "戚鸣远是否认罪？", None, "会: only an intention"),
    ("他表示退还。", "他是否退还了钱款？", None, "表示 before an action: an intention, no stance"),
    (
        "对此不持任何异议",
        "被告是否认可借款的事实？",
        True,
        "持 and 任何 between the negator and the objection",
    ),
    ("被告当庭提出异议。", "被告是否认可借款的事实？", False, "an objection raised: no"),
    ("对指控的事实有异议", "被告人是否承认指控的事实？", False, "an objection to the charge: not admitted"),
    ("拒不认罪", "被告人是否认罪？", False, "是否认罪 is not 否认"),
    ("被告人当庭认罪", "被告人是否认罪？", True, "adverb between"),
    ("签了", "他签没签字？", True, "A-not-A question"),
    ("没签", "他签字了吗？", False, "吗 question"),
    ("他从来没有参与过", "他是否参与了诈骗", False, "从来没有"),
    ("没有，他一直没有还", "是否还款", False, "particle then predicate"),
    ("他拒绝了", "他是否同意调解？", False, "拒绝 for 同意"),
    ("他同意了", "他是否同意调解？", True, "同意"),
    ("有", "有没有签字？", True, "有 answers 有没有"),
    ("材料中没有提到是否退还", "是否退还", None, "embedded question: no stance"),
    ("不清楚", "是否退还", None, "unknown: no stance"),
    ("我不知道", "是否退还", None, "不知道 about another predicate: no stance"),
    ("没有相关信息", "是否退还", None, "no information: no stance"),
    ("不足以认定", "他有没有同伙？", None, "不足以认定 abstains: no stance, although it opens with 不"),
    ("没有包含这方面的信息", "他有没有同伙？", None, "没有包含 … 信息 abstains: no stance, not 没有 = no"),
    ("未在笔录中载明", "他有没有同伙？", None, "未在 … 载明 abstains: no stance, not 未 = no"),
    ("他答应退还", "是否退还", None, "a promise states nothing about the fact"),
    ("No, he did not return it.", "Did he return the money?", False, "English no"),
    ("He returned the money in full.", "Did he return the money?", True, "English verb"),
    ("The money was not returned.", "Was the money returned?", False, "English passive"),
    ("The document does not mention whether he returned it.", "Did he return the money?", None, "whether"),
    ("本院不予支持。", "法院是否支持了原告的诉讼请求？", False, "不予 is a negator"),
    ("本院予以支持。", "法院是否支持了原告的诉讼请求？", True, "予以 is transparent"),
    ("驳回原告的诉讼请求", "法院是否支持了原告的诉讼请求？", False, "驳回 is the antonym of 支持"),
    ("", None, None, "empty"),
    ("他给了42000元", "是否退还", None, "nothing about the predicate"),
    # another act is no answer: the stance verbs of the answer must touch what is asked
    ("孩子由母亲抚养，父亲每月支付抚养费", "孩子是否随父亲生活？", None, "支付 is another act than 生活"),
    # a negator before a phrase of whom the act concerns negates the act after it
    ("被告从未与原告签订书面合同", "双方是否签订了书面合同？", False, "从未 before 与原告 negates 签订"),
    ("公司未为其缴纳住房公积金", "公司是否缴纳了住房公积金？", False, "未 before 为其 negates 缴纳"),
    ("物业未就停水事宜向业主进行通知", "物业是否通知了业主？", False, "未 before two phrases negates 通知"),
    (
        "被告未与原告协商就签订了合同",
        "被告是否签订了合同？",
        True,
        "a phrase holding 就 is no phrase of whom",
    ),
    ("法院未责令被告向原告赔礼道歉", "被告是否向原告赔礼道歉？", False, "未 before 责令 and whom it orders"),
    ("判决没有要求保证人承担连带责任", "保证人是否承担连带责任？", False, "没有要求 … negates 承担"),
    ("判决要求保证人承担连带责任", "保证人是否承担连带责任？", True, "the order, not negated"),
    # a negator before a verb of carrying out negates the act it carries out
    ("被告未履行通知义务", "被告是否通知了原告？", False, "未履行 negates 通知"),
    ("卖方已完成交付", "卖方是否交付了货物？", True, "完成 carries 交付 out"),
    # a modal before a word of finding is the court's conclusion
    ("该债务应认定为夫妻共同债务", "该债务是否属于夫妻共同债务？", True, "应认定为 concludes"),
    ("该债务属于个人债务", "该债务是否属于夫妻共同债务？", False, "个人债务 is the other kind"),
    ("合同约定的用途违法", "合同约定的用途是否合法？", False, "违法 is the antonym of 合法"),
    # another of a closed set of alternatives answers no
    ("法院判处其拘役四个月", "被告人是否被判处有期徒刑？", False, "拘役 is another principal penalty"),
    ("判处有期徒刑二年，缓刑三年", "被告人是否被判处有期徒刑？", True, "the penalty asked"),
    ("被告承担按份责任", "被告是否承担连带责任？", False, "按份 is another form of liability"),
    ("承担次要责任", "被告是否承担全部责任？", False, "次要 is another degree than 全部"),
    ("承担全额赔偿责任", "被告是否承担全部赔偿责任？", True, "全额 is 全部 in other words"),
    ("公司实缴注册资本0元", "公司是否实缴了注册资本？", False, "a zero amount: not done"),
    # a party's claim the finder rejects is no finding
    ("被告辩称已经还款，但未提供证据，本院不予采信", "被告是否已经还款？", False, "the rejected claim"),
    ("原告提出被告存在违约行为，经查没有事实依据", "被告是否存在违约行为？", False, "提出 … 没有事实依据"),
    ("被告提出上诉，二审不予支持", "被告是否提出上诉？", True, "提出上诉 is the act, not a claim"),
    # a thing an act describes, and whether it exists
    ("卷内没有被告签名的收条", "被告是否签名？", False, "没有 … 签名的收条: no such thing"),
    ("卷内有被告签名的收条", "被告是否签名？", True, "有 … 签名的收条"),
    # the act stated rather than named, the mention whose 对-phrase names the thing asked
    (
        "原告交付的房屋面积不足，仅交付了一半",
        "原告是否按约交付了房屋？",
        False,
        "仅交付了一半 is not as agreed",
    ),
    ("合同仅约定了付款方式，对管辖法院未作约定", "合同是否约定了管辖法院？", False, "对管辖法院 names it"),
    # degree adverbs, 确已, a completed one-character verb, a period asked
    ("双方感情尚未完全破裂", "双方感情是否确已破裂？", False, "尚未 reads past 完全"),
    ("借款已还清", "借款是否按期归还？", True, "还清: the act done in full"),
    ("收货三个月后才提出，已超过异议期", "是否在异议期内提出异议？", False, "超过 answers a period asked"),
    # a proposition said unproven before its subject, a noun of intention before 已, manner and light verbs
    ("原告提交的证据不足以证明被告收到货物", "被告是否收到了货物？", False, "the proposition is unproven"),
    ("现有证据不能证明双方存在借贷关系", "双方是否存在借贷关系？", False, "不能证明 before the subject"),
    ("该项诉讼请求已过诉讼时效", "该请求是否超过诉讼时效？", True, "请求 before 已 is a noun"),
    ("被告人拒不如实供述", "被告人是否如实供述？", False, "如实 is the manner, read past"),
    ("出卖人表示愿意解除合同", "出卖人是否同意解除合同？", True, "愿意 declares assent"),
    ("该车辆设有质押", "该车辆是否设有质押？", True, "设有 is a light verb"),
    ("该车辆无质押登记", "该车辆是否设有质押？", False, "无 … 质押"),
    ("补充协议系双方协商后签订", "补充协议是否经过双方协商？", True, "经过 is a light verb"),
    # forms: a label before a colon, marks and letters, brackets
    ("是/否：否", "被告是否到庭？", False, "是/否 is the form's label"),
    ("判断：是", "被告是否到庭？", True, "a label before the colon"),
    ("否：未到庭", "被告是否到庭？", False, "a yes/no word before a colon is no label"),
    ("未签字：见借条第3页", "被告是否签字？", False, "a label that says no itself is read"),
    ("√", "被告是否到庭？", True, "a tick"),
    ("×", "被告是否到庭？", False, "a cross"),
    ("N", "Did the defendant appear?", False, "a form's letter"),
    ("【否】", "被告是否到庭？", False, "brackets around the word"),
    ("是（ ）否（√）", "被告是否到庭？", False, "the ticked option of a form (was a yes)"),
    ("☑有 ☐无", "借条是否约定利息？", True, "a box before the option"),
    ("- [ ] 是\n- [x] 否", "Did the defendant appear?", False, "a Markdown task list"),
    ("是☑ 否☑", "被告是否到庭？", None, "both ticked: no stance"),
    # a passive's agent, the matter in question, what a finder found, claims ruled on
    ("仲裁裁决已被中院依法撤销。", "仲裁裁决是否被法院撤销？", True, "the act after a passive's agent"),
    ("法院经审理维持了该裁定。", "该裁定是否被法院撤销？", None, "the agent named is no act (was a yes)"),
    ("本案争议焦点为转让行为的合法性。", "转让行为是否合法？", None, "the quality in dispute (was a yes)"),
    ("违约行为的举证责任在原告。", "被告是否违约？", None, "the burden of proving it is no stance"),
    ("法院认定该行为构成不正当竞争。", "法院是否认定被告的行为构成不正当竞争？", True, "what was found"),
    ("被告的行为侵害了原告的名誉权。", "是否构成对原告名誉权的侵害？", True, "an act named after 的"),
    ("对其自首的辩护意见不予采纳。", "被告人是否具有自首情节？", False, "a claim named and rejected"),
    ("原告主张被告已经同意延期，法院予以采信。", "被告是否同意延期？", True, "a claim a finder adopts"),
    ("保险公司在交强险限额内承担赔偿责任。", "保险公司是否赔偿全部损失？", False, "a limit: not the whole"),
    ("仅判令退款。", "是否应当承担价款两倍的赔偿？", None, "退款 shares only 款 of 价款 (was a yes)"),
    ("社保费已经补缴完毕。", "公司是否缴纳了社保费？", True, "补缴 pays"),
    ("只付了一半。", "是否足额支付货款？", False, "足额 asks the whole: a part says no"),
    # the conclusion a system states in so many words
    ("## 结论\n是\n\n## 依据\n庭审笔录载明被告未到庭。", "被告是否到庭？", True, "a heading's label"),
    (
        "- 结论：否\n- 理由：被告当庭承认借款。",
        "被告是否否认借款？",
        False,
        "a bullet's label beats the body",
    ),
    ("| 问题 | 结论 |\n|---|---|\n| 是否还款 | 否 |", "被告是否还款？", False, "a table's conclusion column"),
    ("| 已还 | 是否还清 |\n|---|---|\n| 3万元 | 否 |", "被告是否还清借款？", False, "a 是否… column"),
    ('```json\n{"answer": "是"}\n```', "合同是否有效？", True, "a JSON answer"),
    ("收据上有其本人签名，且有转账记录印证。Answer: Yes.", "被告是否收到货款？", True, "an English label"),
    ("合同第5条约定了交货时间，对方也按时交了货。是。", "卖方是否按期交货？", True, "a last yes/no sentence"),
    # claims, conditions, open questions
    ("出租人称押金已退，承租人称从未收到。", "押金是否已退还？", None, "two parties' claims, no finding"),
    ("被告否认借款。", "被告是否承认借款？", False, "a denial answers a question of attitude"),
    (
        "上诉状已递交，但无法判断是否在上诉期内。",
        "上诉是否在上诉期内提出？",
        None,
        "it cannot tell what is asked",
    ),
    ("借款人签名处空白。", "借条上是否有借款人的签名？", False, "the owner's act written without 的"),
    ("原告未能证明已将通知送达被告。", "原告是否已向被告送达解除通知？", False, "送达 is the act, not 解除"),
    # a restated question and words for the act; matters, objections, views, lateness, opposites
    (
        "关于原告是否催告过被告，证据显示原告并没有这样做。",
        "原告是否催告过被告？",
        False,
        "a pro-form denied",
    ),
    ("关于是否按期交货，确实如此。", "卖方是否按期交货？", True, "a pro-form affirmed"),
    ("还款情况笔录中没有记载。", "被告是否已还款？", None, "还款情况 names the matter (was a yes)"),
    ("被告提出管辖权异议，法院裁定驳回该异议。", "受诉法院是否有管辖权？", True, "an objection rejected"),
    (
        "被告提出管辖权异议，法院裁定异议成立。",
        "受诉法院是否有管辖权？",
        False,
        "an objection upheld (was a yes)",
    ),
    (
        "被告辩称已经付清；但法院认为其提交的收据系伪造。",
        "被告是否付清货款？",
        False,
        "the finder's own view",
    ),
    ("被告于5月20日才付款。", "被告是否按期付款？", False, "a day before 才 says late"),
    ("本人未到庭，但其代理人到庭，本案为对席判决。", "法院是否作出缺席判决？", False, "对席 is not 缺席"),
    ("原告起诉后又撤回了该申请。", "原告是否撤回起诉？", None, "the act on another thing (was a yes)"),
    ("鉴定意见认为两者存在因果关系。", "两者是否存在因果关系？", True, "an expert's view is no party's"),
    # a signature disowned, neither of two opposites, counts, manners, nouns that open with 不
    ("鉴定结论显示，收条上的签名并非戚某本人书写。", "戚某是否在收条上签名？", False, "a disowned signature"),
    ("被告既没有同意也没有反对。", "被告是否同意调解？", None, "neither of two opposites"),
    ("被告既没有到庭也没有提交答辩状。", "被告是否到庭？", False, "neither of two acts: no to each"),
    ("材料中只有转账申请，无法确认是否入账。", "原告是否收到了这笔钱？", None, "cannot tell, in other words"),
    ("不动产权证书显示，该房屋登记在原告名下。", "原告是否办理了过户登记？", None, "不动产 is no negator"),
    ("只有两名证人出庭。", "是否有三名证人出庭作证？", False, "another count of the asked thing"),
    ("对方没有书面通知，只是口头说过。", "对方是否书面通知解除合同？", False, "a manner between the negator"),
    ("被告的上诉期尚未届满，是否上诉尚不清楚。", "被告是否提起上诉？", None, "上诉期 is a period"),
    # receipts denied, intentions, carrying out, not found, passives, a saying negated, amounts as topics
    ("对方至今未收到任何货款。", "对方是否获得了货款？", False, "a receipt denied before the thing"),
    ("原告起诉要求被告返还押金。", "被告是否返还了押金？", None, "要求 before 被告: a demand (was a yes)"),
    ("车辆未被交警部门扣留，也未采取扣押措施。", "车辆是否被交警部门扣押？", False, "a passive's agent"),
    ("侦查机关曾考虑查封该房产，但最终没有办理查封手续。", "该房产是否被查封？", False, "办理 carries out"),
    ("侦查人员从未去过他家，更谈不上搜查。", "侦查人员是否搜查了他家？", False, "谈不上 denies"),
    ("申请人申请财产保全，法院是否准许未见记载。", "法院是否采取了财产保全措施？", None, "an application"),
    ("经查询，未发现其有任何犯罪记录。", "被告人是否有犯罪前科？", False, "not found, at a distance"),
    ("不能说他不知情。", "被告人是否知情？", True, "a saying negated, then the act negated"),
    ("双方就赔偿数额协商多次。", "被告是否赔偿了原告？", None, "the amount of it is a topic"),
    # agreements, findings denied, parts after a negator, what a finding calls it, matters named
    (
        "借条约定于2022年6月前归还，之后的还款情况材料未记载。",
        "借款人是否已归还借款？",
        None,
        "agreed, not done",
    ),
    ("被告在约定期限内交清了货款。", "被告是否交清货款？", True, "within the agreed period: done"),
    (
        "劳动仲裁委未认定公司违法解除劳动合同。",
        "公司解除劳动合同是否合法？",
        True,
        "a finding denied at a distance",
    ),
    (
        "法院仅部分支持，超出部分不予支持。",
        "法院是否支持了原告的全部诉讼请求？",
        False,
        "a part after a negator",
    ),
    (
        "法院认定该房屋为被告婚前个人财产。",
        "该房屋是否被认定为夫妻共同财产？",
        False,
        "what the finding calls it",
    ),
    ("关于车辆是否过户，卷内没有过户方面的记载。", "车辆是否已经过户？", None, "过户方面 names the matter"),
    # conclusions, greetings, what cannot be told yet
    ("你好！根据卷宗，结论：尚未付清。", "买方是否已付清货款？", False, "a greeting's 好 is no yes"),
    (
        "## 结论\n法院认定不构成侵权。\n\n## 依据\n……",
        "法院是否认定构成侵权？",
        False,
        "a conclusion in words",
    ),
    (
        "**结论：现阶段无法判断。**\n\n原告提交了送货单……",
        "被告是否收到了货物？",
        None,
        "a conclusion that cannot tell",
    ),
    ("结论：不能确认。", "管理人是否确认了该项债权？", False, "the asked act itself denied"),
    (
        "否。\n\n原告称被告签了字，但鉴定认为签名不是被告所写。",
        "被告是否在合同上签字？",
        False,
        "a first line decides",
    ),
    (
        "出租人称已经通知，承租人称未接到任何电话，现有证据无法核实。",
        "出租人是否通知了承租人？",
        None,
        "cannot be told later",
    ),
    (
        "他签了收条，不过具体哪天签的无法确定。",
        "他是否签了收条？",
        True,
        "what cannot be told is another thing",
    ),
    ("被告是否已经赔偿，卷内材料无法判断。", "被告是否已经赔偿？", None, "whether, then not knowing"),
    ("到底交没交，双方各执一词。", "他是否交了押金？", None, "an A-not-A form in the answer"),
    (
        "原告说已经催告过，被告否认收到，卷内也没有催告记录。",
        "原告是否催告过被告？",
        None,
        "two accounts, no record",
    ),
    ("他还没有还钱。", "他是否还钱了？", False, "还没有还: 还 is still"),
    (
        "仲裁委尚未决定采信哪份证据，申请人说已经离职，公司说是旷工。",
        "申请人是否主动离职？",
        None,
        "a ruling still to come",
    ),
    (
        "合同真伪存在争议，已委托鉴定，鉴定意见还没出来。",
        "合同是否由被告签订？",
        None,
        "disputed and pending",
    ),
    ("派出所尚未作出任何行政处罚决定。", "派出所是否作出了行政处罚决定？", False, "a decision not made"),
    # negators, light verbs, settings
    ("不正确，他只交了一半。", "他是否交齐了学费？", False, "a negator before a yes word"),
    ("查不到他签收过判决书。", "他是否签收了判决书？", False, "查不到 before the act"),
    ("查不到。", "他是否签收了判决书？", None, "查不到 alone abstains"),
    ("伤情够不上轻伤，只是轻微伤。", "伤情是否构成轻伤？", False, "够不上 denies"),
    ("双方对工期存在分歧，审计尚未完成。", "施工方是否存在违约？", None, "a light verb with another thing"),
    ("复议申请被驳回了。", "复议申请是否得到复议机关支持？", False, "the finder is not the act"),
    ("她在开庭前提交了证据。", "她是否在开庭前提交证据？", True, "the act after a time, with its time"),
    ("证据已经提交，提交日期不详。", "她是否在举证期限内提交证据？", None, "done, no word of its time"),
    ("双方始终未能就补偿标准达成一致。", "双方是否就补偿达成协议？", False, "未能 before 就"),
    ("法院驳回了要求解除合同的诉讼请求。", "法院是否判决解除合同？", False, "a rejection before the claim"),
    ("法院判令赔偿百分之四十，而非全部。", "法院是否判令被告赔偿全部损失？", False, "not the whole"),
    ("二审判决撤销了一审判决。", "二审是否维持了一审判决？", False, "维持 and 撤销"),
    # from the tenth to the fourteenth batch
    (
        "法院  没有  采纳该意见。",
        "法院是否采纳了该意见？",
        False,
        "bold markers blanked between negator and act",
    ),
    ("好的。\n\n根据卷宗，被告已于3月5日到庭。", "被告是否到庭？", True, "好的 is no yes, the body answers"),
    ("好的，卷宗中没有他签收的记载，无法确定。", "他是否签收了传票？", None, "好的 is no yes"),
    (
        "判决以原告不适格为由驳回起诉，没有对侵权问题进行审查。",
        "法院是否认定被告侵权？",
        None,
        "no finding made",
    ),
    ("尚未宣判。", "法院是否判决解除合同？", None, "a decision still to come"),
    ("该局尚未作出处罚决定。", "该局是否作出了处罚决定？", False, "whether a decision was made at all"),
    ("该商品不适用七日无理由退货。", "该商品是否适用七天无理由退货？", False, "七天 = 七日"),
    ("付款凭证三张，共付了五十万元。", "买方是否付清了货款？", None, "in full: 付款 is no 付清"),
    (
        "答：否。\n\n依据：合同约定转让款二百万元，已付一百万元。",
        "受让方是否付清了转让款？",
        False,
        "答： states it",
    ),
    (
        "车辆究竟是已经发还，还是仍在扣押，卷中看不出来。",
        "车辆是否已经发还？",
        None,
        "an alternative question",
    ),
    (
        "这个说不准。证人说见过，被告说没有。",
        "被告是否到过现场？",
        None,
        "a short first sentence that cannot tell",
    ),
    ("合同约定“交房后三日内办理过户”。", "双方是否办理了过户？", None, "the terms of an agreement quoted"),
    (
        "依照国家赔偿法的规定，本案国家不承担赔偿责任。",
        "本案是否应当由国家承担赔偿责任？",
        False,
        "a law named by the act",
    ),
    ("现有证据既不能证明他签了字，也不能证明他没签。", "他是否在合同上签字？", None, "neither proven"),
    ("两人只办过婚宴。", "两人是否办理了结婚登记？", None, "a one-character act on another thing"),
    ("该犬种不在本市禁养犬目录之内。", "该犬种是否属于禁养犬？", False, "not on the list"),
    ("公司称已经发放，但还需要进一步核实。", "公司是否发放了奖金？", None, "needs further checking"),
    ("不算。", "这次受伤是否属于工伤？", False, "不算: a yes word denied"),
    # from the fifteenth and sixteenth batch
    (
        "原告称已付清，但没有任何付款凭证，这一点无法核实。",
        "被告是否付清了货款？",
        None,
        "这一点 refers back",
    ),
    ("法院还没对合同效力表态。", "法院是否认定合同有效？", None, "no finding: 表态"),
    ("保险公司不承担赔付责任。", "保险公司是否应当赔付？", False, "no duty to the act"),
    ("要等鉴定结果出来再定。", "被告是否构成侵权？", None, "to be decided later"),
    ("双方后来有没有和好，卷里没有记录。", "双方是否和好？", None, "an embedded question, no record"),
    ("人社局中止了工伤认定程序。", "他是否被认定为工伤？", None, "a procedure suspended"),
    ("双方既未协议离婚，也没有诉讼离婚。", "两人是否离婚了？", False, "协议 is a manner"),
    (
        "公安机关已提请批准逮捕，检察院的决定没有归卷。",
        "检察院是否批准逮捕？",
        None,
        "a request, and no record",
    ),
    (
        "复议机关尚未作出复议决定。",
        "复议机关撤销了该罚款决定吗？",
        None,
        "a ruling still to come, in a 吗-question",
    ),
    (
        "没有。被告提出的确认合同无效的请求被驳回。",
        "合同是否被确认无效？",
        False,
        "a first sentence of only no",
    ),
    ("撤销了。复议决定认为原处罚事实不清。", "复议机关撤销了原处罚决定吗？", True, "a short first sentence"),
    # from the seventeenth and eighteenth batch
    ("法院  不支持  复制会计账簿。", "股东能否复制会计账簿？", False, "an act not granted, bold blanked"),
    (
        "材料中未提及。原告称已经付款，被告未作陈述。",
        "被告是否收到了货款？",
        None,
        "a first sentence: the record is silent",
    ),
    (
        "诈骗数额  不属于  “数额巨大”。",
        "诈骗数额是否属于数额巨大？",
        False,
        "a thing's start before bold, a term quoted",
    ),
    ("对该项争议，仲裁委还没有认定。", "仲裁委是否认定存在劳动关系？", None, "no finding, the matter first"),
    ("取得了，证照在卷。", "公司取得营业执照了吗？", True, "a 吗-question's light verb"),
    (
        "他当晚拿走了手机、钱包等若干物品，法院认定其构成盗窃罪。",
        "他是否构成盗窃罪？",
        True,
        "若干 is no condition",
    ),
    # from the nineteenth batch
    (
        "检察院以诈骗罪起诉，辩护人主张无罪，判决结果卷里还没有。",
        "他是否构成诈骗罪？",
        None,
        "a charge brought",
    ),
    (
        "Not in this case. 法院认为其已尽到注意义务。",
        "被告是否存在过错？",
        False,
        "an English first sentence denies",
    ),
    ("冻结措施最终没有执行。", "该账户是否被冻结？", False, "the thing not carried out"),
    ("这笔钱追不回来了，执行不了。", "该判决能否执行？", False, "a verb that cannot be done"),
    ("判决由承租人承担全部维修费用。", "出租人是否承担维修费用？", None, "another party's act"),
    ("本案不适用普通诉讼时效。", "本案是否适用普通诉讼时效？", False, "不适用 before its thing"),
    ("卷内只有工伤认定申请表，结论找不到。", "他是否被认定为工伤？", None, "an application form named"),
    # from the twentieth and twenty-first batch
    ("判决书写了发还，钱到底发没发，卷面上判断不了。", "赃款是否已经发还？", None, "判断不了"),
    ("两人各说各的，法院尚未认定签名是否真实。", "借条上的签名是否真实？", None, "各说各的: two accounts"),
    ("卷内未见与退款相关的任何回复。", "公司是否同意退款？", None, "相关: the matter named"),
    (
        "游客说是擅自变更，但卷里有全体签字的确认单，不算擅自。",
        "旅行社是否擅自变更行程？",
        False,
        "不算 denies",
    ),
    ("卷宗里没有任何关于赔偿款支付的记录。", "被告是否支付了赔偿款？", None, "the record of a matter"),
    ("一审判决支持了，二审改判驳回。", "法院是否支持原告的诉讼请求？", False, "the appeal changed it"),
    (
        "女儿说母亲同意过，母亲说没有，法院尚未认定。",
        "母亲是否同意出售房屋？",
        None,
        "two sayings, an attitude asked",
    ),
    ("没有过错。", "医院有没有过错？", False, "过错 is the predicate, not 过 + 错"),
    ("有过错。", "医院有没有过错？", True, "过错 is the predicate, not 有 + 过 + 错"),
    # a granted request, a silent record, a finding's lead, an English lead before Chinese
    ("法院准许其撤诉申请并结案。", "法院是否准许撤诉？", True, "granted before the request is named"),
    ("现有笔录均未提到搜查过程。", "是否进行了搜查？", None, "a silent record denies nothing"),
    ("被认定为无效。", "合同是否被认定为有效？", False, "被认定 alone is no finding of 有效"),
    ("Yes，已经到期。", "借款是否已经到期？", True, "Yes before a full-width comma"),
    ("No — 仍在保证期间内。", "保证期间是否已经届满？", False, "No before a dash"),
    ("No-one signed it.", "合同是否签字？", None, "No-one is a word of its own"),
    # English
    ("It never paid the fee.", "Did the company pay the fee?", False, "paid is pay's past"),
    ("The contract is invalid.", "Is the contract valid?", False, "invalid: valid negated"),
    (
        "Only half of the price was paid.",
        "Did he pay the full price?",
        False,
        "only for a question of the full",
    ),
]


@pytest.mark.parametrize(("answer", "question", "expected", "why"), CASES)
def test_read_boolean(answer: str, question: str | None, expected: bool | None, why: str) -> None:
    found = read_boolean(answer, question)
    got = None if found is None else found.value
    assert got is expected, why
    if found is not None:
        assert answer[found.start : found.end] == found.raw
        assert found.kind == "boolean"


@pytest.mark.parametrize(
    ("answer", "question", "qualifier"),
    [
        ("他可能没有退还", "是否退还", "hedge"),
        ("好像签了", None, "hedge"),
        ("没有退还", "是否退还", None),
        ("部分认可", "庞绍钧是否认可司法会计鉴定的数字？", "partial"),  # an attitude taken in part
        ("部分支持", "法院是否支持原告的诉讼请求？", None),  # a claim granted in part is granted
        ("基本认可。", "被告是否认可借款事实？", "partial"),
        ("如果以借条为准，则约定了利息。", "借条是否约定了利息？", "conditional"),
        ("原则上约定了。", "借条是否约定了利息？", "hedge"),
        ("是，他没有签字。", "他是否签字？", "contradictory"),  # the opening says yes, the rest no
        ("是的，但没有全部归还。", "是否全部归还？", None),  # a contrast word: the later words decide
        ("已经退还了一部分，其余的还没有退还。", "是否退还？", "contradictory"),  # both, no contrast
        ("还没到期，到期日是5月1日。", "是否到期？", None),  # 到期日 names a day, no act
        ("公诉机关指控被告人构成盗窃罪。", "被告人是否构成盗窃罪？", "claimed"),  # no one rules on it
        ("辩护人建议判处缓刑。", "是否判处缓刑？", "claimed"),  # a suggestion
        ("租金已经全部付清。", "承租人是否应支付剩余租金？", "done"),  # what happened, not what was owed
        ("结论：是。……综上，结论：否。", "被告是否到庭？", "contradictory"),  # labels that disagree
        ("如能证明系本人所签则有效，否则无效。", "该合同是否有效？", "conditional"),  # both ways
        ("看似已经交付，但两种理解均有可能。", "货物是否已交付？", "hedge"),  # both ways open
        ("原告认为被告构成违约，要求解除合同。", "被告是否违约？", "claimed"),  # a party's view
        ("辩护人为其提出取保候审申请，尚未获批。", "犯罪嫌疑人是否被取保候审？", "claimed"),  # an application
        ("夏侯峻的残疾等级鉴定申请已经递交，结果未出。", "夏侯峻是否被鉴定为残疾？", "claimed"),  # 鉴定申请
        ("确认合同无效的案件还在审理。", "合同是否被确认无效？", "claimed"),  # a case about it: …的案件
        ("被告已申请再审，法院尚在审查。", "本案是否已经再审？", "claimed"),  # asked for, nothing ruled
        ("公安机关已提请批准逮捕，尚无结果。", "检察院是否批准逮捕？", "claimed"),  # the 批准 asked for
        ("双方正在协商，原告不排除撤诉。", "原告是否撤诉？", "hedge"),  # 不排除: possibly
        ("看上去像是签了字。", "他是否在合同上签字？", "hedge"),  # 看上去: it seems
        ("移送的意见书写的是涉嫌诈骗罪。", "他是否构成诈骗罪？", "claimed"),  # 涉嫌: an allegation
    ],
)
def test_read_boolean_hedge(answer: str, question: str | None, qualifier: str | None) -> None:
    found = read_boolean(answer, question)
    assert found is not None
    assert found.qualifier == qualifier
    assert found.definite is (qualifier is None)


def test_the_callers_abstention_reader_replaces_the_built_in_lexicon() -> None:
    question = "有没有同伙？"
    assert read_boolean("未见相关记录。", question, abstains=lambda t: "未见" in t) is None
    assert read_boolean("未见相关记录。", question, abstains=lambda t: False) is not None
    assert read_boolean("不知道。", question, abstains=lambda t: True) is None
    assert read_boolean("不知道。", None, abstains=lambda t: True) is not None, "without a question: a stance"


def test_the_documentation_lists_every_synonym_and_antonym() -> None:
    """docs/normalization.md ("Yes/no stances") names every word the reader takes for another."""
    from pathlib import Path

    from benchmark.text import booleans

    doc = (Path(__file__).resolve().parents[3] / "docs/normalization.md").read_text(encoding="utf-8")
    words = {w for group in booleans._SYNONYMS for w in group if len(w) > 1}
    words |= {w for head, opposites in booleans._ANTONYMS.items() for w in (head, *opposites)}
    missing = sorted(w for w in words if w not in doc)
    assert not missing, f"not in docs/normalization.md: {missing}"
