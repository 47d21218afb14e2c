"""The Amytis score's reasons as codes: ``AmytisReason(code, **params)`` is, as a ``str``,
the English sentence the Amytis contract has always carried; ``.render("ko")`` says it in
Korean. There is no Korean Amytis rulebook among our sources: the Korean is our
translation of seed 002's English (as ``label_ko``/``how_ko`` in ``favors.yaml``)."""

from __future__ import annotations

from typing import Callable

from companion.i18n.reasons import Coded


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


_LINE_KO = {"row": "가로줄", "column": "세로줄"}

ENGLISH: dict[str, Callable[..., str]] = {
    "exact_stacks": lambda stacks, tiles, points: (
        f"{_plural(stacks, 'stack')} of exactly {_plural(tiles, 'tile')} × {points}"),
    "staircases": lambda lines, points: (
        f"{_plural(len(lines), 'staircase')}"
        + (f" ({', '.join(f'{kind} {n}' for kind, n in lines)})" if lines else "") + f" × {points}"),
    "corners": lambda corners, at_least, points: f"{_plural(corners, 'corner')} of {at_least}+ tiles × {points}",
    "projects_favor": lambda cards, points: f"{_plural(cards, 'validated Project card')} × {points}",
    "favor_track": lambda pawns: f"{_plural(pawns, 'pawn')} on the pawn-count part",
    "track": lambda: "points scored during the game (Score board and Score Range area)",
    "projects": lambda cards: (f"{_plural(len(cards), 'validated Project card')}: {' + '.join(map(str, cards))}"
                               if cards else "no validated Project card"),
}

KOREAN: dict[str, Callable[..., str]] = {
    "exact_stacks": lambda stacks, tiles, points: f"정확히 {tiles}타일인 더미 {stacks}개 × {points}",
    "staircases": lambda lines, points: (
        f"계단 {len(lines)}개"
        + (f" ({', '.join(f'{_LINE_KO.get(kind, kind)} {n}' for kind, n in lines)})" if lines else "")
        + f" × {points}"),
    "corners": lambda corners, at_least, points: f"{at_least}타일 이상인 모서리 {corners}개 × {points}",
    "projects_favor": lambda cards, points: f"완성한 프로젝트 카드 {cards}장 × {points}",
    "favor_track": lambda pawns: f"폰 개수 칸의 폰 {pawns}개",
    "track": lambda: "게임 중 얻은 점수 (점수판과 점수 범위 칸)",
    "projects": lambda cards: (f"완성한 프로젝트 카드 {len(cards)}장: {' + '.join(map(str, cards))}"
                               if cards else "완성한 프로젝트 카드 없음"),
}


class AmytisReason(Coded):
    """Why a part of an Amytis score is what it is."""

    RENDERERS = {"en": ENGLISH, "ko": KOREAN}
