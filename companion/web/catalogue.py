"""The card catalogue, searchable: a page, and the htmx picker inside move forms
(a building or apprentice field lists the matching cards with costs, skills and effects)."""

from __future__ import annotations

from typing import Any, Mapping

from flask import Blueprint, abort, render_template, request

from companion.catalogue import load

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


def card_summary(kind: str, card) -> dict:
    skills = ", ".join(card.skills) if card.skills else ("none" if card.skills == () else "unknown")
    summary = {"id": card.id, "name": card.name_en, "name_ko": card.name_ko, "set": card.set, "skills": skills,
               "virtue": card.virtue}
    if kind == "building":
        summary.update(cost=_amounts(card.cost) if card.cost else "unknown", vp=card.vp,
                       when="end of game" if card.end_game else "when built", effect=effect_text(card.effect))
    else:
        summary.update(cost=None, vp=None, when="ability", effect=effect_text(card.ability))
    return summary


def search(kind: str, query: str) -> list[dict]:
    """Cards whose name (English or Korean), id or alias contains every word of the query."""
    pool = getattr(load(), KINDS[kind])
    words = query.casefold().split()
    found = []
    for card in pool.values():
        haystack = " ".join([card.id, card.name_en, card.name_ko or "", *getattr(card, "aliases", ())]).casefold()
        if all(word in haystack for word in words):
            found.append(card_summary(kind, card))
    return sorted(found, key=lambda c: (c["set"] != "base", c["name"], c["id"]))


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


def _kind_argument() -> str:
    kind = request.args.get("kind", "building")
    if kind not in KINDS:
        abort(404)
    return kind


@bp.get("/catalogue")
def browse():
    kind = _kind_argument()
    query = request.args.get("q", "")
    return render_template("catalogue.html", kind=kind, query=query, cards=search(kind, query))


@bp.get("/catalogue/pick")
def pick():
    """The matching cards as radio buttons for a move form's building/apprentice field."""
    kind = _kind_argument()
    field = request.args.get("field", kind)
    if not field.isidentifier():
        abort(400, "The field name is not valid.")
    query = request.args.get("search", "")
    cards = search(kind, query)
    return render_template("_card_picker.html", kind=kind, field=field, cards=cards[:PICKER_LIMIT],
                           more=max(0, len(cards) - PICKER_LIMIT))
