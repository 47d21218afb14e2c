"""The solo bot's words: the sentences of ``BotWords`` codes (its steps for the physical board, its
questions, why it cannot play, a scheme card's summary, a deck's problems, the vocabulary's labels).

``companion.aotwk.rules.bot`` and ``companion.aotwk.rules.opponent`` hand each sentence out as
``BotWords(code, **params)``; as a ``str`` it is the English sentence (the tests and the stored
events read it), and ``.render(lang)`` says it from the catalogue: the Korean is the rulebook's solo
words (seed 001, 1인 게임 규칙: AI, AI 게임판, 책략 카드 더미, 공개합니다), written in
translations/ko/LC_MESSAGES/messages.po with the particles the bot's name takes (``{bot:은/는}``).

Parameters are ids and numbers: a location id, the bot's name as the game stores it (said as the
catalogue's name of the opponent, ``names.opponent_name``), a player's name as typed, a practice
card's title (its words are data, ``practice_titles.yaml``); a table note or refusal passed on
(``note``, ``reason``) is said in the same language when it is a code too.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import Any

import yaml

from companion.aotwk.i18n.glossary import term
from companion.aotwk.i18n.names import opponent_name
from companion.aotwk.i18n.places import PLACES
from companion.aotwk.rules.codes import BotWords
from companion.i18n.problem_words import kind_word
from companion.i18n.sentences import LIST, OR, Context, Joined, Lookup, N_, Phrase, Plural


@cache
def _practice_titles() -> dict[str, dict[str, str]]:
    return yaml.safe_load(resources.files(__package__).joinpath("practice_titles.yaml").read_text(encoding="utf-8"))


def practice_title(title: str | None, lang: str) -> str | None:
    """A scheme card's title in ``lang``: the practice deck's from its data (the titles are ours);
    a title a player typed stays as typed."""
    if not title:
        return title
    return _practice_titles().get(title, {}).get(lang) or title


# -- places and options ----------------------------------------------------------------------

ANYWHERE = Context("place", "any location (not the Guildhall, Black Market or Prison)")

# A verb's option as a card's summary and the pick lists say it.
OPTIONS = {
    "leftmost_free": Context("scheme option", "left-most free"),
    "small": Context("scheme option", "small"),
    "middle": Context("scheme option", "middle"),
    "large": Context("scheme option", "large"),
    "here": Context("scheme option", "the card's location"),
    "any": Context("scheme option", "any location"),
    "largest": Context("scheme option", "largest"),
    "smallest": Context("scheme option", "smallest"),
    "nothing": Context("scheme option", "nothing"),
    "gain_virtue": Context("scheme option", "gain 1 Virtue"),
    "gain_marble": Context("scheme option", "gain 1 Marble"),
    "cathedral": Context("scheme option", "Cathedral advance"),
    "building": Context("scheme option", "construction"),
    "top": Context("scheme option", "the top row"),
    "bottom": Context("scheme option", "the bottom row"),
    "both": Context("scheme option", "each row"),
    "left": Context("scheme option", "left"),
    "right": Context("scheme option", "right"),
    "debt_and_virtue": Context("scheme option", "1 Debt and 1 Virtue"),
}
GROUPS = {"starting": Context("scheme card group", "starting"), "future": Context("scheme card group", "future")}


def location_name(location: str) -> Any:
    """A board location as the instructions print it: "the Quarry"; an unknown id as it is."""
    return PLACES.get(location, location)


def _where(location: str) -> Any:
    return ANYWHERE if location == "any" else location_name(location)


def _option(value: Any) -> Any:
    return OPTIONS.get(value, value) if isinstance(value, str) else value


def _bot(name: str) -> Lookup:
    return Lookup(opponent_name, name)


# Parameters said through their words: the bot's name, a location.
_SAID = {"bot": _bot, "location": _where, "where": _where}


def _step(message):
    """A sentence whose ``bot``, ``location`` and ``where`` are ids, said through their words."""
    return lambda **params: Phrase(message, **{key: _SAID.get(key, lambda value: value)(value)
                                               for key, value in params.items()})


# -- the verbs' labels and their options' help (the deck editor's pick lists) -----------------

VERB_LABELS = {
    "place_worker": Context("scheme verb", "Place the worker at the card's location"),
    "guildhall": Context("scheme verb", "Place the worker in the Guildhall (counts toward the end)"),
    "black_market": Context("scheme verb", "Place the worker on a Black Market space"),
    "capture": Context("scheme verb", "Capture a group of a human's workers"),
    "sell_captured": Context("scheme verb", "Send captured workers to Prison for 1 Marble in all"),
    "return_captured": Context("scheme verb", "Give captured workers back to their owners"),
    "release_prisoners": Context("scheme verb", "Release the bot's workers from Prison"),
    "recover_held": Context("scheme verb", "Take back the bot's workers held on the humans' boards"),
    "gain_marble": Context("scheme verb", "Gain Marble"),
    "gain_virtue": Context("scheme verb", "Gain Virtue"),
    "lose_virtue": Context("scheme verb", "Lose Virtue"),
    "take_debt": Context("scheme verb", "Take unpaid Debts"),
    "destroy_debt": Context("scheme verb", "Destroy unpaid Debts"),
    "advance_cathedral": Context("scheme verb", "Advance on the Cathedral for free"),
    "take_tax_stand": Context("scheme verb", "Steal the Tax Stand's silver (to the supply) and lose 2 Virtue"),
    "discard_apprentices": Context("scheme verb", "Discard faceup Apprentices from the board"),
    "shuffle_future": Context("scheme verb", "Shuffle Future cards into the draw pile"),
    "note": Context("scheme verb", "Anything else the card says (shown, not applied)"),
}
_IF_FULL = Context("scheme option help", "if the Cathedral has no free space for the bot")
HELP = {
    ("guildhall", "build"): Context("scheme option help", "what the placement is for"),
    ("guildhall", "if_full"): _IF_FULL,
    ("black_market", "space"): Context("scheme option help",
                                       "which space; a taken space falls back to the left-most free one"),
    ("capture", "from"): Context("scheme option help", "where: a location, 'here' (the card's location) or 'any'"),
    ("capture", "group"): Context("scheme option help", "which group of a single colour"),
    ("gain_marble", "amount"): Context("scheme option help", "how many Marble"),
    ("gain_virtue", "amount"): Context("scheme option help", "how many Virtue"),
    ("lose_virtue", "amount"): Context("scheme option help", "how many Virtue"),
    ("take_debt", "amount"): Context("scheme option help", "how many Debts"),
    ("destroy_debt", "amount"): Context("scheme option help", "how many Debts"),
    ("advance_cathedral", "if_full"): _IF_FULL,
    ("discard_apprentices", "count"): Context("scheme option help", "how many"),
    ("discard_apprentices", "row"): Context("scheme option help", "which row"),
    ("discard_apprentices", "end"): Context("scheme option help", "from which end of the row"),
    ("shuffle_future", "count"): Context("scheme option help", "how many Future cards"),
    ("note", "text"): Context("scheme option help", "the card's words"),
    ("recover_held", "pay"): Context("scheme option help",
                                     "what it pays when any came back (Guardhouse: 1 Debt and 1 Virtue)"),
}


def _verb(verb: str) -> Any:
    return VERB_LABELS.get(verb, verb)


def _choice(verb: str, param: str, value: Any) -> Any:
    """An option in a pick list: a location by its game term ("Quarry"), any other by its words."""
    if param == "from" and value in PLACES:
        return Lookup(term, value)
    return _option(value)


# -- a card in plain words (the deck editor and a drawn card's summary) ----------------------

def _guildhall(build: str, if_full: str) -> Phrase:
    if build == "cathedral":
        return Phrase(N_("Place a worker in the Guildhall for a {build} (no free Cathedral space: {if_full})"),
                      build=_option(build), if_full=_option(if_full))
    return Phrase(N_("Place a worker in the Guildhall for a {build}"), build=_option(build))


def _capture_summary(group: str, where: str) -> Phrase:
    return Phrase(N_("Capture the {group} group of a human's workers at {where}"), group=_option(group),
                  where=OPTIONS[where] if where in ("here", "any") else location_name(where))


def _recover_summary(pay: str = "nothing") -> Phrase:
    if pay == "nothing":
        return Phrase(N_("Take back its workers from the humans' boards"))
    return Phrase(N_("Take back its workers from the humans' boards (paying {pay} when any come back)"),
                  pay=_option(pay))


SUMMARIES = {
    "place_worker": lambda location: Phrase(N_("Place a worker at {location}"), location=location_name(location)),
    "guildhall": _guildhall,
    "black_market": lambda space: Phrase(N_("Place a worker on the {space} Black Market space"), space=_option(space)),
    "capture": _capture_summary,
    "sell_captured": lambda: Phrase(N_("Send the captured workers to Prison for 1 Marble in all")),
    "return_captured": lambda: Phrase(N_("Give the captured workers back to their owners")),
    "recover_held": _recover_summary,
    "release_prisoners": lambda: Phrase(N_("Release its workers from Prison")),
    "gain_marble": lambda amount: Phrase(N_("Gain {amount} Marble"), amount=amount),
    "gain_virtue": lambda amount: Phrase(N_("Gain {amount} Virtue"), amount=amount),
    "lose_virtue": lambda amount: Phrase(N_("Lose {amount} Virtue"), amount=amount),
    "take_debt": lambda amount: Phrase(
        Plural("Take {amount} unpaid Debt", "Take {amount} unpaid Debts", count="amount"), amount=amount),
    "destroy_debt": lambda amount: Phrase(
        Plural("Destroy {amount} unpaid Debt", "Destroy {amount} unpaid Debts", count="amount"), amount=amount),
    "advance_cathedral": lambda if_full: Phrase(
        N_("Advance on the Cathedral for free (no free space: {if_full})"), if_full=_option(if_full)),
    "take_tax_stand": lambda: Phrase(N_("Steal the Tax Stand's silver and lose 2 Virtue")),
    "discard_apprentices": lambda count, end, row: Phrase(
        Plural("Discard {count} Apprentice from the {end} end of {row}",
               "Discard {count} Apprentices from the {end} end of {row}", count="count"),
        count=count, end=_option(end), row=_option(row)),
    "shuffle_future": lambda count: Phrase(
        Plural("Shuffle {count} Future card into the draw pile", "Shuffle {count} Future cards into the draw pile",
               count="count"), count=count),
    "note": lambda text: Phrase(N_("“{text}”"), text=text),
}


# -- the turn's steps and questions ----------------------------------------------------------

def _plays_card(bot: str, location: str, title: str | None = None) -> Phrase:
    if title:
        return Phrase(N_("{bot} plays the Scheme card “{title}” ({location})."), bot=_bot(bot),
                      title=Lookup(practice_title, title), location=_where(location))
    return Phrase(N_("{bot} plays the Scheme card ({location})."), bot=_bot(bot), location=_where(location))


def _captures(bot: str, group: str, where: str, solo: bool) -> Phrase:
    message = (N_("{bot} captures the {group} group of your workers at {where}, never {bot}'s own: "
                  "put them on {bot}'s board.") if solo else
               N_("{bot} captures the {group} group of a human player's workers at {where}, never {bot}'s own: "
                  "put them on {bot}'s board."))
    return Phrase(message, bot=_bot(bot), group=_option(group), where=_where(where))


def _capture_tie(group: str, order: list, solo: bool) -> Phrase:
    message = (N_("Our reading, as the rulebook gives no order: of groups tied for the {group}, take the one at the "
                  "location first in this order: {order}.") if solo
               else N_("Our reading, as the rulebook gives no order: of groups tied for the {group}, take the one at "
                       "the location first in this order: {order}; at one location, the group of the player with the "
                       "most Virtue."))
    return Phrase(message, group=_option(group), order=Joined([location_name(place) for place in order], LIST))


# Made on import, as a message whose translation may leave out or add a parameter must be (the
# translation test reads its ``leave_out`` and ``also``): Korean says the bot's board "AI 게임판".
YOUR_WORKERS_TO_PRISON = N_("Move {count} of your workers from {bot}'s board to the Prison.", leave_out={"bot"})
THEIR_WORKERS_TO_PRISON = N_("Move {count} of {player}'s workers from {bot}'s board to the Prison.",
                             leave_out={"bot"})


def _to_prison(bot: str, count: int, player: str | None = None) -> Phrase:
    if player is None:
        return Phrase(YOUR_WORKERS_TO_PRISON, bot=_bot(bot), count=count)
    return Phrase(THEIR_WORKERS_TO_PRISON, bot=_bot(bot), count=count, player=player)


def _ask_capture(bot: str, where: str, solo: bool) -> Phrase:
    message = (N_("How many workers did {bot} capture at {where}?") if solo
               else N_("How many workers did {bot} capture at {where}, and whose?"))
    return Phrase(message, bot=_bot(bot), where=_where(where))


def _discard_apprentices(count: int, end: str, row: str) -> Phrase:
    return Phrase(Plural("Discard the {count} {end}-most faceup Apprentice of {row} (facedown under the Apprentice "
                         "pile), shift the rest left and refill from the pile.",
                         "Discard the {count} {end}-most faceup Apprentices of {row} (facedown under the Apprentice "
                         "pile), shift the rest left and refill from the pile.", count="count"),
                  count=count, end=_option(end), row=_option(row))


STEPS = {
    # a card's summary line: the verb and its options (see SUMMARIES)
    "summary": lambda do, **values: SUMMARIES[do](**values),
    # a table note or refusal shown among the steps
    "aside": N_("({note})"),
    # the card
    "reveal_top": _step(N_("Reveal the top card of {bot}'s Scheme draw pile.")),
    "plays_drawn": _step(N_("{bot} plays the Scheme card you drew.")),
    "plays_card": _plays_card,
    "draw_pile_empty": N_("The scheme draw pile is empty: shuffle the discards to form a new draw pile."),
    # placements
    "place_worker": _step(N_("Place one of {bot}'s workers at {location}.")),
    "guildhall_place": _step(N_("Place one of {bot}'s workers in the Guildhall, on its side, on the next free space "
                                "(left to right, top to bottom).")),
    "guildhall_beside": _step(N_("Place one of {bot}'s workers on its side beside the Guildhall (our reading: "
                                 "every space is taken in the final round).")),
    "constructs": _step(N_("{bot} constructs (no Building card, no cost).")),
    "cannot_advance": _step(N_("{reason}: {bot} cannot advance on the Cathedral.")),
    "cannot_advance_after_all": _step(N_("{reason}: {bot} cannot advance on the Cathedral after all.")),
    "marker_up": _step(N_("Move {bot}'s marker up to level {level} of the Cathedral (no cost, no Building card to "
                          "discard).")),
    "marker_up_free": _step(N_("Move {bot}'s marker up to level {level} of the Cathedral (no worker, no Reward "
                               "card).")),
    "reward_empty": _step(N_("The Reward pile is empty: {bot} gains 1 Virtue instead.")),
    "reveal_reward": _step(N_("Reveal the top Reward card for {bot}, who gains only its Virtue.")),
    "craft_adornment": _step(N_("{bot} crafts the faceup Adornment with the most printed VP (ties: shuffle them and "
                                "give one at random), ignoring its effects; refill the display.")),
    "does_not_advance": _step(N_("{bot} does not advance.")),
    # what a Guildhall placement is for (a table note says it)
    "for_construction": N_("a construction"),
    "for_full_cathedral": N_("the Cathedral (no free space)"),
    "black_market_place": lambda bot, space: Phrase(
        N_("Place one of {bot}'s workers on the {space} Black Market space (no silver is paid)."), bot=_bot(bot),
        space=_option(space)),
    # captures and prisoners
    "captures": _captures,
    "capture_tie": _capture_tie,
    "no_captured": _step(N_("{bot} has no captured workers to sell.")),
    "to_prison": _to_prison,
    "sold": _step(N_("{bot} gains 1 Marble for selling them.")),
    "give_back": Plural("Give {count} captured worker back to {player}.",
                        "Give {count} captured workers back to {player}.", count="count"),
    "prisoners_home": _step(Plural("Return {count} {bot} worker from the Prison to {bot}'s board.",
                                   "Return {count} {bot} workers from the Prison to {bot}'s board.", count="count")),
    "no_prisoners": _step(N_("{bot} has no workers in Prison.")),
    "held_home": _step(Plural("{player} gives {count} {bot} worker back to {bot}'s board.",
                              "{player} gives {count} {bot} workers back to {bot}'s board.", count="count")),
    "none_held": _step(N_("No {bot} workers are on anyone's board.")),
    # gains and losses
    "gains_marble": _step(N_("{bot} gains {amount} Marble (now {now}).")),
    "gains_virtue": _step(N_("{bot} gains {amount} Virtue.")),
    "loses_virtue": _step(N_("{bot} loses {amount} Virtue.")),
    "take_debts": _step(Plural("Give {bot} {amount} unpaid Debt card.", "Give {bot} {amount} unpaid Debt cards.",
                               count="amount")),
    "debts_gone": _step(N_("Return {count} of {bot}'s unpaid Debts to the pile.")),
    "no_debt": _step(N_("{bot} has no unpaid Debt to destroy.")),
    "no_tax": N_("There is no silver above the Tax Stand: nothing to steal, no Virtue lost."),
    "no_tax_no_worker": _step(N_("There is no silver above the Tax Stand, so no worker may go there: {bot} keeps this "
                                 "worker on its board.")),
    "steal_tax": _step(N_("Take the {silver} silver above the Tax Stand and return it to the supply; {bot} loses 2 "
                          "Virtue.")),
    "discard_apprentices": _discard_apprentices,
    "future_in": _step(Plural("Shuffle {count} Future Scheme card into {bot}'s draw pile.",
                              "Shuffle {count} Future Scheme cards into {bot}'s draw pile.", count="count")),
    "no_future": N_("There are no Future Scheme cards left to add."),
    "future_physical": Plural("Shuffle {count} Future Scheme card (black header) into the draw pile.",
                              "Shuffle {count} Future Scheme cards (black header) into the draw pile.", count="count"),
    "card_says": N_("The card says: {text} (the app does not apply this)"),
    # a turn with no workers on its board
    "recall_start": _step(N_("{bot} has no workers on {bot}'s board: do not draw a Scheme card.")),
    "recall_given": _step(Plural("{player} gives back {count} captured {bot} worker.",
                                 "{player} gives back {count} captured {bot} workers.", count="count")),
    "recall_all": _step(Plural("Return the {count} {bot} worker on the board locations, in the Prison and on the "
                               "players' boards to {bot}'s board (not those in the Guildhall or the Black Market).",
                               "Return all {count} {bot} workers from the board locations, the Prison and the "
                               "players' boards to {bot}'s board (not those in the Guildhall or the Black Market).",
                               count="count")),
    "recall_shuffle": N_("Shuffle all discarded Scheme cards back into the draw pile."),
    # questions
    "ask_reward": _step(N_("Which Reward card did {bot} reveal?")),
    "ask_adornment": _step(N_("How many VP are printed on the Adornment {bot} crafted?")),
    "ask_capture": _ask_capture,
    # answers refused
    "answer_required": N_("is required: {prompt}"),
    "whole_number": N_("must be a whole number from {low} to {high} (got {got})"),
    "one_of": N_("must be one of {choices} (got {got})"),
    "capture_shape": N_('must be {{"seat": <seat>, "count": <workers>}}'),
    "seat_one_of": N_("seat must be one of {seats} (got {got})"),
    "move_kind": N_("must be {kind!r}"),
    "answers_object": N_("must be an object: question id → answer"),
    "card_object": N_("must be a card object or null"),
    # why the bot cannot play
    "no_worker_to_place": _step(N_("{bot} has no worker on {bot}'s board to place")),
    "black_market_full": N_("every Black Market space is taken"),
    "no_bot": N_("this game has no bot"),
    "no_deck": N_("the bot has no scheme deck yet: set it up with bot.setup_bot(state, ...)"),
    "game_over": N_("the game is over"),
    "final_turn_done": N_("the bot has already had its final turn"),
    "enter_card": N_("physical-deck mode: enter the Scheme card you drew"),
    "deals_own": N_("this game deals from its own scheme deck; a card cannot be entered"),
    "no_cards": N_("no scheme cards left to draw"),
}


# -- a deck's problems (English as the deck validator has always said them) --------------------

# Made on import (see YOUR_WORKERS_TO_PRISON): English names a verb by its id, as the deck file has
# it; Korean by its label; the parser's own detail (``why``) is English the app cannot translate.
UNKNOWN_PARAM_CLOSE = N_("unknown parameter for {verb}{close}", leave_out={"verb"}, also={"label"})
UNKNOWN_PARAM_TAKES = N_("unknown parameter for {verb}; {verb} takes {takes}", leave_out={"verb"}, also={"label"})
UNKNOWN_PARAM_NONE = N_("unknown parameter for {verb}; {verb} takes none", leave_out={"verb"}, also={"label"})
NOT_JSON_FILE = N_("not valid JSON: {why} at (file)", leave_out={"why"})
NOT_JSON_AT = N_("not valid JSON: {why} at line {line} column {column}", leave_out={"why"})
PARAM_REQUIRED = N_("is required for {verb} ({help})", leave_out={"verb"})
CANNOT_PLACE = N_("“{label}” cannot place a worker at {place}; use “{fits_label}”")
PER_CARD_MAX = N_("at most {most} {verb} actions per card", leave_out={"verb"}, also={"label"})


# A deck file's problems are read by players, not programmers: a value the file held is said in
# plain words (“yes”, a list, nothing), never as Python writes it ('yes', [...], None).
QUOTED = re.compile(r"""^(['"])(.*)\1$""", re.S)
# a Python type's name (a deck's wrong value) as the kind of JSON value it was
KIND_OF_TYPE = {"list": "list", "dict": "object", "str": "text", "int": "number", "float": "number", "bool": "bool",
                "NoneType": "null"}


def _plain(got: Any) -> Any:
    """A value as a deck's problem quotes it: text in curly quotes, a list or an object by its
    kind, ``None`` as nothing; a number as it is."""
    text = str(got)
    quoted = QUOTED.match(text)
    if quoted:
        return f"“{quoted.group(2)}”"
    if text.startswith("["):
        return kind_word("list")
    if text.startswith("{"):
        return kind_word("object")
    if text == "None":
        return kind_word("null")
    if text in ("True", "False"):
        return text.lower()   # as the file writes it
    return kind_word(KIND_OF_TYPE[text]) if text in KIND_OF_TYPE else text


def _quoted(names: Any) -> Any:
    """Names the file may use, each in curly quotes: “starting” or “future”."""
    return Joined([f"“{name}”" for name in names], OR) if isinstance(names, (list, tuple)) else _plain(names)


def _close(close: str | None) -> Any:
    return Phrase(N_("; did you mean “{close}”?"), close=close) if close else ""


def _got(got: str) -> Phrase:
    """What was there instead, quoted; a field that is missing (``repr(None)``) is said to be missing."""
    return Phrase(N_(" (it is missing)")) if got == "None" else Phrase(N_(" (got {got})"), got=_plain(got))


def _unknown_param(verb: str, close: str | None, takes: list) -> Phrase:
    message = UNKNOWN_PARAM_CLOSE if close else UNKNOWN_PARAM_TAKES if takes else UNKNOWN_PARAM_NONE
    return Phrase(message, verb=verb, label=_verb(verb), close=_close(close),
                  takes=Joined([f"“{name}”" for name in takes], LIST))


def _not_json(why: str, line: int | None, column: int | None) -> Phrase:
    why = re.sub(r"'([^']*)'", r"“\1”", why)   # the parser's own words quote a character: 'Expecting ',' delimiter'
    if line is None:
        return Phrase(NOT_JSON_FILE, why=why)
    return Phrase(NOT_JSON_AT, why=why, line=line, column=column)


DECK_PROBLEMS = {
    "deck_whole_number": lambda got: Phrase(N_("must be a whole number (got {got})"), got=_plain(got)),
    "deck_between": N_("must be between {low} and {high} (got {got})"),
    "deck_text_needed": N_("must be non-empty text"),
    "deck_at_most": N_("must be at most {length} characters"),
    "deck_one_of": lambda choices, got, close: Phrase(N_("must be one of {choices}{got}{close}"),
                                                      choices=_quoted(choices), got=_got(got), close=_close(close)),
    "deck_action_object": lambda got: Phrase(
        N_('must be an object like {{"do": "gain_marble", "amount": 1}} (got {got})'), got=_plain(got)),
    "deck_verb_required": N_("is required (the action's verb)"),
    "deck_unknown_action": lambda got, close: Phrase(N_("unknown action {got}{close}"), got=_plain(got),
                                                     close=_close(close)),
    "deck_unknown_param": _unknown_param,
    "deck_param_required": lambda verb, param: Phrase(
        PARAM_REQUIRED, verb=verb, help=HELP.get((verb, param), param)),
    "deck_card_object": lambda got: Phrase(N_("must be an object (got {got})"), got=_plain(got)),
    "deck_unknown_card_field": N_("unknown field; a card has id, group, location, actions and an optional title"),
    "deck_title": N_("must be text of at most {length} characters"),
    "deck_location_required": N_("is required (where the bot places its worker)"),
    "deck_unknown_location": lambda got, close: Phrase(N_("unknown location {got}{close}"), got=_plain(got),
                                                       close=_close(close)) if got != "None" else
    Phrase(N_("is required (where the bot places its worker)")),
    "deck_actions_list": N_("must be a non-empty list of actions"),
    "deck_placement_needed": N_("needs a placement action first (place_worker, guildhall or black_market)"),
    "deck_one_placement": N_("a card places exactly 1 worker; only one placement action is allowed"),
    "deck_placement_first": N_("the placement action must come first"),
    "deck_cannot_place": lambda verb, location, fits: Phrase(
        CANNOT_PLACE, label=_verb(verb), place=_where(location), fits_label=_verb(fits)),
    "deck_here_uncapturable": lambda location: Phrase(
        N_("“here” is {location}, where nobody can capture; name a location or “any”"), location=_where(location)),
    "deck_per_card_max": lambda verb, most: Phrase(
        PER_CARD_MAX, verb=verb, most=most,
        label=_verb(verb)),
    "deck_object": lambda got: Phrase(N_("must be a JSON object (got {got})"), got=_plain(got)),
    "deck_format": lambda format, got: Phrase(N_("must be “{format}”{got}"), format=format, got=_got(got)),
    "deck_unknown_field": N_("unknown field; a deck has format, name, practice, cards and optional notes"),
    "deck_name": lambda length, got: Phrase(N_("must be text of 1 to {length} characters{got}"), length=length,
                                            got=_got(got)),
    "deck_notes_text": N_("must be text"),
    "deck_true_false": lambda got: Phrase(N_("must be true or false{got}"), got=_got(got)),
    "deck_cards_list": N_("must be a list of 30 cards (20 starting + 10 future)"),
    "deck_card_id": lambda length, got: Phrase(N_("must be text of 1 to {length} characters{got}"), length=length,
                                               got=_got(got)),
    "deck_duplicate_id": lambda got, also: Phrase(N_("duplicate card id {got} (also card {number})"),
                                                  got=_plain(got), number=also + 1),
    # a page names the card by its place, not by the file's id (companion.i18n.field_words.PAGE)
    "deck_duplicate_id:page": lambda got, also: Phrase(N_("the same card id as card {number}"), number=also + 1),
    "deck_group_count": lambda want, group, got: Phrase(
        N_("needs {want} {group} cards (got {got})"), want=want, group=GROUPS.get(group, group), got=got),
    "deck_not_json": _not_json,
    "deck_too_big": N_("is {size:,} bytes; a deck file is at most {most:,} bytes (30 cards take about 8,000)"),
    "deck_not_utf8": N_("is not UTF-8 text (byte {byte} cannot be read); export the deck from this app or save it "
                        "as UTF-8"),
    "deck_over_server_limit": N_("is larger than the server takes ({limit:,} bytes); a deck file is at most {most:,} "
                                 "bytes"),
    "unknown_opponent": N_("must be one of {choices} (got {got})"),
    # the vocabulary's words: a location, a verb's label, an option's help and words (the pick lists)
    "location": lambda location: location_name(location),
    "verb_label": lambda verb: _verb(verb),
    "param_help": lambda verb, param: HELP.get((verb, param), param),
    "choice": _choice,
}

BotWords.declare(STEPS)
BotWords.declare(DECK_PROBLEMS)
