"""Architects of the West Kingdom's table page: the live region every phone polls, this
phone's seat, the moves (quick buttons, forms, Build / Hire, the questions a card asks,
crafting) and the final score page. The addresses, undo/redo, history and sharing are
the shared game pages' (``companion.web.games``), which hand an AotWK game to ``render_page``
(``companion.aotwk.web.pages``).

Stale views: moves are relative where they can be (virtue +1), so a move from a stale
page is applied to the current state, re-validated by the rules; the moves the rules
mark absolute are refused with 409 and the current view.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import secrets
from typing import NamedTuple

from flask import Blueprint, abort, g, redirect, render_template, request, session, url_for
from flask_babel import gettext as _, lazy_gettext as _l
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from companion.aotwk.catalogue import library_key
from companion.aotwk.i18n.names import card_name
from companion.aotwk.rules import table as rules_table
from companion.aotwk.web import catalogue, board_view, crafting, move_choices, move_forms, move_reading, questions
from companion.i18n.reasons import render_reason
from companion.web import access, changes, errors, games
from companion.web.storage.cache import named
from companion.web.extensions import htmx
from companion.web.games import readable, render_game
from companion.web.groups import game_end
from companion.web.helpers import store
from companion.web.i18n import language
from companion.web.storage.store import Game

bp = Blueprint("table", __name__)
# Only templates can write these: a player's "<!--csrf-->" is escaped to "&lt;!--csrf--&gt;".
CSRF_PLACEHOLDER = "<!--csrf-->"
PERSONAL_PLACEHOLDER = "<!--personal-->"
REVISION_PLACEHOLDER = "<!--revision-->"
OWN_PARTS = re.compile("(" + "|".join(map(re.escape, (CSRF_PLACEHOLDER, PERSONAL_PLACEHOLDER, REVISION_PLACEHOLDER))) + ")")
# Around what one player's phone shows and another's does not, in a region drawn once for them all.
# A seat's card in it stands for itself by a mark until a phone's share is joined (``_seats_share``).
SEAT_BEGINS, SEAT_ENDS, CARD = "<!--seat:{}-->", "<!--/seat-->", "<!--card:{}-->"
ANY_SEAT_BEGINS, ANY_CARD = SEAT_BEGINS.split("{")[0], CARD.split("{")[0]   # "<!--seat:", "<!--card:"
OWN_PARTS_AND_SEATS = re.compile("(" + OWN_PARTS.pattern[1:-1] + r"|<!--seat:(?:\d+|table)-->|<!--/seat-->|<!--card:\d+-->)")
EVERY_PLAYER = "every player"   # the region drawn once for every player's phone and the tablet's (its cache key's seat)
rendered = named("aotwk: live regions", 512)   # (game, revision, address, seat, language...) -> the region
shared_views = named("aotwk: seat-independent views", 512)   # (edit token, revision, language) -> what every seat's page shares
parts_drawn = named("aotwk: drawn seat cards", 4096)
cards_split = named("aotwk: drawn seat cards, split at OWN_PARTS", 1024)   # (the same keys as parts_drawn's cards)
counters_drawn = named("aotwk: drawn counters", 8192)   # (edit token, language, what it shows) -> a counter
live_scores = named("aotwk: live scores", 512)   # (edit token, revision, card library) -> the scores and their digest


# -- rendering ------------------------------------------------------------------

def _live_score(game: Game, shown: bool) -> dict:
    """The live score and its digest (the side column is kept by it), or None for both when it is not shown."""
    if not shown and game.phase != "finished":
        return {"scores": None, "scores_digest": None}
    # scored once per revision: the tablet shows it on every poll (its own renders differ by seat)
    return live_scores.get_or_make((game.edit_token, game.revision, library_key()), lambda: _scored(game))


def _scored(game: Game) -> dict:
    scores = games.score_of(game)
    return {"scores": scores, "scores_digest": _digest(scores)}


def shows_live_score(game: Game) -> bool:
    """This device's choice (Show/Hide live score); until it chooses, the tablet showing the whole
    table shows it (it faces everyone), a player's phone does not (nobody reads over a shoulder)."""
    chosen = session.get("live_score")
    return chosen_seat(game) == board_view.TABLE_SEAT if chosen is None else bool(chosen)


