"""The Amytis words: the score's reasons, the pad's refusals and notes and a document's problems,
as codes whose sentences are catalogue messages. ``AmytisReason(code, **params)`` is, as a ``str``,
the English sentence the Amytis contract has always carried; ``.render(lang)`` says it in ``lang``.
There is no Korean Amytis rulebook among our sources: the Korean (in the catalogue) is our
translation of seed 002's English. A favor's printed label is data (``favors.yaml``); what a favor
scores for is a sentence of its numbers (``FAVOR_HOW``)."""

from __future__ import annotations

from companion.amytis.favors import rules
from companion.i18n.problem_words import FieldProblem, got_kind, with_hint
from companion.i18n.reasons import Coded
from companion.i18n.sentences import LIST, N_, SEMICOLONS, Context, Joined, Lookup, Phrase, Plural


LINES = {"row": N_("row {n}"), "column": N_("column {n}")}
STACKS = Plural("{n} stack", "{n} stacks")
TILES = Plural("{n} tile", "{n} tiles")
STAIRCASES = Plural("{n} staircase", "{n} staircases")
NO_PROJECTS = N_("no validated Project card")
# the counted words (English plurals) are pieces; a translation may count with the bare numbers instead
EXACT_STACKS = N_("{stacks_said} of exactly {tiles_said} × {points}", leave_out={"stacks_said", "tiles_said"},
                  also={"stacks", "tiles"})


def _staircases(lines, points) -> Phrase:
    named = Phrase(N_(" ({lines})"), lines=Joined([Phrase(LINES[kind], n=n) for kind, n in lines], LIST))
    return Phrase(N_("{staircases}{lines} × {points}"), staircases=Phrase(STAIRCASES, n=len(lines)),
                  lines=named if lines else "", points=points)


class AmytisReason(Coded):
    """Why a part of an Amytis score is what it is."""

    SENTENCES = {
        "exact_stacks": lambda stacks, tiles, points: Phrase(
            EXACT_STACKS, stacks_said=Phrase(STACKS, n=stacks), tiles_said=Phrase(TILES, n=tiles),
            stacks=stacks, tiles=tiles, points=points),
        "staircases": _staircases,
        "corners": Plural("{corners} corner of {at_least}+ tiles × {points}",
                          "{corners} corners of {at_least}+ tiles × {points}", count="corners"),
        "projects_favor": Plural("{cards} validated Project card × {points}",
                                 "{cards} validated Project cards × {points}", count="cards"),
        "favor_track": Plural("{pawns} pawn on the pawn-count part", "{pawns} pawns on the pawn-count part",
                              count="pawns"),
        "track": N_("points scored during the game (Score board and Score Range area)"),
        "projects": lambda cards: Phrase(
            Plural("{n} validated Project card: {points}", "{n} validated Project cards: {points}"),
            n=len(cards), points=" + ".join(map(str, cards))) if cards else NO_PROJECTS,
    }


# -- what a favor scores for (its label is data: favors.yaml) -------------------------------

FAVOR_HOW = {
    "exact_stacks": Plural("{points} per stack of exactly {tiles} tile", "{points} per stack of exactly {tiles} tiles",
                           count="tiles"),
    "staircases": N_("{points} per row or column of {steps} tiles (either way)"),
    "corners": N_("{points} per corner with {at_least} or more tiles"),
    "projects": N_("{points} more per validated Project card"),
}


def favor_how(favor) -> Phrase:
    """What ``favor`` (a ``favors.Favor``) scores for, said from its numbers (the rulebook's sentence, shortened)."""
    return Phrase(FAVOR_HOW[favor.kind], points=favor.points, tiles=favor.tiles, at_least=favor.at_least,
                  steps=Joined(favor.steps, LIST))


def favor_words(favor, lang: str) -> tuple[str, str]:
    """(label, what it scores for) in ``lang``: the label is data, the sentence a catalogue message of the numbers."""
    return favor.label_in(lang), favor_how(favor).render(lang)


def _favor_label(favor_id: str, lang: str) -> str:
    favor = rules().favors.get(favor_id)
    return favor.label_in(lang) if favor else favor_id


def _favor_how(favor_id: str):
    favor = rules().favors.get(favor_id)
    return favor_how(favor) if favor else ""


# -- the pad's refusals and notes (companion.amytis.pad) ------------------------------------

# A stack's place on the board: pad.stack_name's words ("top-left", "middle").
PLACES = {"top": Context("stack place", "top"), "middle": Context("stack place", "middle"),
          "bottom": Context("stack place", "bottom"), "left": Context("stack place", "left"),
          "right": Context("stack place", "right")}
PLACE_JOIN = Context("stack place", "-")   # top-left; Korean 위 왼쪽


def _stack(stack: str) -> Joined:
    return Joined([PLACES[part] for part in stack.split("-")], PLACE_JOIN)


def stack_words(stack: str, lang: str) -> str:
    """pad.stack_name's 'top-left' as a player says it in ``lang``."""
    return _stack(stack).render(lang)


# The numbers a tap carries, named as the pad's fields name them (``whole_number``'s ``what``).
NUMBER_WHAT = {
    "row": Context("a number the pad reads", "The row"),
    "column": Context("a number the pad reads", "The column"),
    "project": Context("a number the pad reads", "A Project card's points"),
    "total": Context("a number the pad reads", "The total"),
    "range": Context("a number the pad reads", "The Score Range area"),
    "space": Context("a number the pad reads", "The Score board space"),
}
FIELD_PROBLEM = N_("{path}: {problem}")


