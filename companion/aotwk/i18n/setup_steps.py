"""The setup checklist as codes: what to lay out on the physical table, in each language.

``companion.aotwk.rules.table.setup.checklist`` hands out each line as ``Step(code, **params)``;
as a ``str`` it is the English sentence the game document has always stored
(``setup_checklist``), and the document also keeps the codes (``setup_steps``) so the
web layer says the lines in the reader's language. Korean uses the Korean rulebook's
setup words (seed 001, 게임 준비 and 1인 게임 규칙); Age of Artisans has no Korean
edition, so its lines are our translation of seed 003.
"""

from __future__ import annotations

from typing import Any, Callable

from companion.aotwk.i18n.glossary import korean as _t
from companion.aotwk.i18n.bot_words import PRACTICE_NAME, PRACTICE_NAME_KO
from companion.aotwk.i18n.names import card_name
from companion.i18n.reasons import Coded


def _and(items) -> str:
    return " and ".join(str(i) for i in items)


# -- English: the sentences the checklist has always said --------------------------------

def _player_en(name, board, workers, prisoners, virtue, held, debts, extra_cards) -> str:
    side = f" ({card_name('board', board, 'en')} board)" if board else ""
    counted = f"{workers} workers" + (f" ({prisoners} of them start in Prison)" if prisoners else "")
    items = [f"{n} {r}" for r, n in held]
    items += [f"{debts} unpaid debt"] if debts else []
    items += [f"{extra_cards} extra Building card after the draft"] if extra_cards else []
    return f"{name}{side}: {counted}, virtue {virtue}, " + ", ".join(items or ["no silver"])


_BOT_READING_EN = {
    "bot_is_a_player": "as a 3-player game, the bot counting as a player (our reading)",
    "regular_two_player": "as a regular 2-player game with the bot added",
}

ENGLISH: dict[str, Callable[..., str]] = {
    "boards_side": lambda variable: "Player boards on side " + (
        "2 (variable: each player's own board)" if variable else "1 (standard)"),
    "black_market": lambda: "Shuffle the Black Market cards onto the left Black Market space, Small Market side up",
    "rewards": lambda cards: f"Deal {cards} Reward cards face down beside the Cathedral",
    "supply": lambda: "Debt cards near the Guardhouse, unpaid side up; Multiplier cards and resources in the supply",
    "workshop": lambda: ("Shuffle the Apprentices and reveal 8 beside the Workshop; shuffle the Buildings beside "
                         "the Workshop"),
    "tax_stand": lambda silver: f"Put {silver} silver above the Tax Stand",
    "guildhall": lambda spaces, resets: (
        f"Guildhall: {spaces} spaces in use; a Black Market Reset on spaces {_and(resets)}"),
    "removed_buildings": lambda buildings: (
        f"Remove these buildings from the deck: {', '.join(card_name('building', b, 'en') for b in buildings)}"),
    "artisans_boxes": lambda resets: (
        "Age of Artisans: Guildhall board over the main board's Guildhall (apprentice resets on spaces "
        f"{_and(resets)}); Black Market overlay card on the middle Black Market space; shuffle the new "
        "Apprentice and Building cards into their piles"),
    "artisans_crafts": lambda: "Shuffle the 24 Craft cards face down above the Guildhall; 4 face up along the top "
                               "of the main board",
    "artisans_aids": lambda: "Each player takes 1 Player Aid and 1 Artisan in their colour",
    "artisans_hires": lambda names: (
        f"Before the building draft, in reverse turn order ({', '.join(names)}): each hires 1 face-up Apprentice at "
        "no cost (record it as Hire, hired at: free; its virtue counts), then refill the Workshop"),
    "artisans_six": lambda players, spaces: (
        f"{players} players: the Guildhall as for 5 players ({spaces} spaces; our reading of 'as with the 5 player "
        "game'); the Reward pile is every Reward card in the box"),
    "artisans_tool": lambda name, board, tools: (
        f"{name} ({card_name('board', board, 'en')}): after the building draft, choose {tools} Tool from the face-up "
        "Craft cards and tuck it under an apprentice"),
    "solo_draft": lambda: "Deal yourself 5 Building cards; keep 3",
    "draft": lambda: "Deal 4 Building cards to each player; draft (keep 1, pass left) until everyone has 3",
    "player": _player_en,
    "two_vs_bot_player": lambda: (
        "2 players + bot, set up " + _BOT_READING_EN["bot_is_a_player"]
        + ": the printed 2P vs Bot card is not in our sources; the other reading, a regular "
          "2-player game, can be chosen when starting a game"),
    "two_vs_bot_regular": lambda: (
        "2 players + bot, set up " + _BOT_READING_EN["regular_two_player"] + " (the other reading of 2P vs Bot)"),
    "bot": lambda opponent, difficulty, workers, virtue: (
        f"{card_name('opponent', opponent, 'en')} ({difficulty} side): {workers} workers on the opponent board, markers "
        f"under the Cathedral and on virtue {virtue}; no silver, no Building cards"),
    "scheme_printed": lambda: ("Shuffle the 20 Starting Scheme cards (brown) as the draw pile; the 10 Future Scheme "
                               "cards (black) apart"),
    "scheme_app": lambda deck: (f"Scheme cards: the app draws them from its deck ({deck}); "
                                "leave the printed ones in the box"),
    "starts": lambda name: f"{name} starts",
}


