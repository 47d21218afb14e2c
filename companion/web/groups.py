"""Groups: people who play together, their games, statistics and charts, and a finished game's end
(shared/contracts/web-routes.md, *Groups*; the rematch is ``companion.web.rematches``).

  POST /groups/new                      form (CSRF) or JSON {"name"}; 303 to the group
  GET  /groups/<token>                  roster, games, statistics, charts
  GET  /groups/<token>/share            the view link (and its QR), the organiser's link behind a second choice
  POST /groups/<token>/import           a game document (as POST /games/import), or a bundle of
                                        them exported from a group; 303 to the game (the group)
  GET  /groups/<token>/stats.json       the statistics
  GET  /groups/<token>/season.pdf       the season's report for a notice board: league table, records, charts
  GET  /groups/<token>/players/<person> one person's page: games, wins, records, head-to-head, streaks
  GET  /groups/<token>/games.csv|.json  every game of the group: a CSV, a bundle of documents
  POST /groups/<token>/roster           rename, merge, usual colour and player board
  POST /groups/<token>/season           the league table's first day
  POST /groups/<token>/games/remove     a game taken out of the group (it keeps its own links)
  POST /groups/<token>/games/restore    ... and put back (the removal's undo)
  POST /groups/<token>/games/date       the day a game was played (its document's played_on)
  POST /g/<edit_token>/played-on        the day the game was played (a finished game's end offers it)

Every GET above has a read-only twin under the group's view link,
``/groups/v/<view token>/...`` (endpoint ``groups.view_<name>``): the same roster, games,
statistics, charts and exports, each game linked by its own view link; no edit token of the
group or of any game is in any of them, and any change under ``/groups/v/`` is 403.

The group token is the organiser's key, like a game's edit link: its pages are never cached,
nor are the view link's.
The figures are ``companion.groups.stats``'s, from each game's document; what one game
says is worked out once per revision of it.
"""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import date
from functools import partial, wraps
from typing import Callable

from flask import Blueprint, Response, abort, current_app, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _, lazy_gettext as _l, ngettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import DateField, HiddenField, StringField
from wtforms.validators import InputRequired, Length, Optional

from companion import charts
from companion.games import installed
from companion.export.pdf import duration
from companion.groups import stats as group_stats
from companion.groups.sameness import marks
from companion.groups.roster import (NAME_MAX as PLAYER_NAME_MAX, RosterRefusal, add, identities, merge, name_key, rename,
                                     sat_together, separate, set_usual, who, with_roster)
from companion.problems import MAX_DOCUMENT, InvalidInput, Problem, load_json, text_problem
from companion.web import changes, documents, game_pages, limits
from companion.web.storage.cache import named
from companion.web.documents import export_document, read_document
from companion.web.extensions import csrf
from companion.web.games import answer, qr_svg, ranked_results
from companion.web.storage.group_store import GameRow, Group, GroupNotFound, GroupStore
from companion.web.helpers import device_id, external_url, json_body, store
from companion.web.i18n import language, titled
from companion.web.pages import create_game, store_game
from companion.web.storage.store import Game, GameNotFound, iso, utcnow
from companion.web.serving.turns import giving_way

bp = Blueprint("groups", __name__)
facts = named("group: game facts", 8192)   # (edit token, revision, language) -> what the game says (an untitled one: its day in words)
days = named("group: game days", 8192)   # (edit token, revision) -> the day the game was played
likeness = named("group: game likeness", 8192)   # (edit token, revision) -> what identifies the game (companion.groups.sameness)
figures = named("group: statistics", 256)  # everything a group's statistics depend on -> the statistics

NAME_MAX = 80
GROUPS_REMEMBERED = 12
GAMES_LISTED = 30   # the group page lists the latest games; the exports hold every one
BUNDLE_FORMAT = "architects-companion-group/1"
ROSTER_REFUSALS = {
    "unknown_player": _l("That player is not on the roster any more."),
    "name_length": _l("A name is 1 to 40 letters."),
    "name_taken": _l("Someone on the roster already has that name: merge the two instead."),
    "same_player": _l("Choose another player to merge with."),
    "not_merged": _l("Those two are not merged any more."),
    "already_there": _l("That name is on the roster already."),
}


def groups() -> GroupStore:
    return GroupStore(store())


def load_group(token: str) -> Group:
    """The group behind the organiser's link; an unknown one is 404."""
    try:
        return groups().find(token)
    except GroupNotFound:
        abort(404)


def load_group_view(view_token: str) -> Group:
    """The group behind its view link; an unknown one (an organiser's token included) is 404."""
    try:
        return groups().find_by_view(view_token)
    except GroupNotFound:
        abort(404)


VIEW_PREFIX = "/groups/v/"
VIEW_ONLY_MESSAGE = _l("This is the group's view-only link: it shows the group but cannot change it.")


