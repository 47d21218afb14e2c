"""A group's statistics over hand-made games (tests/groups/games.py), each expected figure
worked out by hand. The rules they follow are the contract's (shared/contracts/web-routes.md,
*Groups*): "counting finished games only", "`wins` counts a shared win for each winner;
`average` is rounded to one decimal; players are listed by wins, then average, descending"."""

from datetime import date

from companion.amytis import GAME_ID as AMYTIS
from companion.aotwk.rules.document import GAME_ID as AOTWK
from companion.groups.stats import group_stats, one_decimal, played
from tests.groups.games import fridays


def stats(roster=None, season_from=None) -> dict:
    return group_stats("Friday club", [played(doc) for doc in fridays()], roster or [], season_from)


def test_finished_games_only_per_kind():
    games = stats()["games"]
    assert games[AOTWK]["played"] == 3      # Friday 4 is still being played
    assert games[AMYTIS]["played"] == 1


def test_players_games_wins_average_best_in_contract_order():
    table = stats()["games"][AOTWK]["players"]
    # Ann 37, 25 (shared win), 40 ("ann " is Ann): 3 wins, 102 / 3 = 34.0
    # Bob 17, 25 (shared win), 10: 1 win, 52 / 3 = 17.33 -> 17.3; Cy 5 once
    assert [(p["name"], p["games"], p["wins"], p["average"], p["best"]) for p in table] == [
        ("Ann", 3, 3, 34.0, 40), ("Bob", 3, 1, 17.3, 25), ("Cy", 1, 0, 5.0, 5)]
    assert [p["win_rate"] for p in table] == [1.0, 0.333, 0.0]


def test_category_averages_and_final_virtue_debts_prison():
    bob = stats()["games"][AOTWK]["players"][1]
    # buildings 20 + 25 + 10 = 55 / 3 = 18.3; one unpaid debt (-2) once: -0.7; 2 in Prison (-1) once: -0.3
    assert bob["categories"]["buildings"] == 18.3
    assert bob["categories"]["debts"] == -0.7
    assert bob["categories"]["prison"] == -0.3
    assert (bob["final_virtue"], bob["debts_unpaid"], bob["prisoners"]) == (7.0, 0.3, 0.7)


def test_buildings_built_and_how_often_the_builder_won():
    rows = {row["id"]: row for row in stats()["games"][AOTWK]["buildings"]}
    assert rows["smithy"] == {"id": "smithy", "built": 2, "games": 2, "builder_won": 2, "win_rate": 1.0}
    # the Keep: Bob lost Friday 1 with it, Ann won Friday 3 with it
    assert rows["keep"] == {"id": "keep", "built": 2, "games": 2, "builder_won": 1, "win_rate": 0.5}


def test_first_seat_against_its_fair_share():
    # the first seat won all three (Friday 2's shared win included); fair: (1/2 + 1/2 + 1/3) / 3 = 0.444
    assert stats()["games"][AOTWK]["first_seat"] == {"games": 3, "wins": 3, "win_rate": 1.0, "fair_share": 0.444}


def test_time_by_player_count_leaves_out_pauses_and_unknown_times():
    # 2 players: 90 and 50 minutes (Friday 2's 2.5-hour pause left out); Friday 3 has no events
    assert stats()["games"][AOTWK]["time_by_players"] == [{"players": 2, "games": 2, "average_minutes": 70.0}]


def test_season_counts_the_games_since_its_date():
    season = stats(season_from=date(2026, 11, 10))["games"][AOTWK]["season"]
    assert season["played"] == 2
    assert [(p["name"], p["games"], p["wins"], p["average"]) for p in season["players"]] == [
        ("Ann", 2, 2, 32.5), ("Bob", 2, 1, 17.5), ("Cy", 1, 0, 5.0)]


def test_the_roster_merges_two_spellings_into_one_person():
    docs = fridays()
    docs[0]["players"][1]["name"] = "Bobby"
    roster = [{"name": "Robert", "merged": ["bob", "BOBBY"]}]
    table = group_stats("Friday club", [played(doc) for doc in docs], roster)["games"][AOTWK]["players"]
    assert [(p["name"], p["games"]) for p in table] == [("Ann", 3), ("Robert", 3), ("Cy", 1)]


def test_amytis_counts_its_own_categories():
    table = stats()["games"][AMYTIS]["players"]
    assert [(p["name"], p["wins"], p["average"]) for p in table] == [("Bob", 1, 60.0), ("Ann", 0, 50.0)]
    assert table[0]["categories"]["track"] == 60.0
    assert "final_virtue" not in table[0]


def test_a_game_won_by_the_bot_is_no_player_s_win():
    solo = {"phase": "finished", "players": [{"name": "Ann", "virtue": 7, "overrides": {"buildings": 1}}],
            "bot": {"opponent": "helena", "virtue": 7, "cathedral": 5, "marble": 4}}
    result = played(solo)
    assert result is not None and [seat.won for seat in result.seats] == [False]


def test_timeline_lists_each_game_in_order_with_every_total():
    assert stats()["games"][AOTWK]["timeline"][0] == {
        "on": "2026-11-06", "title": "Friday 1", "totals": {"Ann": 37, "Bob": 17}, "winners": ["Ann"]}


