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


def kind_ko(kind: str) -> str:
    return KINDS_KO.get(kind, kind)


def hint_en(hint: Any) -> str:
    return f"; did you mean {hint}?" if hint else ""


def hint_ko(hint: Any) -> str:
    return f" (혹시 {hint}?)" if hint else ""


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
    "unknown_field": lambda hint=None: "unknown field" + hint_en(hint),
    "not_valid": lambda: "is not valid here",
    "seat_or_bot": lambda got: f"must be a seat number or 'bot' (got {got})",
    "finite": lambda: "must be a finite number",
    "nul": lambda: "must not contain the NUL character",
    "surrogate": lambda: "must not contain a lone surrogate (not a character)",
    "field_name": lambda why: f"has a field name that is not plain text ({why})",
    "not_text": lambda: "not text",
    # the document as a whole
    "unknown_game": lambda got, hint=None, known="": (
        f"unknown game {got}" + (hint_en(hint) if hint else f"; known: {known}")),
    "too_many_values": lambda most: f"more than {most} values",
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
}

KOREAN: dict[str, Callable[..., str]] = {
    "required": lambda: "꼭 있어야 합니다",
    "required_stored": lambda: "저장된 게임에는 꼭 있어야 합니다",
    "whole": lambda got: f"정수여야 합니다 (받은 값: {kind_ko(got)})",
    "bool": lambda got: f"참 또는 거짓이어야 합니다 (받은 값: {kind_ko(got)})",
    "text": lambda got: f"글자여야 합니다 (받은 값: {kind_ko(got)})",
    "list": lambda got: f"목록이어야 합니다 (받은 값: {kind_ko(got)})",
    "object": lambda got: f"객체여야 합니다 (받은 값: {kind_ko(got)})",
    "object_or_null": lambda got: f"객체나 null이어야 합니다 (받은 값: {kind_ko(got)})",
    "between": lambda low, high, got: f"{low}에서 {high} 사이여야 합니다 (받은 값: {got})",
    "at_least": lambda low, got: f"{low} 이상이어야 합니다 (받은 값: {got})",
    "at_most": lambda high, got: f"{high} 이하여야 합니다 (받은 값: {got})",
    "chars": lambda limit, got: f"최대 {limit}자입니다 (받은 값: {got}자)",
    "items": lambda limit, got: f"최대 {limit}개입니다 (받은 값: {got}개)",
    "name_length": lambda limit, got: f"1자에서 {limit}자 사이여야 합니다 (받은 값: {got}자)",
    "one_of": lambda options, got: f"다음 중 하나여야 합니다: {options} (받은 값: {got})",
    "unknown_field": lambda hint=None: "알 수 없는 항목입니다" + hint_ko(hint),
    "not_valid": lambda: "여기에 올 수 없는 값입니다",
    "seat_or_bot": lambda got: f"자리 번호나 'bot'이어야 합니다 (받은 값: {got})",
    "finite": lambda: "유한한 숫자여야 합니다",
    "nul": lambda: "NUL 문자가 들어 있으면 안 됩니다",
    "surrogate": lambda: "짝이 없는 서로게이트(글자가 아닌 값)가 들어 있으면 안 됩니다",
    "field_name": lambda why: f"평범한 글자가 아닌 항목 이름이 있습니다 ({why})",
    "not_text": lambda: "글자가 아님",
    "too_many_values": lambda most: f"값이 {most}개를 넘습니다",
    "unknown_game": lambda got, hint=None, known="": (
        f"알 수 없는 게임: {got}" + (hint_ko(hint) if hint else f" (아는 게임: {known})")),
    "not_object": lambda got: f"JSON 객체여야 합니다 (받은 값: {kind_ko(got)})",
    "too_big": lambda mb: f"최대 {mb}MB입니다 (더 큰 파일을 받음)",
    "not_utf8": lambda: "올바른 JSON이 아닙니다 (UTF-8 글자 파일이 아님)",
    "not_json": lambda detail, line=None, column=None: (
        "올바른 JSON이 아닙니다" + (f" ({line}행 {column}열)" if line is not None else "")),
    "too_deep": lambda depth: f"{depth}단계보다 깊게 중첩되었습니다",
    "players_list": lambda: "플레이어가 한 명 이상인 목록이어야 합니다",
    "players_list_got": lambda got: f"플레이어 목록이어야 합니다 (받은 값: {kind_ko(got)})",
    "too_many_players": lambda limit, got, artisans_hint=False: (
        f"플레이어는 최대 {limit}명입니다{' (장인의 시대 확장으로는 6명)' if artisans_hint else ''} (받은 값: {got}명)"),
    "name_taken": lambda name, other: f"{name!r}은(는) 이미 {other}의 이름입니다; 이름은 서로 달라야 합니다",
    "bots_name": lambda name: f"{name!r}은(는) 봇의 이름입니다; 다른 이름을 고르세요",
}


class FieldProblem(Coded):
    """What is wrong with one field of a document: the shapes every game's reader checks. A game
    adds its own codes in a subclass (``companion.aotwk.i18n.problem_words``, ``companion.amytis.words``)."""

    RENDERERS = {"en": ENGLISH, "ko": KOREAN}
