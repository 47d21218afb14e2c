"""Advancing work on the Cathedral. Every function mutates the state it is given."""

from __future__ import annotations

from typing import Mapping

from companion.aotwk.rules.codes import Note

from .actors import Who, abilities, actor, construction_discount, everyone, holds, is_bot, name, pay
from .data import cat, reward_copies, reward_types, rules
from .errors import MoveError, Refusal
from .guildhall import claim_placement, place_in_guildhall
from .track import gain_items

EMPTY_PILE = "empty"


def cathedral_closed(state: dict, who: Who) -> bool:
    """Rulebook, Virtue Track: 'Once players have 4 or less Virtue, they can no longer
    work on the Cathedral' (Solo Play: the bot 'Can always advance work on the Cathedral')."""
    return not is_bot(who) and actor(state, who)["virtue"] <= cat().cathedral_closed_at


def occupants(state: dict, level: int, *, besides: Who | None = None) -> list[Who]:
    return [who for who in everyone(state) if who != besides and actor(state, who)["cathedral"] == level]


def free_spaces(state: dict, level: int, *, besides: Who | None = None) -> int | None:
    """Free spaces on a Cathedral level counting every player and the bot (None: unlimited)."""
    spaces = cat().cathedral_spaces[level]
    return None if spaces is None else spaces - len(occupants(state, level, besides=besides))


def why_cannot_advance(state: dict, who: Who) -> str | None:
    """The reason an actor may not advance now, or None."""
    record = actor(state, who)
    if record["cathedral"] >= cat().cathedral_top:
        return Refusal("cathedral_finished", name=name(state, who), top=cat().cathedral_top)
    if cathedral_closed(state, who):
        return Refusal("cathedral_closed", name=name(state, who), virtue=record["virtue"], at=cat().cathedral_closed_at)
    return _why_level_full(state, record["cathedral"] + 1, who)


def _why_level_full(state: dict, level: int, who: Who) -> str | None:
    """Rulebook, Cathedral: 'Players can only advance their work on the Cathedral if there is an available space.'"""
    if free_spaces(state, level, besides=who) == 0:
        taken = [name(state, other) for other in occupants(state, level, besides=who)]
        return Refusal("level_full", level=level, taken=taken)
    return None


def advance_cathedral(state: dict, who: Who, *, reward: str | None = None,
                      mix: Mapping[str, int] | None = None, extra: bool = False, place: bool = True) -> list[str]:
    """Rulebook, Advancing Work on the Cathedral: pay the next level's cost, discard a
    building card (Frederick: none), move up one level, gain the revealed Reward Card
    (none left: 1 Virtue), plus any Acolyte reward; the worker goes to the Guildhall.
    ``reward`` is the revealed card's id (see ``reward_types``); ``mix`` says how much
    of a mixed cost ("4 stone/wood in any mix") is paid with which resource.

    ``place=False`` is a free advance a card grants (the solo bot's scheme cards): the
    marker moves up one level where there is a free space, and nothing else happens -
    no worker placed, no cost, no Building card, no Reward card."""
    if not place:
        if extra or reward is not None or mix is not None:
            raise MoveError(None, Refusal("free_advance_only"))
        return _advance_marker(state, who)
    claim_placement(state, who, extra)
    reason = why_cannot_advance(state, who)
    if reason:
        raise MoveError("player", reason)
    record = actor(state, who)
    level = record["cathedral"] + 1
    items, card = draw_reward(state, reward)
    notes = [] if is_bot(who) else _pay_level(state, who, level, mix)
    record["cathedral"] = level
    notes.append(Note("advances", who=name(state, who), level=level))
    if not is_bot(who) and not any(abilities(state, who, "cathedral_no_discard")):
        notes.append(Note("discard_from_hand", who=name(state, who), items=dict(rules()["cathedral_discard"])))
    notes += gain_items(state, who, items, card)
    for source, ability in abilities(state, who, "acolyte_reward"):
        notes += gain_items(state, who, ability["gain"], source)
    return notes + place_in_guildhall(state, who, Note("why_cathedral_level", level=level), extra=extra)


