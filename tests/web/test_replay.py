"""The event store's promise, proved at random: a game's stored state is always the replay of its
active events (the game's rules run over them from its first state), whatever mix of moves, Undo
and Redo the phones sent, and it still is after the server restarts.

Both games are played through their own pages: Architects of the West Kingdom through its table's
move form (``/g/<t>/move``), The Architects of Amytis through its pad's taps (``/g/<t>/amytis/move``),
Undo and Redo through theirs. Beside the replay, a model of what Undo and Redo should do (the last
active change taken back, the first undone one brought back, a new change dropping what was
undone) is held against the events the store keeps.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from companion.amytis import pad
from companion.aotwk.rules import table
from companion.web import game_pages
from companion.web.storage.store import events, games
from tests.conftest import csrf_token_from

# its storage differs between SQLite and PostgreSQL: run on both (tests/conftest.py)
pytestmark = pytest.mark.both_databases

SEATS = st.integers(0, 1)
SMALL = st.integers(-3, 3)

AOTWK_MOVES = st.one_of(
    st.fixed_dictionaries({"kind": st.just("virtue"), "player": SEATS, "delta": SMALL.filter(bool)}),
    st.fixed_dictionaries({"kind": st.just("resources"), "player": SEATS, "silver": st.integers(0, 3)},
                          optional={name: SMALL for name in ("wood", "stone", "clay", "marble", "gold")}),
    st.fixed_dictionaries({"kind": st.sampled_from(["take_debts", "pay_debt"]), "player": SEATS,
                           "count": st.integers(1, 2)}),
    st.fixed_dictionaries({"kind": st.just("set_cathedral"), "player": SEATS, "level": st.integers(0, 5)}),
    st.fixed_dictionaries({"kind": st.just("prisoners"), "player": SEATS, "delta": SMALL.filter(bool)}),
    st.fixed_dictionaries({"kind": st.sampled_from(["send_to_prison", "release_prisoners"]), "player": SEATS}),
)
AMYTIS_MOVES = st.one_of(
    st.fixed_dictionaries({"kind": st.just("amytis_stack"), "player": SEATS, "row": st.integers(0, 2),
                           "column": st.integers(0, 2), "delta": st.sampled_from([1, -1])}),
    st.fixed_dictionaries({"kind": st.just("amytis_favor_track"), "player": SEATS, "delta": st.sampled_from([1, -1])}),
    st.fixed_dictionaries({"kind": st.sampled_from(["amytis_project_add", "amytis_project_remove"]), "player": SEATS,
                           "points": st.integers(1, 6)}),
    st.fixed_dictionaries({"kind": st.just("amytis_track"), "player": SEATS, "total": st.integers(0, 40)}),
    st.fixed_dictionaries({"kind": st.just("amytis_favor"), "player": SEATS,
                           "favor": st.sampled_from(["stacks_of_1", "corners", "projects"]),
                           "claimed": st.sampled_from(["1", "0"])}),
)
GAMES = {
    "aotwk": (lambda: table.new_game({"mode": "multiplayer", "seed": 7, "players": [
        {"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]}), "/move", AOTWK_MOVES),
    "amytis": (lambda: pad.new_game(["Martine", "Paul"], "Amytis"), "/amytis/move", AMYTIS_MOVES),
}


def steps(moves):
    """A phone's taps, a few rounds of: some moves, Undo a few times, Redo a few times (more than
    there is to undo or redo, now and then), sometimes the server restarting."""
    rounds = st.tuples(st.lists(moves, max_size=3), st.integers(0, 3), st.integers(0, 3), st.booleans())
    return st.lists(rounds, min_size=1, max_size=4).map(lambda played: [
        tap for taken, undos, redos, restart in played
        for tap in [*(("move", move) for move in taken), *[("undo", None)] * undos, *[("redo", None)] * redos,
                    *[("restart", None)] * restart]])


def stored(app, edit_token: str) -> tuple[dict, list, list]:
    """What the database holds of a game: its state, its active events and its undone ones (by seq)."""
    with app.extensions["store"].engine.connect() as conn:
        game = conn.execute(select(games).where(games.c.edit_token == edit_token)).one()
        rows = conn.execute(select(events).where(events.c.game_id == game.id).order_by(events.c.seq)).all()
    return game, [row for row in rows if not row.undone], [row for row in rows if row.undone]


def assert_state_is_the_replay(app, edit_token: str) -> tuple[list, list]:
    """The stored state, and each active event's state after it, equal the rules run over the active
    events from the game's first state; the undone events all come after the active ones (Redo
    brings back only what the last Undo took). Returns the seqs of the active and the undone events."""
    game, active, undone = stored(app, edit_token)
    state = game.initial_state
    for row in active:
        state, _notes = game_pages.pages_of(state).apply(state, row.move)
        assert row.state_after == state, f"event {row.seq} ({row.move['kind']}) stored another state than its replay"
    assert game.state == state, "the game's state is not the replay of its events"
    assert not undone or not active or undone[0].seq > active[-1].seq
    assert app.extensions["store"].find(edit_token)[0].state == game.state   # the server's memory agrees
    return [row.seq for row in active], [row.seq for row in undone]


class Phone:
    """One phone at the table, on whichever server is running now."""

    def __init__(self, make_app):
        self.make_app = make_app
        self.restart()

    def restart(self) -> None:
        if getattr(self, "app", None) is not None:
            self.app.extensions["store"].engine.dispose()
        self.app = self.make_app()
        self.client = self.app.test_client()
        self.csrf = csrf_token_from(self.client.get("/").get_data(as_text=True))

    def send(self, edit_token: str, path: str, fields: dict) -> int:
        revision = self.app.extensions["store"].find(edit_token, fresh=True)[0].revision
        response = self.client.post(f"/g/{edit_token}{path}", data={**fields, "rev": revision, "csrf_token": self.csrf})
        assert response.status_code in (303, 400), response.get_data(as_text=True)[:500]
        return response.status_code


@pytest.fixture
def phone(make_app):
    return Phone(make_app)


@pytest.mark.parametrize("kind", GAMES)
def test_the_stored_state_is_the_replay_of_its_events_through_undo_redo_and_restarts(phone, kind):
    new_state, move_path, moves = GAMES[kind]
    played = []

    @settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                     HealthCheck.too_slow])
    @given(steps(moves))
    def one_game(taps):
        edit_token = phone.app.extensions["store"].create(new_state()).edit_token
        played.append(edit_token)
        active, redoable = [], []   # the model: the seqs of the events Undo and Redo should find
        for action, move in taps:
            if action == "restart":
                phone.restart()
            elif action == "move":
                if phone.send(edit_token, move_path, move) == 303:
                    redoable.clear()   # a new change drops what was undone
                    active.append(assert_state_is_the_replay(phone.app, edit_token)[0][-1])
            elif action == "undo":
                assert phone.send(edit_token, "/undo", {}) == (303 if active else 400)
                if active:
                    redoable.insert(0, active.pop())
            else:
                assert phone.send(edit_token, "/redo", {}) == (303 if redoable else 400)
                if redoable:
                    active.append(redoable.pop(0))
            assert assert_state_is_the_replay(phone.app, edit_token) == (active, redoable)

    one_game()
    phone.restart()   # every game played, read again by a server that remembers none of them
    for edit_token in played:
        assert_state_is_the_replay(phone.app, edit_token)
