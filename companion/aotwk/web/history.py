"""The history in a player's words: one sentence per move ("Ann gained 1 virtue",
"Ben built the Tavern"), names of cards, rewards and places from the catalogue,
newest first, grouped by round.

``describe_move`` is also the undo button's wording (GamePages.describe, companion.aotwk.web.pages).
"""

from __future__ import annotations

from typing import Any, Callable

from companion.aotwk.catalogue import load
from companion.aotwk.i18n.glossary import glossary, korean as _t, term
from companion.aotwk.i18n.names import opponent_name
from companion.aotwk.i18n.cards import amounts as korean_amounts, word as korean_word
from companion.aotwk.rules import table
from companion.aotwk.rules.table.actors import is_bot
from companion.aotwk.rules.table.data import describe as describe_items, reward_types
from companion.aotwk.web.cell_labels import COUNT_LABELS, LABELS
from companion.web.rounds import Entry, Round, grouped, history, seat_of

BOT = table.BOT
# Words for the few fixed choices a move carries (the rules core names them in code).
SPACES = {"small": "small", "middle": "middle", "large": "large"}
HIRED_AT = {"workshop": "", "black_market": " at the Black Market", "free": " free"}
PAID_WITH = {"silver": "paying silver", "debt": "taking a debt"}


def _name(state: dict, who: Any) -> str:
    return table.display_name(state, who)


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _catalogue_card(kind: str, card_id: Any):
    """(the catalogue's card or None, the id as the move gave it)."""
    if isinstance(card_id, dict):
        card_id = card_id.get("id")
    cards = load().buildings if kind == "building" else load().apprentices
    return (cards.get(card_id) if isinstance(card_id, str) else None), card_id


def _card(kind: str, card_id: Any) -> str:
    """A card's printed name ('the Tavern'); an id the catalogue lacks is shown as typed."""
    card, card_id = _catalogue_card(kind, card_id)
    return f"the {card.name_en}" if card else f"a card the app does not know ({card_id})"


def _chosen_gain(m: dict) -> dict | None:
    """What a building with a choice gave (its option by index or by items key), if the move says."""
    choice = m.get("choice")
    if choice in (None, ""):
        return None
    building = load().buildings.get(m.get("building"))
    options = (building.effect.get("options") if building else None) or []
    if isinstance(choice, int) and 0 <= choice < len(options):
        return options[choice]
    if isinstance(choice, str):
        return {table.data.items_key(o): o for o in options}.get(choice)
    return None


def _reward(key: Any) -> str:
    from companion.aotwk.rules.table.cathedral import EMPTY_PILE
    if key == EMPTY_PILE:
        return "the empty reward pile's " + describe_items(load().reward_when_empty)
    gain = reward_types().get(key) if isinstance(key, str) else None
    return describe_items(gain) if gain else "a reward"


def _location(location_id: Any) -> str:
    from companion.aotwk.rules import bot
    place = bot.LOCATIONS.get(location_id) if isinstance(location_id, str) else None
    return place.name if place else "the board"


def _gained_lost(items: dict[str, int]) -> str:
    gained = [f"{n} {item}" for item, n in items.items() if n > 0]
    lost = [f"{-n} {item}" for item, n in items.items() if n < 0]
    parts = ([f"gained {_and(gained)}"] if gained else []) + ([f"lost {_and(lost)}"] if lost else [])
    return " and ".join(parts) or "changed nothing"


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _signed_count(n: int, thing: str, things: str | None = None) -> str:
    return ("gained " if n > 0 else "lost ") + _plural(abs(n), thing, things)


def _cells(move: dict, counting: bool) -> str:
    blank = "빈칸 (앱이 계산)" if _reader_language() == "ko" else "blank (worked out)"
    cells = dict(move.get("cells") or {})
    if move.get("category"):
        cells[move["category"]] = move.get("value")
    shown = []
    for cell, value in cells.items():
        label = (COUNT_LABELS.get(cell) if counting else None) or LABELS.get(cell, cell.replace("_", " "))
        shown.append(f"{label} {blank if value is None else value}")
    return ", ".join(shown)


def _build(state, m) -> str:
    text = f"{_name(state, m.get('player'))} built {_card('building', m.get('building'))}"
    gain = _chosen_gain(m)
    extras = [f"taking {describe_items(gain)}"] if gain else []
    if m.get("apprentice"):
        extras.append(f"hiring {_card('apprentice', m['apprentice'])} free")
    if m.get("discard_apprentice"):
        extras.append(f"discarding {_card('apprentice', m['discard_apprentice'])}")
    if m.get("discard_card"):
        extras.append("discarding a building card")
    if m.get("extra"):
        extras.append("with the Crane's extra placement")
    return text + (", " + ", ".join(extras) if extras else "")


