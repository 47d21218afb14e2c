"""Statistics across a group's games: pure functions of game documents.

``played(document)`` reads what one finished game says (scored by its game's scorer in
``companion.games``, so every game counts its own categories, and keeps the seat facts its
game registers);
``group_stats(games, roster, season_from)`` adds them up per game kind, as
``GET /groups/<token>/stats.json`` promises (shared/contracts/web-routes.md, *Groups*):
finished games only, a shared win counted for each winner, averages rounded to one
decimal, players listed by wins, then average, descending. Every figure carries the
number of games it stands over.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Iterable

from companion.game_time import dated, parse_timestamp, played_day, utc
from companion.groups.roster import identities, name_key, who
from companion.games import game_of, installed, playing_time
from companion.problems import InvalidInput


@dataclass(frozen=True)
class Seat:
    """One player's result in one game."""
    name: str                       # as written in that game
    total: int
    categories: dict[str, int]
    won: bool
    # the facts a game registers (Game.seat_facts): figures a person's row averages, each None when
    # the game did not record it ((name, value) pairs, in the game's order), and the buildings built
    figures: tuple[tuple[str, int | None], ...] = ()
    buildings: tuple[str, ...] = ()     # building ids, a copy each


@dataclass(frozen=True)
class Played:
    """What a finished game says: its kind, when, how long, and each seat's result in seat order."""
    kind: str
    title: str
    on: datetime | None
    seconds: int | None
    seats: tuple[Seat, ...]