def readable(rule: str, **options) -> Callable:
    """A page of the group that changes nothing, under both links: the organiser's
    ``/groups/<token>{rule}`` (endpoint: the view's name) and the view link's
    ``/groups/v/<view token>{rule}`` (``view_<name>``). The view is called with the group and
    whether the organiser's link opened it."""
    def register(view: Callable) -> Callable:
        @wraps(view)
        def organisers(token: str, **kwargs):
            return view(load_group(token), True, **kwargs)

        def viewers(token: str, **kwargs):
            return view(load_group_view(token), False, **kwargs)
        bp.add_url_rule(f"/groups/<token>{rule}", view.__name__, organisers, methods=["GET"], **options)
        bp.add_url_rule(f"{VIEW_PREFIX}<token>{rule}", f"view_{view.__name__}", viewers, methods=["GET"], **options)
        return organisers
    return register


def group_url(group: Group, editable: bool, name: str, **values) -> str:
    """The address of one of the group's readable pages through the link this page was opened
    with: the view link never leads to the organiser's."""
    if editable:
        return url_for(f"groups.{name}", token=group.token, **values)
    return url_for(f"groups.view_{name}", token=group.view_token, **values)


def game_url(game: GameRow, editable: bool) -> str:
    """A game of the group: its edit link for the organiser, its view link for everyone else."""
    return url_for("games.table", token=game.edit_token) if editable else url_for("games.view", token=game.view_token)


def _refuse_changes_through_the_view_link():
    """Any change under /groups/v/ is 403, whatever its address, token, body or CSRF token: it runs
    before the app's other checks of a change (only the host check comes first)."""
    if request.path.startswith(VIEW_PREFIX) and request.method not in ("GET", "HEAD", "OPTIONS"):
        abort(403, str(VIEW_ONLY_MESSAGE))


bp.record_once(lambda setup: setup.app.before_request_funcs.setdefault(None, []).insert(
    0, _refuse_changes_through_the_view_link))


def private(response):
    """A group's pages are opened by their link alone: never kept by a cache on the way."""
    response.headers["Cache-Control"] = "no-store"
    return response


# -- what each game says ----------------------------------------------------------------

def game_document(game: Game) -> dict:
    """The game's document as exported, dated when the game was stored if it says nothing."""
    document = export_document(game.state, store().all_events(game), game.created_at)
    document["created_at"] = document.get("created_at") or iso(game.created_at)
    return document


def full_game(row: GameRow) -> Game:
    return store().find(row.edit_token)[0]


def played(row: GameRow) -> group_stats.Played | None:
    """What a game of the group says; its document is read and scored once per revision and language
    (an untitled game is named from its day in the reader's words)."""
    key = (row.edit_token, row.revision, language())
    known = facts.get(key)
    if known is None:
        done = row.phase == "finished"   # an unfinished game counts for nothing: no need to read it
        known = (group_stats.played(game_document(full_game(row))) if done else None,)   # None is an answer too
        facts.put(key, known)
    return known[0]


def statistics(group: Group, games: list[GameRow]) -> dict:
    """The group's statistics, worked out again only when a game, the roster or the season changed."""
    key = (group.token, group.name, json.dumps(group.roster, sort_keys=True), group.season_from, language(),
           tuple((game.edit_token, game.revision) for game in games))
    known = figures.get(key)
    if known is None:
        season = date.fromisoformat(group.season_from) if group.season_from else None
        results = [played(game) for game in giving_way(games)]   # one game at a time: taps go first
        known = group_stats.group_stats(group.name, results, group.roster, season)
        figures.put(key, known)
    return known


# -- making a group ---------------------------------------------------------------------

class NewGroupForm(FlaskForm):
    name = StringField(_l("Group name"), validators=[InputRequired(_l("Give the group a name.")), Length(max=NAME_MAX)],
                       render_kw={"placeholder": _l("Friday club"), "autocomplete": "off"})


@bp.get("/groups/new")
def new_group_form():
    return render_template("groups/new.html", form=NewGroupForm())


@bp.post("/groups/new")
@csrf.exempt   # JSON cannot be sent cross-site by a form; the form checks its CSRF token below
@limits.new_groups
def new_group():
    if request.mimetype == "application/json":
        body = json_body()
        name = body.get("name") if isinstance(body, dict) else None
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > NAME_MAX:
            return Response(f"name: must be a text of 1 to {NAME_MAX} characters\n", status=400, mimetype="text/plain")
        if text_problem(name) is not None:   # a document's own text rule (a NUL, a lone surrogate)
            return Response(f"name: {text_problem(name)}\n", status=400, mimetype="text/plain")
        group = groups().create(name.strip())
    else:
        form = NewGroupForm()
        if not form.validate_on_submit() or not form.name.data.strip():
            if form.is_submitted() and not form.name.errors:
                form.name.errors = [_("Give the group a name.")]
            return render_template("groups/new.html", form=form), 400
        group = groups().create(form.name.data.strip())
    return redirect(url_for("groups.page", token=group.token), 303)


# -- a new game from the group: players picked from the roster in taps -------------------

def group_from_request() -> Group | None:
    """The group a new game's form was opened from (``?group=<token>``); an unknown one is 404."""
    token = request.args.get("group")
    return load_group(token) if token else None