def _hire(state, m) -> str:
    where = HIRED_AT.get(m.get("source") or "workshop", "")
    return f"{_name(state, m.get('player'))} hired {_card('apprentice', m.get('apprentice'))}{where}"


def _capture(state, m) -> str:
    victim = _name(state, m.get("victim"))
    text = f"{_name(state, m.get('player'))} captured {_plural(m.get('count') or 0, 'worker')} of {victim}'s"
    return text + (f" at {_location(m['location'])}" if m.get("location") else "")


def _black_market(state, m) -> str:
    gains = {r: m[r] for r in table.data.RESOURCES if m.get(r)}
    text = f"{_name(state, m.get('player'))} used the {SPACES.get(m.get('space'), '')} Black Market space".replace("  ", " ")
    if m.get("apprentice"):
        text += f", hiring {_card('apprentice', m['apprentice'])}"
    return text + (f", gaining {describe_items(gains)}" if gains else "")


def _advance(state, m) -> str:
    text = f"{_name(state, m.get('player'))} advanced on the Cathedral"
    if m.get("reward") not in (None, ""):
        text += f" and took {_reward(m['reward'])}"
    return text


def _pay_tax(state, m) -> str:
    if m.get("player") is None:
        return f"{m.get('amount')} silver tax went to the Tax Stand"
    return f"{_name(state, m['player'])} paid {m.get('amount')} silver tax to the Tax Stand"


def _count(state, m) -> str:
    who = _name(state, m.get("player"))
    counted = _cells(m, counting=True)
    if m.get("done"):
        return f"{who} counted what was left" + (f": {counted}" if counted else "")
    return f"{who} counted {counted}"


Sentence = Callable[[dict, dict], str]
SENTENCES: dict[str, Sentence] = {
    "virtue": lambda s, m: f"{_name(s, m.get('player'))} {_signed_count(m.get('delta') or 0, 'virtue', 'virtue')}",
    "take_debts": lambda s, m: f"{_name(s, m.get('player'))} took {_plural(m.get('count') or 1, 'debt')}",
    "pay_debt": lambda s, m: f"{_name(s, m.get('player'))} paid off {_plural(m.get('count') or 1, 'debt')}",
    "destroy_debts": lambda s, m: f"{_name(s, m.get('player'))} destroyed {_plural(m.get('count') or 1, 'debt')}",
    "prisoners": lambda s, m: (f"{_name(s, m.get('player'))} has {_plural(abs(m.get('delta') or 0), 'worker')} "
                               f"{'more' if (m.get('delta') or 0) > 0 else 'fewer'} in Prison"),
    "captured": lambda s, m: (f"{_name(s, m.get('player'))} holds {_plural(abs(m.get('delta') or 0), 'captured worker')} "
                              f"{'more' if (m.get('delta') or 0) > 0 else 'fewer'}"
                              + (f" of {_name(s, m['victim'])}'s" if m.get("victim") is not None else "")),
    "tools": lambda s, m: f"{_name(s, m.get('player'))} {_signed_count(m.get('delta') or 0, 'tool')}",
    "capture": _capture,
    "send_to_prison": lambda s, m: f"{_name(s, m.get('player'))} sent the captured workers to Prison",
    "release_prisoners": lambda s, m: f"{_name(s, m.get('player'))} released their workers from Prison",
    "rescue": lambda s, m: (f"{_name(s, m.get('player'))} took back their captured workers, "
                            f"{PAID_WITH.get(m.get('payment'), 'paying')}"),
    "resources": lambda s, m: (f"{_name(s, m.get('player'))} "
                               + _gained_lost({r: m[r] for r in table.data.RESOURCES if m.get(r)})),
    "add_adornment": lambda s, m: f"{_name(s, m.get('player'))} crafted an Adornment worth {m.get('vp')} VP",
    "remove_adornment": lambda s, m: f"{_name(s, m.get('player'))} lost an Adornment worth {m.get('vp')} VP",
    "craft_adornment": lambda s, m: (f"{_name(s, m.get('player'))} crafted an Adornment"
                                     + (f" worth {m['vp']} VP" if m.get("vp") is not None else "")
                                     + f" under {_card('building', m.get('building'))}"),
    "craft_tool": lambda s, m: (f"{_name(s, m.get('player'))} crafted a Tool for "
                                f"{_card('apprentice', m.get('apprentice'))}"),
    "tuck_tool": lambda s, m: (f"{_name(s, m.get('player'))} put a Tool under "
                               f"{_card('apprentice', m.get('apprentice'))}"),
    "debt_to_silver": lambda s, m: (f"{_name(s, m.get('player'))} paid silver instead of taking "
                                    f"{_plural(m.get('count') or 1, 'debt')}"),
    "advance_cathedral": _advance,
    "set_cathedral": lambda s, m: f"{_name(s, m.get('player'))}'s Cathedral level was set to {m.get('level')}",
    "build": _build,
    "remove_building": lambda s, m: f"{_name(s, m.get('player'))} no longer has {_card('building', m.get('building'))}",
    "hire": _hire,
    "discard_apprentice": lambda s, m: f"{_name(s, m.get('player'))} discarded {_card('apprentice', m.get('apprentice'))}",
    "pay_tax": _pay_tax,
    "steal_tax": lambda s, m: f"{_name(s, m.get('player'))} took the silver from the Tax Stand",
    "black_market": _black_market,
    "black_market_reset": lambda s, m: "The Black Market was reset",
    "final_turn_done": lambda s, m: f"{_name(s, m.get('player'))} had their final turn",
    "end_game": lambda s, m: "The game was ended: everyone counts what is left",
    "finish_game": lambda s, m: "The game was finished: the final score",
    "set_total": lambda s, m: f"{_name(s, m.get('player'))}'s score pad: {_cells(m, counting=False)}",
    "count": _count,
}


