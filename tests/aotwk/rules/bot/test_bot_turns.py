"""The bot's turn, rule by rule (Solo Play appendix and the rules it points to)."""

from __future__ import annotations

import copy
import json
import random

import pytest

from companion.aotwk.rules import bot, opponent, table
from companion.problems import InvalidInput
from companion.aotwk.rules.scoring import score_document

from bot_helpers import answer_all, card, deck_of, make_game, stack

P = {"do": "place_worker"}


def play(state, answers=None, **kw):
    return bot.play_turn(state, answers or {}, **kw)


def workers(state) -> dict:
    return state["bot"]["workers"]


# -- setup -----------------------------------------------------------------------------

def test_setup_matches_the_solo_setup():
    """Solo Play, Setup (rulebook l.853-862): 3 Silver and 7 Virtue for you (l.855), the
    opponent's 20 Workers on its Board (l.859), its markers under the Cathedral and on 7 Virtue
    (l.860), no Silver or Building Cards (l.861), the Starting and Future piles apart (l.862)."""
    state = make_game(opponent="constantine")
    b = state["bot"]
    assert workers(state)["board"] == 20 and b["virtue"] == 7 and b["cathedral"] == 0
    assert "silver" not in b
    piles = b["deck"]
    assert len(piles["draw"]) == 20 and len(piles["future"]) == 10 and piles["discard"] == []
    assert all(piles["cards"][c]["group"] == "starting" for c in piles["draw"])
    assert all(piles["cards"][c]["group"] == "future" for c in piles["future"])
    assert piles["practice"] is True and "not the printed" in piles["name"]


def test_same_seed_same_order_other_seed_other_order():
    """Each game keeps its shuffle seed: a replay deals the same cards."""
    a, b, c = make_game(seed=5), make_game(seed=5), make_game(seed=6)
    assert a["bot"]["deck"]["draw"] == b["bot"]["deck"]["draw"]
    assert a["bot"]["deck"]["draw"] != c["bot"]["deck"]["draw"]


def test_bot_state_is_json():
    state = make_game()
    assert json.loads(json.dumps(state)) == state


def test_unknown_opponent_is_refused():
    with pytest.raises(InvalidInput):
        bot.new_bot("theodora")


# -- drawing, undo -----------------------------------------------------------------------

def test_plan_does_not_change_the_state_and_shows_the_top_card(solo):
    """Solo Play: 'On their turn, reveal the top card from the Schemes Draw Pile.'"""
    before = copy.deepcopy(solo)
    plan = bot.plan_turn(solo)
    assert solo == before
    assert plan["kind"] == "scheme" and plan["card"]["id"] == solo["bot"]["deck"]["draw"][0]


def test_undo_puts_the_card_back_on_top(solo):
    """Undo restores the previous state; the redraw shows the same card (no fishing)."""
    rng = random.Random(3)
    state = solo
    for _ in range(25):
        plan = bot.plan_turn(state)
        answers = answer_all(plan, rng)
        after, _ = play(state, answers)
        if plan["kind"] == "scheme":
            assert after["bot"]["deck"]["discard"][-1] == plan["card"]["id"]
            undone = state  # the web layer restores the state before the event
            assert bot.plan_turn(undone)["card"]["id"] == plan["card"]["id"]
            assert undone["bot"]["deck"]["draw"][:1] in ([plan["card"]["id"]], [])
            again, _ = play(undone, answers)
            assert again == after
        state = after


def test_empty_draw_pile_is_made_from_the_discards():
    """Solo Play (rulebook l.879): 'Should the Scheme Cards Draw Pile ever run out, simply
    shuffle all discards to form a new Draw Pile.'"""
    state = make_game(deck=deck_of([]))
    for _ in range(20):
        state, _ = play(state)
    piles = state["bot"]["deck"]
    assert piles["draw"] == [] and len(piles["discard"]) == 20
    shuffles = piles["shuffles"]
    state = copy.deepcopy(state)
    workers(state)["board"] = 5  # keep it out of the no-worker rule
    workers(state)["locations"]["quarry"] -= 5
    plan = bot.plan_turn(state)
    assert any("shuffle the discards" in line for line in plan["instructions"])
    state, _ = play(state)
    piles = state["bot"]["deck"]
    assert len(piles["draw"]) == 19 and piles["discard"] == [piles["last"]]
    assert piles["shuffles"] == shuffles + 1


