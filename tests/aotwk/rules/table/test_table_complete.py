"""Documents from elsewhere become full tracker states (web-routes contract: 'An imported document without
events starts a fresh history at its state')."""

import pytest

from companion.aotwk.rules import table
from companion.aotwk.rules.scoring import score_document


def test_a_score_input_gains_the_trackers_fields_and_keeps_its_own():
    doc = {"mode": "multiplayer", "phase": "playing",
           "players": [{"name": "Ann", "virtue": 5, "silver": 9}, {"name": "Ben", "prisoners": 3}],
           "table": {"tax_stand_silver": 7}}
    state = table.complete(doc, seed=1)
    assert state["table"]["tax_stand_silver"] == 7                     # the document's own
    assert state["players"][0]["virtue"] == 5 and state["players"][1]["prisoners"] == 3
    assert state["table"]["black_market"] and "reward_cards_left" in state["table"]
    assert state["table"]["reward_cards_left"] == 5                      # setup step 3: 2 per player + 1
    assert doc["table"] == {"tax_stand_silver": 7}                      # the input is not changed
    # it plays: a Black Market worker, then a reset by hand (rulebook, Black Market Reset)
    state, _ = table.apply(state, {"kind": "black_market", "player": 0, "space": "small"})
    state, notes = table.apply(state, {"kind": "black_market_reset"})
    assert state["players"][0]["prisoners"] == 1 and state["table"]["black_market_resets"] == 1
    assert score_document(state)["players"][0]["name"] == "Ann"


def test_a_bot_with_only_its_score_is_dealt_the_practice_deck_and_its_workers_placed():
    """Solo Play: 'place all 20 of their Workers onto their Board'; its Guildhall and Prison workers are
    elsewhere."""
    doc = {"mode": "solo", "phase": "playing", "players": [{"name": "Ann"}],
           "bot": {"opponent": "helena", "virtue": 9, "guildhall_workers": 2, "prisoners": 1}}
    state = table.complete(doc, seed=3)
    me = state["bot"]
    assert (me["virtue"], me["guildhall_workers"], me["prisoners"]) == (9, 2, 1)
    assert me["workers"]["guildhall"] == 2 and me["workers"]["prison"] == 1 and me["workers"]["board"] == 17
    assert me["deck"]["practice"]
    assert table.complete(doc, seed=3)["bot"]["deck"] == me["deck"]     # the seed decides the shuffle


@pytest.mark.parametrize("doc", [
    {"mode": "solo", "players": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"}], "bot": {"opponent": "helena"}},
    {"mode": "multiplayer", "players": [{"name": "Ann"}, {"name": "Ben"}], "bot": {"opponent": "helena"}},
    {"mode": "solo", "players": [{"name": "Ann"}]},
])
def test_a_document_no_setup_could_make_is_refused(doc):
    """Solo Play: you against one opponent; '2P vs Bot': two humans and a bot."""
    with pytest.raises(table.SetupError) as refused:
        table.complete(doc, seed=1)
    assert refused.value.problems


def test_an_imported_two_vs_bot_game_keeps_its_regular_two_player_reading():
    """Solo Play: 'add a Byzantine opponent to your regular 2 player game' (the reading chosen at setup)."""
    doc = {"mode": "two_vs_bot", "players": [{"name": "A"}, {"name": "B"}], "bot": {"opponent": "helena"},
           "table": {"bot_counts_as_player": False}}
    state = table.complete(doc, seed=1)
    assert state["table"]["guildhall_capacity"] == 12 and state["table"]["reward_cards_left"] == 5


def test_a_paper_document_keeps_the_final_values_it_carries():
    """A pad drops ``not_entered`` once a player's final virtue and silver are typed: its export,
    imported again, is the finished, scorable game it was (not a fresh pad asking for them)."""
    doc = {"mode": "paper", "phase": "finished", "players": [{"name": "Cleo", "virtue": 5, "silver": 2}]}
    state = table.complete(doc, seed=1)
    assert "not_entered" not in state["players"][0]
    assert score_document(state)["players"][0]["name"] == "Cleo"
    asked = {**doc, "players": [{"name": "Cleo", "virtue": 7, "not_entered": ["virtue"]}]}
    assert table.complete(asked, seed=1)["players"][0]["not_entered"] == ["virtue"]   # what it says is kept
