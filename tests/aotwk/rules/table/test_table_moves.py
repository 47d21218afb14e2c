"""apply, MOVES and the moves that only set numbers (resources, paper pad, Age of Artisans)."""

import copy
import json

import pytest

from companion.aotwk.rules import table
from companion.aotwk.rules.table.moves import CATEGORIES


def test_apply_is_pure(new, given):
    state = given(new(), 0, virtue=13, debts_unpaid=2)
    before = copy.deepcopy(state)
    after, notes = table.apply(state, {"kind": "virtue", "player": 0, "delta": 3})
    assert state == before
    assert after["players"][0]["virtue"] == 14 and after is not state


def test_a_moves_copy_of_the_state_shares_nothing_with_it(new, given):
    """apply works on a copy (``copied``): a change deep in it (a player's buildings, the table's
    lists) never reaches the state it was copied from."""
    from companion.aotwk.rules.table.moves import copied

    state = given(new(), 0, buildings=["well"], captured_from={"1": 2})
    copy_ = copied(state)
    assert copy_ == state
    copy_["players"][0]["buildings"].append("keep")
    copy_["players"][0]["captured_from"]["1"] = 0
    copy_["table"]["extra"] = [1]
    assert state["players"][0]["buildings"] == ["well"] and state["players"][0]["captured_from"] == {"1": 2}
    assert "extra" not in state["table"]


def test_a_refused_move_leaves_the_state_alone(new, given):
    state = given(new(), 0, wood=2, stone=3)
    before = copy.deepcopy(state)
    with pytest.raises(table.MoveError):
        table.apply(state, {"kind": "build", "player": 0, "building": "keep"})
    assert state == before


def test_state_stays_json(new, given, play):
    state, _ = play(given(new(), 0, wood=2, stone=2, virtue=9), {"kind": "build", "player": 0, "building": "well"},
                    {"kind": "black_market", "player": 0, "space": "middle"})
    assert json.loads(json.dumps(state)) == state


@pytest.mark.parametrize("move, field", [
    ({"kind": "warp"}, "kind"),
    ({"kind": "virtue", "player": 0}, "delta"),
    ({"kind": "virtue", "player": 7, "delta": 1}, "player"),
    ({"kind": "virtue", "player": "bot", "delta": 1}, "player"),
    ({"kind": "virtue", "player": 0, "delta": "lots"}, "delta"),
    ({"kind": "virtue", "player": 0, "delta": True}, "delta"),
    ({"kind": "virtue", "player": 0, "delta": 0}, "delta"),
    ({"kind": "take_debts", "player": 0, "count": 0}, "count"),
    ({"kind": "black_market", "player": 0, "space": "huge"}, "space"),
    ({"kind": "build", "player": 0, "building": "well", "extra": "maybe"}, "extra"),
])
def test_bad_fields_are_refused_naming_the_field(new, move, field):
    with pytest.raises(table.MoveError) as refused:
        table.apply(new(), move)
    assert refused.value.field == field


def test_form_values_arrive_as_text(new):
    state, _ = table.apply(new(), {"kind": "virtue", "player": "1", "delta": "-2"})
    assert state["players"][1]["virtue"] == 5


def test_every_move_is_described_for_forms():
    for kind, spec in table.MOVES.items():
        assert spec.kind == kind and spec.label and spec.rule
        for param in spec.params:
            assert param.type in {"player", "int", "bool", "choice", "building", "apprentice", "text", "cells"}
            assert param.type != "choice" or param.choices


def test_resources_change_and_never_go_below_zero(new, play):
    """Rulebook, The Main Supply: resources come from and go back to the Supply."""
    state, notes = play(new(), {"kind": "resources", "player": 0, "wood": 3, "silver": -1})
    assert (state["players"][0]["wood"], state["players"][0]["silver"]) == (3, 2)
    with pytest.raises(table.MoveError) as refused:
        play(state, {"kind": "resources", "player": 0, "gold": -1})
    assert refused.value.field == "gold"
    with pytest.raises(table.MoveError):
        play(state, {"kind": "resources", "player": 0})


def test_the_bot_keeps_only_marble(solo, play):
    """Rulebook, Solo Play: the opponent 'Collects Marble, but only for scoring purposes'."""
    state, _ = play(solo, {"kind": "resources", "player": "bot", "marble": 2})
    assert state["bot"]["marble"] == 2
    with pytest.raises(table.MoveError) as refused:
        play(solo, {"kind": "resources", "player": "bot", "wood": 2})
    assert refused.value.field == "wood"