def fill_from_roster(group: Group | None, name_fields: list, colour_fields: list | None = None,
                     board_fields: list | None = None) -> None:
    """Seat the group's regulars on a new game's form before it is validated: the one chosen
    for a seat (``regular-<seat>``) takes that seat; those ticked (``pick``) take the empty seats
    left, in the roster's order. Each comes with their usual colour (swapped with the seat that
    had it, unless another regular's usual colour put it there) and usual player board."""
    if group is None:
        return
    entries = {name_key(entry["name"]): entry for entry in group.roster}
    seated: dict[int, dict] = {}
    for index in range(len(name_fields)):
        entry = entries.get(name_key(request.form.get(f"regular-{index}", "")))
        if entry is not None and entry not in seated.values():
            seated[index] = entry
    picked = set(request.form.getlist("pick"))
    empty = [index for index, field in enumerate(name_fields)
             if index not in seated and not (field.data or "").strip()]
    ticked = [entry for entry in group.roster if entry["name"] in picked and entry not in seated.values()]
    seated.update(zip(empty, ticked))
    fixed: set[int] = set()   # seats whose colour is their regular's usual one
    for index, entry in sorted(seated.items()):
        name_fields[index].data, name_fields[index].raw_data = entry["name"], [entry["name"]]
        if board_fields and entry.get("board"):
            board_fields[index].data = entry["board"]
        colour = entry.get("colour")
        if not colour_fields or not colour or colour_fields[index].data == colour:
            fixed.add(index)
            continue
        holder = next((other for other, field in enumerate(colour_fields) if field.data == colour), None)
        if holder in fixed:
            continue   # two regulars with one usual colour: the first seated keeps it
        if holder is not None:
            colour_fields[holder].data = colour_fields[index].data
        colour_fields[index].data = colour
        fixed.add(index)


# -- the group's page -------------------------------------------------------------------

class ImportForm(FlaskForm):
    document = FileField(_l("Game document or group export (JSON)"),
                         validators=[FileRequired(_l("Choose a JSON file exported from this app."))])


class AnotherGameForm(FlaskForm):
    """The organiser's word that a document like a game already in the group is another game:
    the document comes back with it, so nothing has to be chosen again."""
    document_json = HiddenField(validators=[InputRequired()])


class SeasonForm(FlaskForm):
    since = DateField(_l("Season starts on"), validators=[Optional()])


def usual_choices() -> dict[str, list]:
    """What a roster entry may keep as a person's usual choice, from every game that offers one
    (AotWK: a colour and a player board)."""
    choices: dict[str, list] = {}
    for pages in game_pages.every_game().values():
        choices.update(pages.usual_choices())
    return choices


def page_context(group: Group, import_form=None, problems=(), message=None, editable: bool = True,
                 already=None, message_in: str | None = None) -> dict:
    """What the group's page shows; ``message`` (a refused change) is said at the top of the
    section ``message_in`` ("roster", "games"), where its form is and the page opens."""
    games = groups().games(group)
    colours = {entry["name"]: entry.get("colour") for entry in group.roster}
    kinds = []
    for kind, kind_figures in statistics(group, games)["games"].items():
        if not kind_figures["played"]:
            continue
        pages = game_pages.every_game()[kind]
        categories = list(dict.fromkeys(c for p in kind_figures["players"] for c in p["categories"]))
        kinds.append({
            "kind": kind, "name": pages.name, "figures": kind_figures,
            "categories": [(category, pages.category_words(category)) for category in categories],
            "figure_words": installed()[kind].seat_figures,
            "lines": charts.score_lines(kind_figures["timeline"], colours),
            "wins": charts.wins_bars(kind_figures["players"]),
            "buildings": [{**row, "name": pages.card_name("building", row["id"])}
                          for row in kind_figures.get("buildings", [])[:15]],
            "records": record_lines(pages, kind_figures.get("records") or {}),
        })
    listed = games[-GAMES_LISTED:]
    removed = groups().games(group, removed=True) if editable else []
    season_from = date.fromisoformat(group.season_from) if group.season_from else None
    context = dict(group=group, editable=editable, games=list(reversed(listed)), more_games=len(games) - len(listed),
                   kinds=kinds, winners={game.id: _winners(game) for game in listed},
                   days={game.id: game_day(game) for game in listed},
                   group_url=partial(group_url, group, editable), game_url=partial(game_url, editable=editable))
    if editable:   # what only the organiser's page offers: the forms that change the group
        context.update(season_form=SeasonForm(since=season_from), import_form=import_form or ImportForm(),
                       link_form=GameLinkForm(),
                       problems=list(problems), message=message, message_in=message_in, usual=usual_choices(),
                       already=already, merging=None,
                       just_merged=_just_merged(group), removed=removed, just_removed=next((game for game in removed
                                                           if game.view_token == request.args.get("removed")), None))
    return context


