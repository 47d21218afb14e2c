"""Age of Artisans: what the Craft panel offers a seat, in a player's words."""

from __future__ import annotations

from flask_babel import gettext as _, lazy_gettext as _l

from companion.aotwk.catalogue import SKILLS, load
from companion.aotwk.i18n.glossary import term
from companion.aotwk.rules.table.data import rules as table_rules
from companion.aotwk.rules.table.tools import tool_free_apprentices as table_tool_free
from companion.aotwk.web.move_choices import card_said, own_apprentice_choices, table_entry_id
from companion.web.i18n import language


TOOL_PLACES = (("guildhall", _l("Stacked on my worker in the Guildhall")),
               ("black_market", _l("The Black Market's middle space (2 silver, 1 virtue)")))


def craft_choices(state: dict, who: int) -> dict:
    """What the Craft panel offers a seat, in a player's words: the buildings without an
    Adornment, the apprentices without a Tool, the craft cards the card library knows the
    Adornment VP of, and where a Tool's worker goes."""
    catalogue = load()
    record = state["players"][who]
    adorned = record.get("adornments_on") or {}
    buildings = [(building_id, card_said("building", building_id))
                 for building_id in (table_entry_id(entry) for entry in record["buildings"]) if building_id not in adorned]
    apprentices = own_apprentice_choices(table_tool_free(state, who))
    craft_cards = [(card["number"], _("%(card)s · %(vp)s VP", card=card.get("name") or _(
                        "Craft card %(number)s", number=card["number"]), vp=card["adornment_vp"]))
                   for card in catalogue.craft_cards if card.get("adornment_vp") is not None]
    skills = [(skill, term(skill, language()).capitalize()) for skill in SKILLS]
    return {"buildings": buildings, "apprentices": apprentices, "craft_cards": craft_cards,
            "places": TOOL_PLACES, "skills": skills,
            "price": table_rules()["craft_adornment"]}
