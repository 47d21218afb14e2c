"""AotWK's scoring reasons: the sentences of ``Reason`` codes (``companion.aotwk.rules.codes``).

The scoring engine (``companion.aotwk.rules.scoring``) hands out each reason as a code with
parameters, ``Reason("count_vp", building="keep", vp=4, held=12, counts=["captured"])``. As a
``str`` a reason is its English sentence, so the ``companion score`` contract (English ``reasons``
and ``tie_break``) is unchanged; ``render_reason(reason, "ko")`` says it with the Korean
rulebook's words, written in the catalogue.
"""

from __future__ import annotations

from companion.aotwk.i18n.counts import ADORNMENTS, APPRENTICES, BUILDINGS, DEBTS, TOOLS, UNPAID_DEBTS, WORKERS, count_of
from companion.aotwk.i18n.glossary import category_label, term
from companion.aotwk.i18n.names import card_name, opponent_name
from companion.aotwk.rules.codes import Reason
from companion.i18n.sentences import AND, LIST, N_, PLUS, Context, ContextPlural, Joined, Lookup, Phrase, say


# What a per_count effect counted, by ``held`` (the words a count of them takes).
COUNTED = {
    "gold": ContextPlural("counted", "gold", "gold"), "marble": ContextPlural("counted", "marble", "marble"),
    "clay": ContextPlural("counted", "clay", "clay"), "wood": ContextPlural("counted", "wood", "wood"),
    "stone": ContextPlural("counted", "stone", "stone"), "silver": ContextPlural("counted", "silver", "silver"),
    "virtue": ContextPlural("counted", "virtue", "virtue"),
    "paid_debts": ContextPlural("counted", "paid debt", "paid debts"),
    "buildings": ContextPlural("counted", "building", "buildings"),
    "captured": ContextPlural("counted", "captured worker", "captured workers"),
    "tools": ContextPlural("counted", "tool", "tools"),
    "adornments": ContextPlural("counted", "adornment", "adornments"),
    "skill_sets": ContextPlural("counted", "set of 3 skills", "sets of 3 skills"),
}
APPRENTICES_WITH = ContextPlural("counted", "apprentice with {skill}", "apprentices with {skill}")
HELD = N_("{held} {things}")
VIRTUE_HELD = N_("virtue {held}")
PART = N_("{n} {what}")
WITH_SKILL = N_("{held} {skill} skills ({apprentices}, Tools included)")
CATHEDRAL_LEVEL = Context("counted", "Cathedral level")
ORDERS = {"after": N_(" (applied after the virtue gains: the best order for the player)"),
          "before": N_(" (applied before the virtue gains: the best order for the player)"),
          "between": N_(" (applied between the virtue gains: the best order for the player)")}
BOT_NO_SILVER = N_(" ({bot} has 0 silver: the bot 'does not collect or use any Silver')")


def _building(id: str) -> Lookup:
    return Lookup(card_name, "building", id)


def _thing(what: str, held: int) -> Phrase:
    if what.startswith("skill:"):
        return Phrase(APPRENTICES_WITH, n=held, skill=Lookup(term, what[6:]))
    return Phrase(COUNTED[what], n=held)


def _counted(held: int, counts: list[str], parts: list | None = None, with_skill: int | None = None) -> Phrase | Joined:
    """'7 captured workers'; '3 gold + 3 marble' (Therese: parts); '4 masonry skills
    (3 apprentices, Tools included)' (Tools add skill icons: with_skill)."""
    if parts:
        return Joined([Phrase(PART, n=n, what=Lookup(term, what)) for n, what in parts], PLUS)
    if with_skill is not None:
        return Phrase(WITH_SKILL, held=held, skill=Lookup(term, counts[0][6:]),
                      apprentices=count_of(APPRENTICES, with_skill))
    if counts == ["virtue"]:
        return Phrase(VIRTUE_HELD, held=held)
    return Phrase(HELD, held=held, things=Joined([_thing(what, held) for what in counts], PLUS))


def _what(of: str, lang: str) -> str:
    """What a majority compares: a resource, or the Cathedral level."""
    return say(CATHEDRAL_LEVEL, lang) if of == "cathedral" else term(of, lang)


def _virtue_change(building, amount, before, after, destroyed=0, lost=False, taken=0, order=None,
                   counted=None, highest=None) -> Phrase:
    if counted:
        detail = Phrase(N_(" for {counted}"), counted=_counted(**counted))
    elif highest:
        detail = Phrase(N_(" for the highest {what} ({n})"), what=Lookup(_what, highest[0]), n=highest[1])
    else:
        detail = ""
    return Phrase(
        N_("{building}: {amount:+d} virtue{detail}, {before} → {after}{destroyed}{lost}{taken}{order}"),
        building=_building(building), amount=amount, detail=detail, before=before, after=after,
        destroyed=Phrase(N_(", destroyed {debts}"), debts=count_of(UNPAID_DEBTS, destroyed)) if destroyed else "",
        lost=Phrase(N_(" (virtue above 14 is lost: no unpaid debt left to destroy)")) if lost else "",
        taken=Phrase(N_(", took {debts}"), debts=count_of(DEBTS, taken)) if taken else "",
        order=Phrase(ORDERS[order]) if order else "")


def _bot_no_silver(bot: str | None):
    return Phrase(BOT_NO_SILVER, bot=Lookup(opponent_name, bot)) if bot else ""


def _names(names: list[str]) -> Joined:
    """Tied names, the bot's in the reader's language (a player may not take the bot's name)."""
    return Joined([Lookup(opponent_name, name) for name in names], AND)


