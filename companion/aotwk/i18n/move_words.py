"""The table's moves as a player reads them in Korean: each move's name (the "Record…" list,
a form's title) and each field's label, with the Korean rulebook's words (seed 001, through
``glossary_ko.yaml``).

The rules core keeps its English labels (``companion.aotwk.rules.table.moves``: ``MoveSpec.label``,
``Param.label``); they are the keys here, so the core writes no Korean and a label the
core adds without a Korean one shows up in ``tests/aotwk/i18n/test_move_words.py``.
"""

from __future__ import annotations

import re

from companion.aotwk.i18n.glossary import korean as _t
from companion.aotwk.i18n.names import card_name


# MoveSpec.kind -> the move's name in Korean.
MOVES_KO: dict[str, str] = {
    "virtue": f"{_t('virtue')} +/-",
    "take_debts": f"{_t('debt')} 받기",
    "debt_to_silver": f"방금 받은 {_t('debt')} 대신 {_t('silver')} 내기 ({{board:hugo}})",
    "pay_debt": f"{_t('debt')} 갚기",
    "destroy_debts": f"{_t('debt')} 파기",
    "prisoners": f"{_t('prison')}의 자기 {_t('worker')} +/-",
    "captured": f"{_t('captured')} +/-",
    "tools": f"{_t('tool')} +/-",
    "capture": f"{_t('worker')} 포획",
    "send_to_prison": f"{_t('captured')}을 {_t('prison')}로 보내기",
    "release_prisoners": f"{_t('prison')}에서 자기 {_t('worker')} 석방",
    "rescue": f"포획된 자기 {_t('worker')} 되찾기",
    "resources": "자원 +/-",
    "add_adornment": f"{_t('adornment')} 더하기",
    "remove_adornment": f"{_t('adornment')} 빼기",
    "craft_adornment": f"{_t('adornment')} 제작",
    "craft_tool": f"{_t('tool')} 제작",
    "tuck_tool": f"가진 {_t('tool')}를 {_t('apprentice')} 아래에 끼우기",
    "advance_cathedral": f"{_t('cathedral')} 작업 추진",
    "set_cathedral": f"{_t('cathedral')} {_t('level')} 정정",
    "build": f"{_t('building')} 건설",
    "remove_building": f"{_t('building')} 빼기 (정정)",
    "hire": f"{_t('apprentice')} 고용",
    "discard_apprentice": f"{_t('apprentice')} 버리기",
    "pay_tax": f"{_t('tax_stand')}에 세금 내기",
    "steal_tax": f"{_t('tax_stand')}에서 훔치기",
    "black_market": f"{_t('black_market')}에 {_t('worker')} 놓기",
    "black_market_reset": f"지금 {_t('black_market_reset')}",
    "final_turn_done": "마지막 차례 끝",
    "finish_game": "지금 게임 끝내기",
    "end_game": "지금 게임 끝내기",
    "count": "남은 것 세기 (게임 종료)",
    "set_total": "항목 합계 적기 (점수표)",
}

