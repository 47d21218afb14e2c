"""The solo bot (Constantine = standard, Helena = hard): the pure rules core.

No Flask, no database. State is the game document (a JSON-compatible dict);
``state["bot"]`` holds the bot. See docs/design.md, "The solo bot". Built on the
table tracker and on ``companion.aotwk.rules.opponent`` (the bot's workers, deck and
setup, which the table uses too); this package re-exports those names.

    from companion.aotwk.rules import bot
    state = table.new_game({..., "deck": None, "seed": 1234}) # sets the bot up (bot.setup_bot; practice deck)
    plan = bot.plan_turn(state)                               # card, questions, instructions; no change
    state, instructions = bot.play_turn(state, answers={...}) # the bot's turn, applied

Decks: ``bot.load_deck(text)`` / ``bot.validate_deck(data)`` / ``bot.export_deck(deck)`` /
``bot.practice_deck()``; the vocabulary is ``bot.VERBS`` / ``bot.LOCATIONS`` /
``bot.describe_vocabulary()``.
"""

from companion.aotwk.rules.opponent.deck import (FORMAT, PRACTICE_NAME, blank_card, export_deck, load_deck,
                                           normalise_card, parse_json, pile_ran_out, practice_deck,
                                           still_in_pile, validate_card, validate_deck)
from companion.aotwk.rules.opponent.setup import BotError, new_bot, remember_printed, setup_bot
from companion.aotwk.rules.opponent.vocabulary import LOCATIONS, VERBS, card_summary
from companion.aotwk.rules.opponent.vocabulary import describe as describe_vocabulary
from companion.aotwk.rules.opponent.workers import (black_market_to_prison, human_captures, human_imprisons,
                                              human_releases_own, reconcile, released_from_prison)

from .engine import MOVE_KIND, apply, bot_name, needs_card, plan_turn, play_turn
from .turn_order import next_up

__all__ = [
    "FORMAT", "MOVE_KIND", "PRACTICE_NAME", "LOCATIONS", "VERBS", "BotError", "apply", "blank_card",
    "card_summary",
    "bot_name", "describe_vocabulary", "needs_card", "export_deck", "load_deck", "new_bot", "normalise_card",
    "parse_json", "pile_ran_out", "plan_turn", "play_turn", "practice_deck", "remember_printed", "setup_bot",
    "still_in_pile", "validate_card", "validate_deck",
    "black_market_to_prison", "human_captures", "human_imprisons", "human_releases_own", "released_from_prison",
    "reconcile", "next_up",
]