SEATS_REMEMBERED = 30   # games whose seat this device remembers (the session cookie stays small)


def chosen_seat(game: Game):
    """This device's seat in this game: a seat index, "table", or None (not asked yet)."""
    return board_view.seat_of(game.state, (session.get("seats") or {}).get(str(game.id)))


def remember_seat(game: Game, who: str | None) -> None:
    seats = {key: value for key, value in (session.get("seats") or {}).items() if key != str(game.id)}
    if who is not None:
        seats[str(game.id)] = who
    session["seats"] = dict(list(seats.items())[-SEATS_REMEMBERED:])


def game_context(game: Game, message: str | None = None, notes=None, refusal: move_forms.Rejected | None = None,
                 open_form: dict | None = None, players_live: bool | None = None) -> dict:
    """``players_live`` (not None): one drawing for every player's phone, each showing the live score
    or not as it says, and for players who do not, the whole table's tablet (which does); what differs
    between them drawn for each (``board.variants``), between marks (``render_live``)."""
    # What every form on the page carries: the CSRF token (put in per phone) and the revision it shows
    # (put in per revision, so a seat's card drawn at an earlier one still serves).
    stamp = Markup('<input type="hidden" name="csrf_token" value="{}"><input type="hidden" name="rev" value="{}">'
                   ).format(Markup(CSRF_PLACEHOLDER), Markup(REVISION_PLACEHOLDER))
    board = _board(game)
    cards = [] if players_live is not None else None
    if players_live is not None:   # (each player's board: this one's, seen from that seat; the tablet's)
        shown = {seat: players_live for seat in range(len(game.state["players"]))}
        if not players_live:   # (a drawing for players who show the live score has no tablet's share)
            shown[board_view.TABLE_SEAT] = True
        board["variants"] = [{**board_view.for_seat(board, game.state, seat), "show_live": live,
                              **_live_score(game, live), "begin": Markup(SEAT_BEGINS.format(seat)),
                              "end": Markup(SEAT_ENDS)} for seat, live in shown.items()]
    return dict(
        stamp=stamp,
        game=game, state=game.state, editable=g.editable, token=g.token, message=message, notes=notes or [],
        refusal=refusal, open_form=open_form, board=board, cards=cards,
        **_cached_parts(game, board, not (refusal or open_form), cards),
    )


def _digest(value) -> str:
    return hashlib.blake2b(json.dumps(value, sort_keys=True, default=str).encode(), digest_size=16).hexdigest()