def _advance_marker(state: dict, who: Who) -> list[str]:
    reason = why_cannot_advance(state, who)
    if reason:
        raise MoveError("player", reason)
    record = actor(state, who)
    record["cathedral"] += 1
    return [Note("advances_free", who=name(state, who), level=record["cathedral"])]


def _pay_level(state: dict, who: Who, level: int, mix: Mapping[str, int] | None) -> list[str]:
    cost = level_cost(state, who, level, mix)
    notes = construction_discount(state, who, cost)
    return notes + pay(state, who, cost, Note("why_cathedral_level", level=level))


def rewards_in_pile(state: dict) -> dict[str, Mapping[str, int]]:
    """The Reward Cards that may still be revealed: card id -> gain, a card only while some of
    its copies are undrawn. Rulebook, Advancing Work on the Cathedral: 'Once resolved, Reward
    Cards are removed from play' (the box has one '1 gold, 1 virtue' card, two of each other).
    Empty when the pile is."""
    table = state["table"]
    if table["reward_cards_left"] <= 0:
        return {}
    drawn = table["rewards_drawn"]
    return {key: items for key, items in reward_types().items() if drawn.count(key) < reward_copies(key)}


def draw_reward(state: dict, reward: str | None) -> tuple[Mapping[str, int], str]:
    """The revealed Reward Card's gain. 'If there are no Reward Cards left in the
    pile, players just gain 1 Virtue.' A card is refused once all its copies are out."""
    table = state["table"]
    if table["reward_cards_left"] <= 0:
        if reward not in (None, "", EMPTY_PILE):
            raise MoveError("reward", Refusal("reward_pile_empty", gain=dict(cat().reward_when_empty)))
        return cat().reward_when_empty, Note("why", key="empty_reward_pile")
    types, in_pile = reward_types(), rewards_in_pile(state)
    if reward not in types:
        raise MoveError("reward", Refusal("which_reward", rewards=[dict(items) for items in in_pile.values()]))
    if reward not in in_pile:
        raise MoveError("reward", Refusal("reward_all_drawn", reward=dict(types[reward])))
    table["reward_cards_left"] -= 1
    table["rewards_drawn"].append(reward)
    return types[reward], Note("why", key="reward_card")


def level_cost(state: dict, who: Who, level: int, mix: Mapping[str, int] | None) -> dict[str, int]:
    """The resources a level costs. A mixed part is paid as ``mix`` says; what it leaves
    open is taken in the printed order from what the player holds (any shortfall is
    charged to the first open resource, so the message names it)."""
    cost: dict[str, int] = {}
    mix = dict(mix or {})
    record = actor(state, who)
    for part in cat().cathedral_costs[level]:
        amount, names = part.amount, part.resources
        if len(names) == 1:
            cost[names[0]] = cost.get(names[0], 0) + amount
            continue
        chosen = {item: mix.pop(item) for item in names if item in mix}
        if any(value < 0 for value in chosen.values()) or sum(chosen.values()) > amount:
            raise MoveError(next(iter(chosen)), Refusal("level_mix", level=level, amount=amount, items=list(names)))
        left = amount - sum(chosen.values())
        open_items = [item for item in names if item not in chosen]
        if left and not open_items:
            raise MoveError(next(iter(chosen)), Refusal("level_mix", level=level, amount=amount, items=list(names)))
        for item in open_items:
            chosen[item] = min(left, record[item] if holds(state, who, item) else 0)
            left -= chosen[item]
        if left:
            chosen[open_items[0]] += left
        for item, value in chosen.items():
            cost[item] = cost.get(item, 0) + value
    return cost


def set_cathedral_level(state: dict, who: Who, level: int) -> list[str]:
    """Correction: put a marker on a level without costs or rewards, still within the spaces."""
    if not 0 <= level <= cat().cathedral_top:
        raise MoveError("level", Refusal("cathedral_levels", top=cat().cathedral_top))
    record = actor(state, who)
    if level != record["cathedral"]:
        full = _why_level_full(state, level, who)
        if full:
            raise MoveError("level", full)
    before, record["cathedral"] = record["cathedral"], level
    return [Note("cathedral_correction", who=name(state, who), before=before, level=level)]
