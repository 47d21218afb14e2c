"""Why the table tracker refuses a move: the sentences of ``Refusal`` codes
(``MoveError(field, Refusal(code, **params))``, ``companion.aotwk.rules.codes``).

As a ``str`` a ``Refusal`` is the English sentence the tracker has always said (tests and
the bot's English keep reading it); the web layer shows it in the reader's language
(``render_reason(refusal, lang)``, or ``| say`` in a template) next to the field it names: a
field's refusal in Korean leaves out the field's label. Parameters are ids and numbers (card ids,
resource keys, seat names as the players typed them): names are said as the bot's name where
they are one, card ids as the catalogue's printed names.
"""

from __future__ import annotations

from companion.aotwk.i18n.cards import items_in_words
from companion.aotwk.i18n.glossary import term, term_or_words
from companion.aotwk.i18n.names import card_name, opponent_name
from companion.aotwk.rules.codes import Refusal
from companion.i18n.sentences import AND, LIST, N_, OR, SEMICOLONS, Context, Joined, Lookup, Phrase, Plural

OR_THE = Context("list", " or the ")

NAMES = ("name", "owner", "captor", "victim", "bot", "next")   # seat names: the bot's said in the reader's language
CARDS = {"building": "building", "apprentice": "apprentice", "board": "board"}   # parameter -> kind of card

# What a refusal counts (``counter_short``, ``counter_most``).
COUNTERS = {"prisoners": Context("counter", "workers in Prison"), "tools": Context("counter", "tools"),
            "captured": Context("counter", "captured workers")}
# A kind of card that has no such id (``unknown_card``).
UNKNOWN_KINDS = {"building": Context("no such card", "building"), "apprentice": Context("no such card", "apprentice"),
                 "board": Context("no such card", "board"), "opponent": Context("no such card", "opponent")}
CARD_HINT = Context("a card's id and its name", "{id}", also={"card"}, leave_out={"id"})
SPACES = {"small": Context("Black Market space", "small"), "middle": Context("Black Market space", "middle"),
          "large": Context("Black Market space", "large")}
# Where an apprentice is hired: a place by the game's name for it (the glossary's), never its code.
SOURCES = {"workshop": Lookup(term, "workshop"), "black_market": Lookup(term, "black_market"),
           "free": Context("hired at", "free")}
PAYMENTS = {"silver": Context("payment", "silver"), "debt": Context("payment", "debt")}
NONE_HELD = Context("holdings", "none")
OWNERS_WORKERS = N_("{n} of {owner}'s")
NOT_BOOKED = N_("{n} not booked to anyone")


def _word(words: dict, key: str):
    return words.get(key, key)


def _words(words: dict, keys, separator) -> Joined:
    return Joined([_word(words, key) for key in keys], separator)


def _terms(keys, separator=LIST) -> Joined:
    """Game words (resources, skills, places) as the glossary says them."""
    return Joined([Lookup(term_or_words, key) for key in keys], separator)


def _names(names) -> Joined:
    return Joined([Lookup(opponent_name, name) for name in names], LIST)


def _holdings(parts, unknown) -> Phrase | Joined:
    """'2 of Ann's, 1 not booked to anyone', or 'none'."""
    held = [Phrase(OWNERS_WORKERS, n=n, owner=Lookup(opponent_name, owner)) for n, owner in parts]
    if unknown:
        held.append(Phrase(NOT_BOOKED, n=unknown))
    return Joined(held, LIST) if held else Phrase(NONE_HELD)


def refusal(message, **words):
    """A sentence of ``message``: names said as names, card ids as cards, and ``words`` (functions
    of the parameters) for the rest."""
    def sentence(**params):
        said = {key: Lookup(opponent_name, value) if key in NAMES
                else Lookup(card_name, CARDS[key], value) if key in CARDS else value
                for key, value in params.items()}
        said.update({key: make(**params) for key, make in words.items()})
        return Phrase(message, **said)
    return sentence


BETWEEN = N_("{label} must be {low} to {high} (got {got})", leave_out={"label"})
AT_LEAST = N_("{label} must be {low} to any (got {got})", leave_out={"label"})
AT_MOST = N_("{label} must be any to {high} (got {got})", leave_out={"label"})


