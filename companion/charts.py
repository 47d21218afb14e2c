"""The geometry of the charts the server draws as inline SVG (``templates/export/_charts.html``
draws what these return; the page, the group page and the PDF sheet share them).

Pure: numbers in, rectangles, lines and colours out. Colours are explicit fill and stroke
values of middle lightness, readable on a light page, a dark page and paper alike; words
on a chart are ``currentColor`` (the page's text colour) in the template.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import cycle

WIDTH = 340            # the viewBox width: a 360 px phone less its margins
LABEL_WIDTH = 84       # names on the left
BAR_HEIGHT = 18
ROW_HEIGHT = 30

# Every series colour reaches 3:1 (WCAG 1.4.11) against the light page and paper (#f6f3ee, #fff) and
# the dark page and card (#15171a, #22252a): a relative luminance between about 0.16 and 0.26
# (tests/test_charts.py computes it). Colour is never the only sign: bar segments carry a pattern
# too, and lines their person's name at their end.
# Score categories, each its own colour (and pattern) wherever it is drawn.
CATEGORY_COLOURS = {
    "buildings": "#4e79a7", "cathedral": "#c0650c", "virtue": "#4d8c44", "debts": "#e15759",
    "gold_marble": "#97790f", "silver": "#7d7d7d", "prison": "#9c755f", "adornments": "#b07aa1",
    "tools": "#478883", "marble": "#97790f", "guildhall": "#cf4f86",
    "track": "#4e79a7", "projects": "#c0650c", "favors": "#4d8c44",
}
SPARE_COLOURS = ("#428e32", "#499894", "#ca547f", "#4b8881", "#937c24")
# Player colours of the game, as a line or bar that shows on light and dark alike
# (black and white pieces become two greys).
PLAYER_COLOURS = {
    "red": "#d62728", "blue": "#3b82f6", "green": "#2ca02c", "yellow": "#957b00", "purple": "#9467bd",
    "black": "#6f6f6f", "orange": "#c95e00", "white": "#8b8b8b",
}
PEOPLE_COLOURS = ("#3b82f6", "#d62728", "#2ca02c", "#c95e00", "#9467bd", "#aa6e61", "#d73ca8", "#118a96")
# A bar segment's pattern over its colour, by the category's place in the chart: none, stripes one
# way and the other, dots, horizontal and vertical lines, a grid (templates/export/_charts.html draws them).
PATTERNS = ("solid", "stripes", "dots", "backslashes", "rows", "columns", "grid")
# A line's dashes, by its place in the chart.
DASHES = ("", "6 3", "2 3", "8 3 2 3")
LABEL_GAP = 11   # a name's height at font-size 11


def category_colour(category: str, index: int) -> str:
    return CATEGORY_COLOURS.get(category) or SPARE_COLOURS[index % len(SPARE_COLOURS)]


@dataclass
class Segment:
    category: str
    points: int
    x: float
    width: float
    colour: str
    pattern: str = "solid"


@dataclass
class Bar:
    name: str
    total: int
    y: float
    end: float = 0.0          # where the gains end: the total is written after it
    segments: list[Segment] = field(default_factory=list)


@dataclass
class BarChart:
    height: float
    zero_x: float
    bars: list[Bar]
    categories: list[tuple[str, str]]     # (category, colour) for the legend
    bar_height: float = BAR_HEIGHT
    patterns: dict[str, str] = field(default_factory=dict)   # category -> its pattern (PATTERNS)

    @property
    def text_dy(self) -> float:
        """How far below a bar's top its words sit (their baseline, centred on the bar)."""
        return self.bar_height / 2 + 4


