"""The card catalogue: complete, faithful to the reference sheet, and loud about bad data."""

from pathlib import Path

import pytest
import yaml

import companion.catalogue as catalogue_module
from companion.catalogue import CatalogueError, load

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "aotwk-cards.yaml"


@pytest.fixture(scope="module")
def reference():
    if not REFERENCE.exists():
        pytest.skip("shared/reference is not beside this checkout")
    return yaml.safe_load(REFERENCE.read_text(encoding="utf-8"))


def test_every_card_of_the_box_and_the_promos():
    """Components: 40 Apprentice Cards, 40 Building Cards (+ 3 promo of each)."""
    c = load()
    by_set = lambda cards, s: [x for x in cards.values() if x.set == s]
    assert len(by_set(c.buildings, "base")) == 40
    assert len(by_set(c.buildings, "promo")) == 3
    assert len(by_set(c.apprentices, "base")) == 40
    assert len(by_set(c.apprentices, "promo")) == 3
    assert {"ada", "caroline", "frederick", "rudolf", "therese", "walaric", "gisela"} <= set(c.boards)


def test_building_facts_match_the_reference_sheet(reference):
    """Ids, costs, VP, skills and virtue are exactly the reference sheet's: other tools depend on the ids."""
    c = load()
    for ref in reference["buildings"]:
        ours = c.buildings[ref["id"]]
        assert (ours.vp, ours.virtue, dict(ours.cost)) == (ref["vp"], ref["virtue_on_build"], ref["cost"]), ref["id"]
        assert list(ours.skills) == ref["skills_required"], ref["id"]
        assert ours.name_en == ref["name_en"] and ours.name_ko == ref.get("name_ko")
    aoa_ids = {b["id"] for b in reference["age_of_artisans"]["new_buildings"]}
    assert all(c.buildings[i].vp is None and c.buildings[i].cost is None for i in aoa_ids)


def test_apprentice_facts_match_the_reference_sheet(reference):
    c = load()
    for ref in reference["apprentices"]:
        ours = c.apprentices[ref["id"]]
        assert list(ours.skills) == ref["skills"], ref["id"]
        assert ours.virtue == ref["virtue_on_hire"], ref["id"]


def test_board_starts_match_the_reference_sheet(reference):
    c = load()
    for ref in reference["player_boards"]["side_2"]:
        ours = c.boards[ref["name_en"].lower()]
        assert (ours.silver, ours.virtue, ours.prisoners, ours.debts, dict(ours.resources)) == (
            ref["start_silver"], ref["start_virtue"], ref["prisoners"], ref["debts"], ref["start_resources"] or {})


def test_gallery_is_an_alias_of_the_observatory_not_the_expansion_card():
    """The English appendix lists 'Gallery' among the virtue boosts; the card is the Observatory.
    Age of Artisans adds a different Gallery (aoa_gallery)."""
    c = load()
    assert "Gallery" in c.buildings["observatory"].aliases
    assert c.buildings["aoa_gallery"].effect["kind"] == "free_adornment"


def test_virtue_track_examples():
    """Rulebook, Virtue Track: 'Yellow currently has 13 Virtue ... If they end the game here, they will
    score 5 VP'; 'Green currently has 1 Virtue ... they will lose 8 VP ... they ignore both Tax'."""
    c = load()
    assert c.virtue_vp(13) == 5
    assert c.virtue_vp(1) == -8
    assert c.tax_ignored(1) == 2 and c.tax_ignored(3) == 1 and c.tax_ignored(4) == 0
    assert c.tax_ignored(7, c.boards["ada"]) == 1  # Ada "may also ignore 1 Tax on all actions"


def test_cathedral_level_one_scores_two():
    """Rulebook, Advancing Work on the Cathedral: 'If they remain at this level at the game's end,
    they will score 2 VP'."""
    assert load().cathedral_vp(1) == 2


@pytest.mark.parametrize("players, resets, capacity", [
    (1, (7, 10), 12), (2, (7, 10), 12), (3, (9, 13), 16), (4, (11, 16), 20), (5, (13, 19), 24)])
def test_guildhall_geometry(players, resets, capacity):
    """Rulebook, Black Market Reset: 'A Worker is placed in the Guildhall on 1 of the left-most spaces
    on the bottom 2 rows'; End of the Game: the last Worker in the Guildhall triggers the end; Solo:
    'The game ends in the same way as a regular 2 player game (12 constructions)'."""
    layout = load().guildhall(players)
    assert layout.reset_at == resets
    assert layout.capacity == capacity
    assert [layout.position(s)[1] for s in resets] == [1, 1]
    assert [layout.position(s)[0] for s in resets] == [3, 4]


def test_reward_deck_size():
    """Setup step 3: '2 per player, plus 1. For example, 9 cards in a 4 player game'; solo uses the
    2-player 5; Age of Artisans with 6 players: 'just use all possible cards' (11)."""
    c = load()
    assert [c.reward_deck_size(n) for n in (1, 2, 4, 5, 6)] == [5, 5, 9, 11, 11]


def test_standard_starting_silver():
    """Quick standard setup 9: 'The starting player recieves 3 Silver. All other players receive 1 more
    Silver than the player to their right.'"""
    assert [load().start_silver(seat) for seat in range(5)] == [3, 4, 5, 6, 7]


def test_bad_data_file_names_the_file_and_entry(monkeypatch):
    good = catalogue_module._read

    def broken(name):
        data = good(name)
        if name == "buildings.yaml":
            data[3]["effect"] = {"kind": "teleport"}
            data[5]["vp"] = "seven"
        return data

    monkeypatch.setattr(catalogue_module, "_read", broken)
    load.cache_clear()
    try:
        with pytest.raises(CatalogueError) as err:
            load()
    finally:
        monkeypatch.undo()
        load.cache_clear()
    message = str(err.value)
    assert "buildings.yaml: entry 3 (tavern): effect.kind must be one of" in message
    assert "buildings.yaml: entry 5 (tilers_hut): vp must be a whole number or null" in message


def test_closest_ids_for_typos():
    assert load().closest("building", "kep")[0] == "keep"
    assert "merchant_1" in load().closest("apprentice", "merchant1")


def test_korean_names_come_from_the_korean_rulebook():
    """Every Korean card and board name is printed in the Korean rulebook (seed 001)."""
    korean = REFERENCE.parents[1] / "seeds" / "001_b980bf85c17fc177.txt"
    if not korean.exists():
        pytest.skip("shared/seeds is not beside this checkout")
    text = korean.read_text(encoding="utf-8")
    c = load()
    names = [x.name_ko for cards in (c.buildings, c.apprentices, c.boards, c.opponents) for x in cards.values()
             if x.name_ko]
    assert len(names) >= 40 + 40 + 5 + 2
    missing = [name for name in names if name not in text]
    assert not missing