# -- 한국어: the Korean rulebook's words (glossary_ko.yaml), names from the catalogue ----------
# A log line reads "이름: what happened", so no particle depends on how a name ends.

def _name_ko(state: dict, who: Any) -> str:
    """A seat's name; the bot by the Korean rulebook's name (콘스탄틴, 헬레나)."""
    name = _name(state, who)
    return opponent_name(name, "ko") if is_bot(who) else name


def _card_ko(kind: str, card_id: Any) -> str:
    card, card_id = _catalogue_card(kind, card_id)
    return (card.name_ko or card.name_en) if card else f"앱이 모르는 카드 ({card_id})"


def _reward_ko(key: Any) -> str:
    from companion.aotwk.rules.table.cathedral import EMPTY_PILE
    if key == EMPTY_PILE:
        return f"빈 {_t('reward_card')} 더미의 {korean_amounts(load().reward_when_empty)}"
    gain = reward_types().get(key) if isinstance(key, str) else None
    return korean_amounts(gain) if gain else _t("reward_card")


def _location_ko(location_id: Any) -> str:
    from companion.aotwk.rules import bot
    if isinstance(location_id, str) and location_id in bot.LOCATIONS:
        return term(location_id, "ko") if location_id in glossary()["terms"] else bot.LOCATIONS[location_id].name
    return "게임판"


def _gained_lost_ko(items: dict[str, int]) -> str:
    gained = [f"{korean_word(item)} {n}" for item, n in items.items() if n > 0]
    lost = [f"{korean_word(item)} {-n}" for item, n in items.items() if n < 0]
    parts = ([f"{', '.join(gained)} 얻음"] if gained else []) + ([f"{', '.join(lost)} 잃음"] if lost else [])
    return ", ".join(parts) or "변화 없음"


def _more_fewer_ko(delta: int) -> str:
    return "늘어남" if delta > 0 else "줄어듦"


def _who(state, m) -> str:
    return _name_ko(state, m.get("player"))


SPACES_KO = {"small": "소형", "middle": "중형", "large": "대형"}
HIRED_AT_KO = {"workshop": "", "black_market": f" ({term('black_market', 'ko')}에서)", "free": " (무료)"}
PAID_WITH_KO = {"silver": f"{term('silver', 'ko')}를 내고", "debt": f"{term('debt', 'ko')}을 받고"}


def _build_ko(state, m) -> str:
    gain = _chosen_gain(m)
    extras = [f"{korean_amounts(gain)} 받음"] if gain else []
    if m.get("apprentice"):
        extras.append(f"{_card_ko('apprentice', m['apprentice'])} 무료 고용")
    if m.get("discard_apprentice"):
        extras.append(f"{_card_ko('apprentice', m['discard_apprentice'])} 버림")
    if m.get("discard_card"):
        extras.append("건물 카드 1장 버림")
    if m.get("extra"):
        extras.append(f"{_card_ko('building', 'crane')}의 추가 배치")
    return f"{_who(state, m)}: {_card_ko('building', m.get('building'))} 건설" + (
        ", " + ", ".join(extras) if extras else "")


