"""Why the table tracker refuses a move, as codes: ``MoveError(field, Refusal(code, **params))``.

As a ``str`` a ``Refusal`` is the English sentence the tracker has always said (tests and
the bot's English keep reading it); the web layer shows it in the reader's language
(``render_reason(refusal, lang)``, or ``| say`` in a template) next to the field it names.
Parameters are ids and numbers (card ids, resource keys, seat names as the players typed
them); the renderers turn them into words, Korean ones from the Korean rulebook
(``glossary_ko.yaml``) and the catalogue's Korean card names.
"""

from __future__ import annotations

from typing import Callable

from companion.aotwk.i18n.cards import items_in_words
from companion.aotwk.i18n.glossary import korean as _t
from companion.aotwk.i18n.glossary import term_or_words
from companion.aotwk.i18n.names import card_name, opponent_name
from companion.i18n.problem_words import hint_en
from companion.aotwk.rules.codes import Refusal


# -- English: the sentences the tracker has always said ---------------------------------------


def _bounds_en(label, low, high, got) -> str:
    return f"{label} must be {low if low is not None else 'any'} to {high if high is not None else 'any'} (got {got})"


def _unknown_card_en(kind, wrong, hints) -> str:
    return f"unknown {kind} {wrong!r}" + hint_en(", ".join(hints))


def _holdings_en(parts, unknown) -> str:
    said = [f"{n} of {owner}'s" for n, owner in parts]
    return ", ".join(said + ([f"{unknown} not booked to anyone"] if unknown else [])) or "none"


def _adornment_vp_en(craft_card=None) -> str:
    return ("enter the Adornment's printed VP (top right of the card)"
            + ("" if craft_card is None else f": craft card {craft_card} has no VP in the card library"))


_GAME_OVER_EN = "the game is over: no more workers can be placed"