def _cached_parts(game: Game, board: dict, cacheable: bool, cards: list | None = None) -> dict:
    """The template's ``{% call seat_card(who, full, mine, glance) %}`` (around ``{% call seat_inside(who, glance) %}``),
    ``{% call table_card(me) %}``, ``{% call every_seat(name, *varies) %}``, ``{% call side_once(...) %}``
    and ``{% call counter_once(...) %}``: one seat's card, the table-wide tracks, a part of the page
    no seat changes, the side column and a counter, each drawn once and shared by every phone that
    shows it the same way. A card shows its seat, what the table says of it and the table itself
    (shared across revisions too); the tracks show the table and the seats' names; a part no seat
    changes is drawn once per revision; the side column, once per live score. A move on one seat
    draws that seat again, not the other five nor the Guildhall, and six phones' pages are mostly
    parts drawn once. ``cards``: a list to hold each seat's card, split at ``OWN_PARTS``, whose mark
    the region then holds instead (drawn for every player)."""
    table_wide = board["table_digest"]
    # read once: a drawing asks for some hundred parts, and each read of ``g`` or the locale goes
    # through Flask's context-local proxies
    token, editable, locale, library = g.token, g.editable, language(), library_key()
    address = (token, editable, locale)

    def drawn_once(key, caller, kept_in=parts_drawn) -> Markup:
        if not cacheable:   # a refusal or an open form: this phone's own page
            return caller()
        return kept_in.get_or_make(key, caller)

    marks: dict = {}   # a card's key -> its mark in this drawing (for every player: each folded card five times)

    def seat_card(who, full: bool, mine: bool, glance: bool, caller) -> Markup:
        # (``glance``: the whole table's board, its common moves in view and the rest under More…)
        key = (address, who, full, mine, glance, table_wide, board["seat_digests"][who])
        if cards is None:
            return drawn_once(key, caller)
        if key not in marks:
            card = drawn_once(key, caller)
            cards.append(cards_split.get_or_make(key, lambda: OWN_PARTS.split(card)))
            marks[key] = Markup(CARD.format(len(cards) - 1))
        return marks[key]

    def seat_inside(who, glance: bool, caller) -> Markup:
        # open (this phone's seat) or folded (another's), a card holds the same: one drawing for both
        return drawn_once((address, who, "inside", glance, table_wide, board["seat_digests"][who]), caller)

    def table_card(me, caller) -> Markup:
        # the seats' order in its lists follows this phone's seat
        return drawn_once((address, "table", me, table_wide), caller)

    def every_seat(name: str, *varies, caller) -> Markup:
        # ``varies``: what else than the revision the part shows differently (the live score shown...)
        return drawn_once((token, name, editable, locale, game.revision, library, varies), caller)

    def side_once(show_live: bool, whole_table: bool, scores_digest: str | None, caller) -> Markup:
        # The side column: with a bot, its panel (each revision's own); without, the live score's
        # button and standings, kept while the scores and the names stay (most taps move no point).
        if game.state.get("bot"):
            return every_seat("side", show_live, whole_table, caller=caller)
        return drawn_once((token, "side", editable, locale, library, show_live, whole_table, board["finished"],
                           table_wide, scores_digest), caller)

    def table_part(name: str, *shown, caller) -> Markup:
        # a part that shows the table alone (the setup checklist) and ``shown`` (the seats' virtue...)
        return drawn_once((address, name, table_wide, library, *shown), caller)

    def counter_once(*shown, caller) -> Markup:
        # a counter shows its arguments alone (its label, value, seat, whether it takes taps...)
        return drawn_once((token, locale, *map(str, shown)), caller, kept_in=counters_drawn)

    return {"seat_card": seat_card, "seat_inside": seat_inside, "table_card": table_card, "every_seat": every_seat,
            "side_once": side_once, "table_part": table_part, "counter_once": counter_once}


def _seat_independent(game: Game) -> dict:
    """The board's view and the digests its cached parts are drawn by: once per revision and
    language, shared by every seat's page."""
    state = game.state
    view = board_view.seat_independent(state)
    view["pending"] = pending_questions(game)
    view["table_digest"] = _digest([{key: value for key, value in state.items() if key != "players"},
                                    [(player.get("name"), player.get("colour")) for player in state["players"]]])
    # what the seats' chips show besides the names (in every phone's board): their virtue
    view["virtues"] = tuple((state["bot"] if who == move_choices.BOT else state["players"][who]).get("virtue")
                            for who in rules_table.everyone(state))
    view["seat_digests"] = {
        who: _digest([state["bot"] if who == move_choices.BOT else state["players"][who], view["status"].get(who),
                      view["silver_instead"].get(who)])
        for who in rules_table.everyone(state)}
    return view


def _board(game: Game) -> dict:
    shared = shared_views.get_or_make((game.edit_token, game.revision, language(), library_key()),
                                      lambda: _seat_independent(game))
    board = board_view.for_seat(shared, game.state, chosen_seat(game))
    undo, redo = games.undo_redo_names(game)
    board["undo"], board["redo"] = (undo, redo) if g.editable else (None, None)
    # The newest change in words, for the brief mark another phone shows when it arrives (static/app.js).
    board["last_change"] = _newest_change(game) or next(
        (question["waiting"] for question in board["pending"] if question["revision"] == game.revision), "")
    board["show_live"] = shows_live_score(game)
    board.update(_live_score(game, board["show_live"]))
    board.update(variants=[board], begin="", end="")   # what differs between phones: drawn for this one alone
    return board


