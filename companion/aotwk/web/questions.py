"""The questions a move asks beyond the tap that made it (Build, Cathedral +1, a capture):
labelled buttons and numbers, never ids."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from companion.aotwk.catalogue import RESOURCES, load
from companion.aotwk.i18n.glossary import term
from companion.aotwk.i18n.move_words import choice_label
from companion.aotwk.i18n.names import card_name
from companion.aotwk.i18n.places import place_name
from companion.aotwk.rules import table
from companion.aotwk.rules.table.actors import abilities
from companion.aotwk.rules.table.data import items_key, rules as table_rules
from companion.aotwk.web.move_choices import (BOT, artisans, capture_locations, items_words, own_apprentice_choices,
                                              table_entry_id, who_name)
from companion.web.i18n import language


def _buttons(name: str, text: str, options: list[tuple[str, str]]) -> dict:
    return {"name": name, "text": text, "type": "buttons", "options": options}


def _number(name: str, text: str, default: int | None = None) -> dict:
    return {"name": name, "text": text, "type": "number", "default": default}


def _only_resources(options) -> bool:
    return all(item in RESOURCES for option in options for item in option)


def questions(state: dict, kind: str, who: Any, card_id: str | None = None) -> list[dict]:
    """What a move needs to know beyond the tap that made it, as a player is asked it;
    empty when the tap is enough. Payments unchecked: nothing about untracked resources."""
    payments = state.get("track_resources", True)
    if kind == "capture":
        return _capture_questions(state, who)
    if kind == "black_market":
        return _black_market_questions(state, who)
    if kind == "advance_cathedral":
        asked = []
        in_pile = table.cathedral.rewards_in_pile(state)   # a card all of whose copies are drawn is out of play
        if in_pile:
            asked.append(_buttons("reward", _("Which reward card was revealed?"),
                                  [(key, items_words(items)) for key, items in in_pile.items()]))
        if who == BOT and artisans(state):   # Age of Artisans, Solo Variant: its Guildhall worker crafts one too
            asked.append(_number("adornment_vp", _("The printed VP of the Adornment %(name)s crafts (the face-up one "
                                                   "with the most VP)", name=who_name(state, who))))
        return asked
    if kind != "build" or card_id not in load().buildings:
        return []
    building = load().buildings[card_id]
    named = card_name("building", card_id, language())
    asked = []
    if building.vp is None:
        asked.append(_number("vp", _("The printed VP on the %(building)s", building=named)))
    effect = building.effect or {}
    effect_kind = effect.get("kind") if building.timing == "immediate" else None
    if effect_kind == "gain_one_of" and (payments or not _only_resources(effect["options"])):
        asked.append(_buttons("choice", _("What did the %(building)s give?", building=named),
                              [(items_key(option), items_words(option)) for option in effect["options"]]))
    elif effect_kind == "discard_card_for" and payments:
        asked.append(_buttons("discard_card", _("Discard a building card from your hand?"),
                              [("y", _("Discard one for %(gain)s", gain=items_words(effect["gain"]))),
                               ("", _("Keep my cards"))]))
    elif effect_kind == "hire_free_apprentice":
        asked.append({"name": "apprentice", "text": _("Which apprentice does the %(building)s hire for free?",
                                                      building=named),
                      "type": "cards", "kind": "apprentice"})
    elif effect_kind == "discard_apprentices" and who != BOT and state["players"][int(who)]["apprentices"]:
        mine = [table_entry_id(entry) for entry in state["players"][int(who)]["apprentices"]]
        asked.append(_buttons("discard_apprentice", _("Which apprentice goes to the %(building)s?", building=named),
                              own_apprentice_choices(mine)))
    elif effect_kind == "free_adornment":
        asked.append(_number("adornment_vp", _("The printed VP of the Adornment the %(building)s gives",
                                                 building=named)))
    return asked


def _capture_questions(state: dict, who: Any) -> list[dict]:
    """A capture, asked the way the table sees it. The bot's workers are known by location: a
    group of them is one button (its location and size: "the Forest (2)"), only where it has
    workers and the rules allow a capture. A human's group: whose, how many and, if the table
    likes, where. How many captures were paid at the Town Centre (its first silver is tax for
    the Tax Stand, which the app keeps whether or not it checks payments) is a field above the
    buttons, 1 unless changed: tapping the group records the capture."""
    paid = _number("paid_captures", _("Captures paid at the Town Centre (the first silver is tax)"), default=1)
    humans = [(str(other), who_name(state, other)) for other in table.everyone(state) if other not in (who, BOT)]
    groups = bot_groups(state) if who != BOT else []
    if state.get("bot") and who != BOT and not table.bot_link.has_workers(state):
        humans.append((BOT, who_name(state, BOT)))   # a bot whose workers are not tracked: counted like a human's
    if not humans:
        if not groups:
            return [_buttons("group", _("%(name)s has no workers on the board's large open circles to capture.",
                                        name=who_name(state, BOT)), [])]
        return [paid, {**_buttons("group", _("Which group of %(name)s's workers?", name=who_name(state, BOT)), groups),
                       "submits": True}]
    places = [(location, str(words)) for location, words in capture_locations()]
    return [_number("count", _("How many workers in the group?"), default=1),
            {**_buttons("location", _("Where were they captured?"), places), "optional": True}, paid,
            {**_buttons("group", _("Whose workers?"), groups + [(f"{seat}:", name) for seat, name in humans]),
             "submits": True}]


def _black_market_questions(state: dict, who: Any) -> list[dict]:
    """The Black Market in one tap: a button per free space, with what it costs this player (seed
    000 l.303: "Pay 1 Silver and lose 1 Virtue..."; a Trickster pays 1 silver less, an Illusionist
    loses no virtue), recorded by the tap. With payments checked, what the space's card gives is a
    field each above the buttons (0 unless changed: the app does not know the face-up card). The
    middle space hires through Hire (its "Black Market" source) and, with the Age of Artisans,
    crafts a Tool through Craft: here it records a placement for the card draw only."""
    status = table.status(state, who)
    free = status["black_market_free_spaces"]
    if artisans(state):
        free = [space for space in free if space != table_rules()["black_market_tool_space"]]
    discount = sum(ability["silver_less"] for _, ability in abilities(state, who, "black_market_discount"))
    keeps_virtue = any(abilities(state, who, "black_market_no_virtue_loss"))
    spaces = []
    for space in free:
        price = load().black_market_spaces[space]
        silver, virtue = max(0, price.get("silver", 0) - discount), 0 if keeps_virtue else price.get("virtue", 0)
        spaces.append((space, _("%(space)s: pay %(silver)s silver, lose %(virtue)s virtue",
                                space=choice_label("space", space, language()), silver=silver, virtue=virtue)))
    hire_space = table_rules()["black_market_hire_space"]
    text = (_("Which space? (Hiring at the middle space: Hire, then Black Market.)")
            if hire_space in free and not artisans(state) else _("Which space?"))
    gains = [_number(resource, _("%(resource)s the card gives", resource=term(resource, language()).capitalize()),
                     default=0) for resource in _black_market_resources()] if state.get("track_resources", True) else []
    return [*gains, {**_buttons("space", text, spaces), "submits": True}]


def _black_market_resources() -> list[str]:
    """The resources the Black Market cards show, in the catalogue's order."""
    shown = {resource for card in load().black_market_cards for gains in card.values() for resource in gains}
    return [resource for resource in RESOURCES if resource in shown]


def bot_groups(state: dict) -> list[tuple[str, str]]:
    """The bot's groups a human may capture, as "bot:<location>:<size>" buttons: only the large
    open circles (the Town Centre's rule), only where it has workers."""
    if not state.get("bot") or not table.bot_link.has_workers(state):
        return []
    from companion.aotwk.rules.opponent.vocabulary import LOCATIONS
    name = who_name(state, BOT)
    there = state["bot"]["workers"]["locations"]
    return [(f"{BOT}:{loc.id}:{there[loc.id]}", _("%(name)s at %(location)s (%(num)s)", name=name, num=there[loc.id],
                                                   location=place_name(loc.id, language())))
            for loc in LOCATIONS.values() if loc.capturable and there.get(loc.id)
            and loc.id not in table_rules()["capture_never_from"]]
