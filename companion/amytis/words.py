"""The Amytis score's reasons as codes: ``AmytisReason(code, **params)`` is, as a ``str``,
the English sentence the Amytis contract has always carried; ``.render("ko")`` says it in
Korean. There is no Korean Amytis rulebook among our sources: the Korean is our
translation of seed 002's English (as ``label_ko``/``how_ko`` in ``favors.yaml``)."""

from __future__ import annotations

from typing import Callable

from companion.i18n.problem_words import ENGLISH as SHAPES_EN, KOREAN as SHAPES_KO, FieldProblem
from companion.i18n.problem_words import hint_en, hint_ko, kind_en, kind_ko
from companion.i18n.reasons import Coded, plural
from companion.i18n.sentences import N_, Context, Joined, Phrase, Plural


LIST = Context("list", ", ")
LINES = {"row": N_("row {n}"), "column": N_("column {n}")}
STACKS = Plural("{n} stack", "{n} stacks")
TILES = Plural("{n} tile", "{n} tiles")
STAIRCASES = Plural("{n} staircase", "{n} staircases")
NO_PROJECTS = N_("no validated Project card")
# the counted words (English plurals) are pieces; a translation may count with the bare numbers instead
EXACT_STACKS = N_("{stacks_said} of exactly {tiles_said} × {points}", leave_out={"stacks_said", "tiles_said"},
                  also={"stacks", "tiles"})


def _staircases(lines, points) -> Phrase:
    named = Phrase(N_(" ({lines})"), lines=Joined([Phrase(LINES[kind], n=n) for kind, n in lines], LIST))
    return Phrase(N_("{staircases}{lines} × {points}"), staircases=Phrase(STAIRCASES, n=len(lines)),
                  lines=named if lines else "", points=points)


class AmytisReason(Coded):
    """Why a part of an Amytis score is what it is."""

    SENTENCES = {
        "exact_stacks": lambda stacks, tiles, points: Phrase(
            EXACT_STACKS, stacks_said=Phrase(STACKS, n=stacks), tiles_said=Phrase(TILES, n=tiles),
            stacks=stacks, tiles=tiles, points=points),
        "staircases": _staircases,
        "corners": Plural("{corners} corner of {at_least}+ tiles × {points}",
                          "{corners} corners of {at_least}+ tiles × {points}", count="corners"),
        "projects_favor": Plural("{cards} validated Project card × {points}",
                                 "{cards} validated Project cards × {points}", count="cards"),
        "favor_track": Plural("{pawns} pawn on the pawn-count part", "{pawns} pawns on the pawn-count part",
                              count="pawns"),
        "track": N_("points scored during the game (Score board and Score Range area)"),
        "projects": lambda cards: Phrase(
            Plural("{n} validated Project card: {points}", "{n} validated Project cards: {points}"),
            n=len(cards), points=" + ".join(map(str, cards))) if cards else NO_PROJECTS,
    }


# -- the pad's refusals and notes (companion.amytis.pad) ------------------------------------

# A stack's place on the board: pad.stack_name's words ("top-left", "middle").
PLACES = {"top": Context("stack place", "top"), "middle": Context("stack place", "middle"),
          "bottom": Context("stack place", "bottom"), "left": Context("stack place", "left"),
          "right": Context("stack place", "right")}
PLACE_JOIN = Context("stack place", "-")   # top-left; Korean 위 왼쪽


def stack_words(stack: str, lang: str) -> str:
    """pad.stack_name's 'top-left' as a player says it in ``lang``."""
    return Joined([PLACES[part] for part in stack.split("-")], PLACE_JOIN).render(lang)


def _favor(favor_id: str, lang: str) -> tuple[str, str]:
    from companion.amytis.favors import rules
    favor = rules().favors.get(favor_id)
    return favor.words(lang) if favor else (favor_id, "")


# The numbers a tap carries, named as the pad's fields name them.
NUMBER_WHAT = {
    "row": ("The row", "줄"),
    "column": ("The column", "칸"),
    "project": ("A Project card's points", "프로젝트 카드의 점수"),
    "total": ("The total", "합계"),
    "range": ("The Score Range area", "점수 범위 칸"),
    "space": ("The Score board space", "점수판의 칸"),
}