Reason.declare({
    "virtue_change": _virtue_change,
    "majority_none": lambda building, of, mine, bar: Phrase(
        N_("{building}: no bonus, {what} {mine} is not more than every other player's (best other: {bar})"),
        building=_building(building), what=Lookup(_what, of), mine=mine, bar=bar),
    "majority_vp": lambda building, of, vp, mine, bar: Phrase(
        N_("{building}: +{vp} VP for the most {what} ({mine}; best other {bar})"),
        building=_building(building), what=Lookup(_what, of), vp=vp, mine=mine, bar=bar),
    "count_no_virtue": lambda building, **held: Phrase(
        N_("{building}: no virtue for {counted}"), building=_building(building), counted=_counted(**held)),
    "count_vp": lambda building, vp, **held: Phrase(
        N_("{building}: {vp:+d} VP for {counted}"), building=_building(building), vp=vp, counted=_counted(**held)),
    "entered_vp": lambda building, vp: Phrase(
        N_("{building}: printed {vp} VP (entered at this table)"), building=_building(building), vp=vp),
    "printed_vp": lambda buildings, vp: Phrase(
        N_("Printed VP of {buildings}: {vp:+d} VP ({each})"), buildings=count_of(BUILDINGS, len(buildings)), vp=vp,
        each=Joined([Phrase(N_("{building} {vp}"), building=_building(b), vp=n) for b, n in buildings], LIST)),
    "no_debts_none": lambda building, debts: Phrase(
        N_("{building}: no bonus, {debts}"), building=_building(building), debts=count_of(UNPAID_DEBTS, debts)),
    "no_debts_vp": lambda building, vp: Phrase(
        N_("{building}: +{vp} VP, no unpaid debts"), building=_building(building), vp=vp),
    "debt_extra": lambda building, vp, debts, each: Phrase(
        N_("{building}: {vp:+d} VP, {debts} at {each} VP more each"), building=_building(building), vp=vp,
        debts=count_of(UNPAID_DEBTS, debts), each=each),
    "debt_rate": lambda building, each, usual: Phrase(
        N_("{building}: unpaid debts cost {each} VP each instead of {usual}"), building=_building(building),
        each=each, usual=usual),
    "override": lambda category, vp: Phrase(
        N_("{category}: {vp} VP as entered on the paper pad"), category=Lookup(category_label, category), vp=vp),
    "cathedral": N_("Cathedral level {level}: +{vp} VP"),
    "virtue": N_("Virtue {virtue}: {vp:+d} VP"),
    "debts": lambda debts, vp, each: Phrase(
        N_("{debts}: {vp} VP ({each} each)"), debts=count_of(UNPAID_DEBTS, debts), vp=vp, each=each),
    "gold_marble": lambda gold, marble, vp: Phrase(
        N_("{resources}: +{vp} VP (1 each)"), vp=vp, resources=Joined(
            [Phrase(N_("{n} gold"), n=gold) if gold else None, Phrase(N_("{n} marble"), n=marble) if marble else None],
            PLUS)),
    "silver": N_("{silver} silver: +{vp} VP (1 per 10)"),
    "prison": lambda workers, vp: Phrase(
        N_("{workers} in Prison: {vp} VP (1 per pair)"), workers=count_of(WORKERS, workers), vp=vp),
    "adornments": lambda printed, vp: Phrase(
        N_("{adornments}: +{vp} VP (printed {printed})"), adornments=count_of(ADORNMENTS, len(printed)), vp=vp,
        printed=Joined(printed, PLUS)),
    "tools": lambda tools, vp, entered=False: Phrase(
        N_("{tools}: +{vp} VP (entered at this table)") if entered else N_("{tools}: +{vp} VP"),
        tools=count_of(TOOLS, tools), vp=vp),
    "silver_instead": lambda board, debts, silver: Phrase(
        N_("{board}: paid {silver} silver instead of taking {debts} at the end (fewer VP lost)"),
        board=Lookup(card_name, "board", board), debts=count_of(DEBTS, debts), silver=silver),
    "bot_guildhall": lambda workers, vp, each, bot: Phrase(
        N_("{workers} in the Guildhall: +{vp} VP ({each} each for {bot})"), workers=count_of(WORKERS, workers),
        vp=vp, each=each, bot=Lookup(opponent_name, bot)),
    "bot_debts": lambda debts, vp: Phrase(N_("{debts}: {vp} VP"), debts=count_of(UNPAID_DEBTS, debts), vp=vp),
    "tie_virtue": lambda names, total, winner, virtue: Phrase(
        N_("{names} tied on {total} VP; {winner} wins with the highest virtue ({virtue})"),
        names=_names(names), total=total, winner=Lookup(opponent_name, winner), virtue=virtue),
    "tie_silver": lambda names, total, virtue, winner, silver, bot=None: Phrase(
        N_("{names} tied on {total} VP; still tied on virtue ({virtue}), {winner} wins with the most silver "
           "({silver}){bot_no_silver}"),
        names=_names(names), total=total, virtue=virtue, winner=Lookup(opponent_name, winner), silver=silver,
        bot_no_silver=_bot_no_silver(bot)),
    "tie_until_counted": lambda names, total, virtue: Phrase(
        N_("{names} tied on {total} VP and virtue {virtue}: the silver each has left breaks the tie at the end count"),
        names=_names(names), total=total, virtue=virtue),
    "tie_shared": lambda names, total, virtue, silver, bot=None: Phrase(
        N_("{names} tied on {total} VP, virtue {virtue} and {silver} silver: they share the victory{bot_no_silver}"),
        names=_names(names), total=total, virtue=virtue, silver=silver, bot_no_silver=_bot_no_silver(bot)),
})
