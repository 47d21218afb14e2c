"""Seeded whole-game simulations: thousands of bot turns, with humans acting on the
same table between them, and the invariants checked after every bot turn.

Solo Play: 'Should the Scheme Cards Draw Pile ever run out, simply shuffle all
discards to form a new Draw Pile. If your opponent starts their turn with no
Workers, do not draw a Scheme Card. Instead, return all Workers (excluding
Guildhall and Black Market / including captured and imprisoned) to their Board and
shuffle all discarded Scheme Cards back into the Draw Pile.'
"""

from __future__ import annotations

import copy
import random

import pytest

from companion.aotwk.rules import bot, opponent, table
from companion.aotwk.rules.opponent.vocabulary import LOCATIONS, OPEN_LOCATIONS, PLACEMENT, VERBS
from companion.aotwk.rules.scoring import score_document
from companion.aotwk.rules.table import turns

from bot_helpers import answer_all, make_game

GAMES_PER_RUN = 24
MIN_BOT_TURNS = 1000


# -- random but valid decks, from the vocabulary alone -----------------------------------

def random_action(rng: random.Random, verb_id: str, location: str) -> dict:
    action = {"do": verb_id}
    for param in VERBS[verb_id].params:
        if param.kind == "int":
            action[param.name] = rng.randint(param.low, min(param.high, 4))
        elif param.kind == "text":
            action[param.name] = "Something the vocabulary does not say"
        else:
            choices = [c for c in param.choices if not (c == "here" and not LOCATIONS[location].capturable)]
            action[param.name] = rng.choice(choices)
    return action


def random_deck(rng: random.Random) -> dict:
    effects = [v.id for v in VERBS.values() if v.role != PLACEMENT]
    cards = []
    for index in range(30):
        location = rng.choice(list(LOCATIONS))
        placement = next(v.id for v in VERBS.values() if v.role == PLACEMENT and location in v.locations)
        actions = [random_action(rng, placement, location)]
        for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
            verb = rng.choice(effects)
            if verb == "capture" and sum(a["do"] == "capture" for a in actions) >= 2:
                continue
            actions.append(random_action(rng, verb, location))
        cards.append({"id": f"r{index}", "group": "starting" if index < 20 else "future",
                      "location": location, "actions": actions})
    return bot.load_deck({"format": bot.FORMAT, "name": "Random", "practice": True, "cards": cards})


# -- what the humans do between bot turns -------------------------------------------------

def human_turn(state: dict, seat: int, rng: random.Random) -> dict:
    """One human action that touches the bot or the shared table, through the table's
    functions (which call the bot's hooks); refused moves are skipped (the copy is thrown away)."""
    new = copy.deepcopy(state)
    roll = rng.random()
    w = new["bot"]["workers"]
    try:
        if roll < 0.20:
            spots = [loc for loc in OPEN_LOCATIONS if w["locations"][loc]]
            if spots:
                where = rng.choice(spots)
                count = w["locations"][where]
                table.capture(new, seat, "bot", count, location=where)   # the table calls the bot's hooks
        elif roll < 0.28:
            if new["players"][seat]["captured"]:
                table.send_captured_to_prison(new, seat)
        elif roll < 0.33 and new["bot"]["captured_from"].get(str(seat)):
            new, _ = table.apply(new, {"kind": "rescue", "player": seat, "payment": "debt"})
        elif roll < 0.55:
            table.place_in_guildhall(new, seat, "a building")
        elif roll < 0.70:
            free = [s for s, who in new["table"]["black_market"].items() if who is None]
            new["players"][seat]["virtue"] = min(new["players"][seat]["virtue"], 9)
            table.black_market_place(new, seat, rng.choice(free), pay_costs=False)
        elif roll < 0.75:
            table.release_prisoners(new, seat)
        elif roll < 0.80:
            table.set_cathedral_level(new, seat, min(5, new["players"][seat]["cathedral"] + 1))
        if new["phase"] == "final_round" and seat in new["table"]["final_round"]["still_to_play"]:
            turns.final_turn_done(new, seat)
    except table.MoveError:
        return state
    return new


# -- invariants -------------------------------------------------------------------------------