def record_lines(pages, held: dict) -> list[tuple[str, dict]]:
    """The group's records of one game kind, each with the words for what it is."""
    if not held:
        return []
    return [(_("Highest total"), held["highest_total"]), (_("Lowest total"), held["lowest_total"]),
            *((pages.category_words(category), record) for category, record in held["categories"].items())]


def _just_merged(group: Group) -> dict | None:
    """The merge this page was sent to after (``?merged=&into=``), while it can still be separated."""
    name, into = request.args.get("merged"), request.args.get("into")
    entry = next((entry for entry in group.roster if into and name_key(entry["name"]) == name_key(into)), None)
    if entry is None or not any(name_key(joined["name"]) == name_key(name or "") for joined in entry.get("joined", [])):
        return None
    return {"name": name, "into": entry["name"]}


def game_day(row: GameRow) -> date | None:
    """The day a game of the group was played (as its statistics count it), once per revision."""
    result = played(row)
    if result is not None:
        return result.on.date() if result.on else None
    key = (row.edit_token, row.revision)
    known = days.get(key)
    if known is None:
        moment = group_stats.played_on(game_document(full_game(row)))
        known = (moment.date() if moment else None,)
        days.put(key, known)
    return known[0]


def _winners(game: GameRow) -> list[str]:
    result = played(game)
    return [seat.name for seat in result.seats if seat.won] if result else []


@readable("")
def page(group: Group, editable: bool):
    if editable:   # (the home page lists a device's groups by the organiser's link)
        groups().remember_device_group(device_id(), group, GROUPS_REMEMBERED)
    return private(Response(render_template("groups/page.html", **page_context(group, editable=editable))))


@readable("/players/<path:person>")
def player(group: Group, editable: bool, person: str):
    """One person of the group: per game kind their figures, their streaks, their record against
    each other player, their favourite buildings, the records they hold and their games."""
    figures = statistics(group, groups().games(group))["games"]
    person = who(identities(group.roster), person)
    kinds = []
    for kind, kind_figures in figures.items():
        row = next((p for p in kind_figures["players"] if name_key(p["name"]) == name_key(person)), None)
        if row is None:
            continue
        pages = game_pages.every_game()[kind]
        held = kind_figures.get("records") or {}
        kinds.append({
            "kind": kind, "name": pages.name, "row": row,
            "categories": [(pages.category_words(c), points) for c, points in row["categories"].items()],
            "streak": next(s for s in kind_figures["streaks"] if s["name"] == row["name"]),
            "against": [h for h in kind_figures["head_to_head"] if h["name"] == row["name"]],
            "buildings": [{**b, "name": pages.card_name("building", b["id"])}
                          for b in kind_figures.get("favourite_buildings", {}).get(row["name"], [])],
            "records": ([(_("Highest total"), held["highest_total"])] if held and held["highest_total"]["name"] == row["name"] else [])
                       + [(pages.category_words(c), r) for c, r in held.get("categories", {}).items() if r["name"] == row["name"]],
            "games": [{"title": g["title"], "on": g["on"], "total": g["totals"][row["name"]],
                       "won": row["name"] in g["winners"]} for g in reversed(kind_figures["timeline"]) if row["name"] in g["totals"]],
        })
    if not kinds and name_key(person) not in identities(group.roster):
        abort(404)
    return private(Response(render_template("groups/player.html", group=group, editable=editable, person=person,
                                            kinds=kinds, group_url=partial(group_url, group, editable))))


@readable("/season.pdf")
def season_pdf(group: Group, editable: bool):
    """The season's report (every game when no season is set): per game kind the league table,
    the records and the charts, on paper (``?paper=``, as the sheets)."""
    from companion.export.pdf import sheet_templates, paper_size, to_pdf
    from companion.web.downloads import download_name, sheet_download

    def render() -> bytes:
        figures = statistics(group, groups().games(group))["games"]
        colours = {entry["name"]: entry.get("colour") for entry in group.roster}
        since = date.fromisoformat(group.season_from) if group.season_from else None
        kinds = []
        for kind, kind_figures in figures.items():
            season = kind_figures.get("season")
            if not (season["played"] if season else kind_figures["played"]):
                continue
            pages = game_pages.every_game()[kind]
            lines = [g for g in kind_figures["timeline"] if since is None or (g["on"] and g["on"] >= since.isoformat())]
            table = season["players"] if season else kind_figures["players"]
            kinds.append({"name": pages.name, "played": season["played"] if season else kind_figures["played"],
                          "table": table, "records": record_lines(pages, kind_figures.get("records") or {}),
                          "wins": charts.wins_bars(table), "lines": charts.score_lines(lines, colours)})
        html = sheet_templates().get_template("season.html").render(
            group_name=group.name, since=since, kinds=kinds, page_size=paper_size(request.args.get("paper")))
        return to_pdf(html)
    return private(sheet_download(render, download_name(group.name, "season.pdf")))


@readable("/stats.json")
def stats_json(group: Group, editable: bool):
    return private(jsonify(statistics(group, groups().games(group))))


# -- sharing the group --------------------------------------------------------------------

