"""The players' colours a game offers, in the reader's words (the setup form's seats and a
group's usual colours)."""

from flask_babel import lazy_gettext as _l

COLOURS = [("red", _l("Red")), ("blue", _l("Blue")), ("green", _l("Green")), ("yellow", _l("Yellow")),
           ("purple", _l("Purple")), ("black", _l("Black")), ("orange", _l("Orange"))]   # Age of Artisans: "Orange is now also an option"