def _newest_change(game: Game) -> str:
    """The newest change in words for the other phones; with the Black Market Reset it set off, said
    with why (the Black Market full, a Guildhall space, the bot's card) as the phone that made it reads
    it among its notes: another phone would otherwise see its workers go to the Prison unexplained."""
    words = games.newest_change(game)
    if not words or store().action_at(game.id, game.revision)[0] not in (None, "move"):
        return words   # (an Undo or a Redo names its change; its notes are not the newest event's)
    newest = next(iter(store().undo_ends(game.id, game.revision)), None)
    if newest is None or newest.undone:
        return words
    resets = [render_reason(note, language()) for note in newest.notes if getattr(note, "code", None) == "bm_reset"]
    return "; ".join([words, *resets])


# What an Undo of the end of the game drops, asked before it is done (``GamePages.undo_drops``).
COUNT_CLOSES = _l("The count closes on every phone: what was typed there and not confirmed is lost.")


def undo_drops(state: dict, move: dict):
    """Undoing "End the game now" while everyone counts takes the game back to play: every phone's
    count closes, and what a player typed and did not confirm goes with it."""
    return COUNT_CLOSES if state.get("phase") == "counting" and move.get("kind") == "end_game" else None


def rematch(state: dict) -> dict:
    """The next game: the same players one seat on, the same bot and scheme cards (a printed-card
    game remembers the table's saved deck as it is now)."""
    from companion.aotwk.rules import bot
    from companion.aotwk.web import bot_cards
    again = rules_table.rematch(state, secrets.randbelow(2**31))
    if again.get("bot") and again["bot"]["deck"]["mode"] == "physical":
        printed = bot_cards.printed_cards_again(state)
        if printed:
            again = bot.remember_printed(again, *printed)
    if again.get("bot"):
        bot_cards.remember_bot_game(again)
    return again


def render_page(game: Game, status: int = 200, **context):
    """The live region for htmx requests, the whole table page otherwise."""
    live = Markup(render_live(game, **context))
    if htmx:
        return live, status
    return render_template("aotwk/table.html", game=game, live=live), status


def render_live(game: Game, message: str | None = None, notes=None, refusal=None, open_form=None,
                slot: str | None = None) -> str:
    """The live region's HTML.

    Apart from the notes or message for the phone that made a change, it depends
    only on the game's revision and the address, so it is rendered once per
    revision and shared: six phones polling one change cost one render. The
    personal parts and each phone's own CSRF token are put in afterwards.
    """
    if refusal or open_form:   # messages next to controls: this phone's own page
        pieces = OWN_PARTS.split(render_template("aotwk/_game.html", csrf=Markup(CSRF_PLACEHOLDER),
                                                 **game_context(game, message, notes, refusal, open_form)))
        return _filled_in(pieces, game)
    seat = chosen_seat(game)
    # what the region depends on besides the game and its revision (a stream's join builds the same key)
    shown_to = ShownTo(g.token, g.editable, shows_live_score(game), language(), library_key())
    key = (game.id, game.revision, *shown_to)
    # A player's phone and the whole table's tablet: the region drawn once for all of them (the count
    # of the game's end is each phone's own), then this phone's share of it; a phone not seated, its own.
    shared = _drawing_shared(game.id, game.revision, shown_to, seat) if game.phase != "counting" else None
    if shared is not None:
        drawing, players_live = shared
        pieces = rendered.get_or_make((*key, seat), lambda: _seats_share(
            rendered.get_or_make(drawing, lambda: _drawn_for_every_player(game, players_live)), seat))
    else:
        pieces = rendered.get_or_make((*key, seat), lambda: _drawn(game))
    if seat is not None:   # (a phone with no seat yet could have one at the next revision: Flask decides)
        games.offer_redraw(lambda: functools.partial(_joined_again, game.id, shown_to, seat, generate_csrf()))
    personal = render_template("_personal.html", message=message, notes=notes) if message or notes else ""
    if personal and slot:   # under the control that made the change, if it is on this page
        html = _filled_in(pieces, game)
        if slot in html:
            return html.replace(slot, personal, 1)
    return _filled_in(pieces, game, personal)


