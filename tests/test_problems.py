"""companion.problems: what every game's document reader shares."""

from companion.problems import envelope_problems


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
