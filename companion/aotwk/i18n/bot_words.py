"""The solo bot's words as codes: its steps for the physical board, its questions, why it
cannot play, a scheme card's summary and a deck's problems.

``companion.aotwk.rules.bot`` and ``companion.aotwk.rules.opponent`` hand each sentence out as
``BotWords(code, **params)``; as a ``str`` it is the English sentence the app has always
said (the tests and the stored events read it), and ``.render("ko")`` says it with the
Korean rulebook's solo words (seed 001, 1인 게임 규칙: AI, AI 게임판, 책략 카드 더미,
공개합니다). Parameters are ids and numbers: a location id, the bot's name as the game
stores it, a player's name as typed; a table note or refusal passed on (``note``,
``reason``) is rendered in the same language when it is a code too.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Callable

from companion.aotwk.i18n.glossary import korean as _t
from companion.aotwk.rules.codes import BotWords
from companion.aotwk.rules.opponent.names import PRACTICE_NAME


# The practice deck's name (its "name" in companion/aotwk/rules/opponent/decks/practice.json): made
# up for this app, as its titles are; the rules read it from here (companion.aotwk.rules.opponent.deck).
PRACTICE_NAME_KO = "연습 덱 (인쇄된 책략 카드가 아님)"


@cache
def _practice_titles_ko() -> dict[str, str]:
    from importlib import resources

    import yaml
    text = resources.files(__package__).joinpath("practice_titles_ko.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)


def card_title(title: str | None, lang: str) -> str | None:
    """A scheme card's title: the practice deck's in Korean on a Korean page (the titles are
    ours, ``practice_titles_ko.yaml``); a title a player typed stays as typed."""
    if lang == "ko" and title:
        return _practice_titles_ko().get(title, title)
    return title


def _josa(word: str, pair: str) -> str:
    """A word with the particle its last sound takes: _josa("콘스탄틴", "은/는") == "콘스탄틴은";
    after a word not ending in Hangul (a typed name) both, as Korean forms write them: "Ann은(는)"."""
    with_final, without = pair.split("/")
    last = word[-1:] if word else ""
    if "가" <= last <= "힣":
        return word + (with_final if (ord(last) - 0xAC00) % 28 else without)
    return f"{word}{with_final}({without})"


def _ai(name: str, particle: str | None = None) -> str:
    """The bot's name in Korean: 헬레나, 콘스탄틴 (seed 001), with its particle; a renamed bot stays as typed."""
    from companion.aotwk.i18n.names import opponent_name
    said = opponent_name(name, "ko")
    return _josa(said, particle) if particle else said


# -- the vocabulary's words: locations, verbs, their options ---------------------------------

def location_name(location: str) -> str:
    """A board location as the English instructions print it: "the Quarry" (the glossary's word)."""
    from companion.aotwk.i18n.glossary import glossary, term
    return f"the {term(location, 'en')}" if location in glossary()["terms"] else location


def _where_en(location: str) -> str:
    if location == "any":
        return "any location (not the Guildhall, Black Market or Prison)"
    return location_name(location)


def _where_ko(location: str) -> str:
    from companion.aotwk.i18n.glossary import glossary
    if location == "any":
        return f"아무 장소 ({_t('guildhall')}, {_t('black_market')}, {_t('prison')} 제외)"
    return _t(location) if location in glossary()["terms"] else location


# The verbs and their options for the deck editor's pick lists (companion.aotwk.rules.opponent.vocabulary
# names them; these are their words).
VERB_LABELS_EN: dict[str, str] = {
    "place_worker": "Place the worker at the card's location",
    "guildhall": "Place the worker in the Guildhall (counts toward the end)",
    "black_market": "Place the worker on a Black Market space",
    "capture": "Capture a group of a human's workers",
    "sell_captured": "Send captured workers to Prison for 1 Marble in all",
    "return_captured": "Give captured workers back to their owners",
    "release_prisoners": "Release the bot's workers from Prison",
    "recover_held": "Take back the bot's workers held on the humans' boards",
    "gain_marble": "Gain Marble",
    "gain_virtue": "Gain Virtue",
    "lose_virtue": "Lose Virtue",
    "take_debt": "Take unpaid Debts",
    "destroy_debt": "Destroy unpaid Debts",
    "advance_cathedral": "Advance on the Cathedral for free",
    "take_tax_stand": "Steal the Tax Stand's silver (to the supply) and lose 2 Virtue",
    "discard_apprentices": "Discard faceup Apprentices from the board",
    "shuffle_future": "Shuffle Future cards into the draw pile",
    "note": "Anything else the card says (shown, not applied)"
}
HELP_EN: dict[tuple[str, str], str] = {
    ('guildhall', 'build'): 'what the placement is for',
    ('guildhall', 'if_full'): 'if the Cathedral has no free space for the bot',
    ('black_market', 'space'): 'which space; a taken space falls back to the left-most free one',
    ('capture', 'from'): "where: a location, 'here' (the card's location) or 'any'",
    ('capture', 'group'): 'which group of a single colour',
    ('gain_marble', 'amount'): 'how many Marble',
    ('gain_virtue', 'amount'): 'how many Virtue',
    ('lose_virtue', 'amount'): 'how many Virtue',
    ('take_debt', 'amount'): 'how many Debts',
    ('destroy_debt', 'amount'): 'how many Debts',
    ('advance_cathedral', 'if_full'): 'if the Cathedral has no free space for the bot',
    ('discard_apprentices', 'count'): 'how many',
    ('discard_apprentices', 'row'): 'which row',
    ('discard_apprentices', 'end'): 'from which end of the row',
    ('shuffle_future', 'count'): 'how many Future cards',
    ('note', 'text'): "the card's words",
    ('recover_held', 'pay'): "what it pays when any came back (Guardhouse: 1 Debt and 1 Virtue)",
}