ENGLISH: dict[str, Callable[..., str]] = {
    # reading a move's fields (companion.aotwk.rules.table.moves)
    "unknown_move": lambda kinds: f"unknown move; one of: {', '.join(kinds)}",
    "required": lambda label: f"{label} is required",
    "whole_number": lambda label: f"{label} must be a whole number",
    "bounds": _bounds_en,
    "yes_or_no": lambda label: f"{label} must be yes or no",
    "one_of": lambda label, choices: f"{label} must be one of: {', '.join(choices)}",
    "named_values": lambda label: f"{label} must be named values",
    "cell_whole_number": lambda cell: f"{cell}: a whole number is needed",
    "text": lambda label: f"{label} must be text",
    "skills": lambda skills: f"skills are {', '.join(skills)}",
    "zero_change": lambda what: f"{what} of 0 changes nothing",
    "no_change": lambda: "enter at least one change",
    # who acts
    "bot_cannot": lambda: "the bot cannot do this",
    "no_bot": lambda: "this game has no bot",
    "no_seat": lambda who: f"no player in seat {who!r}",
    "bot_no_artisan": lambda: "the bot has no Artisan",
    "artisan_not_guildhall": lambda: "Artisans may never be placed into the Guildhall",
    # cards
    "unknown_card": _unknown_card_en,
    "artisans_card": lambda kind, card: (
        f"{card_name(kind, card, 'en')} comes with Age of Artisans, which this game does not use"),
    # counts and resources
    "has_debts": lambda name, debts: f"{name} has {debts} unpaid debts",
    "counter_short": lambda name, held, counter, label: f"{name} has only {held} {label}",
    "counter_most": lambda name, most, counter, label: f"{name} cannot have more than {most} {label}",
    "resource_short": lambda name, held, item: f"{name} has only {held} {item}",
    "marble_only": lambda name: f"{name} keeps only marble",
    "no_prisoners": lambda name: f"{name} has no workers in Prison",
    "short_of": lambda name, short, reason: f"{name} is short of {items_in_words(short, 'en')} for {reason}",
    "no_adornment_worth": lambda name, vp: f"{name} has no Adornment worth {vp} VP",
    # turns and the end of the game
    "game_over_placement": lambda: _GAME_OVER_EN,
    "final_turn_had": lambda name: f"{name} has already had their final turn",
    "no_final_round": lambda: "there is no final round under way",
    "game_already_over": lambda: "the game is already over",
    # the Cathedral
    "free_advance_only": lambda: "a free advance places no worker: no reward, mix or extra placement",
    "cathedral_finished": lambda name, top: f"{name} has finished the Cathedral (level {top})",
    "cathedral_closed": lambda name, virtue, at: (
        f"{name} has {virtue} virtue: the Cathedral is closed at {at} or less"),
    "level_full": lambda level, taken: f"Cathedral level {level} is full ({', '.join(taken)})",
    "reward_pile_empty": lambda gain: f"the reward pile is empty: gain {items_in_words(gain, 'en')} instead",
    "which_reward": lambda rewards: (
        "say which reward card was revealed: " + "; ".join(items_in_words(items, 'en') for items in rewards)),
    "reward_all_drawn": lambda reward: f"every '{items_in_words(reward, 'en')}' reward card has already been drawn",
    "level_mix": lambda level, amount, items: f"level {level} costs {amount} of {' or '.join(items)} in all",
    "cathedral_levels": lambda top: f"the Cathedral has levels 0 to {top}",
    # the Guildhall
    "no_extra_placement": lambda name: f"{name} has no extra Guildhall placement (Crane) to use",
    # debts
    "bot_never_pays_debts": lambda: "the bot never pays off debts (it can only destroy them)",
    "no_unpaid_debt": lambda name: f"{name} has no unpaid debt to pay off",
    "no_silver_instead": lambda name: f"{name}'s board has no ability to pay silver instead of a debt",
    "only_unpaid_debts": lambda name, debts: f"{name} has only {debts} unpaid debts",
    # buildings
    "bot_no_construct": lambda: "the bot does not construct buildings",
    "needs_skills": lambda name, skills, building: (
        f"{name} needs an apprentice with {' and '.join(skills)} to construct the {card_name('building', building, 'en')}"),
    "already_built": lambda building, owner: f"the {card_name('building', building, 'en')} is already built by {owner}",
    "building_removed": lambda building: f"the {card_name('building', building, 'en')} is removed from the deck in this game",
    "enter_building_vp": lambda building: (
        f"the catalogue does not know the {card_name('building', building, 'en')}'s printed VP: enter it"),
    "not_built": lambda name, building: f"{name} has not built {building!r}",
    "choose_gift": lambda building, options: (
        f"choose what the {card_name('building', building, 'en')} gives: " + " or ".join(items_in_words(o, 'en') for o in options)),
    "discard_which": lambda building, name: (
        f"the {card_name('building', building, 'en')} makes {name} discard an apprentice: choose which"),
    "enter_adornment_vp_of": lambda building: (
        f"enter the printed VP of the Adornment the {card_name('building', building, 'en')} gives"),
    # the Black Market
    "black_market_spaces": lambda spaces: f"the Black Market spaces are {', '.join(spaces)}",
    "black_market_closed": lambda name, virtue, at: (
        f"{name} has {virtue} virtue: the Black Market is closed at {at} or more"),
    "black_market_taken": lambda space, name: f"the {space} space is taken by {name}",
    "black_market_hire_space": lambda space: f"only the {space} Black Market space hires",
    "black_market_full": lambda: "every Black Market space is taken",
    "artisans_middle_space": lambda: ("with Age of Artisans the middle space crafts a Tool (the overlay card "
                                      "covers its hire): record it as Craft a Tool"),
    # the Tax Stand
    "tax_stand_empty": lambda: "the Tax Stand is empty: there is nothing to steal",
    # apprentices
    "bot_no_hire": lambda: "the bot does not hire apprentices",
    "hire_from": lambda sources: f"hire from one of: {', '.join(sources)}",
    "apprentice_taken": lambda owner, apprentice: (
        f"{owner} already has this {card_name('apprentice', apprentice, 'en')} ({apprentice}); "
        "each card is in the game once"),
    "apprentice_limit": lambda name, limit: (
        f"{name} already has {limit} apprentices, the most allowed: discard one first"),
    "bot_no_apprentices": lambda: "the bot has no apprentices",
    "no_apprentice": lambda name, apprentice: f"{name} has no apprentice {apprentice!r}",
    # the bot's workers
    "capture_where": lambda bot, locations: (
        f"say where {bot}'s workers were captured: one of {', '.join(term_or_words(loc, 'en') for loc in locations)}"),
    "bot_adornment_vp": lambda bot: (
        f"{bot} crafts an Adornment with each Guildhall placement: enter the printed VP of the face-up "
        "Adornment with the most VP"),
    "bot_adornment_only": lambda: "only the bot crafts an Adornment with a Guildhall placement: record yours with Craft",
    "starting_hire_order": lambda name, next: (
        f"the starting apprentices are hired in reverse turn order: {next} hires next, not {name}"),
    "capture_never_from": lambda location, locations: (
        f"workers are never captured from the {term_or_words(location, 'en')}: capture from "
        f"{', '.join(term_or_words(loc, 'en') for loc in locations)}"),
    "capture_from": lambda locations: (
        f"capture from a location of the Main Board: {', '.join(term_or_words(loc, 'en') for loc in locations)}"),
    "bot_workers_at": lambda bot, there, location: (
        f"{bot} has {there} worker{'s' * (there != 1)} at the {term_or_words(location, 'en')}"),
    # Age of Artisans: crafting
    "no_crafting": lambda: "crafting comes with Age of Artisans, which this game does not use",
    "nothing_to_stack": lambda name: (
        f"{name} has no worker of their own alone on a Guildhall space to stack on"),
    "no_building_to_adorn": lambda name: f"{name} has no building to attach an Adornment to",
    "not_built_that": lambda name: f"{name} has not built that; choose one of their buildings",
    "has_adornment": lambda building: f"the {card_name('building', building, 'en')} already has an Adornment",
    "enter_adornment_vp": _adornment_vp_en,
    "tool_place": lambda places: f"craft a Tool in the {' or the '.join(p.replace('_', ' ') for p in places)}",
    "no_apprentice_for_tool": lambda name: f"{name} has no apprentice to attach a Tool to",
    "not_hired": lambda name: f"{name} has not hired that apprentice",
    "has_tool": lambda: "that apprentice already has a Tool",
    "adornment_benefit": lambda board: (
        f"only {card_name('board', board, 'en')} gains the Adornment half's benefit when crafting a Tool"),
    "tool_to_choose": lambda apprentices: (
        "the discarded apprentice has a Tool: choose who takes it ("
        + " or ".join(card_name("apprentice", a, 'en') for a in apprentices) + ")"),
    "tool_to_cannot": lambda: "that apprentice cannot take the Tool (not hired, or already has one)",
    "no_loose_tool": lambda name: f"{name} holds no Tool that is not already under an apprentice",
    # the Prison and captured workers
    "own_workers": lambda name: f"{name}'s own workers go back to their supply: nothing to record",
    "no_captured": lambda name: f"{name} holds no captured workers",
    "bot_rescue": lambda: "the bot takes its workers back with its scheme cards",
    "pay_with": lambda payments: f"pay with {' or '.join(payments)}",
    "nobody_holds": lambda name: (
        f"nobody holds {name}'s workers (at least 1 captured worker is needed); if the app holds them "
        "without an owner, say who holds how many"),
    "say_both": lambda: "say both who holds the workers and how many",
    "choose_holder": lambda: "choose the player holding the workers",
    "holds_all": lambda captor, mine, owner: (
        f"{captor} holds {mine} of {owner}'s workers: all of them come back (leave Workers empty)"),
    "holds_only": lambda captor, most, owner, parts, unknown: (
        f"{captor} holds only {most} workers that can be {owner}'s ({_holdings_en(parts, unknown)})"),
    "captured_short": lambda name, captured: f"{name} holds only {captured} captured workers",
    "own_victim": lambda name: f"{name} cannot hold their own workers",
    "holds_of": lambda name, held, victim: f"{name} holds only {held} of {victim}'s workers",
    "say_whose": lambda name, parts, unknown: (
        f"{name} holds {_holdings_en(parts, unknown)}: say whose workers to take off"),
}


