"""What a player reads for each cell of the paper pad and the end count (never the field name).

Shared by the pad's pages (``pad``) and the history's sentences (``history``).
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from companion.aotwk.rules.table import pad

# What a player reads for each cell (never the field name).
LABELS = {
    "buildings": _l("Buildings VP"), "cathedral": _l("Cathedral VP"), "virtue": _l("Virtue VP"),
    "debts": _l("Unpaid debts VP"), "gold_marble": _l("Gold and marble VP"), "silver": _l("Silver VP"),
    "prison": _l("Prison VP"), "adornments": _l("Adornments VP"), "tools": _l("Tools VP"),
    pad.FINAL_VIRTUE: _l("Final virtue"), pad.FINAL_SILVER: _l("Silver left"),
    "gold": _l("Gold"), "marble": _l("Marble"), "clay": _l("Clay"), "wood": _l("Wood"), "stone": _l("Stone"),
}
COUNT_LABELS = {"silver": _l("Silver")}   # in the count, silver is coins, not VP
