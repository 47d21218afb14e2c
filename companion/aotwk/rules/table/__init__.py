"""The table tracker: the pure rules core behind the live table page.

The game state is the game document (docs/design.md): a JSON-compatible dict.

    new_game(setup) -> state                 raises SetupError(problems)
    rematch(state, seed) -> state            the same players one seat on, the same options
    apply(state, move) -> (state, notes)     pure; raises MoveError(field, message)
    MOVES                                    kind -> MoveSpec: a move kind's one definition (fields, rule,
                                             Seen, Control, sentence)
    status(state, who) -> dict               derived flags for a seat index or "bot"
    everyone(state) -> [seat, ..., "bot"]    who plays, in turn order
    guildhall_layout(state)                  the Guildhall for this table (the bot counts as a player)
    complete(document, seed) -> state        an imported document with every tracker field filled in

Helpers for other rules modules (the solo bot) take ``who`` = seat index or "bot"
and MUTATE the state they are given: call them on a copy (``copy.deepcopy``); a
MoveError may leave that copy half-changed, so throw it away. Each returns notes.
"""

from .black_market import black_market_place, black_market_reset
from .cathedral import advance_cathedral, set_cathedral_level
from .data import BOT
from .errors import MoveError, Problem, SetupError
from .actors import display_name, everyone
from .complete import complete
from .guildhall import layout as guildhall_layout
from .guildhall import place_in_guildhall
from .moves import (CARD, CATEGORIES, ELSEWHERE, MOVES, RECORD, TABLE, Control, MoveSpec, Param, Seen, apply,
                    within_the_schema)
from .prison import capture, release_prisoners, return_captured, send_captured_to_prison
from .setup import new_game, rematch
from .status import status
from .tax_stand import steal_tax
from .track import change_virtue, destroy_debts, take_debts

__all__ = [
    "BOT", "CARD", "CATEGORIES", "ELSEWHERE", "MOVES", "MoveError", "MoveSpec", "Param", "Problem", "RECORD",
    "Seen", "SetupError", "TABLE", "Control",
    "advance_cathedral", "apply", "black_market_place", "black_market_reset", "capture",
    "change_virtue", "complete", "destroy_debts", "display_name", "everyone", "guildhall_layout", "new_game", "place_in_guildhall", "rematch", "release_prisoners",
    "return_captured", "send_captured_to_prison", "set_cathedral_level", "status", "steal_tax", "take_debts",
    "within_the_schema",
]
