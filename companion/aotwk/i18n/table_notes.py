"""What the table tracker worked out for a move, as codes: ``Note(code, **params)``.

The table's rules (``companion.aotwk.rules.table``) return notes such as "Ada gains 2 wood
(Forest)". A ``Note`` is a ``str`` whose value is that English sentence (tests, the
CLI and exports read it as before); ``.render("ko")`` says it with the Korean
rulebook's words (``glossary_ko.yaml``) and the catalogue's Korean card names.

Parameters are ids and numbers; a name, a source or a reason is itself a ``Note``
(``Note("seat", name="Ada")``, ``Note("card", kind="apprentice", id="miner")``,
``Note("why", key="black_market")``) and is said in the same language as the note
holding it. A plain string where a note is expected (a caller not converted yet,
a player's name) is shown as it is. The events table keeps notes, nested ones too, as every
code is kept (``companion.i18n.reasons.stored``).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from companion.aotwk.i18n.cards import item_word, items_in_words
from companion.aotwk.i18n.glossary import korean as _t
from companion.aotwk.i18n.names import card_name, opponent_name
from companion.aotwk.rules.codes import Note
from companion.i18n.reasons import plural


def _j(word: str, particle: str) -> str:
    """A word with its Korean particle, picked by the word's last sound: '을/를', '이/가',
    '은/는' (first after a final consonant), or '으로' (로 after a vowel or ㄹ). Digits are
    read as Korean numbers; anything else gets both forms, 을(를)."""
    last = word[-1:] if word else ""
    if last.isdigit():
        batchim = last not in "2459"   # 일 삼 육 칠 팔 십 end in a consonant; 이 사 오 구 do not
        rieul = last in "178"
    elif "가" <= last <= "힣":
        final = (ord(last) - 0xAC00) % 28
        batchim, rieul = final != 0, final == 8
    else:
        return word + ("(으)로" if particle == "으로" else "{}({})".format(*particle.split("/")))
    if particle == "으로":
        return word + ("로" if not batchim or rieul else "으로")
    with_final, without = particle.split("/")
    return word + (with_final if batchim else without)


def _aside(now_word: str, *parts: Any, now: int | None = None) -> str:
    """' (reason; now 3)': the parts given, and the count now in the language's word for 'now'."""
    kept = [str(part) for part in parts if part] + ([f"{now_word} {now}"] if now is not None else [])
    return f" ({'; '.join(kept)})" if kept else ""


_aside_en = partial(_aside, "now")
_aside_ko = partial(_aside, "현재")


# Fixed reasons a note gives in brackets: key -> (English, Korean); {term} is the glossary's word.
WHY = {
    "black_market": ("Black Market", "{black_market}"),
    "the_black_market": ("the Black Market", "{black_market}"),
    "black_market_full": ("the Black Market is full", "{black_market}이 가득 참"),
    "prison_at_reset": ("3+ in Prison at the reset", "재설정 때 {prison}에 3개 이상"),
    "silver_on_card": ("silver on the hired card", "고용한 카드 위의 {silver}"),
    "workshop_hire": ("hiring at the Workshop", "{workshop}에서 고용"),
    "stealing_tax": ("stealing tax", "{tax} 훔치기"),
    "tax_stand": ("Tax Stand", "{tax_stand}"),
    "debt_paid_off": ("debt paid off", "{paid_debt}"),
    "paying_off_debt": ("paying off a debt", "{debt} 갚기"),
    "crafting_adornment": ("crafting an Adornment", "{adornment} 제작"),
    "adornment": ("Adornment", "{adornment}"),
    "an_adornment": ("an Adornment", "{adornment}"),
    "a_tool": ("a Tool", "{tool}"),
    "selling_captured": ("selling captured workers", "{captured} 팔기"),
    "sent_to_prison": ("captured workers sent to Prison", "{captured}을 {prison}로 보냄"),
    "town_centre_captures": ("captures at the Town Centre", "{town_centre}에서 포획"),
    "releasing_captured": ("releasing captured workers", "{captured} 되찾기"),
    "discarded": ("discarded", "버림"),
    "empty_reward_pile": ("empty reward pile", "{reward_card} 더미가 비었음"),
    "reward_card": ("reward card", "{reward_card}"),
    "workshop": ("workshop", "{workshop}"),
    "black_market_source": ("black market", "{black_market}"),
    "free": ("free", "무료"),
}