SPACES_KO = {"small": "소형", "middle": "중형", "large": "대형", "leftmost_free": "맨 왼쪽 빈"}
ROWS_EN = {"top": "the top row", "bottom": "the bottom row", "both": "each row"}
ROWS_KO = {"top": "위쪽 가로 행", "bottom": "아래쪽 가로 행", "both": "각 가로 행"}
ENDS_KO = {"left": "왼쪽", "right": "오른쪽"}
GROUPS_KO = {"largest": "가장 큰", "smallest": "가장 작은"}
IF_FULL_KO = {"nothing": "아무것도 하지 않음", "gain_virtue": "선행 1 얻기", "gain_marble": "대리석 1개 얻기"}
BUILD_KO = {"cathedral": "대성당 작업 추진", "building": "건설"}


# -- a card in plain words (the deck editor and a drawn card's summary) ----------------------

# How an option reads in a summary (English as the summaries have always read).
WORDS_EN = {"leftmost_free": "left-most free", "here": "the card's location", "any": "any location",
            "nothing": "nothing", "gain_virtue": "gain 1 Virtue", "gain_marble": "gain 1 Marble",
            "cathedral": "Cathedral advance", "building": "construction", "both": "each row",
            "top": "the top row", "bottom": "the bottom row", "debt_and_virtue": "1 Debt and 1 Virtue"}
WORDS_KO = {**SPACES_KO, **ROWS_KO, **ENDS_KO, **GROUPS_KO, **IF_FULL_KO, **BUILD_KO,
            "here": "카드의 장소", "any": "아무 장소", "debt_and_virtue": "채권 1장과 선행 1"}


def _word_en(value: Any) -> str:
    """An option in a summary (a location: see ``_place_en``)."""
    if isinstance(value, str):
        return WORDS_EN.get(value, value.replace("_", " "))
    return str(value)


def _word_ko(value: Any) -> str:
    if not isinstance(value, str):
        return str(value)
    return WORDS_KO.get(value, value.replace("_", " "))


SUMMARIES_EN: dict[str, Callable[..., str]] = {
    "place_worker": lambda location: f"Place a worker at {location_name(location)}",
    "guildhall": lambda build, if_full: f"Place a worker in the Guildhall for a {_word_en(build)}" + (
        f" (no free Cathedral space: {_word_en(if_full)})" if build == "cathedral" else ""),
    "black_market": lambda space: f"Place a worker on the {_word_en(space)} Black Market space",
    "capture": lambda group, where: (
        f"Capture the {_word_en(group)} group of a human's workers at {WORDS_EN.get(where) or location_name(where)}"),
    "sell_captured": lambda: "Send the captured workers to Prison for 1 Marble in all",
    "return_captured": lambda: "Give the captured workers back to their owners",
    "recover_held": lambda pay="nothing": "Take back its workers from the humans' boards" + (
        f" (paying {_word_en(pay)} when any come back)" if pay != "nothing" else ""),
    "release_prisoners": lambda: "Release its workers from Prison",
    "gain_marble": lambda amount: f"Gain {amount} Marble",
    "gain_virtue": lambda amount: f"Gain {amount} Virtue",
    "lose_virtue": lambda amount: f"Lose {amount} Virtue",
    "take_debt": lambda amount: f"Take {amount} unpaid Debt(s)",
    "destroy_debt": lambda amount: f"Destroy {amount} unpaid Debt(s)",
    "advance_cathedral": lambda if_full: f"Advance on the Cathedral for free (no free space: {_word_en(if_full)})",
    "take_tax_stand": lambda: "Steal the Tax Stand's silver and lose 2 Virtue",
    "discard_apprentices": lambda count, end, row: (
        f"Discard {count} Apprentice(s) from the {_word_en(end)} end of {_word_en(row)}"),
    "shuffle_future": lambda count: f"Shuffle {count} Future card(s) into the draw pile",
    "note": lambda text: f"“{text}”",
}

SUMMARIES_KO: dict[str, Callable[..., str]] = {
    "place_worker": lambda location: f"{_where_ko(location)}에 {_t('worker')} 놓기",
    "guildhall": lambda build, if_full: f"{_t('guildhall')}에 {_t('worker')} 놓기: {_word_ko(build)}" + (
        f" (대성당에 빈 칸이 없으면: {_word_ko(if_full)})" if build == "cathedral" else ""),
    "black_market": lambda space: f"{_t('black_market')}의 {_word_ko(space)} 칸에 {_t('worker')} 놓기",
    "capture": lambda group, where: (
        f"{'아무 장소' if where == 'any' else _where_ko(where)}에서 사람 플레이어 {_t('worker')}의 "
        f"{_word_ko(group)} 무리를 포획"),
    "sell_captured": lambda: f"포획한 {_t('worker')}을 {_t('prison')}에 넘기고 {_t('marble')} 1개 (모두 합해서)",
    "return_captured": lambda: f"포획한 {_t('worker')}을 주인에게 돌려주기",
    "recover_held": lambda pay="nothing": f"사람 플레이어들의 {_t('player_board')}에서 자기 {_t('worker')}을 되찾기" + (
        f" (되찾은 {_t('worker')}이 있으면 {_word_ko(pay)})" if pay != "nothing" else ""),
    "release_prisoners": lambda: f"{_t('prison')}에서 자기 {_t('worker')} 석방",
    "gain_marble": lambda amount: f"{_t('marble')} {amount}개 얻기",
    "gain_virtue": lambda amount: f"{_t('virtue')} {amount} 얻기",
    "lose_virtue": lambda amount: f"{_t('virtue')} {amount} 잃기",
    "take_debt": lambda amount: f"{_t('unpaid_debt')} {amount}장 받기",
    "destroy_debt": lambda amount: f"{_t('unpaid_debt')} {amount}장 파기",
    "advance_cathedral": lambda if_full: f"무료로 {_t('cathedral')} 작업 추진 (빈 칸이 없으면: {_word_ko(if_full)})",
    "take_tax_stand": lambda: f"{_t('tax_stand')}의 {_t('silver')}를 훔치고 {_t('virtue')} 2 잃기",
    "discard_apprentices": lambda count, end, row: (
        f"{_word_ko(row)}의 {_word_ko(end)} 끝에서 {_t('apprentice')} {count}장 버리기"),
    "shuffle_future": lambda count: f"{_t('future_scheme')} {count}장을 {_t('scheme_pile')}에 섞기",
    "note": lambda text: f"“{text}”",
}


