"""The Guildhall: placements, the resets it triggers and the end of the game.
Every function mutates the state it is given."""

from __future__ import annotations

from companion.aotwk.rules.codes import Note

from .actors import Who, everyone, is_bot, actor, name
from .black_market import black_market_reset
from .data import cat
from .errors import MoveError, Refusal
from .turns import OVER, check_may_place, start_final_round


def counts_bot(state: dict) -> bool:
    """Whether the bot counts as a player for player-count rules: always in solo;
    with 2 humans, unless the table chose the regular 2-player reading at setup."""
    return bool(state.get("bot")) and state.get("table", {}).get("bot_counts_as_player", True)


def parties(state: dict) -> int:
    """How many players the player-count rules see: the humans plus the bot. Solo Play
    sets up 'as you would for a 2 player game' (1 human + the bot), so the bot counts
    as a player; with 2 humans and a bot that makes 3 on our reading (the '2P vs Bot'
    card is not available), or 2 when the table chose the regular 2-player reading."""
    return len(everyone(state)) - (0 if counts_bot(state) or not state.get("bot") else 1)


def layout(state: dict):
    return cat().guildhall(parties(state))


def place_in_guildhall(state: dict, who: Who, action: str, *, extra: bool = False) -> list[str]:
    """Place a worker in the Guildhall for ``action`` (e.g. "Keep", "Cathedral level 2").
    Call it after the action has resolved: a placement on a Black Market Reset space
    runs the reset here (Rulebook: 'the action that caused it should first be
    resolved'), and the last space starts the final round. In the final round the
    worker goes beside the Guildhall and triggers nothing. The bot's placements also
    count in ``bot["guildhall_workers"]`` (its score). ``extra`` marks a Crane's
    extra placement, allowed within the same turn."""
    if not extra:
        check_may_place(state, who)
    elif state["phase"] in OVER:
        raise MoveError(None, Refusal("game_over_placement"))
    table = state["table"]
    if table.get("extra_placement") not in (None, who):
        table["extra_placement"] = None   # another's placement: the Crane's turn is over, its extra unused
    if is_bot(who):
        actor(state, who)["guildhall_workers"] += 1
    if state["phase"] == "final_round":
        table["beside_guildhall"].append(who)
        return [Note("beside_guildhall", who=name(state, who), action=action)]
    hall = layout(state)
    table["guildhall_workers"] += 1
    table["guildhall"].append(who)
    space = table["guildhall_workers"]
    notes = [Note("guildhall_space", who=name(state, who), space=space, capacity=hall.capacity, action=action)]
    if space in hall.reset_at:
        notes += black_market_reset(state, reason=Note("why_guildhall_space", space=space))
    if "age_of_artisans" in state.get("expansions", ()) and space in hall.apprentice_reset_at:
        notes.append(Note("apprentice_reset", space=space))
    if space >= hall.capacity:
        notes += start_final_round(state, who)
    return notes


def grant_extra_placement(state: dict, who: Who, source: str) -> list[str]:
    """Crane: one more Guildhall placement this turn (build or advance with ``extra``)."""
    state["table"]["extra_placement"] = who
    return [Note("extra_placement", who=name(state, who), source=source)]


def claim_extra_placement(state: dict, who: Who) -> None:
    if state["table"].get("extra_placement") != who:
        raise MoveError("extra", Refusal("no_extra_placement", name=name(state, who)))
    state["table"]["extra_placement"] = None


def claim_placement(state: dict, who: Who, extra: bool = False) -> None:
    """The right to a build's or a Cathedral advance's Guildhall placement: the turn's, or a Crane's
    extra one (card: 'place one more worker in the Guildhall to construct another building or advance
    the Cathedral'). The next such placement of whoever holds one is that extra placement, said
    ``extra`` or not (the Build panel's one tap does not say it): it is used, and the chip goes."""
    if not extra:
        check_may_place(state, who)
    if extra or state["table"].get("extra_placement") == who:
        claim_extra_placement(state, who)