def test_no_workers_draws_nothing_and_takes_workers_back():
    """Solo Play (rulebook l.879): 'If your opponent starts their turn with no Workers, do not
    draw a Scheme Card. Instead, return all Workers (excluding Guildhall and Black Market /
    including captured and imprisoned) to their Board and shuffle all discarded Scheme Cards back'."""
    state = make_game()
    w = workers(state)
    w.update(board=0, guildhall=3, black_market=1, prison=4)
    w["locations"].update(quarry=5, forest=2, town_centre=3)
    w["held_by"]["0"] = 2
    state["bot"].update(prisoners=4, guildhall_workers=3)
    state["table"]["black_market"]["small"] = "bot"
    state["players"][0]["captured"] = 2
    piles = state["bot"]["deck"]
    piles["discard"], piles["draw"] = piles["draw"][:6], piles["draw"][6:]
    draw_before = list(piles["draw"])

    plan = bot.plan_turn(state)
    assert plan["kind"] == "recall" and plan["card"] is None and plan["questions"] == []
    after, instructions = play(state)
    w = workers(after)
    assert w["board"] == 16 and w["guildhall"] == 3 and w["black_market"] == 1
    assert w["prison"] == 0 and w["held_by"]["0"] == 0 and not any(w["locations"].values())
    assert after["bot"]["prisoners"] == 0 and after["players"][0]["captured"] == 0
    piles = after["bot"]["deck"]
    assert piles["discard"] == [] and sorted(piles["draw"]) == sorted(draw_before + state["bot"]["deck"]["discard"])
    assert any("do not draw" in line for line in instructions)


def test_future_cards_enter_only_when_a_card_says_so():
    """Solo Play, Setup (rulebook l.864): 'Place the Future Scheme Cards in a facedown pile ...
    You will only draw these when instructed to.'"""
    deck = deck_of([card("workshop", P, {"do": "shuffle_future", "count": 4})])
    state = stack(make_game(deck=deck), "t0")
    future = list(state["bot"]["deck"]["future"])
    after, _ = play(state)
    piles = after["bot"]["deck"]
    assert piles["future"] == future[4:]
    assert set(future[:4]) <= set(piles["draw"]) and len(piles["draw"]) == 19 + 4


def test_physical_deck_mode_resolves_the_entered_card():
    """Physical-deck mode: the player draws the real card and taps what it shows."""
    state = make_game(physical=True)
    with pytest.raises(bot.BotError):
        bot.plan_turn(state)
    entered = {"location": "kings_storehouse", "actions": [P, {"do": "gain_marble", "amount": 2}]}
    after, instructions = play(state, card=entered)
    assert after["bot"]["marble"] == 2 and workers(after)["locations"]["kings_storehouse"] == 1
    assert after["bot"]["deck"]["played"] == 1
    with pytest.raises(InvalidInput) as caught:
        play(state, card={"location": "kings_storehouse", "actions": [{"do": "gain_marbel"}]})
    assert str(caught.value.problems[0]).startswith("card.actions[0].do: unknown action")


def test_printed_cards_are_remembered_and_the_pile_is_followed():
    """Solo Play: Setup 8 (rulebook l.862) 'Separate the 20 Starting Scheme Cards ...'; l.879
    'Should the Scheme Cards Draw Pile ever run out, simply shuffle all discards to form a new
    Draw Pile.' A printed card entered once is remembered; a later draw names it by number."""
    state = make_game(physical=True)
    entered = {"location": "forest", "title": "Timber", "actions": [P, {"do": "gain_marble", "amount": 1}]}
    state, _ = play(state, card=entered)
    piles = state["bot"]["deck"]
    assert piles["cards"]["1"]["title"] == "Timber" and piles["drawn"] == ["1"]
    assert bot.still_in_pile(piles) == []                     # drawn since the last shuffle
    state, _ = play(state, card={"id": "1"})                  # the same card again, by its number
    assert state["bot"]["marble"] == 2 and state["bot"]["deck"]["drawn"] == ["1", "1"]
    # The pile of 20 ran out: the next draw first shuffles the discards.
    piles = copy.deepcopy(state["bot"]["deck"])
    piles["drawn"] = [str(n) for n in range(20)]
    assert bot.pile_ran_out(piles) and [c["id"] for c in bot.still_in_pile(piles)] == ["1"]
    state["bot"]["deck"] = piles
    after, instructions = play(state, card={"id": "1"})
    assert after["bot"]["deck"]["drawn"] == ["1"] and "draw pile is empty" in str(instructions[0])


def test_a_printed_future_card_makes_the_pile_longer_and_a_recall_shuffles_it():
    """Setup (l.864): Future cards are drawn 'only ... when instructed to'; l.879: with no
    Workers, 'shuffle all discarded Scheme Cards back into the Draw Pile'."""
    state = make_game(physical=True)
    state, _ = play(state, card={"location": "forest", "actions": [P, {"do": "shuffle_future", "count": 3}]})
    assert state["bot"]["deck"]["cycle"] == 23 and state["bot"]["deck"]["future_left"] == 7
    workers(state)["locations"]["forest"] += workers(state)["board"]
    workers(state)["board"] = 0
    state, _ = play(state)                                     # a recall: no card drawn
    assert state["bot"]["deck"]["drawn"] == [] and state["bot"]["deck"]["played"] == 1


def test_the_table_deck_is_given_to_a_new_printed_game():
    cards = [{"id": "4", "group": "starting", "location": "mines", "actions": [P]},
             {"id": "bad", "group": "starting", "location": "nowhere", "actions": [P]}]
    state = bot.remember_printed(make_game(physical=True), "deckid", cards)
    assert list(state["bot"]["deck"]["cards"]) == ["4"] and state["bot"]["deck"]["deck_id"] == "deckid"
    with pytest.raises(bot.BotError):
        bot.remember_printed(make_game(), "deckid", cards)


