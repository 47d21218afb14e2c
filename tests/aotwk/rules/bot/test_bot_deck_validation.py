"""Deck files: every kind of bad deck is refused with a message naming the field.

Solo Play, Components: '30 Scheme Cards'; Setup 8: 'Separate the 20 Starting
Scheme Cards (brown header) from the 10 Future Scheme Cards (black header)'.
"""

from __future__ import annotations

import copy
import json

import pytest

from companion.aotwk.rules import bot
from companion.problems import InvalidInput


@pytest.fixture
def good() -> dict:
    return json.loads(bot.export_deck(bot.practice_deck()))


def messages(data) -> list[str]:
    return [str(p) for p in bot.validate_deck(data)]


def refused(source) -> list[str]:
    with pytest.raises(InvalidInput) as caught:
        bot.load_deck(source)
    return [str(p) for p in caught.value.problems]


def test_practice_deck_is_valid_and_labelled(good):
    """The shipped deck is 20 Starting + 10 Future and says it is a practice deck."""
    assert bot.validate_deck(good) == []
    assert good["practice"] is True
    assert good["name"] == bot.PRACTICE_NAME
    assert "not the printed" in good["name"].lower()
    groups = [c["group"] for c in good["cards"]]
    assert groups.count("starting") == 20 and groups.count("future") == 10


def test_export_import_round_trip(good):
    again = bot.load_deck(bot.export_deck(bot.load_deck(good)))
    assert again == bot.load_deck(good)


def test_defaults_are_filled_in_when_loading(good):
    deck = copy.deepcopy(good)
    deck["cards"][0]["actions"].append({"do": "capture"})
    loaded = bot.load_deck(deck)
    assert loaded["cards"][0]["actions"][-1] == {"do": "capture", "from": "here", "group": "largest"}


def test_broken_json_names_line_and_column():
    problems = refused('{"format": "architects-companion/scheme-deck/1",\n "cards": [}')
    assert len(problems) == 1
    assert problems[0].startswith("(file): not valid JSON") and "line 2" in problems[0]


def test_not_utf8_bytes_is_refused():
    assert refused(b"\xff\xfe{")[0].startswith("(file): not valid JSON")


@pytest.mark.parametrize("data,kind", [([], "a list"), ("deck", "text"), (3, "a number"), (None, "null")])
def test_top_level_must_be_an_object(data, kind):
    """A player reads the problem: the kind of value the file held, never Python's type name."""
    assert messages(data) == [f"(deck): must be a JSON object (got {kind})"]


def test_wrong_format_version(good):
    good["format"] = "architects-companion/scheme-deck/0"
    assert messages(good) == ["format: must be “architects-companion/scheme-deck/1” "
                              "(got “architects-companion/scheme-deck/0”)"]


@pytest.mark.parametrize("name", [None, "", "   ", 5, "x" * 81])
def test_bad_name(good, name):
    good["name"] = name
    assert [m.split(":")[0] for m in messages(good)] == ["name"]


@pytest.mark.parametrize("practice", [None, "yes", 1])
def test_practice_must_be_boolean(good, practice):
    good["practice"] = practice
    assert [m.split(":")[0] for m in messages(good)] == ["practice"]


def test_unknown_top_level_field(good):
    good["colour"] = "brown"
    assert messages(good) == ["colour: unknown field; a deck has format, name, practice, cards and optional notes"]


def test_cards_must_be_a_list(good):
    good["cards"] = {"s01": {}}
    assert messages(good) == ["cards: must be a list of 30 cards (20 starting + 10 future)"]


def test_wrong_counts(good):
    good["cards"][25]["group"] = "starting"  # 21 starting, 9 future
    assert messages(good) == ["cards: needs 20 starting cards (got 21)", "cards: needs 10 future cards (got 9)"]


def test_too_few_cards(good):
    del good["cards"][:5]
    assert messages(good) == ["cards: needs 20 starting cards (got 15)"]


def test_unknown_group_with_suggestion(good):
    good["cards"][20]["group"] = "futur"
    found = messages(good)
    assert "cards[20].group: must be one of “starting” or “future” (got “futur”); did you mean “future”?" in found
    assert "cards: needs 10 future cards (got 9)" in found


def test_duplicate_card_ids(good):
    good["cards"][7]["id"] = good["cards"][2]["id"]
    assert messages(good) == [f"cards[7].id: duplicate card id “{good['cards'][2]['id']}” (also card 3)"]


@pytest.mark.parametrize("card_id", [None, 7, "", "x" * 41])
def test_bad_card_id(good, card_id):
    good["cards"][3]["id"] = card_id
    assert [m.split(":")[0] for m in messages(good)] == ["cards[3].id"]


def test_card_must_be_an_object(good):
    good["cards"][4] = ["quarry"]
    assert messages(good) == ["cards[4]: must be an object (got a list)",
                              "cards: needs 20 starting cards (got 19)"]


