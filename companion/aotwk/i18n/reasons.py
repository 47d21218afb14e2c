"""AotWK's scoring reasons as codes, and one renderer per language.

The scoring engine (``companion.aotwk.rules.scoring``) hands out each reason as a code
with parameters, ``Reason("count_vp", building="keep", vp=4, held=12, counts=["captured"])``.
A ``Reason`` is also a ``str``: its value is the English sentence, so the
``companion score`` contract (English ``reasons`` and ``tie_break``) is unchanged.
``render_reason(reason, "ko")`` (``companion.i18n.reasons``) says it in Korean with the
rulebook's words (``glossary_ko.yaml``).
"""

from __future__ import annotations

from typing import Callable

from companion.aotwk.i18n.glossary import korean as _t
from companion.aotwk.catalogue import SKILLS
from companion.aotwk.i18n.glossary import category_label
from companion.aotwk.i18n.names import card_name, opponent_name
from companion.aotwk.rules.codes import Reason
from companion.i18n.reasons import plural


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _bot_silver_en(bot: str | None) -> str:
    return f" ({bot} has 0 silver: the bot 'does not collect or use any Silver')" if bot else ""


# -- English: the sentences `companion score` has always printed ------------------

COUNT_LABELS_EN = {
    "gold": ("gold", "gold"), "marble": ("marble", "marble"), "clay": ("clay", "clay"), "wood": ("wood", "wood"),
    "stone": ("stone", "stone"), "silver": ("silver", "silver"), "paid_debts": ("paid debt", "paid debts"),
    "buildings": ("building", "buildings"), "captured": ("captured worker", "captured workers"),
    "virtue": ("virtue", "virtue"), "tools": ("tool", "tools"), "adornments": ("adornment", "adornments"),
    "skill_sets": ("set of 3 skills", "sets of 3 skills"),
    **{f"skill:{s}": (f"apprentice with {s}", f"apprentices with {s}") for s in SKILLS},
}
ORDER_EN = {"after": "after the virtue gains", "before": "before the virtue gains",
            "between": "between the virtue gains"}


def _counted_en(held: int, counts: list[str], parts: list | None = None, with_skill: int | None = None) -> str:
    """'7 captured workers'; '3 gold + 3 marble' (Therese: parts); '4 masonry skills
    (3 apprentices, Tools included)' (Tools add skill icons: with_skill)."""
    if parts:
        return " + ".join(f"{n} {what}" for n, what in parts)
    if with_skill is not None:
        return f"{held} {counts[0][6:]} skills ({plural(with_skill, 'apprentice')}, Tools included)"
    if counts == ["virtue"]:
        return f"virtue {held}"
    return f"{held} {' + '.join(COUNT_LABELS_EN[c][held != 1] for c in counts)}"


def _what_en(of: str) -> str:
    return "Cathedral level" if of == "cathedral" else of


def _virtue_change_en(building, amount, before, after, destroyed=0, lost=False, taken=0, order=None,
                      counted=None, highest=None) -> str:
    detail = ""
    if counted:
        detail = f" for {_counted_en(**counted)}"
    elif highest:
        detail = f" for the highest {_what_en(highest[0])} ({highest[1]})"
    line = f"{card_name('building', building, 'en')}: {_signed(amount)} virtue{detail}, {before} -> {after}"
    if destroyed:
        line += f", destroyed {plural(destroyed, 'unpaid debt')}"
    if lost:
        line += " (virtue above 14 is lost: no unpaid debt left to destroy)"
    if taken:
        line += f", took {plural(taken, 'debt')}"
    if order:
        line += f" (applied {ORDER_EN[order]}: the best order for the player)"
    return line