def test_deck_mode_refuses_an_entered_card(solo):
    with pytest.raises(bot.BotError):
        play(solo, card={"location": "forest", "actions": [P]})


# -- placements ----------------------------------------------------------------------------

def test_place_worker_moves_one_worker(solo):
    """Solo Play (rulebook l.868): 'Each Scheme Card instructs you to place 1 opposing Worker in
    a specific location on the Main Board.'"""
    state = make_game(deck=deck_of([card("mines", P)]))
    state = stack(state, "t0")
    after, instructions = play(state)
    assert workers(after)["board"] == 19 and workers(after)["locations"]["mines"] == 1
    assert "Place one of Helena's workers at the Mines." in instructions


def test_guildhall_placement_counts_toward_the_end_and_resets():
    """Solo Play, End of the Game (rulebook l.883): 'The game ends in the same way as a regular
    2 player game (12 constructions).' The bot's Guildhall workers count toward them; Black
    Market Reset (l.447): 'A Worker is placed in the Guildhall on 1 of the left-most spaces on the
    bottom 2 rows' (3 columns: spaces 7 and 10)."""
    deck = deck_of([card("guildhall", {"do": "guildhall", "build": "building"}, card_id=f"g{i}") for i in range(12)])
    state = make_game(deck=deck)
    state = stack(state, *[f"t{i}" for i in range(12)])
    resets = []
    for i in range(12):
        state, _ = play(state)
        resets.append(state["table"]["black_market_resets"])
    assert state["table"]["guildhall_workers"] == 12 and state["bot"]["guildhall_workers"] == 12
    assert workers(state)["guildhall"] == 12
    assert resets == [0] * 6 + [1] * 3 + [2] * 3
    assert state["phase"] == "final_round"
    # the bot placed the last worker: every player, including the bot, has 1 final turn
    assert state["table"]["final_round"]["still_to_play"] == [0, "bot"]


def test_final_round_includes_the_bot():
    """End of the Game (rulebook l.883): 'each player, including the player who placed the last
    Worker in the Guildhall will have 1 last turn before scoring': the bot too (l.465: 'each
    player (including the current player) has 1 final turn')."""
    state = make_game(deck=deck_of([]))
    state = copy.deepcopy(state)
    state["phase"] = "final_round"
    state["table"]["final_round"] = {"triggered_by": 0, "still_to_play": ["bot", 0]}
    after, _ = play(state)
    assert after["table"]["final_round"]["still_to_play"] == [0]
    with pytest.raises(bot.BotError):
        bot.plan_turn(after)
    finished = copy.deepcopy(after)
    finished["phase"] = "finished"
    with pytest.raises(bot.BotError):
        bot.plan_turn(finished)


def test_black_market_third_space_resets_and_bot_counts_for_most_prisoners():
    """Solo Play (rulebook l.874): the bot 'Can always ... visit the Black Market, regardless of
    their Virtue'; Black Market Reset (l.449): 'the action that caused it should first be resolved';
    l.451: 'All Workers currently in the Black Market are moved to the Prison'; l.455: 'The player,
    or players with the most Workers in Prison each take 1 Debt' (the bot counts as a player)."""
    deck = deck_of([card("black_market", {"do": "black_market", "space": "large"}),
                    card("black_market", {"do": "black_market", "space": "large"})])
    state = stack(make_game(deck=deck), "t0", "t1")
    state["bot"]["virtue"] = 12  # a human would be shut out at 10+
    state["table"]["black_market"]["small"] = 0  # Ann is on the small space
    state, _ = play(state)
    assert state["table"]["black_market"]["large"] == "bot" and workers(state)["black_market"] == 1
    plan = bot.plan_turn(state)
    assert any("middle Black Market space" in line for line in plan["instructions"]), "taken space falls back"
    state, instructions = play(state)
    assert state["table"]["black_market_resets"] == 1
    assert all(v is None for v in state["table"]["black_market"].values())
    assert workers(state)["black_market"] == 0 and workers(state)["prison"] == 2
    assert state["bot"]["prisoners"] == 2 and state["players"][0]["prisoners"] == 1
    assert state["bot"]["debts_unpaid"] == 1 and state["players"][0]["debts_unpaid"] == 0
    assert opponent.workers.total(workers(state)) == 20


def test_black_market_costs_the_bot_nothing_unless_the_card_says():
    """Solo Play (rulebook l.872): the bot 'Does not collect or use any Silver, Clay, Wood, Stone,
    Gold, Apprentices or Buildings': the Black Market costs it nothing the card does not say."""
    state = stack(make_game(deck=deck_of([card("black_market", {"do": "black_market"})])), "t0")
    after, _ = play(state)
    assert after["bot"]["virtue"] == 7 and after["table"]["black_market"]["small"] == "bot"


# -- captures --------------------------------------------------------------------------------

