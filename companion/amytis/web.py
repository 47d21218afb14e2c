"""The Amytis score pad on a phone: start a game, tap each board's stack heights,
tick the favors, enter projects and the score track, see both totals live.

The shared pieces do the rest: the event store (undo/redo, history, revisions),
the game addresses ``/g/<edit token>`` and ``/v/<view token>``, ``sheet.pdf`` and
``scores.csv`` (``companion.web.games`` hands an Amytis game to ``pages`` below, found
through ``companion.games``), polling, share links and export.json. Routes of its own:

  GET/POST /amytis/new                       two names (and a title): a new game
  POST     /g/<t>/amytis/move                one tap (kind, its fields, rev, CSRF token)
  GET      /amytis/blank.pdf                 a blank printable pad
  GET      /{g,v}/<t>/amytis/mine?seat=N     "this is N's phone": their board first (a phone's preference)
"""

from __future__ import annotations

from flask import Blueprint, g, redirect, render_template, request, session, url_for
from flask_babel import gettext as _, lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf
from wtforms import StringField
from wtforms.validators import InputRequired, Length, Optional, ValidationError

from companion.amytis import GAME_ID, pad
from companion.amytis.document import NAME_LIMIT, PROJECT_POINTS, tiles
from companion.amytis.pad import TRACK_LIMIT
from companion.amytis.favors import rules
from companion.amytis.scoring import FAVOR_TRACK, every_favor, favor_track, score_document
from companion.amytis.sheets import bgstats_link, csv_text, render_blank, render_sheet
from companion.amytis.words import favor_how, stack_words
from companion.i18n.field_words import for_a_page
from companion.i18n.reasons import render_reason
from companion.i18n.sentences import N_, say
from companion.problems import InvalidInput
from companion.web import changes, errors, games, limits, move_fields
from companion.web.downloads import exported_game, paper, sheet_download
from companion.web.game_pages import GamePages, Start
from companion.web.groups import fill_from_roster, game_end, group_from_request
from companion.web.i18n import language
from companion.web.pad_games import PadGame
from companion.web.pages import create_game
from companion.web.storage.store import Game

bp = Blueprint("amytis", __name__, template_folder="templates", static_folder="static",
               static_url_path="/static/amytis")   # under /static/: the service worker keeps it for offline

CSRF_MESSAGE = _l("This page had expired, so that tap was not recorded. The page is fresh now: please tap again.")
NAME = _l("The Architects of Amytis")


# -- starting a game ------------------------------------------------------------

class NewGameForm(FlaskForm):
    title = StringField(_l("Title"), validators=[Optional(), Length(max=200)],
                        render_kw={"placeholder": _l("Friday game")})
    first = StringField(_l("First player"), validators=[InputRequired(_l("Give each player a name.")),
                                                        Length(max=NAME_LIMIT)], render_kw={"autocomplete": "off"})
    second = StringField(_l("Second player"), validators=[InputRequired(_l("Give each player a name.")),
                                                          Length(max=NAME_LIMIT)], render_kw={"autocomplete": "off"})

    def validate_second(self, field):
        if (self.first.data or "").strip().casefold() == (field.data or "").strip().casefold():
            raise ValidationError(_("The two players need different names."))


@bp.route("/amytis/new", methods=["GET", "POST"])
@limits.new_games
def new_game():
    group = group_from_request()   # a pad started from a group: its roster's people in taps
    form = NewGameForm()
    if form.is_submitted():
        fill_from_roster(group, [form.first, form.second])
    if form.validate_on_submit():
        names = [form.first.data.strip(), form.second.data.strip()]
        try:
            # an untitled game is named in the language of whoever starts it
            title = (form.title.data or "").strip() or _("%(first)s and %(second)s", first=names[0], second=names[1])
            state = pad.new_game(names, title)
        except InvalidInput as exc:   # e.g. a name of spaces only
            form.first.errors = [*form.first.errors, *(for_a_page(p.message, language()) for p in exc.problems)]
        else:
            return create_game(state, group=group)
    status = 400 if request.method == "POST" else 200
    return render_template("amytis/new.html", form=form, game_name=_game_name(), group=group), status


def _game_name() -> str:
    return str(NAME)   # amytis.GAME_NAME, in the reader's language


# -- the pad --------------------------------------------------------------------

def _favor_view(player: dict) -> list[dict]:
    """Each favor space as on the Favor board, with what it would score now."""
    would = every_favor(player["stacks"], len(player["projects"]))
    lang = language()
    return [{"id": favor.id, "label": favor.label_in(lang), "how": favor_how(favor).render(lang),
             "claimed": favor.id in player["favors"],
             "points": would[favor.id].points, "reason": would[favor.id].reason}
            for favor in rules().favors.values()]


