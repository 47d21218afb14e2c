"""The card catalogue, searchable: a page, and the htmx picker inside move forms
(a building or apprentice field lists the matching cards with costs, skills and effects)."""

from __future__ import annotations

from typing import Any, Mapping

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext as _

from companion.aotwk.catalogue import load
from companion.aotwk.catalogue.search import search as catalogue_search
from companion.aotwk.i18n import cards
from companion.aotwk.i18n.cards import UNKNOWN
from companion.i18n import LANGUAGES
from companion.i18n.sentences import N_, say
from companion.web.i18n import language

bp = Blueprint("catalogue", __name__)

KINDS = {"building": "buildings", "apprentice": "apprentices"}
PICKER_LIMIT = 60


ENTERED = N_(" (entered at this table)")
# Skills our sources do not print (the expansion's new cards): the player's card shows them.
SKILLS_ON_THE_CARD = N_("see the card (not in the rulebook)")
VIRTUE = N_("virtue {virtue:+d}")
VIRTUE_UNKNOWN = N_("virtue unknown")
VP = N_("{vp} VP")
VP_UNKNOWN = N_("VP unknown")
WHEN = {"end_game": N_("end of game"), "immediate": N_("when built"), "ability": N_("ability")}
OUR_READING = N_(" (our reading: the expansion does not say when)")


def localized_summary(kind: str, card, lang: str) -> dict:
    """A card as a player reads it, in ``lang``: its printed name in that edition (the English one
    beside it, or on an English page the other edition's), cost, skills, VP and effect. A fact our
    sources lack shows as unknown (never hidden), and one from this table's card library says so."""
    entered = load().is_entered
    pool = KINDS[kind]

    def mark(attribute: str, text: str) -> str:
        return text + (say(ENTERED, lang) if entered(f"{pool}.{card.id}.{attribute}") else "")

    other_lang = "en" if lang != "en" else next(other for other in LANGUAGES if other != "en")
    summary = {"id": card.id, "set": card.set, "name": card.name(lang),
               "name_lang": lang if card.names.get(lang) else "en",   # no edition: as printed
               "other_name": card.names.get(other_lang), "other_lang": other_lang,
               "skills": (mark("skills", cards.skills(card.skills, lang)) if card.skills is not None
                          else say(SKILLS_ON_THE_CARD, lang)),
               "needs_no_skill": card.skills == (),   # (None: not known, said as such)
               "virtue": card.virtue,
               "virtue_text": say(VIRTUE_UNKNOWN, lang) if card.virtue is None else (
                   mark("virtue", say(VIRTUE, lang, virtue=card.virtue)) if card.virtue else "")}
    if kind == "building":
        when = say(WHEN[card.timing], lang) + ("" if card.timing_stated else say(OUR_READING, lang))
        summary.update(cost=mark("cost", cards.items_in_words(card.cost, lang)) if card.cost else say(UNKNOWN, lang),
                       vp=card.vp, vp_text=say(VP_UNKNOWN, lang) if card.vp is None else mark(
                           "vp", say(VP, lang, vp=card.vp)),
                       when=when, effect=cards.effect_text(card.effect, lang))
    else:
        summary.update(cost=None, vp=None, vp_text="", when=say(WHEN["ability"], lang),
                       effect=cards.effect_text(card.ability, lang))
    return summary


def search(kind: str, query: str, lang: str | None = None) -> list[dict]:
    """Cards whose name (in any edition, a Hangul one by 초성 too), id or alias matches every word of the query,
    each in the reader's language (the request's unless given)."""
    lang = lang or language()
    return [localized_summary(kind, card, lang) for card in catalogue_search(query, kind, lang)]


LIKELY = 8   # cards shown before anything is typed


def one_row_per_card(cards: list[dict]) -> list[dict]:
    """Copies of one card (the box holds two Miners, miner_1 and miner_2) as one row: the first
    copy's id stands for them. A player picks "Miner"; a second identical row reads as a mistake."""
    seen, rows = set(), []
    for card in cards:
        face = tuple(sorted((key, repr(value)) for key, value in card.items() if key != "id"))
        if face not in seen:
            seen.add(face)
            rows.append(card)
    return rows


def _in_this_game(state: Mapping, card) -> bool:
    return card.set == "base" or card.set.startswith("promo") or card.set in (state.get("expansions") or ())


def pick_for(state: Mapping, who: Any, kind: str, query: str = "") -> list[dict]:
    """The cards a Build or Hire panel offers (``available``): with no letters typed, a short list;
    typed letters: every match (up to the picker's limit)."""
    return shortlist(available(state, who, kind, query), query)


def shortlist(cards: list[dict], query: str) -> list[dict]:
    """Of the cards a player may take, those a panel shows: a few likely ones before any letter is typed."""
    return cards[:LIKELY] if not query.strip() else cards[:PICKER_LIMIT]


def available(state: Mapping, who: Any, kind: str, query: str = "") -> list[dict]:
    """The cards a player may take now, most likely first: cards nobody holds yet and the
    game uses; buildings whose skills the player's apprentices cover before the others."""
    pool = getattr(load(), KINDS[kind])
    pile = "buildings" if kind == "building" else "apprentices"
    held = {entry["id"] if isinstance(entry, Mapping) else entry
            for player in state.get("players") or () for entry in player.get(pile) or ()}
    removed = set((state.get("table") or {}).get("removed_buildings") or ()) if kind == "building" else set()
    skills = set()
    if isinstance(who, int) and who < len(state.get("players") or ()):
        for entry in state["players"][who].get("apprentices") or ():
            card = load().apprentices.get(entry["id"] if isinstance(entry, Mapping) else entry)
            skills |= set(card.skills or ()) if card else set()   # (an unknown card teaches nothing)
    cards = one_row_per_card([c for c in search(kind, query)
                              if c["id"] not in held and c["id"] not in removed and _in_this_game(state, pool[c["id"]])])
    def unlikely(card: dict) -> tuple:
        fits = kind != "building" or set(pool[card["id"]].skills or ()) <= skills
        return not fits, card["set"] != "base", card["name"]
    cards.sort(key=unlikely)
    return cards


def kind_argument() -> str:
    """The request's card kind (?kind=building|apprentice; building when absent); 404 for any other."""
    kind = request.args.get("kind", "building")
    if kind not in KINDS:
        abort(404)
    return kind


@bp.get("/catalogue")
def browse():
    kind = kind_argument()
    query = request.args.get("q", "")
    lang = language()
    cards = [localized_summary(kind, card, lang) for card in catalogue_search(query, kind, lang)]
    return render_template("aotwk/catalogue.html", kind=kind, query=query, cards=cards)


@bp.get("/catalogue/pick")
def pick():
    """The matching cards as radio buttons for a move form's building/apprentice field."""
    kind = kind_argument()
    field = request.args.get("field", kind)
    if not field.isidentifier():
        abort(400, _("The field name is not valid."))
    query = request.args.get("search", "")
    cards = one_row_per_card(search(kind, query))
    return render_template("aotwk/_card_picker.html", kind=kind, field=field, cards=cards[:PICKER_LIMIT],
                           more=max(0, len(cards) - PICKER_LIMIT))