def capture_game(*actions, mode="solo"):
    return stack(make_game(mode=mode, deck=deck_of([card("town_centre", P, *actions)])), "t0")


def test_capture_asks_how_many_and_records_them():
    """Town Centre (rulebook l.261): 'capture 1 group of Workers (of a single colour) from 1
    location'; Solo Play (l.876): the bot 'does not capture its own Workers'."""
    state = capture_game({"do": "capture", "from": "forest", "group": "largest"})
    plan = bot.plan_turn(state)
    assert [q["kind"] for q in plan["questions"]] == ["capture"]
    assert any("largest group of your workers at the Forest" in line for line in plan["instructions"])
    with pytest.raises(InvalidInput) as caught:
        play(state, {})
    assert caught.value.problems[0].path == "answers.a1"
    after, _ = play(state, {"a1": 3})
    assert after["bot"]["captured"] == 3 and after["bot"]["captured_from"] == {"0": 3}
    assert workers(after)["board"] == 19  # its own workers are untouched


@pytest.mark.parametrize("answer", [-1, 21, "3", 2.5, True, {"seat": 1, "count": 2}, {"count": 2}])
def test_bad_capture_answers_are_refused(answer):
    state = capture_game({"do": "capture"})
    with pytest.raises(InvalidInput) as caught:
        play(state, {"a1": answer})
    assert caught.value.problems[0].path == "answers.a1"


def test_a_solo_card_with_two_captures_asks_once_for_both():
    """Town Centre (rulebook l.265): 'Players may capture from up to 2 locations in a single turn
    with 2-3 players (and solo play)'; Solo Play (l.876): the bot 'does not capture its own
    Workers', so in a solo game both groups are the one human's: one question, the total."""
    state = capture_game({"do": "capture", "from": "here", "group": "largest"},
                         {"do": "capture", "from": "any", "group": "smallest"})
    plan = bot.plan_turn(state)
    assert [(q["id"], q["captures"]) for q in plan["questions"]] == [("a1", 2)]
    steps = [str(line) for line in plan["instructions"]]
    assert any("largest group of your workers at the Town Centre" in line for line in steps)
    assert any("smallest group of your workers at any location" in line for line in steps)
    after, _ = play(state, {"a1": 3})
    assert after["bot"]["captured"] == 3 and after["bot"]["captured_from"] == {"0": 3}
    # both from the card's own location: the question names it
    same = bot.plan_turn(capture_game({"do": "capture"}, {"do": "capture"}))
    assert "at the Town Centre" in str(same["questions"][0]["prompt"])


def test_two_humans_say_whose_workers():
    """Two players vs the bot: the answer names the seat whose group was taken."""
    state = capture_game({"do": "capture", "from": "any"}, {"do": "capture", "from": "quarry"}, mode="two_vs_bot")
    plan = bot.plan_turn(state)
    assert [q["seats"] for q in plan["questions"]] == [[0, 1], [0, 1]]
    with pytest.raises(InvalidInput):
        play(state, {"a1": 2, "a2": 1})
    after, _ = play(state, {"a1": {"seat": 1, "count": 2}, "a2": {"seat": 0, "count": 1}})
    assert after["bot"]["captured_from"] == {"0": 1, "1": 2} and after["bot"]["captured"] == 3


def test_selling_captured_workers_gives_one_marble_in_all():
    """Solo Play (rulebook l.876): 'Can capture and sell Workers (1 Marble for all Workers)';
    Guardhouse (l.315): 'Send all captured Workers ... to the Prison'."""
    deck = deck_of([card("town_centre", P, {"do": "capture"}), card("guardhouse", P, {"do": "sell_captured"}),
                    card("guardhouse", P, {"do": "sell_captured"})])
    state = stack(make_game(deck=deck), "t0", "t1", "t2")
    state, _ = play(state, {"a1": 4})
    state, _ = play(state)
    assert state["bot"]["marble"] == 1 and state["bot"]["captured"] == 0
    assert state["players"][0]["prisoners"] == 4
    state, instructions = play(state)
    assert state["bot"]["marble"] == 1, "nothing to sell, nothing gained"
    assert any("no captured workers" in line for line in instructions)


def test_release_prisoners_and_recover_held_workers():
    """Guardhouse (rulebook l.316): 'Release all their own Workers from Prison'; l.317: release
    'all their own Workers from other players' Boards'."""
    deck = deck_of([card("guardhouse", P, {"do": "release_prisoners"}, {"do": "recover_held"})])
    state = stack(make_game(deck=deck), "t0")
    w = workers(state)
    w["board"] -= 6
    w["prison"] += 4
    w["held_by"]["0"] += 2
    state["bot"]["prisoners"] = 4
    state["players"][0]["captured"] = 2
    after, _ = play(state)
    w = workers(after)
    assert w["prison"] == 0 and w["held_by"]["0"] == 0 and w["board"] == 14 + 6 - 1
    assert after["bot"]["prisoners"] == 0 and after["players"][0]["captured"] == 0