def _board_view(player: dict) -> list[list[dict]]:
    """The 3 x 3 board, rows from the top; a stack that earns a claimed favor is marked."""
    would = every_favor(player["stacks"], len(player["projects"]))
    earning = {cell for favor_id in player["favors"] for cell in would[favor_id].cells}
    return [[{"row": r, "column": c, "height": height, "name": _stack_name(r, c), "earns": (r, c) in earning}
             for c, height in enumerate(row)] for r, row in enumerate(player["stacks"])]


# A history line in the reader's language.
HISTORY = {
    "more": N_("{name}: {stack} stack, one more tile"), "fewer": N_("{name}: {stack} stack, one tile fewer"),
    "claimed": N_("{name}: claimed favor {label}"), "gave_back": N_("{name}: gave back favor {label}"),
    "pawn_more": N_("{name}: pawn-count part +1"), "pawn_fewer": N_("{name}: pawn-count part −1"),
    "project_add": N_("{name}: Project card worth {points} validated"),
    "project_remove": N_("{name}: Project card worth {points} removed"),
    "track": N_("{name}: score track set"), "finished": N_("Game over"), "reopened": N_("The game was reopened"),
    "change": N_("Change"),
}


def _history_line(state: dict, move: dict) -> tuple[str, dict]:
    kind = move.get("kind")
    seat = move.get("player")
    name = state["players"][seat]["name"] if isinstance(seat, int) and 0 <= seat < len(state["players"]) else ""
    if kind == "amytis_stack":
        return ("more" if move.get("delta") == 1 else "fewer"), {"name": name, "stack": _stack_name(move["row"], move["column"])}
    if kind == "amytis_favor":
        favor = rules().favors.get(move.get("favor"))
        return ("claimed" if move.get("claimed") else "gave_back"), {
            "name": name, "label": favor.label_in(language()) if favor else "?"}
    if kind == "amytis_favor_track":
        return ("pawn_more" if move.get("delta") == 1 else "pawn_fewer"), {"name": name}
    if kind in ("amytis_project_add", "amytis_project_remove"):
        return kind.removeprefix("amytis_"), {"name": name, "points": move.get("points")}
    if kind == "amytis_track":
        return "track", {"name": name}
    if kind == "amytis_phase":
        return ("finished" if move.get("phase") == "finished" else "reopened"), {}
    return "change", {}


def _describe(state: dict, move: dict) -> str:
    try:
        key, params = _history_line(state, move)
    except (KeyError, TypeError, IndexError):   # an odd imported event: still a line, never a crash
        key, params = "change", {}
    return say(HISTORY[key], language(), **params)


def _stack_name(row: int, column: int) -> str:
    return stack_words(pad.stack_name(row, column), language())


def _score_lines(entry: dict) -> list[tuple[str, int, str]]:
    """(what, points, why) for each part of a player's total, in the words of the boards."""
    reasons = entry["reasons"]
    lines = [(_("Score track"), entry["categories"]["track"], ""),
             (_("Project cards"), entry["categories"]["projects"], reasons["projects"])]
    for key, points in entry["favors"].items():
        what = (_("Pawn-count part") if key == FAVOR_TRACK
                else _("Favor %(label)s", label=rules().favors[key].label_in(language())))
        lines.append((what, points, reasons[key]))
    return lines


def pad_context(game: Game, message: str | None = None, notes=None, refused_seat: int | None = None) -> dict:
    try:
        scores = score_document(game.state)
    except InvalidInput as exc:
        scores = {"problems": exc.problems}   # said in the reader's language by the template
    players = []
    for seat, player in enumerate(game.state["players"]):
        players.append({
            "seat": seat, "name": player["name"], "board": _board_view(player), "favors": _favor_view(player),
            "favor_track_pawns": player["favor_track_pawns"],
            "favor_track_points": favor_track(player["favor_track_pawns"]).points,
            "next_track_points": (rules().favor_track_points[player["favor_track_pawns"] + 1]
                                  if player["favor_track_pawns"] < rules().max_track_pawns else None),
            "pawns_left": pad.pawns_left(player), "projects": player["projects"], "track": player["track"],
            "tiles": tiles(player["stacks"]),
            "score": None if "problems" in scores else scores["players"][seat],
            "lines": [] if "problems" in scores else _score_lines(scores["players"][seat]),
            "winner": "problems" not in scores and player["name"] in scores["winners"],
        })
    editable = g.editable
    mine = _my_seat(game)
    return dict(
        game=game, state=game.state, players=players, mine=mine,
        # this phone's player first: the board they tap is the first thing they see
        sections=sorted(players, key=lambda p: p["seat"] != mine), scores=scores, editable=editable, token=g.token,
        prefix="/g/" if editable else "/v/", access="g" if editable else "v", message=message, refused_seat=refused_seat,
        notes=[render_reason(note, language()) for note in notes or []],   # the pad's notes are codes
        csrf=generate_csrf() if editable else "", tiles_left=rules().tiles_in_play - sum(p["tiles"] for p in players),
        favor_pawns=rules().favor_pawns, favor_track=FAVOR_TRACK, project_points=PROJECT_POINTS,
        track_limit=TRACK_LIMIT, game_name=_game_name(), bgstats=PAD.bgstats(game, scores),
        end=game_end(game, editable, scores) if game.phase == "finished" else None,
    )


