"""Hand-made finished games the group tests share (paper-pad totals, so every figure can be
worked out by hand: a category named in ``overrides`` scores exactly that)."""

from __future__ import annotations

import copy


def _events(*times: str) -> list[dict]:
    return [{"seq": seq, "at": at, "kind": "note"} for seq, at in enumerate(times, start=1)]


FRIDAY_1 = {   # 6 Nov: Ann 37 beats Bob 17; 19:00 -> 20:30, no pause: 90 minutes
    "title": "Friday 1", "phase": "finished", "created_at": "2026-11-06T18:50:00Z",
    "players": [
        {"name": "Ann", "colour": "red", "virtue": 7, "buildings": ["smithy", "well"],
         "overrides": {"buildings": 30, "cathedral": 7}},
        {"name": "Bob", "colour": "blue", "virtue": 7, "buildings": ["keep"], "debts_unpaid": 1, "prisoners": 2,
         "overrides": {"buildings": 20}},
    ],
    "events": _events("2026-11-06T19:00:00Z", "2026-11-06T19:40:00Z", "2026-11-06T20:30:00Z"),
}
FRIDAY_2 = {   # 13 Nov: Bob and Ann tie on 25, virtue 7, no silver: both win; a 2.5-hour pause is left out: 50 minutes
    "title": "Friday 2", "phase": "finished", "created_at": "2026-11-13T18:50:00Z",
    "players": [
        {"name": "Bob", "colour": "blue", "virtue": 7, "buildings": ["well"], "overrides": {"buildings": 25}},
        {"name": "Ann", "colour": "red", "virtue": 7, "buildings": ["smithy"], "overrides": {"buildings": 25}},
    ],
    "events": _events("2026-11-13T19:00:00Z", "2026-11-13T19:30:00Z", "2026-11-13T22:00:00Z",
                      "2026-11-13T22:20:00Z"),
}
FRIDAY_3 = {   # 20 Nov, three players, no events (time unknown); "ann " is Ann
    "title": "Friday 3", "phase": "finished", "created_at": "2026-11-20T19:00:00Z",
    "players": [
        {"name": "ann ", "virtue": 7, "buildings": ["keep"], "overrides": {"buildings": 40}},
        {"name": "Bob", "virtue": 7, "overrides": {"buildings": 10}},
        {"name": "Cy", "virtue": 7, "overrides": {"buildings": 5}},
    ],
}
UNFINISHED = {   # still being played: counts for nothing
    "title": "Friday 4", "phase": "playing", "created_at": "2026-11-27T19:00:00Z",
    "players": [{"name": "Ann", "overrides": {"buildings": 90}}, {"name": "Bob"}],
}
AMYTIS = {   # Bob 60 beats Ann 50 on the score track
    "game": "architects_of_amytis", "title": "Amytis", "phase": "finished", "created_at": "2026-11-21T19:00:00Z",
    "players": [{"name": "Ann", "track": 50}, {"name": "Bob", "track": 60}],
}


def fridays() -> list[dict]:
    return copy.deepcopy([FRIDAY_1, FRIDAY_2, FRIDAY_3, UNFINISHED, AMYTIS])
