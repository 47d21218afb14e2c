"""A move kind is one definition (issue 29, item 1): its ``@move(...)`` in
companion/aotwk/rules/table/moves.py carries its fields, rule, sentence, where its control is,
what a stale screen must have seen and whether it places a worker; the forms, the history, the
board, the stale-screen check and the JSON schema are derived from it, and no other module keeps
a list of move kinds of its own."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest
from wtforms.fields.core import UnboundField

from companion.aotwk.rules import bot, game, table
from companion.aotwk.rules.table import MOVES
from companion.aotwk.web import board_view, history, move_forms, stale_screens
from companion.i18n.sentences import said

ROOT = Path(__file__).resolve().parents[4]
KINDS = sorted(MOVES)


@pytest.fixture
def state():
    """A game in play with every expansion and a bot, so that every kind and field is in play."""
    return table.new_game({"title": "t", "players": [{"name": "Ann"}, {"name": "Ben"}],
                           "expansions": ["age_of_artisans"]})


def redefined(monkeypatch, kind: str, **changes) -> table.MoveSpec:
    spec = dataclasses.replace(MOVES[kind], **changes)
    monkeypatch.setitem(MOVES, kind, spec)
    return spec


@pytest.mark.parametrize("kind", KINDS)
def test_a_form_has_the_definitions_fields(kind):
    fields = {name for name, value in vars(move_forms.form_class(kind)).items() if isinstance(value, UnboundField)}
    assert fields == {"rev"} | {param.name for param in MOVES[kind].params}


@pytest.mark.parametrize("kind", KINDS)
def test_the_history_says_the_definitions_sentence(kind, state, monkeypatch):
    move = {"kind": kind, "player": 0}
    own = str(said(MOVES[kind].sentence(history.Words(state), move), "en"))
    assert history.describe_move(state, move, lang="en") == own
    assert own not in (str(MOVES[kind].label), f"Ann: {MOVES[kind].label}")   # not the generic fallback
    redefined(monkeypatch, kind, sentence=lambda say, m: f"said by {kind}'s definition")
    assert history.describe_move(state, move, lang="en") == f"said by {kind}'s definition"


@pytest.mark.parametrize("kind", KINDS)
def test_the_board_places_a_move_where_its_definition_says(kind):
    control = MOVES[kind].control
    assert control.place in (table.CARD, table.TABLE, table.RECORD, table.ELSEWHERE)
    assert (kind in board_view.QUICK_MOVES) == (control.place != table.RECORD)
    assert (kind in board_view.TABLE_REFUSALS) == (control.place == table.TABLE)
    assert (kind in board_view.PLACED_REFUSALS) == (control.place in (table.CARD, table.RECORD))
    assert (kind in board_view.REFUSED_IN.get(control.group, ())) == (control.place == table.CARD)
    assert board_view.REFUSED_NOW.get(kind) == control.unless
    slot = board_view.result_slot({"kind": kind, "player": 1})
    assert slot == (None if control.place == table.TABLE else f"<!--result:1:{control.group}-->")
    actor = next((p for p in MOVES[kind].params if p.name == "player"), None)
    listed = move_forms.other_moves(payments=True, artisans=True)
    assert (kind in dict(listed["humans"])) == (control.in_record_list and actor is not None)
    assert (kind in dict(listed["bot"])) == (control.in_record_list and actor is not None and actor.bot)


@pytest.mark.parametrize("kind", KINDS)
def test_absolute_and_seen_come_from_the_definition(kind, state):
    seen = MOVES[kind].seen
    assert (kind in game.ABSOLUTE_MOVES) == (seen is not None) == game.needs_current({"kind": kind})
    now = stale_screens.seen_now(state, {"kind": kind, "player": 0, "category": "cathedral"})
    if seen is None:
        assert now is None
    else:
        assert now == seen.now(state, {"kind": kind, "player": 0, "category": "cathedral"})


def test_every_correction_that_sets_a_value_is_absolute():
    """A "set_" move sets something absolutely: its definition says what a stale screen must have seen."""
    assert {kind for kind in MOVES if kind.startswith("set_")} <= game.ABSOLUTE_MOVES


def test_the_bots_turn_stays_absolute():
    assert bot.MOVE_KIND in game.ABSOLUTE_MOVES and game.needs_current({"kind": bot.MOVE_KIND})
    assert not game.needs_current({"kind": ["not", "a", "kind"]})


def test_a_stale_screen_refusal_goes_to_the_definitions_field(state, monkeypatch, app):
    """The stale check reads the definition: its label, its value now, the field its refusal goes to."""
    from companion.problems import Refused
    redefined(monkeypatch, "set_cathedral", seen=dataclasses.replace(MOVES["set_cathedral"].seen, field="player"))
    with app.test_request_context():
        with pytest.raises(Refused) as refused:
            stale_screens.check_seen(state, {"kind": "set_cathedral", "player": 0, "level": 3}, "5")
    assert refused.value.problems[0].path == "player"
    assert "Ann's Cathedral level changed on another phone: it is now 0" in str(refused.value.problems[0].message)


def test_the_json_schema_is_the_definitions_fields(state):
    kinds = game.move_kinds(state)
    assert set(kinds) == {kind for kind, spec in MOVES.items() if spec.in_play(state)}
    for kind, described in kinds.items():
        params = MOVES[kind].params_in_play(state)
        assert list(described["params"]) == [param.name for param in params]
        for param in params:
            assert described["params"][param.name]["type"] == param.type
            assert described["params"][param.name]["required"] == param.required


# -- no hand-made lists of move kinds outside the definitions -------------------------------------

# Collections in the web layer that hold move kind strings for another reason (each says why).
NOT_MOVE_LISTS = {
    ("board_view.py", "COUNTERS"),     # each counter control: its state key and the kind its buttons send
    ("bot_cards.py", "PARAM_WORDS"),   # a scheme card's fields ("count"), not moves
    ("cell_labels.py", "LABELS"),      # the paper pad's cells ("virtue", "tools")
    ("documents.py", "PLAYER_DEFAULTS"),   # a player's fields in a document
    ("table.py", "WAITS"),             # the moves the ask panel's questions follow (questions.py asks them)
}
OLD_LISTS = {"QUICK_MOVES", "PLACED_REFUSALS", "TABLE_REFUSALS", "RESULT_GROUPS", "REFUSED_NOW", "NOT_IN_PLAYER_LIST",
             "SEEN", "TABLE_WIDE_SEEN", "SENTENCES", "ABSOLUTE_MOVES", "PLACES_A_WORKER"}


def _kinds_in(node: ast.AST) -> set[str]:
    if isinstance(node, (ast.Set, ast.List, ast.Tuple)):
        elements = node.elts
    elif isinstance(node, ast.Dict):
        elements = [key for key in node.keys if key is not None]
    else:
        return set()
    return {e.value for e in elements if isinstance(e, ast.Constant) and e.value in MOVES}


def _hand_lists(path: Path) -> list[tuple[str, int, set[str]]]:
    """Literal collections naming move kinds: two or more anywhere (a set, a dict, a tuple to test
    ``in``), or any under an old list's name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed, named = set(), {}
    for statement in ast.walk(tree):
        if isinstance(statement, (ast.Assign, ast.AnnAssign)) and statement.value is not None:
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            name = next((t.id for t in targets if isinstance(t, ast.Name)), "")
            for node in ast.walk(statement.value):
                named[id(node)] = name
                if (path.name, name) in NOT_MOVE_LISTS:
                    allowed.add(id(node))
    found = []
    for node in ast.walk(tree):
        kinds = _kinds_in(node)
        name = named.get(id(node), "")
        if id(node) not in allowed and (len(kinds) >= 2 or (kinds and name in OLD_LISTS)):
            found.append((name, node.lineno, kinds))
    return found


@pytest.mark.parametrize("path", sorted((ROOT / "companion/aotwk/web").glob("*.py")) + [
    ROOT / "companion/aotwk/rules/game.py"], ids=lambda path: path.name)
def test_no_module_keeps_its_own_list_of_move_kinds(path):
    assert _hand_lists(path) == []


@pytest.mark.parametrize("template", sorted((ROOT / "templates/aotwk").glob("*.html")), ids=lambda path: path.name)
def test_no_template_lists_the_moves_of_a_group(template):
    """A card's group shows the refusals its definitions place there (``board.refused_in``); a
    table control says only its own kind's."""
    for listed in re.findall(r"refused\(\[([^\]]*)\]", template.read_text(encoding="utf-8")):
        assert len(re.findall(r"[\"']\w+[\"']", listed)) == 1, listed