# -- Korean: the Korean rulebook's words ---------------------------------------------------------


def _bounds_ko(label, low, high, got) -> str:
    if low is not None and high is not None:
        span = f"{low}에서 {high}까지"
    elif low is not None:
        span = f"{low} 이상"
    else:
        span = f"{high} 이하"
    return f"{span}의 수를 적으세요 (지금 {got})"


_KIND_KO = {"building": "건물", "apprentice": "수습생", "board": "개인 보드", "opponent": "AI"}


def _unknown_card_ko(kind, wrong, hints) -> str:
    what = _KIND_KO.get(kind, kind)
    said = f"이런 {what} 카드는 없습니다: {wrong}" if kind in ("building", "apprentice") else f"이런 {what}는 없습니다: {wrong}"
    return said + (f"; 혹시 {', '.join(card_name(kind, h, 'ko') for h in hints)}?" if hints else "")


def _holdings_ko(parts, unknown) -> str:
    said = [f"{opponent_name(owner, 'ko')}의 {_t('worker')} {n}개" for n, owner in parts]
    return ", ".join(said + ([f"주인이 기록되지 않은 {_t('worker')} {unknown}개"] if unknown else [])) or "없음"


_SPACE_KO = {"small": "소형 시장", "middle": "가운데", "large": "대형 시장"}   # seed 001, 암시장 재설정: 소형/대형 시장
_SOURCE_KO = {"workshop": "작업장", "black_market": "암시장", "free": "무료"}
_PAYMENT_KO = {"silver": "은화", "debt": "채권"}
_COUNTER_KO = {"prisoners": "교도소의 일꾼", "tools": "도구", "captured": "포획된 일꾼"}