class PadRefusal(Coded):
    """Why the Amytis pad refused a tap."""

    SENTENCES = {
        "unknown_phase": N_("Unknown phase."),
        "choose_player": N_("Choose a player."),
        "whole_number": lambda what, low, high: Phrase(
            N_("{what} must be a whole number from {low} to {high}."), what=NUMBER_WHAT.get(what, what), low=low,
            high=high),
        "one_tile": N_("A stack changes one tile at a time."),
        "stack_empty": lambda name, stack: Phrase(N_("{name}'s {stack} stack is already empty."), name=name,
                                                  stack=_stack(stack)),
        "no_tiles_left": N_("All {tiles} tiles in play are already on the two boards."),
        "unknown_favor": N_("Unknown favor."),
        "no_pawn_left": Plural(
            "{name} has placed all {pawns} pawns for favors ({favors} favor, {on_track} on the pawn-count part).",
            "{name} has placed all {pawns} pawns for favors ({favors} favors, {on_track} on the pawn-count part).",
            count="favors"),
        "favor_taken": N_("{name} already has a pawn on this favor: a favor space holds one pawn."),
        "one_pawn": N_("The pawn-count part changes one pawn at a time."),
        "no_track_pawn": N_("{name} has no pawn on the pawn-count part."),
        "track_full": N_("The pawn-count part holds at most {pawns} pawns."),
        "no_such_project": N_("{name} has no validated Project card worth {points}."),
        "track_limit": N_("The score track reads at most {limit}."),
        "unknown_change": N_("Unknown change."),
        # the score document's problems, each beside its field's path (a last guard: the pad's own checks come first)
        "unscorable": lambda problems: Phrase(
            N_("That would make the game unscorable: {problems}"),
            problems=Joined([Phrase(FIELD_PROBLEM, path=path, problem=problem) for path, problem in problems],
                            SEMICOLONS)),
    }


class PadNote(Coded):
    """What the Amytis pad says under a tap it recorded."""

    SENTENCES = {
        "game_over": N_("The game is over: these are the final scores."),
        "count_open": N_("The count is open again."),
        "stack": lambda name, stack, before, after: Phrase(
            Plural("{name}: {stack} stack {before} → {after} tile", "{name}: {stack} stack {before} → {after} tiles",
                   count="after"), name=name, stack=_stack(stack), before=before, after=after),
        "favor": lambda name, favor, claimed: Phrase(
            N_("{name} placed a pawn on favor {label} ({how})") if claimed
            else N_("{name} took the pawn off favor {label} ({how})"),
            name=name, label=Lookup(_favor_label, favor), how=_favor_how(favor)),
        "favor_track": Plural("{name}: {pawns} pawn on the pawn-count part ({points} points)",
                              "{name}: {pawns} pawns on the pawn-count part ({points} points)", count="pawns"),
        "project_added": N_("{name}: validated Project card worth {points}"),
        "project_removed": N_("{name}: removed the Project card worth {points}"),
        "track_total": N_("{name}: {total} points on the score track (total)"),
        "track_parts": N_("{name}: {total} points on the score track (Score Range area {laps} + Score board space "
                          "{space})"),
    }


# What is wrong with an Amytis document, beyond the shapes every game's reader checks.
STACKS_GOT_ROWS = N_("must be {size} rows of {size} stacks (got {rows} rows)")
STACKS_GOT = got_kind(N_("must be {size} rows of {size} stacks (got {got})"))
ROW_GOT_STACKS = N_("must be a row of {size} stacks (got {count} stacks)")
ROW_GOT = got_kind(N_("must be a row of {size} stacks (got {got})"))


class AmytisProblem(FieldProblem):
    """A problem with one field of an Amytis document: the shared shapes and the Amytis codes."""

    SENTENCES = {
        "must_be_game": N_("must be {game!r} (got {got!r})"),
        "exactly_players": N_("must be exactly {count} players: the game is for two (got {got})"),
        "players_of": got_kind(N_("must be a list of {count} players (got {got})")),
        "stacks": lambda size, got=None, rows=None: (
            STACKS_GOT(size=size, got=got) if rows is None else Phrase(STACKS_GOT_ROWS, size=size, rows=rows)),
        "stack_row": lambda size, got=None, count=None: (
            ROW_GOT(size=size, got=got) if count is None else Phrase(ROW_GOT_STACKS, size=size, count=count)),
        "projects": got_kind(N_("must be a list of the validated Project cards' points (got {got})")),
        "favors": got_kind(N_("must be a list of favors (got {got})")),
        "favor_name": got_kind(N_("must be a favor's name (got {got})")),
        "unknown_favor": with_hint(N_("unknown favor {wrong!r}; known: {known}"),
                                   N_("unknown favor {wrong!r}; did you mean {hint}?; known: {known}")),
        "favor_twice": N_("{favor!r} is already listed: a player claims each favor at most once"),
        "favor_taken": N_("{favor!r} is already {other}'s: a favor space holds one pawn (rulebook: 'an unoccupied "
                          "space')"),
        "favor_pawns": N_("a player has {pawns} pawns for favors (got {favors} favors and {on_track} on the "
                          "pawn-count part)"),
        "tiles_in_play": N_("the two boards hold {held} tiles; the game has {most} ({first} + {second})"),
    }