# -- the turn's steps and questions ----------------------------------------------------------

def _whose_en(solo: bool) -> str:
    return "your" if solo else "a human player's"


def _held_by_en(player: str | None) -> str:
    return "your" if player is None else f"{player}'s"


ENGLISH: dict[str, Callable[..., str]] = {
    # a card's summary line: the verb and its options (see SUMMARIES_EN)
    "summary": lambda do, **values: SUMMARIES_EN[do](**values),
    # a table note or refusal shown among the steps
    "aside": lambda note: f"({note})",
    # the card
    "reveal_top": lambda bot: f"Reveal the top card of {bot}'s Scheme draw pile.",
    "plays_drawn": lambda bot: f"{bot} plays the Scheme card you drew.",
    "plays_card": lambda bot, location, title=None: (
        f"{bot} plays the Scheme card " + (f"“{title}” " if title else "") + f"({_where_en(location)})."),
    "draw_pile_empty": lambda: "The scheme draw pile is empty: shuffle the discards to form a new draw pile.",
    # placements
    "place_worker": lambda bot, location: f"Place a {bot} worker at {_where_en(location)}.",
    "guildhall_place": lambda bot: (
        f"Place a {bot} worker in the Guildhall, on its side, on the next free space "
        f"(left to right, top to bottom; in the final round, beside the Guildhall)."),
    "constructs": lambda bot: f"{bot} constructs (no Building card, no cost).",
    "cannot_advance": lambda bot, reason: f"{reason}: {bot} cannot advance on the Cathedral.",
    "cannot_advance_after_all": lambda bot, reason: f"{reason}: {bot} cannot advance on the Cathedral after all.",
    "marker_up": lambda bot, level: (
        f"Move {bot}'s marker up to level {level} of the Cathedral (no cost, no Building card to discard)."),
    "marker_up_free": lambda bot, level: (
        f"Move {bot}'s marker up to level {level} of the Cathedral (no worker, no Reward card)."),
    "reward_empty": lambda bot: f"The Reward pile is empty: {bot} gains 1 Virtue instead.",
    "reveal_reward": lambda bot: f"Reveal the top Reward card for {bot}, who gains only its Virtue.",
    "craft_adornment": lambda bot: (
        f"{bot} crafts the faceup Adornment with the most printed VP (ties: shuffle them "
        f"and give one at random), ignoring its effects; refill the display."),
    "does_not_advance": lambda bot: f"{bot} does not advance.",
    "black_market_place": lambda bot, space: (
        f"Place a {bot} worker on the {space} Black Market space (no silver is paid)."),
    # captures and prisoners
    "captures": lambda bot, group, where, solo: (
        f"{bot} captures the {group} group of {_whose_en(solo)} workers at "
        f"{_where_en(where)} (never {bot}'s own): put them on {bot}'s board."),
    "capture_tie": lambda group, order, solo: (
        f"Groups tied for the {group}: take the one at the location first in this order: "
        + ", ".join(location_name(loc) for loc in order)
        + ("" if solo else "; at one location, the group of the player with the most Virtue") + "."),
    "no_captured": lambda bot: f"{bot} has no captured workers to sell.",
    "to_prison": lambda bot, count, player=None: (
        f"Move {count} of {_held_by_en(player)} workers from {bot}'s board to the Prison."),
    "sold": lambda bot: f"{bot} gains 1 Marble for selling them.",
    "give_back": lambda count, player: f"Give {count} captured workers back to {player}.",
    "prisoners_home": lambda bot, count: f"Return {count} {bot} workers from the Prison to {bot}'s board.",
    "no_prisoners": lambda bot: f"{bot} has no workers in Prison.",
    "held_home": lambda bot, count, player: f"{player} gives {count} {bot} workers back to {bot}'s board.",
    "none_held": lambda bot: f"No {bot} workers are on anyone's board.",
    # gains and losses
    "gains_marble": lambda bot, amount, now: f"{bot} gains {amount} Marble (now {now}).",
    "gains_virtue": lambda bot, amount: f"{bot} gains {amount} Virtue.",
    "loses_virtue": lambda bot, amount: f"{bot} loses {amount} Virtue.",
    "take_debts": lambda bot, amount: f"Give {bot} {amount} unpaid Debt card(s).",
    "debts_gone": lambda bot, count: f"Return {count} of {bot}'s unpaid Debts to the pile.",
    "no_debt": lambda bot: f"{bot} has no unpaid Debt to destroy.",
    "no_tax": lambda: "There is no silver above the Tax Stand: nothing to steal, no Virtue lost.",
    "no_tax_no_worker": lambda bot: (
        f"There is no silver above the Tax Stand, so no worker may go there: {bot} keeps this worker on its board."),
    "steal_tax": lambda bot, silver: (
        f"Take the {silver} silver above the Tax Stand and return it to the supply; {bot} loses 2 Virtue."),
    "discard_apprentices": lambda count, end, row: (
        f"Discard the {count} {end}-most faceup Apprentice(s) of {ROWS_EN[row]} "
        f"(facedown under the Apprentice pile), shift the rest left and refill from the pile."),
    "future_in": lambda bot, count: f"Shuffle {count} Future Scheme card(s) into {bot}'s draw pile.",
    "no_future": lambda: "There are no Future Scheme cards left to add.",
    "future_physical": lambda count: f"Shuffle {count} Future Scheme card(s) (black header) into the draw pile.",
    "card_says": lambda text: f"The card says: {text} (the app does not apply this)",
    # a turn with no workers on its board
    "recall_start": lambda bot: f"{bot} has no workers on {bot}'s board: do not draw a Scheme card.",
    "recall_given": lambda bot, count, player: f"{player} gives back {count} captured {bot} workers.",
    "recall_all": lambda bot, count: (
        f"Return all {count} {bot} workers from the board locations, the Prison and the "
        f"players' boards to {bot}'s board (not those in the Guildhall or the Black Market)."),
    "recall_shuffle": lambda: "Shuffle all discarded Scheme cards back into the draw pile.",
    # questions
    "ask_reward": lambda bot: f"Which Reward card did {bot} reveal?",
    "ask_adornment": lambda bot: f"How many VP are printed on the Adornment {bot} crafted?",
    "ask_capture": lambda bot, where, solo: (
        f"How many workers did {bot} capture at {_where_en(where)}" + ("?" if solo else ", and whose?")),
    # answers refused
    "answer_required": lambda prompt: f"is required: {prompt}",
    "whole_number": lambda low, high, got: f"must be a whole number from {low} to {high} (got {got})",
    "one_of": lambda choices, got: f"must be one of {choices} (got {got})",
    "capture_shape": lambda: 'must be {"seat": <seat>, "count": <workers>}',
    "seat_one_of": lambda seats, got: f"seat must be one of {seats} (got {got})",
    "move_kind": lambda kind: f"must be {kind!r}",
    "answers_object": lambda: "must be an object: question id -> answer",
    "card_object": lambda: "must be a card object or null",
    # why the bot cannot play
    "no_worker_to_place": lambda bot: f"{bot} has no worker on {bot}'s board to place",
    "black_market_full": lambda: "every Black Market space is taken",
    "no_bot": lambda: "this game has no bot",
    "no_deck": lambda: "the bot has no scheme deck yet: set it up with bot.setup_bot(state, ...)",
    "game_over": lambda: "the game is over",
    "final_turn_done": lambda: "the bot has already had its final turn",
    "enter_card": lambda: "physical-deck mode: enter the Scheme card you drew",
    "deals_own": lambda: "this game deals from its own scheme deck; a card cannot be entered",
    "no_cards": lambda: "no scheme cards left to draw",
}


