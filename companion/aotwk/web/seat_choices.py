"""The players' colours and side-2 player boards a game offers, in the reader's words (the
setup form's seats and a group's usual colours and boards)."""

from flask_babel import gettext as _

from companion.aotwk.catalogue import load
from companion.web.helpers import COLOUR_WORDS
from companion.web.i18n import language

# Age of Artisans: "Orange is now also an option" (white is the palette's, not a set-up choice)
COLOURS = [(colour, COLOUR_WORDS[colour]) for colour in ("red", "blue", "green", "yellow", "purple", "black", "orange")]


def board_choices() -> list[tuple[str, str]]:
    lang = language()
    boards = sorted(load().boards.values(), key=lambda b: (b.set != "base", b.name_en))

    def label(board) -> str:
        name = board.name(lang)
        if board.set != "base":
            return _("%(name)s (Age of Artisans): %(virtue)s virtue, %(silver)s silver", name=name,
                     virtue=board.virtue, silver=board.silver)
        return _("%(name)s: %(virtue)s virtue, %(silver)s silver", name=name, virtue=board.virtue, silver=board.silver)
    return [("", _("Deal at random"))] + [(b.id, label(b)) for b in boards]
