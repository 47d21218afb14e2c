"""status: derived flags for the table page."""

from companion.aotwk.rules import table


def test_flags_follow_the_virtue_track(new, given):
    """Rulebook, Virtue Track: Black Market closed at 10+, Cathedral closed at 4-, taxes
    ignored at 3 or less (2 at 0-1)."""
    state = given(given(new(), 0, virtue=10), 1, virtue=1)
    red, blue = table.status(state, 0), table.status(state, 1)
    assert (red["black_market_closed"], red["cathedral_closed"], red["taxes_ignored"]) == (True, False, 0)
    assert (blue["black_market_closed"], blue["cathedral_closed"], blue["taxes_ignored"]) == (False, True, 2)
    assert blue["can_advance_cathedral"] is False and "closed" in blue["cathedral_reason"]


def test_the_bot_is_never_closed_out(solo, given):
    """Rulebook, Solo Play: the opponent 'Can always advance work on the Cathedral, or
    visit the Black Market, regardless of their Virtue'."""
    bot = table.status(given(solo, "bot", virtue=12), "bot")
    assert (bot["black_market_closed"], bot["cathedral_closed"], bot["can_advance_cathedral"]) == (False, False, True)
    assert bot["name"] == "Helena" and bot["apprentice_limit"] is None
    assert table.status(given(solo, "bot", virtue=2), "bot")["cathedral_closed"] is False


def test_apprentice_count_and_limit(new, given):
    flags = table.status(given(new(), 0, apprentices=["miner_1", "merchant_1", "merchant_2", "merchant_3", "merchant_4"]), 0)
    assert (flags["apprentice_count"], flags["apprentice_limit"], flags["can_hire"]) == (5, 5, False)


def test_full_cathedral_level_is_explained(new, given):
    state = given(given(new(("A", "B", "C")), 0, cathedral=5), 1, cathedral=4)
    flags = table.status(state, 1)
    assert flags["can_advance_cathedral"] is False and "level 5 is full" in flags["cathedral_reason"]
    assert flags["cathedral_next_level_free"] == 0


def test_final_round_flags(new):
    state = new()
    for _ in range(12):
        table.place_in_guildhall(state, 0, "x")
    assert table.status(state, 1)["final_turn_pending"] is True
    state, _ = table.apply(state, {"kind": "final_turn_done", "player": 1})
    assert table.status(state, 1)["can_place"] is False


def test_black_market_reason(new, given):
    state = given(new(), 0, virtue=12)
    assert "closed at 10 or more" in table.status(state, 0)["black_market_reason"]
    assert table.status(state, 1)["black_market_reason"] is None
    full = given(state, black_market={"small": 0, "middle": 0, "large": 1})
    assert table.status(full, 1)["black_market_reason"] == "every Black Market space is taken"


def test_a_seat_sees_who_holds_its_captured_workers(new, play):
    """Rulebook, Town Centre: captured Workers go onto the capturing player's Board; Guardhouse,
    action 3: a player may 'release all their own Workers from other players' Boards'. The victim's
    card says where they are."""
    state, _ = play(new(("Ann", "Bob", "Cy")), {"kind": "capture", "player": 2, "victim": 0, "count": 2},
                    {"kind": "capture", "player": 1, "victim": 0, "count": 1},
                    {"kind": "capture", "player": 0, "victim": 1, "count": 1})
    assert table.status(state, 0)["held_by"] == [("Bob", 1), ("Cy", 2)]
    assert table.status(state, 1)["held_by"] == [("Ann", 1)]
    assert table.status(state, 2)["held_by"] == []