def _held_by_ko(player: str | None) -> str:
    return "여러분의" if player is None else f"{player}의"


KOREAN: dict[str, Callable[..., str]] = {
    "summary": lambda do, **values: SUMMARIES_KO[do](**values),
    "aside": lambda note: f"({note})",
    "reveal_top": lambda bot: f"{_ai(bot)}의 {_t('scheme_pile')} 맨 위 카드를 공개합니다.",
    "plays_drawn": lambda bot: f"{_ai(bot, '은/는')} 여러분이 뽑은 {_t('scheme_card')}를 사용합니다.",
    "plays_card": lambda bot, location, title=None: (
        f"{_ai(bot, '은/는')} {_t('scheme_card')} " + (f"“{card_title(title, 'ko')}” " if title else "") + f"({_where_ko(location)})를 사용합니다."),
    "draw_pile_empty": lambda: (
        f"{_t('scheme_pile')}가 소진되었습니다: 버려진 모든 {_t('scheme_card')}를 섞어 새로운 {_t('scheme_pile')}를 만듭니다."),
    "place_worker": lambda bot, location: f"{_ai(bot)}의 {_t('worker')} 1개를 {_where_ko(location)}에 놓습니다.",
    "guildhall_place": lambda bot: (
        f"{_ai(bot)}의 {_t('worker')} 1개를 {_t('guildhall')}의 다음 빈 칸에 눕혀 놓습니다 "
        f"(왼쪽에서 오른쪽, 위에서 아래; 마지막 라운드에는 {_t('guildhall')} 옆에)."),
    "constructs": lambda bot: f"{_ai(bot, '이/가')} 건설합니다 (건물 카드 없음, 비용 없음).",
    "cannot_advance": lambda bot, reason: (
        f"{reason}: {_ai(bot, '은/는')} {_t('cathedral')} 작업을 추진할 수 없습니다."),
    "cannot_advance_after_all": lambda bot, reason: (
        f"{reason}: 결국 {_ai(bot, '은/는')} {_t('cathedral')} 작업을 추진할 수 없습니다."),
    "marker_up": lambda bot, level: (
        f"{_ai(bot)}의 마커를 {_t('cathedral')} {level} {_t('level')}로 올립니다 (비용 없음, 버릴 건물 카드 없음)."),
    "marker_up_free": lambda bot, level: (
        f"{_ai(bot)}의 마커를 {_t('cathedral')} {level} {_t('level')}로 올립니다 "
        f"({_t('worker')} 없음, {_t('reward_card')} 없음)."),
    "reward_empty": lambda bot: f"{_t('reward_card')} 더미가 비었습니다: 대신 {_ai(bot, '이/가')} {_t('virtue')} 1을 얻습니다.",
    "reveal_reward": lambda bot: (
        f"{_ai(bot, '을/를')} 위해 {_t('reward_card')} 맨 위 카드를 공개합니다: {_ai(bot, '은/는')} 그 {_t('virtue')}만 얻습니다."),
    "craft_adornment": lambda bot: (
        f"{_ai(bot, '은/는')} 인쇄된 {_t('vp')}이 가장 높은 앞면 {_t('adornment')}을 제작합니다 (동점이면 섞어서 "
        f"무작위로 하나), 효과는 무시합니다; 진열을 다시 채웁니다."),
    "does_not_advance": lambda bot: f"{_ai(bot, '은/는')} 작업을 추진하지 않습니다.",
    "black_market_place": lambda bot, space: (
        f"{_ai(bot)}의 {_t('worker')} 1개를 {_t('black_market')}의 {SPACES_KO.get(space, space)} 칸에 놓습니다 "
        f"({_t('silver')}를 내지 않습니다)."),
    "captures": lambda bot, group, where, solo: (
        f"{_ai(bot, '은/는')} {_where_ko(where)}에서 {'여러분' if solo else '사람 플레이어'}의 {_t('worker')} 중 "
        f"{GROUPS_KO.get(group, group)} 무리를 포획합니다 (자기 {_t('worker')}은 포획하지 않음): "
        f"{_t('opponent_board')}에 놓습니다."),
    "capture_tie": lambda group, order, solo: (
        f"{GROUPS_KO.get(group, group)} 무리가 여럿이면: 이 순서에서 먼저 나오는 장소의 무리를 포획합니다: "
        + ", ".join(_where_ko(loc) for loc in order)
        + ("" if solo else f"; 한 장소에서는 {_t('virtue')}이 가장 높은 플레이어의 무리") + "."),
    "no_captured": lambda bot: f"{_ai(bot)}에게는 넘길 {_t('captured')}이 없습니다.",
    "to_prison": lambda bot, count, player=None: (
        f"{_t('opponent_board')}에 있는 {_held_by_ko(player)} {_t('worker')} {count}개를 {_t('prison')}로 옮깁니다."),
    "sold": lambda bot: f"{_ai(bot, '은/는')} 넘긴 대가로 {_t('marble')} 1개를 얻습니다.",
    "give_back": lambda count, player: f"{_t('captured')} {count}개를 {player}에게 돌려줍니다.",
    "prisoners_home": lambda bot, count: (
        f"{_t('prison')}에 있는 {_ai(bot)}의 {_t('worker')} {count}개를 {_t('opponent_board')}으로 되돌립니다."),
    "no_prisoners": lambda bot: f"{_t('prison')}에 {_ai(bot)}의 {_t('worker')}이 없습니다.",
    "held_home": lambda bot, count, player: (
        f"{_josa(player, '은/는')} {_ai(bot)}의 {_t('worker')} {count}개를 {_t('opponent_board')}으로 돌려줍니다."),
    "none_held": lambda bot: f"누구의 {_t('player_board')}에도 {_ai(bot)}의 {_t('worker')}이 없습니다.",
    "gains_marble": lambda bot, amount, now: f"{_ai(bot, '이/가')} {_t('marble')} {amount}개를 얻습니다 (이제 {now}개).",
    "gains_virtue": lambda bot, amount: f"{_ai(bot, '이/가')} {_t('virtue')}을 {amount} 얻습니다.",
    "loses_virtue": lambda bot, amount: f"{_ai(bot, '이/가')} {_t('virtue')}을 {amount} 잃습니다.",
    "take_debts": lambda bot, amount: f"{_ai(bot)}에게 {_t('unpaid_debt')} 카드 {amount}장을 줍니다.",
    "debts_gone": lambda bot, count: f"{_ai(bot)}의 {_t('unpaid_debt')} {count}장을 더미로 되돌립니다.",
    "no_debt": lambda bot: f"{_ai(bot)}에게는 파기할 {_t('unpaid_debt')}이 없습니다.",
    "no_tax": lambda: f"{_t('tax_stand')} 위에 {_t('silver')}가 없습니다: 훔칠 것도, 잃을 {_t('virtue')}도 없습니다.",
    "no_tax_no_worker": lambda bot: (
        f"{_t('tax_stand')} 위에 {_t('silver')}가 없어 {_t('worker')}을 놓을 수 없습니다: "
        f"{_ai(bot, '은/는')} 이 {_t('worker')}을 자기 게임판에 둡니다."),
    "steal_tax": lambda bot, silver: (
        f"{_t('tax_stand')} 위의 {_t('silver')} {silver}개를 가져와 {_t('supply')}에 되돌려 놓습니다; "
        f"{_ai(bot, '이/가')} {_t('virtue')} 2를 잃습니다."),
    "discard_apprentices": lambda count, end, row: (
        f"{ROWS_KO[row]}의 {ENDS_KO.get(end, end)} 끝에서 앞면 {_t('apprentice')} {count}장을 버리고 "
        f"({_t('apprentice')} 더미 아래에 뒷면으로), 나머지를 왼쪽으로 옮긴 뒤 더미에서 채웁니다."),
    "future_in": lambda bot, count: f"{_t('future_scheme')} {count}장을 {_ai(bot)}의 {_t('scheme_pile')}에 섞습니다.",
    "no_future": lambda: f"더 넣을 {_t('future_scheme')}가 남아 있지 않습니다.",
    "future_physical": lambda count: (
        f"{_t('future_scheme')}(카드 윗부분 검은색) {count}장을 {_t('scheme_pile')}에 섞습니다."),
    "card_says": lambda text: f"카드 내용: {text} (앱은 이것을 적용하지 않습니다)",
    "recall_start": lambda bot: (
        f"{_ai(bot)}의 {_t('opponent_board')}에 {_t('worker')}이 하나도 없습니다: {_t('scheme_card')}를 뽑지 않습니다."),
    "recall_given": lambda bot, count, player: (
        f"{_josa(player, '은/는')} 포획한 {_ai(bot)}의 {_t('worker')} {count}개를 돌려줍니다."),
    "recall_all": lambda bot, count: (
        f"{_ai(bot)}의 {_t('worker')} {count}개를 모두 게임판의 장소, {_t('prison')}, 플레이어들의 "
        f"{_t('player_board')}에서 {_t('opponent_board')}으로 가져옵니다 "
        f"({_t('guildhall')}과 {_t('black_market')}에 놓인 {_t('worker')} 제외)."),
    "recall_shuffle": lambda: f"버린 {_t('scheme_card')}를 모두 {_t('scheme_pile')}에 섞습니다.",
    "ask_reward": lambda bot: f"{_ai(bot, '을/를')} 위해 공개한 {_t('reward_card')}는 무엇인가요?",
    "ask_adornment": lambda bot: f"{_ai(bot, '이/가')} 제작한 {_t('adornment')}에 인쇄된 {_t('vp')}은 몇 점인가요?",
    "ask_capture": lambda bot, where, solo: (
        f"{_ai(bot, '이/가')} {_where_ko(where)}에서 포획한 {_t('worker')}은 몇 개인가요"
        + ("?" if solo else ", 그리고 누구의 일꾼인가요?")),
    "answer_required": lambda prompt: f"답이 필요합니다: {prompt}",
    "whole_number": lambda low, high, got: f"{low}에서 {high} 사이의 정수여야 합니다 (입력: {got})",
    "one_of": lambda choices, got: f"다음 중 하나여야 합니다: {choices} (입력: {got})",
    "capture_shape": lambda: '{"seat": <자리>, "count": <일꾼 수>} 형태여야 합니다',
    "seat_one_of": lambda seats, got: f"자리는 {seats} 중 하나여야 합니다 (입력: {got})",
    "move_kind": lambda kind: f"{kind!r}여야 합니다",
    "answers_object": lambda: "질문 id -> 답 형태의 객체여야 합니다",
    "card_object": lambda: "카드 객체이거나 null이어야 합니다",
    "no_worker_to_place": lambda bot: f"{_ai(bot)}의 {_t('opponent_board')}에 놓을 {_t('worker')}이 없습니다",
    "black_market_full": lambda: f"{_t('black_market')}의 모든 칸이 찼습니다",
    "no_bot": lambda: "이 게임에는 AI가 없습니다",
    "no_deck": lambda: f"AI에게 아직 {_t('scheme_card')} 덱이 없습니다",
    "game_over": lambda: "게임이 끝났습니다",
    "final_turn_done": lambda: "AI는 이미 마지막 차례를 마쳤습니다",
    "enter_card": lambda: f"실물 카드 모드: 뽑은 {_t('scheme_card')}를 입력하세요",
    "deals_own": lambda: f"이 게임은 앱의 {_t('scheme_card')} 덱에서 뽑습니다: 카드를 입력할 수 없습니다",
    "no_cards": lambda: f"뽑을 {_t('scheme_card')}가 남아 있지 않습니다",
}


