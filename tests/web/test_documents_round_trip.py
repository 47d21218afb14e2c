"""Every stored game's export imports back to the same score (companion/web/documents.py; issue 30's
and 31's round trip): random valid moves through ``POST /g/<t>/moves``, then ``export.json`` into
``POST /games/import``, and the two games' ``score.json`` compared, finished or not, scorable or not.

The moves are the rules' property tests' own (tests/aotwk/rules/table/test_table_properties.py's
``random_move``; an Amytis board of tests/amytis/test_scoring_properties.py tapped in), with the
rows a paper pad and Age of Artisans add.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.amytis import pad as amytis_pad
from companion.aotwk.rules import table
from companion.aotwk.rules.table import pad
from tests.amytis.test_scoring_properties import players as amytis_player
from tests.aotwk.rules.table.test_table_properties import CAT, random_move

# its storage differs between SQLite and PostgreSQL: run on both (tests/conftest.py)
pytestmark = pytest.mark.both_databases

AOTWK_KINDS = ("multiplayer", "paper", "solo", "two_vs_bot", "age_of_artisans")
ARTISANS_APPRENTICES = [a.id for a in CAT.apprentices.values() if a.set == "age_of_artisans"]
MOVES = 14
# No deadline: the machine is shared; a handful of games per database keeps the test to seconds.
round_trips = settings(max_examples=20, deadline=None, database=None,
                       suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def new_aotwk_game(kind: str, seed: int) -> dict:
    names = {"solo": ["Sol"], "two_vs_bot": ["Ann", "Bob"]}.get(kind, ["Ann", "Bob", "Cleo"][: 1 + seed % 3])
    mode = "multiplayer" if kind == "age_of_artisans" else kind
    return table.new_game({"mode": mode, "players": [{"name": n} for n in names], "seed": seed,
                           "opponent": "helena" if kind in ("solo", "two_vs_bot") else None,
                           "expansions": ["age_of_artisans"] if kind == "age_of_artisans" else [],
                           "variable_boards": seed % 2 == 0})


def pad_row(rng: random.Random, state: dict, cells: tuple[str, ...] = ()) -> dict:
    """A paper pad row: a few of this game's cells, each a value the pad's own rules take."""
    rules = pad.pad_rules()
    cells = cells or (*pad.categories(state), pad.FINAL_VIRTUE, pad.FINAL_SILVER)
    row = {}
    for cell in rng.sample(cells, rng.randint(1, len(cells))):
        row[cell] = rng.choice([v for v in range(-12, 40) if rules[cell][0](v) is None])
    return {"kind": "set_total", "player": rng.randrange(len(state["players"])), "cells": row}


def artisans_move(rng: random.Random, state: dict) -> dict:
    """Age of Artisans' own moves: Tools, Adornments, an Artisan Apprentice hired."""
    seat = rng.randrange(len(state["players"]))
    return rng.choice([{"kind": "tools", "player": seat, "delta": rng.randint(-1, 2)},
                       {"kind": "add_adornment", "player": seat, "vp": rng.randint(0, 5)},
                       {"kind": "hire", "player": seat, "apprentice": rng.choice(ARTISANS_APPRENTICES),
                        "source": "free"}])


def aotwk_move(rng: random.Random, kind: str, state: dict) -> dict:
    if kind == "paper":
        return pad_row(rng, state)
    if kind == "age_of_artisans" and rng.random() < 0.3:
        return artisans_move(rng, state)
    return random_move(rng, state)


def ending(rng: random.Random, kind: str, state: dict) -> list[dict]:
    """How a table ends its game: the paper pad's final values typed after "End the game"."""
    if kind != "paper":
        return [{"kind": "finish_game"}]
    finals = [{"kind": "set_total", "player": seat, "cells": pad_row(rng, state, (pad.FINAL_VIRTUE,
                                                                                      pad.FINAL_SILVER))["cells"]}
              for seat in range(len(state["players"]))]
    return [{"kind": "end_game"}, *finals]


def amytis_taps(board: dict, seat: int) -> list[dict]:
    """The taps that build ``board`` (a random legal player of the scoring properties) on a pad."""
    taps = [{"kind": "amytis_stack", "player": seat, "row": r, "column": c, "delta": 1}
            for r, row in enumerate(board["stacks"]) for c, height in enumerate(row) for _ in range(height)]
    taps += [{"kind": "amytis_project_add", "player": seat, "points": p} for p in board["projects"]]
    taps += [{"kind": "amytis_favor", "player": seat, "favor": f, "claimed": True} for f in board["favors"]]
    taps += [{"kind": "amytis_favor_track", "player": seat, "delta": 1}] * board["favor_track_pawns"]
    taps.append({"kind": "amytis_track", "player": seat, "total": board["track"]})
    return taps


def play(client, state: dict, moves) -> str:
    """Store ``state`` and send it ``moves`` (a function of the stored state: each move sees the one
    before) as JSON; returns the edit token. A move the rules refuse changes nothing and is skipped."""
    store = client.application.extensions["store"]
    token = store.create(state).edit_token
    for move in moves(lambda: store.find(token)[0].state):
        sent = client.post(f"/g/{token}/moves", json=move)
        assert sent.status_code in (200, 409, 422), (move, sent.status_code, sent.get_data(as_text=True))
    return token


