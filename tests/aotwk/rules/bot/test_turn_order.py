"""Whose turn it is with the bot (companion.aotwk.rules.bot.turn_order)."""

from __future__ import annotations

from companion.aotwk.rules import bot, table

from bot_helpers import make_game


def test_solo_the_human_first_then_the_bot():
    """Solo Play (rulebook l.868): 'You will always take your turn first, followed by your opponent.'"""
    state = make_game()
    assert bot.next_up(state, []) == 0
    assert bot.next_up(state, [0]) == "bot"


def test_two_players_and_the_bot_seat_order_then_the_bot():
    """2P vs Bot (l.846: 'add a Byzantine opponent to your regular 2 player game'): the humans
    in seat order, then the bot (as the table's turn order has it)."""
    state = make_game(mode="two_vs_bot")
    assert bot.next_up(state, []) == 0
    assert bot.next_up(state, [0]) == 1
    assert bot.next_up(state, [1]) == 0          # seat 0 has not played since the bot
    assert bot.next_up(state, [0, 1]) == "bot"


def test_the_final_round_follows_its_own_order():
    """End of the Game (l.883): 'each player, including the player who placed the last Worker in
    the Guildhall will have 1 last turn before scoring'."""
    state = make_game(mode="two_vs_bot")
    table.turns.start_final_round(state, 0)       # seat 0 placed the last Guildhall worker
    assert state["table"]["final_round"]["still_to_play"] == [1, "bot", 0]
    assert bot.next_up(state, [0]) == 1
    table.turns.final_turn_done(state, 1)
    assert bot.next_up(state, [0, 1]) == "bot"
    table.turns.final_turn_done(state, "bot")
    assert bot.next_up(state, []) == 0
    table.turns.final_turn_done(state, 0)
    assert bot.next_up(state, []) is None        # the game is over


def test_the_bot_triggering_the_final_round_plays_last():
    state = make_game()
    table.turns.start_final_round(state, "bot")
    assert bot.next_up(state, []) == 0
    assert bot.next_up(state, [0]) == "bot"