def test_paper_pad_totals(new, play):
    """Score contract: 'overrides: ... A category named here takes the given number instead of being computed'."""
    state = new(mode="paper")
    state, _ = play(state, {"kind": "set_total", "player": 0, "category": "buildings", "value": 30})
    assert state["players"][0]["overrides"] == {"buildings": 30}
    state, _ = play(state, {"kind": "set_total", "player": 0, "category": "buildings"})
    assert state["players"][0]["overrides"] == {}
    assert set(CATEGORIES) | {"final_virtue", "final_silver"} == set(table.MOVES["set_total"].params[1].choices)


def test_adornments_and_tools(new, given, play):
    """Age of Artisans: Adornments score their printed VP; Tools are counted."""
    state = given(new(expansions=["age_of_artisans"]), 0, buildings=["well", "smithy"])
    state, _ = play(state, {"kind": "add_adornment", "player": 0, "vp": 3},
                    {"kind": "add_adornment", "player": 0, "vp": 2},
                    {"kind": "remove_adornment", "player": 0, "vp": 3},
                    {"kind": "tools", "player": 0, "delta": 2})
    assert (state["players"][0]["adornments"], state["players"][0]["tools"]) == ([2], 2)
    with pytest.raises(table.MoveError):
        play(state, {"kind": "tools", "player": 0, "delta": -3})


@pytest.mark.parametrize("move, field", [
    ({"kind": "add_adornment", "player": 0, "vp": 3}, "kind"),
    ({"kind": "tools", "player": 0, "delta": 1}, "kind"),
    ({"kind": "build", "player": 0, "building": "well", "adornment_vp": 3}, "adornment_vp"),
    ({"kind": "steal_tax", "player": 0, "artisan": True}, "artisan"),
])
def test_age_of_artisans_moves_and_fields_only_in_its_games(new, given, play, move, field):
    """An import refuses Tools and Adornments without Age of Artisans; no move makes them either
    (a game that took one would no longer import its own export)."""
    state = given(new(), 0, wood=3, stone=3)
    with pytest.raises(table.MoveError, match="comes with Age of Artisans") as refused:
        play(state, move)
    assert refused.value.field == field


def test_an_adornment_needs_a_building_to_tuck_under(new, given, play):
    """Age of Artisans: 'Players can only have 1 Adornment attached to each Building' (an import
    refuses more, so a game that took one would no longer import its own export)."""
    state = given(new(expansions=["age_of_artisans"]), 0, buildings=["well"])
    state, _ = play(state, {"kind": "add_adornment", "player": 0, "vp": 3})
    with pytest.raises(table.MoveError, match="each Adornment is tucked under its own Building"):
        play(state, {"kind": "add_adornment", "player": 0, "vp": 2})
    with pytest.raises(table.MoveError, match="each Adornment is tucked under its own Building"):
        play(state, {"kind": "remove_building", "player": 0, "building": "well"})


def test_a_played_game_stays_valid_score_input(new, given, play):
    """The state is the game document: the score command must accept it."""
    document = pytest.importorskip("companion.aotwk.rules.document")
    state, _ = play(given(new(), 0, wood=2, stone=2), {"kind": "build", "player": 0, "building": "well"},
                    {"kind": "capture", "player": 1, "victim": 0, "count": 2})
    document.parse_score_input(state)


def _names(params) -> set[str]:
    return {param.name for param in params}


def test_a_boards_field_is_in_play_only_for_a_player_with_that_board(new, play):
    """Variable Setup, 2018 promo board Hugo (reference aotwk-cards.yaml, boards: Hugo): 'Whenever he
    would take a debt he may pay 2 silver instead.' With standard boards nobody has it."""
    take_debts = table.MOVES["take_debts"]
    standard = new()
    assert "silver_instead" not in _names(take_debts.params_in_play(standard))
    assert "silver_instead" not in _names(take_debts.params_in_play(standard, 0))
    assert "count" in _names(take_debts.params_in_play(standard, 0))
    boards = new(("Hugo", "Bo"), variable_boards=True, board_0="hugo", board_1="bertha")
    hugo = [p["board"] for p in boards["players"]].index("hugo")
    assert "silver_instead" in _names(take_debts.params_in_play(boards))            # someone in the game has it
    assert "silver_instead" in _names(take_debts.params_in_play(boards, hugo))
    assert "silver_instead" not in _names(take_debts.params_in_play(boards, 1 - hugo))


def test_the_rules_refuse_a_boards_field_sent_for_a_player_without_that_board(new):
    """A stale or hand-made form may still send the field: the rules say whose board it is not."""
    state = new()
    before = copy.deepcopy(state)
    with pytest.raises(table.MoveError, match="Red's board has no ability to pay silver instead of a debt"):
        table.apply(state, {"kind": "take_debts", "player": 0, "count": 1, "silver_instead": True})
    assert state == before