class ShownTo(NamedTuple):
    """What a phone's live region depends on besides the game and its revision."""
    token: str
    editable: bool
    live_score: bool
    language: str
    library: object


def _drawing_shared(game_id: int, revision: int, shown_to: ShownTo, seat) -> tuple[tuple, bool] | None:
    """The key of the drawing this phone's region is a share of and whether its players' phones show
    the live score, or None (a drawing of its own): a player's phone shares the drawing for every
    player who shows the live score as it does; the whole table's tablet, the one for players who do
    not, while it shows the live score (each phone's default)."""
    if isinstance(seat, int):
        players_live = shown_to.live_score
    elif seat == board_view.TABLE_SEAT and shown_to.live_score:
        players_live = False
    else:
        return None
    return (game_id, revision, *shown_to._replace(live_score=players_live), EVERY_PLAYER), players_live


def _drawn(game: Game) -> list[str]:
    """The region for this phone alone, split at ``OWN_PARTS``."""
    return OWN_PARTS.split(render_template("aotwk/_game.html", csrf=Markup(CSRF_PLACEHOLDER),
                                           personal_slot=Markup(PERSONAL_PLACEHOLDER), **game_context(game)))


class EveryPlayersDrawing(NamedTuple):
    """The region drawn once for every player's phone and the tablet's, as runs of pieces (split at
    ``OWN_PARTS``), each run shown to every phone (None) or to one seat's (its mark), each card in
    place of its mark: a phone's share is a few list extends, however many pieces the region has."""
    runs: list[tuple[str | None, list[str]]]
    seats: frozenset[str]   # the marks of the seats drawn


def _drawn_for_every_player(game: Game, players_live: bool) -> EveryPlayersDrawing:
    """The region for every player's phone (``players_live``: with the live score) and, drawn for players
    without it, the whole table's."""
    context = game_context(game, players_live=players_live)
    html = render_template("aotwk/_game.html", csrf=Markup(CSRF_PLACEHOLDER),
                           personal_slot=Markup(PERSONAL_PLACEHOLDER), **context)
    cards = context["cards"]
    runs, owner, run = [], None, []
    for piece in OWN_PARTS_AND_SEATS.split(html):   # (a mark is a piece of its own: only the template writes one)
        if piece.startswith(ANY_SEAT_BEGINS) or piece == SEAT_ENDS:
            if run:
                runs.append((owner, run))
            owner, run = (piece if piece != SEAT_ENDS else None), []
        elif piece.startswith(ANY_CARD):
            run.extend(cards[int(piece[len(ANY_CARD):-3])])
        else:
            run.append(piece)
    if run:
        runs.append((owner, run))
    return EveryPlayersDrawing(runs, frozenset(owner for owner, _run in runs if owner is not None))


def _seats_share(drawing: EveryPlayersDrawing, seat) -> list[str]:
    """What one phone shows of the region drawn for every player's (and the tablet's): all but what is
    marked as another seat's (a join of runs, no drawing)."""
    mine = SEAT_BEGINS.format(seat)
    share: list[str] = []
    for owner, run in drawing.runs:
        if owner is None or owner == mine:
            share.extend(run)
    return share


def _filled_in(pieces: list[str], game: Game, personal: str = "") -> str:
    """A region split at ``OWN_PARTS``, joined with this phone's CSRF token, the revision and its
    own notes: one pass over pieces split once per drawing (three replaces over 60 KB of page
    cost a sixth of a millisecond, six phones a tap)."""
    return _joined(pieces, generate_csrf(), game.revision, personal)


def _joined(pieces: list[str], csrf: str, revision: int, personal: str = "") -> str:
    own = {CSRF_PLACEHOLDER: csrf, REVISION_PLACEHOLDER: str(revision), PERSONAL_PLACEHOLDER: personal}
    return "".join([own.get(piece, piece) for piece in pieces])


