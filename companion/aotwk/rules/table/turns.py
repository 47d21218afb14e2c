"""Phases and the final round. Every function mutates the state it is given.

Rulebook, End of the Game: 'The current player finishes their turn, then each
player (including the current player) has 1 final turn before the game ends.'
Playing the Game: 'On their turn, players must place 1 of their Workers': a move that
places the player's worker is their turn, so in the final round it ends their final turn.
"""

from __future__ import annotations

from companion.aotwk.rules.codes import Note

from .actors import Who, everyone, is_bot, name, tracks_resources
from .errors import MoveError, Refusal
from .pad import mark_uncounted

# After the last final turn everyone counts what is left ("counting"), then the score.
OVER = ("counting", "finished")


def silver_counted(state: dict) -> bool:
    """Whether each player's silver is what they have left: tracked by the table, typed on the paper
    pad, or counted at the end. A table that does not track resources holds only the setup's silver
    until its count (``mark_uncounted``)."""
    return state.get("mode") == "paper" or tracks_resources(state) or state.get("phase") in OVER


def check_may_place(state: dict, who: Who) -> None:
    """Refuse a worker placement after the game ended, or by someone whose final turn is over."""
    if state["phase"] in OVER:
        raise MoveError(None, Refusal("game_over_placement"))
    final = state["table"]["final_round"]
    if state["phase"] == "final_round" and who not in final["still_to_play"]:
        raise MoveError("player", Refusal("final_turn_had", name=name(state, who)))


def start_final_round(state: dict, triggered_by: Who) -> list[str]:
    """Everyone, the bot and the triggering player included, gets one more turn,
    in turn order starting with the one after the triggering player."""
    order = everyone(state)
    start = order.index(triggered_by) + 1
    still_to_play = order[start:] + order[:start]
    state["phase"] = "final_round"
    state["table"]["final_round"] = {"triggered_by": triggered_by, "still_to_play": still_to_play}
    return [Note("final_round", who=name(state, triggered_by), still=[name(state, who) for who in still_to_play])]


def final_turn_done(state: dict, who: Who) -> list[str]:
    if state["phase"] != "final_round":
        raise MoveError(None, Refusal("no_final_round"))
    still_to_play = state["table"]["final_round"]["still_to_play"]
    if who not in still_to_play:
        raise MoveError("player", Refusal("final_turn_had", name=name(state, who)))
    still_to_play.remove(who)
    notes = [Note("final_turn_done", who=name(state, who))]
    if not still_to_play:
        notes += start_count(state)
    return notes


def final_turn_ended_by_placement(before: dict, after: dict, who: Who) -> list[str]:
    """A human's worker placement in the final round (``before`` and ``after`` the move) is their
    final turn, done with the move: seed 000 l.156 'On their turn, players must place 1 of their
    Workers'; l.465 'each player (including the current player) has 1 final turn'. Not the
    placement that starts the final round (l.465 'The current player finishes their turn, then ...'),
    nor one that gives a Crane's extra placement this turn (the turn goes on until that one). The
    bot's final turn is its own turn (rules/bot). "Final turn done" stays for a turn that places
    nothing the app records."""
    if is_bot(who) or before["phase"] != "final_round" or after["phase"] != "final_round":
        return []
    if not all(who in state["table"]["final_round"]["still_to_play"] for state in (before, after)):
        return []
    if after["table"].get("extra_placement") == who and before["table"].get("extra_placement") != who:
        return []
    return final_turn_done(after, who)


def start_count(state: dict) -> list[str]:
    """The game is over: before the score, each player counts what scoring needs that the
    table did not track (End-Game Scoring: 'Each player should then add up their score')."""
    if state["phase"] in OVER:
        raise MoveError(None, Refusal("game_already_over"))
    if state.get("mode") == "paper":   # nothing was tracked: the paper pad is the count
        state["phase"] = "finished"
        return [Note("over_paper")]
    state["phase"] = "counting"
    state["table"]["counted"] = []
    mark_uncounted(state)
    if state["table"].get("final_round"):
        state["table"]["final_round"]["still_to_play"] = []
    return [Note("over_count")]


def finish_game(state: dict) -> list[str]:
    """Straight to the final score: 'Show the final score' during the count, or a table that
    only scores at the end."""
    if state["phase"] == "finished":
        raise MoveError(None, Refusal("game_already_over"))
    if state["phase"] != "counting":   # nobody counted: what was not tracked is not entered
        mark_uncounted(state)
    state["phase"] = "finished"
    if state["table"]["final_round"]:
        state["table"]["final_round"]["still_to_play"] = []
    return [Note("over_score")]


def reopen_game(state: dict) -> list[str]:
    """Finishing's counterpart ("Reopen the game"): the final score stands no longer. A tracked
    game's count opens again, nobody's count confirmed (the values counted stay), until the final
    score is shown again; a paper-pad game's pad is open until the game is ended again."""
    if state["phase"] != "finished":
        raise MoveError(None, Refusal("game_not_finished"))
    if state.get("mode") == "paper":
        state["phase"] = "playing"
    else:
        state["phase"] = "counting"
        state["table"]["counted"] = []
    return [Note("reopened")]