# Param.label (English, as the rules core writes it) -> the field's label in Korean.
PARAMS_KO: dict[str, str] = {
    "Player": "플레이어",
    "Change": "변화",
    "Debts": _t("debt"),
    "Pay silver instead (Hugo's board)": f"대신 {_t('silver')} 내기 ({{board:hugo}})",
    "Whose workers (if more than one opponent)": f"누구의 {_t('worker')}인가요 (상대가 둘 이상일 때)",
    "Captor": "포획한 플레이어",
    "Whose workers": f"누구의 {_t('worker')}",
    "Workers": _t("worker"),
    "Captures paid at the Town Centre": f"{_t('town_centre')}에서 값을 낸 포획",
    "Where the workers were captured": f"{_t('worker')}을 포획한 곳",
    "Held by (only for workers not booked to you)": "가진 플레이어 (내 보드에 기록되지 않은 일꾼만)",
    "Workers that player holds of yours in all": f"그 플레이어가 가진 내 {_t('worker')} 모두",
    "Pay with": "낼 것",
    "Placed my Artisan": "내 장인을 놓았음",
    "Gold": "금",
    "Marble": "대리석",
    "Silver": "은화",
    "Clay": "점토",
    "Wood": "나무",
    "Stone": "돌",
    "Printed VP": f"인쇄된 {_t('vp')}",
    "Tucked under which of your buildings": f"내 어느 {_t('building')} 아래에",
    "Printed VP (empty: from the card library's craft card)": f"인쇄된 {_t('vp')} (비우면: 카드 자료의 공예 카드)",
    "Craft card number in the card library (if entered)": "카드 자료의 공예 카드 번호 (적었다면)",
    "Virtue +/-": f"{_t('virtue')} +/-",
    "Debts taken": f"받은 {_t('debt')}",
    "Tucked under which of your apprentices": f"내 어느 {_t('apprentice')} 아래에",
    "Worker placed": f"{_t('worker')}을 놓은 곳",
    "Skills the Tool adds, comma separated (if any)": f"{_t('tool')}가 더하는 {_t('skill')}, 쉼표로 구분 (있다면)",
    "Virtue +/- (Gisela: the Adornment half)": f"{_t('virtue')} +/- ({{board:gisela}}: {_t('adornment')} 쪽)",
    "Debts taken (Gisela: the Adornment half)": f"받은 {_t('debt')} ({{board:gisela}}: {_t('adornment')} 쪽)",
    "Under which of your apprentices": f"내 어느 {_t('apprentice')} 아래에",
    "Revealed reward card": f"공개된 {_t('reward_card')}",
    "Wood in a stone/wood cost": f"{_t('stone')}/{_t('wood')} 비용 중 {_t('wood')}",
    "Crane's extra placement": "{building:crane}의 추가 배치",
    "Level": _t("level"),
    "Building": _t("building"),
    "Option taken (Treasury, Clay Pit)": "고른 것 ({building:treasury}, {building:clay_pit})",
    "Discard a building card (Library)": f"{_t('building')} 카드 1장 버리기 ({{building:library}})",
    "Apprentice hired free (Tavern)": f"무료로 고용한 {_t('apprentice')} ({{building:tavern}})",
    "Apprentice discarded (Graveyard)": f"버린 {_t('apprentice')} ({{building:graveyard}})",
    "Who takes the discarded apprentice's Tool": f"버린 {_t('apprentice')}의 {_t('tool')}를 가져갈 사람",
    "Printed VP (cards the catalogue lacks)": f"인쇄된 {_t('vp')} (앱이 모르는 카드)",
    "Adornment VP (Gallery)": f"{_t('adornment')} {_t('vp')} ({{building:aoa_gallery}})",
    "The bot's Adornment: printed VP": f"AI의 {_t('adornment')}: 인쇄된 {_t('vp')}",
    "Apprentice": _t("apprentice"),
    "Hired at": "고용한 곳",
    "Skills (cards the catalogue lacks), comma separated": f"{_t('skill')} (앱이 모르는 카드), 쉼표로 구분",
    "Silver on the hired card": f"고용한 카드 위의 {_t('silver')}",
    "Silver put on skipped cards": f"건너뛴 카드에 놓은 {_t('silver')}",
    "Who takes its Tool": f"그 {_t('tool')}를 가져갈 사람",
    "Space": "칸",
    "Apprentice hired (middle space)": f"고용한 {_t('apprentice')} (중형 칸)",
    "Resources left": "남은 자원",
    "Values the phone showed": "휴대폰에 보이던 값",
    "This count is complete": "이 개수 확인은 끝",
    "Category": "항목",
    "Total VP (empty: computed again)": f"합계 {_t('vp')} (비우면: 다시 계산)",
    "A row of the pad": "점수표의 한 줄",
}

# A choice's value (Param.choices) as a Korean player reads it, by the param's name.
CHOICES_KO: dict[str, dict[str, str]] = {
    "payment": {"silver": _t("silver"), "debt": _t("debt")},
    "place": {"guildhall": _t("guildhall"), "black_market": _t("black_market")},
    "space": {"small": "소형", "middle": "중형", "large": "대형"},
    "source": {"workshop": _t("workshop"), "black_market": _t("black_market"), "free": "무료 ({building:tavern})"},
}


_NAMED = re.compile(r"\{(building|board):(\w+)\}")


def _names(text: str) -> str:
    """``{building:tavern}`` -> the card's printed Korean name (or its English one where the
    Korean edition has none), ``{board:hugo}`` -> a player board's."""
    return _NAMED.sub(lambda match: card_name(*match.groups(), "ko"), text)


def move_label(kind: str, english: str, lang: str) -> str:
    """A move's name in ``lang`` (the English label when Korean has none)."""
    return _names(MOVES_KO[kind]) if lang == "ko" and kind in MOVES_KO else english


def param_label(english: str, lang: str) -> str:
    """A field's label in ``lang`` (the English label when Korean has none)."""
    return _names(PARAMS_KO[english]) if lang == "ko" and english in PARAMS_KO else english


def choice_label(param_name: str, value: str, lang: str) -> str | None:
    """A listed choice in ``lang``; None when this module does not name it (the caller words it)."""
    if lang != "ko" or value not in CHOICES_KO.get(param_name, {}):
        return None
    return _names(CHOICES_KO[param_name][value])
