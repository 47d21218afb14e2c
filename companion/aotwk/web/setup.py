"""New game: the setup form. The rules core (``table.new_game``) derives what the
rulebook derives; this page only collects the choices and shows its problems
next to the fields they concern."""

from __future__ import annotations

import random
import re
import secrets

from flask import Blueprint, render_template
from flask_babel import gettext as _, lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, DateField, FieldList, Form, FormField, RadioField, SelectField, StringField
from wtforms.validators import Length, Optional

from companion.aotwk.catalogue import load
from companion.i18n.reasons import render_reason
from companion.problems import Problem
from companion.aotwk.web import bot_cards
from companion.aotwk.web.seat_choices import COLOURS, board_choices
from companion.web import errors
from companion.web.i18n import language
from companion.web.pages import create_game
from companion.web import limits
from companion.web.groups import fill_from_roster, group_from_request

bp = Blueprint("setup", __name__)

MODES = [
    ("multiplayer", _l("Multiplayer")),
    ("solo", _l("Solo against a bot")),
    ("two_vs_bot", _l("2 players plus a bot")),
    ("paper", _l("Paper pad: skip tracking, type the totals at the end")),
]
SEATS = 6   # five players, six with Age of Artisans
NAME_MAX = 40
PLAYER_PATH = re.compile(r"^players\[(\d+)\]\.(\w+)")


class SeatForm(Form):
    name = StringField(_l("Name"), validators=[Optional(), Length(max=NAME_MAX)], render_kw={"autocomplete": "off"})
    colour = SelectField(_l("Colour"), choices=COLOURS)
    board = SelectField(_l("Board (variable side)"), choices=[], validate_choice=False)  # the rules check boards


class SetupForm(FlaskForm):
    @property
    def base_seats(self) -> int:
        """The base game's most players: the seats after them are the Age of Artisans' (shown once it is ticked)."""
        return load().max_players

    title = StringField(_l("Title"), validators=[Optional(), Length(max=200)],
                        render_kw={"placeholder": _l("Friday game")})
    # A game typed in from paper days later says when it was played; empty: today
    played_on = DateField(_l("Played on (leave empty for today)"), validators=[Optional()])
    mode = RadioField(_l("Mode"), choices=MODES, default="multiplayer")
    # Only bot games read it; the rules say which bot names are valid.
    opponent = SelectField(_l("Bot"), choices=[("constantine", _l("Constantine (standard)")),
                                               ("helena", _l("Helena (hard)"))],
                           validate_choice=False)
    # Only bot games read it: the practice deck, a deck saved here, or the printed cards (companion.aotwk.web.bot_cards).
    scheme_deck = SelectField(_l("Scheme cards"), choices=[], default=bot_cards.PRACTICE_CHOICE)
    # Only "2 players plus a bot" reads it: the printed 2P vs Bot card is not in our sources.
    two_vs_bot_reading = RadioField(
        _l("Set up 2 players plus a bot"), default="bot_is_a_player",
        choices=[("bot_is_a_player", _l("As a 3-player game, the bot counting as a player: 16 Guildhall spaces, "
                                        "7 Reward cards (our reading)")),
                 ("regular_two_player", _l("As a regular 2-player game: 12 Guildhall spaces, 5 Reward cards"))])
    variable_boards = BooleanField(_l("Variable player boards (side 2)"))
    age_of_artisans = BooleanField(_l("Age of Artisans expansion"))
    random_seats = BooleanField(_l("Random seat order (standard boards)"))
    # Off by default: the table pays on the board; the app records what happened.
    check_payments = BooleanField(_l("The app checks payments (track every resource during play)"))
    players = FieldList(FormField(SeatForm), min_entries=SEATS, max_entries=SEATS)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        choices = board_choices()
        self.scheme_deck.choices = bot_cards.deck_choices()
        for seat, row in enumerate(self.players):
            row.board.choices = choices
            if not row.colour.raw_data:
                row.colour.data = COLOURS[seat % len(COLOURS)][0]


