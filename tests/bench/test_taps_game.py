"""bench/taps_game.json: the game the tap benchmark replays is one the rules accept, and it
holds what issue 8 asks of it."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path

from companion.aotwk.rules import table

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load_module(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_log_is_what_its_script_writes():
    assert json.loads((BENCH / "taps_game.json").read_text()) == load_module("taps_game").document()


def test_every_move_applies_and_the_game_ends_counted():
    """Issue 8's game (at least 10 apprentices, 30 virtue changes, debts, prisoners, Cathedral steps,
    the final round, the end count) as a legal 3-player game: the Guildhall's 16 spaces, then 1 final
    turn each beside it (seed 000 l.465), so 19 buildings and Cathedral steps, not issue 8's 20
    buildings; each final turn ends with its move (issue 34), none with "Final turn done"."""
    game = json.loads((BENCH / "taps_game.json").read_text())
    state = table.new_game(game["setup"])
    placed = 0
    for move in game["moves"]:
        before = state["table"]["guildhall_workers"] + len(state["table"]["beside_guildhall"])
        state, _ = table.apply(state, move)
        placed += state["table"]["guildhall_workers"] + len(state["table"]["beside_guildhall"]) - before
    kinds = Counter(move["kind"] for move in game["moves"])
    assert len(state["players"]) == 3 and state["phase"] == "finished"
    assert kinds["build"] >= 17 and kinds["hire"] >= 10 and kinds["virtue"] >= 30
    assert kinds["take_debts"] and kinds["pay_debt"] and kinds["advance_cathedral"] >= 2
    assert kinds["capture"] and kinds["send_to_prison"] and kinds["release_prisoners"]
    assert state["table"]["guildhall_workers"] == state["table"]["guildhall_capacity"] == 16
    assert sorted(state["table"]["beside_guildhall"]) == [0, 1, 2] and placed == 19
    assert kinds["final_turn_done"] == 0 and kinds["count"] == 3