SPACES_KO = {"small": "소형", "middle": "가운데", "large": "대형"}
COUNTERS = {"prisoners": ("workers in Prison", "{prison}의 {worker}"), "tools": ("tools", "{tool}")}


class _Terms(dict):
    def __missing__(self, key: str) -> str:
        return _t(key)


def _why(key: str, lang: str) -> str:
    en, ko = WHY[key]
    return ko.format_map(_Terms()) if lang == "ko" else en


def _space_ko(space: str) -> str:
    return SPACES_KO.get(space, space)


def _cells_en(cells: list) -> str:
    return ", ".join(f"{cell} {'computed' if value is None else value}" for cell, value in cells)


def _cell_ko(cell: str) -> str:
    from companion.aotwk.i18n.glossary import category_label
    if cell == "final_virtue":
        return f"최종 {_t('virtue')}"
    if cell == "final_silver":
        return f"남은 {_t('silver')}"
    if cell in ("gold", "marble", "clay", "wood", "stone", "silver"):
        return _t(cell)
    return category_label(cell, 'ko')


def _cells_ko(cells: list) -> str:
    return ", ".join(f"{_cell_ko(cell)} {'자동 계산' if value is None else value}" for cell, value in cells)


def _holdings_en(parts: list, unknown: int) -> str:
    return ", ".join([f"{n} of {who}'s" for who, n in parts]
                     + ([f"{unknown} not booked to anyone"] if unknown else [])) or "none"


def _holdings_ko(parts: list, unknown: int) -> str:
    return ", ".join([f"{who}의 {_t('worker')} {n}개" for who, n in parts]
                     + ([f"주인을 모르는 {_t('worker')} {unknown}개"] if unknown else [])) or "없음"


def _plus(skills) -> str:
    return f" (+{', '.join(skills)})" if skills else ""


def _virtue_en(who, before, after, excess=0, destroyed=0, taken=0, minimum=0, shielded=0, reason=None) -> str:
    note = f"{who}: virtue {before} -> {after}"
    if excess:
        note += (f", {excess} excess destroyed {plural(destroyed, 'unpaid debt')}" if destroyed
                 else f", {excess} excess (no unpaid debt to destroy)")
    elif taken:
        note += f", {taken} below {minimum} took {plural(taken, 'unpaid debt')}"
    if shielded:
        note += f" (the Artisan ignores {shielded} of the loss)"
    return note + _aside_en(reason)


def _virtue_ko(who, before, after, excess=0, destroyed=0, taken=0, minimum=0, shielded=0, reason=None) -> str:
    note = f"{who}: {_t('virtue')} {before} → {after}"
    if excess:
        note += (f", 넘친 {excess}만큼 {_t('unpaid_debt')} {destroyed}장 파기" if destroyed
                 else f", 넘친 {excess} (파기할 {_t('unpaid_debt')} 없음)")
    elif taken:
        note += f", {minimum} 아래로 {taken}만큼 내려가 {_t('unpaid_debt')} {taken}장을 받음"
    if shielded:
        note += f" ({_t('artisan')}이 잃는 {_t('virtue')} {shielded}을 무시)"
    return note + _aside_ko(reason)