def test_averages_round_half_up():
    assert one_decimal(165, 4) == 41.3     # 41.25
    assert one_decimal(-5, 4) == -1.3      # -1.25: away from zero


def test_a_figure_nobody_entered_is_left_out_of_its_average_which_says_over_how_many_games():
    """Issue 31: a paper pad's playing time, unpaid debts and workers in Prison are unknown, not 0."""
    tracked, on_paper = fridays()[0], {**fridays()[1], "mode": "paper"}
    on_paper["players"][0]["prisoners"] = 3   # (the setup's value on a paper pad: nobody counted it)
    assert played(on_paper).seconds is None and played(fridays()[1]).seconds is not None
    aotwk = group_stats("Friday club", [played(tracked), played(on_paper)], [])["games"][AOTWK]
    bob = next(p for p in aotwk["players"] if p["name"] == "Bob")
    assert bob["games"] == 2
    assert (bob["debts_unpaid"], bob["debts_unpaid_games"]) == (1.0, 1)     # Friday 1's one debt, not (1 + 0) / 2
    assert (bob["prisoners"], bob["prisoners_games"]) == (2.0, 1)
    assert (bob["final_virtue"], bob["final_virtue_games"]) == (7.0, 2)     # typed on the pad: known
    assert aotwk["time_by_players"] == [{"players": 2, "games": 1, "average_minutes": 90.0}]


def test_head_to_head_counts_who_finished_ahead_of_whom():
    rows = {(r["name"], r["opponent"]): r for r in stats()["games"][AOTWK]["head_to_head"]}
    # Friday 1: Ann 37 ahead of Bob 17; Friday 2: both won on 25 (level); Friday 3: Ann 40, Bob 10, Cy 5
    assert {k: rows[("Ann", "Bob")][k] for k in ("games", "ahead", "behind", "level")} == \
        {"games": 3, "ahead": 2, "behind": 0, "level": 1}
    assert {k: rows[("Bob", "Ann")][k] for k in ("ahead", "behind", "level")} == {"ahead": 0, "behind": 2, "level": 1}
    assert (rows[("Cy", "Bob")]["games"], rows[("Cy", "Bob")]["behind"]) == (1, 1)
    assert ("Ann", "Ann") not in rows


def test_streaks_of_wins_and_of_games_played_in_order():
    runs = {r["name"]: r for r in stats()["games"][AOTWK]["streaks"]}
    # in order: Friday 1 (Ann wins), Friday 2 (Ann and Bob win), Friday 3 (Ann wins; Cy's first game)
    assert runs["Ann"] == {"name": "Ann", "wins": 3, "current_wins": 3, "plays": 3, "current_plays": 3}
    assert runs["Bob"] == {"name": "Bob", "wins": 1, "current_wins": 0, "plays": 3, "current_plays": 3}
    assert runs["Cy"] == {"name": "Cy", "wins": 0, "current_wins": 0, "plays": 1, "current_plays": 1}


def test_records_say_who_when_and_in_which_game():
    found = stats()["games"][AOTWK]["records"]
    assert found["highest_total"] == {"name": "Ann", "points": 40, "title": "Friday 3", "on": "2026-11-20"}
    assert found["lowest_total"] == {"name": "Cy", "points": 5, "title": "Friday 3", "on": "2026-11-20"}
    assert found["categories"]["buildings"]["points"] == 40
    assert found["categories"]["cathedral"] == {"name": "Ann", "points": 7, "title": "Friday 1", "on": "2026-11-06"}


def test_favourite_buildings_and_lowest_score_per_player():
    figures = stats()["games"][AOTWK]
    assert figures["favourite_buildings"]["Ann"] == [{"id": "smithy", "games": 2}, {"id": "keep", "games": 1},
                                                     {"id": "well", "games": 1}]
    assert [(p["name"], p["lowest"]) for p in figures["players"]] == [("Ann", 25), ("Bob", 10), ("Cy", 5)]


def test_a_category_nobody_scored_in_holds_no_record():
    # Bob's one unpaid debt and two workers in Prison scored below 0; nobody scored above it there
    assert {"debts", "prison"}.isdisjoint(stats()["games"][AOTWK]["records"]["categories"])


def test_a_persons_row_averages_whatever_figures_a_game_registers():
    """The statistics name no game's figures (issue 29: shared stats code names no game): each seat
    carries its game's figures, and a person's row averages each over the games that recorded it."""
    from datetime import datetime

    from companion.groups.stats import Played, Seat, player_table

    def game(figure_value):
        return Played(kind="any", title="", on=datetime(2026, 11, 1), seconds=None,
                      seats=(Seat(name="Ann", total=10, categories={}, won=True, figures=(("laps", figure_value),)),))

    row, = player_table([game(3), game(None), game(4)], {"ann": "Ann"})
    assert (row["laps"], row["laps_games"]) == (3.5, 2)


def test_shared_group_code_and_pages_name_no_game():
    from pathlib import Path

    from companion.games import installed

    root = Path(__file__).resolve().parents[2]
    shared = [*root.glob("companion/groups/*.py"), *root.glob("templates/groups/*.html")]
    named = {str(path.relative_to(root)): game for path in shared for game in installed()
             if game in path.read_text(encoding="utf-8")}
    assert named == {}
