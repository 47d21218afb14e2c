"""A game's playing time: first move to final score, pauses of over an hour with nothing
happening left out (issue 19, "Game time")."""

from datetime import date, datetime, timedelta, timezone

from companion.game_time import dated, day, document_playing_time, minutes, played_at, played_day, playing_time


def at(hour: int, minute: int = 0, day: int = 6) -> datetime:
    return datetime(2026, 11, day, hour, minute)


def test_first_to_last_move():
    assert playing_time([at(19), at(19, 40), at(20, 30)]) == timedelta(minutes=90)


def test_a_pause_of_over_an_hour_is_left_out_and_an_hour_exactly_is_play():
    assert playing_time([at(19), at(19, 30), at(22), at(22, 20)]) == timedelta(minutes=50)
    assert playing_time([at(19), at(20)]) == timedelta(hours=1)


def test_a_game_finished_the_next_evening():
    assert playing_time([at(20), at(21), at(19, day=7), at(19, 45, day=7)]) == timedelta(minutes=105)


def test_order_does_not_matter_and_one_move_is_no_time():
    assert playing_time([at(20, 10), at(19, 30), at(19, 50)]) == timedelta(minutes=40)
    assert playing_time([at(19)]) is None
    assert playing_time([]) is None


def test_moves_made_all_at_once_measure_no_time():
    """A pad filled in after the game, moves sent at once: no playing time, never "0 minutes"."""
    assert playing_time([at(19), at(19), datetime(2026, 11, 6, 19, 0, 29)]) is None
    assert playing_time([at(19), at(21)]) is None   # (only a pause between them)
    assert playing_time([at(19), datetime(2026, 11, 6, 19, 0, 30)]) == timedelta(seconds=30)


def test_from_a_document_s_event_times_whatever_their_zone():
    doc = {"events": [{"at": "2026-11-06T19:00:00Z"}, {"at": "2026-11-06T21:30:00+02:00"},
                      {"at": "not a time"}, {"kind": "no time"}]}
    assert document_playing_time(doc) == timedelta(minutes=30)
    assert document_playing_time({"players": []}) is None


def test_minutes_round_to_the_nearest():
    assert minutes(timedelta(minutes=89, seconds=31)) == 90
    assert minutes(timedelta(minutes=89, seconds=29)) == 89
    assert minutes(None) is None


def test_a_day_is_written_yyyy_mm_dd_and_a_real_day():
    assert day("2026-11-06") == date(2026, 11, 6) and played_day({"played_on": "2026-11-06"}) == date(2026, 11, 6)
    for wrong in ("2026-02-30", "2026-11-6", "6 Nov", "20261106", 20261106, None, ""):
        assert day(wrong) is None, wrong


def test_a_day_set_moves_the_moment_keeping_its_time_of_day():
    at = datetime(2026, 11, 20, 19, 30, tzinfo=timezone.utc)
    assert dated(at, date(2026, 10, 30)) == datetime(2026, 10, 30, 19, 30, tzinfo=timezone.utc)
    assert dated(None, date(2026, 10, 30)) == datetime(2026, 10, 30, 12, tzinfo=timezone.utc)
    assert dated(at, None) is at


def test_the_score_sheets_date_is_the_day_set():
    from companion.aotwk.sheets import score_sheet
    from tests.groups.games import fridays
    document = {**fridays()[0], "played_on": "2026-10-30"}
    assert score_sheet(document).played_at.date() == date(2026, 10, 30)
    assert played_at({"played_on": "2026-10-30"}, at_six()).date() == date(2026, 10, 30)


def test_a_stored_game_was_played_when_its_document_was_made_else_when_it_was_stored():
    assert played_at({}, at_six()) == at_six()
    imported = {"created_at": "2026-10-02T20:15:00Z"}
    assert played_at(imported, at_six()) == datetime(2026, 10, 2, 20, 15, tzinfo=timezone.utc)
    assert played_at({**imported, "played_on": "2026-10-03"}, at_six()) == datetime(2026, 10, 3, 20, 15,
                                                                                     tzinfo=timezone.utc)


def at_six() -> datetime:
    return datetime(2026, 11, 20, 18, tzinfo=timezone.utc)