def setup_from_form(form: SetupForm) -> tuple[dict, list[int]]:
    """The rules core's setup dict, and for each of its seats the form row it came from."""
    rows = [seat for seat, row in enumerate(form.players) if (row.form.name.data or "").strip()]
    variable = form.variable_boards.data
    players = [{"name": form.players[seat].form.name.data.strip(),
                "colour": form.players[seat].form.colour.data,
                "board": (form.players[seat].form.board.data or None) if variable else None} for seat in rows]
    if form.random_seats.data and not variable:   # variable boards: the rules seat the most virtuous first
        order = list(range(len(players)))
        random.SystemRandom().shuffle(order)
        players, rows = [players[i] for i in order], [rows[i] for i in order]
    mode = form.mode.data
    # none given: none stored, so each phone names it from the day in its own language (web.i18n.game_title)
    title = (form.title.data or "").strip()
    setup = {
        "title": title, "mode": mode, "variable_boards": variable,
        **({"played_on": form.played_on.data.isoformat()} if form.played_on.data else {}),
        "expansions": ["age_of_artisans"] if form.age_of_artisans.data else [],
        "opponent": form.opponent.data if mode in ("solo", "two_vs_bot") else None,
        "players": players, "seed": secrets.randbelow(2**31),
        "track_resources": mode != "paper" and bool(form.check_payments.data),
        **(bot_cards.deck_setup(form.scheme_deck.data) if mode in ("solo", "two_vs_bot") else {}),
        **({"two_vs_bot_reading": form.two_vs_bot_reading.data} if mode == "two_vs_bot" else {}),
    }
    return setup, rows


def place_problems(form: SetupForm, problems: list[Problem], rows: list[int]) -> tuple[list[str], list[str]]:
    """Put each problem next to its field; return those of the players as a whole (shown above
    their rows) and those of the form as a whole."""
    general, of_players = [], []
    lang = language()
    for problem in problems:
        message = render_reason(problem.message, lang)   # a setup refusal's code, in the reader's language
        match = PLAYER_PATH.match(problem.path)
        if match and int(match.group(1)) < len(rows):
            row = form.players[rows[int(match.group(1))]].form
            field = getattr(row, match.group(2), None)
            if field is not None:
                field.errors = [*field.errors, message]
                continue
        field = getattr(form, problem.path, None) if problem.path.isidentifier() else None
        if problem.path == "players":
            of_players.append(f"{_('Players')}: {message}")
        elif field is not None and hasattr(field, "errors"):
            field.errors = [*field.errors, message]
        else:
            general.append(f"{problem.path}: {message}")
    return of_players, general


def form_posted() -> bool:
    from flask import request
    return request.method == "POST"


def _last_bot_choices() -> dict:
    """A new set-up starts from this device's last game: after a bot game its mode, bot, scheme cards
    and players (one tap to start the same evening again); after another, its bot and cards only."""
    last = bot_cards.last_bot_game()
    choices = {}
    if last.get("opponent") in ("constantine", "helena"):
        choices["opponent"] = last["opponent"]
    if last.get("scheme_deck") in {value for value, _label in bot_cards.deck_choices()}:
        choices["scheme_deck"] = last["scheme_deck"]
    if last.get("mode") in ("solo", "two_vs_bot"):   # the last game had the bot: its mode and players too
        names = [name for name in last.get("names") or [] if isinstance(name, str)]
        choices.update(mode=last["mode"],
                       players=[{"name": name} for name in names] + [{} for _seat in range(SEATS - len(names))])
    return choices


def after_csrf_failure(message: str):
    """An expired or missing CSRF token on the setup form: the form again as typed, with a fresh token."""
    return render_template("aotwk/setup.html", form=SetupForm(), general=[message], group=None), 400


errors.CSRF_RECOVERY["aotwk.setup.new_game"] = after_csrf_failure


@bp.route("/games/new", methods=["GET", "POST"])
@limits.new_games
def new_game():
    from companion.aotwk.rules import table

    group = group_from_request()   # a game started from a group: its roster's people in taps
    form = SetupForm() if form_posted() or group else SetupForm(data=_last_bot_choices())
    if form.is_submitted():
        rows = [row.form for row in form.players]
        fill_from_roster(group, [row.name for row in rows], [row.colour for row in rows], [row.board for row in rows])
    if not form.validate_on_submit():
        status = 400 if form.is_submitted() else 200
        return render_template("aotwk/setup.html", form=form, general=[], group=group), status
    setup, rows = setup_from_form(form)
    try:
        state = table.new_game(setup)
    except table.SetupError as exc:
        of_players, general = place_problems(form, exc.problems, rows)
        return render_template("aotwk/setup.html", form=form, general=general, of_players=of_players,
                               group=group), 400
    if setup.get("physical_deck"):   # the printed cards the table entered before, offered at each draw
        from companion.aotwk.rules import bot
        state = bot.remember_printed(state, *bot_cards.printed_deck(form.scheme_deck.data))
    bot_cards.remember_bot_game(state)
    return create_game(state, group=group)