ENGLISH: dict[str, Callable[..., str]] = {
    "virtue_change": _virtue_change_en,
    "majority_none": lambda building, of, mine, bar: (
        f"{card_name('building', building, 'en')}: no bonus, {_what_en(of)} {mine} is not more than every other player's "
        f"(best other: {bar})"),
    "majority_vp": lambda building, of, vp, mine, bar: (
        f"{card_name('building', building, 'en')}: +{vp} VP for the most {_what_en(of)} ({mine}; best other {bar})"),
    "count_no_virtue": lambda building, **counted: (
        f"{card_name('building', building, 'en')}: no virtue for {_counted_en(**counted)}"),
    "count_vp": lambda building, vp, **counted: (
        f"{card_name('building', building, 'en')}: {_signed(vp)} VP for {_counted_en(**counted)}"),
    "entered_vp": lambda building, vp: f"{card_name('building', building, 'en')}: printed {vp} VP (entered at this table)",
    "printed_vp": lambda buildings, vp: (
        f"Printed VP of {plural(len(buildings), 'building')}: {_signed(vp)} VP ("
        + ", ".join(f"{card_name('building', b, 'en')} {n}" for b, n in buildings) + ")"),
    "no_debts_none": lambda building, debts: f"{card_name('building', building, 'en')}: no bonus, {plural(debts, 'unpaid debt')}",
    "no_debts_vp": lambda building, vp: f"{card_name('building', building, 'en')}: +{vp} VP, no unpaid debts",
    "debt_extra": lambda building, vp, debts, each: (
        f"{card_name('building', building, 'en')}: {_signed(vp)} VP, {plural(debts, 'unpaid debt')} at {each} VP more each"),
    "debt_rate": lambda building, each, usual: (
        f"{card_name('building', building, 'en')}: unpaid debts cost {each} VP each instead of {usual}"),
    "override": lambda category, vp: f"{category_label(category, 'en')}: {vp} VP as entered on the paper pad",
    "cathedral": lambda level, vp: f"Cathedral level {level}: +{vp} VP",
    "virtue": lambda virtue, vp: f"Virtue {virtue}: {_signed(vp)} VP",
    "debts": lambda debts, vp, each: f"{plural(debts, 'unpaid debt')}: {vp} VP ({each} each)",
    "gold_marble": lambda gold, marble, vp: (
        " + ".join(part for part in (f"{gold} gold" if gold else "", f"{marble} marble" if marble else "") if part)
        + f": +{vp} VP (1 each)"),
    "silver": lambda silver, vp: f"{silver} silver: +{vp} VP (1 per 10)",
    "prison": lambda workers, vp: f"{plural(workers, 'worker')} in Prison: {vp} VP (1 per pair)",
    "adornments": lambda printed, vp: (
        f"{plural(len(printed), 'adornment')}: +{vp} VP (printed {' + '.join(map(str, printed))})"),
    "tools": lambda tools, vp, entered=False: (
        f"{plural(tools, 'tool')}: +{vp} VP" + (" (entered at this table)" if entered else "")),
    "silver_instead": lambda board, debts, silver: (
        f"{card_name('board', board, 'en')}: paid {silver} silver instead of taking {plural(debts, 'debt')} "
        f"at the end (fewer VP lost)"),
    "bot_guildhall": lambda workers, vp, each, bot: (
        f"{plural(workers, 'worker')} in the Guildhall: +{vp} VP ({each} each for {bot})"),
    "bot_debts": lambda debts, vp: f"{plural(debts, 'unpaid debt')}: {vp} VP",
    "tie_virtue": lambda names, total, winner, virtue: (
        f"{' and '.join(names)} tied on {total} VP; {winner} wins with the highest virtue ({virtue})"),
    "tie_silver": lambda names, total, virtue, winner, silver, bot=None: (
        f"{' and '.join(names)} tied on {total} VP; still tied on virtue ({virtue}), "
        f"{winner} wins with the most silver ({silver})" + _bot_silver_en(bot)),
    "tie_shared": lambda names, total, virtue, silver, bot=None: (
        f"{' and '.join(names)} tied on {total} VP, virtue {virtue} and {silver} silver: they share the victory"
        + _bot_silver_en(bot)),
}


# -- Korean: the Korean rulebook's words (glossary_ko.yaml) ------------------------


