"""The card library page: the facts our sources leave out, entered once by this table, used by
every page and score from then on, exported and imported as a file.

The library is the host's (a request from this machine): the host, or an owner, may make a
game's table or a group an owner too (``library_owners``), and remove it; making or opening a
game grants nothing. Anyone else reads the facts, not who changed them, and is told who may
change them. Every change is a version in the database (``library_versions``: when, who) and
Undo takes the last one back. A game, in play or finished, is scored with the library it has
been using until its table taps "Rescore with today's card library".

Each request runs with the library in use (``catalogue.using``), so scoring, the tracker
and the card pages read one catalogue, where an entered fact says so; a game's pages switch
to the version it keeps (``ON_GAME_FOUND``).
"""

from __future__ import annotations

import ipaddress
import json
import re
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask import (Blueprint, Response, current_app, g, make_response, redirect, render_template, request, session,
                   url_for)
from flask_babel import gettext as _, lazy_gettext as _l, ngettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import SelectField, StringField

from companion.aotwk import catalogue
from companion.aotwk.catalogue import library
from companion.aotwk.rules import library_input
from companion.aotwk.i18n.names import card_name
from companion.aotwk.i18n.cards import items_in_words
from companion.aotwk.i18n.glossary import term
from companion.aotwk.web import library_owners, library_versions
from companion.aotwk.web.library_owners import Owner
from companion.aotwk.web.library_versions import Version
from companion.i18n.problem_words import FieldProblem
from companion.problems import Problem
from companion.web import changes, limits
from companion.web.storage.group_store import GroupNotFound, GroupStore
from companion.web.helpers import ON_GAME_FOUND, same_site_path, store
from companion.web.i18n import language, titled
from companion.web.storage.store import Game

bp = Blueprint("library", __name__)

FILENAME = "card_library.json"   # where a library lived before versions: adopted once as the first
MAX_FILE_BYTES = 200_000
# How long a request may trust the version in use it read: this process's own changes are
# known at once, another server process's within this long.
IN_USE_TTL = 1.0
GROUPS = ("Tools", "New buildings", "New apprentices", "Craft cards")
# What a reader sees for the rules core's groups and fact labels (library.Fact names them in English).
GROUP_NAMES = {"Tools": _l("Tools"), "New buildings": _l("New buildings"), "New apprentices": _l("New apprentices"),
               "Craft cards": _l("Craft cards")}
FACT_LABELS = {"printed VP": _l("printed VP"), "cost": _l("cost"), "skills needed": _l("skills needed"),
               "virtue": _l("virtue"), "skills": _l("skills"), "name": _l("name"), "Adornment VP": _l("Adornment VP")}
READ_ONLY = _l("Only the host (the person running this server) and the owners it adds can change the card "
               "library. Ask the host to add your game or your group as an owner on the card library page; "
               "until then you can read it.")


class CsrfOnlyForm(FlaskForm):
    """The fact fields are read from the request by path; this carries the CSRF token."""


class ImportForm(FlaskForm):
    library_file = FileField(_l("Card library file (JSON)"), validators=[FileRequired(_l("Choose a file to import."))])


class OwnerForm(FlaskForm):
    """A new owner: one of this phone's games or groups (its value is the game's edit path or the
    group's path), or a pasted link to one."""
    chosen = SelectField(_l("A game or group on this phone"), validate_choice=False)
    link = StringField(_l("Or paste its link"), render_kw={
        "placeholder": _l("the game's edit link, or the group's link"), "autocomplete": "off"})


# -- the library in use -------------------------------------------------------------------------------

def _engine():
    return store().engine


def _cached() -> dict:
    """The version in use and when the library last changed, read at most once a second per process."""
    cache = current_app.extensions.setdefault("card_library", {})
    if cache.get("until", 0.0) < time.monotonic():
        version, changed_at = library_versions.current(_engine())
        cache.update(version=version, changed_at=changed_at, until=time.monotonic() + IN_USE_TTL)
    return cache


def in_use() -> Version | None:
    """The version in use (None: nothing entered yet)."""
    return _cached()["version"]


def last_changed() -> datetime | None:
    return _cached()["changed_at"]


def read_facts() -> dict[str, Any]:
    """This server's library: path -> value."""
    version = in_use()
    return version.facts if version else {}


def _changed_here() -> None:
    current_app.extensions.setdefault("card_library", {})["until"] = 0.0