def _capture_ko(state, m) -> str:
    text = f"{_who(state, m)}: {_name_ko(state, m.get('victim'))}의 {_t('worker')} {m.get('count') or 0}개 포획"
    return text + (f" ({_location_ko(m['location'])})" if m.get("location") else "")


def _black_market_ko(state, m) -> str:
    gains = {r: m[r] for r in table.data.RESOURCES if m.get(r)}
    space = SPACES_KO.get(m.get("space"))
    text = f"{_who(state, m)}: {_t('black_market')}{' ' + space if space else ''} 칸 사용"
    if m.get("apprentice"):
        text += f", {_card_ko('apprentice', m['apprentice'])} 고용"
    return text + (f", {korean_amounts(gains)} 받음" if gains else "")


def _advance_ko(state, m) -> str:
    text = f"{_who(state, m)}: {_t('cathedral')} 진행"
    if m.get("reward") not in (None, ""):
        text += f", {_t('reward_card')}: {_reward_ko(m['reward'])}"
    return text


def _pay_tax_ko(state, m) -> str:
    if m.get("player") is None:
        return f"세금 {_t('silver')} {m.get('amount')}개가 {_t('tax_stand')}로 감"
    return f"{_who(state, m)}: {_t('tax_stand')}에 세금 {_t('silver')} {m.get('amount')}개 냄"


def _count_ko(state, m) -> str:
    counted = _cells(m, counting=True)
    if m.get("done"):
        return f"{_who(state, m)}: 남은 것을 다 셈" + (f": {counted}" if counted else "")
    return f"{_who(state, m)}: {counted} 셈"


def _signed_ko(n: int, thing: str, unit: str = "") -> str:
    return f"{thing} {abs(n)}{unit} " + ("얻음" if n > 0 else "잃음")