def _my_seat(game: Game) -> int | None:
    """Whose phone this is, for this game (a preference kept in the phone's session, not game state)."""
    seat = session.get("amytis_seats", {}).get(str(game.id))
    return seat if seat in range(len(game.state["players"])) else None


def _remember_seat(game: Game, seat: int | None) -> None:
    """This phone is this seat's (None, or a seat the game does not have: nobody's)."""
    seats = dict(session.get("amytis_seats", {}))
    if seat in range(len(game.state["players"])):
        seats[str(game.id)] = seat
    else:
        seats.pop(str(game.id), None)
    session["amytis_seats"] = seats


@bp.get("/<any(g, v):access>/<token>/amytis/mine")
def mine(access: str, token: str):
    """'This phone is Paul's': his board comes first on this phone."""
    game = exported_game(token)
    seat = request.args.get("seat", "")
    _remember_seat(game, int(seat) if seat.isdecimal() else None)
    return redirect(url_for("games.view" if access == "v" else "games.table", token=token,
                            _anchor=f"player-{seat}" if seat.isdecimal() else None), 303)


def render_pad(game: Game, status: int = 200, message: str | None = None, notes=None, refused_seat=None, **_):
    return PAD.render(pad_context(game, message, notes, refused_seat), status)


# -- taps -----------------------------------------------------------------------

# A tap from a page whose CSRF token expired: the fresh pad, saying so (never an error page).
errors.CSRF_RECOVERY["amytis.move"] = lambda _message: games.after_csrf_failure(str(CSRF_MESSAGE))


@bp.post("/g/<token>/amytis/move")
@changes.endpoint
def move(token: str):
    current = changes.gate(token)   # (an AotWK game's token here is a 404: companion.web.game_pages)
    tap = move_fields.read_form_move(pad.move_kinds(current.state), request.form)
    def refused(outcome: changes.Outcome):   # the seat the tap was for shows why
        seat = tap.get("player") if tap.get("player") in range(len(outcome.game.state["players"])) else None
        return games.not_recorded(outcome, refused_seat=seat)
    outcome = changes.change(token, tap, revision=move_fields.whole_number(request.form.get("rev", "").strip()),
                             game=current)
    return games.answer(outcome, refused=refused,
                        anchor=f"player-{tap['player']}" if isinstance(tap.get("player"), int) else None)


# -- leaving the app ------------------------------------------------------------

@bp.get("/amytis/blank.pdf")
def blank():
    return sheet_download(lambda: render_blank(paper=paper()), "amytis-score-pad.pdf", cacheable=True)


# -- the shell's view of this game (companion.games names this module) ----------------------

CATEGORIES = {"track": _l("Score track"), "projects": _l("Project cards"), "favors": _l("King's Favors")}

# its page, history, sheet (amytis-sheet.pdf), CSV and BG Stats link as every pad game's (companion.web.pad_games)
PAD = PadGame("amytis/pad.html", "amytis/_pad.html", describe=_describe, render_sheet=render_sheet, csv_text=csv_text,
              bgstats_link=bgstats_link, sheet_file="amytis-sheet.pdf", csv_file="amytis-scores.csv")

pages = GamePages(GAME_ID, name=NAME, blueprints=(bp,), render=render_pad,
                  describe=_describe, read_document=pad.read_document, history=PAD.history, sheet=PAD.sheet,
                  scores_csv=PAD.scores_csv, apply=pad.apply, move_kinds=pad.move_kinds, rematch=pad.rematch,
                  device_seat=_my_seat, remember_seat=_remember_seat, reopen=pad.REOPEN,
                  start=Start("amytis.new_game", _l("New score pad for The Architects of Amytis"),
                              _l("New Amytis score pad")),
                  category_words=lambda category: str(CATEGORIES.get(category, category)))
