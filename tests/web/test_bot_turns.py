"""The bot's turn on the table page: plan, questions, one event through the store,
undo putting the card back, view-only links, physical-deck cards, imported bot games."""

from __future__ import annotations

import copy
import re

from companion.aotwk.rules import bot, table

from .bot_pages import HTMX, error_next_to, text_of


SHOW = {"show": "1"}   # the card form's "Show what ... does" button: the card submitted


def new_solo(app, seed: int = 7, on_top: tuple[str, ...] = (), physical: bool = False, humans=("Ann",)):
    """A stored solo game (2 humans + bot when two names), with these practice cards on top of the draw pile."""
    state = table.new_game({"mode": "solo" if len(humans) == 1 else "two_vs_bot", "opponent": "helena",
                            "players": [{"name": n} for n in humans], "seed": seed, "physical_deck": physical,
                            "title": "Solo night"})
    if on_top:
        piles = state["bot"]["deck"]
        rest = [c for c in piles["draw"] if c not in on_top]
        piles["draw"] = [*on_top, *rest][:len(piles["draw"])]
    game = app.extensions["store"].create(copy.deepcopy(state))
    return game.edit_token, game.view_token


def current(client, token):
    return client.application.extensions["store"].find(token)[0]


def play(client, token, csrf_token, rev=None, **answers):
    rev = current(client, token).revision if rev is None else rev
    return client.post(f"/g/{token}/bot/turn", data={"csrf_token": csrf_token, "rev": rev, **answers}, headers=HTMX)


def test_a_bot_turn_round_trip_through_the_setup_form(client, csrf_token):
    created = client.post("/games/new", data={"csrf_token": csrf_token, "mode": "solo", "opponent": "helena",
                                              "players-0-name": "Ann", "players-0-colour": "red"})
    assert created.status_code == 303
    token = created.headers["Location"].rsplit("/", 1)[-1]
    page = text_of(client.get(f"/g/{token}"))
    assert "Play Helena's turn" in page and "Practice deck (not the printed scheme cards)" in page
    assert "Draw 20 · Discard 0 · Future 10" in page
    game = current(client, token)
    expected = bot.plan_turn(game.state)
    shown = client.get(f"/g/{token}/bot/turn", headers=HTMX)
    assert shown.status_code == 200 and shown.headers["HX-Retarget"] == "#bot-turn"
    assert (expected["card"].get("title") or "") in text_of(shown)
    assert current(client, token).revision == game.revision          # looking changes nothing
    answers = {f"q{i}": ("0" if q["kind"] != "choice" else sorted(q["choices"])[0])
               for i, q in enumerate(expected["questions"])}
    done = play(client, token, csrf_token, **answers)
    assert done.status_code == 200 and 'id="live"' in done.get_data(as_text=True)
    after = current(client, token)
    assert after.revision == game.revision + 1 and after.state["bot"]["turns"] == 1
    assert after.state["bot"]["deck"]["last"] == expected["card"]["id"]
    record = client.application.extensions["store"].history(after.id)[-1]
    assert record.move["kind"] == "bot_turn" and record.move["card"] is None
    # The steps for the physical board stay on the page, for every phone.
    page = text_of(client.get(f"/v/{after.view_token}"))
    board_steps = [step for step in expected["instructions"] if step.code != "aside"]
    assert "Helena's last turn: on the board" in page and board_steps[-1] in page
    piles = after.state["bot"]["deck"]
    assert f"Draw {len(piles['draw'])} · Discard 1 · Future {len(piles['future'])}" in page
    assert len(piles["draw"]) + len(piles["future"]) == 29   # one card played (a Future shuffle moves, not adds)


def test_without_script_the_button_is_a_page_and_the_answer_a_redirect(client, csrf_token, app):
    token, _ = new_solo(app, on_top=("s01",))
    page = client.get(f"/g/{token}/bot/turn")
    assert page.status_code == 200 and "<html" in page.get_data(as_text=True)
    done = client.post(f"/g/{token}/bot/turn", data={"csrf_token": csrf_token, "rev": 0})
    assert done.status_code == 303 and done.headers["Location"].endswith(f"/g/{token}")


def test_a_capture_question_refuses_bad_answers_next_to_the_field(client, csrf_token, app):
    token, _ = new_solo(app, on_top=("s11",))   # Round them up: capture the largest group anywhere
    shown = client.get(f"/g/{token}/bot/turn", headers=HTMX)
    assert "How many workers did Helena capture" in text_of(shown)
    for answer, message in (("", "Say how many (0 if none)."), ("99", "Must be a whole number from 0 to 20."),
                            ("two", "Not a valid integer value.")):
        refused = play(client, token, csrf_token, q0=answer)
        assert refused.status_code == 400
        assert error_next_to(refused, "q0") == message
        assert current(client, token).revision == 0           # nothing recorded
    assert play(client, token, csrf_token, q0="3").status_code == 200
    game = current(client, token)
    assert game.state["bot"]["captured"] == 3 and game.state["bot"]["captured_from"] == {"0": 3}


