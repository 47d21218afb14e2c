"""The paper pad and the end-of-game count: a player's row of cells.

A row is saved as one move whose ``cells`` are the values typed and whose ``seen``
are the values the phone showed. Rows from different phones merge: a cell is
refused only when that same cell changed since the phone saw it (or its value is
one the game does not allow). Every check reads the catalogue, never a restated number.

Rulebook, End of the Game: '... each player (including the current player) has 1
final turn before the game ends'; End-Game Scoring: 'Once the game has ended,
players should immediately resolve any end-game effects ... Each player should
then add up their score'; 'In the case of a tie, the player with the highest Virtue
is the winner. If still tied, the tied player with the most remaining Silver is the
winner.'
"""

from __future__ import annotations

from typing import Any, Callable

from companion.aotwk.rules.codes import PadWords
from companion.aotwk.rules.codes import Note
from companion.aotwk.rules.document import ARTISANS_ONLY, PLAYER_CATEGORIES
from companion.aotwk.rules.schema import CATEGORY_TOTAL

from .actors import Who, actor, everyone, is_bot, name, tracks_resources
from .data import RESOURCES, cat
from .errors import MoveError

# The tie-breaks (final virtue, remaining silver) sit on the pad beside the category totals.
FINAL_VIRTUE, FINAL_SILVER = "final_virtue", "final_silver"
# The player's field each of them sets.
PAD_FIELDS = {FINAL_VIRTUE: "virtue", FINAL_SILVER: "silver"}
# A player's fields whose value nobody has entered: the setup's value only stands in (a paper
# game's final virtue and silver; what is left at the end of a game that did not track resources,
# until it is counted). The score refuses to count them (``document.parse_score_input``) and asks.
NOT_ENTERED = "not_entered"
PAD_CELLS = (*PLAYER_CATEGORIES, FINAL_VIRTUE, FINAL_SILVER)
# The count asks for what scoring reads and the table may not have tracked.
COUNT_CELLS = RESOURCES
# A typo bound: nothing on the pad goes past what an import takes as a category total.
MOST = CATEGORY_TOTAL.high


def _allowed(values: set[int], reason: str) -> Callable[[int], str | None]:
    return lambda value: None if value in values else reason


def _between(low: int | None, high: int | None, reason: str) -> Callable[[int], str | None]:
    def check(value: int) -> str | None:
        return reason if (low is not None and value < low) or (high is not None and value > high) else None
    return check


def pad_rules() -> dict[str, tuple[Callable[[int], str | None], str]]:
    """Each pad cell: (check, a hint a player reads next to it). Hints and reasons are
    ``PadWords`` codes: the web layer says them in the reader's language."""
    c = cat()
    cathedral, virtue = sorted(set(c.cathedral_vp_table)), sorted(set(c.virtue_vp_table))
    never_negative = _between(0, MOST, PadWords("never_negative"))
    zero_or_less = PadWords("zero_or_less")
    rules = {
        "buildings": (_between(-MOST, MOST, PadWords("between", low=-MOST, high=MOST)), ""),
        "cathedral": (_allowed(set(cathedral), PadWords("cathedral_scores", values=cathedral)),
                      PadWords("listed", values=cathedral)),
        "virtue": (_allowed(set(virtue), PadWords("virtue_scores", values=virtue)), PadWords("listed", values=virtue)),
        "debts": (_between(-MOST, 0, PadWords("debts_cost")), zero_or_less),
        "gold_marble": (never_negative, ""),
        "silver": (never_negative, ""),
        "prison": (_between(-MOST, 0, PadWords("prison_cost")), zero_or_less),
        "adornments": (never_negative, ""),
        "tools": (never_negative, ""),
        FINAL_VIRTUE: (_between(c.virtue_min, c.virtue_max, PadWords("virtue_runs", low=c.virtue_min,
                                                                     high=c.virtue_max)),
                       PadWords("range", low=c.virtue_min, high=c.virtue_max)),
        FINAL_SILVER: (never_negative, ""),
    }
    assert set(rules) == set(PAD_CELLS), "every pad cell has a rule"
    return rules


def categories(state: dict) -> tuple[str, ...]:
    """The category totals this game's pad has: Age of Artisans' two only with it (an import
    refuses them without it)."""
    artisans = "age_of_artisans" in (state.get("expansions") or ())
    return tuple(c for c in PLAYER_CATEGORIES if artisans or c not in ARTISANS_ONLY)


def field_of(cell: str, counting: bool) -> str | None:
    """The player's field a pad or count cell sets (None: a category total of the pad)."""
    return cell if counting else PAD_FIELDS.get(cell)


def not_entered(state: dict, who: Who) -> list[str]:
    return actor(state, who).get(NOT_ENTERED) or []


def _entered(record: dict, field: str) -> None:
    """Someone entered this field's value: it no longer stands in."""
    left = [f for f in record.get(NOT_ENTERED) or [] if f != field]
    if left:
        record[NOT_ENTERED] = left
    else:
        record.pop(NOT_ENTERED, None)


def mark_uncounted(state: dict) -> None:
    """The game is over and the table did not track resources: what each player still has to
    count is not entered (the setup's silver is not what is left)."""
    if state.get("mode") == "paper" or tracks_resources(state):
        return
    counted = state["table"].get("counted") or []
    for who in humans(state):
        if who not in counted:
            record = actor(state, who)
            record[NOT_ENTERED] = list(dict.fromkeys([*not_entered(state, who), *COUNT_CELLS]))


