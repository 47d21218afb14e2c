"""What is wrong with an Architects of the West Kingdom document, beyond the shapes every game's
reader checks (``companion.i18n.problem_words``): its cards, categories, seats and mode, said in
English (what `companion score` has always printed) and in the Korean rulebook's words."""

from __future__ import annotations

from typing import Callable

from companion.aotwk.i18n.glossary import korean as _t
from companion.aotwk.i18n.glossary import category_label
from companion.aotwk.i18n.names import card_name
from companion.aotwk.rules.codes import AotwkProblem
from companion.i18n.problem_words import hint_en, hint_ko, kind_en, kind_ko
from companion.i18n.reasons import plural


CARD_KO = {"building": "건물", "apprentice": "수습생", "board": "개인 게임판", "player board": "개인 게임판",
           "Black Market space": "암시장 칸"}


# What a player enters at the end, as the pad and the count name it.
ENTERED_EN = {"virtue": "final virtue", "silver": "silver left"}


def _entered_ko(field: str) -> str:
    return f"최종 {_t('virtue')}" if field == "virtue" else f"남은 {_t(field)}" if field == "silver" else _t(field)


ENGLISH: dict[str, Callable[..., str]] = {
    "unknown_card": lambda kind, wrong, hints=(): (
        f"unknown {kind} {wrong}" + hint_en(", ".join(hints))),
    "unknown_expansion": lambda wrong, known: f"unknown expansion {wrong}; known: {known}",
    "not_this_game": lambda got: f"this is not a game of Architects of the West Kingdom (got {got!r})",
    "id_or_object": lambda got: f'must be an id or an object with "id" (got {kind_en(got)})',
    "card_taken": lambda kind, id, owner: (
        f"{card_name(kind, id, 'en')} ({id}) is already listed for {owner}; the game has one such card"),
    "vp_whole": lambda got: f"must be a whole number >= 0 (got {got})",
    "vp_unknown": lambda id: (f"the printed VP of {card_name('building', id, 'en')} is not in our sources; give it as "
                              f'{{"id": "{id}", "vp": N}}'),
    "skills_list": lambda skills: f"must be a list drawn from {', '.join(skills)}",
    "skills_unknown": lambda id: (
        f"the skills of {card_name('apprentice', id, 'en')} are not in our sources and a building counts them; "
        f'give them as {{"id": "{id}", "skills": [...]}}'),
    "apprentice_limit": lambda limit, got: f"a player may hold at most {limit} apprentices (got {got})",
    "adornment_vp": lambda got: f"must be the printed VP, a whole number >= 0 (got {got})",
    "overrides": lambda got: f"must be an object of category totals (got {kind_en(got)})",
    "unknown_category": lambda categories, hint=None: (
        f"unknown category; {f'did you mean {hint}? ' if hint else ''}categories are {', '.join(categories)}"),
    "tools_unknown": lambda count: (f"the VP for {count} tools is not in our sources; "
                                    "give the player aid's value as overrides.tools"),
    "no_seat": lambda got: f"no player in seat {got}",
    "mode_and_bot": lambda bot, mode: f"a game {'with' if bot else 'without'} a bot cannot be {mode!r}",
    "bot_humans": lambda most, got: (
        f"a bot plays against 1 player (solo) or {most} (rulebook: '{most} human players vs Constantine or Helena'); "
        f"got {got} players"),
    "artisans_only": lambda what: (
        f"{what} come with Age of Artisans, which this game does not use: add \"age_of_artisans\" to expansions"),
    "adornments_buildings": lambda adornments, buildings: (
        f"{plural(adornments, 'adornment')} but {plural(buildings, 'building')}: each Adornment is tucked under "
        f"its own Building (Age of Artisans: 'Players can only have 1 Adornment attached to each Building')"),
    "solo_market": lambda id: (
        f"{card_name('building', id, 'en')} is a Resource Market, removed from a solo game (Solo Play, Setup: "
        f"'Remove the 4 \"Resource Market\" Building Cards from the deck')"),
    "not_entered": lambda field, name: (
        f"nobody has entered {name}'s {ENTERED_EN.get(field, field)} yet: the score needs it, "
        f"and the value from the setup is not a count"),
    "card_key": lambda key: f"must be {key!r}, the card's key",
    "not_in_deck": lambda card: f"no card {card!r} in this deck",
}