ENGLISH: dict[str, Callable[..., str]] = {
    # names, sources, reasons
    "seat": lambda name: name,
    "bot": lambda opponent: opponent_name(opponent, 'en'),
    "card": lambda kind, id: card_name(kind, id, 'en'),
    "board": lambda id: card_name('board', id, 'en'),
    "why": lambda key: _why(key, 'en'),
    "why_hired": lambda apprentice: f"hired the {card_name('apprentice', apprentice, 'en')}",
    "why_the_building": lambda building: f"the {card_name('building', building, 'en')}",
    "why_cathedral_level": lambda level: f"Cathedral level {level}",
    "why_most_in_prison": lambda most: f"most in Prison ({most})",
    "why_guildhall_space": lambda space: f"Guildhall space {space}",
    "why_nobody_in_prison": lambda source: f"{source}: nobody in Prison",
    "why_adornment_half": lambda source: f"{source}: the Adornment half",
    "why_silver_instead": lambda source, debts: f"{source}: silver instead of {plural(debts, 'unpaid debt')}",
    # gaining and paying (actors.py)
    "draw_cards": lambda who, count, reason: f"{who}: draw {count} building card{'s' * (count > 1)} ({reason})",
    "gains": lambda who, items, reason: f"{who} gains {items_in_words(items, 'en')} ({reason})",
    "take_untracked": lambda who, items, reason: f"{who}: take {items_in_words(items, 'en')} ({reason}; not tracked)",
    "pays_less": lambda who, amount, item, source: f"{who} pays {amount} {item} less ({source})",
    "pays": lambda who, items, reason: f"{who} pays {items_in_words(items, 'en')} ({reason})",
    "tax_paid": lambda tax, total: f"{tax} tax to the Tax Stand (now {total})",
    "ignores_tax": lambda who, tax: f"{who} ignores {tax} tax",
    # the Virtue Track and debts (track.py)
    "artisan_ignores_loss": lambda who, reason=None: f"{who}'s Artisan ignores the virtue loss" + _aside_en(reason),
    "virtue": _virtue_en,
    "takes_debts": lambda who, count, now, reason=None: (
        f"{who} takes {plural(count, 'unpaid debt')}" + _aside_en(reason, now=now)),
    "silver_instead_hint": lambda source, silver: (
        f"{source} may pay {silver} silver instead: record 'Pay silver instead of debts just taken'"),
    "destroys_debts": lambda who, count, now, reason=None: (
        f"{who} destroys {plural(count, 'unpaid debt')}" + _aside_en(reason, now=now)),
    "pays_off_debt": lambda who, unpaid, paid: f"{who} pays off 1 debt ({unpaid} unpaid, {paid} paid)",
    "pays_silver_instead": lambda who, count, source, unpaid: (
        f"{who} pays silver instead of {plural(count, 'unpaid debt')} ({source}; {unpaid} unpaid)"),
    # apprentices
    "hires": lambda who, apprentice, source: f"{who} hires the {card_name('apprentice', apprentice, 'en')} ({source})",
    "starting_next": lambda who: f"Starting apprentice next: {who}",
    "starting_done": lambda: ("Every player has a starting apprentice: reveal new Apprentice cards, "
                              "then draft the Buildings"),
    "virtue_unknown": lambda kind, id: (
        f"The {card_name(kind, id, 'en')}'s virtue is not in the catalogue: adjust virtue if the card shows any"),
    "discards": lambda who, apprentice, reason: f"{who} discards the {card_name('apprentice', apprentice, 'en')} ({reason})",
    # the Black Market
    "bm_place": lambda who, space: f"{who} places a worker on the {space} Black Market space",
    "bm_reset": lambda count, reason=None: f"Black Market Reset #{count}" + _aside_en(reason),
    "bm_to_prison": lambda who, space: f"{who}: worker from the {space} space to the Prison",
    "bm_turn_card": lambda: "Turn the top Small Market card onto the Large Market",
    # buildings
    "constructs": lambda who, building: f"{who} constructs the {card_name('building', building, 'en')}",
    "skills_unknown": lambda building: (
        f"The {card_name('building', building, 'en')}'s skills are not in the catalogue: check them at the table"),
    "timing_reading": lambda building, end_game: (
        f"The {card_name('building', building, 'en')} acts {'at the end of the game' if end_game else 'now'}: "
        "our reading, the expansion does not say when"),
    "cost_unknown": lambda building: (
        f"The {card_name('building', building, 'en')}'s cost is not in the catalogue: pay it with a resources move"),
    "building_removed": lambda who, building: (
        f"{who}: {card_name('building', building, 'en')} removed (correction; its effects are not reversed)"),
    "takes_one_of_untracked": lambda who, options, building: (
        f"{who} takes " + " or ".join(items_in_words(option, 'en') for option in options)
        + f" ({card_name('building', building, 'en')}; not tracked)"),
    "may_capture": lambda who, groups, building: (
        f"{who} may capture {groups} group{'s' * (groups > 1)} now, as at the Town Centre "
        f"({card_name('building', building, 'en')}): record it with a capture move"),
    "may_capture_or_release": lambda who, building: (
        f"{who} may capture 1 group, or release all their workers held on other boards "
        f"({card_name('building', building, 'en')}): record it with a capture or captured move"),
    "discards_no_card": lambda who, building: f"{who} discards no building card ({card_name('building', building, 'en')})",
    "discards_card": lambda who, building: f"{who} discards 1 building card ({card_name('building', building, 'en')})",
    "may_hire_free": lambda who, building: (
        f"{who} may hire any face-up apprentice for free ({card_name('building', building, 'en')}): "
        "record it with a hire move from source free"),
    "takes_adornment": lambda who, vp, building: (
        f"{who} takes an Adornment worth {vp} VP ({card_name('building', building, 'en')})"),
    "takes_tool": lambda who, count, building, now: (
        f"{who} takes {count} Tool" + _aside_en(card_name('building', building, 'en'), now=now)),
    # the Cathedral
    "advances": lambda who, level: f"{who} advances to Cathedral level {level}",
    "discard_from_hand": lambda who, items: f"{who}: discard {items_in_words(items, 'en')} from hand",
    "advances_free": lambda who, level: f"{who} advances to Cathedral level {level} (free: no worker placed)",
    "cathedral_correction": lambda who, before, level: f"{who}: Cathedral level {before} -> {level} (correction)",
    # Age of Artisans
    "artisan": lambda who, counts: f"{who} places their Artisan: it counts as {counts} workers this placement",
    "stacks": lambda who, space, capacity, action: (
        f"{who}: second worker on Guildhall space {space} of {capacity} for {action}"),
    "crafts_adornment": lambda who, vp, building: (
        f"{who} crafts an Adornment worth {vp} VP, tucked under the {card_name('building', building, 'en')}"),
    "craft_card_vp": lambda vp, number, name=None: f"{name or f'craft card {number}'}: {vp} VP (entered at this table)",
    "tools_now": lambda who, count: f"{who} now has {count} Tool{'s' * (count != 1)}",
    "tool_tucked": lambda who, apprentice, skills=(): (
        f"Tool{_plus(skills)} tucked under {who}'s {card_name('apprentice', apprentice, 'en')}"),
    "tool_discarded": lambda who, left: (
        f"{who} has no other apprentice without a Tool: the Tool is discarded ({left} left)"),
    "adds_adornment": lambda who, vp: f"{who} crafts an Adornment worth {vp} VP",
    "adornment_removed": lambda who, vp: f"{who}: Adornment worth {vp} VP removed",
    # the Guildhall and the end
    "beside_guildhall": lambda who, action: f"{who}: worker beside the Guildhall for {action} (final round)",
    "guildhall_space": lambda who, space, capacity, action: (
        f"{who}: Guildhall space {space} of {capacity} for {action}"),
    "apprentice_reset": lambda space: (
        f"Apprentice reset (Guildhall space {space}): after this turn, discard both apprentices "
        "in the left-most Workshop column and refill"),
    "extra_placement": lambda who, source: (
        f"{who} may place one more worker in the Guildhall this turn ({source}): "
        "record the next build or Cathedral advance as extra"),
    "final_round": lambda who, still: f"{who} filled the Guildhall: final round. Still to play: " + ", ".join(still),
    "final_turn_done": lambda who: f"{who} has had their final turn",
    "over_paper": lambda: "The game is over: type each player's totals on the score pad",
    "over_count": lambda: "The game is over: each player counts what is left on their board, then the final score",
    "over_score": lambda: "The game is over: resolve end-game building effects and score",
    # counters, resources, the pad
    "counter": lambda who, counter, before, after: f"{who}: {COUNTERS[counter][0]} {before} -> {after}",
    "resources": lambda who, changes: (
        f"{who}: " + ", ".join(f"{item} {before} -> {after}" for item, before, after in changes)),
    "cells": lambda who, cells: f"{who}: {_cells_en(cells)}",
    "counted": lambda who: f"{who} has counted",
    "all_counted": lambda: "Everyone has counted: the final score",
    # the Prison
    "captures": lambda who, count, victim, held: f"{who} captures {count} of {victim}'s workers (now holds {held})",
    "sends_to_prison": lambda who, count: f"{who} sends {count} captured workers to the Prison",
    "unbooked_sent": lambda count: (
        f"{count} of them were never booked to an owner: add them to their owners' workers in Prison by hand"),
    "to_prison": lambda who, count, now: f"{who}: {count} workers to the Prison (now {now})",
    "releases": lambda who, count, now, reason=None: f"{who} releases {count} from Prison" + _aside_en(reason, now=now),
    "takes_back": lambda who, count, captor, held: (
        f"{who} takes back {count} workers from {captor} (who now holds {held})"),
    "captured_correction": lambda who, before, after, holdings=None, unknown=0: (
        f"{who}: captured workers held {before} -> {after}"
        + (_aside_en(_holdings_en(holdings, unknown)) if holdings is not None else "")),
    # the Tax Stand
    "pays_tax": lambda who, amount: f"{who} pays {amount} silver tax",
    "tax_stand": lambda silver: f"Tax Stand: {silver} silver",
    "steals": lambda who, silver: f"{who} steals {silver} silver from the Tax Stand",
}