def score_bars(entries: list[dict], categories: list[str], row_height: float = ROW_HEIGHT,
               bar_height: float = BAR_HEIGHT) -> BarChart:
    """A bar per player split by category: points above zero to the right of the zero line,
    penalties to its left, all on one scale (a printed sheet draws tighter rows)."""
    colours = {category: category_colour(category, index) for index, category in enumerate(categories)}
    used = [c for c in categories if any(entry["categories"].get(c, 0) for entry in entries)]
    patterns = {category: PATTERNS[index % len(PATTERNS)] for index, category in enumerate(used)}
    gains = [sum(max(entry["categories"].get(c, 0), 0) for c in categories) for entry in entries]
    losses = [sum(min(entry["categories"].get(c, 0), 0) for c in categories) for entry in entries]
    span = max(max(gains, default=0) - min(losses, default=0), 1)
    room = WIDTH - LABEL_WIDTH - 34   # room for the total after the longest bar

    def length(points: int) -> float:
        # the share first: a whole number of any size over the span is at most 1 (a float)
        return points / span * room

    zero_x = LABEL_WIDTH + length(-min(losses, default=0))
    bars = []
    for row, entry in enumerate(entries):
        bar = Bar(name=entry["name"], total=entry["total"], y=row * row_height + 4)
        right, left = zero_x, zero_x
        for category in categories:
            points = entry["categories"].get(category, 0)
            if points > 0:
                bar.segments.append(Segment(category, points, right, length(points), colours[category],
                                            patterns[category]))
                right += length(points)
            elif points < 0:
                left -= length(-points)
                bar.segments.append(Segment(category, points, left, length(-points), colours[category],
                                            patterns[category]))
        bar.end = right
        bars.append(bar)
    return BarChart(height=len(entries) * row_height + 8, zero_x=zero_x, bars=bars,
                    categories=[(c, colours[c]) for c in used], bar_height=bar_height,
                    patterns={c: patterns[c] for c in used})


@dataclass
class Line:
    name: str
    colour: str
    points: list[tuple[float, float, int]]    # (x, y, score)
    dash: str = ""                             # a stroke-dasharray of its own (DASHES): not colour alone
    label_x: float = 0.0                       # where its name is written, just above its last point
    label_y: float = 0.0

    @property
    def path(self) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for x, y, _score in self.points)


@dataclass
class LineChart:
    height: float
    lines: list[Line]
    low: int
    high: int
    baseline: float
    top: float
    games: int


def score_lines(timeline: list[dict], colours: dict[str, str | None], height: int = 180) -> LineChart:
    """Each person's score, game after game (the group's timeline): one line each, a dot per game
    they played. ``colours`` maps a person to their usual game colour (or None)."""
    top, bottom, left, right = 10, height - 22, 34, WIDTH - 6
    totals = [total for game in timeline for total in game["totals"].values()]
    low, high = min(totals, default=0), max(totals, default=1)
    if low == high:
        low, high = low - 1, high + 1
    step = (right - left) / max(len(timeline) - 1, 1)
    people: dict[str, list[tuple[float, float, int]]] = {}
    for index, game in enumerate(timeline):
        for person, total in game["totals"].items():
            y = bottom - (total - low) * (bottom - top) / (high - low)
            people.setdefault(person, []).append((left + index * step, y, total))
    spare = cycle(PEOPLE_COLOURS)
    taken: set[str] = set()
    lines = []
    for person, points in people.items():
        colour = PLAYER_COLOURS.get(colours.get(person) or "")
        if colour is None or colour in taken:
            colour = next(c for c in spare if c not in taken or len(taken) >= len(PEOPLE_COLOURS))
        taken.add(colour)
        lines.append(Line(person, colour, points, dash=DASHES[len(lines) % len(DASHES)]))
    _place_labels(lines, top)
    return LineChart(height=height, lines=lines, low=low, high=high, baseline=bottom, top=top, games=len(timeline))


def _place_labels(lines: list[Line], top: float) -> None:
    """Each line's name just above its last point (below it at the very top), moved down as little
    as needed so that no two names overlap (LABEL_GAP apart)."""
    above = -LABEL_GAP
    for line in sorted(lines, key=lambda line: line.points[-1][1]):
        x, y, _score = line.points[-1]
        wanted = y - 6 if y - 6 >= top else y + 14
        line.label_x = max(x, LABEL_WIDTH)
        line.label_y = above = max(wanted, above + LABEL_GAP)


@dataclass
class CountBar:
    name: str
    wins: int
    games: int
    y: float
    wins_width: float
    games_width: float


def wins_bars(players: list[dict]) -> tuple[float, list[CountBar]]:
    """The wins table as bars: each person's games (pale) with their wins (solid) over it."""
    most = max((player["games"] for player in players), default=1) or 1
    scale = (WIDTH - LABEL_WIDTH - 40) / most
    bars = [CountBar(player["name"], player["wins"], player["games"], row * ROW_HEIGHT + 4,
                     player["wins"] * scale, player["games"] * scale) for row, player in enumerate(players)]
    return len(players) * ROW_HEIGHT + 8, bars
