"""The scripted 3-player game bench/taps.py replays: written to bench/taps_game.json.

    .venv/bin/python bench/taps_game.py        # (re)write bench/taps_game.json

Turns go round the table (Ann, Ben, Cy) for ten rounds; in the eleventh Ann's Castle fills the
3-player Guildhall's 16th space, and Ben, Cy and Ann have 1 final turn each (rulebook, End of the
Game), a worker beside the Guildhall that ends the turn: no "Final turn done". So the game holds
19 Guildhall placements (17 buildings, 2 Cathedral steps), all a legal 3-player game holds
without a Crane, and one worker in the Black Market (issue 32: its button, then its space). What a player does is listed below as
intentions (build, hire, advance, capture, ...); before an intention that costs
resources the player gathers exactly what is missing (one ``resources`` move: on the
physical board that is a worker at the Quarry, the Forest...). Every move is checked
with ``table.apply`` as it is written, so the log is a game the rules accept.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from companion.aotwk.catalogue import RESOURCES, load
from companion.aotwk.rules import table

PATH = Path(__file__).with_name("taps_game.json")
SETUP = {"title": "Taps benchmark", "mode": "multiplayer", "seed": 7,
         "players": [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"},
                     {"name": "Cy", "colour": "green"}]}
WORKSHOP_SILVER = 4

# Each player's turns, in order; a turn is a list of intentions. Ann's last one fills the Guildhall.
TURNS = {
    0: [[("hire", "labourer_1")], [("virtue", 1), ("build", "smithy")], [("virtue", 1), ("hire", "merchant_1")],
        [("take_debts", 1), ("build", "steeple")], [("capture", 1, 2), ("hire", "merchant_2")],
        [("send_to_prison",), ("virtue", -1)], [("build", "tilers_hut")], [("virtue", 1), ("advance",)], [("virtue", 1), ("build", "well")], [("virtue", -1), ("hire", "jeweller_1")],
        [("pay_debt",), ("build", "castle")]],
    1: [[("hire", "merchant_5")], [("virtue", 1), ("build", "chapel")], [("virtue", 1), ("hire", "patron_2")],
        [("take_debts", 2), ("build", "aqueduct")], [("virtue", -1), ("build", "carpenters_hut")],
        [("prisoners", 1), ("virtue", -1)], [("build", "church")], [("virtue", 1), ("hire", "debt_collector_1")],
        [("release_prisoners",), ("virtue", 1)], [("build", "masons_hut")]],
    2: [[("hire", "woodcutter_1")], [("virtue", -1), ("build", "reservoir")], [("hire", "stonecutter_1")],
        [("virtue", -1), ("build", "lumber_camp")], [("capture", 0, 1), ("virtue", 1)], [("build", "trading_post")],
        [("hire", "miner_1")], [("virtue", 1), ("build", "factory")],
        [("take_debts", 1), ("black_market", "small"), ("virtue", -1)],
        [("build", "observatory")]],
}
# The final round: each player's final turn (Ben, Cy, then Ann, who filled the Guildhall).
FINAL = {1: [("virtue", 2), ("advance",)], 2: [("virtue", 1), ("build", "betting_house")],
         0: [("virtue", 1), ("build", "keep")]}
REWARDS = ["silver3_virtue1", "wood2_virtue1", "virtue2", "stone2_virtue1", "gold1_virtue1"]
EXTRA_VIRTUE = [(0, 1), (1, -1), (2, 1), (0, -1), (1, 1), (2, -1), (0, 1), (1, 1), (2, -1), (0, -1)]


class Writer:
    def __init__(self):
        self.state = table.new_game(SETUP)
        self.moves: list[dict] = []
        self.rewards = list(REWARDS)

    def play(self, move: dict) -> None:
        self.state, _ = table.apply(self.state, move)   # raises if the rules refuse it
        self.moves.append(move)

    def gather(self, who: int, cost: dict) -> None:
        """One resources move for what the player lacks of ``cost``."""
        record = self.state["players"][who]
        short = {item: amount - record[item] for item, amount in cost.items() if amount > record[item]}
        if short:
            self.play({"kind": "resources", "player": who, **short})

    def cathedral_cost(self, who: int) -> dict:
        level = self.state["players"][who]["cathedral"] + 1
        cost: dict[str, int] = {}
        for part in load().cathedral_costs[level]:
            item = part.resources[-1] if len(part.resources) > 1 else part.resources[0]   # wood for stone/wood
            cost[item] = cost.get(item, 0) + part.amount
        return cost

    def intend(self, who: int, intention: tuple) -> None:
        kind, *args = intention
        if kind == "virtue":
            self.play({"kind": "virtue", "player": who, "delta": args[0]})
        elif kind == "build":
            building = load().buildings[args[0]]
            self.gather(who, dict(building.cost))
            move = {"kind": "build", "player": who, "building": args[0]}
            if building.effect.get("kind") == "gain_one_of":
                move["choice"] = 0
            self.play(move)
        elif kind == "hire":
            self.gather(who, {"silver": WORKSHOP_SILVER})
            self.play({"kind": "hire", "player": who, "apprentice": args[0]})
        elif kind == "advance":
            self.gather(who, self.cathedral_cost(who))
            self.play({"kind": "advance_cathedral", "player": who, "reward": self.rewards.pop(0)})
        elif kind == "take_debts":
            self.play({"kind": "take_debts", "player": who, "count": args[0]})
        elif kind == "pay_debt":
            self.gather(who, {"silver": 6})
            self.play({"kind": "pay_debt", "player": who})
        elif kind == "capture":
            self.gather(who, {"silver": 1})
            self.play({"kind": "capture", "player": who, "victim": args[0], "count": args[1], "paid_captures": 1})
        elif kind == "prisoners":
            self.play({"kind": "prisoners", "player": who, "delta": args[0]})
        elif kind == "black_market":   # its space's silver and virtue are paid by the move itself
            self.gather(who, {"silver": load().black_market_spaces[args[0]]["silver"]})
            self.play({"kind": "black_market", "player": who, "space": args[0]})
        else:
            self.play({"kind": kind, "player": who})

    def write(self) -> list[dict]:
        for turn in range(len(TURNS[0])):
            for who in range(3):
                if turn >= len(TURNS[who]):
                    continue
                assert self.state["phase"] == "playing", "every turn before the last is played before the final round"
                for intention in TURNS[who][turn]:
                    self.intend(who, intention)
                if turn < len(EXTRA_VIRTUE) and EXTRA_VIRTUE[turn][0] == who:   # a card or the track moved virtue
                    self.play({"kind": "virtue", "player": who, "delta": EXTRA_VIRTUE[turn][1]})
        final = self.state["table"]["final_round"]
        assert final, "the Guildhall is full: the final round has begun"
        for who in list(final["still_to_play"]):
            for intention in FINAL[who]:
                self.intend(who, intention)
            if who in self.state["table"]["final_round"]["still_to_play"]:   # placing a worker ended the turn
                self.play({"kind": "final_turn_done", "player": who})
        assert self.state["phase"] == "counting"
        # The end count: each player confirms what is on their board (the tracked numbers
        # are right: the count saves nothing, it only says so).
        for who in range(3):
            self.play({"kind": "count", "player": who, "cells": {}, "seen": {}, "done": True})
        assert self.state["phase"] == "finished"
        return self.moves


def document() -> dict:
    return {"setup": copy.deepcopy(SETUP), "moves": Writer().write()}


if __name__ == "__main__":
    PATH.write_text(json.dumps(document(), indent=1) + "\n")
    moves = json.loads(PATH.read_text())["moves"]
    print(f"wrote {PATH} with {len(moves)} moves")