# -- Korean: 게임 준비 (seed 001) ---------------------------------------------------------


def _player_ko(name, board, workers, prisoners, virtue, held, debts, extra_cards) -> str:
    side = f" ({card_name('board', board, 'ko')} 보드)" if board else ""
    counted = f"{_t('worker')} {workers}개" + (f" (그중 {prisoners}개는 {_t('prison')}에서 시작)" if prisoners else "")
    items = [f"{_t(r)} {n}" for r, n in held]
    items += [f"{_t('unpaid_debt')} {debts}장"] if debts else []
    items += [f"드래프트 후 건물 카드 {extra_cards}장 추가"] if extra_cards else []
    return f"{name}{side}: {counted}, {_t('virtue')} {virtue}, " + ", ".join(items or [f"{_t('silver')} 없음"])


def _deck_ko(deck: str) -> str:
    """A deck's name as saved (a player's words), but the practice deck's is ours."""
    return PRACTICE_NAME_KO if deck == PRACTICE_NAME else deck


_DIFFICULTY_KO = {"standard": "기본", "hard": "어려움"}   # 1인 게임 준비 4: 콘스탄틴= 기본/ 헬레나= 어려움

KOREAN: dict[str, Callable[..., str]] = {
    "boards_side": lambda variable: f"{_t('player_board')}: " + (
        "뒷면 (변형 게임 준비: 각자 자기 보드)" if variable else "앞면 (기본)"),
    "black_market": lambda: f"모든 {_t('black_market')} 카드를 섞어 왼쪽 {_t('black_market')} 칸에 \"소형 시장\" 면이 "
                            "보이게 놓습니다",
    "rewards": lambda cards: f"{_t('reward_card')} {cards}장을 {_t('cathedral')} 오른쪽에 뒷면으로 놓습니다",
    "supply": lambda: (f"{_t('debt')} 카드는 {_t('guardhouse')} 옆에 \"미납\" 면이 보이게; 배수 카드와 자원은 "
                       "공동 공급처에"),
    "workshop": lambda: (f"{_t('apprentice')} 카드를 섞어 {_t('workshop')} 오른쪽에 8장을 앞면으로 놓고, "
                         f"{_t('building')} 카드를 섞어 {_t('workshop')} 왼쪽에 뒷면으로 놓습니다"),
    "tax_stand": lambda silver: f"{_t('silver')} {silver}개를 {_t('tax_stand')}의 위쪽 칸에 놓습니다",
    "guildhall": lambda spaces, resets: (
        f"{_t('guildhall')}: {spaces}칸 사용; {_t('black_market')} 재설정 칸 {', '.join(map(str, resets))}"),
    "removed_buildings": lambda buildings: (
        f"건물 카드 더미에서 다음 카드를 제거합니다: {', '.join(card_name('building', b, 'ko') for b in buildings)}"),
    "artisans_boxes": lambda resets: (
        f"장인의 시대: 확장 {_t('guildhall')} 보드를 게임판의 {_t('guildhall')} 위에 (수습생 재설정 칸 "
        f"{', '.join(map(str, resets))}); {_t('black_market')} 덮개 카드를 가운데 {_t('black_market')} 칸에; 새 "
        f"{_t('apprentice')} 카드와 {_t('building')} 카드를 각 더미에 섞습니다"),
    "artisans_crafts": lambda: f"공예 카드 24장을 섞어 {_t('guildhall')} 위에 뒷면으로 놓고, 4장을 게임판 위쪽에 앞면으로 "
                               "놓습니다",
    "artisans_aids": lambda: "각자 자기 색상의 플레이어 도움 카드 1장과 장인 1개를 가져옵니다",
    "artisans_hires": lambda names: (
        f"건물 드래프트 전에, 차례 역순으로 ({', '.join(names)}): 각자 앞면 {_t('apprentice')} 1장을 비용 없이 "
        "고용합니다 (고용으로 기록하고 비용은 무료: 그 선행은 적용됩니다), 그런 뒤 작업장을 채웁니다"),
    "artisans_six": lambda players, spaces: (
        f"{players}인 게임: {_t('guildhall')}은 5인 게임처럼 ({spaces}칸; '5인 게임과 같이'를 우리가 읽은 방식); "
        f"{_t('reward_card')} 더미는 상자의 모든 {_t('reward_card')}"),
    "artisans_tool": lambda name, board, tools: (
        f"{name} ({card_name('board', board, 'ko')}): 건물 드래프트 후, 앞면 공예 카드에서 {_t('tool')} {tools}장을 골라 "
        f"{_t('apprentice')} 아래에 끼웁니다"),
    "solo_draft": lambda: "건물 카드 5장을 가져와 3장을 선택해 갖습니다",
    "draft": lambda: "각자 건물 카드 4장을 가져와 드래프트합니다 (1장 선택, 나머지는 왼쪽으로): 모두 3장을 가질 때까지",
    "player": _player_ko,
    "two_vs_bot_player": lambda: (
        "2인 VS AI: AI를 플레이어로 세어 3인 게임처럼 준비합니다 (우리가 읽은 방식): 인쇄된 2인 VS AI 카드는 우리 "
        "자료에 없습니다; 다른 방식인 보통 2인 게임은 게임을 시작할 때 고를 수 있습니다"),
    "two_vs_bot_regular": lambda: "2인 VS AI: 보통 2인 게임처럼 준비하고 AI를 추가합니다 (2인 VS AI의 다른 읽는 방식)",
    "bot": lambda opponent, difficulty, workers, virtue: (
        f"{card_name('opponent', opponent, 'ko')} ({_DIFFICULTY_KO.get(difficulty, difficulty)} 면): AI 게임판에 "
        f"{_t('worker')} {workers}개, 개인 마커는 {_t('cathedral')} 아래쪽과 {_t('virtue')} {virtue} 칸에; "
        f"AI는 {_t('silver')}나 건물 카드를 받지 않습니다"),
    "scheme_printed": lambda: ("시작 책략 카드(갈색) 20장을 섞어 책략 카드 더미로; 미래 책략 카드(검은색) 10장은 "
                               "따로 놓습니다"),
    "scheme_app": lambda deck: f"책략 카드: 앱이 자기 덱({_deck_ko(deck)})에서 뽑습니다; 인쇄된 카드는 상자에 둡니다",
    "starts": lambda name: f"{name} 시작",
}


