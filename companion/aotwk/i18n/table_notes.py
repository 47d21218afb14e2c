"""What the table tracker worked out for a move: the sentences of ``Note`` codes
(``companion.aotwk.rules.codes``).

The table's rules (``companion.aotwk.rules.table``) return notes such as "Ada gains 2 wood
(Forest)". A ``Note`` is a ``str`` whose value is that English sentence (tests, the CLI and
exports read it as before); ``.render("ko")`` says it with the Korean rulebook's words and the
catalogue's Korean card names.

Parameters are ids and numbers; a name, a source or a reason is itself a ``Note``
(``Note("seat", name="Ada")``, ``Note("card", kind="apprentice", id="miner")``,
``Note("why", key="black_market")``) and is said in the same language as the note
holding it. A plain string where a note is expected (a player's name) is shown as it is. The
events table keeps notes, nested ones too, as every code is kept (``companion.i18n.reasons.stored``).
"""

from __future__ import annotations

from companion.aotwk.i18n.cards import item_word, items_in_words
from companion.aotwk.i18n.counts import UNPAID_DEBTS, count_of
from companion.aotwk.i18n.glossary import category_label, term
from companion.aotwk.i18n.names import card_name, opponent_name
from companion.aotwk.i18n.refusals import COUNTERS, NONE_HELD, NOT_BOOKED, OWNERS_WORKERS
from companion.aotwk.rules.codes import Note
from companion.i18n.sentences import LIST, N_, OR, Context, Joined, Lookup, Phrase, Plural, say


# Fixed reasons a note gives in brackets (``Note("why", key=...)``). A place is said as the game
# names it, from the glossary ("Workshop", "작업장"), never as its code.
WHY = {
    "black_market": Lookup(term, "black_market"),
    "the_black_market": Context("why", "the Black Market"),
    "black_market_full": Context("why", "the Black Market is full"),
    "prison_at_reset": Context("why", "3+ in Prison at the reset"),
    "silver_on_card": Context("why", "silver on the hired card"),
    "workshop_hire": Context("why", "hiring at the Workshop"),
    "stealing_tax": Context("why", "stealing tax"),
    "tax_stand": Lookup(term, "tax_stand"),
    "debt_paid_off": Context("why", "debt paid off"),
    "paying_off_debt": Context("why", "paying off a debt"),
    "crafting_adornment": Context("why", "crafting an Adornment"),
    "adornment": Context("why", "Adornment"),
    "an_adornment": Context("why", "an Adornment"),
    "a_tool": Context("why", "a Tool"),
    "selling_captured": Context("why", "selling captured workers"),
    "sent_to_prison": Context("why", "captured workers sent to Prison"),
    "town_centre_captures": Context("why", "captures at the Town Centre"),
    "releasing_captured": Context("why", "releasing captured workers"),
    "discarded": Context("why", "discarded"),
    "empty_reward_pile": Context("why", "empty reward pile"),
    "reward_card": Context("why", "reward card"),
    "workshop": Lookup(term, "workshop"),
    "black_market_source": Lookup(term, "black_market"),   # where an apprentice was hired, in notes kept before
    "free": Context("why", "free"),
}
SPACES = {"small": Context("a note's Black Market space", "small"),
          "middle": Context("a note's Black Market space", "middle"),
          "large": Context("a note's Black Market space", "large")}
# A pad cell a note names: its key in English, its word in a translation.
CELL = Context("pad cell", "{cell}", also={"word"}, leave_out={"cell"})
CELL_WORDS = {"final_virtue": Context("pad cell word", "final virtue"),
              "final_silver": Context("pad cell word", "silver left")}
RESOURCES = ("gold", "marble", "clay", "wood", "stone", "silver")
ASIDE_REASON = N_(" ({reason})")
ASIDE_NOW = N_(" (now {now})")
ASIDE_BOTH = N_(" ({reason}; now {now})")


def _aside(reason=None, now=None):
    """' (reason; now 3)': the reason and the count now, those given."""
    if not reason and now is None:
        return ""
    message = ASIDE_NOW if not reason else ASIDE_REASON if now is None else ASIDE_BOTH
    return Phrase(message, reason=reason, now=now)


def _building(id: str) -> Lookup:
    return Lookup(card_name, "building", id)


def _apprentice(id: str) -> Lookup:
    return Lookup(card_name, "apprentice", id)


def _items(items) -> Lookup:
    return Lookup(items_in_words, items)


