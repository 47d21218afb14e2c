"""Facts the table tracker reads: the card catalogue plus the few printed rules
it keeps in ``rules.yaml`` (board abilities, action prices, Black Market spaces).
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any, Mapping

import yaml

from companion import catalogue

RESOURCES = catalogue.RESOURCES
SKILLS = catalogue.SKILLS
BOT = "bot"


def cat() -> catalogue.Catalogue:
    return catalogue.load()


@cache
def rules() -> Mapping[str, Any]:
    text = resources.files(__package__).joinpath("rules.yaml").read_text(encoding="utf-8")
    return MappingProxyType(yaml.safe_load(text))


@cache
def black_market_spaces() -> Mapping[str, Mapping[str, int]]:
    """Space name -> what placing there costs, e.g. {"silver": 1, "virtue": 1}.

    Read from the catalogue's tables.yaml, which the Catalogue object does not expose yet.
    """
    text = resources.files("companion.catalogue").joinpath("data", "tables.yaml").read_text(encoding="utf-8")
    spaces = yaml.safe_load(text)["black_market"]["spaces"]
    return MappingProxyType({s["space"]: MappingProxyType(s["pay"]) for s in spaces})


def board_abilities(board_id: str | None) -> tuple[Mapping[str, Any], ...]:
    return tuple(rules()["board_abilities"].get(board_id, ())) if board_id else ()


def unknown_card_message(kind: str, wrong: object) -> str:
    """"unknown building 'kepe'; did you mean keep?" for a card, board or opponent id."""
    hints = cat().closest(kind, str(wrong))
    return f"unknown {kind} {wrong!r}" + (f"; did you mean {', '.join(hints)}?" if hints else "")


# -- Cathedral costs --------------------------------------------------------------

_COST_PART = re.compile(r"^\s*(\d+)\s+([a-z/]+)")


@cache
def cathedral_cost(level: int) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The cost of reaching a Cathedral level as (amount, resources) parts; a part
    naming several resources ("4 stone/wood in any mix") may be paid in any mix."""
    text = cat().cathedral_costs[level]
    if not text:
        return ()
    parts = []
    for piece in text.split("+"):
        match = _COST_PART.match(piece)
        if not match:
            raise ValueError(f"cannot read Cathedral cost {text!r}")
        names = tuple(match.group(2).split("/"))
        if not set(names) <= set(RESOURCES):
            raise ValueError(f"unknown resource in Cathedral cost {text!r}")
        parts.append((int(match.group(1)), names))
    return tuple(parts)


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
