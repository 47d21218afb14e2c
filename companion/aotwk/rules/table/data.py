"""Facts the table tracker reads: the card catalogue (cards, boards and their
abilities, tracks, Black Market spaces, Cathedral costs) plus the action prices it
keeps in ``rules.yaml``.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any, Mapping

import yaml

from companion.aotwk import catalogue
from companion.aotwk.rules.codes import Refusal

RESOURCES = catalogue.RESOURCES
SKILLS = catalogue.SKILLS
BOT = "bot"


def cat() -> catalogue.Catalogue:
    return catalogue.load()


@cache
def rules() -> Mapping[str, Any]:
    text = resources.files(__package__).joinpath("rules.yaml").read_text(encoding="utf-8")
    return MappingProxyType(yaml.safe_load(text))


def unknown_card_message(kind: str, wrong: object) -> str:
    """"unknown building 'kepe'; did you mean keep?" for a card, board or opponent id."""
    return Refusal("unknown_card", kind=kind, wrong=wrong, hints=list(cat().closest(kind, str(wrong))))


# -- Reward cards -------------------------------------------------------------------

def items_key(items: Mapping[str, int]) -> str:
    """A stable id for a bundle of items: {"silver": 3, "virtue": 1} -> "silver3_virtue1"."""
    return "_".join(f"{name}{amount}" for name, amount in items.items())


def describe(items: Mapping[str, int]) -> str:
    """{"silver": 3, "virtue": 1} -> "3 silver, 1 virtue"."""
    return ", ".join(f"{amount} {name.replace('_', ' ')}" for name, amount in items.items())


@cache
def reward_types() -> Mapping[str, Mapping[str, int]]:
    """Reward card id -> gain, one entry per different card in the box."""
    return MappingProxyType({items_key(card): card for card in cat().reward_cards})


def reward_copies(key: str) -> int:
    return sum(1 for card in cat().reward_cards if items_key(card) == key)
