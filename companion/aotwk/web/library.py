"""The card library page: the facts our sources leave out, entered once by this table,
kept in the instance folder (``card_library.json``, written whole or not at all), used by
every page and score from then on, exported and imported as a file.

Each request runs with the library in use (``catalogue.using``), so scoring, the tracker
and the card pages read one catalogue, where an entered fact says so.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, g, redirect, render_template, request, url_for
from flask_babel import gettext as _, lazy_gettext as _l, ngettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired

from companion.aotwk import catalogue
from companion.aotwk.catalogue import library
from companion.aotwk.rules import library_input
from companion.aotwk.i18n.names import card_name
from companion.aotwk.i18n.cards import amounts
from companion.aotwk.i18n.glossary import term
from companion.i18n.problem_words import FieldProblem
from companion.problems import Problem
from companion.web.i18n import language

bp = Blueprint("library", __name__)

FILENAME = "card_library.json"
MAX_FILE_BYTES = 200_000
GROUPS = ("Tools", "New buildings", "New apprentices", "Craft cards")
# What a reader sees for the rules core's groups and fact labels (library.Fact names them in English).
GROUP_NAMES = {"Tools": _l("Tools"), "New buildings": _l("New buildings"), "New apprentices": _l("New apprentices"),
               "Craft cards": _l("Craft cards")}
FACT_LABELS = {"printed VP": _l("printed VP"), "cost": _l("cost"), "skills needed": _l("skills needed"),
               "virtue": _l("virtue"), "skills": _l("skills"), "name": _l("name"), "Adornment VP": _l("Adornment VP")}


class CsrfOnlyForm(FlaskForm):
    """The fact fields are read from the request by path; this carries the CSRF token."""


class ImportForm(FlaskForm):
    library_file = FileField(_l("Card library file (.json)"), validators=[FileRequired(_l("Choose a file to import."))])


# -- the file in the instance folder ----------------------------------------------------------------

def _path() -> Path:
    return Path(current_app.instance_path) / FILENAME


def read_facts() -> dict[str, Any]:
    """This server's library (cached until the file changes). A file that no longer reads
    (edited by hand) counts as empty rather than breaking every page."""
    path = _path()
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:   # no library yet (or an unreadable folder): every fact stays unknown
        return {}
    cache = current_app.extensions.setdefault("card_library", {})
    if cache.get("stamp") != stamp:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = None
        facts, _ = library_input.parse(data, catalogue.base())
        cache.update(stamp=stamp, facts=facts)
    return cache["facts"]


def write_facts(facts: dict[str, Any]) -> None:
    """Write the file whole or not at all: a half-written library would lose a table's work."""
    path = _path()
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{FILENAME}.{secrets.token_hex(4)}.tmp")
    with open(partial, "w", encoding="utf-8") as fh:
        json.dump(library.document(facts), fh, ensure_ascii=False, indent=2)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(partial, path)


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
            "library_field": _field_view}


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


def _cost_in_english(text: str) -> str:
    """A cost typed on a Korean page ("나무 2, 돌 1") as the library reads it ("2 wood, 1 stone");
    anything else is left as typed, for library_input.from_form to accept or explain."""
    korean = {term(resource, "ko"): resource for resource in catalogue.RESOURCES}
    parts = []
    for part in text.replace(";", ",").split(","):
        words = part.split()
        if len(words) == 2 and words[0] in korean and words[1].isdigit():
            words = [words[1], korean[words[0]]]
        elif len(words) == 2 and words[1] in korean and words[0].isdigit():
            words = [words[0], korean[words[1]]]
        parts.append(" ".join(words))
    return ", ".join(parts)


def _cost_shown(fact: library.Fact, value: Any) -> str:
    """A stored value in the form, in the reader's words ("나무 2, 돌 1" on a Korean page)."""
    if fact.kind == "cost" and value and language() == "ko":
        return amounts(value)
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
          message: str | None = None, problems: list[Problem] | None = None, status: int = 200):
    errors, typed = errors or {}, typed or {}
    groups = {name: [] for name in GROUPS}
    for fact in library.missing_facts(catalogue.base()):
        view = _field_view(fact, facts.get(fact.path), errors.get(fact.path))
        if fact.path in typed:
            view["value"] = typed[fact.path]
        groups[fact.group].append(view)
    entered = {name: sum(1 for view in views if view["fact"].path in facts) for name, views in groups.items()}
    return render_template("aotwk/library.html", groups=groups, entered=entered, group_names=GROUP_NAMES, form=CsrfOnlyForm(),
                           import_form=ImportForm(), message=message, problems=problems or [],
                           total=len(facts)), status


@bp.get("/library")
def page():
    return _page(read_facts(), message=request.args.get("saved") and _("Saved to this table's card library."))


@bp.post("/library")
def save():
    """Every fact field of the page: an empty one stays (or becomes) unknown."""
    form = CsrfOnlyForm()
    if not form.validate_on_submit():
        return _page(read_facts(), message=_("The page had expired: nothing was saved. Enter the facts again."),
                     status=400)
    facts, errors, typed = _read_fields(library.missing_facts(catalogue.base()), keep=read_facts(), all_fields=True)
    if errors:
        return _page(read_facts(), errors=errors, typed=typed, status=400,
                     message=_("Nothing was saved: correct the facts marked below."))
    write_facts(facts)
    return redirect(url_for("library.page", saved=1), 303)


@bp.post("/library/answer")
def answer():
    """Facts a score asked for in place: saved to the library, then back to that page."""
    form = CsrfOnlyForm()
    back = request.form.get("back", "")
    if not back.startswith("/") or back[1:2] in ("/", "\\"):   # only a page of this site
        back = url_for("library.page")
    if not form.validate_on_submit():
        return _page(read_facts(), message=_("The page had expired: nothing was saved."), status=400)
    asked = [fact for fact in library.missing_facts(catalogue.base()) if fact.path in request.form]
    if not asked:
        return _page(read_facts(), message=_("No card fact was sent."), status=400)
    facts, errors, typed = _read_fields(asked, keep=read_facts(), all_fields=False)
    if errors:
        return _page(read_facts(), errors=errors, typed=typed, status=400,
                     message=_("Nothing was saved: correct the facts marked below."))
    write_facts(facts)
    return redirect(back, 303)


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
def import_file():
    """Add a shared library file to this table's: its facts win over ours. A bad file: one
    line per problem with its path, and nothing saved."""
    form = ImportForm()
    if not form.validate_on_submit():
        problems = [Problem("(file)", message) for messages in form.errors.values() for message in messages]
        return _page(read_facts(), problems=problems, status=400)
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
        return _page(read_facts(), problems=problems, status=400)
    write_facts({**read_facts(), **facts})
    return _page(read_facts(), message=ngettext("Imported %(num)d fact.", "Imported %(num)d facts.", len(facts)))