def _count_label_ko(what: str) -> str:
    if what.startswith("skill:"):
        return f"{_t(what[6:])} {_t('skill')} {_t('apprentice')}"
    if what == "skill_sets":
        return f"{_t('skill')} 3종 세트"
    if what == "paid_debts":
        return _t("paid_debt")
    return _t({"buildings": "building", "tools": "tool", "adornments": "adornment"}.get(what, what))


def _counted_ko(held: int, counts: list[str], parts: list | None = None, with_skill: int | None = None) -> str:
    if parts:
        return " + ".join(f"{_t(what)} {n}" for n, what in parts)
    if with_skill is not None:
        return f"{_t(counts[0][6:])} {_t('skill')} {held} ({_t('apprentice')} {with_skill}, {_t('tool')} 포함)"
    return f"{' + '.join(_count_label_ko(c) for c in counts)} {held}"


def _what_ko(of: str) -> str:
    return f"{_t('cathedral')} {_t('level')}" if of == "cathedral" else _t(of)


def _names_ko(names: list[str]) -> str:
    """Tied names, the bot's in Korean (a player may not take the bot's name)."""
    return ", ".join(opponent_name(name, "ko") for name in names)


def _bot_silver_ko(bot: str | None) -> str:
    return f" ({opponent_name(bot, 'ko')}의 {_t('silver')}는 0: 'AI는 은화 ... 가져오거나 사용하지 않습니다')" if bot else ""


ORDER_KO = {"after": "선행을 얻은 뒤에", "before": "선행을 얻기 전에", "between": "선행을 얻는 사이에"}


def _virtue_change_ko(building, amount, before, after, destroyed=0, lost=False, taken=0, order=None,
                      counted=None, highest=None) -> str:
    detail = ""
    if counted:
        detail = f" ({_counted_ko(**counted)})"
    elif highest:
        detail = f" (가장 많은 {_what_ko(highest[0])}: {highest[1]})"
    line = f"{card_name('building', building, 'ko')}: {_t('virtue')} {_signed(amount)}{detail}, {before} → {after}"
    if destroyed:
        line += f", {_t('unpaid_debt')} {destroyed}장 파기"
    if lost:
        line += f" (14 위로 얻은 {_t('virtue')}은 사라집니다: 파기할 {_t('unpaid_debt')}이 없습니다)"
    if taken:
        line += f", {_t('debt')} {taken}장을 받음"
    if order:
        line += f" ({ORDER_KO[order]} 적용: 플레이어에게 가장 좋은 순서)"
    return line


