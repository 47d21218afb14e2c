"""Printed names from the catalogue in the reader's language: a card's, the bot's."""

from __future__ import annotations

from typing import Any

from companion.aotwk.catalogue import load


def opponent_name(name: str, lang: str) -> str:
    """The bot's name in ``lang``, from its id or its English name: the Korean rulebook's
    콘스탄틴 and 헬레나 (seed 001, 1인 게임 규칙 4). Any other name is returned as it is."""
    for opponent in load().opponents.values():
        if name in (opponent.id, opponent.name_en):
            return opponent.name(lang)
    return name


def card_name(kind: str, card_id: Any, lang: str) -> str:
    """A building's, board's or bot's printed name by its id (any other kind: an apprentice's),
    the Korean edition's where the catalogue has it. An id the catalogue does not know is
    returned as it is (as text when it is not a string)."""
    if not isinstance(card_id, str):
        return str(card_id)
    cards = load()
    pool = {"building": cards.buildings, "board": cards.boards, "opponent": cards.opponents}.get(kind, cards.apprentices)
    card = pool.get(card_id)
    if card is None:
        return card_id
    return card.name(lang)