def test_a_human_capture_of_the_bot_and_its_recovery_keep_both_records():
    """Town Centre: 'capture 1 group of Workers (of a single colour) from 1 location';
    Guardhouse action 3: 'release all their own Workers from other players' Boards' -
    the human's record of whose workers they hold follows the bot's."""
    deck = deck_of([card("forest", P), card("guardhouse", P, {"do": "recover_held"})])
    state, _ = play(stack(make_game(deck=deck), "t0", "t1"))
    state, _ = table.apply(state, {"kind": "capture", "player": 0, "victim": "bot", "count": 1, "location": "forest"})
    assert state["players"][0]["captured_from"] == {"bot": 1} and workers(state)["held_by"]["0"] == 1
    state, _ = play(state)
    assert (state["players"][0]["captured"], state["players"][0]["captured_from"]) == (0, {"bot": 0})
    assert workers(state)["held_by"]["0"] == 0 and opponent.workers.total(workers(state)) == 20


def test_hooks_for_human_actions_keep_the_count():
    """A human's Town Centre capture and Guardhouse actions move the bot's workers."""
    state = stack(make_game(deck=deck_of([card("forest", P), card("forest", P)])), "t0", "t1")
    state, _ = play(state)
    state, _ = play(state)
    assert bot.human_captures(state, 0, "forest") == 2
    assert workers(state)["held_by"]["0"] == 2 and workers(state)["locations"]["forest"] == 0
    assert bot.human_imprisons(state, 0) == 2 and state["bot"]["prisoners"] == 2
    state["bot"]["captured_from"]["0"] = 3
    assert bot.human_releases_own(state, 0) == 3 and state["bot"]["captured"] == 0
    assert opponent.workers.total(workers(state)) == 20


def test_reconcile_follows_table_moves_made_between_bot_turns():
    """A Black Market Reset caused by a human sends the bot's Black Market workers to Prison."""
    state = stack(make_game(deck=deck_of([card("black_market", {"do": "black_market"})])), "t0")
    state, _ = play(state)
    fresh = copy.deepcopy(state)
    table.black_market_reset(fresh)
    bot.reconcile(fresh)
    assert workers(fresh)["black_market"] == 0 and workers(fresh)["prison"] == fresh["bot"]["prisoners"] >= 1
    assert opponent.workers.total(workers(fresh)) == 20


# -- virtue, debts, Cathedral, Tax Stand ------------------------------------------------------

def test_virtue_below_zero_takes_debts_and_above_14_destroys_them():
    """Virtue Track (rulebook l.414): 'For each Virtue players lose below 0, they must take a Debt
    Card'; l.410: 'For each Virtue players gain above 14, they may destroy 1 unpaid Debt'."""
    deck = deck_of([card("quarry", P, {"do": "lose_virtue", "amount": 9}),
                    card("quarry", P, {"do": "gain_virtue", "amount": 10}, {"do": "gain_virtue", "amount": 6})])
    state = stack(make_game(deck=deck), "t0", "t1")
    state, _ = play(state)
    assert state["bot"]["virtue"] == 0 and state["bot"]["debts_unpaid"] == 2
    state, _ = play(state)
    assert state["bot"]["virtue"] == 14 and state["bot"]["debts_unpaid"] == 0


def test_take_and_destroy_debts():
    """Solo Play (rulebook l.877): the bot 'Can receive and destroy Debts.'"""
    deck = deck_of([card("guardhouse", P, {"do": "take_debt", "amount": 3}),
                    card("guardhouse", P, {"do": "destroy_debt", "amount": 2}),
                    card("guardhouse", P, {"do": "destroy_debt", "amount": 5})])
    state = stack(make_game(deck=deck), "t0", "t1", "t2")
    state, _ = play(state)
    assert state["bot"]["debts_unpaid"] == 3
    state, _ = play(state)
    assert state["bot"]["debts_unpaid"] == 1 and state["bot"]["debts_destroyed"] == 2
    state, _ = play(state)
    assert state["bot"]["debts_unpaid"] == 0 and state["bot"]["debts_destroyed"] == 3


def cathedral_game(if_full: str, levels: tuple[int, ...] = ()):
    deck = deck_of([card("guildhall", {"do": "guildhall", "build": "cathedral", "if_full": if_full})])
    state = stack(make_game(deck=deck), "t0")
    for level in levels:
        state["players"][0]["cathedral"] = level
    return state


def test_free_cathedral_advance_with_reward():
    """Solo Play (rulebook l.873): the bot 'Does not require any goods or Building Cards when
    constructing the Cathedral'; Cathedral step 4 (l.386): 'Reveal the top card from the Reward
    Card Pile and gain its benefits'."""
    state = cathedral_game("nothing")
    state["bot"]["virtue"] = 2  # a human would be shut out at 4 or less
    plan = bot.plan_turn(state)
    assert [q["kind"] for q in plan["questions"]] == ["choice"]
    after, _ = play(state, {"a0.reward": "silver3_virtue1"})
    assert after["bot"]["cathedral"] == 1 and after["bot"]["virtue"] == 3
    assert "silver" not in after["bot"]
    assert after["table"]["guildhall_workers"] == 1 and after["table"]["reward_cards_left"] == 4