def _joined_again(game_id: int, shown_to: ShownTo, seat, csrf: str, revision: int) -> str | None:
    """A stream's phone's region at ``revision``, as its poll would answer it, joined from what is
    drawn already (its share of the drawing for every player, which the tapping player's answer
    drew); None when it is not drawn yet, or the seat is gone. Called on the stream's side with no
    request: it never draws, nor waits for a drawing."""
    at = (game_id, revision, *shown_to)   # ``render_live``'s key at that revision
    pieces = rendered.get((*at, seat))
    shared = _drawing_shared(game_id, revision, shown_to, seat)
    if pieces is None and shared is not None:
        every_player = rendered.get(shared[0])   # (none at the end count: nobody draws one then)
        if every_player is None or SEAT_BEGINS.format(seat) not in every_player.seats:
            return None
        pieces = _seats_share(every_player, seat)
        rendered.put((*at, seat), pieces)
    return None if pieces is None else _joined(pieces, csrf, revision)


errors.CSRF_RECOVERY["aotwk.table"] = games.after_csrf_failure   # (nested: the blueprint answering is "aotwk.table")


# -- pages ----------------------------------------------------------------------

@readable("/live", bp)
def live_score(game: Game):
    """Show or hide this device's live score (a preference, not game state), then the fresh region."""
    session["live_score"] = request.args.get("show") == "1"
    return render_game(game)


@readable("/score", bp)
def final_score(game: Game):
    scores = games.score_of(game)
    end = game_end(game, g.editable, scores) if game.phase == "finished" else None
    return render_template("aotwk/score.html", game=game, token=g.token, editable=g.editable, scores=scores, end=end)


# -- moves ----------------------------------------------------------------------

@bp.post("/g/<token>/move")
@changes.endpoint
def move(token: str):
    # The game's kind and the access are all a move needs first: the rules judge it under the lock.
    current = changes.gate(token, fresh=False)
    request_ = move_reading.read_move(request.form)
    if request_.refusal:
        return _refused(changes.latest(token), request_.refusal)
    outcome = changes.change(token, request_.move, apply=move_reading.applier(request_.move, request_.seen),
                             revision=request_.revision, needs_current=request_.needs_current_revision, game=current)
    return games.answer(outcome, refused=lambda o: _refused(o.game, move_reading.rejected(request_.move, o.refused,
                                                                                          request_.sent)),
                        slot=board_view.result_slot(request_.move))


def _refused(game: Game, refusal: move_forms.Rejected):
    """A refused move: 400, the current game, the message next to the control (or the reopened form),
    what the player sent shown again as it was sent."""
    open_form = None
    if refusal.kind and refusal.kind not in board_view.QUICK_MOVES:
        open_form = move_forms.refused_form(game.state, refusal, game.revision)
    # The message goes next to the control that was refused (or into the reopened form), on that
    # player's card only; the top of the page gets it only when there is no such control.
    # (No seat, or one this game does not have, from a hand-made request: no card to show it on.)
    on_a_card = refusal.player is not None and str(refusal.player) in map(str, rules_table.everyone(game.state))
    placed = refusal.kind in board_view.TABLE_REFUSALS or (
        on_a_card and (open_form or refusal.kind in board_view.PLACED_REFUSALS))
    message = None if placed else _("That was not recorded: %(why)s", why="; ".join(map(str, refusal.errors.values())))
    return render_game(game, 400, refusal=refusal, open_form=open_form, message=message)


@bp.get("/g/<token>/form")
def move_form(token: str):
    """The form for one move, for one player (empty without a kind: closes an open form)."""
    game = access.load(token, want_edit=True)
    kind = request.args.get("kind", "")
    if not kind:
        return ""
    if kind not in rules_table.MOVES:
        abort(404)
    who = request.args.get("player")
    form = move_forms.move_form(game.state, kind, who, game.revision)
    return render_template("aotwk/_move_form.html", form=form, kind=kind, spec=rules_table.MOVES[kind], token=token,
                           csrf=generate_csrf())


# -- this phone's seat, Build / Hire, and the questions a card asks -----------------------------