def one_decimal(total: float, count: int) -> float:
    """total / count rounded half up to one decimal (41.25 -> 41.3, as a person rounds)."""
    return float((Decimal(str(total)) / Decimal(count)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def share(part: int, count: int) -> float:
    """part / count as a fraction rounded to three decimals (0 over no games)."""
    return float((Decimal(part) / Decimal(count)).quantize(Decimal("0.001"), rounding=ROUND_HALF_UP)) if count else 0.0


def played_on(document: dict) -> datetime | None:
    """When the game was played: its last event, else when it was made; on the day a person set
    (``played_on``) when one did."""
    return dated(_recorded_at(document), played_day(document))


def _recorded_at(document: dict) -> datetime | None:
    for event in reversed(document.get("events") or []):
        moment = parse_timestamp(event.get("at")) if isinstance(event, dict) else None
        if moment:
            return moment
    return parse_timestamp(document.get("created_at"))


def played(document: Any) -> Played | None:
    """The facts of a finished game; None for a game not finished or that cannot be scored."""
    if not isinstance(document, dict) or document.get("phase") != "finished":
        return None
    try:
        game = game_of(document)
        scores = game.score_document(document)
    except InvalidInput:
        return None
    winners = set(scores.get("winners") or [])
    seats = tuple(Seat(name=entry["name"], total=entry["total"], categories=dict(entry.get("categories") or {}),
                       won=entry["name"] in winners, **game.seat_facts(document, player, entry))
                  for player, entry in zip(document.get("players") or [], scores["players"]))
    duration = playing_time(document)
    return Played(kind=game.id, title=str(document.get("title") or ""), on=played_on(document),
                  seconds=int(duration.total_seconds()) if duration is not None else None, seats=seats)


# -- adding up ----------------------------------------------------------------------------

def people(games: Iterable[Played], roster_names: dict[str, str]) -> dict[str, str]:
    """Every name written in these games -> the person's name: the roster's, else the first
    spelling seen (names match after trimming and ignoring case)."""
    shown: dict[str, str] = {}
    for game in games:
        for seat in game.seats:
            shown.setdefault(name_key(seat.name), who(roster_names, seat.name))
    return shown


def player_table(games: Iterable[Played], names: dict[str, str]) -> list[dict]:   # names: people()
    """Per person: games, wins, win rate, average and best score, average per category, and the
    average of each figure the game registers (``Seat.figures``) over the games that recorded it
    (``<figure>_games`` says how many)."""
    seats: dict[str, list[Seat]] = defaultdict(list)
    for game in games:
        for seat in game.seats:
            seats[names[name_key(seat.name)]].append(seat)
    table = []
    for name, theirs in seats.items():
        count = len(theirs)
        wins = sum(seat.won for seat in theirs)
        categories: dict[str, int] = {}
        for seat in theirs:
            for category, points in seat.categories.items():
                categories[category] = categories.get(category, 0) + points
        row = {"name": name, "games": count, "wins": wins, "win_rate": share(wins, count),
               "average": one_decimal(sum(seat.total for seat in theirs), count),
               "best": max(seat.total for seat in theirs), "lowest": min(seat.total for seat in theirs),
               "categories": {category: one_decimal(points, count) for category, points in categories.items()}}
        for figure in dict.fromkeys(name for seat in theirs for name, _ in seat.figures):
            known = [value for seat in theirs for name, value in seat.figures if name == figure and value is not None]
            if known:
                row[figure] = one_decimal(sum(known), len(known))
                row[f"{figure}_games"] = len(known)
        table.append(row)
    table.sort(key=lambda row: (-row["wins"], -row["average"], row["name"].casefold()))
    return table


def building_table(games: Iterable[Played]) -> list[dict]:
    """Per building: copies built, in how many players' games, and in how many of those its builder won."""
    built: dict[str, int] = defaultdict(int)
    games_with: dict[str, int] = defaultdict(int)
    won: dict[str, int] = defaultdict(int)
    for game in games:
        for seat in game.seats:
            for building in seat.buildings:
                built[building] += 1
            for building in set(seat.buildings):
                games_with[building] += 1
                won[building] += seat.won
    rows = [{"id": building, "built": built[building], "games": games_with[building], "builder_won": won[building],
             "win_rate": share(won[building], games_with[building])} for building in built]
    rows.sort(key=lambda row: (-row["games"], -row["win_rate"], row["id"]))
    return rows


def first_seat(games: Iterable[Played]) -> dict:
    """How often the first player won, beside the share a seat would win if seats did not matter."""
    contested = [game for game in games if len(game.seats) >= 2]
    wins = sum(game.seats[0].won for game in contested)
    fair = sum(Decimal(1) / len(game.seats) for game in contested)
    return {"games": len(contested), "wins": wins, "win_rate": share(wins, len(contested)),
            "fair_share": float((fair / len(contested)).quantize(Decimal("0.001"), rounding=ROUND_HALF_UP))
            if contested else 0.0}


def time_by_players(games: Iterable[Played]) -> list[dict]:
    """Average playing time in minutes per number of players, over the games whose time is known."""
    seconds: dict[int, list[int]] = defaultdict(list)
    for game in games:
        if game.seconds is not None:
            seconds[len(game.seats)].append(game.seconds)
    return [{"players": players, "games": len(times), "average_minutes": one_decimal(sum(times), 60 * len(times))}
            for players, times in sorted(seconds.items())]


def timeline(games: Iterable[Played], names: dict[str, str]) -> list[dict]:
    """Each game in the order played: its date and every person's total (for the chart over time)."""
    return [{"on": game.on.date().isoformat() if game.on else None, "title": game.title,
             "totals": {names[name_key(seat.name)]: seat.total for seat in game.seats},
             "winners": [names[name_key(seat.name)] for seat in game.seats if seat.won]}
            for game in games]


def _day(game: Played) -> str | None:
    return game.on.date().isoformat() if game.on else None


def head_to_head(games: Iterable[Played], names: dict[str, str]) -> list[dict]:
    """Per pair of people who sat at one table, from the first's side: in how many games, how often
    each finished ahead (a winner ahead of a non-winner, else the higher total) and how often level."""
    pairs: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])   # games, ahead, behind, level
    for game in games:
        seats = [(names[name_key(seat.name)], (seat.won, seat.total)) for seat in game.seats]
        for name, standing in seats:
            for other, theirs in seats:
                if other == name:
                    continue
                row = pairs[(name, other)]
                row[0] += 1
                row[1 if standing > theirs else 2 if standing < theirs else 3] += 1
    return [{"name": name, "opponent": other, "games": row[0], "ahead": row[1], "behind": row[2], "level": row[3]}
            for (name, other), row in sorted(pairs.items(), key=lambda item: (item[0][0].casefold(),
                                                                              item[0][1].casefold()))]


