"""A document's problems, as codes: ``FieldProblem(code, **params)``, both games.

The document readers (``companion.problems.Reader``, ``companion.aotwk.rules.schema`` and
``document``, ``companion.amytis.document``) name what is wrong with a field. The
message is a ``str`` whose value is the English the ``companion score`` contract
prints (unchanged); the import page says ``.render("ko")`` beside the field's path.
Parameters are numbers, ids and values as the document gave them; ``got`` for a
wrong type is a kind key (``companion.problems.kind_key``), said in each language.
"""

from __future__ import annotations

from typing import Any, Callable

from companion.i18n.reasons import Coded

KINDS_EN = {"null": "null", "bool": "true/false", "number": "a number", "text": "text",
            "list": "a list", "object": "an object"}
KINDS_KO = {"null": "null", "bool": "참/거짓", "number": "숫자", "text": "글자",
            "list": "목록", "object": "객체"}


def kind_en(kind: str) -> str:
    return KINDS_EN.get(kind, kind)


def _k(kind: str) -> str:
    return KINDS_KO.get(kind, kind)


def _hint_en(hint: Any) -> str:
    return f"; did you mean {hint}?" if hint else ""


def _hint_ko(hint: Any) -> str:
    return f" (혹시 {hint}?)" if hint else ""


def _card(kind: str, id: str, lang: str) -> str:
    from companion.i18n import card_name
    return card_name(kind, id, lang)


def _category(key: str) -> str:
    from companion.i18n import category_label
    return category_label(key, "ko")


def _t(key: str) -> str:
    from companion.i18n import term
    return term(key, "ko")


CARD_KO = {"building": "건물", "apprentice": "수습생", "board": "개인 게임판", "player board": "개인 게임판",
           "Black Market space": "암시장 칸"}

