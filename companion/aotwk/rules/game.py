"""Every move of an Architects of the West Kingdom game, whoever makes it: the table
tracker's moves (``table.MOVES``) and the bot's turn. The change pipeline runs ``apply``
for the game's every change; ``move_kinds`` says what a move sent as JSON may carry.
Pure: no Flask, no database."""

from __future__ import annotations

from companion.aotwk.rules import bot, table
from companion.problems import InvalidInput, Refused

# Moves that set something absolutely (or act on "everything now": each definition's ``seen``), and
# the bot's turn (its card was drawn at one revision): from an older screen they could undo another
# phone's change.
ABSOLUTE_MOVES = frozenset({kind for kind, spec in table.MOVES.items() if spec.absolute} | {bot.MOVE_KIND})


def apply(state: dict, move: dict) -> tuple[dict, list]:
    """(new state, notes) after one move; Refused (the field and why) when the rules forbid it."""
    if isinstance(move, dict) and move.get("kind") == bot.MOVE_KIND:
        try:
            new_state, notes = bot.apply(state, move)
        except InvalidInput as refused:
            raise Refused(refused.problems) from None
        table.within_the_schema(state, new_state)
        return new_state, notes
    return table.apply(state, move)


# "Reopen the game": the one move that takes a finished game out of being finished.
REOPEN = {"kind": "reopen_game"}


def needs_current(move: dict) -> bool:
    kind = move.get("kind")
    return isinstance(kind, str) and kind in ABSOLUTE_MOVES


def move_kinds(state: dict) -> dict:
    """The move kinds this game accepts and their fields: {kind: {"params": {name: {...}}}}."""
    kinds = {}
    for kind, spec in table.MOVES.items():
        if not spec.in_play(state):
            continue
        params = {}
        for param in spec.params_in_play(state):
            described = {"type": param.type, "required": param.required}
            if param.min is not None:
                described["min"] = param.min
            if param.max is not None:
                described["max"] = param.max
            if param.choices:
                described["choices"] = list(param.choices)
            params[param.name] = described
        kinds[kind] = {"params": params}
    if state.get("bot"):
        kinds[bot.MOVE_KIND] = {"params": {"answers": {"type": "object", "required": True},
                                           "card": {"type": "object", "required": False}}}
    return kinds