def test_unknown_location_with_suggestion(good):
    good["cards"][0]["location"] = "quary"
    assert messages(good) == ["cards[0].location: unknown location “quary”; did you mean “quarry”?"]


def test_missing_location(good):
    del good["cards"][0]["location"]
    assert messages(good) == ["cards[0].location: is required (where the bot places its worker)"]


def test_unknown_card_field(good):
    good["cards"][0]["vp"] = 3
    assert messages(good)[0].startswith("cards[0].vp: unknown field")


@pytest.mark.parametrize("actions", [None, [], "place_worker", {"do": "place_worker"}])
def test_actions_must_be_a_non_empty_list(good, actions):
    good["cards"][0]["actions"] = actions
    assert messages(good) == ["cards[0].actions: must be a non-empty list of actions"]


def test_unknown_action_suggests_the_closest(good):
    """The example from the design brief, word for word."""
    good["cards"][3]["actions"].insert(1, {"do": "gian_marble", "amount": 1})
    assert messages(good) == ["cards[3].actions[1].do: unknown action “gian_marble”; did you mean “gain_marble”?"]


def test_action_must_be_an_object(good):
    good["cards"][3]["actions"].append("gain_marble")
    assert messages(good) == ['cards[3].actions[1]: must be an object like {"do": "gain_marble", "amount": 1} '
                              "(got text)"]


def test_action_without_do(good):
    good["cards"][3]["actions"].append({"amount": 1})
    assert messages(good) == ["cards[3].actions[1].do: is required (the action's verb)"]


def test_missing_required_parameter(good):
    good["cards"][3]["actions"].append({"do": "gain_marble"})
    assert messages(good) == ["cards[3].actions[1].amount: is required for gain_marble (how many Marble)"]


def test_unknown_parameter_with_suggestion(good):
    good["cards"][3]["actions"].append({"do": "gain_marble", "amout": 1, "amount": 1})
    assert messages(good) == ["cards[3].actions[1].amout: unknown parameter for gain_marble; did you mean “amount”?"]


def test_parameter_for_a_verb_that_takes_none(good):
    good["cards"][3]["actions"].append({"do": "sell_captured", "amount": 1})
    assert messages(good) == ["cards[3].actions[1].amount: unknown parameter for sell_captured; sell_captured takes none"]


@pytest.mark.parametrize("amount,said", [("2", "“2”"), (2.0, "2.0"), (True, "true"), (None, "null"), ([2], "a list")])
def test_wrong_parameter_type(good, amount, said):
    good["cards"][3]["actions"].append({"do": "lose_virtue", "amount": amount})
    assert messages(good) == [f"cards[3].actions[1].amount: must be a whole number (got {said})"]


@pytest.mark.parametrize("amount", [0, -1, 11, 99])
def test_parameter_out_of_range(good, amount):
    good["cards"][3]["actions"].append({"do": "gain_virtue", "amount": amount})
    assert messages(good) == [f"cards[3].actions[1].amount: must be between 1 and 10 (got {amount})"]


def test_bad_choice_with_suggestion(good):
    good["cards"][10]["actions"][1]["group"] = "larges"
    assert messages(good) == ["cards[10].actions[1].group: must be one of “largest” or “smallest” "
                              "(got “larges”); did you mean “largest”?"]


def test_choice_of_wrong_type(good):
    good["cards"][10]["actions"][1]["from"] = 3
    assert messages(good)[0].startswith("cards[10].actions[1].from: must be one of “")


@pytest.mark.parametrize("text", ["", "   ", 5, "x" * 201])
def test_note_text(good, text):
    good["cards"][0]["actions"].append({"do": "note", "text": text})
    assert [m.split(":")[0] for m in messages(good)] == ["cards[0].actions[1].text"]


def test_card_needs_a_placement(good):
    good["cards"][8]["actions"] = [{"do": "gain_marble", "amount": 1}]
    assert messages(good) == ["cards[8].actions: needs a placement action first (place_worker, guildhall or black_market)"]


def test_placement_must_come_first(good):
    good["cards"][8]["actions"].reverse()
    assert messages(good) == ["cards[8].actions[1]: the placement action must come first"]


def test_only_one_placement(good):
    """Solo Play: 'Each Scheme Card instructs you to place 1 opposing Worker'."""
    good["cards"][0]["actions"].append({"do": "place_worker"})
    assert messages(good) == ["cards[0].actions[1]: a card places exactly 1 worker; only one placement action is allowed"]