def streaks(games: list[Played], names: dict[str, str]) -> list[dict]:
    """Per person, over the games in the order played: the longest run of wins and of games played
    (every game of this kind in a row) and the runs going on now."""
    everyone = list(dict.fromkeys(names[name_key(seat.name)] for game in games for seat in game.seats))
    runs = {name: {"name": name, "wins": 0, "current_wins": 0, "plays": 0, "current_plays": 0} for name in everyone}
    for game in games:
        at_table = {names[name_key(seat.name)]: seat.won for seat in game.seats}
        for name, run in runs.items():
            played, won = name in at_table, at_table.get(name, False)
            run["current_plays"] = run["current_plays"] + 1 if played else 0
            if played:   # a game someone sat out does not end their run of wins
                run["current_wins"] = run["current_wins"] + 1 if won else 0
            run["plays"] = max(run["plays"], run["current_plays"])
            run["wins"] = max(run["wins"], run["current_wins"])
    return sorted(runs.values(), key=lambda run: (-run["wins"], -run["plays"], run["name"].casefold()))


def records(games: Iterable[Played], names: dict[str, str]) -> dict:
    """The group's records: the highest and lowest total and the most points in each category
    someone scored in, each with who, in which game and when (the first time it was reached)."""
    def entry(game: Played, seat: Seat, points: int) -> dict:
        return {"name": names[name_key(seat.name)], "points": points, "title": game.title, "on": _day(game)}
    highest = lowest = None
    categories: dict[str, dict] = {}
    for game in games:
        for seat in game.seats:
            if highest is None or seat.total > highest["points"]:
                highest = entry(game, seat, seat.total)
            if lowest is None or seat.total < lowest["points"]:
                lowest = entry(game, seat, seat.total)
            for category, points in seat.categories.items():   # (a category nobody scored in holds no record)
                if points > 0 and (category not in categories or points > categories[category]["points"]):
                    categories[category] = entry(game, seat, points)
    return {"highest_total": highest, "lowest_total": lowest, "categories": categories} if highest else {}


def favourite_buildings(games: Iterable[Played], names: dict[str, str], most: int = 3) -> dict[str, list[dict]]:
    """Per person, the buildings they built in the most games (ties by name), at most ``most``."""
    built: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for game in games:
        for seat in game.seats:
            for building in set(seat.buildings):
                built[names[name_key(seat.name)]][building] += 1
    return {name: [{"id": building, "games": count}
                   for building, count in sorted(theirs.items(), key=lambda item: (-item[1], item[0]))[:most]]
            for name, theirs in built.items()}


def _in_season(game: Played, since: date) -> bool:
    return game.on is not None and game.on.date() >= since


def kind_stats(games: list[Played], names: dict[str, str], season_from: date | None) -> dict:
    games = sorted(games, key=lambda game: (game.on is None, utc(game.on) if game.on else None))
    names = people(games, names)
    stats = {"played": len(games), "players": player_table(games, names), "first_seat": first_seat(games),
             "time_by_players": time_by_players(games), "timeline": timeline(games, names)}
    stats.update(head_to_head=head_to_head(games, names), streaks=streaks(games, names), records=records(games, names))
    if any(seat.buildings for game in games for seat in game.seats):
        stats["buildings"] = building_table(games)
        stats["favourite_buildings"] = favourite_buildings(games, names)
    if season_from is not None:
        season = [game for game in games if _in_season(game, season_from)]
        stats["season"] = {"since": season_from.isoformat(), "played": len(season),
                           "players": player_table(season, names)}
    return stats


def group_stats(name: str, games: Iterable[Played | None], roster: list[dict], season_from: date | None = None) -> dict:
    """The group's statistics, per game kind (every kind listed, played 0 when none finished)."""
    names = identities(roster)
    finished = [game for game in games if game is not None]
    return {"name": name,
            "games": {kind: kind_stats([game for game in finished if game.kind == kind], names, season_from)
                      for kind in installed()}}