class Step(Coded):
    """One line of the setup checklist."""

    RENDERERS = {"en": ENGLISH, "ko": KOREAN}


def checklist_lines(state: dict[str, Any], lang: str) -> list[str]:
    """The game's checklist in ``lang``: from its codes (``setup_steps``) when the game
    has them, else the English lines it stored (a game started before the codes)."""
    steps = state.get("setup_steps")
    if isinstance(steps, list):
        try:
            return [Step.from_code(step).render(lang) for step in steps]
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):   # a code this version cannot say
            pass
    return [str(line) for line in state.get("setup_checklist") or []]


# -- what the setup refuses ------------------------------------------------------------------

_MODE_EN = {"solo": "solo", "two_vs_bot": "two vs bot"}
_MODE_KO = {"solo": "1인 게임", "two_vs_bot": "2인 VS AI 게임"}

PROBLEMS_EN: dict[str, Callable[..., str]] = {
    "one_of": lambda allowed: f"must be one of {', '.join(allowed)}",
    "may_only_list": lambda allowed: f"may only list {', '.join(allowed)}",
    "reading_two_vs_bot_only": lambda: "only a game of 2 players plus a bot has this choice",
    "choose_bot": lambda opponents: f"choose the bot: {' or '.join(opponents)}",
    "bot_games_only": lambda: "only solo and 2 players vs bot games have a bot",
    "deck_bot_games_only": lambda: "only solo and 2 players vs bot games have a scheme deck",
    "deck_physical": lambda: "a physical-deck game draws the printed cards: leave the deck out",
    "whole_number": lambda: "must be a whole number",
    "text_at_most": lambda most: f"must be text of at most {most} characters",
    "true_or_false": lambda: "must be true or false",
    "humans_with_bot": lambda mode, wanted, got: (
        f"a {_MODE_EN.get(mode, mode)} game has exactly {wanted} human player{'s' * (wanted > 1)} (got {got})"),
    "player_count": lambda most, got: f"must be 1 to {most} players (got {got})",
    "list_of_players": lambda: "must be a list of players",
    "text": lambda: "must be text",
    "name_length": lambda most: f"must be 1 to {most} characters",
    "name_taken": lambda name, seat: f"{name!r} is already the name of player {seat}",
    "bot_name": lambda bot: f"{card_name('opponent', bot, 'en')} is the bot's name",
    "side_one": lambda: "variable boards are off: everyone uses side 1",
    "artisans_board": lambda board: (
        f"{card_name('board', board, 'en')} comes with Age of Artisans, which this game does not use"),
    "board_taken": lambda board, seat: f"{card_name('board', board, 'en')} is already taken by player {seat}",
    "bot_mode": lambda with_bot, mode: f"a game {'with' if with_bot else 'without'} a bot cannot be {mode!r}",
}