@bp.record_once
def _adopt_the_old_file(setup) -> None:
    """A library kept in the instance folder before versions becomes the first version."""
    app = setup.app
    path = Path(app.instance_path) / FILENAME
    engine = app.extensions["store"].engine
    if not path.is_file() or not library_versions.is_empty(engine):
        return
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    facts, _problems = library_input.parse(data, catalogue.base())
    if facts:
        library_versions.record(engine, facts, by_host=True)


# -- who may change it ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Editor:
    by_host: bool
    owner: Owner | None   # the owner whose phone this is (None: the host)


def _is_host() -> bool:
    """A request from this machine itself (the person running the server)."""
    try:
        return ipaddress.ip_address(request.remote_addr or "").is_loopback
    except ValueError:
        return False


def editor(edit_token: str | None = None) -> Editor | None:
    """Who is changing the library, or None for someone who may only read it: the host, or a
    phone of an owner (the request carries the edit token of an owner game, or this device
    opened an owner game's edit link or an owner group's link). Holding a game that is not an
    owner gives no right: anyone can make one."""
    if _is_host():
        return Editor(by_host=True, owner=None)
    owner = None
    found = store().access(edit_token) if edit_token else None
    if found is not None and found[1]:
        owner = library_owners.of_game(_engine(), found[0])
    device = session.get("device")
    if owner is None and isinstance(device, str) and device:
        owner = library_owners.of_device(_engine(), device)
    return None if owner is None else Editor(by_host=False, owner=owner)


def write_facts(facts: dict[str, Any], who: Editor) -> None:
    owner = who.owner
    library_versions.record(_engine(), facts, by_host=who.by_host,
                            by_game=owner.name if owner and owner.game_id is not None else "",
                            by_group=owner.name if owner and owner.group_id is not None else "")
    _changed_here()


# -- a game keeps its library ---------------------------------------------------------------------

def kept_by(game: Game) -> tuple[bool, dict[str, Any]]:
    """(whether the game keeps a library of its own, those facts): a game pinned when the library
    changed after it was made. A game made since the last change needs no look: it has no pin,
    or one to the version in use."""
    changed_at = last_changed()
    if changed_at is None or game.created_at > changed_at:
        return False, {}
    return library_versions.pinned(_engine(), game.id)


def _use_the_kept_library(game: Game) -> None:
    """Once a request has found a game, its pages, scores and moves read the library it keeps."""
    is_pinned, facts = kept_by(game)
    if not is_pinned or facts == read_facts():
        return
    token = g.pop("card_library_token", None)
    if token is not None:
        catalogue.deactivate(token)
    g.card_library_token = catalogue.activate(facts)


ON_GAME_FOUND.append(_use_the_kept_library)


def may_rescore(game: Game) -> bool:
    """Whether the library changed since this game was scored with the library it keeps."""
    is_pinned, facts = kept_by(game)
    return is_pinned and facts != read_facts()


# -- every request sees the library ---------------------------------------------------------------------

@bp.before_app_request
def _use_library() -> None:
    g.card_library_token = catalogue.activate(read_facts())


@bp.teardown_app_request
def _stop_using_library(error=None) -> None:
    token = g.pop("card_library_token", None)
    if token is not None:
        catalogue.deactivate(token)


@bp.app_context_processor
def _library_helpers() -> dict:
    return {"library_needs": lambda doc: library.needed_by(doc, catalogue.load()),
            "library_field": _field_view, "library_may_rescore": may_rescore,
            "library_may_change": lambda game: editor(game.edit_token) is not None, "library_read_only": READ_ONLY}


# -- the page -----------------------------------------------------------------------------------------

def _fact_words(fact: library.Fact, lang: str) -> tuple[str, str]:
    """(what the fact belongs to, which fact) in the reader's language: a card by its printed
    name (the Korean edition's where there is one), a tools or craft-card fact by its number."""
    kind, key, *_rest = fact.path.split(".")
    if kind in ("buildings", "apprentices"):
        card = card_name(kind[:-1] if kind == "buildings" else "apprentice", key, lang)
        return card, str(FACT_LABELS.get(fact.label, fact.label))
    if kind == "tools_vp":
        tools = int(key)
        return _("Player aid"), (_("VP for %(tools)s or more tools", tools=tools) if tools == library.TOOLS_LAST
                                 else _("VP for %(tools)s tools", tools=tools))
    if kind == "craft_cards":
        return _("Craft card %(number)s", number=int(key)), str(FACT_LABELS.get(fact.label, fact.label))
    return fact.card, fact.label


