"""Property tests: random move sequences keep the table consistent and scorable."""

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.aotwk.catalogue import load
from companion.aotwk.rules import table
from companion.aotwk.rules.document import parse_score_input
from companion.aotwk.rules.table.data import RESOURCES, cat, reward_types

CAT = load()
BUILDINGS = [b.id for b in CAT.buildings.values() if b.set != "age_of_artisans"]
APPRENTICES = [a.id for a in CAT.apprentices.values() if a.set != "age_of_artisans"]


def random_move(rng: random.Random, state: dict) -> dict:
    seats = list(range(len(state["players"])))
    who = rng.choice(seats + (["bot"] if state["bot"] else []))
    seat = rng.choice(seats)
    kind = rng.choice(["virtue", "take_debts", "pay_debt", "prisoners", "captured", "capture", "send_to_prison",
                       "resources", "black_market", "black_market_reset", "advance_cathedral", "build", "hire",
                       "steal_tax", "final_turn_done", "release_prisoners", "discard_apprentice", "rescue"])
    move = {"kind": kind, "player": who, "delta": rng.randint(-6, 6), "count": rng.randint(1, 3),
            "victim": rng.choice(seats + ["bot"]), "space": rng.choice(list(cat().black_market_spaces)),
            "reward": rng.choice(list(reward_types()) + ["empty"]), "captor": rng.choice(seats),
            "payment": rng.choice(["silver", "debt"]), "source": rng.choice(["workshop", "black_market", "free"])}
    move.update({r: rng.randint(-2, 4) for r in RESOURCES})
    if kind in ("build", "hire", "discard_apprentice", "pay_debt", "rescue"):
        move["player"] = seat
    if kind == "build":
        move.update(building=rng.choice(BUILDINGS), choice=0, discard_apprentice=rng.choice(APPRENTICES),
                    apprentice=rng.choice(APPRENTICES))
    if kind in ("hire", "discard_apprentice"):
        move["apprentice"] = rng.choice(APPRENTICES)
    if kind == "black_market":
        move.update({r: rng.randint(0, 2) for r in RESOURCES})
    return move


def check_consistent(state: dict) -> None:
    everyone = state["players"] + ([state["bot"]] if state["bot"] else [])
    for record in everyone:
        assert CAT.virtue_min <= record["virtue"] <= CAT.virtue_max
        assert min(record["debts_unpaid"], record["prisoners"], record["captured"], record["cathedral"]) >= 0
    for player in state["players"]:
        assert min(player[r] for r in RESOURCES) >= 0
        limit = (CAT.boards[player["board"]].apprentice_limit if player["board"] else None) or CAT.apprentice_limit
        assert len(player["apprentices"]) <= limit
    built = [b for p in state["players"] for b in p["buildings"]]
    assert len(built) == len(set(built))
    for level in range(1, CAT.cathedral_top + 1):
        assert sum(r["cathedral"] == level for r in everyone) <= CAT.cathedral_spaces[level]
    t = state["table"]
    assert t["guildhall_workers"] == len(t["guildhall"]) <= t["guildhall_capacity"]
    assert (t["guildhall_workers"] == t["guildhall_capacity"]) == (state["phase"] != "playing")
    assert t["reward_cards_left"] >= 0 and t["tax_stand_silver"] >= 0
    assert json.loads(json.dumps(state)) == state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), mode=st.sampled_from(["multiplayer", "solo", "two_vs_bot"]))
def test_random_moves_keep_the_table_consistent_and_scorable(seed, mode):
    rng = random.Random(seed)
    names = {"solo": ["Red"], "two_vs_bot": ["Red", "Blue"]}.get(mode, ["Red", "Blue", "Green"][: rng.randint(1, 3)])
    state = table.new_game({"players": [{"name": n} for n in names], "mode": mode,
                            "opponent": "helena" if mode != "multiplayer" else None,
                            "variable_boards": rng.random() < 0.5, "seed": seed})
    for _ in range(80):
        move = random_move(rng, state)
        before = copy.deepcopy(state)
        try:
            state, notes = table.apply(state, move)
        except table.MoveError:
            assert state == before
            continue
        assert notes and all(isinstance(note, str) and note for note in notes)
        check_consistent(state)
    parse_score_input(state)


SOLO = table.new_game({"players": [{"name": "Red"}], "mode": "solo", "opponent": "constantine"})
FIELDS = sorted({p.name for spec in table.MOVES.values() for p in spec.params})
LIKELY = ["bot", "0", "1", "well", "thief_1", "small", "silver3_virtue1"]
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-50, 50), st.text(max_size=12), st.sampled_from(LIKELY),
                 st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@settings(max_examples=300, deadline=None)
@given(kind=st.one_of(st.sampled_from(sorted(table.MOVES)), JUNK), fields=st.dictionaries(st.sampled_from(FIELDS), JUNK))
def test_any_input_is_applied_or_refused_with_a_move_error(kind, fields):
    """The web layer shows MoveError messages; anything else would be a crash."""
    try:
        table.apply(SOLO, {"kind": kind, **fields})
    except table.MoveError as refused:
        assert refused.message
