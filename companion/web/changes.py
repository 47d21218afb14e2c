"""The one path every change of every game takes.

Every state-changing request of every game (a move, Undo and Redo, a paper-pad row, the end
count, the final score, a bot turn, an Amytis tap, a move sent as JSON) asks this module, and
only this module writes to the store (a test checks that). In order:

1. access: the token's game (404 unknown, 403 a view token, 422 a damaged record);
2. CSRF: a form carries its token; a JSON body needs none (no form can send one cross-site);
3. the request id the phone made for the tap: one this game already took is not applied again,
   and the first answer is given again (the store keeps every id with what it did);
4. the revision: a change that must be made on a current screen is refused when the game moved on;
5. the game's own pure rule function (``GamePages.apply``: state, move -> new state, notes),
   run under the game's lock on the state current then; a finished game takes only its
   reopening (and what its final score asks for): any other move is 409, "reopen it first",
   and an Undo or Redo of it is made only once confirmed;
6. one refusal type for every game (``companion.problems.Refused``: the field and a player's words);
7. one commit, after which the store tells every open phone the new revision.

A new game (setup, import, a group's game) is ``create_game``; a finished game's rematch is
``rematch``, which also moves the finished game on a revision, so its phones hear of it.

A game supplies only its rules; an endpoint reads its form into a move, asks ``change`` (or
``flip`` for Undo and Redo) and hands the ``Outcome`` to ``companion.web.games.answer``, the one
place an outcome becomes an answer (the JSON, the page, its fragment or the redirect).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import wraps
from typing import Callable

from flask import current_app, request
from flask_babel import lazy_gettext as _l

from companion.problems import Problem, Refused
from companion.web import access, game_pages
from companion.web.documents import written_by_the_rules
from companion.web.extensions import csrf
from companion.web.helpers import request_id, store
from companion.web.storage.store import AlreadyApplied, EventRecord, Game, NothingToDo, StaleRevision

FINISHED = "finished"
GAME_FINISHED = _l("The game is finished: reopen it first.")
UNREADABLE_RECORD = _l("This game's record lacks what the tracker needs for this move; "
                       "record the change with the counters instead.")


@dataclass(frozen=True)
class Outcome:
    """What became of a change. At most one of the flags from ``repeated`` on is set."""
    game: Game                          # the game after the change (as it is now when nothing changed)
    record: EventRecord | None = None   # the event written (a move) or flipped (an undo, a redo)
    revision: int | None = None         # the revision the change made (a repeat: the first one's)
    stale: bool = False                 # the sender's screen was older than the game it changed
    repeated: bool = False              # a request id this game already took: nothing more changed
    refused: Refused | None = None      # the rules said no: nothing changed
    conflict: bool = False              # it needed the current revision and the game had moved on
    nothing_to_do: bool = False         # Undo with nothing to undo, Redo with nothing to redo
    flipped: bool = False               # an undo or a redo (``record`` is the event it flipped)
    unconfirmed: bool = False           # an undo or a redo of a finished game, not confirmed: nothing changed
    finished: bool = False              # a move a finished game does not take (``GameFinished``): nothing changed

    @property
    def notes(self) -> list:
        """What a move said (a repeat: what the first one said); an undo or a redo says nothing itself."""
        return list(self.record.notes) if self.record is not None and not self.flipped else []


def endpoint(view: Callable) -> Callable:
    """A change's address: CSRF is checked by ``gate`` after the access check, not before the view."""
    return csrf.exempt(view)


def gate(token: str, fresh: bool = True) -> Game:
    """Access, then CSRF (a JSON body needs no token): the game as it is now (``fresh``: read from
    the database; else as this process last knew it, for a change judged under the game's lock)."""
    game = access.load(token, want_edit=True, fresh=fresh)
    if not request.is_json:
        csrf.protect()   # a CSRFError: the page recovers (errors.CSRF_RECOVERY), nothing is changed
    return game


def latest(token: str) -> Game:
    """The game as the database has it now (what a refused or conflicting change shows)."""
    return store().find(token, fresh=True)[0]


def create_game(state: dict, imported_events: list | None = None, request_id: str | None = None,
                device: str | None = None) -> Game:
    """Store a new game (setup, import, rematch, a group's game); the same request id from the same
    device makes it once."""
    return store().create(state, imported_events, request_id, device)


def rematch(token: str, make: Callable[[dict], dict], game: Game | None = None) -> tuple[Game, Game, bool]:
    """The game's next game with the same players (``make``: the game's ``GamePages.rematch``), made
    once: (the game as it is now, its rematch, whether it was made now). Made now, the game's own
    revision moves on in the same commit, and the store tells every phone on it (the live stream):
    each finds the rematch on its page, with one tap to follow it. ``game``: what ``gate`` returned."""
    if game is None:
        gate(token)
    return store().rematch(token, make)


