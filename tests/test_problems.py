"""companion.problems: what every game's document reader shares."""

import pytest

from companion.problems import InvalidInput, Problem, envelope_problems, read_pad_document


def test_a_pad_documents_envelope_names_each_wrong_field():
    doc = {"phase": "over", "events": [{"kind": "x"}, 3], "format": "other/1"}
    assert [(p.path, p.message) for p in envelope_problems(doc, ("playing", "finished"), "pad/1")] == [
        ("phase", "must be one of playing, finished (got 'over')"),
        ("events", 'must be a list of objects, each with a "kind"'),
        ("format", "must be 'pad/1' (got 'other/1')"),
    ]


def test_an_envelope_left_out_is_no_problem():
    assert envelope_problems({}, ("playing",), "pad/1") == []
    assert envelope_problems({"phase": "playing", "events": [], "format": "pad/1"}, ("playing",), "pad/1") == []


def _needs_players(doc):
    if not doc.get("players"):
        raise InvalidInput([Problem("players", "required")])


def test_a_pad_document_is_refused_with_its_readers_its_games_and_its_envelopes_problems_in_one_go():
    with pytest.raises(InvalidInput) as refused:
        read_pad_document({"phase": "over"}, _needs_players, ("playing",), "pad/1", [Problem("title", "too long")])
    assert [p.path for p in refused.value.problems] == ["players", "title", "phase"]


def test_a_pad_document_read_is_a_copy_and_its_events_apart():
    doc = {"players": [{"name": "Ann"}], "events": [{"kind": "x"}]}
    state, events = read_pad_document(doc, _needs_players, ("playing",), "pad/1")
    assert (state, events) == ({"players": [{"name": "Ann"}]}, [{"kind": "x"}])
    state["players"][0]["name"], events[0]["kind"] = "Bob", "y"
    assert doc == {"players": [{"name": "Ann"}], "events": [{"kind": "x"}]}
    assert read_pad_document({"players": [1]}, _needs_players, ("playing",), "pad/1")[1] == []