def _holdings(parts: list, unknown: int):
    held = [Phrase(OWNERS_WORKERS, n=n, owner=who) for who, n in parts]
    if unknown:
        held.append(Phrase(NOT_BOOKED, n=unknown))
    return Joined(held, LIST) if held else Phrase(NONE_HELD)


def _cell_word(cell: str, lang: str) -> str:
    if cell in CELL_WORDS:
        return say(CELL_WORDS[cell], lang)
    return term(cell, lang) if cell in RESOURCES else category_label(cell, lang)


def _cells(cells: list) -> Joined:
    return Joined([Phrase(N_("{cell} computed") if value is None else N_("{cell} {value}"),
                          cell=Phrase(CELL, cell=cell, word=Lookup(_cell_word, cell)), value=value)
                   for cell, value in cells], LIST)


def _virtue(who, before, after, excess=0, destroyed=0, taken=0, minimum=0, shielded=0, reason=None) -> Phrase:
    if excess:
        change = (Phrase(N_(", {excess} excess destroyed {debts}"), excess=excess, debts=count_of(UNPAID_DEBTS, destroyed))
                  if destroyed else Phrase(N_(", {excess} excess (no unpaid debt to destroy)"), excess=excess))
    elif taken:
        change = Phrase(N_(", {taken} below {minimum} took {debts}"), taken=taken, minimum=minimum,
                        debts=count_of(UNPAID_DEBTS, taken))
    else:
        change = ""
    shield = Phrase(N_(" (the Artisan ignores {shielded} of the loss)"), shielded=shielded) if shielded else ""
    return Phrase(N_("{who}: virtue {before} → {after}{change}{shield}{aside}"), who=who, before=before, after=after,
                  change=change, shield=shield, aside=_aside(reason))


