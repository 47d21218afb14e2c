"""The card library (companion/aotwk/catalogue/library.py): the facts our sources leave out,
entered once by a table, never mixed up with the rulebook's."""

import pytest

from companion.aotwk import catalogue
from companion.aotwk.catalogue import library, load
from companion.aotwk.rules import library_input
from companion.aotwk.rules.scoring import score_document


def test_every_null_is_a_fact_to_enter():
    """Age of Artisans notes: the rulebook gives 'no costs or VP' for the new cards, and the tools
    scale only for 1, 3 and 5 tools ('if a player had 3 Tools, they would score 4 VP, whereas 5 Tools
    would score a total of 9 VP')."""
    paths = library.fact_paths(load())
    assert "buildings.aoa_cellar.vp" in paths and "buildings.aoa_cellar.cost" in paths
    assert "apprentices.aoa_abbot.skills" in paths
    assert {"tools_vp.2", "tools_vp.4", "tools_vp.6"} <= set(paths)
    assert "tools_vp.3" not in paths and "buildings.keep.vp" not in paths
    assert "craft_cards.24.adornment_vp" in paths


def test_parse_reports_one_problem_per_path():
    facts, problems = library_input.parse({"format": library.FORMAT, "facts": {
        "buildings.aoa_cellar.vp": 4, "buildings.keep.vp": 9, "tools_vp.2": "two",
        "apprentices.aoa_abbot.skills": ["masonry", "juggling"], "buildings.aoa_arc.cost": {"wood": 2}}}, load())
    assert facts == {"buildings.aoa_cellar.vp": 4, "buildings.aoa_arc.cost": {"wood": 2}}
    assert sorted(p.path for p in problems) == ["facts.apprentices.aoa_abbot.skills", "facts.buildings.keep.vp",
                                                "facts.tools_vp.2"]
    _, problems = library_input.parse([], load())
    assert problems[0].path == "(file)"


def test_a_library_completes_the_catalogue_and_marks_what_it_entered():
    facts = {"buildings.aoa_cellar.vp": 4, "tools_vp.2": 2, "tools_vp.6": 14}
    with catalogue.using(facts):
        completed = load()
        assert completed.buildings["aoa_cellar"].vp == 4
        assert completed.is_entered("buildings.aoa_cellar.vp")
        assert (completed.tools_vp(2), completed.tools_vp(7)) == (2, 14)
        assert completed.tools_vp(4) is None          # never guessed
        assert not completed.is_entered("tools_vp.3")
    assert load().buildings["aoa_cellar"].vp is None  # only inside the block


def test_scoring_uses_library_facts_and_says_they_were_entered_here():
    """Age of Artisans, End-Game Scoring: 'Players score increasing amounts of Victory Points, with
    each Tool they acquire' (the 2-tool value from the table's own player aid)."""
    game = {"expansions": ["age_of_artisans"],
            "players": [{"name": "Red", "tools": 2, "buildings": ["aoa_cellar"], "adornments": [3]}]}
    with catalogue.using({"buildings.aoa_cellar.vp": 4, "tools_vp.2": 2}):
        red = score_document(game)["players"][0]
    assert red["categories"]["tools"] == 2 and red["categories"]["buildings"] == 4 + 1
    reasons = "\n".join(red["reasons"])
    assert "Cellar: printed 4 VP (entered at this table)" in reasons
    assert "2 tools: +2 VP (entered at this table)" in reasons