REFUSALS_EN: dict[str, Callable[..., str]] = {
    "unknown_phase": lambda: "Unknown phase.",
    "choose_player": lambda: "Choose a player.",
    "whole_number": lambda what, low, high: f"{NUMBER_WHAT[what][0]} must be a whole number from {low} to {high}.",
    "one_tile": lambda: "A stack changes one tile at a time.",
    "stack_empty": lambda name, stack: f"{name}'s {stack} stack is already empty.",
    "no_tiles_left": lambda tiles: f"All {tiles} tiles in play are already on the two boards.",
    "unknown_favor": lambda: "Unknown favor.",
    "no_pawn_left": lambda name, pawns, favors, on_track: (
        f"{name} has placed all {pawns} pawns for favors ({plural(favors, 'favor')}, {on_track} on the pawn-count part)."),
    "favor_taken": lambda name: f"{name} already has a pawn on this favor: a favor space holds one pawn.",
    "one_pawn": lambda: "The pawn-count part changes one pawn at a time.",
    "no_track_pawn": lambda name: f"{name} has no pawn on the pawn-count part.",
    "track_full": lambda pawns: f"The pawn-count part holds at most {pawns} pawns.",
    "no_such_project": lambda name, points: f"{name} has no validated Project card worth {points}.",
    "track_limit": lambda limit: f"The score track reads at most {limit}.",
    "unknown_change": lambda: "Unknown change.",
    "unscorable": lambda problems: "That would make the game unscorable: " + "; ".join(problems),
}

REFUSALS_KO: dict[str, Callable[..., str]] = {
    "unknown_phase": lambda: "알 수 없는 단계입니다.",
    "choose_player": lambda: "플레이어를 고르세요.",
    "whole_number": lambda what, low, high: f"{NUMBER_WHAT[what][1]}은(는) {low}부터 {high}까지의 정수여야 합니다.",
    "one_tile": lambda: "더미는 타일 1개씩만 바뀝니다.",
    "stack_empty": lambda name, stack: f"{name}의 {stack_words(stack, 'ko')} 더미는 이미 비어 있습니다.",
    "no_tiles_left": lambda tiles: f"게임에 쓰는 타일 {tiles}개가 이미 모두 두 보드 위에 있습니다.",
    "unknown_favor": lambda: "알 수 없는 호의입니다.",
    "no_pawn_left": lambda name, pawns, favors, on_track: (
        f"{name}은(는) 호의에 놓을 폰 {pawns}개를 모두 놓았습니다 (호의 {favors}개, 폰 개수 칸 {on_track}개)."),
    "favor_taken": lambda name: f"{name}이(가) 이미 이 호의에 폰을 놓았습니다: 호의 칸에는 폰이 하나만 놓입니다.",
    "one_pawn": lambda: "폰 개수 칸은 폰 1개씩만 바뀝니다.",
    "no_track_pawn": lambda name: f"{name}은(는) 폰 개수 칸에 폰이 없습니다.",
    "track_full": lambda pawns: f"폰 개수 칸에는 폰을 최대 {pawns}개까지 놓습니다.",
    "no_such_project": lambda name, points: f"{name}에게 {points}점짜리 완성한 프로젝트 카드가 없습니다.",
    "track_limit": lambda limit: f"점수 트랙은 최대 {limit}점입니다.",
    "unknown_change": lambda: "알 수 없는 변경입니다.",
    # the problems are the score document's (field paths): shown as the reader gets them
    "unscorable": lambda problems: "그러면 점수를 셀 수 없습니다: " + "; ".join(problems),
}


class PadRefusal(Coded):
    """Why the Amytis pad refused a tap."""

    RENDERERS = {"en": REFUSALS_EN, "ko": REFUSALS_KO}


NOTES_EN: dict[str, Callable[..., str]] = {
    "game_over": lambda: "The game is over: these are the final scores.",
    "count_open": lambda: "The count is open again.",
    "stack": lambda name, stack, before, after: (
        f"{name}: {stack} stack {before} → {after} {'tile' if after == 1 else 'tiles'}"),
    "favor": lambda name, favor, claimed: (
        f"{name} {'placed a pawn on' if claimed else 'took the pawn off'} favor "
        f"{_favor(favor, 'en')[0]} ({_favor(favor, 'en')[1]})"),
    "favor_track": lambda name, pawns, points: f"{name}: {plural(pawns, 'pawn')} on the pawn-count part ({points} points)",
    "project_added": lambda name, points: f"{name}: validated Project card worth {points}",
    "project_removed": lambda name, points: f"{name}: removed the Project card worth {points}",
    "track_total": lambda name, total: f"{name}: {total} points on the score track (total)",
    "track_parts": lambda name, total, laps, space: (
        f"{name}: {total} points on the score track (Score Range area {laps} + Score board space {space})"),
}