# -- a deck's problems (English as the deck validator has always said them) --------------------

def _close_en(close: str | None) -> str:
    return f"; did you mean {close!r}?" if close else ""


def _close_ko(close: str | None) -> str:
    return f"; {close!r}을(를) 뜻했나요?" if close else ""


def _got_en(got: str) -> str:
    """What was there instead, quoted; a field that is missing (``repr(None)``) is said to be missing."""
    return " (it is missing)" if got == "None" else f" (got {got})"


def _got_ko(got: str) -> str:
    return " (비어 있음)" if got == "None" else f" (입력: {got})"


def _verb_en(verb: str) -> str:
    return VERB_LABELS_EN.get(verb, verb)


def _help_en(verb: str, param: str) -> str:
    return HELP_EN.get((verb, param), param)


DECK_EN: dict[str, Callable[..., str]] = {
    "deck_whole_number": lambda got: f"must be a whole number (got {got})",
    "deck_between": lambda low, high, got: f"must be between {low} and {high} (got {got})",
    "deck_text_needed": lambda: "must be non-empty text",
    "deck_at_most": lambda length: f"must be at most {length} characters",
    "deck_one_of": lambda choices, got, close: f"must be one of {choices}{_got_en(got)}{_close_en(close)}",
    "deck_action_object": lambda got: f'must be an object like {{"do": "gain_marble", "amount": 1}} (got {got})',
    "deck_verb_required": lambda: "is required (the action's verb)",
    "deck_unknown_action": lambda got, close: f"unknown action {got}{_close_en(close)}",
    "deck_unknown_param": lambda verb, close, takes: f"unknown parameter for {verb}" + (
        _close_en(close) or (f"; {verb} takes {takes}" if takes else f"; {verb} takes none")),
    "deck_param_required": lambda verb, param: f"is required for {verb} ({_help_en(verb, param)})",
    "deck_card_object": lambda got: f"must be an object (got {got})",
    "deck_unknown_card_field": lambda: "unknown field; a card has id, group, location, actions and an optional title",
    "deck_title": lambda length: f"must be text of at most {length} characters",
    "deck_location_required": lambda: "is required (where the bot places its worker)",
    "deck_unknown_location": lambda got, close: f"unknown location {got}{_close_en(close)}",
    "deck_actions_list": lambda: "must be a non-empty list of actions",
    "deck_placement_needed": lambda: "needs a placement action first (place_worker, guildhall or black_market)",
    "deck_one_placement": lambda: "a card places exactly 1 worker; only one placement action is allowed",
    "deck_placement_first": lambda: "the placement action must come first",
    "deck_cannot_place": lambda verb, location, fits: f"{verb} cannot place at {location!r}; use {fits!r}",
    "deck_here_uncapturable": lambda location: (
        f"'here' is {_where_en(location)}, where nobody can capture; name a location or 'any'"),
    "deck_per_card_max": lambda verb, most: f"at most {most} {verb} actions per card",
    "deck_object": lambda got: f"must be a JSON object (got {got})",
    "deck_format": lambda format, got: f"must be {format!r}{_got_en(got)}",
    "deck_unknown_field": lambda: "unknown field; a deck has format, name, practice, cards and optional notes",
    "deck_name": lambda length, got: f"must be text of 1 to {length} characters{_got_en(got)}",
    "deck_notes_text": lambda: "must be text",
    "deck_true_false": lambda got: f"must be true or false{_got_en(got)}",
    "deck_cards_list": lambda: "must be a list of 30 cards (20 starting + 10 future)",
    "deck_card_id": lambda length, got: f"must be text of 1 to {length} characters{_got_en(got)}",
    "deck_duplicate_id": lambda got, also: f"duplicate card id {got} (also card {also + 1})",
    "deck_group_count": lambda want, group, got: f"needs {want} {group} cards (got {got})",
    "deck_not_json": lambda why, line, column: (
        f"not valid JSON: {why} at " + (f"line {line} column {column}" if line is not None else "(file)")),
    "deck_too_big": lambda size, most: f"is {size:,} bytes; a deck file is at most {most:,} bytes (30 cards take about 8,000)",
    "deck_not_utf8": lambda byte: (
        f"is not UTF-8 text (byte {byte} cannot be read); export the deck from this app or save it as UTF-8"),
    "deck_over_server_limit": lambda limit, most: (
        f"is larger than the server takes ({limit:,} bytes); a deck file is at most {most:,} bytes"),
    "unknown_opponent": lambda choices, got: f"must be one of {choices} (got {got})",
    # the vocabulary's words for the deck editor's pick lists
    "verb_label": lambda verb: _verb_en(verb),
    "param_help": lambda verb, param: _help_en(verb, param),
    "choice": lambda verb, param, value: str(value).replace("_", " "),
}

