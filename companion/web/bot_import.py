"""Imported bot games: a document's bot may carry only its score (no worker places,
no scheme piles), as the score command's input does. ``make_bot_playable`` sets
such a bot up so the game can go on from the table page."""

from __future__ import annotations

import copy
import secrets

from companion.rules import bot, table


def make_bot_playable(state: dict) -> dict:
    """An imported bot game whose bot has no worker places or scheme piles: set the bot up
    (the practice deck, a fresh seed) keeping the score it had, and give the table the
    tracker fields a document may leave out, so the game can go on."""
    me = state.get("bot")
    if not me or state.get("mode") not in ("solo", "two_vs_bot") or (
            isinstance(me.get("workers"), dict) and isinstance(me.get("deck"), dict)):
        return state
    try:
        fresh = table.new_game({"mode": state["mode"], "opponent": me.get("opponent"),
                                "seed": secrets.randbelow(2**31), "expansions": list(state.get("expansions") or []),
                                "players": [{"name": p.get("name") or f"Player {i + 1}"}
                                            for i, p in enumerate(state["players"])]})
    except table.SetupError:   # a bot game the table could not have set up (say, 3 humans): leave it as it is
        return state
    playable = copy.deepcopy(state)
    for key, value in fresh["table"].items():
        playable["table"].setdefault(key, value)
    for player, fresh_player in zip(playable["players"], fresh["players"]):
        for key, value in fresh_player.items():
            player.setdefault(key, value)
    playable["bot"] = {**fresh["bot"], **me, "workers": fresh["bot"]["workers"], "deck": fresh["bot"]["deck"]}
    playable["bot"]["captured_from"] = {**fresh["bot"]["captured_from"], **(me.get("captured_from") or {})}
    bot.reconcile(playable)   # its Prison, Guildhall and captured counts decide where its workers are
    return playable