@pytest.mark.parametrize("if_full,virtue,marble", [("nothing", 7, 0), ("gain_virtue", 8, 0), ("gain_marble", 7, 1)])
def test_no_free_cathedral_space(if_full, virtue, marble):
    """Cathedral (rulebook l.396): 'Players can only advance their work on the Cathedral if there
    is an available space.' What the bot does instead is the card's (if_full)."""
    state = cathedral_game(if_full)
    state["bot"]["cathedral"] = 5  # no space above the top
    after, instructions = play(state)
    assert after["bot"]["cathedral"] == 5
    assert after["bot"]["virtue"] == virtue and after["bot"]["marble"] == marble
    assert after["table"]["guildhall_workers"] == 1, "the Guildhall placement still counts"
    assert any("cannot advance" in line for line in instructions)


def test_full_cathedral_level_counts_the_humans():
    """Cathedral: 'In this example, Green could not work on the Cathedral until Red or
    Blue advance further' (level 5 has 1 space, taken by Ann)."""
    state = cathedral_game("gain_virtue")
    state["bot"]["cathedral"] = 4
    state["players"][0]["cathedral"] = 5
    after, _ = play(state)
    assert after["bot"]["cathedral"] == 4 and after["bot"]["virtue"] == 8


def test_tax_stand_steal():
    """Tax Stand (rulebook l.283): 'take all the Silver from above the Tax Stand ... this will
    cause them to lose 2 Virtue'; Solo Play (l.872): the bot keeps no Silver."""
    deck = deck_of([card("tax_stand", P, {"do": "take_tax_stand"}), card("tax_stand", P, {"do": "take_tax_stand"})])
    state = stack(make_game(deck=deck), "t0", "t1")
    assert state["table"]["tax_stand_silver"] == 4
    state, instructions = play(state)
    assert state["table"]["tax_stand_silver"] == 0 and state["bot"]["virtue"] == 5
    assert "silver" not in state["bot"]
    state, instructions = play(state)
    assert state["bot"]["virtue"] == 5 and any("nothing to steal" in line for line in instructions)


def test_no_worker_on_the_tax_stand_without_silver():
    """Tax Stand (rulebook l.283): 'Players are not allowed to place a Worker here if there is
    no Tax to steal.' The bot keeps its worker; the rest of the card still resolves."""
    deck = deck_of([card("tax_stand", P, {"do": "take_tax_stand"}, {"do": "gain_marble", "amount": 1})])
    state = stack(make_game(deck=deck), "t0")
    state["table"]["tax_stand_silver"] = 0
    after, instructions = play(state)
    assert workers(after)["locations"]["tax_stand"] == 0 and workers(after)["board"] == 20
    assert after["bot"]["virtue"] == 7 and after["bot"]["marble"] == 1
    assert any("no worker may go there" in line for line in instructions)
    state["table"]["tax_stand_silver"] = 2       # with silver there, it goes
    after, _ = play(state)
    assert workers(after)["locations"]["tax_stand"] == 1 and after["bot"]["virtue"] == 5


def test_the_guardhouse_buy_back_is_paid_only_when_workers_come_home():
    """Guardhouse action 3 (rulebook l.317): 'take 1 Debt and lose 1 Virtue to release all their
    own Workers from other players' Boards ... Minimum of 1 captured Worker is required to take
    this action.' Nothing held: nothing charged."""
    deck = deck_of([card("guardhouse", P, {"do": "recover_held", "pay": "debt_and_virtue"})])
    state = stack(make_game(deck=deck), "t0")
    after, instructions = play(state)
    assert after["bot"]["debts_unpaid"] == 0 and after["bot"]["virtue"] == 7
    assert any("No Helena workers are on anyone's board" in line for line in instructions)
    workers(state)["board"] -= 2
    workers(state)["held_by"]["0"] = 2
    state["players"][0]["captured"] = 2
    after, _ = play(state)
    assert after["bot"]["debts_unpaid"] == 1 and after["bot"]["virtue"] == 6
    assert workers(after)["held_by"]["0"] == 0 and after["players"][0]["captured"] == 0


def test_the_practice_deck_buys_back_by_the_guardhouse_rule():
    """The practice deck's buy-back card uses the priced Guardhouse action (l.317), not an
    unconditional Debt and Virtue loss."""
    buy_back = next(c for c in bot.practice_deck()["cards"] if c["location"] == "guardhouse"
                    and any(a["do"] == "recover_held" for a in c["actions"]))
    assert {"do": "recover_held", "pay": "debt_and_virtue"} in buy_back["actions"]
    assert not any(a["do"] in ("take_debt", "lose_virtue") for a in buy_back["actions"])