VERBS_KO = {
    "place_worker": "카드의 장소에 일꾼 놓기",
    "guildhall": "길드홀에 일꾼 놓기 (게임 종료로 셈)",
    "black_market": "암시장 칸에 일꾼 놓기",
    "capture": "사람 플레이어의 일꾼 무리 포획",
    "sell_captured": "포획한 일꾼을 교도소에 넘기고 대리석 1개 (모두 합해서)",
    "return_captured": "포획한 일꾼을 주인에게 돌려주기",
    "release_prisoners": "교도소에서 AI의 일꾼 석방",
    "recover_held": "사람 플레이어들의 개인 보드에서 AI의 일꾼 되찾기",
    "gain_marble": "대리석 얻기",
    "gain_virtue": "선행 얻기",
    "lose_virtue": "선행 잃기",
    "take_debt": "미납 채권 받기",
    "destroy_debt": "미납 채권 파기",
    "advance_cathedral": "무료로 대성당 작업 추진",
    "take_tax_stand": "세금 관리소의 은화를 훔치고 (공동 공급처로) 선행 2 잃기",
    "discard_apprentices": "게임판의 앞면 수습생 버리기",
    "shuffle_future": "미래 책략 카드를 책략 카드 더미에 섞기",
    "note": "카드의 다른 내용 (보여 주기만 하고 적용하지 않음)",
}
HELP_KO = {
    ("guildhall", "build"): "무엇을 위해 놓는지",
    ("guildhall", "if_full"): "대성당에 AI를 위한 빈 칸이 없으면",
    ("advance_cathedral", "if_full"): "대성당에 AI를 위한 빈 칸이 없으면",
    ("black_market", "space"): "어느 칸인지; 찬 칸이면 맨 왼쪽 빈 칸으로",
    ("capture", "from"): "어디서: 장소, 카드의 장소, 또는 아무 장소",
    ("capture", "group"): "한 가지 색의 어느 무리인지",
    ("gain_marble", "amount"): "대리석 몇 개",
    ("gain_virtue", "amount"): "선행 몇",
    ("lose_virtue", "amount"): "선행 몇",
    ("take_debt", "amount"): "채권 몇 장",
    ("destroy_debt", "amount"): "채권 몇 장",
    ("discard_apprentices", "count"): "몇 장",
    ("discard_apprentices", "row"): "어느 가로 행",
    ("discard_apprentices", "end"): "가로 행의 어느 끝에서",
    ("shuffle_future", "count"): "미래 책략 카드 몇 장",
    ("note", "text"): "카드에 적힌 말",
    ("recover_held", "pay"): f"되찾은 {_t('worker')}이 있을 때 내는 값 (경비대: 채권 1장과 선행 1)",
}
GROUPS_NAMES_KO = {"starting": "시작", "future": "미래"}


