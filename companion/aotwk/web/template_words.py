"""AotWK's words in its templates, in the reader's language: the Jinja filters its pages use
(``{{ "clay" | term }}``, ``{{ id | card_name("building") }}``, ``{{ entry.name | opponent }}``,
``{{ spec | move_label }}``...). The shell (``companion.web.i18n``) installs
only what every game uses (``reason``, ``say``, ``number``, ``datetime``); a blueprint
registers these on the app, so the shell names no game's words."""

from __future__ import annotations

from flask import Blueprint

from companion.aotwk.i18n.glossary import category_label, term
from companion.aotwk.i18n.move_words import move_label
from companion.aotwk.i18n.names import card_name, opponent_name
from companion.aotwk.sheets.categories import in_play
from companion.web.i18n import language

bp = Blueprint("words", __name__)


@bp.app_template_global("score_categories")
def _score_categories(scores: dict, expansions) -> list[str]:
    """The categories a game's score page shows, as its sheet does (``sheets.categories.in_play``)."""
    entries = [*scores.get("players", []), *([scores["bot"]] if scores.get("bot") else [])]
    return [category.key for category in in_play([key for e in entries for key in e["categories"]], expansions or ())]


@bp.app_template_filter("category")
def _category(category):
    return category_label(category, language())


@bp.app_template_filter("opponent")
def _opponent(name):
    """The bot's name in the reader's language (콘스탄틴, 헬레나)."""
    return opponent_name(name, language())


@bp.app_template_filter("card_name")
def _card_name(card_id, kind):
    return card_name(kind, card_id, language())


@bp.app_template_filter("board_name")
def _board_name(board):
    return board.name(language())


@bp.app_template_filter("term")
def _term(key):
    return term(key, language())


@bp.app_template_filter("move_label")
def _move_label(spec):
    return move_label(spec.kind, spec.label, language())
