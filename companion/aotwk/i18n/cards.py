"""A card's cost, skills and effect, and the things the table counts, in the reader's language:
catalogue messages with the Korean rulebook's words (game terms from ``glossary``)."""

from __future__ import annotations

from typing import Any, Mapping

from companion.aotwk.catalogue import in_edition
from companion.aotwk.i18n.glossary import TERMS, term
from companion.i18n.sentences import AND, LIST, N_, OR, Context, ContextPlural, Joined, Lookup, Message, Phrase, say

AMOUNT = N_("{n} {what}")              # "2 wood"; Korean 나무 2
# Amounts of a thing English counts in the plural ("2 building cards"; Korean 건물 카드 2).
COUNTED_AMOUNTS = {"building_card": ContextPlural("counted thing", "{n} building card", "{n} building cards")}
SKILL_APPRENTICE = N_("{skill} skill apprentice")
NO_SKILLS = Context("holdings", "none")
UNKNOWN = N_("unknown")

# Words the effects count or name that are not game terms (English: the key's words).
COUNTED = {
    "building_card": Context("counted thing", "building card"),
    "debts": Context("counted thing", "debts"), "buildings": Context("counted thing", "buildings"),
    "tools": Context("counted thing", "tools"), "adornments": Context("counted thing", "adornments"),
    "paid_debts": Context("counted thing", "paid debts"), "captured": Context("counted thing", "captured"),
    "skill_sets": Context("counted thing", "skill sets"), "cathedral": Context("counted thing", "cathedral"),
    "prison": Context("counted thing", "prison"),
}

# A card's effect as the printed card says it: one wording per effect kind (the ``kind`` of an
# effect in the catalogue data), its placeholders the effect's parameters. A kind whose wording
# turns on one parameter (a loss or a gain, the Cathedral or a resource) has ``Cases``.
# Sources: the rulebooks' appendices (seed 000 and 001; Age of Artisans, seed 003) and, for the
# promo cards no rulebook describes, the card facts in the reference sheet.


class Cases:
    """Wordings of one effect kind told apart by one parameter: by its value ('cathedral'), else by
    its number ('negative', 'one', 'positive'), else 'other'."""

    def __init__(self, parameter: str, **wordings: Message):
        self.parameter, self.wordings = parameter, wordings

    def pick(self, effect: Mapping[str, Any]) -> Message:
        value = effect.get(self.parameter)
        for case in (str(value), *_number_cases(value), "other"):
            if case in self.wordings:
                return self.wordings[case]
        raise KeyError(f"no wording of {effect.get('kind')} for {self.parameter}={value!r}")


def _number_cases(value: Any) -> tuple[str, ...]:
    if isinstance(value, bool) or not isinstance(value, int):
        return ()
    return ("negative",) if value < 0 else ("one", "positive") if value == 1 else ("positive",)