KOREAN: dict[str, Callable[..., str]] = {
    "virtue_change": _virtue_change_ko,
    "majority_none": lambda building, of, mine, bar: (
        f"{card_name('building', building, 'ko')}: 보너스 없음, {_what_ko(of)} {mine} (다른 플레이어 최고 {bar}): "
        f"다른 모든 플레이어보다 많아야 합니다"),
    "majority_vp": lambda building, of, vp, mine, bar: (
        f"{card_name('building', building, 'ko')}: {_t('vp')} +{vp}, 가장 많은 {_what_ko(of)} ({mine}; 다른 플레이어 최고 {bar})"),
    "count_no_virtue": lambda building, **counted: (
        f"{card_name('building', building, 'ko')}: {_t('virtue')} 없음 ({_counted_ko(**counted)})"),
    "count_vp": lambda building, vp, **counted: (
        f"{card_name('building', building, 'ko')}: {_t('vp')} {_signed(vp)} ({_counted_ko(**counted)})"),
    "entered_vp": lambda building, vp: f"{card_name('building', building, 'ko')}: 인쇄된 {_t('vp')} {vp} (이 테이블에서 입력)",
    "printed_vp": lambda buildings, vp: (
        f"{_t('building')} {len(buildings)}장의 인쇄된 {_t('vp')}: {_signed(vp)} ("
        + ", ".join(f"{card_name('building', b, 'ko')} {n}" for b, n in buildings) + ")"),
    "no_debts_none": lambda building, debts: f"{card_name('building', building, 'ko')}: 보너스 없음, {_t('unpaid_debt')} {debts}장",
    "no_debts_vp": lambda building, vp: f"{card_name('building', building, 'ko')}: {_t('vp')} +{vp}, {_t('unpaid_debt')} 없음",
    "debt_extra": lambda building, vp, debts, each: (
        f"{card_name('building', building, 'ko')}: {_t('vp')} {_signed(vp)}, {_t('unpaid_debt')} {debts}장마다 {each}점 더 잃음"),
    "debt_rate": lambda building, each, usual: (
        f"{card_name('building', building, 'ko')}: {_t('unpaid_debt')} 1장마다 {_t('vp')} {each}점을 잃음 (보통은 {usual}점)"),
    "override": lambda category, vp: f"{category_label(category, 'ko')}: 종이 점수표에 적은 {_t('vp')} {vp}",
    "cathedral": lambda level, vp: f"{_t('cathedral')} {_t('level')} {level}: {_t('vp')} +{vp}",
    "virtue": lambda virtue, vp: f"{_t('virtue')} {virtue}: {_t('vp')} {_signed(vp)}",
    "debts": lambda debts, vp, each: f"{_t('unpaid_debt')} {debts}장: {_t('vp')} {vp} (1장마다 {each})",
    "gold_marble": lambda gold, marble, vp: (
        " + ".join(part for part in (f"{_t('gold')} {gold}개" if gold else "", f"{_t('marble')} {marble}개" if marble else "")
                   if part) + f": {_t('vp')} +{vp} (1개마다 1)"),
    "silver": lambda silver, vp: f"{_t('silver')} {silver}개: {_t('vp')} +{vp} (10개마다 1)",
    "prison": lambda workers, vp: f"{_t('prison')}의 {_t('worker')} {workers}개: {_t('vp')} {vp} (2개마다 1)",
    "adornments": lambda printed, vp: (
        f"{_t('adornment')} {len(printed)}개: {_t('vp')} +{vp} (인쇄된 {' + '.join(map(str, printed))})"),
    "tools": lambda tools, vp, entered=False: (
        f"{_t('tool')} {tools}개: {_t('vp')} +{vp}" + (" (이 테이블에서 입력)" if entered else "")),
    "silver_instead": lambda board, debts, silver: (
        f"{card_name('board', board, 'ko')}: 게임 끝에 {_t('debt')} {debts}장을 받는 대신 {_t('silver')} {silver}개를 냄 "
        f"({_t('vp')}을 덜 잃음)"),
    "bot_guildhall": lambda workers, vp, each, bot: (
        f"{_t('guildhall')}의 {_t('worker')} {workers}개: {_t('vp')} +{vp} ({opponent_name(bot, 'ko')}: 1개마다 {each})"),
    "bot_debts": lambda debts, vp: f"{_t('unpaid_debt')} {debts}장: {_t('vp')} {vp}",
    "tie_virtue": lambda names, total, winner, virtue: (
        f"{_names_ko(names)}: {_t('vp')} {total}점으로 {_t('tie')}; {_t('virtue')}이 가장 높은 "
        f"{opponent_name(winner, 'ko')} 승리 ({virtue})"),
    "tie_silver": lambda names, total, virtue, winner, silver, bot=None: (
        f"{_names_ko(names)}: {_t('vp')} {total}점으로 {_t('tie')}, {_t('virtue')}({virtue})도 {_t('tie')}; "
        f"남은 {_t('silver')}가 가장 많은 {opponent_name(winner, 'ko')} 승리 ({silver})" + _bot_silver_ko(bot)),
    "tie_shared": lambda names, total, virtue, silver, bot=None: (
        f"{_names_ko(names)}: {_t('vp')} {total}, {_t('virtue')} {virtue}, {_t('silver')} {silver} 모두 "
        f"{_t('tie')}: {_t('share_victory')}" + _bot_silver_ko(bot)),
}

RENDERERS = {"en": ENGLISH, "ko": KOREAN}


Reason.RENDERERS = RENDERERS