def _placed_in_words(problem: Problem) -> Problem:
    """A library file's problem named by the fact as the page lists it ("Player aid, VP for 2
    tools"), not by its path in the file (``facts.tools_vp.2``); any other place as it is."""
    path = problem.path.removeprefix("facts.")
    fact = library.fact_paths(catalogue.base()).get(path)
    if fact is not None:
        card, label = _fact_words(fact, language())
    else:   # a fact the library does not keep: the card by its name, the fact as the page would name it
        kind, _dot, rest = path.partition(".")
        card_id, _dot, attribute = rest.partition(".")
        if kind not in ("buildings", "apprentices") or not attribute:
            return problem
        card = card_name("building" if kind == "buildings" else "apprentice", card_id, language()).replace("_", " ")
        named = {"vp": "printed VP", "skills": "skills needed" if kind == "buildings" else "skills"}.get(attribute, attribute)
        label = str(FACT_LABELS.get(named, named.replace("_", " ")))
    return Problem(_("%(card)s, %(fact)s", card=card, fact=label), problem.message)


def _cost_in_english(text: str) -> str:
    """A cost typed in the page's words ("나무 2, 돌 1" on a Korean page) as the library reads it
    ("2 wood, 1 stone"); anything else is left as typed, for library_input.from_form to accept or explain."""
    resources = {term(resource, language()): resource for resource in catalogue.RESOURCES}
    parts = []
    for part in text.replace(";", ",").split(","):
        words = part.split()
        if len(words) == 2 and words[0] in resources and words[1].isdigit():
            words = [words[1], resources[words[0]]]
        elif len(words) == 2 and words[1] in resources and words[0].isdigit():
            words = [words[0], resources[words[1]]]
        parts.append(" ".join(words))
    return ", ".join(parts)


def _cost_shown(fact: library.Fact, value: Any) -> str:
    """A stored value in the form, in the reader's words ("나무 2, 돌 1" on a Korean page)."""
    if fact.kind == "cost" and value:
        return items_in_words(value, language())
    return library.to_form(fact, value)


def _skills_label(skills) -> str:
    lang = language()
    return ", ".join(term(s, lang) for s in skills) or _("none")


def _field_view(fact: library.Fact, value: Any = None, error: str | None = None) -> dict:
    choices = None
    if fact.kind == "skills":
        choices = [("", _("unknown"))] + [(library.skills_choice(s), _skills_label(s)) for s in library.SKILL_SETS]
    card, label = _fact_words(fact, language())
    return {"fact": fact, "card": card, "label": label, "name": fact.path, "id": "fact-" + fact.path.replace(".", "-"),
            "value": _cost_shown(fact, value), "error": error, "choices": choices,
            "inputmode": "numeric" if fact.kind == "vp" else None,
            "placeholder": {"cost": _("e.g. 2 wood, 1 stone"), "virtue": _("e.g. -1"),
                            "vp": _("unknown")}.get(fact.kind, "")}


def _page(facts: dict[str, Any], errors: dict[str, str] | None = None, typed: dict[str, str] | None = None,
          message: str | None = None, problems: list[Problem] | None = None, status: int = 200,
          owner_form: OwnerForm | None = None):
    errors, typed = errors or {}, typed or {}
    groups = {name: [] for name in GROUPS}
    for fact in library.missing_facts(catalogue.base()):
        view = _field_view(fact, facts.get(fact.path), errors.get(fact.path))
        if fact.path in typed:
            view["value"] = typed[fact.path]
        groups[fact.group].append(view)
    entered = {name: sum(1 for view in views if view["fact"].path in facts) for name, views in groups.items()}
    may_change = editor() is not None
    # who changed it, and which tables and groups may: the owners' to see; anyone else reads the facts
    changes = library_versions.history(_engine()) if may_change else []
    owners = library_owners.owners(_engine()) if may_change else []
    answer = make_response(render_template(
        "aotwk/library.html", groups=groups, entered=entered, group_names=GROUP_NAMES, form=CsrfOnlyForm(),
        import_form=ImportForm(), message=message, problems=problems or [], total=len(facts), may_change=may_change,
        read_only=READ_ONLY, changes=changes, can_undo=any(version.undone_at is None for version in changes[:1]),
        owners=owners, owner_form=_with_choices(owner_form or OwnerForm(), owners) if may_change else None), status)
    if may_change:   # the history, the owners and this phone's games (by their edit links): no cache may keep them
        answer.headers["Cache-Control"] = "no-store"
    return answer


def _refused():
    """A change from someone who may only read the library: the page, read-only, saying why."""
    return _page(read_facts(), message=str(READ_ONLY), status=403)