EFFECT_WORDINGS: dict[str, Message | Cases] = {
    # -- when built --
    "gain": Context("card effect", "gain {gain}"),
    "gain_one_of": Context("card effect", "gain {options}"),
    "take_debts": ContextPlural("card effect", "take {debts} unpaid debt", "take {debts} unpaid debts",
                                count="debts"),
    "capture": ContextPlural(
        "card effect", "capture {captures} group of workers (one colour), as at the Town Centre",
        "capture {captures} groups of workers (one colour each), as at the Town Centre", count="captures"),
    "capture_or_release": ContextPlural(
        "card effect",
        "capture {captures} group of workers, as at the Town Centre, or take back all your workers held on "
        "other players' boards",
        "capture {captures} groups of workers, as at the Town Centre, or take back all your workers held on "
        "other players' boards", count="captures"),
    "release_prisoners": Context("card effect", "release all your workers from Prison"),
    "destroy_debts": ContextPlural("card effect", "you may destroy {debts} of your unpaid debts",
                                   "you may destroy {debts} of your unpaid debts", count="debts"),
    "discard_card_for": Context("card effect", "you may discard 1 building card from your hand to gain {gain}"),
    "everyone_gains": Context("card effect", "every player gains {gain} (you too)"),
    "gain_per_virtue": Context("card effect", "gain {gain} for every {per} virtue you have"),
    "hire_free_apprentice": Context("card effect", "hire any 1 face-up apprentice for free"),
    "prison_check": Cases(
        "virtue",
        negative=Context("card effect", "every player with {prisoners_at_least} or more workers in Prison "
                                        "loses {virtue} (you too)"),
        positive=Context("card effect", "every player with {prisoners_at_least} or more workers in Prison "
                                        "gains {virtue} (you too)")),
    "extra_guildhall_placement": Context(
        "card effect", "place 1 more worker in the Guildhall now, to construct a building or advance work on "
                       "the Cathedral at its usual cost"),
    "discard_apprentices": ContextPlural("card effect", "discard {count} of your apprentices",
                                         "discard {count} of your apprentices", count="count"),
    "free_adornment": ContextPlural("card effect", "gain {count} adornment at no cost",
                                    "gain {count} adornments at no cost", count="count"),
    "free_tool": ContextPlural("card effect", "gain {count} tool at no cost", "gain {count} tools at no cost",
                               count="count"),
    "cards_per_cathedral_level": Context(
        "card effect", "gain {per_level} for each level you have advanced work on the Cathedral"),
    # -- end of game --
    "majority": Cases(
        "of",
        cathedral=Context("card effect", "{reward} if you have advanced work on the Cathedral further than any "
                                         "other player (ties don't count)"),
        other=Context("card effect", "{reward} if you have more {of} than any other player (ties don't count)")),
    "per_count": Cases(
        "per", one=Context("card effect", "{reward} for each {counts} you have"),
        other=Context("card effect", "{reward} for every {per} {counts} you have")),
    "virtue_change": Cases(
        "virtue",
        negative=Context("card effect", "lose {virtue} before scoring (before or after your other virtue "
                                        "changes, as you choose)"),
        positive=Context("card effect", "gain {virtue} before scoring")),
    "debt_penalty": Cases(
        "vp_per_debt", positive=Context("card effect", "lose {vp_per_debt} less for each unpaid debt"),
        negative=Context("card effect", "lose {vp_per_debt} more for each unpaid debt")),
    "no_unpaid_debts": Context("card effect", "{reward} if you have no unpaid debts"),
    # -- apprentices' abilities --
    "acolyte_reward": Context("card effect", "when you advance work on the Cathedral, also gain {gain}"),
    "all_skills": Context("card effect", "has all 3 skills"),
    "black_market_discount": Context("card effect", "pay {silver_less} less when taking actions at the {location}"),
    "black_market_no_virtue_loss": Context("card effect", "lose no virtue when taking actions at the {location}"),
    "bm_reset_gain": Context("card effect", "at each Black Market Reset, gain {gain}"),
    "bm_reset_release": Context(
        "card effect", "at each Black Market Reset, you may release {workers} of your workers from {from}"),
    "capture_discount": Context("card effect", "pay {silver_less} (not tax) less when capturing at the {location}"),
    "debt_collector_bonus": Context("card effect", "when you pay off a debt, also gain {gain}"),
    "location_bonus": Cases(
        "location", tax_stand=Context("card effect", "gain {gain} when stealing from the {location}"),
        other=Context("card effect", "when you take an action to collect resources at the {location}, also gain "
                                     "{gain}")),
    "send_to_prison_bonus": Context("card effect", "when you send workers to Prison, also gain {gain}"),
    "squire_reward": Context("card effect",
                             "at each Black Market Reset, gain {gain} if none of your workers is in Prison"),
    "storehouse_extra_worker": ContextPlural(
        "card effect", "acts as {extra_workers} extra worker of yours at the {location}",
        "acts as {extra_workers} extra workers of yours at the {location}", count="extra_workers"),
    "storehouse_trade": Context("card effect",
                                "as an action at the King's Storehouse, you may pay {pay} to gain {gain}"),
    "swindler_extra": Context("card effect", "when taking an action at the {location}, also gain {gain}"),
    "tax_stand_virtue_discount": Context(
        "card effect", "lose {virtue_loss_reduced_by} less when stealing from the {location}"),
    # An Age of Artisans card our sources only describe: its words by language, from the data.
    "described": Context("card effect", "{text}"),
}

# Parameters that are a number of one thing (the parameter's name says which): said as an amount,
# "1 silver" / "은화 1", without their sign (the wording says whether it is a loss).
AMOUNT_OF = {"silver_less": "silver", "vp_per_debt": "vp", "virtue": "virtue", "virtue_loss_reduced_by": "virtue",
             "per_level": "building_card"}