def _bounds(label, low, high, got) -> Phrase:
    message = BETWEEN if low is not None and high is not None else AT_LEAST if low is not None else AT_MOST
    return Phrase(message, label=label, low=low, high="any" if high is None else high, got=got)


Refusal.declare({
    # reading a move's fields (companion.aotwk.rules.table.moves): in Korean beside the field, without its label
    "unknown_move": refusal(N_("unknown move; one of: {kinds}", leave_out={"kinds"}),
                            kinds=lambda kinds: Joined(kinds, LIST)),
    "required": N_("{label} is required", leave_out={"label"}),
    "whole_number": N_("{label} must be a whole number", leave_out={"label"}),
    "bounds": _bounds,
    "yes_or_no": N_("{label} must be yes or no", leave_out={"label"}),
    "one_of": refusal(N_("{label} must be one of: {choices}", leave_out={"label", "choices"}),
                      choices=lambda choices, **_: Joined(choices, LIST)),
    "named_values": N_("{label} must be named values", leave_out={"label"}),
    "cell_whole_number": N_("{cell}: a whole number is needed", leave_out={"cell"}),
    "text": N_("{label} must be text", leave_out={"label"}),
    "skills": refusal(N_("skills are {skills}"), skills=lambda skills: Joined([Lookup(term, s) for s in skills], LIST)),
    "zero_change": N_("{what} of 0 changes nothing", leave_out={"what"}),
    "no_change": N_("enter at least one change"),
    # who acts
    "bot_cannot": N_("the bot cannot do this"),
    "no_bot": N_("this game has no bot"),
    "no_seat": N_("no player in seat {who!r}", leave_out={"who"}),
    "bot_no_artisan": N_("the bot has no Artisan"),
    "artisan_not_guildhall": N_("Artisans may never be placed into the Guildhall"),
    # cards
    "unknown_card": lambda kind, wrong, hints: Phrase(
        N_("unknown {kind} {wrong!r}; did you mean {hints}?") if hints else N_("unknown {kind} {wrong!r}"),
        kind=_word(UNKNOWN_KINDS, kind), wrong=wrong,
        hints=Joined([Phrase(CARD_HINT, id=h, card=Lookup(card_name, kind, h)) for h in hints], LIST)),
    "artisans_card": lambda kind, card: Phrase(
        N_("{card} comes with Age of Artisans, which this game does not use"), card=Lookup(card_name, kind, card)),
    # counts and resources
    "has_debts": refusal(N_("{name} has {debts} unpaid debts")),
    "counter_short": refusal(N_("{name} has only {held} {label}", leave_out={"label"}, also={"counter"}),
                             counter=lambda counter, **_: COUNTERS.get(counter) or Lookup(term_or_words, counter)),
    "counter_most": refusal(N_("{name} cannot have more than {most} {label}", leave_out={"label"}, also={"counter"}),
                            counter=lambda counter, **_: COUNTERS.get(counter) or Lookup(term_or_words, counter)),
    "resource_short": refusal(N_("{name} has only {held} {item}"), item=lambda item, **_: Lookup(term_or_words, item)),
    "marble_only": refusal(N_("{name} keeps only marble")),
    "no_prisoners": refusal(N_("{name} has no workers in Prison")),
    "short_of": refusal(N_("{name} is short of {short} for {reason}", leave_out={"reason"}),
                        short=lambda short, **_: Lookup(items_in_words, short)),
    "no_adornment_worth": refusal(N_("{name} has no Adornment worth {vp} VP")),
    # turns and the end of the game
    "game_over_placement": N_("the game is over: no more workers can be placed"),
    "final_turn_had": refusal(N_("{name} has already had their final turn")),
    "no_final_round": N_("there is no final round under way"),
    "game_already_over": N_("the game is already over"),
    "game_not_finished": N_("the game is not finished"),
    # the Cathedral
    "free_advance_only": N_("a free advance places no worker: no reward, mix or extra placement"),
    "cathedral_finished": refusal(N_("{name} has finished the Cathedral (level {top})")),
    "cathedral_closed": refusal(N_("{name} has {virtue} virtue: the Cathedral is closed at {at} or less")),
    "level_full": refusal(N_("Cathedral level {level} is full ({taken})"), taken=lambda taken, **_: _names(taken)),
    "reward_pile_empty": refusal(N_("the reward pile is empty: gain {gain} instead"),
                                 gain=lambda gain: Lookup(items_in_words, gain)),
    "which_reward": refusal(N_("say which reward card was revealed: {rewards}"), rewards=lambda rewards: Joined(
        [Lookup(items_in_words, items) for items in rewards], SEMICOLONS)),
    "reward_all_drawn": refusal(N_("every '{reward}' reward card has already been drawn"),
                                reward=lambda reward: Lookup(items_in_words, reward)),
    "level_mix": refusal(N_("level {level} costs {amount} of {items} in all"),
                         items=lambda items, **_: _terms(items, OR)),
    "cathedral_levels": N_("the Cathedral has levels 0 to {top}"),
    # the Guildhall
    "no_extra_placement": refusal(N_("{name} has no extra Guildhall placement (Crane) to use", also={"crane"}),
                                  crane=lambda **_: Lookup(card_name, "building", "crane")),
    # debts
    "bot_never_pays_debts": N_("the bot never pays off debts (it can only destroy them)"),
    "no_unpaid_debt": refusal(N_("{name} has no unpaid debt to pay off")),
    "no_silver_instead": refusal(N_("{name}'s board has no ability to pay silver instead of a debt")),
    "only_unpaid_debts": refusal(N_("{name} has only {debts} unpaid debts")),
    # buildings
    "bot_no_construct": N_("the bot does not construct buildings"),
    "needs_skills": refusal(N_("{name} needs an apprentice with {skills} to construct the {building}"),
                            skills=lambda skills, **_: Joined([Lookup(term, s) for s in skills], AND)),
    "already_built": refusal(N_("the {building} is already built by {owner}")),
    "building_removed": refusal(N_("the {building} is removed from the deck in this game")),
    "enter_building_vp": refusal(N_("the catalogue does not know the {building}'s printed VP: enter it")),
    "not_built": refusal(N_("{name} has not built {id!r}", leave_out={"id"}, also={"building"}),
                         id=lambda building, **_: building),
    "choose_gift": refusal(N_("choose what the {building} gives: {options}"), options=lambda options, **_: Joined(
        [Lookup(items_in_words, option) for option in options], OR)),
    "discard_which": refusal(N_("the {building} makes {name} discard an apprentice: choose which")),
    "enter_adornment_vp_of": refusal(N_("enter the printed VP of the Adornment the {building} gives")),
    # the Black Market
    "black_market_spaces": refusal(N_("the Black Market spaces are {spaces}"),
                                   spaces=lambda spaces: _words(SPACES, spaces, LIST)),
    "black_market_closed": refusal(N_("{name} has {virtue} virtue: the Black Market is closed at {at} or more")),
    "black_market_taken": refusal(N_("the {space} space is taken by {name}"), space=lambda space, **_: _word(SPACES, space)),
    "black_market_hire_space": refusal(N_("only the {space} Black Market space hires"),
                                       space=lambda space: _word(SPACES, space)),
    "black_market_full": N_("every Black Market space is taken"),
    "artisans_middle_space": N_("with Age of Artisans the middle space crafts a Tool (the overlay card covers its "
                                "hire): record it as Craft a Tool"),
    # the Tax Stand
    "tax_stand_empty": N_("the Tax Stand is empty: there is nothing to steal"),
    # apprentices
    "bot_no_hire": N_("the bot does not hire apprentices"),
    "hire_from": refusal(N_("hire from one of: {sources}"), sources=lambda sources: _words(SOURCES, sources, LIST)),
    "apprentice_taken": refusal(N_("{owner} already has this {card} ({apprentice}); each card is in the game once",
                                   leave_out={"apprentice"}),
                                apprentice=lambda apprentice, **_: apprentice,
                                card=lambda apprentice, **_: Lookup(card_name, "apprentice", apprentice)),
    "apprentice_limit": refusal(N_("{name} already has {limit} apprentices, the most allowed: discard one first")),
    "bot_no_apprentices": N_("the bot has no apprentices"),
    "no_apprentice": refusal(N_("{name} has no apprentice {id!r}", leave_out={"id"}, also={"apprentice"}),
                             id=lambda apprentice, **_: apprentice),
    # the bot's workers
    "capture_where": refusal(N_("say where {bot}'s workers were captured: one of {locations}"),
                             locations=lambda locations, **_: _terms(locations)),
    "bot_adornment_vp": refusal(N_("{bot} crafts an Adornment with each Guildhall placement: enter the printed VP of "
                                   "the face-up Adornment with the most VP")),
    "bot_adornment_only": N_("only the bot crafts an Adornment with a Guildhall placement: record yours with Craft"),
    "starting_hire_order": refusal(N_("the starting apprentices are hired in reverse turn order: {next} hires next, "
                                      "not {name}")),
    "capture_never_from": refusal(N_("workers are never captured from the {location}: capture from {locations}"),
                                  location=lambda location, **_: Lookup(term_or_words, location),
                                  locations=lambda locations, **_: _terms(locations)),
    "capture_from": refusal(N_("capture from a location of the Main Board: {locations}"),
                            locations=lambda locations: _terms(locations)),
    "bot_workers_at": refusal(Plural("{bot} has {there} worker at the {location}",
                                     "{bot} has {there} workers at the {location}", count="there"),
                              location=lambda location, **_: Lookup(term_or_words, location)),
    # Age of Artisans: crafting
    "no_crafting": N_("crafting comes with Age of Artisans, which this game does not use"),
    "not_in_this_game": N_("that comes with Age of Artisans, which this game does not use"),
    "nothing_to_stack": refusal(N_("{name} has no worker of their own alone on a Guildhall space to stack on")),
    "no_building_to_adorn": refusal(N_("{name} has no building to attach an Adornment to")),
    "not_built_that": refusal(N_("{name} has not built that; choose one of their buildings")),
    "has_adornment": refusal(N_("the {building} already has an Adornment")),
    "enter_adornment_vp": lambda craft_card=None: Phrase(
        N_("enter the Adornment's printed VP (top right of the card)") if craft_card is None
        else N_("enter the Adornment's printed VP (top right of the card): craft card {craft_card} has no VP in the "
                "card library"), craft_card=craft_card),
    "tool_place": refusal(N_("craft a Tool in the {places}"), places=lambda places: _terms(places, OR_THE)),
    "no_apprentice_for_tool": refusal(N_("{name} has no apprentice to attach a Tool to")),
    "not_hired": refusal(N_("{name} has not hired that apprentice")),
    "has_tool": N_("that apprentice already has a Tool"),
    "adornment_benefit": refusal(N_("only {board} gains the Adornment half's benefit when crafting a Tool")),
    "tool_to_choose": refusal(N_("the discarded apprentice has a Tool: choose who takes it ({apprentices})"),
                              apprentices=lambda apprentices: Joined(
                                  [Lookup(card_name, "apprentice", a) for a in apprentices], OR)),
    "tool_to_cannot": N_("that apprentice cannot take the Tool (not hired, or already has one)"),
    "no_loose_tool": refusal(N_("{name} holds no Tool that is not already under an apprentice")),
    # the Prison and captured workers
    "own_workers": refusal(N_("{name}'s own workers go back to their supply: nothing to record")),
    "no_captured": refusal(N_("{name} holds no captured workers")),
    "bot_rescue": N_("the bot takes its workers back with its scheme cards"),
    "pay_with": refusal(N_("pay with {payments}"), payments=lambda payments: _words(PAYMENTS, payments, OR)),
    "nobody_holds": refusal(N_("nobody holds {name}'s workers (at least 1 captured worker is needed); if the app "
                               "holds them without an owner, say who holds how many")),
    "say_both": N_("say both who holds the workers and how many"),
    "choose_holder": N_("choose the player holding the workers"),
    "holds_all": refusal(N_("{captor} holds {mine} of {owner}'s workers: all of them come back (leave Workers empty)")),
    "holds_only": refusal(N_("{captor} holds only {most} workers that can be {owner}'s ({holdings})"),
                          holdings=lambda parts, unknown, **_: _holdings(parts, unknown)),
    "captured_short": refusal(N_("{name} holds only {captured} captured workers")),
    "own_victim": refusal(N_("{name} cannot hold their own workers")),
    "holds_of": refusal(N_("{name} holds only {held} of {victim}'s workers")),
    "say_whose": refusal(N_("{name} holds {holdings}: say whose workers to take off"),
                         holdings=lambda parts, unknown, **_: _holdings(parts, unknown)),
})
