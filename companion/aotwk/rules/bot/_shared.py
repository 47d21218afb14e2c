"""The one place the bot calls the table tracker (``companion.aotwk.rules.table``).

Every effect the bot shares with the humans goes through the table's functions,
which mutate the state they are given and return notes. This module only says
"the bot" (``who="bot"``) and keeps the bot's worker places in step with the
counts the table keeps (``prisoners``, ``guildhall_workers``, the Black Market's
occupants).
"""

from __future__ import annotations

from companion.aotwk.rules import table
from companion.aotwk.rules.table import cathedral, turns
from companion.aotwk.rules.table.data import cat, describe


BOT = "bot"


def change_virtue(state: dict, delta: int, reason: str | None = None) -> list[str]:
    return table.change_virtue(state, BOT, delta, reason=reason)


def take_debts(state: dict, count: int, reason: str | None = None) -> list[str]:
    return table.take_debts(state, BOT, count, reason=reason)


def destroy_debts(state: dict, count: int, reason: str | None = None) -> list[str]:
    return table.destroy_debts(state, BOT, count, reason=reason)


# -- Cathedral ----------------------------------------------------------------------

def why_cannot_advance(state: dict) -> str | None:
    return cathedral.why_cannot_advance(state, BOT)


def reward_pile_left(state: dict) -> int:
    return state["table"]["reward_cards_left"]


def reward_choices(state: dict) -> dict[str, str]:
    """Reward card id -> what it shows, for the cards still possibly in the pile."""
    return {key: describe(items) for key, items in cathedral.rewards_in_pile(state).items()}


def advance_in_guildhall(state: dict, reward: str | None) -> list[str]:
    """A Guildhall placement that advances the bot on the Cathedral (free for it)."""
    return table.advance_cathedral(state, BOT, reward=reward)


def advance_without_worker(state: dict) -> list[str]:
    """A free advance that places no worker and draws no Reward card (spaces checked)."""
    return table.advance_cathedral(state, BOT, place=False)


def place_in_guildhall(state: dict, action: str) -> list[str]:
    return table.place_in_guildhall(state, BOT, action)


# -- Black Market ------------------------------------------------------------------

def black_market_free(state: dict) -> list[str]:
    """Free spaces, left to right."""
    occupants = state["table"]["black_market"]
    return [space for space in cat().black_market_spaces if occupants.get(space) is None]


def black_market_place(state: dict, space: str) -> list[str]:
    """The bot pays nothing there: what it gains or loses is on its card."""
    return table.black_market_place(state, BOT, space, pay_costs=False)


# -- captures and the Prison --------------------------------------------------------

def capture(state: dict, seat: int, count: int) -> list[str]:
    return table.capture(state, BOT, seat, count) if count else []


def send_captured_to_prison(state: dict) -> list[str]:
    """The bot's captured workers become their owners' prisoners (the table moves them)."""
    return table.send_captured_to_prison(state, BOT)


def recover_held(state: dict, seat: int, count: int) -> list[str]:
    """The bot's workers on a human's board come home: off that human's captured ones."""
    return table.return_captured(state, seat, BOT, count)


def release_prisoners(state: dict) -> list[str]:
    return table.release_prisoners(state, BOT)


# -- Tax Stand and turns ----------------------------------------------------------

def tax_stand_silver(state: dict) -> int:
    return state["table"]["tax_stand_silver"]


def steal_tax(state: dict) -> list[str]:
    """The table's Tax Stand steal: the silver leaves the game, the bot loses 2 Virtue."""
    return table.steal_tax(state, BOT)


def end_turn(state: dict, was_final_round: bool) -> list[str]:
    """The bot's final-round turn is over (not the turn that started the final round)."""
    final = state["table"].get("final_round")
    if was_final_round and final and BOT in final["still_to_play"]:
        return turns.final_turn_done(state, BOT)
    return []
