"""A card's cost, skills and effect, and the things the table counts, in the reader's language:
catalogue messages with the Korean rulebook's words (game terms from ``glossary``)."""

from __future__ import annotations

from typing import Any, Mapping

from companion.aotwk.i18n.glossary import TERMS, term
from companion.i18n.sentences import LIST, N_, OR, Context, Joined, Lookup, Phrase, say

AMOUNT = N_("{n} {what}")              # "2 wood"; Korean 나무 2
DETAIL = N_("{key} {value}")           # one parameter of an effect: "per level 2"
WITH_DETAILS = N_("{kind}: {details}")
DESCRIBED = N_("{kind}: {text}", leave_out={"text"})   # the card's own English words: not translatable
SKILL_APPRENTICE = N_("{skill} skill apprentice")
NO_SKILLS = Context("holdings", "none")
UNKNOWN = N_("unknown")

# Words the effects count or name that are not game terms (English: the key's words).
COUNTED = {
    "building_card": Context("counted thing", "building card"), "vp": Context("counted thing", "vp"),
    "debts": Context("counted thing", "debts"), "buildings": Context("counted thing", "buildings"),
    "tools": Context("counted thing", "tools"), "adornments": Context("counted thing", "adornments"),
    "paid_debts": Context("counted thing", "paid debts"), "captured": Context("counted thing", "captured"),
    "skill_sets": Context("counted thing", "skill sets"), "cathedral": Context("counted thing", "cathedral"),
    "prison": Context("counted thing", "prison"),
}

# The catalogue page's card lines: effect kinds and their parameters (the data's keys, as words).
EFFECT_KINDS = {
    "acolyte_reward": Context("card effect", "acolyte reward"),
    "all_skills": Context("card effect", "all skills"),
    "black_market_discount": Context("card effect", "black market discount"),
    "black_market_no_virtue_loss": Context("card effect", "black market no virtue loss"),
    "bm_reset_gain": Context("card effect", "bm reset gain"),
    "bm_reset_release": Context("card effect", "bm reset release"),
    "capture": Context("card effect", "capture"),
    "capture_discount": Context("card effect", "capture discount"),
    "capture_or_release": Context("card effect", "capture or release"),
    "cards_per_cathedral_level": Context("card effect", "cards per cathedral level"),
    "debt_collector_bonus": Context("card effect", "debt collector bonus"),
    "debt_penalty": Context("card effect", "debt penalty"),
    "described": Context("card effect", "described"),
    "destroy_debts": Context("card effect", "destroy debts"),
    "discard_apprentices": Context("card effect", "discard apprentices"),
    "discard_card_for": Context("card effect", "discard card for"),
    "everyone_gains": Context("card effect", "everyone gains"),
    "extra_guildhall_placement": Context("card effect", "extra guildhall placement"),
    "free_adornment": Context("card effect", "free adornment"),
    "free_tool": Context("card effect", "free tool"),
    "gain": Context("card effect", "gain"),
    "gain_one_of": Context("card effect", "gain one of"),
    "gain_per_virtue": Context("card effect", "gain per virtue"),
    "hire_free_apprentice": Context("card effect", "hire free apprentice"),
    "location_bonus": Context("card effect", "location bonus"),
    "majority": Context("card effect", "majority"),
    "no_unpaid_debts": Context("card effect", "no unpaid debts"),
    "per_count": Context("card effect", "per count"),
    "prison_check": Context("card effect", "prison check"),
    "release_prisoners": Context("card effect", "release prisoners"),
    "send_to_prison_bonus": Context("card effect", "send to prison bonus"),
    "squire_reward": Context("card effect", "squire reward"),
    "storehouse_extra_worker": Context("card effect", "storehouse extra worker"),
    "storehouse_trade": Context("card effect", "storehouse trade"),
    "swindler_extra": Context("card effect", "swindler extra"),
    "take_debts": Context("card effect", "take debts"),
    "tax_stand_virtue_discount": Context("card effect", "tax stand virtue discount"),
    "virtue_change": Context("card effect", "virtue change"),
}
EFFECT_KEYS = {
    "booked_in": Context("card effect detail", "booked in"),
    "captures": Context("card effect detail", "captures"),
    "count": Context("card effect detail", "count"),
    "counts": Context("card effect detail", "counts"),
    "debts": Context("card effect detail", "debts"),
    "extra_workers": Context("card effect detail", "extra workers"),
    "from": Context("card effect detail", "from"),
    "gain": Context("card effect detail", "gain"),
    "location": Context("card effect detail", "location"),
    "of": Context("card effect detail", "of"),
    "options": Context("card effect detail", "options"),
    "pay": Context("card effect detail", "pay"),
    "per": Context("card effect detail", "per"),
    "per_level": Context("card effect detail", "per level"),
    "prisoners_at_least": Context("card effect detail", "prisoners at least"),
    "reward": Context("card effect detail", "reward"),
    "silver_less": Context("card effect detail", "silver less"),
    "virtue": Context("card effect detail", "virtue"),
    "virtue_loss_reduced_by": Context("card effect detail", "virtue loss reduced by"),
    "vp_per_debt": Context("card effect detail", "vp per debt"),
    "workers": Context("card effect detail", "workers"),
}