def test_instructions_only_verbs_change_nothing_but_the_worker():
    """Workshop refill (rulebook l.236, interpretation for the bot's discards): 'shift to the
    left any Apprentice Cards ... Then fill the right-most space'; the app keeps no Apprentices."""
    deck = deck_of([card("workshop", P, {"do": "discard_apprentices", "count": 2, "row": "top", "end": "left"},
                         {"do": "note", "text": "Flip the Small Market card"})])
    state = stack(make_game(deck=deck), "t0")
    after, instructions = play(state)
    assert any("Discard the 2 left-most faceup Apprentices of the top row" in line for line in instructions)
    assert any("Flip the Small Market card" in line for line in instructions)
    assert after["bot"]["virtue"] == 7 and after["bot"]["marble"] == 0


def test_age_of_artisans_bot_crafts_an_adornment_on_each_guildhall_placement():
    """Age of Artisans, Solo Variant (expansion l.234): 'Any time they place a Worker in the
    Guildhall ... they also craft 1 Adornment'; l.238: 'the faceup Adornment with the most
    Victory Points'."""
    deck = deck_of([card("guildhall", {"do": "guildhall", "build": "building"})])
    state = stack(make_game(deck=deck, expansions=["age_of_artisans"]), "t0")
    plan = bot.plan_turn(state)
    assert [q["id"] for q in plan["questions"]] == ["a0.adornment"]
    after, _ = play(state, {"a0.adornment": 4})
    assert after["bot"]["adornments"] == [4]
    assert score_document(after)["bot"]["categories"]["adornments"] == 4


def test_every_verb_has_a_handler_and_the_other_way_round():
    assert set(bot.engine.HANDLERS) == set(bot.VERBS)


def test_score_comes_from_the_shared_engine():
    """Solo Play, End-game Scoring (rulebook l.887-905): Cathedral, Virtue, Marble (1 VP each),
    Workers in the Guildhall (Constantine 1 VP, Helena 3 VP each), Debts, Prisoners."""
    for opponent, per in (("constantine", 1), ("helena", 3)):
        state = make_game(opponent=opponent)
        b = state["bot"]
        b.update(cathedral=2, virtue=11, marble=5, debts_unpaid=1)
        w = b["workers"]
        w.update(board=11, guildhall=4, prison=3, black_market=2)
        b["prisoners"], b["guildhall_workers"] = 5, 4  # as the table counted them
        bot.reconcile(state)  # the black market is empty on the table: those two are in Prison now
        scored = score_document(state)["bot"]
        assert state["bot"]["prisoners"] == 5 and state["bot"]["guildhall_workers"] == 4
        assert scored["categories"] == {"cathedral": 4, "virtue": 2, "marble": 5, "guildhall": 4 * per,
                                        "debts": -2, "prison": -2, "adornments": 0}


def test_bot_turn_as_an_event_move(solo):
    """The web layer stores {"kind": "bot_turn", "answers": ..., "card": ...} and can replay it."""
    plan = bot.plan_turn(solo)
    move = {"kind": bot.MOVE_KIND, "answers": answer_all(plan, random.Random(1)), "card": None}
    assert bot.apply(solo, move) == bot.play_turn(solo, move["answers"])
    for bad, path in (({"kind": "virtue"}, "kind"), ({"kind": "bot_turn", "answers": [1]}, "answers"),
                      ({"kind": "bot_turn", "card": "forest"}, "card")):
        with pytest.raises(InvalidInput) as caught:
            bot.apply(solo, bad)
        assert caught.value.problems[0].path == path


def test_reconcile_follows_table_moves_on_the_bot():
    """Moves the table records for the bot outside its turn (a human's rescue under
    Guardhouse action 3, a prisoner correction, a Guildhall correction) move its workers."""
    state = stack(make_game(mode="two_vs_bot", deck=deck_of([card("forest", P), card("forest", P)])), "t0", "t1")
    state, _ = play(state)
    state, _ = play(state)
    state["bot"]["captured_from"] = {"0": 1, "1": 3}
    state["bot"]["captured"] = 4
    # Guardhouse action 3: 'release all their own Workers from other players' Boards'
    state, _ = table.apply(state, {"kind": "rescue", "player": 1, "payment": "debt"})
    state, _ = table.apply(state, {"kind": "prisoners", "player": "bot", "delta": 3})
    bot.reconcile(state)
    w = workers(state)
    assert state["bot"]["captured_from"] == {"0": 1, "1": 0} and state["bot"]["captured"] == 1
    assert w["prison"] == 3 and w["locations"]["forest"] == 0 and w["board"] == 17
    state["bot"]["guildhall_workers"] += 2
    bot.reconcile(state)
    assert workers(state)["guildhall"] == 2 and workers(state)["board"] == 15
    assert opponent.workers.total(workers(state)) == 20


def test_a_card_that_uses_the_last_cathedral_space_before_its_guildhall_advance():
    """Cathedral: 'Players can only advance ... if there is an available space' is
    checked again when the Guildhall placement resolves after the card's other actions."""
    deck = deck_of([card("guildhall", {"do": "guildhall", "build": "cathedral", "if_full": "gain_marble"},
                         {"do": "advance_cathedral"})])
    state = stack(make_game(deck=deck), "t0")
    state["bot"]["cathedral"] = 4
    plan = bot.plan_turn(state)
    after, instructions = play(state, answer_all(plan, random.Random(0)))
    assert after["bot"]["cathedral"] == 5 and after["bot"]["marble"] == 1
    assert after["table"]["guildhall_workers"] == 1 and workers(after)["guildhall"] == 1