@pytest.mark.parametrize("location,verb,said", [
    ("guildhall", "place_worker", "“Place the worker at the card's location” cannot place a worker at the Guildhall; "
                                  "use “Place the worker in the Guildhall (counts toward the end)”"),
    ("black_market", "place_worker", "“Place the worker at the card's location” cannot place a worker at the Black "
                                     "Market; use “Place the worker on a Black Market space”"),
    ("forest", "guildhall", "“Place the worker in the Guildhall (counts toward the end)” cannot place a worker at "
                            "the Forest; use “Place the worker at the card's location”"),
    ("quarry", "black_market", "“Place the worker on a Black Market space” cannot place a worker at the Quarry; "
                               "use “Place the worker at the card's location”"),
])
def test_placement_must_fit_the_location(good, location, verb, said):
    good["cards"][0]["location"] = location
    good["cards"][0]["actions"] = [{"do": verb}]
    assert messages(good) == [f"cards[0].actions[0].do: {said}"]


def test_at_most_two_captures(good):
    """Town Centre: 'up to 2 locations for 2-3 player and solo games'."""
    good["cards"][10]["actions"] += [{"do": "capture", "from": "any"}, {"do": "capture", "from": "forest"}]
    assert messages(good) == ["cards[10].actions[3]: at most 2 capture actions per card"]


def test_capture_here_needs_a_capturable_location(good):
    """Rulebook: 'Players can never capture from the Guildhall, Black Market, inside the Prison'."""
    hall = next(i for i, c in enumerate(good["cards"]) if c["location"] == "guildhall")
    good["cards"][hall]["actions"].append({"do": "capture"})
    assert messages(good) == [f"cards[{hall}].actions[1].from: “here” is the Guildhall, where nobody can capture; "
                              f"name a location or “any”"]


def test_every_problem_is_reported_at_once(good):
    good["format"] = None
    good["cards"][0]["location"] = "moon"
    good["cards"][1]["actions"][0] = {"do": "jump"}
    good["cards"][2]["id"] = good["cards"][3]["id"]
    paths = [m.split(":")[0] for m in messages(good)]
    assert paths == ["format", "cards[0].location", "cards[1].actions[0].do", "cards[3].id"]


def test_physical_card_validation_uses_the_same_rules():
    """Physical-deck mode: the card the player drew is entered with the same vocabulary."""
    assert bot.validate_card({"location": "forest", "actions": [{"do": "place_worker"}]}) == []
    found = [str(p) for p in bot.validate_card({"location": "forest", "actions": [{"do": "gain_marbel"}]})]
    assert found == ["card.actions[0].do: unknown action “gain_marbel”; did you mean “gain_marble”?"]


def test_vocabulary_description_covers_every_verb_and_location():
    described = bot.describe_vocabulary()
    assert [v["do"] for v in described["verbs"]] == list(bot.VERBS)
    assert [loc["id"] for loc in described["locations"]] == list(bot.LOCATIONS)
    assert all(v["rule"] for v in described["verbs"])


def test_every_location_has_a_blank_card_that_validates():
    for location in bot.LOCATIONS:
        blank = bot.blank_card(location, card_id="n1")
        assert bot.validate_card(blank) == []
        assert bot.card_summary(blank)[0].startswith("Place a worker")


def test_summaries_read_every_action(good):
    lines = [line for c in bot.load_deck(good)["cards"] for line in bot.card_summary(c)]
    assert "Gain 2 Marble" in lines
    assert "Capture the largest group of a human's workers at the Town Centre" in lines
    assert "Place a worker in the Guildhall for a Cathedral advance (no free Cathedral space: gain 1 Virtue)" in lines
    assert "Place a worker in the Guildhall for a construction" in lines
    assert not any("{" in line or "_" in line for line in lines)


# -- any JSON at all: a list of problems, never a crash ------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.floats(allow_nan=False) | st.text(max_size=12)
    | st.sampled_from(["place_worker", "gain_marble", "forest", "guildhall", "starting", "future", "amount"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["do", "amount", "id", "group", "location", "actions", "space", "from", "x"]), inner,
        max_size=4),
    max_leaves=12)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, sub in value.items():
            yield from _paths(sub, prefix + (key,))
    elif isinstance(value, list):
        for index, sub in enumerate(value):
            yield from _paths(sub, prefix + (index,))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_mutation_of_a_deck_gives_problems_or_a_valid_deck(data):
    """Whatever a hand-edited deck file holds, validation answers with problems (each
    with a path) and never crashes; what loads is a deck that validates."""
    deck = json.loads(bot.export_deck(bot.practice_deck()))
    paths = list(_paths(deck))[1:]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        parent = deck
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = data.draw(JSON)
        paths = list(_paths(deck))[1:]
    problems = bot.validate_deck(deck)
    assert all(p.path and p.message for p in problems)
    if problems:
        with pytest.raises(InvalidInput):
            bot.load_deck(deck)
    else:
        assert bot.validate_deck(bot.load_deck(deck)) == []


@settings(max_examples=200, deadline=None)
@given(value=JSON)
def test_any_json_document_is_answered_with_problems(value):
    problems = bot.validate_deck(value)
    assert problems and all(isinstance(p.path, str) and p.message for p in problems)
