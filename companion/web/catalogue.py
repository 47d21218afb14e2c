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


ENTERED = " (entered at this table)"


def card_summary(kind: str, card) -> dict:
    """A card as a player reads it. A fact our sources lack shows as unknown (never hidden),
    and one from this table's card library says so."""
    entered = load().is_entered
    pool = KINDS[kind]

    def mark(attribute: str, text: str) -> str:
        return text + (ENTERED if entered(f"{pool}.{card.id}.{attribute}") else "")

    skills = ", ".join(card.skills) if card.skills else ("none" if card.skills == () else "unknown")
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