ENGLISH: dict[str, Callable[..., str]] = {
    # the shape of any field
    "required": lambda: "is required",
    "required_stored": lambda: "is required on a stored game",
    "whole": lambda got: f"must be a whole number (got {kind_en(got)})",
    "bool": lambda got: f"must be true or false (got {kind_en(got)})",
    "text": lambda got: f"must be text (got {kind_en(got)})",
    "list": lambda got: f"must be a list (got {kind_en(got)})",
    "object": lambda got: f"must be an object (got {kind_en(got)})",
    "object_or_null": lambda got: f"must be an object or null (got {kind_en(got)})",
    "between": lambda low, high, got: f"must be between {low} and {high} (got {got})",
    "at_least": lambda low, got: f"must be at least {low} (got {got})",
    "at_most": lambda high, got: f"must be at most {high} (got {got})",
    "chars": lambda limit, got: f"at most {limit} characters (got {got})",
    "items": lambda limit, got: f"at most {limit} items (got {got})",
    "name_length": lambda limit, got: f"must be 1 to {limit} characters (got {got})",
    "one_of": lambda options, got: f"must be one of {options} (got {got})",
    "unknown_field": lambda hint=None: "unknown field" + _hint_en(hint),
    "not_valid": lambda: "is not valid here",
    "seat_or_bot": lambda got: f"must be a seat number or 'bot' (got {got})",
    "finite": lambda: "must be a finite number",
    # the document as a whole
    "not_object": lambda got: f"must be a JSON object (got {kind_en(got)})",
    "too_big": lambda mb: f"at most {mb} MB (got a larger file)",
    "not_utf8": lambda: "not valid JSON (the file is not UTF-8 text)",
    "not_json": lambda detail, line=None, column=None: (
        f"not valid JSON: {detail}" + (f" at line {line} column {column}" if line is not None else "")),
    "too_deep": lambda depth: f"nested more than {depth} levels deep",
    # players
    "players_list": lambda: "must be a list of at least one player",
    "players_list_got": lambda got: f"must be a list of players (got {kind_en(got)})",
    "too_many_players": lambda limit, got, artisans_hint=False: (
        f"at most {limit} players{' (6 with age_of_artisans)' if artisans_hint else ''} (got {got})"),
    "name_taken": lambda name, other: f"{name!r} is already the name of {other}; names must be unique",
    "bots_name": lambda name: f"{name!r} is the bot's name; choose another",
    # AotWK's catalogue
    "unknown_card": lambda kind, wrong, hints=(): (
        f"unknown {kind} {wrong}" + (f"; did you mean {', '.join(hints)}?" if hints else "")),
    "unknown_expansion": lambda wrong, known: f"unknown expansion {wrong}; known: {known}",
    "not_this_game": lambda got: f"this is not a game of Architects of the West Kingdom (got {got!r})",
    "id_or_object": lambda got: f'must be an id or an object with "id" (got {kind_en(got)})',
    "card_taken": lambda kind, id, owner: (
        f"{_card(kind, id, 'en')} ({id}) is already listed for {owner}; the game has one such card"),
    "vp_whole": lambda got: f"must be a whole number >= 0 (got {got})",
    "vp_unknown": lambda id: (f"the printed VP of {_card('building', id, 'en')} is not in our sources; give it as "
                              f'{{"id": "{id}", "vp": N}}'),
    "skills_list": lambda skills: f"must be a list drawn from {', '.join(skills)}",
    "skills_unknown": lambda id: (
        f"the skills of {_card('apprentice', id, 'en')} are not in our sources and a building counts them; "
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
    # Amytis
    "must_be_game": lambda game, got: f"must be {game!r} (got {got!r})",
    "exactly_players": lambda count, got: f"must be exactly {count} players: the game is for two (got {got})",
    "players_of": lambda count, got: f"must be a list of {count} players (got {kind_en(got)})",
    "stacks": lambda size, got=None, rows=None: (
        f"must be {size} rows of {size} stacks (got {kind_en(got) if rows is None else f'{rows} rows'})"),
    "stack_row": lambda size, got=None, count=None: (
        f"must be a row of {size} stacks (got {kind_en(got) if count is None else f'{count} stacks'})"),
    "projects": lambda got: f"must be a list of the validated Project cards' points (got {kind_en(got)})",
    "favors": lambda got: f"must be a list of favors (got {kind_en(got)})",
    "favor_name": lambda got: f"must be a favor's name (got {kind_en(got)})",
    "unknown_favor": lambda wrong, known, hint=None: f"unknown favor {wrong!r}{_hint_en(hint)}; known: {known}",
    "favor_twice": lambda favor: f"{favor!r} is already listed: a player claims each favor at most once",
    "favor_pawns": lambda pawns, favors, on_track: (
        f"a player has {pawns} pawns for favors (got {favors} favors and {on_track} on the pawn-count part)"),
    "tiles_in_play": lambda held, most, first, second: (
        f"the two boards hold {held} tiles; the game has {most} ({first} + {second})"),
}

KOREAN: dict[str, Callable[..., str]] = {
    "required": lambda: "꼭 있어야 합니다",
    "required_stored": lambda: "저장된 게임에는 꼭 있어야 합니다",
    "whole": lambda got: f"정수여야 합니다 (받은 값: {_k(got)})",
    "bool": lambda got: f"참 또는 거짓이어야 합니다 (받은 값: {_k(got)})",
    "text": lambda got: f"글자여야 합니다 (받은 값: {_k(got)})",
    "list": lambda got: f"목록이어야 합니다 (받은 값: {_k(got)})",
    "object": lambda got: f"객체여야 합니다 (받은 값: {_k(got)})",
    "object_or_null": lambda got: f"객체나 null이어야 합니다 (받은 값: {_k(got)})",
    "between": lambda low, high, got: f"{low}에서 {high} 사이여야 합니다 (받은 값: {got})",
    "at_least": lambda low, got: f"{low} 이상이어야 합니다 (받은 값: {got})",
    "at_most": lambda high, got: f"{high} 이하여야 합니다 (받은 값: {got})",
    "chars": lambda limit, got: f"최대 {limit}자입니다 (받은 값: {got}자)",
    "items": lambda limit, got: f"최대 {limit}개입니다 (받은 값: {got}개)",
    "name_length": lambda limit, got: f"1자에서 {limit}자 사이여야 합니다 (받은 값: {got}자)",
    "one_of": lambda options, got: f"다음 중 하나여야 합니다: {options} (받은 값: {got})",
    "unknown_field": lambda hint=None: "알 수 없는 항목입니다" + _hint_ko(hint),
    "not_valid": lambda: "여기에 올 수 없는 값입니다",
    "seat_or_bot": lambda got: f"자리 번호나 'bot'이어야 합니다 (받은 값: {got})",
    "finite": lambda: "유한한 숫자여야 합니다",
    "not_object": lambda got: f"JSON 객체여야 합니다 (받은 값: {_k(got)})",
    "too_big": lambda mb: f"최대 {mb}MB입니다 (더 큰 파일을 받음)",
    "not_utf8": lambda: "올바른 JSON이 아닙니다 (UTF-8 글자 파일이 아님)",
    "not_json": lambda detail, line=None, column=None: (
        "올바른 JSON이 아닙니다" + (f" ({line}행 {column}열)" if line is not None else "")),
    "too_deep": lambda depth: f"{depth}단계보다 깊게 중첩되었습니다",
    "players_list": lambda: "플레이어가 한 명 이상인 목록이어야 합니다",
    "players_list_got": lambda got: f"플레이어 목록이어야 합니다 (받은 값: {_k(got)})",
    "too_many_players": lambda limit, got, artisans_hint=False: (
        f"플레이어는 최대 {limit}명입니다{' (장인의 시대 확장으로는 6명)' if artisans_hint else ''} (받은 값: {got}명)"),
    "name_taken": lambda name, other: f"{name!r}은(는) 이미 {other}의 이름입니다; 이름은 서로 달라야 합니다",
    "bots_name": lambda name: f"{name!r}은(는) 봇의 이름입니다; 다른 이름을 고르세요",
    "unknown_card": lambda kind, wrong, hints=(): (
        f"알 수 없는 {CARD_KO.get(kind, kind)}: {wrong}" + _hint_ko(", ".join(hints))),
    "unknown_expansion": lambda wrong, known: f"알 수 없는 확장: {wrong} (아는 확장: {known})",
    "not_this_game": lambda got: f"서부 왕국의 건축가 게임이 아닙니다 (받은 값: {got!r})",
    "id_or_object": lambda got: f'id이거나 "id"가 있는 객체여야 합니다 (받은 값: {_k(got)})',
    "card_taken": lambda kind, id, owner: (
        f"{_card(kind, id, 'ko')}({id})은(는) 이미 {owner}에게 있습니다; 게임에 이 카드는 한 장뿐입니다"),
    "vp_whole": lambda got: f"0 이상의 정수여야 합니다 (받은 값: {got})",
    "vp_unknown": lambda id: (f"{_card('building', id, 'ko')}의 인쇄된 승점을 우리 자료에서 찾을 수 없습니다; "
                              f'{{"id": "{id}", "vp": N}}처럼 적어 주세요'),
    "skills_list": lambda skills: (
        f"다음 {_t('skill')} 중에서 고른 목록이어야 합니다: {', '.join(f'{_t(s)}({s})' for s in skills)}"),
    "skills_unknown": lambda id: (
        f"{_card('apprentice', id, 'ko')}의 {_t('skill')}을 우리 자료에서 찾을 수 없는데 건물이 그것을 셉니다; "
        f'{{"id": "{id}", "skills": [...]}}처럼 적어 주세요'),
    "apprentice_limit": lambda limit, got: f"{_t('apprentice')}은 최대 {limit}명까지 둘 수 있습니다 (받은 값: {got}명)",
    "adornment_vp": lambda got: f"인쇄된 승점, 0 이상의 정수여야 합니다 (받은 값: {got})",
    "overrides": lambda got: f"항목별 합계의 객체여야 합니다 (받은 값: {_k(got)})",
    "unknown_category": lambda categories, hint=None: (
        f"알 수 없는 항목입니다{_hint_ko(hint)}; 항목: {', '.join(f'{_category(c)}({c})' for c in categories)}"),
    "tools_unknown": lambda count: (f"{_t('tool')} {count}개의 승점을 우리 자료에서 찾을 수 없습니다; "
                                    "플레이어 도움말의 값을 overrides.tools로 적어 주세요"),
    "no_seat": lambda got: f"{got}번 자리에 플레이어가 없습니다",
    "mode_and_bot": lambda bot, mode: f"봇이 {'있는' if bot else '없는'} 게임은 {mode!r}일 수 없습니다",
    "must_be_game": lambda game, got: f"{game!r}이어야 합니다 (받은 값: {got!r})",
    "exactly_players": lambda count, got: f"플레이어는 정확히 {count}명이어야 합니다: 2인용 게임입니다 (받은 값: {got}명)",
    "players_of": lambda count, got: f"플레이어 {count}명의 목록이어야 합니다 (받은 값: {_k(got)})",
    "stacks": lambda size, got=None, rows=None: (
        f"더미 {size}개씩 {size}줄이어야 합니다 (받은 값: {_k(got) if rows is None else f'{rows}줄'})"),
    "stack_row": lambda size, got=None, count=None: (
        f"더미 {size}개인 줄이어야 합니다 (받은 값: {_k(got) if count is None else f'더미 {count}개'})"),
    "projects": lambda got: f"완성한 프로젝트 카드 점수의 목록이어야 합니다 (받은 값: {_k(got)})",
    "favors": lambda got: f"호의 목록이어야 합니다 (받은 값: {_k(got)})",
    "favor_name": lambda got: f"호의의 이름이어야 합니다 (받은 값: {_k(got)})",
    "unknown_favor": lambda wrong, known, hint=None: f"알 수 없는 호의 {wrong!r}{_hint_ko(hint)} (아는 호의: {known})",
    "favor_twice": lambda favor: f"{favor!r}은(는) 이미 있습니다: 플레이어는 각 호의를 한 번만 얻습니다",
    "favor_pawns": lambda pawns, favors, on_track: (
        f"플레이어의 호의용 폰은 {pawns}개입니다 (받은 값: 호의 {favors}개, 폰 개수 칸에 {on_track}개)"),
    "tiles_in_play": lambda held, most, first, second: (
        f"두 게임판에 타일이 {held}개 있습니다; 게임의 타일은 {most}개입니다 ({first} + {second})"),
}


class FieldProblem(Coded):
    """What is wrong with one field of a document."""

    RENDERERS = {"en": ENGLISH, "ko": KOREAN}