NOTES_KO: dict[str, Callable[..., str]] = {
    "game_over": lambda: "게임 종료: 최종 점수입니다.",
    "count_open": lambda: "다시 셀 수 있습니다.",
    "stack": lambda name, stack, before, after: f"{name}: {stack_words(stack, 'ko')} 더미 타일 {before} → {after}개",
    "favor": lambda name, favor, claimed: (
        f"{name}: 호의 {_favor(favor, 'ko')[0]}({_favor(favor, 'ko')[1]})에 "
        + ("폰을 놓았습니다" if claimed else "놓은 폰을 뺐습니다")),
    "favor_track": lambda name, pawns, points: f"{name}: 폰 개수 칸의 폰 {pawns}개 ({points}점)",
    "project_added": lambda name, points: f"{name}: {points}점짜리 프로젝트 카드 완성",
    "project_removed": lambda name, points: f"{name}: {points}점짜리 프로젝트 카드 뺌",
    "track_total": lambda name, total: f"{name}: 점수 트랙 {total}점 (합계)",
    "track_parts": lambda name, total, laps, space: (
        f"{name}: 점수 트랙 {total}점 (점수 범위 칸 {laps} + 점수판의 칸 {space})"),
}


class PadNote(Coded):
    """What the Amytis pad says under a tap it recorded."""

    RENDERERS = {"en": NOTES_EN, "ko": NOTES_KO}


# What is wrong with an Amytis document, beyond the shapes every game's reader checks.
PROBLEMS_EN: dict[str, Callable[..., str]] = {
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
    "unknown_favor": lambda wrong, known, hint=None: f"unknown favor {wrong!r}{hint_en(hint)}; known: {known}",
    "favor_twice": lambda favor: f"{favor!r} is already listed: a player claims each favor at most once",
    "favor_taken": lambda favor, other: (
        f"{favor!r} is already {other}'s: a favor space holds one pawn (rulebook: 'an unoccupied space')"),
    "favor_pawns": lambda pawns, favors, on_track: (
        f"a player has {pawns} pawns for favors (got {favors} favors and {on_track} on the pawn-count part)"),
    "tiles_in_play": lambda held, most, first, second: (
        f"the two boards hold {held} tiles; the game has {most} ({first} + {second})"),
}

PROBLEMS_KO: dict[str, Callable[..., str]] = {
    "must_be_game": lambda game, got: f"{game!r}이어야 합니다 (받은 값: {got!r})",
    "exactly_players": lambda count, got: f"플레이어는 정확히 {count}명이어야 합니다: 2인용 게임입니다 (받은 값: {got}명)",
    "players_of": lambda count, got: f"플레이어 {count}명의 목록이어야 합니다 (받은 값: {kind_ko(got)})",
    "stacks": lambda size, got=None, rows=None: (
        f"더미 {size}개씩 {size}줄이어야 합니다 (받은 값: {kind_ko(got) if rows is None else f'{rows}줄'})"),
    "stack_row": lambda size, got=None, count=None: (
        f"더미 {size}개인 줄이어야 합니다 (받은 값: {kind_ko(got) if count is None else f'더미 {count}개'})"),
    "projects": lambda got: f"완성한 프로젝트 카드 점수의 목록이어야 합니다 (받은 값: {kind_ko(got)})",
    "favors": lambda got: f"호의 목록이어야 합니다 (받은 값: {kind_ko(got)})",
    "favor_name": lambda got: f"호의의 이름이어야 합니다 (받은 값: {kind_ko(got)})",
    "unknown_favor": lambda wrong, known, hint=None: f"알 수 없는 호의 {wrong!r}{hint_ko(hint)} (아는 호의: {known})",
    "favor_twice": lambda favor: f"{favor!r}은(는) 이미 있습니다: 플레이어는 각 호의를 한 번만 얻습니다",
    "favor_taken": lambda favor, other: (
        f"{favor!r}은(는) 이미 {other}의 것입니다: 호의 칸에는 폰이 하나만 놓입니다 (규칙: '비어 있는 칸')"),
    "favor_pawns": lambda pawns, favors, on_track: (
        f"플레이어의 호의용 폰은 {pawns}개입니다 (받은 값: 호의 {favors}개, 폰 개수 칸에 {on_track}개)"),
    "tiles_in_play": lambda held, most, first, second: (
        f"두 게임판에 타일이 {held}개 있습니다; 게임의 타일은 {most}개입니다 ({first} + {second})"),
}


class AmytisProblem(FieldProblem):
    """A problem with one field of an Amytis document: the shared shapes and the Amytis codes."""

    RENDERERS = {"en": {**SHAPES_EN, **PROBLEMS_EN}, "ko": {**SHAPES_KO, **PROBLEMS_KO}}
