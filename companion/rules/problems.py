"""A problem with user input, named by the path of the offending field.

Shared by every validator (score input, game setup, moves, scheme decks) so the
CLI prints and the web layer shows them the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Problem:
    path: str      # e.g. "players[1].virtue"; "(document)" for the whole input
    message: str   # e.g. "must be between 0 and 14 (got 19)"

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class InvalidInput(ValueError):
    """Input that cannot be used; carries one Problem per thing wrong."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def kind_of(value: Any) -> str:
    """How a JSON value reads to a person, for 'must be a number (got text)'."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return {int: "a number", float: "a number", str: "text", list: "a list", dict: "an object"}.get(
        type(value), type(value).__name__)
