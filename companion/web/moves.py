"""Moves from the table page: WTForms forms built on the rules core's MOVES."""

from __future__ import annotations

from companion.web.store import iso


class Rejected(Exception):
    def __init__(self, errors: dict, message: str | None = None):
        self.errors = errors
        self.message = message
        super().__init__(message or "; ".join(errors.values()))


def board_view(state: dict, editable: bool) -> dict:
    return {}


def describe(state: dict, move: dict) -> str:
    return str(move.get("kind", "change"))


def describe_history(game, records) -> list[dict]:
    """The readable history: imported events first (never undoable), then this app's events."""
    imported = [{"seq": e.get("seq"), "at": e.get("at", ""), "text": describe(game.state, e),
                 "notes": e.get("notes", []), "undone": False} for e in game.imported_events]
    return imported + [{"seq": r.seq, "at": iso(r.at), "text": describe(game.state, r.move), "notes": r.notes,
                        "undone": r.undone} for r in records]