@bp.get("/library")
def page():
    said = {"saved": _("Saved to this table's card library."),
            "undone": _("The last change to the card library was undone."),
            "owner_added": _("Added as an owner of the card library."),
            "owner_removed": _("Removed from the owners of the card library.")}
    return _page(read_facts(), message=said.get(request.args.get("done", "")))


@bp.post("/library")
def save():
    """Every fact field of the page: an empty one stays (or becomes) unknown."""
    form = CsrfOnlyForm()
    if not form.validate_on_submit():
        return _page(read_facts(), message=_("The page had expired: nothing was saved. Enter the facts again."),
                     status=400)
    who = editor()
    if who is None:
        return _refused()
    facts, errors, typed = _read_fields(library.missing_facts(catalogue.base()), keep=read_facts(), all_fields=True)
    if errors:
        return _page(read_facts(), errors=errors, typed=typed, status=400,
                     message=_("Nothing was saved: correct the facts marked below."))
    write_facts(facts, who)
    return redirect(url_for("aotwk.library.page", done="saved"), 303)


@bp.post("/library/undo")
def undo():
    """One tap takes the last change to the library back."""
    if not CsrfOnlyForm().validate_on_submit():
        return _page(read_facts(), message=_("The page had expired: nothing was undone."), status=400)
    if editor() is None:
        return _refused()
    if library_versions.undo_last(_engine()) is None:
        return _page(read_facts(), message=_("There is nothing to undo."), status=400)
    _changed_here()
    return redirect(url_for("aotwk.library.page", done="undone"), 303)


@bp.post("/library/answer")
def answer():
    """Facts a score asked for in place: saved to the library, then back to that page. Answered
    from a finished game's page, that game is scored with them (its table chose to)."""
    form = CsrfOnlyForm()
    back = same_site_path(request.form.get("back"), url_for("aotwk.library.page"))
    if not form.validate_on_submit():
        return _page(read_facts(), message=_("The page had expired: nothing was saved."), status=400)
    game_token = request.form.get("game") or None
    who = editor(game_token)
    if who is None:
        return _refused()
    asked = [fact for fact in library.missing_facts(catalogue.base()) if fact.path in request.form]
    if not asked:
        return _page(read_facts(), message=_("No card fact was sent."), status=400)
    facts, errors, typed = _read_fields(asked, keep=read_facts(), all_fields=False)
    if errors:
        return _page(read_facts(), errors=errors, typed=typed, status=400,
                     message=_("Nothing was saved: correct the facts marked below."))
    write_facts(facts, who)
    _scored_with_the_answer(game_token)
    return redirect(back, 303)


def _scored_with_the_answer(edit_token: str | None) -> None:
    """The game whose page asked for facts is scored with them from now on (its table chose to)."""
    found = store().access(edit_token) if edit_token else None
    if found is not None and found[1]:
        library_versions.pin(_engine(), found[0], in_use())


@bp.post("/g/<token>/library/rescore")
@changes.endpoint   # the game's access and CSRF, as for any change; the pin is the library's own record
def rescore(token: str):
    """'Rescore with today's card library': this game, in play or finished, is scored with the
    library in use from now on."""
    game = changes.gate(token)
    library_versions.pin(_engine(), game.id, in_use())
    return redirect(url_for("aotwk.table.final_score", token=game.edit_token), 303)


# -- owners ----------------------------------------------------------------------------------------

EDIT_PATH = re.compile(r"/g/([A-Za-z0-9_-]+)(?:/.*)?")
VIEW_PATH = re.compile(r"/v/([A-Za-z0-9_-]+)(?:/.*)?")
GROUP_PATH = re.compile(r"/groups/([A-Za-z0-9_-]+)(?:/.*)?")
NONE_CHOSEN = _l("Choose one of this phone's games or groups, or paste its link.")
A_VIEW_LINK = _l("That is a game's view link, which gives no right to change anything: paste its edit link "
                 "(the table's Share page shows both).")
NO_SUCH_LINK = _l("No game or group on this server has that link.")
MAX_LINK = 1000


def _with_choices(form: OwnerForm, owners: list[Owner]) -> OwnerForm:
    """This phone's games and groups that are not owners yet, each by the path of its link."""
    owned_games = {owner.game_id for owner in owners}
    owned_groups = {owner.group_id for owner in owners}
    device = session.get("device")
    games = store().titles(store().device_tokens(device)) if isinstance(device, str) and device else []
    groups = GroupStore(store()).device_groups(device) if isinstance(device, str) and device else []
    form.chosen.choices = (
        [("", _("Choose…"))]
        + [(url_for("games.table", token=game.edit_token), titled(game))
           for game in games if game.id not in owned_games]
        + [(url_for("groups.page", token=group.token), _("Group: %(name)s", name=group.name))
           for group in groups if group.id not in owned_groups])
    return form