@readable("/share")
def share(group: Group, editable: bool):
    """The view link first, with its QR; the organiser's own link only on the organiser's page,
    behind a second choice that says what it gives away."""
    return private(Response(render_template(
        "groups/share.html", group=group, editable=editable, group_url=partial(group_url, group, editable),
        view_url=external_url("groups.view_page", token=group.view_token),
        edit_url=external_url("groups.page", token=group.token) if editable else None)))


@readable("/qr/<any(edit, view):which>.svg")
def qr_code(group: Group, editable: bool, which: str):
    if which == "edit" and not editable:
        abort(404)
    url = (external_url("groups.page", token=group.token) if which == "edit"
           else external_url("groups.view_page", token=group.view_token))
    return private(Response(qr_svg(url), mimetype="image/svg+xml"))


# -- games into the group -----------------------------------------------------------------

def _problems_page(group: Group, form: ImportForm, problems: list, status: int = 400):
    return private(Response(render_template("groups/page.html", **page_context(group, form, problems)), status=status))


@bp.post("/groups/<token>/import")
@csrf.exempt   # JSON bodies cannot be sent cross-site by a form; the upload form checks its token below
@limits.group_imports
def import_game(token: str):
    """A game (or a bundle) into the group. One already in it is refused (409) naming it, unless
    the organiser says it is another game: ``?another=1`` with JSON, the page's second button."""
    group = load_group(token)
    if request.mimetype == "application/json":
        try:
            return _import(group, load_json(request.get_data(cache=False)), another=request.args.get("another") == "1")
        except BundleTooLarge as exc:
            return Response(f"{exc.problems[0]}\n", status=413, mimetype="text/plain")
        except AlreadyInTheGroup as exc:
            return Response(f"{exc}\n", status=409, mimetype="text/plain")
        except InvalidInput as exc:
            return Response("\n".join(str(p) for p in exc.problems) + "\n", status=400, mimetype="text/plain")
    form, another = ImportForm(), AnotherGameForm()
    if "document_json" in request.form:   # the organiser confirmed: the same document, sent back
        if not another.validate_on_submit():
            return _problems_page(group, form, [])
        text, confirmed = another.document_json.data.encode(), True
    elif not form.validate_on_submit():
        return _problems_page(group, form, [])
    else:
        text, confirmed = form.document.data.stream.read(MAX_DOCUMENT + 1), False
    try:
        return _import(group, load_json(text), another=confirmed, landing="#games")
    except BundleTooLarge as exc:
        return _problems_page(group, form, exc.problems, status=413)
    except AlreadyInTheGroup as exc:
        context = page_context(group, form, already={"games": exc.games, "document": text.decode("utf-8", "replace"),
                                                     "form": another})
        return private(Response(render_template("groups/page.html", **context), status=409))
    except InvalidInput as exc:
        return _problems_page(group, form, exc.problems)


class GameLinkForm(FlaskForm):
    link = StringField(_l("A game's link"), validators=[InputRequired(_l("Paste the game's link: its Share page gives it.")),
                                                        Length(max=500)],
                       render_kw={"autocomplete": "off", "inputmode": "url"})


GAME_TOKEN = re.compile(r"(?:^|/[gv]/)([A-Za-z0-9_-]{8,64})/?(?:[?#].*)?$")   # a game's link, or its token alone


@bp.post("/groups/<token>/games/add")
def add_game_by_link(token: str):
    """A game already on this server joins the group by its link (the one that changes it: who may
    change the game may put it in a group), instead of a download and an import that would copy it."""
    group = load_group(token)
    form = GameLinkForm()
    if not form.validate_on_submit():
        return _page_saying(group, " ".join(str(error) for errors in form.errors.values() for error in errors), "import")
    found = GAME_TOKEN.search(form.link.data.strip())
    try:
        game, editable = store().find(found.group(1)) if found else (None, False)
    except GameNotFound:
        game, editable = None, False
    if game is None:
        return _page_saying(group, _("No game on this server has that link."), "import")
    if not editable:
        return _page_saying(group, _("That is the game's view link: paste the link that changes it (the Share "
                                     "page's first link)."), "import")
    other = groups().of_game(game.id)
    if other is not None and other.id == group.id:
        return redirect(url_for("groups.page", token=group.token) + "#games", 303)   # already here: nothing to do
    if other is not None:
        return _page_saying(group, _("That game is in the group “%(name)s”: a game belongs to one group.",
                                     name=other.name), "import")
    groups().add_game(group, game.id, game.state.get("players") or [])
    return redirect(url_for("groups.page", token=group.token) + "#games", 303)


class AlreadyInTheGroup(Exception):
    """A document of a game the group already has: ``games`` are the group's games it is like."""

    def __init__(self, games: list[GameRow]):
        self.games = games
        titles = ", ".join(f"{titled(game)} ({url_for('games.table', token=game.edit_token)})" for game in games)
        super().__init__(ngettext(
            "This game is already in the group: %(games)s. Nothing was imported. If it was another game, "
            "send it again with ?another=1.",
            "These games are already in the group: %(games)s. Nothing was imported. If they were other games, "
            "send them again with ?another=1.", len(games), games=titles))


