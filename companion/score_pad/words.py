"""The score pad's words: a document's problems, the pad's refusals and notes, as codes whose
sentences are catalogue messages (said in the reader's language where they are shown; as a
``str``, the English the ``companion score`` contract prints)."""

from __future__ import annotations

from companion.i18n.codes import FieldProblem
from companion.i18n.problem_words import got_kind
from companion.i18n.reasons import Coded
from companion.i18n.sentences import N_, Phrase


class ScorePadProblem(FieldProblem):
    """A problem with one field of a score pad document: the shared shapes and these."""

    SENTENCES = {
        "must_be_game": N_("must be {game!r} (got {got!r})"),
        "players_count": N_("must be a list of 1 to {most} players (got {got})"),
        "players_of": got_kind(N_("must be a list of 1 to {most} players (got {got})")),
        "one_total": N_("must hold one number, the total: the document has no rows (got {got} numbers)"),
        "one_per_row": N_("must hold one number per row: {rows} (got {got})"),
        "not_entered": N_("not entered"),
        "row_twice": N_("{row!r} is already a row; rows must be unique"),
    }


class ScorePadRefusal(Coded):
    """Why the score pad refused a tap."""

    SENTENCES = {
        "unknown_change": N_("Unknown change."),
        "unknown_phase": N_("Unknown phase."),
        "choose_row": N_("Choose a row of the pad."),
        "choose_player": N_("Choose a player."),
        "cells": N_("A row's save is a list of players' numbers."),
        "points": N_("A score is a whole number from {low} to {high}, or empty."),
        "row_name": N_("A row's name is 1 to {limit} characters."),
        "row_taken": N_("{row!r} is already a row of the pad."),
        "too_many_rows": N_("The pad holds at most {most} rows."),
        "no_rows": N_("This pad holds one total per player: it has no rows to add to."),
        "nothing_saved": N_("Nothing was saved: another phone had changed these numbers."),
    }


class ScorePadNote(Coded):
    """What the score pad says of a tap it recorded (the history's words too)."""

    SENTENCES = {
        "scores": lambda row, names: Phrase(N_("{row}: {names}"), row=row, names=", ".join(names)),
        "total": lambda names: Phrase(N_("Totals: {names}"), names=", ".join(names)),
        "clash": N_("{name} in {row}: another phone entered {now}"),
        "row_added": N_("Row added: {row}"),
        "game_over": N_("The game is over: these are the final scores."),
        "count_open": N_("The pad is open again."),
    }