def fills_what_is_missing(state: dict, move: dict) -> bool:
    """Whether a pad row or a count enters only values nobody has entered yet (what a finished
    game's score page asks for), never changing one that was: a finished game takes it.
    A paper game just ended is the exception: the table types its totals from the printed pad
    after the end, so its whole pad stays open until every player's final values are in."""
    kind, who = move.get("kind"), move.get("player")
    if kind not in ("count", "set_total") or who not in humans(state):
        return False
    if kind == "set_total" and state.get("mode") == "paper" and any(not_entered(state, h) for h in humans(state)):
        return True
    counting = kind == "count"
    cells = move.get("cells") or {}
    if not isinstance(cells, dict):
        return False
    named = [*cells, *([move["category"]] if move.get("category") is not None else [])]
    missing = not_entered(state, who)
    if not missing or not (named or (counting and move.get("done"))):
        return False
    return all(isinstance(cell, str) and field_of(cell, counting) in missing for cell in named)


def current(state: dict, who: Who, cell: str, counting: bool = False) -> int | None:
    """What a cell holds now: on the pad a category total typed (None: computed) or a
    tie-break; in the count (``counting``) a resource ("silver" is coins there, not VP).
    A value nobody has entered is None: blank, never the stand-in."""
    record = actor(state, who)
    if field_of(cell, counting) in not_entered(state, who):
        return None
    if counting:
        return record.get(cell, 0)
    if cell == FINAL_VIRTUE:
        return record["virtue"]
    if cell == FINAL_SILVER:
        return record["silver"]
    return record.get("overrides", {}).get(cell)


def problems(state: dict, who: Who, cells: dict[str, Any], seen: dict[str, Any], counting: bool) -> dict[str, str]:
    """Cell -> why it cannot be saved (a value the game does not allow, or another phone changed
    it since this one saw it). Cells not listed here can be saved."""
    rules = {} if counting else pad_rules()
    allowed, nullable = (COUNT_CELLS, False) if counting else ((*categories(state), FINAL_VIRTUE, FINAL_SILVER), True)
    found: dict[str, str] = {}
    for cell, value in cells.items():
        if cell not in allowed:
            found[cell] = PadWords("not_a_cell")
            continue
        if value is None:
            if not nullable or cell not in PLAYER_CATEGORIES:
                found[cell] = PadWords("number_needed")
                continue
        elif isinstance(value, bool) or not isinstance(value, int):
            found[cell] = PadWords("whole_number_needed")
            continue
        else:
            check = rules[cell][0] if cell in rules else _between(0, MOST, PadWords("never_negative"))
            reason = check(value)
            if reason:
                found[cell] = PadWords("not_possible", value=value, reason=reason)
                continue
        if cell in seen and seen[cell] != current(state, who, cell, counting):
            now = current(state, who, cell, counting)
            found[cell] = PadWords("changed_meanwhile", now=now)
    return found


def _apply_cells(state: dict, who: Who, cells: dict[str, Any], seen: dict[str, Any], counting: bool) -> list[str]:
    if not cells:
        raise MoveError(None, PadWords("nothing_to_save"))
    found = problems(state, who, cells, seen, counting)
    if found:
        cell, message = next(iter(found.items()))
        raise MoveError(cell, message)
    record = actor(state, who)
    changed = []
    for cell, value in cells.items():
        if field_of(cell, counting):
            _entered(record, field_of(cell, counting))
        if counting:
            record[cell] = value
        elif cell == FINAL_VIRTUE:
            record["virtue"] = value
        elif cell == FINAL_SILVER:
            record["silver"] = value
        elif cell in PLAYER_CATEGORIES:
            if value is None:
                record["overrides"].pop(cell, None)
            else:
                record["overrides"][cell] = value
        changed.append([cell, value])
    return [Note("cells", who=name(state, who), cells=changed)]


def set_totals(state: dict, who: Who, cells: dict[str, Any], seen: dict[str, Any]) -> list[str]:
    """A pad row: category totals (None: computed again), final virtue and remaining silver."""
    if is_bot(who):
        raise MoveError("player", PadWords("bot_score_worked_out"))
    return _apply_cells(state, who, cells, seen, counting=False)


# -- the end-of-game count --------------------------------------------------------------

def humans(state: dict) -> list[int]:
    return [who for who in everyone(state) if not is_bot(who)]


def count(state: dict, who: Who, cells: dict[str, Any], seen: dict[str, Any], done: bool) -> list[str]:
    """One seat's count (resources at the end); ``done`` confirms the row (a box left blank is
    none) and marks the seat counted. When every seat is counted the game is finished and the
    final score shows; after that, only what nobody entered can be counted (the score asks)."""
    if state["phase"] not in ("counting", "finished"):
        raise MoveError(None, PadWords("count_not_started"))
    if is_bot(who):
        raise MoveError("player", PadWords("bot_count_tracked"))
    over = state["phase"] == "finished"
    for cell in cells if over else ():   # after the end only what nobody entered is asked for
        if cell not in not_entered(state, who):
            raise MoveError(cell, PadWords("count_over"))
    if done:   # the player confirms the row as shown: what they left blank they have none of
        cells = {**cells, **{cell: 0 for cell in not_entered(state, who) if cell not in cells}}
    notes = _apply_cells(state, who, cells, seen, counting=True) if cells else []
    counted = state["table"].setdefault("counted", [])
    if done and not over and who not in counted:
        counted.append(who)
        notes.append(Note("counted", who=name(state, who)))
    if not notes:
        raise MoveError(None, PadWords("nothing_to_save"))
    if state["phase"] == "counting" and set(humans(state)) <= set(counted):
        state["phase"] = "finished"
        notes.append(Note("all_counted"))
    return notes