def game_marks(row: GameRow) -> frozenset:
    """What identifies a game of the group, worked out once per revision."""
    key = (row.edit_token, row.revision)
    known = likeness.get(key)
    if known is None:
        known = marks(game_document(full_game(row)))
        likeness.put(key, known)
    return known


def already_in(group: Group, documents: list[dict]) -> list[GameRow]:
    """The group's games that the documents (states as they would be stored) are copies of."""
    wanted = set().union(*(marks(document) for document in documents))
    if not wanted:
        return []
    return [row for row in giving_way(groups().games(group)) if game_marks(row) & wanted]


def as_stored(state: dict, imported_events: list) -> dict:
    """The document an imported game will export: dated now when it says nothing (as ``store_game`` dates it)."""
    return {**export_document(state, imported_events), "created_at": state.get("created_at") or iso(utcnow())}


class BundleTooLarge(InvalidInput):
    """A bundle of more games than one import may make (``GROUP_BUNDLE_MAX_GAMES``): refused whole."""


def _import(group: Group, document, another: bool = False, landing: str = ""):
    """One game document (303 to the game) or a bundle of them (303 to the group, at ``landing``:
    the page's form lands on the games, not on the fragment it posted to); every
    document of a bundle is read before any is stored, so a bad one stores nothing. A bundle
    goes one game at a time, giving way to the table's taps between two (``turns.give_way``)."""
    if isinstance(document, dict) and document.get("format") == BUNDLE_FORMAT:
        bundled = document.get("games") or []
        if not isinstance(bundled, list):
            raise InvalidInput([Problem("games", _("must be a list of game documents"))])
        most = current_app.config["GROUP_BUNDLE_MAX_GAMES"]
        if len(bundled) > most:   # counted before any is read: one request makes at most this many games
            raise BundleTooLarge([Problem("games", _(
                "a bundle holds at most %(most)d games and this one has %(count)d: nothing was imported. "
                "Split it into smaller bundles.", most=most, count=len(bundled)))])
        read, problems = [], []
        for index, game in enumerate(giving_way(bundled)):
            try:
                read.append(read_document(game))
            except InvalidInput as exc:
                problems += [type(p)(f"games[{index}].{p.path}", p.message) for p in exc.problems]
        roster_, season_from = bundle_roster(document.get("roster", []), problems), \
            bundle_season(document.get("season_from"), problems)
        if problems:
            raise InvalidInput(problems)
        if not another and (copies := already_in(group, [as_stored(*game) for game in read])):
            raise AlreadyInTheGroup(copies)
        # the moved group's people first: its games' spellings then count as the people it had made of them
        group = groups().save_roster(group, with_roster(group.roster, roster_))
        if season_from and not group.season_from:
            group = groups().save_season(group, season_from)
        for state, imported_events in giving_way(read):   # not remembered on this device: one import, many games
            store_game(state, imported_events, group)
        return redirect(url_for("groups.page", token=group.token) + landing, 303)
    state, imported_events = read_document(document)
    if not another and (copies := already_in(group, [as_stored(state, imported_events)])):
        raise AlreadyInTheGroup(copies)
    return create_game(state, imported_events, group=group)


def bundle_roster(value, problems: list) -> list[dict]:
    """A bundle's roster (as ``games.json`` writes it), or [] with its problems added."""
    usual = usual_choices()
    colours, boards = dict(usual.get("colour", ())), dict(usual.get("board", ()))

    def name(text) -> bool:
        return isinstance(text, str) and 0 < len(text.strip()) <= PLAYER_NAME_MAX and text_problem(text) is None
    if not isinstance(value, list):
        problems.append(Problem("roster", _("must be a list of players")))
        return []
    for index, entry in enumerate(value):
        if not isinstance(entry, dict) or not name(entry.get("name")) \
                or not isinstance(entry.get("merged", []), list) or not all(map(name, entry.get("merged", []))):
            problems.append(Problem(f"roster[{index}]", _("must be a player with a name of 1 to 40 letters")))
        elif entry.get("colour") not in (None, *colours) or entry.get("board") not in (None, *boards):
            problems.append(Problem(f"roster[{index}]", _("has a colour or player board this app does not know")))
    return [{"name": " ".join(entry["name"].split()), "colour": entry.get("colour"), "board": entry.get("board"),
             "merged": [" ".join(m.split()) for m in entry.get("merged", [])]} for entry in value] if not problems else []


def bundle_season(value, problems: list) -> str | None:
    """A bundle's first day of the season (an ISO date), or None."""
    if value is None:
        return None
    try:
        return date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        problems.append(Problem("season_from", _("must be a date like 2026-11-06")))
        return None


# -- the roster and the season --------------------------------------------------------------