def _owner_named(link: str) -> tuple[dict[str, int] | None, Any]:
    """(the owner a link or path names, as ``library_owners.grant`` takes it, or None; why not)."""
    try:
        path = urlsplit(link.strip()[:MAX_LINK]).path
    except ValueError:   # not an address at all ("http://[")
        return None, NO_SUCH_LINK
    if match := EDIT_PATH.fullmatch(path):
        found = store().access(match[1])
        if found is not None:
            return ({"game_id": found[0]}, None) if found[1] else (None, A_VIEW_LINK)
    elif match := VIEW_PATH.fullmatch(path):
        if store().access(match[1]) is not None:
            return None, A_VIEW_LINK
    elif match := GROUP_PATH.fullmatch(path):
        try:
            return {"group_id": GroupStore(store()).find(match[1]).id}, None
        except GroupNotFound:
            pass
    return None, NO_SUCH_LINK


@bp.post("/library/owners")
def add_owner():
    """The host or an owner makes a game's table or a group an owner: chosen from this phone's
    games and groups, or by its pasted link."""
    form = OwnerForm()
    if not form.validate_on_submit():
        return _page(read_facts(), message=_("The page had expired: nothing was saved."), status=400)
    if editor() is None:
        return _refused()
    link = (form.link.data or "").strip() or form.chosen.data or ""
    named, why_not = _owner_named(link) if link else (None, NONE_CHOSEN)
    if named is None:
        form.link.errors.append(str(why_not))
        return _page(read_facts(), owner_form=form, message=_("Nothing was saved: correct the field marked below."),
                     status=400)
    library_owners.grant(_engine(), **named)
    return redirect(url_for("aotwk.library.page", done="owner_added", _anchor="owners"), 303)


@bp.post("/library/owners/<int:owner_id>/remove")
def remove_owner(owner_id: int):
    """An owner's phones may change the library no more (the host always may)."""
    if not CsrfOnlyForm().validate_on_submit():
        return _page(read_facts(), message=_("The page had expired: nothing was saved."), status=400)
    if editor() is None:
        return _refused()
    library_owners.remove(_engine(), owner_id)
    return redirect(url_for("aotwk.library.page", done="owner_removed", _anchor="owners"), 303)


def _read_fields(facts_asked, keep: dict[str, Any], all_fields: bool):
    facts = dict(keep)
    errors, typed = {}, {}
    for fact in facts_asked:
        text = request.form.get(fact.path, "")
        typed[fact.path] = text
        value, error = library_input.from_form(fact, _cost_in_english(text) if fact.kind == "cost" else text)
        if error:
            errors[fact.path] = error
        elif value is None:
            if all_fields:
                facts.pop(fact.path, None)
        else:
            facts[fact.path] = value
    return facts, errors, typed


@bp.get("/library.json")
def export() -> Response:
    body = json.dumps(library.document(read_facts()), ensure_ascii=False, indent=2)
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": 'attachment; filename="card-library.json"'})


@bp.post("/library/import")
@limits.library_imports
def import_file():
    """Add a shared library file to this table's: its facts win over ours. A bad file: one
    line per problem with its path, and nothing saved."""
    form = ImportForm()
    if not form.validate_on_submit():
        problems = [Problem("(file)", message) for messages in form.errors.values() for message in messages]
        return _page(read_facts(), problems=problems, status=400)
    who = editor()
    if who is None:
        return _refused()
    raw = form.library_file.data.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        return _page(read_facts(), problems=[Problem("(file)", _("is larger than %(most)s bytes", most=f"{MAX_FILE_BYTES:,}"))],
                     status=400)
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return _page(read_facts(), problems=[Problem("(file)", FieldProblem("not_utf8"))], status=400)
    except json.JSONDecodeError as exc:   # the parser's own words are English: the Korean line keeps where
        wrong = FieldProblem("not_json", detail=exc.msg, line=exc.lineno, column=exc.colno)
        return _page(read_facts(), problems=[Problem("(file)", wrong)], status=400)
    facts, problems = library_input.parse(data, catalogue.base())
    if problems:
        return _page(read_facts(), problems=[_placed_in_words(problem) for problem in problems], status=400)
    write_facts({**read_facts(), **facts}, who)
    return _page(read_facts(), message=ngettext("Imported %(num)d fact.", "Imported %(num)d facts.", len(facts)))