def test_a_reward_question_refuses_a_card_not_in_the_pile(client, csrf_token, app):
    token, _ = new_solo(app, on_top=("s18",))   # Work on the Cathedral: a Reward card is revealed
    shown = client.get(f"/g/{token}/bot/turn", headers=HTMX).get_data(as_text=True)
    assert "Which Reward card did Helena reveal?" in shown
    refused = play(client, token, csrf_token, q0="a_pony")
    assert refused.status_code == 400 and error_next_to(refused, "q0") == "Not a valid choice."
    reward = re.search(r'<button type="submit" name="q0" value="([a-z0-9_]+)"', shown).group(1)   # one tap: the answer records it
    assert play(client, token, csrf_token, q0=reward).status_code == 200
    assert current(client, token).state["bot"]["cathedral"] == 1


def test_two_humans_say_whose_workers_were_captured(client, csrf_token, app):
    token, _ = new_solo(app, on_top=("s11",), humans=("Ann", "Ben"))
    # (nothing recorded for Ann and Ben yet: the table says yes, their turns are played)
    shown = client.get(f"/g/{token}/bot/turn", query_string={"again": 1}, headers=HTMX).get_data(as_text=True)
    assert 'name="q0_seat"' in shown and ">Ben</option>" in shown
    assert play(client, token, csrf_token, q0_seat="7", q0="1").status_code == 400
    assert play(client, token, csrf_token, q0_seat="1", q0="2").status_code == 200
    assert current(client, token).state["bot"]["captured_from"]["1"] == 2


def test_undo_puts_the_card_back_on_top(client, csrf_token, app):
    token, _ = new_solo(app, seed=11)
    first = bot.plan_turn(current(client, token).state)["card"]
    answers = {f"q{i}": "0" for i, _ in enumerate(bot.plan_turn(current(client, token).state)["questions"])}
    assert play(client, token, csrf_token, **answers).status_code == 200
    second = bot.plan_turn(current(client, token).state)["card"]
    assert "Helena's turn" in text_of(client.get(f"/g/{token}/history"))
    undone = client.post(f"/g/{token}/undo", data={"csrf_token": csrf_token, "rev": 1}, headers=HTMX)
    assert undone.status_code == 200 and "Undone: Helena's turn" in text_of(undone)
    redrawn = client.get(f"/g/{token}/bot/turn", headers=HTMX)
    assert first["title"] in text_of(redrawn)
    assert bot.plan_turn(current(client, token).state)["card"] == first != second
    assert "last turn" not in text_of(client.get(f"/g/{token}"))


def test_a_stale_confirm_is_refused_so_a_turn_is_never_played_twice(client, csrf_token, app):
    token, _ = new_solo(app, on_top=("s01", "s02"))
    assert play(client, token, csrf_token, rev=0).status_code == 200
    again = play(client, token, csrf_token, rev=0)   # a second phone confirming the same plan
    assert again.status_code == 409 and "Someone else changed the game first" in text_of(again)
    assert current(client, token).state["bot"]["turns"] == 1


def test_the_view_token_cannot_play_the_bot(client, csrf_token, app):
    token, view = new_solo(app)
    for path in (f"/v/{view}/bot/turn", f"/g/{view}/bot/turn"):
        assert client.post(path, data={"csrf_token": csrf_token, "rev": 0}).status_code == 403
    assert client.get(f"/g/{view}/bot/turn").status_code == 403
    for prefix in ("v", "g"):   # 403 before the CSRF check
        assert client.post(f"/{prefix}/{view}/bot/turn", data={"rev": 0}).status_code == 403
    page = client.get(f"/v/{view}").get_data(as_text=True)
    assert "Helena" in page and "bot/turn" not in page
    assert client.get("/g/not-a-token/bot/turn").status_code == 404


def test_a_confirm_without_its_csrf_token_is_refused_in_place(client, app):
    token, _ = new_solo(app, on_top=("s01",))
    client.get(f"/g/{token}")
    refused = client.post(f"/g/{token}/bot/turn", data={"rev": 0}, headers=HTMX)
    assert refused.status_code == 400 and refused.headers["HX-Retarget"] == "#bot-turn"
    assert "form had expired" in text_of(refused) and 'name="csrf_token"' in refused.get_data(as_text=True)
    assert current(client, token).revision == 0