def assert_round_trip(client, token: str) -> None:
    exported = client.get(f"/g/{token}/export.json")
    assert exported.status_code == 200
    imported = client.post("/games/import", json=exported.get_json())
    assert imported.status_code == 303, imported.get_data(as_text=True)
    again = imported.headers["Location"].rsplit("/", 1)[-1]
    before, after = client.get(f"/g/{token}/score.json"), client.get(f"/g/{again}/score.json")
    assert (after.status_code, after.get_json()) == (before.status_code, before.get_json())


def test_every_aotwk_game_imports_back_with_the_same_score(client, database):
    @round_trips
    @given(kind=st.sampled_from(AOTWK_KINDS), seed=st.integers(0, 2**31), finish=st.booleans())
    def round_trip(kind, seed, finish):
        rng = random.Random(seed)

        def moves(state):
            for _ in range(MOVES):
                yield aotwk_move(rng, kind, state())
            if finish:
                yield from ending(rng, kind, state())
        assert_round_trip(client, play(client, new_aotwk_game(kind, seed), moves))

    round_trip()


def test_every_amytis_game_imports_back_with_the_same_score(client, database):
    @round_trips
    @given(ann=amytis_player("Ann"), bob=amytis_player("Bob"), seed=st.integers(0, 2**31), finish=st.booleans())
    def round_trip(ann, bob, seed, finish):
        rng = random.Random(seed)
        bob["favors"] = [f for f in bob["favors"] if f not in ann["favors"]]   # a favor space holds one pawn

        def moves(state):
            taps = amytis_taps(ann, 0) + amytis_taps(bob, 1)
            yield from rng.sample(taps, min(len(taps), 2 * MOVES))   # some of both boards, in any order
            if finish:
                yield {"kind": "amytis_phase", "phase": "finished"}
        assert_round_trip(client, play(client, amytis_pad.new_game(["Ann", "Bob"], "Thursday"), moves))

    round_trip()


def test_a_finished_paper_game_imports_back_finished(client):
    """Issue 31: 'A paper-pad game's export.json, imported again, comes back unscorable ("nobody has
    entered Cleo's final virtue yet")'."""
    def moves(state):
        yield {"kind": "set_total", "player": 0, "cells": {"buildings": 12, "final_virtue": 7, "final_silver": 3}}
        yield {"kind": "end_game"}
    token = play(client, new_aotwk_game("paper", 0), moves)
    assert client.get(f"/g/{token}/score.json").status_code == 200
    assert_round_trip(client, token)


# -- a group's games.json into a new group (issue 31: "8 finished games to 6, and its stats.json differed")

def into_new_group(client, name: str) -> tuple[str, object]:
    from companion.web.storage.group_store import GroupStore
    groups = GroupStore(client.application.extensions["store"])
    return (group := groups.create(name)).token, (groups, group)


def test_a_groups_games_json_into_a_new_group_gives_the_same_stats_json(client, database):
    @round_trips
    @given(games=st.lists(st.tuples(st.sampled_from(AOTWK_KINDS + ("amytis",)), st.integers(0, 2**31),
                                    st.booleans()), min_size=1, max_size=6))
    def round_trip(games):
        token, (groups, group) = into_new_group(client, "Thursday club")
        store = client.application.extensions["store"]
        for number, (kind, seed, finish) in enumerate(games, start=1):
            rng = random.Random(seed)
            if kind == "amytis":
                state = amytis_pad.new_game(["Ann", "Bob"], "Thursday")

                def moves(state, rng=rng, finish=finish):
                    yield {"kind": "amytis_track", "player": 0, "total": rng.randint(0, 90)}
                    yield {"kind": "amytis_track", "player": 1, "total": rng.randint(0, 90)}
                    if finish:
                        yield {"kind": "amytis_phase", "phase": "finished"}
            else:
                state = new_aotwk_game(kind, seed)

                def moves(state, rng=rng, kind=kind, finish=finish):
                    for _ in range(MOVES):
                        yield aotwk_move(rng, kind, state())
                    if finish:
                        yield from ending(rng, kind, state())
            state["title"] = f"Thursday {number}"   # (the set-up form titles every game it makes)
            game = store.find(play(client, state, moves))[0]
            groups.add_game(group, game.id, game.state["players"])
        bundle = client.get(f"/groups/{token}/games.json")
        assert bundle.status_code == 200
        again, _ = into_new_group(client, "Thursday club")
        moved = client.post(f"/groups/{again}/import", data=bundle.get_data(), content_type="application/json")
        assert moved.status_code == 303, moved.get_data(as_text=True)
        before, after = client.get(f"/groups/{token}/stats.json"), client.get(f"/groups/{again}/stats.json")
        assert after.get_json() == before.get_json()
        played = sum(kind["played"] for kind in before.get_json()["games"].values())
        assert played == len(client.get(f"/groups/{again}/games.json").get_json()["games"]) - sum(
            not finish for _kind, _seed, finish in games) - unscorable(client, token)

    round_trip()


def unscorable(client, token: str) -> int:
    """The group's finished games its statistics cannot count (a paper pad finished with a cell missing)."""
    bundle = client.get(f"/groups/{token}/games.json").get_json()["games"]
    from companion.groups.stats import played
    return sum(document.get("phase") == "finished" and played(document) is None for document in bundle)