Note.declare({
    # names, sources, reasons
    "seat": Context("a seat's name", "{name}"),
    "bot": lambda opponent: Lookup(opponent_name, opponent),
    "card": lambda kind, id: Lookup(card_name, kind, id),
    "board": lambda id: Lookup(card_name, "board", id),
    "why": lambda key: WHY[key],
    "why_hired": lambda apprentice: Phrase(N_("hired the {apprentice}"), apprentice=_apprentice(apprentice)),
    "why_the_building": lambda building: Phrase(N_("the {building}"), building=_building(building)),
    "why_cathedral_level": N_("Cathedral level {level}"),
    "why_most_in_prison": N_("most in Prison ({most})"),
    "why_guildhall_space": N_("Guildhall space {space}"),
    "why_nobody_in_prison": N_("{source}: nobody in Prison"),
    "why_adornment_half": N_("{source}: the Adornment half"),
    "why_silver_instead": lambda source, debts: Phrase(
        N_("{source}: silver instead of {debts}"), source=source, debts=count_of(UNPAID_DEBTS, debts)),
    # gaining and paying (actors.py)
    "draw_cards": Plural("{who}: draw {count} building card ({reason})", "{who}: draw {count} building cards ({reason})",
                         count="count"),
    "gains": lambda who, items, reason: Phrase(N_("{who} gains {items} ({reason})"), who=who, items=_items(items),
                                               reason=reason),
    "take_untracked": lambda who, items, reason: Phrase(
        N_("{who}: take {items} ({reason}; not tracked)"), who=who, items=_items(items), reason=reason),
    "pays_less": lambda who, amount, item, source: Phrase(
        N_("{who} pays {amount} {item} less ({source})"), who=who, amount=amount, item=Lookup(item_word, item),
        source=source),
    "pays": lambda who, items, reason: Phrase(N_("{who} pays {items} ({reason})"), who=who, items=_items(items),
                                              reason=reason),
    # (a game recorded before the note named who paid still reads as it did)
    "tax_paid": lambda tax, total, who=None: (
        Phrase(N_("{who} pays {tax} tax to the Tax Stand (now {total})"), who=who, tax=tax, total=total) if who
        else Phrase(N_("{tax} tax to the Tax Stand (now {total})"), tax=tax, total=total)),
    "ignores_tax": N_("{who} ignores {tax} tax"),
    # the Virtue Track and debts (track.py)
    "artisan_ignores_loss": lambda who, reason=None: Phrase(
        N_("{who}'s Artisan ignores the virtue loss{aside}"), who=who, aside=_aside(reason)),
    "virtue": _virtue,
    "takes_debts": lambda who, count, now, reason=None: Phrase(
        N_("{who} takes {debts}{aside}"), who=who, debts=count_of(UNPAID_DEBTS, count), aside=_aside(reason, now)),
    "silver_instead_hint": N_("{source} may pay {silver} silver instead: record 'Pay silver instead of debts just taken'"),
    "destroys_debts": lambda who, count, now, reason=None: Phrase(
        N_("{who} destroys {debts}{aside}"), who=who, debts=count_of(UNPAID_DEBTS, count), aside=_aside(reason, now)),
    "pays_off_debt": N_("{who} pays off 1 debt ({unpaid} unpaid, {paid} paid)"),
    "pays_silver_instead": lambda who, count, source, unpaid: Phrase(
        N_("{who} pays silver instead of {debts} ({source}; {unpaid} unpaid)"), who=who,
        debts=count_of(UNPAID_DEBTS, count), source=source, unpaid=unpaid),
    # apprentices
    "hires": lambda who, apprentice, source: Phrase(
        N_("{who} hires the {apprentice} ({source})"), who=who, apprentice=_apprentice(apprentice), source=source),
    "starting_next": N_("Starting apprentice next: {who}"),
    "starting_done": N_("Every player has a starting apprentice: reveal new Apprentice cards, then draft the Buildings"),
    "virtue_unknown": lambda kind, id: Phrase(
        N_("The {card}'s virtue is not in the catalogue: adjust virtue if the card shows any"),
        card=Lookup(card_name, kind, id)),
    "discards": lambda who, apprentice, reason: Phrase(
        N_("{who} discards the {apprentice} ({reason})"), who=who, apprentice=_apprentice(apprentice), reason=reason),
    # the Black Market
    "bm_place": lambda who, space: Phrase(N_("{who} places a worker on the {space} Black Market space"), who=who,
                                          space=SPACES.get(space, space)),
    "bm_reset": lambda count, reason=None: Phrase(N_("Black Market Reset #{count}{aside}"), count=count,
                                                  aside=_aside(reason)),
    "bm_to_prison": lambda who, space: Phrase(N_("{who}: worker from the {space} space to the Prison"), who=who,
                                              space=SPACES.get(space, space)),
    "bm_turn_card": N_("Turn the top Small Market card onto the Large Market"),
    # buildings
    "constructs": lambda who, building: Phrase(N_("{who} constructs the {building}"), who=who,
                                               building=_building(building)),
    "skills_unknown": lambda building: Phrase(
        N_("The {building}'s skills are not in the catalogue: check them at the table"), building=_building(building)),
    "timing_reading": lambda building, end_game: Phrase(
        N_("The {building} acts at the end of the game: our reading, the expansion does not say when") if end_game
        else N_("The {building} acts now: our reading, the expansion does not say when"), building=_building(building)),
    "cost_unknown": lambda building: Phrase(
        N_("The {building}'s cost is not in the catalogue: pay it with a resources move"), building=_building(building)),
    "building_removed": lambda who, building: Phrase(
        N_("{who}: {building} removed (correction; its effects are not reversed)"), who=who,
        building=_building(building)),
    "takes_one_of_untracked": lambda who, options, building: Phrase(
        N_("{who} takes {options} ({building}; not tracked)"), who=who,
        options=Joined([_items(option) for option in options], OR), building=_building(building)),
    "may_capture": lambda who, groups, building: Phrase(
        Plural("{who} may capture {groups} group now, as at the Town Centre ({building}): record it with a capture move",
               "{who} may capture {groups} groups now, as at the Town Centre ({building}): record it with a capture "
               "move", count="groups"), who=who, groups=groups, building=_building(building)),
    "may_capture_or_release": lambda who, building: Phrase(
        N_("{who} may capture 1 group, or release all their workers held on other boards ({building}): record it "
           "with a capture or captured move"), who=who, building=_building(building)),
    "discards_no_card": lambda who, building: Phrase(N_("{who} discards no building card ({building})"), who=who,
                                                     building=_building(building)),
    "discards_card": lambda who, building: Phrase(N_("{who} discards 1 building card ({building})"), who=who,
                                                  building=_building(building)),
    "may_hire_free": lambda who, building: Phrase(
        N_("{who} may hire any face-up apprentice for free ({building}): record it with a hire move from source free"),
        who=who, building=_building(building)),
    "takes_adornment": lambda who, vp, building: Phrase(
        N_("{who} takes an Adornment worth {vp} VP ({building})"), who=who, vp=vp, building=_building(building)),
    "takes_tool": lambda who, count, building, now: Phrase(
        N_("{who} takes {count} Tool{aside}"), who=who, count=count, aside=_aside(_building(building), now)),
    # the Cathedral
    "advances": N_("{who} advances to Cathedral level {level}"),
    "discard_from_hand": lambda who, items: Phrase(N_("{who}: discard {items} from hand"), who=who, items=_items(items)),
    "advances_free": N_("{who} advances to Cathedral level {level} (free: no worker placed)"),
    "cathedral_correction": N_("{who}: Cathedral level {before} → {level} (correction)"),
    # Age of Artisans
    "artisan": N_("{who} places their Artisan: it counts as {counts} workers this placement"),
    "stacks": N_("{who}: second worker on Guildhall space {space} of {capacity} for {action}"),
    "crafts_adornment": lambda who, vp, building: Phrase(
        N_("{who} crafts an Adornment worth {vp} VP, tucked under the {building}"), who=who, vp=vp,
        building=_building(building)),
    "craft_card_vp": lambda vp, number, name=None: Phrase(
        N_("{name}: {vp} VP (entered at this table)") if name else N_("craft card {number}: {vp} VP (entered at this table)"),
        vp=vp, number=number, name=name),
    "tools_now": Plural("{who} now has {count} Tool", "{who} now has {count} Tools", count="count"),
    "tool_tucked": lambda who, apprentice, skills=(): Phrase(
        N_("Tool (+{skills}) tucked under {who}'s {apprentice}") if skills else N_("Tool tucked under {who}'s {apprentice}"),
        who=who, apprentice=_apprentice(apprentice), skills=Joined([Lookup(term, s) for s in skills], LIST)),
    "tool_discarded": N_("{who} has no other apprentice without a Tool: the Tool is discarded ({left} left)"),
    "adds_adornment": N_("{who} crafts an Adornment worth {vp} VP"),
    "adornment_removed": N_("{who}: Adornment worth {vp} VP removed"),
    # the Guildhall and the end
    "beside_guildhall": N_("{who}: worker beside the Guildhall for {action} (final round)"),
    "guildhall_space": N_("{who}: Guildhall space {space} of {capacity} for {action}"),
    "apprentice_reset": N_("Apprentice reset (Guildhall space {space}): after this turn, discard both apprentices in the "
                           "left-most Workshop column and refill"),
    "extra_placement": N_("{who} may place one more worker in the Guildhall this turn ({source}): their next build "
                          "or Cathedral advance is that placement"),
    "final_round": lambda who, still: Phrase(N_("{who} filled the Guildhall: final round. Still to play: {still}"),
                                             who=who, still=Joined(still, LIST)),
    "final_turn_done": N_("{who} has had their final turn"),
    "over_paper": N_("The game is over: type each player's totals on the score pad"),
    "over_count": N_("The game is over: each player counts what is left on their board, then the final score"),
    "over_score": N_("The game is over: resolve end-game building effects and score"),
    "reopened": N_("The game was reopened: its final score no longer counts until it is finished again"),
    # counters, resources, the pad
    "counter": lambda who, counter, before, after: Phrase(
        N_("{who}: {counter} {before} → {after}"), who=who, counter=COUNTERS[counter], before=before, after=after),
    "resources": lambda who, changes: Phrase(N_("{who}: {changes}"), who=who, changes=Joined(
        [Phrase(N_("{item} {before} → {after}"), item=Lookup(item_word, item), before=before, after=after)
         for item, before, after in changes], LIST)),
    "cells": lambda who, cells: Phrase(N_("{who}: {changes}"), who=who, changes=_cells(cells)),
    "counted": N_("{who} has counted"),
    "all_counted": N_("Everyone has counted: the final score"),
    # the Prison
    "captures": N_("{who} captures {count} of {victim}'s workers (now holds {held})"),
    "sends_to_prison": N_("{who} sends {count} captured workers to the Prison"),
    "unbooked_sent": N_("{count} of them were never booked to an owner: add them to their owners' workers in Prison "
                        "by hand"),
    "to_prison": N_("{who}: {count} workers to the Prison (now {now})"),
    "releases": lambda who, count, now, reason=None: Phrase(
        N_("{who} releases {count} from Prison{aside}"), who=who, count=count, aside=_aside(reason, now)),
    "takes_back": N_("{who} takes back {count} workers from {captor} (who now holds {held})"),
    "captured_correction": lambda who, before, after, holdings=None, unknown=0: Phrase(
        N_("{who}: captured workers held {before} → {after}{aside}"), who=who, before=before, after=after,
        aside=_aside(_holdings(holdings, unknown)) if holdings is not None else ""),
    # the Tax Stand
    "pays_tax": N_("{who} pays {amount} silver tax"),
    "tax_stand": N_("Tax Stand: {silver} silver"),
    "steals": N_("{who} steals {silver} silver from the Tax Stand"),
})
