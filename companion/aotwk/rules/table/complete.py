"""Game documents from elsewhere (an import, a score-command input, an older export)
as full tracker states.

A document need only carry what the score command reads; the tracker keeps more
(who sits on the Black Market, the Reward cards left, the bot's worker places and
scheme piles...). ``complete`` derives every missing field as ``new_game`` derives
it for the same players, mode and expansions, and keeps everything the document says.
"""

from __future__ import annotations

import copy

from companion.aotwk.rules.codes import SetupRefusal
from companion.problems import Problem

from . import bot_link
from .errors import SetupError
from .pad import NOT_ENTERED
from .setup import new_game

BOT_MODES = ("solo", "two_vs_bot")


def complete(state: dict, seed: int) -> dict:
    """The document as a state the tracker can play on. A bot without worker places
    or scheme piles is dealt the practice deck (shuffled with ``seed``), and its
    workers follow its Prison, Guildhall and captured counts. A document no setup
    could have made (three humans in a solo game) raises SetupError with new_game's
    problems."""
    me = state.get("bot")
    mode = state.get("mode") or "multiplayer"
    if bool(me) != (mode in BOT_MODES):
        raise SetupError([Problem("mode", SetupRefusal("bot_mode", with_bot=bool(me), mode=mode))])
    fresh = new_game({
        "mode": mode, "seed": seed,
        # a document naming side-2 boards is a variable-setup game (score-cli lets any player name one)
        "variable_boards": bool(state.get("variable_boards")) or any(p.get("board") for p in state["players"]),
        "opponent": me.get("opponent") if me else None,
        "expansions": list(state.get("expansions") or []),
        **({"two_vs_bot_reading": "regular_two_player"}
           if mode == "two_vs_bot" and (state.get("table") or {}).get("bot_counts_as_player") is False else {}),
        "players": [{"name": p.get("name") or f"Player {i + 1}", "board": p.get("board")}
                    for i, p in enumerate(state["players"])],
    })
    playable = copy.deepcopy(state)
    playable.setdefault("table", {})
    for key, value in fresh["table"].items():
        playable["table"].setdefault(key, value)
    for player, fresh_player in zip(playable["players"], fresh["players"]):
        for key, value in fresh_player.items():
            # A fresh paper pad marks every final value not entered; a document says what it holds:
            # without the field, every value it carries was entered (a pad drops it once all are).
            if key != NOT_ENTERED:
                player.setdefault(key, value)
    if me and fresh.get("bot"):
        playable["bot"] = _complete_bot(playable, me, fresh["bot"])
    return playable


def _complete_bot(playable: dict, me: dict, fresh: dict) -> dict:
    if isinstance(me.get("workers"), dict) and isinstance(me.get("deck"), dict):
        return {**fresh, **me}
    completed = {**fresh, **me, "workers": fresh["workers"], "deck": fresh["deck"],
                 "captured_from": {**fresh["captured_from"], **(me.get("captured_from") or {})}}
    playable["bot"] = completed
    bot_link.reconcile(playable)   # its Prison, Guildhall and captured counts decide where its workers are
    return playable["bot"]