KOREAN: dict[str, Callable[..., str]] = {
    "unknown_card": lambda kind, wrong, hints=(): (
        f"알 수 없는 {CARD_KO.get(kind, kind)}: {wrong}" + hint_ko(", ".join(hints))),
    "unknown_expansion": lambda wrong, known: f"알 수 없는 확장: {wrong} (아는 확장: {known})",
    "not_this_game": lambda got: f"서부 왕국의 건축가 게임이 아닙니다 (받은 값: {got!r})",
    "id_or_object": lambda got: f'id이거나 "id"가 있는 객체여야 합니다 (받은 값: {kind_ko(got)})',
    "card_taken": lambda kind, id, owner: (
        f"{card_name(kind, id, 'ko')}({id})은(는) 이미 {owner}에게 있습니다; 게임에 이 카드는 한 장뿐입니다"),
    "vp_whole": lambda got: f"0 이상의 정수여야 합니다 (받은 값: {got})",
    "vp_unknown": lambda id: (f"{card_name('building', id, 'ko')}의 인쇄된 승점을 우리 자료에서 찾을 수 없습니다; "
                              f'{{"id": "{id}", "vp": N}}처럼 적어 주세요'),
    "skills_list": lambda skills: (
        f"다음 {_t('skill')} 중에서 고른 목록이어야 합니다: {', '.join(f'{_t(s)}({s})' for s in skills)}"),
    "skills_unknown": lambda id: (
        f"{card_name('apprentice', id, 'ko')}의 {_t('skill')}을 우리 자료에서 찾을 수 없는데 건물이 그것을 셉니다; "
        f'{{"id": "{id}", "skills": [...]}}처럼 적어 주세요'),
    "apprentice_limit": lambda limit, got: f"{_t('apprentice')}은 최대 {limit}명까지 둘 수 있습니다 (받은 값: {got}명)",
    "adornment_vp": lambda got: f"인쇄된 승점, 0 이상의 정수여야 합니다 (받은 값: {got})",
    "overrides": lambda got: f"항목별 합계의 객체여야 합니다 (받은 값: {kind_ko(got)})",
    "unknown_category": lambda categories, hint=None: (
        f"알 수 없는 항목입니다{hint_ko(hint)}; 항목: {', '.join(category_label(c, 'ko') + f'({c})' for c in categories)}"),
    "tools_unknown": lambda count: (f"{_t('tool')} {count}개의 승점을 우리 자료에서 찾을 수 없습니다; "
                                    "플레이어 도움말의 값을 overrides.tools로 적어 주세요"),
    "no_seat": lambda got: f"{got}번 자리에 플레이어가 없습니다",
    "mode_and_bot": lambda bot, mode: f"봇이 {'있는' if bot else '없는'} 게임은 {mode!r}일 수 없습니다",
    "bot_humans": lambda most, got: (
        f"AI와는 1명(솔로) 또는 {most}명이 플레이합니다 (규칙: 인간 플레이어 {most}명 vs 콘스탄틴 혹은 헬레나); 받은 값: {got}명"),
    "artisans_only": lambda what: (
        f"{_t(what[:-1])}은(는) 이 게임이 쓰지 않는 장인의 시대 확장에 있습니다: expansions에 \"age_of_artisans\"를 넣어 주세요"),
    "adornments_buildings": lambda adornments, buildings: (
        f"{_t('adornment')} {adornments}개, {_t('building')} {buildings}개: {_t('adornment')}은 각각 자기 "
        f"{_t('building')} 아래에 끼웁니다 (장인의 시대: {_t('building')} 1장에 {_t('adornment')} 1개만)"),
    "solo_market": lambda id: (
        f"{card_name('building', id, 'ko')}은(는) 솔로 게임에서 제거합니다 (솔로 규칙 게임 준비 2: 건물 카드 더미에서 "
        f"목재 시장, 석재 시장, 은 시장, 점토 시장, 이렇게 4장을 제거합니다)"),
    "not_entered": lambda field, name: (
        f"아무도 {name}의 {_entered_ko(field)}을(를) 아직 적지 않았습니다: 점수에 필요하며, 게임 준비 때의 값은 센 값이 아닙니다"),
    "card_key": lambda key: f"카드의 키인 {key!r}여야 합니다",
    "not_in_deck": lambda card: f"이 {_t('scheme_card')} 덱에 {card!r} 카드가 없습니다",
}


AotwkProblem.RENDERERS = {"en": ENGLISH, "ko": KOREAN}   # the shared shapes: FieldProblem's sentences