SENTENCES_KO: dict[str, Sentence] = {
    "virtue": lambda s, m: f"{_who(s, m)}: {_signed_ko(m.get('delta') or 0, _t('virtue'))}",
    "take_debts": lambda s, m: f"{_who(s, m)}: {_t('debt')} {m.get('count') or 1}장 받음",
    "pay_debt": lambda s, m: f"{_who(s, m)}: {_t('debt')} {m.get('count') or 1}장 갚음",
    "destroy_debts": lambda s, m: f"{_who(s, m)}: {_t('debt')} {m.get('count') or 1}장 파기",
    "prisoners": lambda s, m: (f"{_who(s, m)}: {_t('prison')}의 자기 {_t('worker')} {abs(m.get('delta') or 0)}개 "
                               f"{_more_fewer_ko(m.get('delta') or 0)}"),
    "captured": lambda s, m: (f"{_who(s, m)}: {_t('captured')} {abs(m.get('delta') or 0)}개 "
                              f"{_more_fewer_ko(m.get('delta') or 0)}"
                              + (f" ({_name_ko(s, m['victim'])}의 {_t('worker')})" if m.get("victim") is not None
                                 else "")),
    "tools": lambda s, m: f"{_who(s, m)}: {_signed_ko(m.get('delta') or 0, _t('tool'), '개')}",
    "capture": _capture_ko,
    "send_to_prison": lambda s, m: f"{_who(s, m)}: {_t('captured')}을 {_t('prison')}로 보냄",
    "release_prisoners": lambda s, m: f"{_who(s, m)}: {_t('prison')}에서 자기 {_t('worker')}을 석방",
    "rescue": lambda s, m: (f"{_who(s, m)}: {PAID_WITH_KO.get(m.get('payment'), '값을 치르고')} 포획된 자기 "
                            f"{_t('worker')}을 되찾음"),
    "resources": lambda s, m: (f"{_who(s, m)}: "
                               + _gained_lost_ko({r: m[r] for r in table.data.RESOURCES if m.get(r)})),
    "add_adornment": lambda s, m: f"{_who(s, m)}: {_t('vp')} {m.get('vp')}점 {_t('adornment')} 제작",
    "remove_adornment": lambda s, m: f"{_who(s, m)}: {_t('vp')} {m.get('vp')}점 {_t('adornment')} 잃음",
    "craft_adornment": lambda s, m: (f"{_who(s, m)}: {_card_ko('building', m.get('building'))} 아래에 "
                                     f"{_t('adornment')} 제작"
                                     + (f" ({_t('vp')} {m['vp']}점)" if m.get("vp") is not None else "")),
    "craft_tool": lambda s, m: f"{_who(s, m)}: {_card_ko('apprentice', m.get('apprentice'))}의 {_t('tool')} 제작",
    "tuck_tool": lambda s, m: f"{_who(s, m)}: {_card_ko('apprentice', m.get('apprentice'))} 아래에 {_t('tool')}를 끼움",
    "debt_to_silver": lambda s, m: (f"{_who(s, m)}: {_t('debt')} {m.get('count') or 1}장을 받는 대신 "
                                    f"{_t('silver')}를 냄"),
    "advance_cathedral": _advance_ko,
    "set_cathedral": lambda s, m: f"{_who(s, m)}: {_t('cathedral')} {_t('level')}을 {m.get('level')}(으)로 정정",
    "build": _build_ko,
    "remove_building": lambda s, m: f"{_who(s, m)}: {_card_ko('building', m.get('building'))} 없음 (정정)",
    "hire": lambda s, m: (f"{_who(s, m)}: {_card_ko('apprentice', m.get('apprentice'))} 고용"
                          + HIRED_AT_KO.get(m.get("source") or "workshop", "")),
    "discard_apprentice": lambda s, m: f"{_who(s, m)}: {_card_ko('apprentice', m.get('apprentice'))} 버림",
    "pay_tax": _pay_tax_ko,
    "steal_tax": lambda s, m: f"{_who(s, m)}: {_t('tax_stand')}의 {_t('silver')}를 가져감",
    "black_market": _black_market_ko,
    "black_market_reset": lambda s, m: f"{_t('black_market')} 재설정",
    "final_turn_done": lambda s, m: f"{_who(s, m)}: 마지막 차례를 마침",
    "end_game": lambda s, m: "게임 종료: 모두 남은 것을 셉니다",
    "finish_game": lambda s, m: f"게임 끝: {_t('final_score')}",
    "set_total": lambda s, m: f"{_who(s, m)}의 점수표: {_cells(m, counting=False)}",
    "count": _count_ko,
}
BY_LANGUAGE = {"en": SENTENCES, "ko": SENTENCES_KO}


def _reader_language() -> str:
    """The request's language; English outside a request (the CLI, a test)."""
    from flask import has_request_context
    from companion.web.i18n import language
    return language() if has_request_context() else "en"


def describe_move(state: dict, move: dict, notes: list | None = None, lang: str | None = None) -> str:
    """One sentence for an AotWK move (the shell picks each game's own: game_pages.pages_of), in a
    player's words and the reader's language."""
    lang = lang if lang in BY_LANGUAGE else _reader_language()
    korean = lang == "ko"
    kind = move.get("kind", "")
    if kind == "bot_turn":   # the solo bot's turn (companion.aotwk.web.bot): its steps are the event's notes
        return f"{_name_ko(state, BOT)}의 차례" if korean else f"{_name(state, BOT)}'s turn"
    sentence = BY_LANGUAGE.get(lang, SENTENCES).get(kind)
    if sentence is None:
        spec = table.MOVES.get(kind)
        return (spec.label if spec else "A change to the game") if not korean else "게임 변경"
    try:
        return sentence(state, move)
    except (KeyError, TypeError, ValueError, AttributeError):
        # an imported event with odd fields: still a readable line, never a crash
        spec = table.MOVES[kind] if kind in table.MOVES else None
        who = move.get("player")
        if korean:
            return (f"{_name_ko(state, who)}: " if who is not None else "") + "게임 변경"
        return (f"{_name(state, who)}: " if who is not None else "") + (spec.label if spec else "a change")


# -- rounds (the shape is the shell's: companion.web.rounds) -------------------------------

def rounds(state: dict, entries: list[Entry]) -> list[Round]:
    """Entries grouped by round, newest first: seats in turn order, the bot last."""
    return grouped(table.everyone(state), entries)


def _actor(move: dict) -> Any:
    return BOT if move.get("kind") == "bot_turn" else seat_of(move)


def describe_history(game, events) -> list[Round]:
    """The readable history (``GamePages.history``): imported events first, then this app's."""
    return history(game, events, describe_move, table.everyone(game.state), _actor)