@pytest.mark.parametrize("bot_level,majority", [(2, True), (3, False), (4, False)])
def test_the_bot_counts_for_chapel_majority(bot_level, majority):
    """Chapel: 'If the controlling player has advanced work on the Cathedral more than any
    other player (ties don't count)' - the bot is one of those players."""
    state = make_game()
    state["players"][0].update(cathedral=3, buildings=["chapel"], virtue=7)
    state["bot"]["cathedral"] = bot_level
    assert (score_document(state)["players"][0]["final_virtue"] > 7) is majority


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

ANSWER = st.recursive(st.none() | st.booleans() | st.integers(-3, 25) | st.text(max_size=8)
                      | st.sampled_from(["silver3_virtue1", "virtue2", "seat", "count"]),
                      lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.sampled_from(["seat", "count", "x"]), inner, max_size=3),
                      max_leaves=6)
QUESTIONED = stack(make_game(mode="two_vs_bot", expansions=["age_of_artisans"], deck=deck_of([
    card("guildhall", {"do": "guildhall"})])), "t0")
CAPTURING = capture_game({"do": "capture"}, {"do": "capture", "from": "any"}, mode="two_vs_bot")


@settings(max_examples=100, deadline=None)
@given(answers=st.dictionaries(st.sampled_from(["a0.reward", "a0.adornment", "a1", "a2", "zz"]), ANSWER))
def test_any_answers_are_played_or_refused_with_problems(answers):
    """Whatever the web form sends, the turn is played or refused field by field."""
    for state in (QUESTIONED, CAPTURING):
        try:
            after, _ = play(state, answers)
        except InvalidInput as refused:
            assert refused.problems and all(p.path.startswith("answers.") for p in refused.problems)
        else:
            assert opponent.workers.total(workers(after)) == 20


def test_a_table_game_without_the_bot_set_up_is_refused_plainly():
    """A game stored before ``new_game`` set up the bot (its bot has no workers or deck)."""
    state = table.new_game({"mode": "solo", "opponent": "helena", "players": [{"name": "Ann"}]})
    del state["bot"]["workers"], state["bot"]["deck"]
    with pytest.raises(bot.BotError, match="setup_bot"):
        bot.plan_turn(state)
    with pytest.raises(bot.BotError, match="no bot"):
        bot.plan_turn(table.new_game({"players": [{"name": "Ann"}]}))


def test_the_largest_group_tie_break_is_said_with_the_capture():
    """Town Centre (rulebook l.261): 'capture 1 group of Workers (of a single colour) from 1
    location'. The rulebook gives no order for groups of the same size; the app says one
    (interpretation): the board's order of the large open circles, then the most Virtue."""
    deck = deck_of([card("town_centre", P, {"do": "capture", "from": "any", "group": "largest"}),
                    card("town_centre", P, {"do": "capture", "from": "here", "group": "largest"})])
    solo_plan = bot.plan_turn(stack(make_game(deck=deck), "t0"))
    tie = [str(line) for line in solo_plan["instructions"] if "tied" in str(line)]
    assert tie == ["Our reading, as the rulebook gives no order: of groups tied for the largest, take the one at "
                   "the location first in this order: the Quarry, the Forest, the Mines, the Silversmith, the King's "
                   "Storehouse, the Workshop, the Town Centre, the Guardhouse, the Tax Stand."]
    assert not any("tied" in str(line) for line in bot.plan_turn(stack(make_game(deck=deck), "t1"))["instructions"])
    pair_plan = bot.plan_turn(stack(make_game(mode="two_vs_bot", deck=deck), "t1"))
    assert any("the group of the player with the most Virtue" in str(line) for line in pair_plan["instructions"])
    assert any("우리의 해석" in line.render("ko") and "가장 큰 무리가 여럿이면" in line.render("ko")
               for line in solo_plan["instructions"])


def test_the_future_cards_wait_aside_until_a_card_shuffles_them_in():
    """Setup 8 (rulebook l.864): 'Place the Future Scheme Cards in a facedown pile to the side of
    the playing area. You will only draw these when instructed to.' A remembered black Future card
    is not offered at a draw until a card shuffled Future cards into the draw pile."""
    cards = [{"id": "1", "group": "starting", "location": "mines", "actions": [P]},
             {"id": "2", "group": "future", "location": "forest", "actions": [P]}]
    state = bot.remember_printed(make_game(physical=True), "deckid", cards)
    assert [c["id"] for c in bot.still_in_pile(state["bot"]["deck"])] == ["1"]
    state, _ = play(state, card={"location": "quarry", "actions": [P, {"do": "shuffle_future", "count": 2}]})
    assert [c["id"] for c in bot.still_in_pile(state["bot"]["deck"])] == ["1", "2"]