# What a per_count effect counts, singular and plural ("1 VP for each building", "for every 2 buildings"):
# a Korean word has one form.
COUNTABLE = {
    "buildings": ContextPlural("counted thing", "building", "buildings"),
    "captured": ContextPlural("counted thing", "captured worker", "captured workers"),
    "paid_debts": ContextPlural("counted thing", "paid debt", "paid debts"),
    "tools": ContextPlural("counted thing", "tool", "tools"),
    "adornments": ContextPlural("counted thing", "adornment", "adornments"),
    "skill_sets": ContextPlural("counted thing", "set of 3 different skills", "sets of 3 different skills"),
}
SKILLED_APPRENTICES = ContextPlural("counted thing", "{skill} apprentice", "{skill} apprentices")
# Several things counted as one pile: "clay, wood and stone" / "점토, 나무, 돌 합계".
COUNTED_TOGETHER = Context("counted thing", "{things}")


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
    return Joined([amount(item, n) for item, n in items.items()], LIST).render(lang)


def amount(item: str, n: int) -> Phrase:
    """``n`` of ``item``, said later: "2 wood" / "나무 2", "2 building cards" / "건물 카드 2"."""
    if item in COUNTED_AMOUNTS:
        return Phrase(COUNTED_AMOUNTS[item], n=n)
    return Phrase(AMOUNT, n=n, what=Lookup(item_word, item))


def _all_of(parts: list[Any]) -> Any:
    """'clay, wood and stone' (Korean: 점토, 나무, 돌)."""
    return parts[0] if len(parts) == 1 else Joined([Joined(parts[:-1], LIST), parts[-1]], AND)


def _counted(thing: str, per: int) -> Any:
    """One thing a per_count effect counts, in the number ``per`` asks for."""
    if thing in COUNTABLE:
        return Phrase(COUNTABLE[thing], n=per)
    if thing.startswith("skill:"):
        return Phrase(SKILLED_APPRENTICES, n=per, skill=Lookup(term, thing[6:]))
    return Lookup(item_word, thing)   # a resource or virtue: the same word for one and many


def _parameter(name: str, value: Any, effect: Mapping[str, Any]) -> Any:
    """An effect's parameter as its wording's placeholder: amounts and places in the reader's words."""
    if name == "text" and isinstance(value, Mapping):   # a described card's words, by language
        return Lookup(in_edition, value)
    if name in AMOUNT_OF and isinstance(value, int):
        return amount(AMOUNT_OF[name], abs(value))
    if name == "counts":
        things = [_counted(thing, effect.get("per", 1)) for thing in value]
        return things[0] if len(things) == 1 else Phrase(COUNTED_TOGETHER, things=_all_of(things))
    if isinstance(value, Mapping):
        return Lookup(items_in_words, value)
    if isinstance(value, (list, tuple)):
        return Joined([_parameter(name, option, effect) for option in value], OR)
    if isinstance(value, str):   # a place ("from": prison) in the rulebook's word, else a counted thing
        return Lookup(term, value) if value in TERMS else Lookup(item_word, value)
    return value


def effect_text(effect: Mapping[str, Any] | None, lang: str) -> str:
    """A card's effect as the printed card says it: 'gain 4 stone' / '돌 4를 받습니다'; '1 VP for each
    building you have' / '보유한 건물마다 승점 1'. A kind this version has no wording for is shown as
    its key's words (the catalogue refuses unknown kinds, so only a newer data file has one)."""
    if not effect:
        return ""
    wording = EFFECT_WORDINGS.get(effect.get("kind"))
    if wording is None:
        return str(effect.get("kind") or "").replace("_", " ")
    message = wording.pick(effect) if isinstance(wording, Cases) else wording
    return say(message, lang, **{name: _parameter(name, value, effect)
                                 for name, value in effect.items() if name != "kind"})


def skills(card_skills: tuple[str, ...] | None, lang: str) -> str:
    """A card's skills in the rulebook's words: 'carpentry, masonry', '목공, 석공'."""
    if card_skills is None:
        return say(UNKNOWN, lang)
    return Joined([Lookup(term, s) for s in card_skills], LIST).render(lang) if card_skills else say(NO_SKILLS, lang)
