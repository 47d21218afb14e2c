"""What a player reads in AotWK's move controls: a seat's name, a choice, a card, a place,
where an apprentice is hired, in the request's language (never an id or a code). The forms,
the questions a card asks and the Craft panel all say their choices through here."""

from __future__ import annotations

from typing import Any

from flask_babel import LazyString, gettext as _
from markupsafe import escape

from companion.aotwk.catalogue import load
from companion.aotwk.i18n.cards import items_in_words, skills as skills_words
from companion.aotwk.i18n.move_words import choice_label
from companion.aotwk.i18n.names import card_name, opponent_name
from companion.aotwk.i18n.places import place_on_its_own
from companion.aotwk.rules import table
from companion.aotwk.rules.table.actors import actor, entry_id
from companion.aotwk.rules.table.cathedral import EMPTY_PILE
from companion.aotwk.rules.table.data import reward_types
from companion.aotwk.web.cell_labels import LABELS
from companion.web.i18n import language


BOT = "bot"


ARTISANS = "age_of_artisans"


def artisans(state: dict) -> bool:
    return ARTISANS in (state.get("expansions") or ())


def who_name(state: dict, who: Any) -> str:
    """A seat's name; the bot's in the reader's language (헬레나, 콘스탄틴 on a Korean page)."""
    said = table.display_name(state, who)
    return opponent_name(said, language()) if who == BOT else said


def category_words(category: str) -> str:
    """A pad cell (a score category, the final virtue) as a player reads it, in the request's language."""
    return str(LABELS.get(category, category.replace("_", " ")))


def items_words(items) -> str:
    """{"silver": 3, "virtue": 1} in the request's language: "3 silver, 1 virtue", "은화 3, 선행 1"."""
    return items_in_words(items, language())


def plain_words(identifier: str) -> str:
    return identifier.replace("_", " ").capitalize()


def choice_words(param, value: str) -> str:
    """A choice as a player says it: reward cards and gifts as printed, never their codes."""
    if param.name == "reward":
        if value == EMPTY_PILE:
            return _("None: the pile is empty (%(gain)s)", gain=items_words(load().reward_when_empty))
        return items_words(reward_types()[value]) if value in reward_types() else plain_words(value)
    if param.name == "category":
        return category_words(value)
    return choice_label(param.name, value, language()) or plain_words(value)


class SaidLater(LazyString):
    """Words said when a form is drawn (in that request's language), not when its class is made;
    escaped like any text when a template writes them."""

    def __html__(self) -> str:
        return str(escape(str(self)))


def said_later(words, *args) -> SaidLater:
    return SaidLater(words, *args)


def _location_words(location) -> str:
    return place_on_its_own(location.id, language())


def capture_locations() -> list[tuple[str, Any]]:
    """The locations a capture may name, in words: never the Guildhall, Black Market, Prison or a board."""
    from companion.aotwk.rules.opponent.vocabulary import LOCATIONS
    return [(loc.id, said_later(_location_words, loc)) for loc in LOCATIONS.values() if loc.capturable]


def card_said(kind: str, card_id: str) -> str:
    pool = load().buildings if kind == "building" else load().apprentices
    return card_name(kind, card_id, language()) if card_id in pool else card_id.replace("_", " ")


def table_entry_id(entry: Any) -> str:
    return entry["id"] if isinstance(entry, dict) else entry


def own_apprentice_choices(apprentice_ids) -> list[tuple[str, str]]:
    """A player's apprentices as choices, each said once: two cards of one name (three Swindlers are
    printed) are told apart by their skills, and cards alike in every printed fact are one choice
    (either one does the same)."""
    def said(apprentice_id: str) -> str:
        return card_said("apprentice", apprentice_id)

    ids = list(dict.fromkeys(apprentice_ids))
    names = [said(apprentice_id) for apprentice_id in ids]
    choices: dict[str, str] = {}
    for apprentice_id in ids:
        label = said(apprentice_id)
        card = load().apprentices.get(apprentice_id)
        if names.count(label) > 1 and card is not None and card.skills:
            skills = skills_words(card.skills, language())
            label = f"{label} ({skills})"
        choices.setdefault(label, apprentice_id)
    return [(apprentice_id, label) for label, apprentice_id in choices.items()]


def apprentices_sources() -> tuple[str, ...]:
    return next(param for param in table.MOVES["hire"].params if param.name == "source").choices


# Where an apprentice is hired, in the Hire panel's words (the Workshop first: the usual place).
def _hire_source_words(source: str) -> str:
    return choice_label("source", source, language()) or plain_words(source)


HIRE_SOURCES = [(source, said_later(_hire_source_words, source)) for source in apprentices_sources()]


def hire_sources(state: dict, who=None, asked: str | None = None) -> list[tuple[str, Any]]:
    """Where this game's Hire panel offers to hire: with Age of Artisans the Black Market's middle
    space crafts a Tool ('the Black Market Overlay Card in the middle space ... covering the original
    iconography'), so it hires nobody. For a player (``who``): the Black Market only while it is open
    to them (seed 000 l.422: not at 10 virtue or more...: picked, it was refused and the panel lost),
    and a free hire only with a building that hires for free (the Tavern) or their free starting
    apprentice still to hire; ``asked`` (the starting hire's own button) is offered whatever."""
    seat = table.status(state, who) if who is not None else {}

    def offered(source: str) -> bool:
        if source == asked:
            return True
        if source == "black_market":
            return not artisans(state) and not seat.get("black_market_reason")
        if source == "free" and who is not None:
            return bool(seat.get("starting_hire_pending")) or _hires_for_free(state, who)
        return True
    return [(source, words) for source, words in HIRE_SOURCES if offered(source)]


def _hires_for_free(state: dict, who) -> bool:
    """Whether the player built a building whose effect is a free hire (its card's data says so)."""
    buildings = load().buildings
    built = (buildings.get(entry_id(entry)) for entry in actor(state, who).get("buildings", ()))
    return any(building is not None and (building.effect or {}).get("kind") == "hire_free_apprentice"
               for building in built)