def test_a_confirm_without_its_csrf_token_in_a_game_without_a_bot_is_a_400_not_a_500(client, app):
    """Found by the fuzz test: the expired-form page asked the game's bot for its card."""
    token = app.extensions["store"].create(table.new_game({"mode": "multiplayer", "seed": 1, "players": [
        {"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]})).edit_token
    refused = client.post(f"/g/{token}/bot/turn", data={}, headers=HTMX)
    assert refused.status_code == 400 and "form had expired" in text_of(refused)
    assert current(client, token).revision == 0


def test_a_finished_game_offers_no_bot_turn(client, csrf_token, app):
    token, _ = new_solo(app)
    client.post(f"/g/{token}/move", data={"csrf_token": csrf_token, "rev": 0, "kind": "finish_game"}, headers=HTMX)
    assert "Helena does not play now: the game is over" in text_of(client.get(f"/g/{token}"))
    assert client.get(f"/g/{token}/bot/turn", headers=HTMX).status_code == 409
    assert play(client, token, csrf_token).status_code == 409


def test_the_final_score_page_shows_the_bot_through_the_engine(client, csrf_token, app):
    token, _ = new_solo(app, on_top=("s19",))
    play(client, token, csrf_token)   # a Guildhall construction: 1 worker there
    client.post(f"/g/{token}/move", data={"csrf_token": csrf_token, "rev": 1, "kind": "finish_game"}, headers=HTMX)
    page = text_of(client.get(f"/g/{token}/score"))
    assert "Helena" in page and "Guildhall" in page
    assert client.get(f"/g/{token}/score.json").get_json()["bot"]["categories"]


# -- physical-deck mode --------------------------------------------------------------------------

def test_a_physical_deck_turn_is_entered_from_lists(client, csrf_token):
    created = client.post("/games/new", data={"csrf_token": csrf_token, "mode": "solo", "opponent": "constantine",
                                              "scheme_deck": "physical", "players-0-name": "Ann"})
    token = created.headers["Location"].rsplit("/", 1)[-1]
    assert "your printed cards" in text_of(client.get(f"/g/{token}"))
    form = client.get(f"/g/{token}/bot/turn", headers=HTMX)
    assert "Draw Constantine's top Scheme card and enter it" in text_of(form)
    assert '<option value="kings_storehouse"' in form.get_data(as_text=True)
    # Choosing the location redraws the form with its placement; adding a row offers the effects.
    redrawn = client.get(f"/g/{token}/bot/turn", query_string={"location": "guildhall", "op": "refresh"}, headers=HTMX)
    assert "Place the worker in the Guildhall" in text_of(redrawn) and 'name="a-0-build"' in redrawn.get_data(as_text=True)
    added = client.get(f"/g/{token}/bot/turn", query_string={"location": "forest", "a-0-do": "place_worker",
                                                                "op": "add"}, headers=HTMX)
    assert 'name="a-1-do"' in added.get_data(as_text=True) and "Gain Marble" in text_of(added)
    card = {"location": "kings_storehouse", "a-0-do": "place_worker", "a-1-do": "gain_marble", "a-1-amount": "2"}
    bad = client.get(f"/g/{token}/bot/turn", query_string={**card, "a-1-amount": "0", **SHOW}, headers=HTMX)
    assert bad.status_code == 400 and "between 1 and 10" in error_next_to(bad, "a-1-amount")
    missing = client.get(f"/g/{token}/bot/turn", query_string={"location": "", "a-0-do": "", **SHOW}, headers=HTMX)
    assert missing.status_code == 400 and "is required" in error_next_to(missing, "location")
    plan = client.get(f"/g/{token}/bot/turn", query_string={**card, **SHOW}, headers=HTMX)
    assert plan.status_code == 200 and "Gain 2 Marble" in text_of(plan)
    assert 'name="a-1-amount" value="2"' in plan.get_data(as_text=True)   # the confirm carries the card
    done = play(client, token, csrf_token, **card)
    assert done.status_code == 200
    game = current(client, token)
    assert game.state["bot"]["marble"] == 2 and game.state["bot"]["deck"]["played"] == 1
    assert game.state["bot"]["workers"]["locations"]["kings_storehouse"] == 1
    assert "1 played" in text_of(client.get(f"/g/{token}"))


def test_the_card_form_drawn_with_its_empty_fields_shows_no_errors_until_its_show_button(client, app):
    """Playtest: the printed-deck card form opened already saying "is required": a request carrying
    the form's empty fields was taken for the card submitted. Only the form's Show button submits it."""
    token, _ = new_solo(app, physical=True)
    empty = {"group": "starting", "location": "", "title": "", "a-0-do": ""}
    drawn = client.get(f"/g/{token}/bot/turn", query_string=empty, headers=HTMX)
    assert drawn.status_code == 200 and "bot-card-entry" in drawn.get_data(as_text=True)
    assert 'class="error' not in drawn.get_data(as_text=True)
    shown = client.get(f"/g/{token}/bot/turn", query_string={**empty, **SHOW}, headers=HTMX)
    assert shown.status_code == 400 and "is required" in error_next_to(shown, "location")
    assert 'name="show" value="1"' in client.get(f"/g/{token}/bot/turn", headers=HTMX).get_data(as_text=True)


def test_a_physical_card_posted_broken_is_refused_not_recorded(client, csrf_token, app):
    token, _ = new_solo(app, physical=True)
    refused = play(client, token, csrf_token, location="forest", **{"a-0-do": "place_worker", "a-1-do": "fly"})
    assert refused.status_code == 400 and "unknown action “fly”" in error_next_to(refused, "a-1-do")
    assert current(client, token).revision == 0


# -- imported bot games ------------------------------------------------------------------------------

def answers_for(plan: dict) -> dict:
    """Form answers to whatever the plan asks: the first choice, or the smallest number."""
    return {f"q{i}": next(iter(q["choices"])) if q["kind"] == "choice" else str(q["min"])
            for i, q in enumerate(plan["questions"])}


def test_an_imported_bot_game_with_only_a_score_can_be_played(client, csrf_token):
    doc = {"format": "architects-companion/1", "title": "From paper", "phase": "playing", "mode": "solo",
           "players": [{"name": "Ann", "virtue": 8, "silver": 4}],
           "bot": {"opponent": "constantine", "virtue": 9, "cathedral": 1, "marble": 2, "guildhall_workers": 2,
                   "debts_unpaid": 1, "prisoners": 1, "captured": 0, "adornments": []},
           "table": {"guildhall_workers": 3, "tax_stand_silver": 4, "black_market_resets": 0}}
    imported = client.post("/games/import", json=doc)
    assert imported.status_code == 303
    token = imported.headers["Location"].rsplit("/", 1)[-1]
    state = current(client, token).state
    me = state["bot"]
    assert (me["virtue"], me["cathedral"], me["marble"], me["debts_unpaid"]) == (9, 1, 2, 1)   # its score kept
    assert me["workers"]["guildhall"] == 2 and me["workers"]["prison"] == 1 and me["workers"]["board"] == 17
    assert me["deck"]["practice"] and me["deck"]["mode"] == "deck"
    assert "Play Constantine's turn" in text_of(client.get(f"/g/{token}"))
    # the import deals a fresh random seed: answer whatever its first card asks
    assert play(client, token, csrf_token, **answers_for(bot.plan_turn(state))).status_code == 200
    assert current(client, token).state["bot"]["turns"] == 1
    # An exported bot game comes back as it was (its own deck and seed).
    exported = client.get(f"/g/{token}/export.json").get_json()
    again = client.post("/games/import", json=exported).headers["Location"].rsplit("/", 1)[-1]
    assert current(client, again).state["bot"]["deck"] == current(client, token).state["bot"]["deck"]


def test_a_damaged_bot_record_is_refused_never_a_500(client, csrf_token):
    doc = {"format": "architects-companion/1", "title": "Edited by hand", "phase": "playing", "mode": "solo",
           "players": [{"name": "Ann", "virtue": 8}],
           "bot": {"opponent": "helena", "virtue": 9, "cathedral": 0, "marble": 0, "guildhall_workers": 0,
                   "debts_unpaid": 0, "prisoners": 0, "captured": 0, "adornments": [],
                   "workers": {"board": "many"}, "deck": {"mode": "deck"}},
           "table": {"guildhall_workers": 0, "tax_stand_silver": 4, "black_market_resets": 0}}
    imported = client.post("/games/import", json=doc)
    assert imported.status_code == 400
    assert "bot.workers.board: must be a whole number (got text)" in imported.get_data(as_text=True)
    # the same record stored before the schema existed: said so, never played on, never a 500
    token = client.application.extensions["store"].create(doc).edit_token
    page = client.get(f"/g/{token}")
    assert page.status_code == 422 and "The AI, workers, on its board: must be a whole number" in text_of(page)
    assert client.get(f"/g/{token}/bot/turn", headers=HTMX).status_code == 422
    assert play(client, token, csrf_token).status_code == 422
    assert current(client, token).revision == 0


def test_a_confirm_from_a_stale_page_is_refused_before_its_answers_are_read(client, csrf_token, app):
    token, _ = new_solo(app, on_top=("s01", "s11"))   # a plain placement, then a capture with a question
    client.post(f"/g/{token}/move", data={"csrf_token": csrf_token, "rev": 0, "kind": "virtue", "player": 0,
                                          "delta": 1}, headers=HTMX)
    stale = play(client, token, csrf_token, rev=0)
    assert stale.status_code == 409 and "Someone else changed the game first" in text_of(stale)
    assert current(client, token).state["bot"]["turns"] == 0


# -- the printed deck, remembered ---------------------------------------------------------------------

FOREST_MARBLE = {"location": "forest", "a-0-do": "place_worker", "a-1-do": "gain_marble", "a-1-amount": "1"}


def _new_printed_game(client, csrf_token, choice: str) -> str:
    created = client.post("/games/new", data={"csrf_token": csrf_token, "mode": "solo", "opponent": "helena",
                                              "scheme_deck": choice, "players-0-name": "Ann"})
    assert created.status_code == 303
    return created.headers["Location"].rsplit("/", 1)[-1]


def test_a_printed_card_entered_once_is_a_pick_in_this_game_and_the_next(client, csrf_token):
    token = _new_printed_game(client, csrf_token, "physical")
    assert "enter it" in text_of(client.get(f"/g/{token}/bot/turn", headers=HTMX))   # nothing remembered yet
    assert play(client, token, csrf_token, title="Timber trade", **FOREST_MARBLE).status_code == 200
    piles = current(client, token).state["bot"]["deck"]
    assert list(piles["cards"]) == ["1"] and piles["drawn"] == ["1"]
    # The card joined the table's saved deck, listed on this device.
    saved = [d for d in bot_cards_on(client) if d["name"] == "Our printed scheme cards"]
    assert len(saved) == 1 and saved[0]["cards"] == 1
    # Drawn since the last shuffle: offered below the cards still in the pile (none yet), with a way to enter a new one.
    picker = client.get(f"/g/{token}/bot/turn", query_string={"again": 1}, headers=HTMX)
    assert "0 remembered cards are still in the draw pile" in text_of(picker)
    assert "Drawn since the last shuffle (1)" in text_of(picker) and "A card not listed: enter it" in text_of(picker)
    # A later game with the same deck: the card is offered first, and a bot turn is a pick and a confirm.
    choice = f"printed:{saved[0]['id']}"
    assert choice in client.get("/games/new").get_data(as_text=True)
    later = _new_printed_game(client, csrf_token, choice)
    picker = client.get(f"/g/{later}/bot/turn", headers=HTMX)
    assert "1 remembered card is still in the draw pile" in text_of(picker)
    assert '<button type="submit" name="pick" value="1"' in picker.get_data(as_text=True)
    plan = client.get(f"/g/{later}/bot/turn", query_string={"pick": "1"}, headers=HTMX)
    assert "Timber trade" in text_of(plan) and 'name="pick" value="1"' in plan.get_data(as_text=True)
    assert play(client, later, csrf_token, pick="1").status_code == 200
    state = current(client, later).state
    assert state["bot"]["marble"] == 1 and state["bot"]["workers"]["locations"]["forest"] == 1
    record = client.application.extensions["store"].history(current(client, later).id)[-1]
    assert record.move["card"] == {"id": "1"}
    # Searching by number or by the card's first words; a number the game does not know is a 404.
    assert "Timber trade" in text_of(client.get(f"/g/{later}/bot/turn", query_string={"q": "timber"}, headers=HTMX))
    assert "None matches" in text_of(client.get(f"/g/{later}/bot/turn", query_string={"q": "quarry"}, headers=HTMX))
    assert client.get(f"/g/{later}/bot/turn", query_string={"pick": "9"}, headers=HTMX).status_code == 404


def bot_cards_on(client):
    from companion.aotwk.web import bot_cards
    with client.application.test_request_context():
        from flask import session
        with client.session_transaction() as kept:
            session.update(kept)
        return bot_cards.saved_decks()


def test_the_printed_pile_reshuffles_when_every_card_was_drawn(client, csrf_token, app):
    """Solo Play (rulebook l.879): 'Should the Scheme Cards Draw Pile ever run out, simply
    shuffle all discards to form a new Draw Pile.' 20 Starting cards: the 21st draw follows a shuffle."""
    token, _ = new_solo(app, physical=True)
    game = current(client, token)
    cards = [{"id": str(n), "group": "starting", "location": "forest", "actions": [{"do": "place_worker"}]}
             for n in range(1, 21)]
    state = bot.remember_printed(game.state, "0123456789abcdef", cards)
    state["bot"]["deck"]["drawn"] = [str(n) for n in range(1, 21)]
    stored = app.extensions["store"].create(state)
    picker = text_of(client.get(f"/g/{stored.edit_token}/bot/turn", headers=HTMX))
    assert "The draw pile ran out: shuffle the discards" in picker
    assert "20 remembered cards are still in the draw pile" in picker
    assert play(client, stored.edit_token, csrf_token, pick="7").status_code == 200
    assert current(client, stored.edit_token).state["bot"]["deck"]["drawn"] == ["7"]


def test_in_solo_the_bots_turn_is_played_without_asking_whether_the_player_recorded_anything(client, csrf_token, app):
    """Solo Play (rulebook l.868): 'You will always take your turn first, followed by your
    opponent.' Most turns only gather resources, which the app does not track: tapping the bot's
    turn says the player's turn is over, recorded or not (issue 32: "again?" cost 2 taps and a
    warning on 10 of 23 turns)."""
    token, _ = new_solo(app, on_top=("s01", "s02"))
    assert "Now: Ann's turn (then Helena)" in text_of(client.get(f"/g/{token}"))
    assert play(client, token, csrf_token).status_code == 200
    second = text_of(client.get(f"/g/{token}/bot/turn", headers=HTMX))   # Ann recorded nothing: no question
    assert "again?" not in second and "Nothing is recorded" not in second and "More stone" in second
    assert play(client, token, csrf_token).status_code == 200
    assert current(client, token).state["bot"]["turns"] == 2


def test_with_two_players_a_bot_tap_that_would_skip_a_player_asks_naming_them(client, csrf_token, app):
    """2 players + a bot: a stray tap on Ann's phone during Ben's turn would record the bot's turn
    and count Ben's as played (issue 32). The tap asks, naming Ben, in every round."""
    token, _ = new_solo(app, humans=("Ann", "Ben"), on_top=("s01", "s02"))
    client.post(f"/g/{token}/move", data={"csrf_token": csrf_token, "rev": 0, "kind": "virtue",
                                          "player": "0", "delta": "1"}, headers=HTMX)
    asked = text_of(client.get(f"/g/{token}/bot/turn", headers=HTMX))
    assert "Record Helena's turn now?" in asked and "Nothing is recorded for Ben this round" in asked
    assert "Stone" not in asked
    yes = text_of(client.get(f"/g/{token}/bot/turn", query_string={"again": 1}, headers=HTMX))
    assert "Stone for the nave" in yes                                     # the answer shows the turn as usual
    client.post(f"/g/{token}/move", data={"csrf_token": csrf_token, "rev": current(client, token).revision,
                                          "kind": "virtue", "player": "1", "delta": "1"}, headers=HTMX)
    assert "Stone for the nave" in text_of(client.get(f"/g/{token}/bot/turn", headers=HTMX))   # both played
    assert play(client, token, csrf_token).status_code == 200
    next_round = text_of(client.get(f"/g/{token}/bot/turn", headers=HTMX))   # and again the next round
    assert "Nothing is recorded for Ann, Ben this round" in next_round


def test_one_question_is_answered_with_one_tap_that_records_the_turn(client, csrf_token, app):
    """The bot's capture in one place with the humans': in a solo game its only question is a
    row of buttons (how many), each recording the turn; another number stays possible."""
    token, _ = new_solo(app, on_top=("s11",))   # Round them up: capture the largest group anywhere
    shown = client.get(f"/g/{token}/bot/turn", headers=HTMX).get_data(as_text=True)
    buttons = re.findall(r'<button type="submit" name="q0" value="(\d+)">', shown)
    assert buttons == ["0", "1", "2", "3", "4", "5", "6"] and "Another number" in shown
    # htmx sends the tapped button beside the empty "another number" field: the answer is the button's
    assert play(client, token, csrf_token, q0=["", "2"]).status_code == 200
    assert current(client, token).state["bot"]["captured"] == 2


def test_in_the_final_round_the_bot_waits_for_the_players_before_it(client, csrf_token, app):
    """End of the Game (rulebook l.883): each player has 1 last turn, in turn order after the
    one who placed the last Guildhall worker: with 2 players + bot and Ann triggering, Ben,
    then Helena, then Ann."""
    token, _ = new_solo(app, humans=("Ann", "Ben"), on_top=("s01",))
    game = current(client, token)
    state = copy.deepcopy(game.state)
    table.turns.start_final_round(state, 0)
    stored = app.extensions["store"].create(state)
    asked = text_of(client.get(f"/g/{stored.edit_token}/bot/turn", headers=HTMX))
    assert "Record Helena's final turn now?" in asked and "In the final round Ben plays before Helena." in asked
    assert "Now: Ben's turn (then Helena)" in text_of(client.get(f"/g/{stored.edit_token}"))
    client.post(f"/g/{stored.edit_token}/move", data={"csrf_token": csrf_token, "rev": 0, "kind": "virtue",
                                                      "player": "1", "delta": "1"}, headers=HTMX)
    assert "Stone for the nave" in text_of(client.get(f"/g/{stored.edit_token}/bot/turn", headers=HTMX))


# -- the bot's turn when it is due -----------------------------------------------------------------------

def ann_moves(client, token, csrf_token):
    return client.post(f"/g/{token}/move", data={"csrf_token": csrf_token, "rev": current(client, token).revision,
                                                 "kind": "virtue", "player": "0", "delta": "1"}, headers=HTMX)


def test_the_bot_turn_is_on_the_panel_once_it_is_due(client, csrf_token, app):
    """Solo Play (rulebook l.868): 'You will always take your turn first, followed by your
    opponent.' Once Ann recorded her turn, Helena's is on the panel (the card the app drew, its
    steps and its question), with nothing to press first; before that, only the button."""
    token, view = new_solo(app, on_top=("s11", "s01"))   # a capture, then a plain placement
    before = client.get(f"/g/{token}").get_data(as_text=True)
    assert "bot-play" in before and "form class=\"bot-answers\"" not in before
    moved = ann_moves(client, token, csrf_token).get_data(as_text=True)   # the answer to her tap shows it
    assert "Round them up" in moved and "bot-play" not in moved
    assert re.findall(r'<button type="submit" name="q0" value="(\d+)">', moved)[:3] == ["0", "1", "2"]
    answers = re.search(r'class="bot-answers".*?</form>', moved, re.S).group(0)
    assert re.search(r'<input[^>]*name="rev"[^>]*value="1"', answers)   # drawn after Ann's move (her form said 0)
    assert "bot-answers" not in client.get(f"/v/{view}").get_data(as_text=True)   # never on the view link
    assert play(client, token, csrf_token, q0="1").status_code == 200     # one tap records it
    after = client.get(f"/g/{token}").get_data(as_text=True)
    assert "bot-play" in after and "bot-answers" not in after            # Ann's turn again: the button only


def test_every_phone_answers_the_due_bot_turn_with_its_own_csrf_token(client, csrf_token, app):
    """The panel with the due turn is drawn once for every phone: each phone's page carries its own
    CSRF token in the turn's form (a phone given another's was refused, its answer lost), and the
    second phone's one tap records the turn."""
    from .test_table import csrf_token_of

    token, _ = new_solo(app, on_top=("s11", "s01"))
    ann, other = client, app.test_client()
    ann.get(f"/g/{token}/seat?who=0", headers=HTMX)
    other.get(f"/g/{token}", headers=HTMX)   # a phone on the game's link, no seat chosen
    ann_moves(ann, token, csrf_token)
    for phone in (ann, other):
        page = phone.get(f"/g/{token}", headers=HTMX).get_data(as_text=True)
        answers = re.search(r'class="bot-answers".*?</form>', page, re.S).group(0)
        assert re.findall(r'name="csrf_token"[^>]*value="([^"]+)"', answers) == [csrf_token_of(phone)]
    theirs = csrf_token_of(other)
    assert play(other, token, theirs, q0="1").status_code == 200
    assert "bot-answers" not in ann.get(f"/g/{token}").get_data(as_text=True)   # recorded: Ann's turn again


def test_a_printed_card_picked_records_the_turn_or_asks_its_question_first(client, csrf_token, app):
    """A pick is the card and the record in one tap when the card asks nothing; a card with a
    question (Town Centre, rulebook l.261: how many workers were captured) asks it, then records."""
    token, _ = new_solo(app, physical=True)
    game = current(client, token)
    cards = [{"id": "1", "group": "starting", "location": "forest", "actions": [{"do": "place_worker"}]},
             {"id": "2", "group": "starting", "location": "town_centre",
              "actions": [{"do": "place_worker"}, {"do": "capture", "from": "here"}, {"do": "capture", "from": "any"}]}]
    state = bot.remember_printed(game.state, "0123456789abcdef", cards)
    token = app.extensions["store"].create(state).edit_token
    moved = ann_moves(client, token, csrf_token).get_data(as_text=True)
    assert "which is it?" in moved and '<button type="submit" name="pick" value="2"' in moved
    picks = re.search(r'class="bot-picks".*?</form>', moved, re.S).group(0)
    assert re.search(r'<input[^>]*name="rev"[^>]*value="1"', picks)
    asked = play(client, token, csrf_token, pick="2")
    assert asked.status_code == 200 and asked.headers["HX-Retarget"] == "#bot-turn"
    assert "How many of your workers did Helena capture with both captures together?" in text_of(asked)
    assert 'name="pick" value="2"' in asked.get_data(as_text=True)
    assert current(client, token).revision == 1                           # asked, nothing recorded yet
    assert play(client, token, csrf_token, pick="2", q0=["", "3"]).status_code == 200
    assert current(client, token).state["bot"]["captured_from"] == {"0": 3}
    ann_moves(client, token, csrf_token)
    assert play(client, token, csrf_token, pick="1").status_code == 200    # asks nothing: the pick records it
    after = current(client, token)
    assert after.state["bot"]["workers"]["locations"]["forest"] == 1 and after.state["bot"]["turns"] == 2


def _printed_game(app, cards, humans=("Ann",)):
    token, _ = new_solo(app, physical=True, humans=humans)
    state = bot.remember_printed(current_state(app, token), "0123456789abcdef", cards)
    return app.extensions["store"].create(state).edit_token


def current_state(app, token):
    return app.extensions["store"].find(token)[0].state


def test_the_pick_list_holds_the_draw_pile_by_location_and_first_action_never_a_number(client, csrf_token, app):
    """Setup 8 (rulebook l.864): the Future cards wait to the side, 'You will only draw these when
    instructed to': the list at the first draw leaves them out. The printed card carries no number:
    the list goes by the card's location, then its first action (issue 32: '#14')."""
    place = {"do": "place_worker"}
    cards = [{"id": "1", "group": "starting", "location": "silversmith", "actions": [place]},
             {"id": "2", "group": "starting", "location": "forest", "actions": [place, {"do": "gain_virtue", "amount": 1}]},
             {"id": "3", "group": "starting", "location": "forest", "actions": [place, {"do": "gain_marble", "amount": 1}]},
             {"id": "4", "group": "future", "location": "mines", "actions": [place]}]
    token = _printed_game(app, cards)
    shown = client.get(f"/g/{token}/bot/turn", headers=HTMX).get_data(as_text=True)
    assert re.findall(r'name="pick" value="(\w+)"', shown) == ["3", "2", "1"]   # Forest (Marble, Virtue), Silversmith
    assert "Mines" not in text_of(client.get(f"/g/{token}/bot/turn", headers=HTMX))
    assert not re.search(r"#\d", text_of(client.get(f"/g/{token}/bot/turn", headers=HTMX)))
    assert re.findall(r'name="pick" value="(\w+)"', client.get(
        f"/g/{token}/bot/turn", query_string={"q": "silversmith"}, headers=HTMX).get_data(as_text=True)) == ["1"]


def test_in_solo_with_printed_cards_the_next_pick_list_waits_on_the_panel(client, csrf_token, app):
    """Solo (rulebook l.868: 'You will always take your turn first, followed by your opponent'):
    the player's turn records nothing the app needs, so once the bot's turn is recorded its next
    pick list is on the panel, below the steps for the board: the card drawn is one tap."""
    place = {"do": "place_worker"}
    cards = [{"id": "1", "group": "starting", "location": "forest", "actions": [place]},
             {"id": "2", "group": "starting", "location": "mines", "actions": [place]}]
    token = _printed_game(app, cards)
    page = client.get(f"/g/{token}").get_data(as_text=True)
    assert "When your turn is over, draw Helena's top Scheme card" in page and "bot-play" not in page
    assert play(client, token, csrf_token, pick="1").status_code == 200
    page = client.get(f"/g/{token}").get_data(as_text=True)
    assert page.index("Helena's last turn: on the board") < page.index("When your turn is over")
    waiting = re.search(r'class="choices scheme-picks">.*?</div>', page, re.S).group(0)
    assert re.findall(r'name="pick" value="(\w+)"', waiting) == ["2"]   # (card 1: drawn since the shuffle)
    assert play(client, token, csrf_token, pick="2").status_code == 200
    assert current(client, token).state["bot"]["turns"] == 2


def test_whose_turn_names_every_player_before_the_bot_and_never_sits_above_why_it_cannot_play(client, app):
    token, _ = new_solo(app, humans=("Ann", "Ben"))
    assert "Now: Ann's turn (then Ben, then Helena)" in text_of(client.get(f"/g/{token}"))
    state = current_state(app, token)
    table.turns.start_final_round(state, 1)
    state["table"]["final_round"]["still_to_play"].remove("bot")   # the bot already had its final turn
    stored = app.extensions["store"].create(state)
    page = text_of(client.get(f"/g/{stored.edit_token}"))
    assert "Helena does not play now" in page and "Now:" not in page


def test_the_panel_numbers_the_board_steps_and_says_what_the_app_recorded_apart(client, csrf_token, app):
    """Issue 32: '(Helena: virtue 7 -> 6)' sat in parentheses between the board steps."""
    token, _ = new_solo(app, on_top=("s16",))   # Back-alley marble: the Black Market, Marble, Virtue
    assert play(client, token, csrf_token).status_code == 200
    page = client.get(f"/g/{token}").get_data(as_text=True)
    last = re.search(r'class="bot-last">.*?</div>', page, re.S).group(0)
    steps = re.search(r"<ol>(.*?)</ol>", last, re.S).group(1)
    assert "Helena loses 1 Virtue." in steps and "<li>(" not in steps and "(Helena" not in steps
    recorded = re.search(r'class="muted bot-recorded">(.*?)</p>', last, re.S).group(1)
    assert recorded.startswith("The app recorded: ") and "virtue 7 → 6" in recorded


def test_the_bots_final_turn_says_its_steps_where_the_count_replaced_the_panel(client, csrf_token, app):
    """End of the Game (rulebook l.883): the bot's last turn ends the game; the count replaces the
    table, so 'do what it says in the panel below' would point at nothing."""
    token, _ = new_solo(app, on_top=("s01",))
    state = current(client, token).state
    table.turns.start_final_round(state, 0)
    state["table"]["final_round"]["still_to_play"] = ["bot"]
    stored = app.extensions["store"].create(state)
    answer = text_of(play(client, stored.edit_token, csrf_token))
    assert "Helena's final turn is recorded: do these steps on the board, then count." in answer
    assert "Place one of Helena's workers at the Quarry." in answer and "in the panel below" not in answer


def test_with_two_players_the_bots_capture_is_one_tap_naming_whose_and_how_many(client, csrf_token, app):
    """Issue 32: in 2 players + a bot the capture question was a select, a typed count and Done
    (about 5 taps) where solo's is 1. A row of buttons per player: whose and how many in one tap."""
    token, _ = new_solo(app, on_top=("s11",), humans=("Ann", "Ben"))
    shown = client.get(f"/g/{token}/bot/turn", query_string={"again": 1}, headers=HTMX).get_data(as_text=True)
    assert re.findall(r'name="q0_both" value="1:(\d)"', shown) == ["1", "2", "3", "4", "5", "6"]
    assert 'name="q0_both" value="0:0"' in shown
    # the tapped button comes with the "another number" fields, unchosen: the button's answer wins
    assert play(client, token, csrf_token, q0_both="1:2", q0_seat="0", q0="").status_code == 200
    assert current(client, token).state["bot"]["captured_from"] == {"0": 0, "1": 2}


def test_the_guildhall_names_the_bot_in_full(client, csrf_token, app):
    """Issue 32: the Guildhall's space cut "Constantine" to "Consta" at 360 px; the name wraps instead."""
    state = table.new_game({"mode": "two_vs_bot", "opponent": "constantine", "players": [{"name": "Ann"},
                            {"name": "Ben"}], "seed": 7, "title": "Pair"})
    piles = state["bot"]["deck"]
    piles["draw"] = ["s19", *[c for c in piles["draw"] if c != "s19"]]   # Raise a building: the Guildhall
    token = app.extensions["store"].create(state).edit_token
    client.get(f"/g/{token}/bot/turn", query_string={"again": 1}, headers=HTMX)
    assert play(client, token, csrf_token).status_code == 200
    page = client.get(f"/g/{token}").get_data(as_text=True)
    hall = re.search(r'<div class="guildhall.*?</div>', page, re.S).group(0)
    assert '<span class="who">Constantine</span>' in hall


def test_another_phone_reads_why_the_bots_card_reset_the_black_market(client, csrf_token, app):
    """Seed 000 l.444-446: a reset when 'All 3 spaces at the Black Market have Workers placed on them';
    here the bot's Scheme card takes the last one. Playtest: only the phone that recorded the turn read why."""
    state = table.new_game({"mode": "solo", "opponent": "helena", "players": [{"name": "Ann"}], "seed": 7,
                            "title": "Solo night"})
    piles = state["bot"]["deck"]
    piles["draw"] = ["s17", *[card for card in piles["draw"] if card != "s17"]][:len(piles["draw"])]   # the large space
    state["table"]["black_market"].update({"small": 0, "middle": 0})
    token = app.extensions["store"].create(copy.deepcopy(state)).edit_token
    assert play(client, token, csrf_token).status_code == 200
    other_phone = client.application.test_client()
    region = other_phone.get(f"/g/{token}", headers=HTMX).get_data(as_text=True)
    said = re.search(r'data-last-change="([^"]*)"', region).group(1)
    assert said.endswith("; Black Market Reset #1 (the Black Market is full)"), said