@readable("/seat", bp)
def seat(game: Game):
    """Who is this phone: a player (their board first), "table" (every board in full), or
    nothing (ask again). Remembered in this device's session, per game; no token in it."""
    who = request.args.get("who")
    remember_seat(game, who if board_view.seat_of(game.state, who) is not None else None)
    if htmx:
        return render_game(game)
    return redirect(url_for("games.table" if g.editable else "games.view", token=g.token), 303)


def _player_argument(game: Game):
    raw = request.args.get("player", "")
    if raw == move_choices.BOT and game.state.get("bot"):
        return move_choices.BOT
    if not raw.isdecimal() or int(raw) >= len(game.state["players"]):
        abort(400, _("Choose a player."))
    return int(raw)


def _stamp(game: Game) -> Markup:
    return Markup('<input type="hidden" name="csrf_token" value="{}"><input type="hidden" name="rev" value="{}">'
                  ).format(generate_csrf(), game.revision)


def _likely(game: Game, who, kind: str, query: str) -> dict:
    """The panel's cards (each saying whether it asks something) and how many more a few letters find."""
    takeable = catalogue.available(game.state, who, kind, query)   # (read once: the list and its count)
    cards = catalogue.shortlist(takeable, query)
    for card in cards:
        card["asks"] = kind == "building" and bool(questions.questions(game.state, "build", who, card["id"]))
    return {"cards": cards, "more": len(takeable) - len(cards) if not query.strip() else 0}


@bp.get("/g/<token>/pick")
def pick_panel(token: str):
    """Build or Hire for a player: a focused search box and the likely cards."""
    game = access.load(token, want_edit=True)
    kind = catalogue.kind_argument()
    who = _player_argument(game)
    source = request.args.get("source")   # the free starting hire (Age of Artisans) opens on "Free"
    # (where a hire comes from: the Build panel has no such choice, and a seat's status is not free to work out)
    sources = move_choices.hire_sources(game.state, who, asked=source) if kind == "apprentice" else []
    return render_template("aotwk/_pick_panel.html", token=token, stamp=_stamp(game), kind=kind, who=who,
                           name=move_choices.who_name(game.state, who), query="", sources=sources,
                           source=source if source in dict(sources) else None,
                           artisan=kind == "apprentice" and source != "free"
                           and any(p.name == "artisan" for p in rules_table.MOVES["hire"].params_in_play(game.state)),
                           field=kind, **_likely(game, who, kind, ""))


@bp.get("/g/<token>/pick/cards")
def pick_cards(token: str):
    game = access.load(token, want_edit=True)
    kind = catalogue.kind_argument()
    who = _player_argument(game)
    query = request.args.get("q", "")
    return render_template("aotwk/_pick_cards.html", token=token, kind=kind, who=who, field=kind, query=query,
                           **_likely(game, who, kind, query))


def _asking(state: dict, kind: str, who, building: str = "") -> tuple[str, dict] | None:
    """A question's title and the move's fields fixed before it (None: no such question)."""
    name = move_choices.who_name(state, who)
    if kind == "build":
        if building not in catalogue.load().buildings:
            return None
        return _("%(name)s builds the %(building)s", name=name,
                 building=card_name("building", building, language())), {"building": building}
    if kind == "advance_cathedral":
        if state["table"].get("reward_cards_left", 0) <= 0:
            return _("%(name)s: Cathedral +1 (the reward pile is empty: 1 virtue)", name=name), {}
        return _("%(name)s: Cathedral +1", name=name), {}
    if kind == "capture":
        return _("%(name)s captures workers", name=name), {}
    if kind == "black_market" and who != move_choices.BOT:
        return _("%(name)s: Black Market", name=name), {}
    return None


def _questions(state: dict, kind: str, who, fixed: dict) -> list[dict]:
    asked = questions.questions(state, kind, who, fixed.get("building"))
    for question in asked:
        if question["type"] == "cards":
            question["cards"] = catalogue.pick_for(state, who, question["kind"])
    return asked