def test_gisela_s_adornment_half_fields_are_hers_only(new):
    """Age of Artisans, Variable Player Powers, Gisela: a Tool also gives 'the immediate benefit printed
    on the Adornment section of that Craft Card' - the craft_tool fields for it are her board's."""
    craft_tool = table.MOVES["craft_tool"]
    gisela_fields = {"virtue", "debt", "gold", "silver", "clay", "wood", "stone", "marble"}
    state = new(("Gis", "Bo"), variable_boards=True, board_0="gisela", board_1="ada", expansions=["age_of_artisans"])
    gisela = [p["board"] for p in state["players"]].index("gisela")
    assert gisela_fields <= _names(craft_tool.params_in_play(state, gisela))
    assert not gisela_fields & _names(craft_tool.params_in_play(state, 1 - gisela))
    assert "apprentice" in _names(craft_tool.params_in_play(state, 1 - gisela))


def test_with_age_of_artisans_the_black_market_form_asks_no_apprentice(new):
    """Age of Artisans, Black Market: the middle space's overlay card crafts a Tool instead of
    hiring an Apprentice (recorded as Craft a Tool), so the Black Market move leaves out the
    hire's field; the rules still refuse an apprentice sent anyway."""
    black_market = table.MOVES["black_market"]
    assert "apprentice" in _names(black_market.params_in_play(new()))
    artisans = new(expansions=["age_of_artisans"])
    assert "apprentice" not in _names(black_market.params_in_play(artisans, 0))
    with pytest.raises(table.MoveError):
        table.apply(artisans, {"kind": "black_market", "player": 0, "space": "middle", "apprentice": "miner_1"})


# -- one schema for every way in (issue 30) ----------------------------------------------

def _schema_bounds() -> set[tuple[int, int]]:
    from companion.aotwk.rules import schema
    ranges = [schema.COUNT, schema.VP, schema.VIRTUE, schema.CATHEDRAL, schema.WORKER_COUNT, schema.CATEGORY_TOTAL]
    return {(b.low, b.high) for bounds in ranges for b in (bounds, bounds.change(), bounds.above(1))}


def test_every_number_a_move_takes_is_bounded_by_the_document_schema():
    """Each whole-number field reads its range from the schema an import checks (or a change of one,
    or from 1 on): none is unbounded, none restates a number of its own."""
    unbounded = [(kind, p.name, p.min, p.max) for kind, spec in table.MOVES.items() for p in spec.params
                 if p.type == "int" and (p.min, p.max) not in _schema_bounds()]
    assert unbounded == []


def test_a_move_whose_sum_an_import_would_refuse_is_refused_naming_its_field(new, given):
    """Each change within its field's bounds can still add up past the document's: 9,990 silver and 10 more."""
    state = given(new(), 0, silver=9_990)
    with pytest.raises(table.MoveError) as refused:
        table.apply(state, {"kind": "resources", "player": 0, "silver": 10})
    assert refused.value.field == "silver" and str(refused.value.message) == "must be at most 9999 (got 10000)"
    after, _notes = table.apply(state, {"kind": "resources", "player": 0, "silver": 9})
    assert after["players"][0]["silver"] == 9_999


def test_what_a_record_already_held_does_not_stop_another_move(new, given):
    """A game stored before the bounds (a count past them) still takes a move that does not touch it."""
    state = given(new(), 0, silver=20_000)
    after, _notes = table.apply(state, {"kind": "virtue", "player": 0, "delta": 1})
    assert after["players"][0]["silver"] == 20_000


def test_no_move_gives_a_player_more_tools_than_apprentices_to_hold_them(new, given):
    """Age of Artisans (seed 003, line 149): 'Players can only have 1 Tool attached to each Apprentice.'
    The record would fail its own check; the move is refused instead, at the Tools."""
    state = given(new(expansions=["age_of_artisans"]), 0, apprentices=["miner_1"], tools=1)
    with pytest.raises(table.MoveError) as refused:
        table.apply(state, {"kind": "tools", "player": 0, "delta": 1})
    assert refused.value.field == "players[0].tools" and str(refused.value.message).startswith("2 tools but 1 apprentice")
    counted_alone = given(new(expansions=["age_of_artisans"]), 0, tools=1)   # no apprentice listed: the counter's
    assert table.apply(counted_alone, {"kind": "tools", "player": 0, "delta": 1})[0]["players"][0]["tools"] == 2