def item_word(item: str, lang: str) -> str:
    """A resource, a place or another counted thing in ``lang``: a game term in the rulebook's word,
    any other key as words."""
    if item in COUNTED:
        return say(COUNTED[item], lang)
    if item.startswith("skill:"):
        return say(SKILL_APPRENTICE, lang, skill=Lookup(term, item[6:]))
    if item in TERMS:
        return term(item, lang)
    return item.replace("_", " ")


def items_in_words(items: Mapping[str, Any], lang: str) -> str:
    """Counted things as a note or a refusal lists them: {"silver": 3, "virtue": 1} ->
    "3 silver, 1 virtue" (the table's describe()), "은화 3, 선행 1"."""
    return Joined([Phrase(AMOUNT, n=amount, what=Lookup(item_word, item)) for item, amount in items.items()],
                  LIST).render(lang)


def _value(value: Any, lang: str) -> str:
    if isinstance(value, Mapping):
        return items_in_words(value, lang)
    if isinstance(value, (list, tuple)):
        return say(OR, lang).join(_value(v, lang) for v in value)
    if isinstance(value, str):
        return item_word(value, lang)
    return str(value)


def effect_text(effect: Mapping[str, Any] | None, lang: str) -> str:
    """A card's effect as one line: 'gain: 4 stone', '받음: 돌 4'; 'per count: counts buildings; per 1;
    reward 1 vp'."""
    if not effect:
        return ""
    kind_key = effect.get("kind")
    kind = say(EFFECT_KINDS[kind_key], lang) if kind_key in EFFECT_KINDS else str(kind_key or "").replace("_", " ")
    # A parameter named like its kind ("gain" of a gain effect) is said once.
    details = [_value(value, lang) if key == kind_key
               else say(DETAIL, lang, key=EFFECT_KEYS.get(key, key.replace("_", " ")), value=_value(value, lang))
               for key, value in effect.items() if key not in ("kind", "text")]
    if details:
        return say(WITH_DETAILS, lang, kind=kind, details="; ".join(details))
    return say(DESCRIBED, lang, kind=kind, text=effect["text"]) if effect.get("text") else kind


def skills(card_skills: tuple[str, ...] | None, lang: str) -> str:
    """A card's skills in the rulebook's words: 'carpentry, masonry', '목공, 석공'."""
    if card_skills is None:
        return say(UNKNOWN, lang)
    return Joined([Lookup(term, s) for s in card_skills], LIST).render(lang) if card_skills else say(NO_SKILLS, lang)
