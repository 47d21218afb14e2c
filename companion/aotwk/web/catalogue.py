"""The card catalogue, searchable: a page, and the htmx picker inside move forms
(a building or apprentice field lists the matching cards with costs, skills and effects)."""

from __future__ import annotations

from typing import Any, Mapping

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext as _

from companion.aotwk.catalogue import load
from companion.aotwk.catalogue.search import search as catalogue_search
from companion.aotwk.i18n import cards as cards_ko
from companion.web.i18n import language

bp = Blueprint("catalogue", __name__)

KINDS = {"building": "buildings", "apprentice": "apprentices"}
PICKER_LIMIT = 60


def _amounts(items: Mapping[str, Any]) -> str:
    return ", ".join(f"{amount} {name.replace('_', ' ')}" for name, amount in items.items())


def _value(value: Any) -> str:
    if isinstance(value, Mapping):
        return _amounts(value)
    if isinstance(value, (list, tuple)):
        return " or ".join(_value(v) for v in value)
    return str(value).replace("_", " ")


def effect_text(effect: Mapping[str, Any]) -> str:
    """A card's effect as one readable line: 'gain: 4 stone', 'majority of cathedral: 2 vp'."""
    if not effect:
        return ""
    kind = str(effect.get("kind", "")).replace("_", " ")
    details = "; ".join(f"{key.replace('_', ' ')} {_value(value)}" for key, value in effect.items()
                        if key not in ("kind", "text"))
    text = effect.get("text")
    return f"{kind}: {details}" if details else (f"{kind}: {text}" if text else kind)


ENTERED = " (entered at this table)"
ENTERED_KO = " (이 테이블에서 입력)"
# Skills our sources do not print (the expansion's new cards): the player's card shows them.
SKILLS_ON_THE_CARD = "see the card (not in the rulebook)"
SKILLS_ON_THE_CARD_KO = "카드 참고 (규칙서에 없음)"
OUR_READING_KO = " (우리의 해석: 확장판에 시기가 나오지 않음)"


def card_summary(kind: str, card) -> dict:
    """A card as a player reads it. A fact our sources lack shows as unknown (never hidden),
    and one from this table's card library says so."""
    entered = load().is_entered
    pool = KINDS[kind]

    def mark(attribute: str, text: str) -> str:
        return text + (ENTERED if entered(f"{pool}.{card.id}.{attribute}") else "")

    skills = ", ".join(card.skills) if card.skills else ("none" if card.skills is not None else SKILLS_ON_THE_CARD)
    summary = {"id": card.id, "name": card.name_en, "name_ko": card.name_ko, "set": card.set,
               "skills": mark("skills", skills), "virtue": card.virtue,
               "virtue_text": "virtue unknown" if card.virtue is None else (
                   mark("virtue", f"virtue {card.virtue:+d}") if card.virtue else "")}
    if kind == "building":
        when = "end of game" if card.end_game else "when built"
        if not card.timing_stated:
            when += " (our reading: the expansion does not say when)"
        summary.update(cost=mark("cost", _amounts(card.cost)) if card.cost else "unknown",
                       vp=card.vp, vp_text="VP unknown" if card.vp is None else mark("vp", f"{card.vp} VP"),
                       when=when, effect=effect_text(card.effect))
    else:
        summary.update(cost=None, vp=None, vp_text="", when="ability", effect=effect_text(card.ability))
    return summary


def localized_summary(kind: str, card, lang: str) -> dict:
    """``card_summary`` for the catalogue page, in the reader's language: the Korean
    edition's name first on a Korean page, the English one beside it."""
    summary = card_summary(kind, card)
    summary.update(other_name=card.name_ko, name_lang="en", other_lang="ko")
    if lang != "ko":
        return summary
    entered = load().is_entered
    pool = KINDS[kind]

    def mark(attribute: str, text: str) -> str:
        return text + (ENTERED_KO if entered(f"{pool}.{card.id}.{attribute}") else "")

    summary.update(name=card.name_ko or card.name_en, other_name=card.name_en, other_lang="en",
                   name_lang="ko" if card.name_ko else "en",   # a card with no Korean edition keeps its name
                   skills=mark("skills", cards_ko.skills(card.skills)) if card.skills is not None else SKILLS_ON_THE_CARD_KO,
                   virtue_text="선행 알 수 없음" if card.virtue is None else (
                       mark("virtue", f"선행 {card.virtue:+d}") if card.virtue else ""),
                   effect=cards_ko.effect_text(card.effect if kind == "building" else card.ability))
    if kind == "building":
        summary.update(cost=mark("cost", cards_ko.amounts(card.cost)) if card.cost else "알 수 없음",
                       vp_text="승점 알 수 없음" if card.vp is None else mark("vp", f"승점 {card.vp}"),
                       when=("게임 종료 시" if card.end_game else "건설할 때")
                       + ("" if card.timing_stated else OUR_READING_KO))
    else:
        summary.update(when="능력")
    return summary


def search(kind: str, query: str, lang: str | None = None) -> list[dict]:
    """Cards whose name (English or Korean, 초성 too), id or alias matches every word of the query,
    each in the reader's language (the request's unless given)."""
    lang = lang or language()
    return [localized_summary(kind, card, lang) for card in catalogue_search(query, kind, lang)]


LIKELY = 8   # cards shown before anything is typed


def _in_this_game(state: Mapping, card) -> bool:
    return card.set == "base" or card.set.startswith("promo") or card.set in (state.get("expansions") or ())


def pick_for(state: Mapping, who: Any, kind: str, query: str = "") -> list[dict]:
    """The cards a player may take now, most likely first: cards nobody holds yet and the
    game uses; buildings whose skills the player's apprentices cover before the others.
    Empty query: a short list; typed letters: every match (up to the picker's limit)."""
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
    cards = [c for c in search(kind, query)
             if c["id"] not in held and c["id"] not in removed and _in_this_game(state, pool[c["id"]])]
    def unlikely(card: dict) -> tuple:
        fits = kind != "building" or set(pool[card["id"]].skills or ()) <= skills
        return not fits, card["set"] != "base", card["name"]
    cards.sort(key=unlikely)
    return cards[:LIKELY] if not query.strip() else cards[:PICKER_LIMIT]


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
    cards = search(kind, query)
    return render_template("aotwk/_card_picker.html", kind=kind, field=field, cards=cards[:PICKER_LIMIT],
                           more=max(0, len(cards) - PICKER_LIMIT))
