"""Fixtures for the table tracker tests: a fresh game, a way to set the scene,
and a way to play moves in order."""

import copy

import pytest

from companion.aotwk.rules import table


def _new(names=("Red", "Blue"), mode="multiplayer", **setup):
    players = [{"name": n, "colour": n.lower(), "board": None} for n in names]
    for key in [k for k in setup if k.startswith("board_")]:
        players[int(key[6:])]["board"] = setup.pop(key)
    return table.new_game({"title": "Test", "players": players, "mode": mode, **setup})


def _given(state, who=None, **fields):
    """A copy of the state with fields of a player (or the bot, or the table) set."""
    state = copy.deepcopy(state)
    if who is None:
        state["table"].update(fields)
    elif who == "bot":
        state["bot"].update(fields)
    else:
        state["players"][who].update(fields)
    return state


def _play(state, *moves):
    notes = []
    for move in moves:
        state, more = table.apply(state, move)
        notes += more
    return state, notes


@pytest.fixture
def new():
    return _new


@pytest.fixture
def given():
    return _given


@pytest.fixture
def play():
    return _play


@pytest.fixture
def solo():
    return _new(("Red",), mode="solo", opponent="helena")
