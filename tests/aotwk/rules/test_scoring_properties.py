"""Properties of the scoring engine over random legal games (hypothesis)."""

import copy
import random

from hypothesis import given, settings, strategies as st

from companion.aotwk.rules.random_game import random_game
from companion.aotwk.rules.scoring import score_document

games = st.builds(lambda seed: random_game(random.Random(seed)), st.integers(0, 2**32))
seats = st.integers(0, 4)


@given(games)
def test_total_is_the_sum_of_categories(doc):
    result = score_document(doc)
    for entry in result["players"] + ([result["bot"]] if result["bot"] else []):
        assert entry["total"] == sum(entry["categories"].values())


@given(games, st.randoms(use_true_random=False))
def test_permuting_players_permutes_results(doc, rng):
    result = score_document(doc)
    shuffled = copy.deepcopy(doc)
    rng.shuffle(shuffled["players"])
    again = score_document(shuffled)
    by_name = {p["name"]: p for p in result["players"]}
    for player in again["players"]:
        assert player == by_name[player["name"]]
    assert sorted(again["winners"]) == sorted(result["winners"])


@settings(max_examples=200)
@given(games, seats)
def test_one_more_prisoner_never_raises_a_score(doc, seat):
    seat %= len(doc["players"])
    before = score_document(doc)["players"][seat]["total"]
    doc["players"][seat]["prisoners"] = min(doc["players"][seat]["prisoners"] + 1, 20)
    assert score_document(doc)["players"][seat]["total"] <= before


@settings(max_examples=200)
@given(games, seats)
def test_one_more_gold_never_lowers_a_score(doc, seat):
    seat %= len(doc["players"])
    before = score_document(doc)["players"][seat]["total"]
    doc["players"][seat]["gold"] += 1
    assert score_document(doc)["players"][seat]["total"] >= before


@given(games)
def test_winners_hold_rank_one(doc):
    result = score_document(doc)
    entries = result["players"] + ([result["bot"]] if result["bot"] else [])
    assert result["winners"] == [e["name"] for e in entries if e["rank"] == 1]
    assert max(e["total"] for e in entries) == max(e["total"] for e in entries if e["rank"] == 1)