def change(token: str, move: dict, *, apply: Callable[[dict], tuple[dict, list]] | None = None,
           revision: int | None = None, needs_current: bool | None = None, game: Game | None = None) -> Outcome:
    """Apply one move of the token's game. ``apply`` overrides the game's rule function for this
    move (the paper pad keeps only the cells it can save); ``revision`` is what the sender saw;
    ``needs_current`` (default: the game's own judgement of the move) refuses a change from an
    older screen. ``game`` is what ``gate`` returned, when the endpoint needed it first."""
    current = game or gate(token)
    pages = game_pages.pages_for(current)
    rule = apply or (lambda state: pages.apply(state, move))
    must_be_current = pages.needs_current(move) if needs_current is None else needs_current
    try:
        changed, record, stale = store().change(
            token, move, _unless_finished(pages, move, _guarded(rule, move)),
            expected_revision=revision if must_be_current else None, seen_revision=revision, request_id=request_id())
    except AlreadyApplied as repeat:
        return _replayed(repeat)
    except GameFinished:   # answered as a refusal, even by an endpoint that does not read the outcome
        raise GameFinished(Outcome(latest(token), finished=True)) from None
    except StaleRevision:
        return Outcome(latest(token), conflict=True)
    except Refused as refused:
        return Outcome(latest(token), refused=refused)
    written_by_the_rules(changed)   # from the sound record the gate let through
    return Outcome(changed, record, changed.revision, stale=stale)


def flip(token: str, which: str, revision: int, mark: str | None, confirmed: bool = False,
         seat: int | None = None) -> Outcome:
    """Undo or Redo. From a stale screen it still goes ahead while the change its button named
    (``mark``) is the one it would take back (or bring back); otherwise it is a conflict.
    A resent Undo or Redo (same request id) does nothing more, whatever happened since.
    On a finished game it goes ahead only ``confirmed`` (it would drop the final score); the
    revision it is made at is the one judged here, so a game finished meanwhile is a conflict."""
    current = gate(token)
    if revision != current.revision:
        try:
            store().check_repeat(token, request_id())
        except AlreadyApplied as repeat:
            return _replayed(repeat)
        target = flip_target(current, which)
        if target is None or mark != mark_of(target):
            return Outcome(current, conflict=True)
        revision = current.revision
    if current.phase == FINISHED and not confirmed:   # (a resent request was answered above: its revision is older)
        return Outcome(current, unconfirmed=True)
    act = store().undo if which == "undo" else store().redo
    try:
        changed, record = act(token, revision, request_id(), seat=seat)
    except AlreadyApplied as repeat:
        return _replayed(repeat)
    except StaleRevision:
        return Outcome(latest(token), conflict=True)
    except NothingToDo:
        return Outcome(current, nothing_to_do=True)
    return Outcome(changed, record, changed.revision, flipped=True)


def set_waiting(token: str, seat, question: dict | None, by_seat: int | None = None) -> Game:
    """Open (``question``) or close (None) the move waiting for ``seat``'s answer, on every phone
    (``Store.set_pending``); the same tap resent does nothing more."""
    try:
        return store().set_pending(token, seat, question, request_id(), by_seat=by_seat)
    except AlreadyApplied as repeat:
        return repeat.game


def flip_target(game: Game, which: str) -> EventRecord | None:
    """The change Undo would take back (the last active one) or Redo bring back (the first undone)."""
    ends = store().undo_ends(game.id)
    found = [r for r in ends if r.undone == (which == "redo")]
    return found[0] if found else None


def mark_of(record: EventRecord) -> str:
    """An event's identity on a button: a new change may reuse an undone change's number, not its time."""
    return f"{record.seq}@{record.at.replace(tzinfo=None).isoformat()}"


def _replayed(repeat: AlreadyApplied) -> Outcome:
    return Outcome(repeat.game, repeat.record, repeat.revision, repeated=True, flipped=repeat.flipped)


PLAYED_ON = "played_on"   # the day a game was played, set by a person: any game, finished or not


def set_played_on(token: str, day: str | None) -> Outcome:
    """Set (or clear, ``None``) the day the game was played: the document's ``played_on``, which
    its statistics, lists and exports read. A change like any other: recorded, and undone by Undo."""
    def dated(state: dict):
        changed = {key: value for key, value in state.items() if key != PLAYED_ON}
        return ({**changed, PLAYED_ON: day} if day else changed), []
    return change(token, {"kind": PLAYED_ON, PLAYED_ON: day}, apply=dated, needs_current=False)


class GameFinished(Exception):
    """A move on a finished game that neither reopens it nor enters what its final score asks for.
    Raised out of ``change`` with the game as it is now (``outcome``); the web layer's error
    handler answers it (``companion.web.games.answer``: 409, "reopen it first")."""

    def __init__(self, outcome: Outcome | None = None):
        super().__init__()
        self.outcome = outcome


def _unless_finished(pages: game_pages.GamePages, move: dict, rule: Callable[[dict], tuple[dict, list]]
                     ) -> Callable[[dict], tuple[dict, list]]:
    """The rules, for a game not finished under the lock (another phone may have just finished it)."""
    @wraps(rule)
    def apply_to(state: dict):
        if state.get("phase") == FINISHED and move != pages.reopen and not pages.finished_takes(state, move) \
                and move.get("kind") != PLAYED_ON:
            raise GameFinished
        return rule(state)
    return apply_to


def _guarded(rule: Callable[[dict], tuple[dict, list]], move: dict) -> Callable[[dict], tuple[dict, list]]:
    """The game's rules, with a state they cannot read (a hand-edited import) refused like any
    other move the rules refuse: the game stays as it is, and the operator gets a trace."""
    @wraps(rule)
    def apply_to(state: dict):
        try:
            return rule(state)
        except Refused:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            current_app.logger.exception("move %s on a game record its rules cannot read", move.get("kind"))
            raise Refused([Problem("move", UNREADABLE_RECORD)]) from None
    return apply_to
