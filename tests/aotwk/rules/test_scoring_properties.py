"""Properties of the scoring engine over random legal games (hypothesis)."""

import copy
import random

from hypothesis import given, settings, strategies as st

from companion.aotwk.rules.random_game import random_game
from companion.aotwk.rules.document import PLAYER_CATEGORIES
from companion.aotwk.rules.scoring import score_document

games = st.builds(lambda seed: random_game(random.Random(seed)), st.integers(0, 2**32))
seats = st.integers(0, 4)
# No deadline: the machine is shared, and a slow first example is not a failure of the rules.
calm = settings(deadline=None)


@calm
@given(games)
def test_total_is_the_sum_of_categories(doc):
    result = score_document(doc)
    for entry in result["players"] + ([result["bot"]] if result["bot"] else []):
        assert entry["total"] == sum(entry["categories"].values())


@calm
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


@settings(max_examples=200, deadline=None)
@given(games, seats)
def test_one_more_prisoner_never_raises_a_score(doc, seat):
    seat %= len(doc["players"])
    before = score_document(doc)["players"][seat]["total"]
    doc["players"][seat]["prisoners"] = min(doc["players"][seat]["prisoners"] + 1, 20)
    assert score_document(doc)["players"][seat]["total"] <= before


@settings(max_examples=200, deadline=None)
@given(games, seats)
def test_one_more_gold_never_lowers_a_score(doc, seat):
    seat %= len(doc["players"])
    before = score_document(doc)["players"][seat]["total"]
    doc["players"][seat]["gold"] += 1
    assert score_document(doc)["players"][seat]["total"] >= before


@calm
@given(games)
def test_winners_hold_rank_one(doc):
    result = score_document(doc)
    entries = result["players"] + ([result["bot"]] if result["bot"] else [])
    assert result["winners"] == [e["name"] for e in entries if e["rank"] == 1]
    assert max(e["total"] for e in entries) == max(e["total"] for e in entries if e["rank"] == 1)


def _with_artisans_and_pads(doc: dict, rng: random.Random) -> dict:
    """The same game with Age of Artisans (an Adornment under some Buildings, Tools on the known scale,
    Adornments for the bot) and some categories written on the paper pad."""
    doc["expansions"] = ["age_of_artisans"]
    for player in doc["players"]:
        player["adornments"] = [rng.randint(0, 5) for _ in range(rng.randint(0, len(player["buildings"])))]
        player["tools"] = rng.choice([0, 1, 3, 5])
        pad = rng.sample(PLAYER_CATEGORIES, rng.randint(0, 3))
        player["overrides"] = {category: rng.randint(-10, 40) for category in pad}
    if doc.get("bot"):
        doc["bot"]["adornments"] = [rng.randint(0, 5) for _ in range(rng.randint(0, 4))]
    return doc


artisan_games = st.builds(lambda seed: _with_artisans_and_pads(random_game(random.Random(seed)), random.Random(seed)),
                          st.integers(0, 2**32))


@calm
@given(st.one_of(games, artisan_games))
def test_the_reasons_add_up_to_the_total(doc):
    """'Why X scored N': the VP the lines name add up to N, for every player and the bot (the contract:
    'The VP the lines name add up to total')."""
    result = score_document(doc)
    for entry in result["players"] + ([result["bot"]] if result["bot"] else []):
        assert sum(reason.vp for reason in entry["reasons"]) == entry["total"], entry["reasons"]