KOREAN: dict[str, Callable[..., str]] = {
    "seat": lambda name: name,
    "bot": lambda opponent: opponent_name(opponent, 'ko'),
    "card": lambda kind, id: card_name(kind, id, 'ko'),
    "board": lambda id: card_name('board', id, 'ko'),
    "why": lambda key: _why(key, 'ko'),
    "why_hired": lambda apprentice: f"{card_name('apprentice', apprentice, 'ko')} 고용",
    "why_the_building": lambda building: card_name("building", building, 'ko'),
    "why_cathedral_level": lambda level: f"{_t('cathedral')} {_t('level')} {level}",
    "why_most_in_prison": lambda most: f"{_t('prison')}에 가장 많음 ({most})",
    "why_guildhall_space": lambda space: f"{_t('guildhall')} {space}번 칸",
    "why_nobody_in_prison": lambda source: f"{source}: {_t('prison')}에 아무도 없음",
    "why_adornment_half": lambda source: f"{source}: {_t('adornment')} 쪽",
    "why_silver_instead": lambda source, debts: f"{source}: {_t('unpaid_debt')} {debts}장 대신 {_t('silver')}",
    "draw_cards": lambda who, count, reason: f"{who}: {_t('building_card')} {count}장을 가져옴 ({reason})",
    "gains": lambda who, items, reason: f"{who}: {items_in_words(items, 'ko')} 받음 ({reason})",
    "take_untracked": lambda who, items, reason: f"{who}: {items_in_words(items, 'ko')} 가져오기 ({reason}; 앱이 세지 않음)",
    "pays_less": lambda who, amount, item, source: f"{who}: {item_word(item, 'ko')} {amount}개 덜 냄 ({source})",
    "pays": lambda who, items, reason: f"{who}: {items_in_words(items, 'ko')} 냄 ({reason})",
    "tax_paid": lambda tax, total: f"{_t('tax')} {tax}개를 {_t('tax_stand')}에 (현재 {total})",
    "ignores_tax": lambda who, tax: f"{who}: {_t('tax')} {tax}개를 내지 않음",
    "artisan_ignores_loss": lambda who, reason=None: (
        f"{who}의 {_t('artisan')}이 {_t('virtue')}을 잃지 않음" + _aside_ko(reason)),
    "virtue": _virtue_ko,
    "takes_debts": lambda who, count, now, reason=None: (
        f"{who}: {_t('unpaid_debt')} {count}장을 받음" + _aside_ko(reason, now=now)),
    "silver_instead_hint": lambda source, silver: (
        f"{source}: 대신 {_t('silver')} {silver}개를 낼 수 있습니다: '방금 받은 {_t('debt')} 대신 {_t('silver')} 내기'를 기록하세요"),
    "destroys_debts": lambda who, count, now, reason=None: (
        f"{who}: {_t('unpaid_debt')} {count}장 파기" + _aside_ko(reason, now=now)),
    "pays_off_debt": lambda who, unpaid, paid: (
        f"{who}: {_t('debt')} 1장을 갚음 ({_t('unpaid_debt')} {unpaid}, {_t('paid_debt')} {paid})"),
    "pays_silver_instead": lambda who, count, source, unpaid: (
        f"{who}: {_t('unpaid_debt')} {count}장 대신 {_t('silver')}를 냄 ({source}; {_t('unpaid_debt')} {unpaid})"),
    "hires": lambda who, apprentice, source: f"{who}: {card_name('apprentice', apprentice, 'ko')} 고용 ({source})",
    "starting_next": lambda who: f"다음 시작 {_t('apprentice')}: {who}",
    "starting_done": lambda: (f"모든 플레이어가 시작 {_t('apprentice')}을 가졌습니다: 새 {_t('apprentice')} 카드를 펼친 뒤 "
                              f"{_t('building_card')}를 고르세요"),
    "virtue_unknown": lambda kind, id: (
        f"{card_name(kind, id, 'ko')}의 {_t('virtue')}은 카탈로그에 없습니다: 카드에 {_t('virtue')}이 있으면 직접 조정하세요"),
    "discards": lambda who, apprentice, reason: f"{who}: {card_name('apprentice', apprentice, 'ko')} 버림 ({reason})",
    "bm_place": lambda who, space: f"{who}: {_t('black_market')} {_space_ko(space)} 칸에 {_j(_t('worker'), '을/를')} 놓음",
    "bm_reset": lambda count, reason=None: f"{_t('black_market_reset')} {count}번째" + _aside_ko(reason),
    "bm_to_prison": lambda who, space: f"{who}: {_space_ko(space)} 칸의 {_j(_t('worker'), '이/가')} {_j(_t('prison'), '으로')}",
    "bm_turn_card": lambda: f"맨 위 {_t('small_market')} 카드를 뒤집어 {_t('large_market')} 위에 놓으세요",
    "constructs": lambda who, building: f"{who}: {card_name('building', building, 'ko')} 건설",
    "skills_unknown": lambda building: (
        f"{card_name('building', building, 'ko')}의 {_t('skill')}은 카탈로그에 없습니다: 테이블에서 확인하세요"),
    "timing_reading": lambda building, end_game: (
        f"{_j(card_name('building', building, 'ko'), '은/는')} {'게임이 끝날 때' if end_game else '지금'} 효과가 있습니다: "
        "확장에 때가 적혀 있지 않아 우리가 읽은 방식입니다"),
    "cost_unknown": lambda building: (
        f"{card_name('building', building, 'ko')}의 비용은 카탈로그에 없습니다: 자원 기록으로 내세요"),
    "building_removed": lambda who, building: (
        f"{who}: {card_name('building', building, 'ko')} 제거 (수정; 효과는 되돌리지 않음)"),
    "takes_one_of_untracked": lambda who, options, building: (
        f"{who}: " + " 또는 ".join(items_in_words(option, 'ko') for option in options)
        + f" 가져오기 ({card_name('building', building, 'ko')}; 앱이 세지 않음)"),
    "may_capture": lambda who, groups, building: (
        f"{who}: {_t('town_centre')}에서처럼 지금 {groups}번 포획할 수 있습니다 "
        f"({card_name('building', building, 'ko')}): 포획으로 기록하세요"),
    "may_capture_or_release": lambda who, building: (
        f"{who}: 1번 포획하거나, 다른 보드에 잡힌 자기 {_j(_t('worker'), '을/를')} 모두 되찾을 수 있습니다 "
        f"({card_name('building', building, 'ko')}): 포획 또는 포획된 일꾼으로 기록하세요"),
    "discards_no_card": lambda who, building: f"{who}: {_t('building_card')}를 버리지 않음 ({card_name('building', building, 'ko')})",
    "discards_card": lambda who, building: f"{who}: {_t('building_card')} 1장을 버림 ({card_name('building', building, 'ko')})",
    "may_hire_free": lambda who, building: (
        f"{who}: 앞면의 {_t('apprentice')} 1명을 무료로 고용할 수 있습니다 ({card_name('building', building, 'ko')}): "
        "무료 고용으로 기록하세요"),
    "takes_adornment": lambda who, vp, building: (
        f"{who}: {_t('vp')} {vp}의 {_t('adornment')}을 받음 ({card_name('building', building, 'ko')})"),
    "takes_tool": lambda who, count, building, now: (
        f"{who}: {_t('tool')} {count}개를 받음" + _aside_ko(card_name('building', building, 'ko'), now=now)),
    "advances": lambda who, level: f"{who}: {_t('cathedral')} {_t('level')} {_j(str(level), '으로')} 추진",
    "discard_from_hand": lambda who, items: f"{who}: 손에서 {items_in_words(items, 'ko')}장을 버리세요",
    "advances_free": lambda who, level: (
        f"{who}: {_t('cathedral')} {_t('level')} {_j(str(level), '으로')} 추진 (무료: {_j(_t('worker'), '을/를')} 놓지 않음)"),
    "cathedral_correction": lambda who, before, level: (
        f"{who}: {_t('cathedral')} {_t('level')} {before} → {level} (수정)"),
    "artisan": lambda who, counts: f"{who}: {_t('artisan')}을 놓음: 이번에는 {_t('worker')} {counts}개로 칩니다",
    "stacks": lambda who, space, capacity, action: (
        f"{who}: {_t('guildhall')} {space}/{capacity}번 칸에 두 번째 {_t('worker')} ({action})"),
    "crafts_adornment": lambda who, vp, building: (
        f"{who}: {_t('vp')} {vp}의 {_t('adornment')}을 제작해 {card_name('building', building, 'ko')} 아래에 끼움"),
    "craft_card_vp": lambda vp, number, name=None: (
        f"{name or f'제작 카드 {number}'}: {_t('vp')} {vp} (이 테이블에서 입력)"),
    "tools_now": lambda who, count: f"{who}: 이제 {_t('tool')} {count}개",
    "tool_tucked": lambda who, apprentice, skills=(): (
        f"{_t('tool')}{_plus([_t(s) for s in skills])}: "
        f"{who}의 {card_name('apprentice', apprentice, 'ko')} 아래에 끼움"),
    "tool_discarded": lambda who, left: (
        f"{who}: {_j(_t('tool'), '이/가')} 없는 다른 {_t('apprentice')}이 없어 {_j(_t('tool'), '을/를')} 버립니다 ({left}개 남음)"),
    "adds_adornment": lambda who, vp: f"{who}: {_t('vp')} {vp}의 {_t('adornment')} 제작",
    "adornment_removed": lambda who, vp: f"{who}: {_t('vp')} {vp}의 {_t('adornment')} 제거",
    "beside_guildhall": lambda who, action: (
        f"{who}: {_j(str(action), '을/를')} 위해 {_t('guildhall')} 옆에 {_j(_t('worker'), '을/를')} 놓음 ({_t('final_round')})"),
    "guildhall_space": lambda who, space, capacity, action: (
        f"{who}: {_t('guildhall')} {space}/{capacity}번 칸 ({action})"),
    "apprentice_reset": lambda space: (
        f"{_t('apprentice')} 재설정 ({_t('guildhall')} {space}번 칸): 이 차례가 끝나면 {_t('workshop')} "
        f"맨 왼쪽 열의 {_t('apprentice')} 2장을 버리고 다시 채우세요"),
    "extra_placement": lambda who, source: (
        f"{who}: 이번 차례에 {_t('guildhall')}에 {_j(_t('worker'), '을/를')} 1개 더 놓을 수 있습니다 ({source}): "
        f"다음 건설이나 {_t('cathedral')} 추진을 추가로 기록하세요"),
    "final_round": lambda who, still: (
        f"{who}: {_j(_t('guildhall'), '을/를')} 채웠습니다: {_t('final_round')}. 남은 차례: " + ", ".join(still)),
    "final_turn_done": lambda who: f"{who}: 마지막 차례를 마침",
    "over_paper": lambda: "게임 종료: 점수표에 각 플레이어의 합계를 적으세요",
    "over_count": lambda: f"게임 종료: 각 플레이어가 {_t('player_board')}에 남은 것을 센 뒤 {_t('final_score')}",
    "over_score": lambda: f"게임 종료: 건물의 {_t('end_game_effect')}를 해결하고 점수를 계산하세요",
    "counter": lambda who, counter, before, after: f"{who}: {COUNTERS[counter][1].format_map(_Terms())} {before} → {after}",
    "resources": lambda who, changes: (
        f"{who}: " + ", ".join(f"{item_word(item, 'ko')} {before} → {after}" for item, before, after in changes)),
    "cells": lambda who, cells: f"{who}: {_cells_ko(cells)}",
    "counted": lambda who: f"{who}: 세기를 마침",
    "all_counted": lambda: f"모두 세기를 마쳤습니다: {_t('final_score')}",
    "captures": lambda who, count, victim, held: (
        f"{who}: {victim}의 {_t('worker')} {count}개를 포획 (현재 {held}개 보유)"),
    "sends_to_prison": lambda who, count: f"{who}: {_t('captured')} {count}개를 {_j(_t('prison'), '으로')} 보냄",
    "unbooked_sent": lambda count: (
        f"그중 {count}개는 주인이 기록되지 않았습니다: 주인의 {_t('prison')} {_t('worker')}에 직접 더하세요"),
    "to_prison": lambda who, count, now: f"{who}: {_t('worker')} {count}개가 {_j(_t('prison'), '으로')} (현재 {now})",
    "releases": lambda who, count, now, reason=None: (
        f"{who}: {_t('prison')}에서 {count}개를 풀어 줌" + _aside_ko(reason, now=now)),
    "takes_back": lambda who, count, captor, held: (
        f"{who}: {captor}에게서 {_t('worker')} {count}개를 되찾음 ({_j(captor, '은/는')} 현재 {held}개 보유)"),
    "captured_correction": lambda who, before, after, holdings=None, unknown=0: (
        f"{who}: 보유한 {_t('captured')} {before} → {after}"
        + (_aside_ko(_holdings_ko(holdings, unknown)) if holdings is not None else "")),
    "pays_tax": lambda who, amount: f"{who}: {_j(_t('tax'), '으로')} {_t('silver')} {amount}개를 냄",
    "tax_stand": lambda silver: f"{_t('tax_stand')}: {_t('silver')} {silver}개",
    "steals": lambda who, silver: f"{who}: {_t('tax_stand')}에서 {_t('silver')} {silver}개를 훔침",
}

RENDERERS = {"en": ENGLISH, "ko": KOREAN}


Note.RENDERERS = RENDERERS