@bp.post("/groups/<token>/roster")
def roster(token: str):
    """Add someone before they play, rename, merge (named first, then confirmed; refused for two people who sat at one table),
    separate a merge again, or set someone's usual colour and board."""
    group = load_group(token)
    action, name = request.form.get("action"), request.form.get("name", "")
    merged = None
    try:
        if action == "add":
            colour = request.form.get("colour") or None
            if colour is not None and colour not in dict(usual_choices().get("colour", ())):
                abort(400, _("Choose one of the colours."))
            roster_ = add(group.roster, name, colour)
        elif action == "rename":
            roster_ = rename(group.roster, name, request.form.get("new_name", ""))
        elif action == "merge":
            into = request.form.get("into", "")
            if not into.strip():   # the list's first choice is nobody: one tap merges no one by accident
                return _page_saying(group, _("Choose the player to merge with."), "roster")
            roster_ = merge(group.roster, name, into)   # (an unknown name or the same person is refused here)
            names = identities(group.roster)
            name, into = who(names, name), who(names, into)
            tables = group_tables(group)
            together = sat_together({name, into}, tables, group.roster)
            if together is not None:
                return _page_saying(group, _(
                    "%(name)s and %(into)s both sat at the table of “%(game)s”: they are two people, "
                    "so they cannot be merged.", name=name, into=into, game=together), "roster")
            if request.form.get("confirm") != "1":   # say what it will do before doing it
                count = sum(name_key(name) in {name_key(who(names, written)) for written in seats}
                            for _title, seats in tables)
                context = page_context(group)
                context["merging"] = {"name": name, "into": into, "games": count}
                return private(Response(render_template("groups/page.html", **context)))
            merged = (into, name)
        elif action == "separate":
            roster_ = separate(group.roster, name, request.form.get("joined", ""))
        elif action == "usual":
            colour, board = request.form.get("colour") or None, request.form.get("board") or None
            usual = usual_choices()
            if colour is not None and colour not in dict(usual.get("colour", ())):
                abort(400, _("Choose one of the colours."))
            if board is not None and board not in dict(usual.get("board", ())):
                abort(400, _("Choose one of the player boards."))
            roster_ = set_usual(group.roster, name, colour, board)
        else:
            abort(400, _("Choose what to change."))
    except RosterRefusal as refusal:
        return _page_saying(group, str(ROSTER_REFUSALS[refusal.code]), "roster")
    groups().save_roster(group, roster_)
    where = url_for("groups.page", token=group.token, **({"merged": merged[1], "into": merged[0]} if merged else {}))
    return redirect(where + "#roster", 303)


def _page_saying(group: Group, message: str, where: str):
    """The group's page saying why a change was refused, beside the form (section ``where``) it came from."""
    context = page_context(group, message=message, message_in=where)
    return private(Response(render_template("groups/page.html", **context), status=400))


def group_tables(group: Group) -> list[tuple[str, list[str]]]:
    """Each game of the group: its title (``titled``: an untitled one named from its day) and the
    names written at its table."""
    tables = []
    for row in giving_way(groups().games(group)):
        result = played(row)
        names = ([seat.name for seat in result.seats] if result is not None
                 else [str(player.get("name", "")) for player in full_game(row).state.get("players") or []])
        tables.append((titled(row), names))   # an untitled game named in the reader's words
    return tables


@bp.post("/groups/<token>/season")
def season(token: str):
    group = load_group(token)
    form = SeasonForm()
    if not form.validate_on_submit():
        context = page_context(group)
        context["season_form"] = form
        return private(Response(render_template("groups/page.html", **context), status=400))
    groups().save_season(group, form.since.data.isoformat() if form.since.data else None)
    return redirect(url_for("groups.page", token=group.token) + "#season", 303)


# -- a game taken out of the group, and put back ----------------------------------------------

class GameChoiceForm(FlaskForm):
    game = HiddenField(validators=[InputRequired()])   # the game's view token: it names the game, grants nothing


@bp.post("/groups/<token>/games/remove")
def remove_game(token: str):
    """Take a game out of the group's games, statistics and exports (its own links keep working)."""
    return _set_removed(token, True)


@bp.post("/groups/<token>/games/restore")
def restore_game(token: str):
    """Put a game taken out back: the removal's undo, offered at once and kept in the page's list."""
    return _set_removed(token, False)


class PlayedOnForm(GameChoiceForm):
    played_on = DateField(_l("Played on"), validators=[Optional()])


@bp.post("/groups/<token>/games/date")
def date_game(token: str):
    """Set the day a game was played (empty: the day its record says); its statistics, the
    group's lists, charts and exports and its own sheets all use it."""
    group = load_group(token)
    form = PlayedOnForm()
    game = groups().game(group, form.game.data or "") if form.validate_on_submit() else None
    if game is None:
        if form.played_on.errors:
            return _page_saying(group, _("Write the day the game was played as a date."), "games")
        abort(404 if form.game.data and not form.errors else 400, _("That game is not one of the group's."))
    day = form.played_on.data.isoformat() if form.played_on.data else None
    return answer(changes.set_played_on(game.edit_token, day),
                  refused=lambda _outcome: _page_saying(group, _("That game's record cannot take a date."), "games"),
                  drawn=lambda _outcome: redirect(url_for("groups.page", token=group.token) + "#games", 303))


