"""Architects of the West Kingdom's pages as the web shell finds them (``companion.games``
names this module in AotWK's registration): its own blueprints, its table page, history,
document reader, sheet, rules, and what a group's page and the score chart say of it."""

from __future__ import annotations

from flask import Blueprint
from flask_babel import lazy_gettext as _l

from companion.aotwk.i18n.glossary import category_label
from companion.aotwk.i18n.names import card_name, opponent_name
from companion.aotwk.rules import game as rules
from companion.aotwk.rules.document import GAME_ID
from companion.aotwk.rules.table.pad import fills_what_is_missing
from companion.aotwk.web import (bot, catalogue, exports, history, library, move_reading, pad, setup, table,
                                 template_words)
from companion.aotwk.web.documents import check_record, read_aotwk_document
from companion.aotwk.web.seat_choices import COLOURS, board_choices
from companion.web.game_pages import GamePages
from companion.web.i18n import language


def score_entries(scores: dict) -> list[dict]:
    """The players' entries and the bot's, the bot named in the reader's language (콘스탄틴, 헬레나)."""
    bot_entry = scores.get("bot")
    return [*scores["players"], *([{**bot_entry, "name": opponent_name(bot_entry["name"], language())}]
                                  if bot_entry else [])]


# One parent for AotWK's blueprints: its endpoints read "aotwk.table.move", "aotwk.bot.play"... (its
# addresses are the contract's, so no prefix)
bp = Blueprint("aotwk", __name__)
for child in (setup.bp, table.bp, catalogue.bp, exports.bp, bot.bp, pad.bp, library.bp, template_words.bp):
    bp.register_blueprint(child)

pages = GamePages(
    id=GAME_ID,
    name=_l("Architects of the West Kingdom"),
    blueprints=(bp,),
    render=table.render_page,
    describe=history.describe_move,
    read_document=read_aotwk_document,
    check_record=check_record,
    history=history.describe_history,
    sheet=exports.game_sheet,
    scores_csv=exports.game_scores_csv,
    apply=rules.apply,
    needs_current=rules.needs_current,
    reopen=rules.REOPEN,
    finished_takes=fills_what_is_missing,
    undo_drops=table.undo_drops,
    move_kinds=rules.move_kinds,
    read_move=move_reading.move_and_problems,   # the same reader as the table's form
    rematch=table.rematch,
    device_seat=table.chosen_seat,
    remember_seat=lambda game, seat: table.remember_seat(game, str(seat)),   # as the seat choice keeps it
    category_words=lambda category: category_label(category, language()),
    score_entries=score_entries,
    card_name=lambda kind, card_id: card_name(kind, card_id, language()),
    usual_choices=lambda: {"colour": COLOURS, "board": board_choices()[1:]},
)