def _adornment_vp_ko(craft_card=None) -> str:
    return (f"{_t('adornment')} 카드에 인쇄된 {_t('vp')}을 적으세요 (카드 오른쪽 위)"
            + ("" if craft_card is None else f": 카드 라이브러리에 공예 카드 {craft_card}의 {_t('vp')}이 없습니다"))


KOREAN: dict[str, Callable[..., str]] = {
    "unknown_move": lambda kinds: "앱이 기록할 수 없는 행동입니다",
    "required": lambda label: "이 칸을 채우세요",
    "whole_number": lambda label: "정수를 적으세요",
    "bounds": _bounds_ko,
    "yes_or_no": lambda label: "예 또는 아니요를 고르세요",
    "one_of": lambda label, choices: "목록에 있는 것을 고르세요",
    "named_values": lambda label: "칸마다 값을 적으세요",
    "cell_whole_number": lambda cell: "정수를 적으세요",
    "text": lambda label: "글자로 적으세요",
    "skills": lambda skills: f"{_t('skill')}은 {', '.join(_t(s) for s in skills)}입니다",
    "zero_change": lambda what: "0은 아무것도 바꾸지 않습니다",
    "no_change": lambda: "바꿀 값을 하나 이상 적으세요",
    "bot_cannot": lambda: "AI는 이것을 할 수 없습니다",
    "no_bot": lambda: "이 게임에는 AI가 없습니다",
    "no_seat": lambda who: "그런 플레이어가 없습니다",
    "bot_no_artisan": lambda: "AI에게는 장인이 없습니다",
    "artisan_not_guildhall": lambda: f"장인은 {_t('guildhall')}에 놓을 수 없습니다",
    "unknown_card": _unknown_card_ko,
    "artisans_card": lambda kind, card: f"{card_name(kind, card, 'ko')}은(는) 이 게임에서 쓰지 않는 장인의 시대 카드입니다",
    "has_debts": lambda name, debts: f"{opponent_name(name, 'ko')}의 {_t('unpaid_debt')}은 {debts}장입니다",
    "counter_short": lambda name, held, counter, label: (
        f"{opponent_name(name, 'ko')}의 {_COUNTER_KO.get(counter) or _t(counter)}: {held}개뿐입니다"),
    "counter_most": lambda name, most, counter, label: (
        f"{opponent_name(name, 'ko')}의 {_COUNTER_KO.get(counter) or _t(counter)}은(는) {most}개를 넘을 수 없습니다"),
    "resource_short": lambda name, held, item: f"{opponent_name(name, 'ko')}의 {_t(item)}: {held}개뿐입니다",
    "marble_only": lambda name: f"{opponent_name(name, 'ko')}은(는) {_t('marble')}만 가집니다",
    "no_prisoners": lambda name: f"{opponent_name(name, 'ko')}에게는 {_t('prison')}에 있는 {_t('worker')}이 없습니다",
    "short_of": lambda name, short, reason: f"{opponent_name(name, 'ko')}에게 {items_in_words(short, 'ko')}이(가) 부족합니다",
    "no_adornment_worth": lambda name, vp: f"{opponent_name(name, 'ko')}에게 {_t('vp')} {vp}점짜리 {_t('adornment')}이 없습니다",
    "game_over_placement": lambda: f"게임이 끝났습니다: 더 이상 {_t('worker')}을 놓을 수 없습니다",
    "final_turn_had": lambda name: f"{opponent_name(name, 'ko')}은(는) 이미 마지막 차례를 마쳤습니다",
    "no_final_round": lambda: "마지막 라운드가 진행 중이 아닙니다",
    "game_already_over": lambda: "게임이 이미 끝났습니다",
    "free_advance_only": lambda: (
        f"무료 추진은 {_t('worker')}을 놓지 않습니다: {_t('reward_card')}, 자원 조합, 추가 배치가 없습니다"),
    "cathedral_finished": lambda name, top: f"{opponent_name(name, 'ko')}은(는) {_t('cathedral')}을 완성했습니다 ({_t('level')} {top})",
    "cathedral_closed": lambda name, virtue, at: (
        f"{opponent_name(name, 'ko')}의 {_t('virtue')}이 {virtue}입니다: {_t('virtue')}이 {at} 이하이면 {_t('cathedral')}에 갈 수 없습니다"),
    "level_full": lambda level, taken: (
        f"{_t('cathedral')} {_t('level')} {level}에 빈 칸이 없습니다 ({', '.join(opponent_name(n, 'ko') for n in taken)})"),
    "reward_pile_empty": lambda gain: f"{_t('reward_card')} 더미가 비었습니다: 대신 {items_in_words(gain, 'ko')}을(를) 얻습니다",
    "which_reward": lambda rewards: (
        f"공개된 {_t('reward_card')}를 고르세요: " + "; ".join(items_in_words(items, 'ko') for items in rewards)),
    "reward_all_drawn": lambda reward: f"'{items_in_words(reward, 'ko')}' {_t('reward_card')}는 모두 이미 나왔습니다",
    "level_mix": lambda level, amount, items: (
        f"{_t('level')} {level}의 비용은 {' 또는 '.join(_t(i) for i in items)} 합쳐서 {amount}개입니다"),
    "cathedral_levels": lambda top: f"{_t('cathedral')} {_t('level')}은 0에서 {top}까지입니다",
    "no_extra_placement": lambda name: (
        f"{opponent_name(name, 'ko')}에게는 쓸 수 있는 {_t('guildhall')} 추가 배치({card_name('building', 'crane', 'ko')})가 없습니다"),
    "bot_never_pays_debts": lambda: f"AI는 {_t('debt')}을 갚지 않습니다 (파기만 할 수 있습니다)",
    "no_unpaid_debt": lambda name: f"{opponent_name(name, 'ko')}에게는 갚을 {_t('unpaid_debt')}이 없습니다",
    "no_silver_instead": lambda name: (
        f"{opponent_name(name, 'ko')}의 {_t('player_board')}에는 {_t('debt')} 대신 {_t('silver')}를 내는 능력이 없습니다"),
    "only_unpaid_debts": lambda name, debts: f"{opponent_name(name, 'ko')}의 {_t('unpaid_debt')}은 {debts}장뿐입니다",
    "bot_no_construct": lambda: f"AI는 {_t('building')}을 건설하지 않습니다",
    "needs_skills": lambda name, skills, building: (
        f"{card_name('building', building, 'ko')}을(를) 건설하려면 {opponent_name(name, 'ko')}에게 "
        f"{', '.join(_t(s) for s in skills)} {_t('skill')}을 가진 {_t('apprentice')}이 있어야 합니다"),
    "already_built": lambda building, owner: (
        f"{card_name('building', building, 'ko')}은(는) 이미 {opponent_name(owner, 'ko')}이(가) 건설했습니다"),
    "building_removed": lambda building: f"{card_name('building', building, 'ko')}은(는) 이 게임에서 덱에서 제거되었습니다",
    "enter_building_vp": lambda building: (
        f"카탈로그에 {card_name('building', building, 'ko')}의 인쇄된 {_t('vp')}이 없습니다: 적어 주세요"),
    "not_built": lambda name, building: (
        f"{opponent_name(name, 'ko')}은(는) {card_name('building', building, 'ko')}을(를) 건설하지 않았습니다"),
    "choose_gift": lambda building, options: (
        f"{card_name('building', building, 'ko')}에서 얻을 것을 고르세요: " + " 또는 ".join(items_in_words(o, 'ko') for o in options)),
    "discard_which": lambda building, name: (
        f"{card_name('building', building, 'ko')} 때문에 {opponent_name(name, 'ko')}은(는) {_t('apprentice')} 1장을 버립니다: 고르세요"),
    "enter_adornment_vp_of": lambda building: (
        f"{card_name('building', building, 'ko')}에서 얻는 {_t('adornment')}의 인쇄된 {_t('vp')}을 적으세요"),
    "black_market_spaces": lambda spaces: (
        f"{_t('black_market')} 칸은 {', '.join(_SPACE_KO.get(s, s) for s in spaces)}입니다"),
    "black_market_closed": lambda name, virtue, at: (
        f"{opponent_name(name, 'ko')}의 {_t('virtue')}이 {virtue}입니다: {_t('virtue')}이 {at} 이상이면 {_t('black_market')}에 갈 수 없습니다"),
    "black_market_taken": lambda space, name: (
        f"{_t('black_market')} {_SPACE_KO.get(space, space)} 칸에는 이미 {opponent_name(name, 'ko')}이(가) 있습니다"),
    "black_market_hire_space": lambda space: (
        f"{_t('black_market')} {_SPACE_KO.get(space, space)} 칸에서만 {_t('apprentice')}을 고용합니다"),
    "black_market_full": lambda: f"{_t('black_market')}의 모든 칸이 찼습니다",
    "artisans_middle_space": lambda: (
        f"장인의 시대에서는 {_t('black_market')} 가운데 칸에서 {_t('tool')}를 만듭니다 (덮개 카드가 고용을 가립니다): "
        f"{_t('tool')} 만들기로 기록하세요"),
    "tax_stand_empty": lambda: f"{_t('tax_stand')}가 비었습니다: 훔칠 것이 없습니다",
    "bot_no_hire": lambda: f"AI는 {_t('apprentice')}을 고용하지 않습니다",
    "hire_from": lambda sources: f"고용할 곳: {', '.join(_SOURCE_KO.get(s, s) for s in sources)}",
    "apprentice_taken": lambda owner, apprentice: (
        f"{opponent_name(owner, 'ko')}에게 이미 {card_name('apprentice', apprentice, 'ko')}이(가) 있습니다; 카드는 게임에 한 장뿐입니다"),
    "apprentice_limit": lambda name, limit: (
        f"{opponent_name(name, 'ko')}에게 이미 {_t('apprentice')} {limit}장이 있습니다 (최대): 먼저 1장을 버리세요"),
    "bot_no_apprentices": lambda: f"AI에게는 {_t('apprentice')}이 없습니다",
    "no_apprentice": lambda name, apprentice: (
        f"{opponent_name(name, 'ko')}에게는 {card_name('apprentice', apprentice, 'ko')}이(가) 없습니다"),
    "capture_where": lambda bot, locations: (
        f"{opponent_name(bot, 'ko')}의 {_t('worker')}을 어디서 포획했는지 고르세요: {', '.join(_t(loc) for loc in locations)}"),
    "bot_adornment_vp": lambda bot: (
        f"{opponent_name(bot, 'ko')}은(는) 길드홀에 일꾼을 놓을 때마다 {_t('adornment')}을 제작합니다: "
        f"앞면 {_t('adornment')} 중 {_t('vp')}이 가장 높은 카드에 인쇄된 {_t('vp')}을 입력하세요"),
    "bot_adornment_only": lambda: (
        f"길드홀에 일꾼을 놓으며 {_t('adornment')}을 제작하는 것은 AI뿐입니다: 내 {_t('adornment')}은 제작으로 기록하세요"),
    "starting_hire_order": lambda name, next: (
        f"시작 {_t('apprentice')}은 차례 역순으로 고용합니다: 다음은 {opponent_name(next, 'ko')}의 차례이고, "
        f"{opponent_name(name, 'ko')}의 차례가 아닙니다"),
    "capture_never_from": lambda location, locations: (
        f"{_t(location)}에서는 절대 포획할 수 없습니다: {', '.join(_t(loc) for loc in locations)} 중에서 포획하세요"),
    "capture_from": lambda locations: (
        f"메인 보드의 장소에서 포획하세요: {', '.join(_t(loc) for loc in locations)}"),
    "bot_workers_at": lambda bot, there, location: (
        f"{_t(location)}에 있는 {opponent_name(bot, 'ko')}의 {_t('worker')}은 {there}개입니다"),
    "no_crafting": lambda: "공예는 이 게임에서 쓰지 않는 장인의 시대 규칙입니다",
    "nothing_to_stack": lambda name: (
        f"{opponent_name(name, 'ko')}에게는 {_t('guildhall')} 칸에 혼자 있는 자기 {_t('worker')}이 없어 쌓을 수 없습니다"),
    "no_building_to_adorn": lambda name: f"{opponent_name(name, 'ko')}에게는 {_t('adornment')}을 붙일 {_t('building')}이 없습니다",
    "not_built_that": lambda name: f"{opponent_name(name, 'ko')}이(가) 건설한 {_t('building')}이 아닙니다: 그 플레이어의 {_t('building')}을 고르세요",
    "has_adornment": lambda building: f"{card_name('building', building, 'ko')}에는 이미 {_t('adornment')}이 있습니다",
    "enter_adornment_vp": _adornment_vp_ko,
    "tool_place": lambda places: (
        f"{_t('tool')}는 {' 또는 '.join(_t(p) for p in places)}에서 만듭니다"),
    "no_apprentice_for_tool": lambda name: f"{opponent_name(name, 'ko')}에게는 {_t('tool')}를 끼울 {_t('apprentice')}이 없습니다",
    "not_hired": lambda name: f"{opponent_name(name, 'ko')}이(가) 고용한 {_t('apprentice')}이 아닙니다",
    "has_tool": lambda: f"그 {_t('apprentice')}에게는 이미 {_t('tool')}가 있습니다",
    "adornment_benefit": lambda board: (
        f"{_t('tool')}를 만들 때 {_t('adornment')} 쪽의 혜택은 {card_name('board', board, 'ko')}만 얻습니다"),
    "tool_to_choose": lambda apprentices: (
        f"버린 {_t('apprentice')}에게 {_t('tool')}가 있습니다: 받을 {_t('apprentice')}을 고르세요 ("
        + " 또는 ".join(card_name("apprentice", a, 'ko') for a in apprentices) + ")"),
    "tool_to_cannot": lambda: (
        f"그 {_t('apprentice')}은 {_t('tool')}를 받을 수 없습니다 (고용하지 않았거나 이미 {_t('tool')}가 있음)"),
    "no_loose_tool": lambda name: f"{opponent_name(name, 'ko')}에게는 {_t('apprentice')} 아래에 없는 {_t('tool')}가 없습니다",
    "own_workers": lambda name: (
        f"{opponent_name(name, 'ko')}의 자기 {_t('worker')}은 자기 공급처로 돌아갑니다: 기록할 것이 없습니다"),
    "no_captured": lambda name: f"{opponent_name(name, 'ko')}에게는 {_t('captured')}이 없습니다",
    "bot_rescue": lambda: f"AI는 {_t('scheme_card')}로 자기 {_t('worker')}을 되찾습니다",
    "pay_with": lambda payments: f"{' 또는 '.join(_PAYMENT_KO.get(p, p) for p in payments)}(으)로 내세요",
    "nobody_holds": lambda name: (
        f"{opponent_name(name, 'ko')}의 {_t('worker')}을 가진 사람이 없습니다 ({_t('captured')}이 1개 이상 있어야 합니다); "
        f"앱이 주인 없이 기록했다면 누가 몇 개를 가졌는지 적으세요"),
    "say_both": lambda: f"누가 {_t('worker')}을 가졌는지와 몇 개인지 둘 다 적으세요",
    "choose_holder": lambda: f"{_t('worker')}을 가진 플레이어를 고르세요",
    "holds_all": lambda captor, mine, owner: (
        f"{opponent_name(captor, 'ko')}은(는) {opponent_name(owner, 'ko')}의 {_t('worker')} {mine}개를 가졌습니다: 모두 돌아옵니다 "
        "(개수는 비워 두세요)"),
    "holds_only": lambda captor, most, owner, parts, unknown: (
        f"{opponent_name(captor, 'ko')}이(가) 가진 {opponent_name(owner, 'ko')}의 {_t('worker')}일 수 있는 것은 {most}개뿐입니다 "
        f"({_holdings_ko(parts, unknown)})"),
    "captured_short": lambda name, captured: f"{opponent_name(name, 'ko')}의 {_t('captured')}: {captured}개뿐입니다",
    "own_victim": lambda name: f"{opponent_name(name, 'ko')}은(는) 자기 {_t('worker')}을 포획할 수 없습니다",
    "holds_of": lambda name, held, victim: (
        f"{opponent_name(name, 'ko')}이(가) 가진 {opponent_name(victim, 'ko')}의 {_t('worker')}은 {held}개뿐입니다"),
    "say_whose": lambda name, parts, unknown: (
        f"{opponent_name(name, 'ko')}이(가) 가진 것: {_holdings_ko(parts, unknown)}: 누구의 {_t('worker')}을 뺄지 고르세요"),
}


Refusal.RENDERERS = {"en": ENGLISH, "ko": KOREAN}