def _set_removed(token: str, removed: bool):
    group = load_group(token)
    form = GameChoiceForm()
    game = groups().game(group, form.game.data or "") if form.validate_on_submit() else None
    if game is None:
        abort(404 if form.game.data and not form.errors else 400, _("That game is not one of the group's."))
    groups().set_removed(group, game.id, removed)
    where = url_for("groups.page", token=group.token, **({"removed": game.view_token} if removed else {}))
    return redirect(where + "#games", 303)


# -- exports ----------------------------------------------------------------------------

CSV_COLUMNS = ("date", "game", "title", "seat", "player", "total", "won", "minutes")


@readable("/games.csv")
def games_csv(group: Group, editable: bool):
    """One row per player per finished game, with every category of that game's scoring."""
    rows, categories = [], {}
    for row in groups().games(group):
        result = played(row)
        if result is None:
            continue
        for seat_number, seat in enumerate(result.seats, start=1):
            categories.update(dict.fromkeys(seat.categories))
            rows.append({"date": result.on.date().isoformat() if result.on else "", "game": result.kind,
                         "title": result.title, "seat": seat_number, "player": seat.name, "total": seat.total,
                         "won": int(seat.won), "minutes": minutes_of(result), **seat.categories})
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=[*CSV_COLUMNS, *categories], restval="", lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    response = Response(out.getvalue(), mimetype="text/csv")
    response.headers["Content-Disposition"] = 'attachment; filename="group-games.csv"'
    return private(response)


def minutes_of(result: group_stats.Played):
    return "" if result.seconds is None else round(result.seconds / 60)


@readable("/games.json")
def games_json(group: Group, editable: bool):
    """Every game of the group as its document (which holds no link), in a bundle another
    server's group imports."""
    bundle = {"format": BUNDLE_FORMAT, "name": group.name, "roster": group.roster, "season_from": group.season_from,
              "games": [game_document(full_game(row)) for row in groups().games(group)]}
    response = Response(json.dumps(bundle, ensure_ascii=False, indent=1), mimetype="application/json")
    response.headers["Content-Disposition"] = 'attachment; filename="group-games.json"'
    return private(response)


# -- a game's end: playing time, sharing (its rematch: companion.web.rematches) -----------

class GameDayForm(FlaskForm):
    played_on = DateField(_l("Played on"), validators=[Optional()])


@bp.post("/g/<token>/played-on")
@changes.endpoint
def played_on(token: str):
    """Set the day the game was played from its own end (empty: the day its record says)."""
    game = changes.gate(token)
    form = GameDayForm()
    if not form.validate_on_submit():
        abort(400, _("Write the day the game was played as a date."))
    changes.set_played_on(game.edit_token, form.played_on.data.isoformat() if form.played_on.data else None)
    here = url_for("games.table", token=game.edit_token)
    back = request.form.get("back", "")   # the page of this game the form was on (its score page, its pad)
    return redirect(back if back == here or back.startswith(here + "/") else here, 303)


def game_day_of(game: Game) -> date | None:
    """The day a game was played: the one set, else the day its record was made."""
    moment = group_stats.played_on({**game.state, "events": [], "created_at": game.state.get("created_at")
                                    or iso(game.created_at)})
    return moment.date() if moment else None


def game_end(game: Game, editable: bool, scores: dict | None) -> dict:
    """What a finished game's page shows beside its scores: its group, its playing time and
    the short text its share button sends."""
    return {"group": groups().of_game(game.id) if editable else None, "playing_minutes": playing_minutes(game),
            "played_on": game_day_of(game),
            "share_text": share_text(game, scores) if scores and "problems" not in scores else None,
            "share_url": external_url("games.view", token=game.view_token)}


def playing_minutes(game: Game) -> int | None:
    """The game's playing time so far in minutes (pauses left out), None where it is unknown."""
    return documents.playing_minutes(game.state, store().all_events(game))


def share_text(game: Game, scores: dict) -> str:
    entries = game_pages.pages_for(game).score_entries(scores)
    winners = " & ".join(entry["name"] for entry in entries if entry["rank"] == 1)   # the scorers' winners: rank 1
    return _("%(title)s: %(winners)s won (%(results)s).", title=titled(game),
             winners=winners, results=ranked_results(game, scores))


@bp.app_context_processor
def _chart_tools():
    return {"score_bar_chart": score_bar_chart}


bp.add_app_template_filter(duration, "duration")


def score_bar_chart(scores: dict) -> tuple:
    """(geometry, category words) of a score page's chart: a bar per player split by category."""
    if not scores or "problems" in scores:
        return None, {}
    pages = game_pages.pages_of(scores)   # (an Amytis result names its game; AotWK's is the default)
    entries = pages.score_entries(scores)
    categories = list(dict.fromkeys(c for entry in entries for c in entry["categories"]))
    return charts.score_bars(entries, categories), {c: pages.category_words(c) for c in categories}