def check_invariants(before: dict, after: dict, plan: dict) -> None:
    b, w = after["bot"], after["bot"]["workers"]
    places = opponent.workers.places(w)
    assert sum(places.values()) == 20, places
    assert all(n >= 0 for n in places.values()), places
    assert b["prisoners"] == w["prison"]
    assert b["guildhall_workers"] == w["guildhall"]
    on_table = after["table"]["guildhall"].count("bot") + after["table"]["beside_guildhall"].count("bot")
    assert w["guildhall"] == on_table
    assert w["black_market"] == list(after["table"]["black_market"].values()).count("bot")
    assert b["captured"] == sum(b["captured_from"].values())
    assert 0 <= b["virtue"] <= 14 and 0 <= b["cathedral"] <= 5 and b["debts_unpaid"] >= 0

    piles, old = after["bot"]["deck"], before["bot"]["deck"]
    board_at_start = before["bot"]["workers"]["board"]
    if piles["mode"] == "physical":
        assert plan["kind"] == ("recall" if board_at_start == 0 else "scheme")
        assert piles["played"] == old["played"] + (plan["kind"] == "scheme")
        if board_at_start == 0:
            assert w["board"] == 20 - w["guildhall"] - w["black_market"]
        return
    every = piles["draw"] + piles["discard"] + piles["future"]
    assert sorted(every) == sorted(piles["cards"]) and len(every) == 30, "each card in exactly one pile"

    if board_at_start == 0:  # the no-worker rule
        assert plan["kind"] == "recall" and plan["card"] is None
        assert piles["discard"] == [] and piles["shuffles"] == old["shuffles"] + 1
        assert w["board"] == 20 - w["guildhall"] - w["black_market"]
        assert piles["future"] == old["future"]
        return
    assert plan["kind"] == "scheme"
    played = plan["card"]["id"]
    assert piles["discard"][-1] == played and piles["last"] == played
    future_left, future_shuffles = len(old["future"]), 0
    for action in plan["card"]["actions"]:
        if action["do"] == "shuffle_future" and future_left:
            future_shuffles += 1
            future_left -= min(action["count"], future_left)
    assert len(piles["future"]) == future_left, "Future cards enter only when a card says so"
    assert piles["future"] == old["future"][len(old["future"]) - future_left:]
    expected_shuffles = old["shuffles"] + (not old["draw"]) + future_shuffles
    assert piles["shuffles"] == expected_shuffles
    if old["draw"]:
        assert old["draw"][0] == played, "the top card is the one played"
    else:
        assert played in old["discard"], "an empty draw pile is made from the discards"


# -- the run ------------------------------------------------------------------------------------

def simulate(seed: int, deck_kind: str) -> tuple[int, dict[str, int]]:
    rng = random.Random(seed)
    mode = rng.choice(["solo", "solo", "two_vs_bot"])
    opponent = rng.choice(["constantine", "helena"])
    deck = random_deck(rng) if deck_kind == "random" else None
    physical = deck_kind == "physical"
    shown = [{k: c[k] for k in ("location", "actions")} for c in bot.practice_deck()["cards"]]
    state = make_game(mode=mode, opponent=opponent, seed=seed, deck=deck, physical=physical,
                      expansions=rng.choice([[], [], ["age_of_artisans"]]))
    seen = {"recall": 0, "reshuffle": 0, "turns": 0}
    for _ in range(400):
        for seat in range(len(state["players"])):
            if state["phase"] not in ("counting", "finished"):
                state = human_turn(state, seat, rng)
        if state["phase"] in ("counting", "finished"):
            break
        final = state["table"]["final_round"]
        if final and "bot" not in final["still_to_play"]:
            continue
        bot.reconcile(state)
        entered = rng.choice(shown) if physical and state["bot"]["workers"]["board"] else None
        plan = bot.plan_turn(state, card=entered)
        after, instructions = bot.play_turn(state, answer_all(plan, rng), card=entered)
        assert instructions
        check_invariants(state, after, plan)
        seen["turns"] += 1
        seen["recall"] += plan["kind"] == "recall"
        seen["reshuffle"] += plan["kind"] == "scheme" and not state["bot"]["deck"].get("draw", True)
        state = after
    assert state["phase"] == "counting", "the Guildhall fills and the final round ends, the bot included"
    score = score_document(state)["bot"]
    assert score["total"] == sum(score["categories"].values())
    return seen["turns"], seen


@pytest.mark.parametrize("deck_kind", ["practice", "random", "physical"])
def test_seeded_simulation_keeps_every_invariant(deck_kind):
    total_turns = 0
    fired = {"recall": 0, "reshuffle": 0}
    seed = {"practice": 1000, "random": 5000, "physical": 9000}[deck_kind]
    runs = 0
    while total_turns < MIN_BOT_TURNS or runs < GAMES_PER_RUN:
        turns_played, seen = simulate(seed + runs, deck_kind)
        total_turns += turns_played
        fired["recall"] += seen["recall"]
        fired["reshuffle"] += seen["reshuffle"]
        runs += 1
    assert total_turns >= MIN_BOT_TURNS
    assert fired["recall"] > 0, fired
    assert fired["reshuffle"] > 0 or deck_kind == "physical", fired


def test_random_decks_are_valid_decks():
    rng = random.Random(9)
    for _ in range(50):
        assert bot.validate_deck(random_deck(rng)) == []


def test_a_replay_from_the_seed_is_identical():
    """Each game keeps its shuffle seed and deck order, so a game can be replayed exactly."""
    def run():
        rng = random.Random(77)
        state = make_game(seed=77)
        log = []
        for _ in range(60):
            if state["phase"] != "playing":
                break
            plan = bot.plan_turn(state)
            state, instructions = bot.play_turn(state, answer_all(plan, rng))
            log.append(instructions)
        return state, log
    assert run() == run()