PROBLEMS_KO: dict[str, Callable[..., str]] = {
    "one_of": lambda allowed: "목록에 있는 것을 고르세요",
    "may_only_list": lambda allowed: "목록에 있는 것만 고를 수 있습니다",
    "reading_two_vs_bot_only": lambda: "2인 VS AI 게임에만 있는 선택입니다",
    "choose_bot": lambda opponents: "AI를 고르세요: " + " 또는 ".join(card_name("opponent", o, "ko") for o in opponents),
    "bot_games_only": lambda: "AI는 1인 게임과 2인 VS AI 게임에만 있습니다",
    "deck_bot_games_only": lambda: "책략 카드 덱은 1인 게임과 2인 VS AI 게임에만 있습니다",
    "deck_physical": lambda: "인쇄된 카드로 하는 게임은 인쇄된 카드를 뽑습니다: 덱을 고르지 마세요",
    "whole_number": lambda: "정수를 적으세요",
    "text_at_most": lambda most: f"{most}자 이하로 적으세요",
    "true_or_false": lambda: "예 또는 아니요를 고르세요",
    "humans_with_bot": lambda mode, wanted, got: (
        f"{_MODE_KO.get(mode, mode)}에는 플레이어가 정확히 {wanted}명 있어야 합니다 (지금 {got}명)"),
    "player_count": lambda most, got: f"플레이어는 1명에서 {most}명까지입니다 (지금 {got}명)",
    "list_of_players": lambda: "플레이어를 적으세요",
    "text": lambda: "글자로 적으세요",
    "name_length": lambda most: f"이름은 1자에서 {most}자까지입니다",
    "name_taken": lambda name, seat: f"'{name}'은(는) 이미 플레이어 {seat}의 이름입니다",
    "bot_name": lambda bot: f"{card_name('opponent', bot, 'ko')}은(는) AI의 이름입니다",
    "side_one": lambda: "변형 게임 준비를 쓰지 않습니다: 모두 개인 보드 앞면을 씁니다",
    "artisans_board": lambda board: f"{card_name('board', board, 'ko')}는 이 게임에서 쓰지 않는 장인의 시대 보드입니다",
    "board_taken": lambda board, seat: f"{card_name('board', board, 'ko')}는 이미 플레이어 {seat}가 골랐습니다",
    "bot_mode": lambda with_bot, mode: (
        "AI가 있는 게임은 1인 게임이나 2인 VS AI 게임이어야 합니다" if with_bot
        else "AI가 없는 게임은 1인 게임이나 2인 VS AI 게임일 수 없습니다"),
}


class SetupRefusal(Coded):
    """Why a setup cannot start (a ``Problem``'s message); as text, the English one."""

    RENDERERS = {"en": PROBLEMS_EN, "ko": PROBLEMS_KO}