def _verb_ko(verb: str) -> str:
    return VERBS_KO.get(verb, verb)


DECK_KO: dict[str, Callable[..., str]] = {
    "deck_whole_number": lambda got: f"정수여야 합니다 (입력: {got})",
    "deck_between": lambda low, high, got: f"{low}에서 {high} 사이여야 합니다 (입력: {got})",
    "deck_text_needed": lambda: "비어 있지 않은 글이어야 합니다",
    "deck_at_most": lambda length: f"{length}자 이하여야 합니다",
    "deck_one_of": lambda choices, got, close: f"다음 중 하나여야 합니다: {choices}{_got_ko(got)}{_close_ko(close)}",
    "deck_action_object": lambda got: f'{{"do": "gain_marble", "amount": 1}} 같은 객체여야 합니다 (입력: {got})',
    "deck_verb_required": lambda: "필요합니다 (행동)",
    "deck_unknown_action": lambda got, close: f"알 수 없는 행동 {got}{_close_ko(close)}",
    "deck_unknown_param": lambda verb, close, takes: f"{_verb_ko(verb)}에 없는 항목입니다" + (
        _close_ko(close) or (f"; 받는 항목: {takes}" if takes else "; 받는 항목 없음")),
    "deck_param_required": lambda verb, param: f"필요합니다: {HELP_KO.get((verb, param), param)}",
    "deck_card_object": lambda got: f"객체여야 합니다 (입력: {got})",
    "deck_unknown_card_field": lambda: "알 수 없는 항목; 카드에는 id, group, location, actions, title(선택)만 있습니다",
    "deck_title": lambda length: f"{length}자 이하의 글이어야 합니다",
    "deck_location_required": lambda: f"필요합니다 (AI가 {_t('worker')}을 놓는 장소)",
    "deck_unknown_location": lambda got, close: f"알 수 없는 장소 {got}{_close_ko(close)}",
    "deck_actions_list": lambda: "행동이 하나 이상 있어야 합니다",
    "deck_placement_needed": lambda: f"먼저 {_t('worker')}을 놓는 행동이 필요합니다",
    "deck_one_placement": lambda: f"카드 한 장은 {_t('worker')}을 정확히 1개 놓습니다: 놓는 행동은 하나만 됩니다",
    "deck_placement_first": lambda: f"{_t('worker')}을 놓는 행동이 맨 처음이어야 합니다",
    "deck_cannot_place": lambda verb, location, fits: (
        f"“{_verb_ko(verb)}”는 {_where_ko(location)}에 놓을 수 없습니다; “{_verb_ko(fits)}”를 쓰세요"),
    "deck_here_uncapturable": lambda location: (
        f"카드의 장소는 {_where_ko(location)}이고, 그곳에서는 아무도 포획할 수 없습니다; 장소를 고르거나 아무 장소로 하세요"),
    "deck_per_card_max": lambda verb, most: f"카드 한 장에 “{_verb_ko(verb)}”는 {most}번까지입니다",
    "deck_object": lambda got: f"JSON 객체여야 합니다 (입력: {got})",
    "deck_format": lambda format, got: f"{format!r}이어야 합니다{_got_ko(got)}",
    "deck_unknown_field": lambda: "알 수 없는 항목; 덱에는 format, name, practice, cards, notes(선택)만 있습니다",
    "deck_name": lambda length, got: f"1자에서 {length}자 사이의 글이어야 합니다{_got_ko(got)}",
    "deck_notes_text": lambda: "글이어야 합니다",
    "deck_true_false": lambda got: f"true 또는 false여야 합니다{_got_ko(got)}",
    "deck_cards_list": lambda: f"카드 30장의 목록이어야 합니다 ({_t('starting_scheme')} 20장 + {_t('future_scheme')} 10장)",
    "deck_card_id": lambda length, got: f"1자에서 {length}자 사이의 글이어야 합니다{_got_ko(got)}",
    "deck_duplicate_id": lambda got, also: f"카드 id {got}가 겹칩니다 ({also + 1}번째 카드와)",
    "deck_group_count": lambda want, group, got: (
        f"{GROUPS_NAMES_KO.get(group, group)} {_t('scheme_card')}가 {want}장 필요합니다 (지금 {got}장)"),
    "deck_not_json": lambda why, line, column: (
        "올바른 JSON이 아닙니다: " + (f"{line}번째 줄 {column}번째 글자" if line is not None else "파일")),
    "deck_too_big": lambda size, most: f"{size:,}바이트입니다; 덱 파일은 {most:,}바이트까지입니다 (카드 30장은 약 8,000)",
    "deck_not_utf8": lambda byte: (
        f"UTF-8 글이 아닙니다 ({byte}번째 바이트를 읽을 수 없음); 이 앱에서 덱을 내보내거나 UTF-8로 저장하세요"),
    "deck_over_server_limit": lambda limit, most: (
        f"서버가 받는 크기({limit:,}바이트)보다 큽니다; 덱 파일은 {most:,}바이트까지입니다"),
    "unknown_opponent": lambda choices, got: f"다음 중 하나여야 합니다: {choices} (입력: {got})",
    "verb_label": lambda verb: _verb_ko(verb),
    "param_help": lambda verb, param: HELP_KO.get((verb, param), param),
    "choice": lambda verb, param, value: (
        _where_ko(value) if param == "from" and value != "any" and value != "here" else _word_ko(value)),
}
ENGLISH.update(DECK_EN)
KOREAN.update(DECK_KO)


BotWords.RENDERERS = {"en": ENGLISH, "ko": KOREAN}
