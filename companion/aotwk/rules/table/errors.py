"""The two ways the table tracker refuses input."""

from __future__ import annotations

from companion.aotwk.rules.codes import Refusal
from companion.problems import InvalidInput, Problem, Refused


class SetupError(InvalidInput):
    """A game setup that cannot start; ``problems`` lists every Problem(path, message)."""


class MoveError(Refused):
    """A move the rules forbid. ``field`` names the form field to show the message
    next to (None: the move as a whole); ``message`` is for the players."""

    def __init__(self, field: str | None, message: str):
        self.field = field
        self.message = message
        super().__init__([Problem(field or "move", message)])


__all__ = ["MoveError", "Problem", "Refusal", "SetupError"]
