"""The charts' geometry (companion.charts): what templates/export/_charts.html draws."""

import re
from pathlib import Path

from pytest import approx

from companion.charts import (CATEGORY_COLOURS, DASHES, LABEL_WIDTH, PATTERNS, PEOPLE_COLOURS, PLAYER_COLOURS,
                              SPARE_COLOURS, score_bars, score_lines, wins_bars)
from tests.contrast import contrast


def test_a_bar_per_player_split_by_category_penalties_left_of_zero():
    chart = score_bars([{"name": "Ann", "total": 35, "categories": {"buildings": 30, "cathedral": 7, "debts": -2}},
                        {"name": "Bob", "total": 10, "categories": {"buildings": 10, "cathedral": 0, "debts": 0}}],
                       ["buildings", "cathedral", "debts"])
    ann, bob = chart.bars
    scale = ann.segments[0].width / 30
    # one scale for every bar: 37 up and 2 down across the width left after names and totals
    assert scale == approx((340 - LABEL_WIDTH - 34) / 39)
    assert chart.zero_x == approx(LABEL_WIDTH + 2 * scale)
    assert [(s.category, s.points) for s in ann.segments] == [("buildings", 30), ("cathedral", 7), ("debts", -2)]
    assert ann.segments[1].x == approx(chart.zero_x + 30 * scale)            # cathedral follows buildings
    assert ann.segments[2].x + ann.segments[2].width == approx(chart.zero_x)  # the debt ends at zero
    assert ann.end == approx(chart.zero_x + 37 * scale)
    assert [(s.category, s.points) for s in bob.segments] == [("buildings", 10)]   # nothing drawn for 0
    assert chart.categories == [("buildings", CATEGORY_COLOURS["buildings"]), ("cathedral", CATEGORY_COLOURS["cathedral"]),
                                ("debts", CATEGORY_COLOURS["debts"])]
    assert bob.y - ann.y == 30 and chart.height == 2 * 30 + 8


def test_scores_over_time_one_line_per_person_in_their_colour():
    timeline = [{"totals": {"Ann": 40, "Bob": 20}}, {"totals": {"Ann": 30}}, {"totals": {"Ann": 20, "Bob": 40}}]
    chart = score_lines(timeline, {"Ann": "red", "Bob": None})
    ann, bob = chart.lines
    assert (chart.low, chart.high, chart.games) == (20, 40, 3)
    assert ann.colour == PLAYER_COLOURS["red"] and bob.colour != ann.colour
    assert [x for x, _y, _score in ann.points] == approx([34, 184, 334])   # evenly along the width
    assert [y for _x, y, _score in ann.points] == approx([chart.top, (chart.top + chart.baseline) / 2, chart.baseline])
    assert [score for *_xy, score in bob.points] == [20, 40] and bob.points[1][0] == approx(334)   # Bob missed game 2


def test_two_people_in_one_colour_get_two_colours():
    chart = score_lines([{"totals": {"Ann": 1, "Bea": 2}}], {"Ann": "blue", "Bea": "blue"})
    assert chart.lines[0].colour != chart.lines[1].colour


def test_wins_bars_scale_to_the_most_games():
    height, (ann, bob) = wins_bars([{"name": "Ann", "wins": 3, "games": 4}, {"name": "Bob", "wins": 1, "games": 2}])
    assert ann.games_width == approx(340 - LABEL_WIDTH - 40) and ann.wins_width == approx(ann.games_width * 3 / 4)
    assert bob.games_width == approx(ann.games_width / 2) and height == 2 * 30 + 8


def test_a_score_too_large_for_a_float_still_draws_a_bar():
    # A 400-digit stored value (an import from before the bounds): a float cannot hold it.
    huge = 10 ** 400
    chart = score_bars([{"name": "Ann", "total": huge, "categories": {"track": huge, "debts": -huge}},
                        {"name": "Bob", "total": 3, "categories": {"track": 3}}], ["track", "debts"])
    ann, bob = chart.bars
    assert ann.segments[0].width == approx(ann.segments[1].width) and ann.end <= 340
    assert bob.segments[0].width < 1e-300   # 3 points against 10^400 is no width at all


# -- colour is never the only sign, and every series reaches 3:1 (issue 35) -------------------------


APP_CSS = (Path(__file__).resolve().parents[1] / "static" / "app.css").read_text(encoding="utf-8")


def page_colours(name: str) -> tuple[str, str]:
    """A custom property's light and dark values in static/app.css (``--bg: light-dark(#..., #...)``)."""
    light, dark = re.search(rf"--{name}: light-dark\((#[0-9a-f]+), (#[0-9a-f]+)\)", APP_CSS).groups()
    return light, dark


# Where a chart is drawn: the page and a card in light and dark, and the printed sheet's paper.
BACKGROUNDS = {*page_colours("bg"), *page_colours("card"), "#ffffff"}


def test_every_chart_series_reaches_3_to_1_on_light_and_dark_pages_and_paper():
    series = {*CATEGORY_COLOURS.values(), *SPARE_COLOURS, *PLAYER_COLOURS.values(), *PEOPLE_COLOURS, "#3b82f6"}
    weak = {(colour, background): round(contrast(colour, background), 2)
            for colour in series for background in BACKGROUNDS if contrast(colour, background) < 3}
    assert weak == {}


def test_bar_segments_have_a_pattern_as_well_as_a_colour():
    categories = ["buildings", "cathedral", "virtue", "debts", "gold_marble", "silver", "prison"]
    chart = score_bars([{"name": "Ann", "total": 1, "categories": {c: 1 for c in categories}}], categories)
    patterns = [segment.pattern for segment in chart.bars[0].segments]
    assert len(set(patterns)) == len(categories) == len(PATTERNS)   # seven categories, seven patterns
    assert chart.patterns == dict(zip(categories, patterns))          # the key shows the same


def test_each_line_has_its_own_dashes_and_its_name_at_its_end_without_overlap():
    timeline = [{"totals": {"Ann": 40, "Bob": 40, "Cy": 41}}, {"totals": {"Ann": 50, "Bob": 50, "Cy": 51}}]
    chart = score_lines(timeline, {})
    assert [line.dash for line in chart.lines] == list(DASHES[:3])
    ys = sorted(line.label_y for line in chart.lines)
    assert all(lower - upper >= 11 for upper, lower in zip(ys, ys[1:]))   # three names at one height, apart
    assert all(line.label_x == line.points[-1][0] for line in chart.lines)
