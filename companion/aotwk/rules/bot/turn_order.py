"""Whose turn it is in a game with the bot: the humans in seat order, then the bot.

Solo Play (rulebook l.868): 'You will always take your turn first, followed by your
opponent.' End of the Game (l.883): 'each player, including the player who placed the
last Worker in the Guildhall will have 1 last turn before scoring': in the final round
the order is the table's list of those still to play.

The state does not record where one human turn ends and the next starts (a turn may
record several moves, or none), so the caller says which seats recorded a move since
the bot's last turn; a seat that did has had its turn.
"""

from __future__ import annotations

from companion.aotwk.rules.table.actors import everyone

BOT = "bot"


def next_up(state: dict, moved_since_bot: list) -> str | int | None:
    """Who plays next: a seat, "bot", or None once the game is over."""
    if state.get("phase") in ("counting", "finished"):
        return None
    final = (state.get("table") or {}).get("final_round")
    if state.get("phase") == "final_round" and final:
        still = final.get("still_to_play") or []
        humans_left = [who for who in still if who != BOT and who not in moved_since_bot]
        if BOT in still:
            # the bot follows the humans before it in the final round's order
            before_bot = still[:still.index(BOT)]
            waiting = [who for who in before_bot if who in humans_left]
            return waiting[0] if waiting else BOT
        return humans_left[0] if humans_left else None
    waiting = [who for who in everyone(state) if who != BOT and who not in moved_since_bot]
    return waiting[0] if waiting else BOT