@bp.get("/g/<token>/ask")
def ask(token: str):
    """The questions a move needs answered (a card's choice, the revealed reward), as buttons."""
    game = access.load(token, want_edit=True)
    kind = request.args.get("kind", "")
    who = _player_argument(game)
    asking = _asking(game.state, kind, who, request.args.get("building", ""))
    if asking is None:
        abort(404)
    title, fixed = asking
    if kind == "black_market":
        why_not = board_view.status_of(game.state, who).get("black_market_reason")
        if why_not:   # the button is not drawn then; a stale screen is told why instead of a panel that fails
            return render_template("aotwk/_ask_panel.html", token=token, stamp=_stamp(game), kind=kind, who=who,
                                   title=title, fixed=fixed, asked=[], why_not=why_not)
    return render_template("aotwk/_ask_panel.html", token=token, stamp=_stamp(game), kind=kind, who=who, title=title,
                           fixed=fixed, asked=_questions(game.state, kind, who, fixed))


# -- a question left open: the move waits, on every phone, until it is answered or cancelled ------

WAITS = ("build", "advance_cathedral")   # the moves a question follows (capture, Black Market: the panel is the move)


def pending_questions(game: Game) -> list[dict]:
    """The moves waiting for an answer, as every phone shows them (this page's language): whose,
    the move so far, its questions. A question whose card the catalogue no longer has is left out, and
    all of them once the game has ended (its count, its final score): they come back if it is reopened."""
    shown = []
    if game.state.get("phase") in ("counting", "finished"):
        return shown
    for seat, question in sorted(game.waiting().items()):
        move = question.get("move") or {}
        who = move_choices.BOT if seat == move_choices.BOT else int(seat)
        asking = _asking(game.state, move.get("kind", ""), who, move.get("building", ""))
        if asking is None or move.get("kind") not in WAITS:
            continue
        title, fixed = asking
        asked = _questions(game.state, move["kind"], who, fixed)
        first = asked[0]["text"] if asked else title
        shown.append({"who": who, "kind": move["kind"], "title": title, "fixed": fixed, "asked": asked,
                      "revision": question.get("revision"), "question": first,
                      "waiting": _("Waiting for %(name)s's answer: %(question)s",
                                   name=move_choices.who_name(game.state, who), question=first)})
    return shown


def _waiting_seat(game: Game):
    raw = request.form.get("player", "")
    if raw == move_choices.BOT and game.state.get("bot"):
        return move_choices.BOT
    if not raw.isdecimal() or int(raw) >= len(game.state["players"]):
        abort(400, _("Choose a player."))
    return int(raw)


@bp.post("/g/<token>/ask")
@changes.endpoint
def open_question(token: str):
    """A move whose card asks something (the Tavern's free hire): kept waiting, on every phone,
    until its player answers (the move that matches it closes it) or cancels. Walked away from,
    it is still there to answer."""
    game = changes.gate(token)
    kind, who = request.form.get("kind", ""), _waiting_seat(game)
    asking = _asking(game.state, kind, who, request.form.get("building", "")) if kind in WAITS else None
    if asking is None:
        abort(404)
    if game.phase == "finished":
        return games.answer(changes.Outcome(game, finished=True))
    question = {"move": {"kind": kind, "player": who, **asking[1]}}
    return games.done(changes.set_waiting(token, who, question, by_seat=games.player_seat(game)))


@bp.post("/g/<token>/ask/cancel")
@changes.endpoint
def cancel_question(token: str):
    """The move left waiting is not made: the question closes on every phone."""
    game = changes.gate(token)
    who = _waiting_seat(game)
    return games.done(changes.set_waiting(token, who, None, by_seat=games.player_seat(game)))


@bp.get("/g/<token>/craft")
def craft_panel(token: str):
    """Age of Artisans: craft an Adornment or a Tool for a player, as labelled choices."""
    game = access.load(token, want_edit=True)
    if "age_of_artisans" not in (game.state.get("expansions") or ()):
        abort(404)
    who = _player_argument(game)
    if who == move_choices.BOT:
        abort(400, _("The bot does not craft."))
    return render_template("aotwk/_craft_panel.html", token=token, stamp=_stamp(game), who=who,
                           name=move_choices.who_name(game.state, who), choices=crafting.craft_choices(game.state, who),
                           artisan=any(p.name == "artisan" for p in rules_table.MOVES["craft_tool"].params_in_play(game.state)))
