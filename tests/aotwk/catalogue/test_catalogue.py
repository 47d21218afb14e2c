"""The card catalogue: complete, faithful to the reference sheet, and loud about bad data."""

from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml

import companion.aotwk.catalogue as catalogue_module
from companion.aotwk.catalogue import CatalogueError, load

# The shared folder beside the work tree, however deep this file sits in it.
SHARED = next((p / "shared" for p in Path(__file__).resolve().parents if (p / "shared" / "reference").is_dir()),
              Path(__file__).parent / "shared")   # none: the tests that need it skip
REFERENCE = SHARED / "reference" / "aotwk-cards.yaml"


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
        assert ours.name_en == ref["name_en"] and ours.names.get("ko") == ref.get("name_ko")
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
    Silver than the player to their right.' - up to the 6 seats of Age of Artisans."""
    assert [load().start_silver(seat) for seat in range(6)] == [3, 4, 5, 6, 7, 8]
    assert len(load().standard_silver_by_seat) == load().max_players_aoa


def test_cathedral_costs_are_structured():
    """Rulebook, Cathedral: level 1 costs 1 Gold; 'The cost shown here is 4 Stone or Wood,
    in any combination. Likewise, the 4th level of the Cathedral is 8 Stone or Wood'."""
    costs = [[(part.amount, part.resources) for part in level] for level in load().cathedral_costs]
    assert costs == [[], [(1, ("gold",))], [(4, ("stone", "wood"))], [(1, ("marble",))],
                     [(8, ("stone", "wood"))], [(2, ("gold",)), (2, ("marble",))]]


def test_black_market_spaces_cost_silver_and_virtue():
    """Rulebook, Black Market: 'Pay 1 Silver and lose 1 Virtue', 'Pay 2 Silver ...', 'Pay 3 Silver ...'."""
    spaces = load().black_market_spaces
    assert list(spaces) == ["small", "middle", "large"]
    assert [spaces[s]["silver"] for s in spaces] == [1, 2, 3] and {spaces[s]["virtue"] for s in spaces} == {1}


def test_board_abilities_are_data_on_the_board():
    """Each side-2 ability the tracker applies is data of the board (the printed text stays in ``ability``)."""
    boards = load().boards
    kinds = {board_id: [a["kind"] for a in board.abilities] for board_id, board in boards.items() if board.abilities}
    assert kinds == {"bertha": ["send_to_prison_bonus"], "fara": ["bm_reset_release"],
                     "rudolf": ["workshop_hire_discount"], "lothaire": ["construction_discount"],
                     "caroline": ["swindler_extra"], "clovis": ["construction_gain"],
                     "frederick": ["cathedral_no_discard"], "hugo": ["debt_as_silver"],
                     "walaric": ["artisan_workers"], "gisela": ["tool_adornment_benefit"]}
    assert boards["bertha"].abilities[0]["gain"] == {"silver": 2}
    assert (boards["ada"].tax_ignored, boards["therese"].gold_is_marble, boards["rudolf"].apprentice_limit) == (1, True, 6)


@contextmanager
def changed_data(monkeypatch, filename, change):
    """Within the block, ``load()`` reads one data file changed by ``change``."""
    good = catalogue_module._read

    def changed(name):
        data = good(name)
        if name == filename:
            change(data)
        return data

    monkeypatch.setattr(catalogue_module, "_read", changed)
    load.cache_clear()
    try:
        yield
    finally:
        monkeypatch.undo()
        load.cache_clear()


def load_error(monkeypatch, filename, change) -> str:
    """The CatalogueError message when one data file, as read, is changed by ``change``."""
    with changed_data(monkeypatch, filename, change):
        try:
            load()
        except CatalogueError as err:
            return str(err)
    raise AssertionError(f"the changed {filename} loaded")


def test_a_new_editions_printed_words_are_data_only(monkeypatch):
    """A third language's card names and board abilities are keys in the data files, read with no
    code of their own; a language the data does not print reads the English."""
    def french_ada(data):
        data["variable"][0]["name"]["fr"] = "Ada (fr)"
        data["variable"][0]["ability"]["fr"] = "Ignore 1 taxe."

    with changed_data(monkeypatch, "boards.yaml", french_ada):
        ada = load().boards["ada"]
        assert (ada.name("fr"), ada.ability("fr")) == ("Ada (fr)", "Ignore 1 taxe.")
        assert (ada.name("ko"), ada.name("de")) == ("에이다", "Ada")
        assert ada.ability("de") == "Ignores 1 tax on every cost that includes tax."
    assert "fr" not in load().boards["ada"].names


def test_a_card_with_no_edition_in_a_language_reads_the_english():
    cellar = load().buildings["aoa_cellar"]
    assert "ko" not in cellar.names and cellar.name("ko") == cellar.name_en


def test_printed_names_need_english_text(monkeypatch):
    def change(data):
        data[0]["name"] = {"ko": "대장간"}
        data[1]["name"]["ko"] = 7

    message = load_error(monkeypatch, "buildings.yaml", change)
    assert "entry 0 (smithy): name.en is required" in message
    assert "entry 1 (steeple): name: every language's text must be a string or null" in message


@pytest.mark.parametrize("broken_rules,message", [
    ({"abilities": [{"kind": "fly"}]}, "kind must be one of"),
    ({"abilities": [{"kind": "send_to_prison_bonus"}]}, "send_to_prison_bonus is missing ['gain']"),
    ({"abilities": [{"kind": "construction_gain", "gain": {"rubies": 1}}]}, "unknown item 'rubies'"),
    ({"teleport": True}, "rules may only hold"),
])
def test_bad_board_rules_are_named(monkeypatch, broken_rules, message):
    error = load_error(monkeypatch, "boards.yaml", lambda data: data["variable"][0].update(rules=broken_rules))
    assert "boards.yaml: entry 0 (ada)" in error and message in error


def test_a_bad_cathedral_cost_is_named(monkeypatch):
    error = load_error(monkeypatch, "tables.yaml",
                       lambda data: data["cathedral"]["levels"][2].update(cost={"stone_or_rubies": 4}))
    assert "cathedral level 2: cost: unknown resource in 'stone_or_rubies'" in error


def test_bad_data_file_names_the_file_and_entry(monkeypatch):
    def change(data):
        data[3]["effect"] = {"kind": "teleport"}
        data[5]["vp"] = "seven"

    message = load_error(monkeypatch, "buildings.yaml", change)
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
    names = [x.names["ko"] for cards in (c.buildings, c.apprentices, c.boards, c.opponents) for x in cards.values()
             if "ko" in x.names]
    assert len(names) >= 40 + 40 + 5 + 2
    missing = [name for name in names if name not in text]
    assert not missing
