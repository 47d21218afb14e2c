"""A solo game against Helena in Debian's Chromium at 360 px, pressing only what a
player would press: setup, the bot's turns (with their questions), the human's
builds, the final round, the final score; and one physical-deck turn."""

from __future__ import annotations

import pytest

from companion.aotwk.rules.scoring import score_document
from companion.aotwk.catalogue import load
from tests.browser.driver import build, record, revision, start_game, tap, wait_for_htmx, wait_for_revision

pytestmark = pytest.mark.browser
# Buildings anyone can construct without apprentices' skills or choices (a Smithy first, as the rules want).
BUILDINGS = ("smithy", "steeple", "tilers_hut", "well", "aqueduct", "carpenters_hut", "church", "fountain",
             "lumber_camp", "masons_hut", "reservoir", "betting_house",
             "museum", "clay_pit")   # the last two: when Helena never goes to the Guildhall, Ann fills it alone
ANSWERS = {"clay_pit": "1 gold"}   # what a card that asks is answered with


def play_bot_turn(page) -> str:
    """Answer what the card asks (0 workers, the first Reward card), confirm: on the panel once the bot's
    turn is due, else after its button."""
    before = revision(page)
    if not page.locator("#bot-turn .bot-turn").count():
        page.click("button.bot-play")
    form = page.locator("#bot-turn form.bot-answers")
    form.wait_for()
    card = page.inner_text("#bot-turn")
    one_answer = form.locator(".bot-one-answer button[name=q0]")
    if one_answer.count():          # the only question: its answer (0 workers, the first card) records the turn
        one_answer.first.click()
        wait_for_revision(page, before + 1)
        return card
    for field in form.locator("input[inputmode=numeric]").all():
        field.fill("0")
    for choice in form.locator("select").all():
        choice.select_option(index=1)
    form.locator("button.primary").click()
    wait_for_revision(page, before + 1)
    return card


def guildhall_full(page) -> bool:
    return page.locator(".table-wide .message:has-text('Final round')").count() > 0


def no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def small_tap_targets(page, within: str) -> list[str]:
    """Controls under ``within`` smaller than 44 CSS pixels in either direction."""
    return page.evaluate("""within => [...document.querySelectorAll(within + ' :is(button, a.button, select, input:not([type=hidden]))')]
        .filter(e => e.offsetParent !== null)
        .filter(e => { const r = e.getBoundingClientRect(); return r.width < 44 || r.height < 44; })
        .map(e => e.outerHTML.slice(0, 80))""", within)


def test_a_whole_solo_game_against_helena_with_the_practice_deck(phone, live_server):
    phone.goto(live_server.url + "/games/new")
    phone.check("input[name=mode][value=solo]")
    assert phone.locator("#scheme_deck").input_value() == "practice"   # the default, labelled as such
    assert "Practice deck (made up for this app, not the printed scheme cards)" in phone.inner_text("#scheme_deck")
    start_game(phone, live_server, names=("Ann",), mode="solo", opponent="helena", title="Ann vs Helena",
               check_payments=True)
    panel = phone.inner_text("#bot-panel")
    assert "Helena" in panel and "hard bot" in panel and "Practice deck (not the printed scheme cards)" in panel
    assert "Draw 20 · Discard 0 · Future 10" in panel
    assert no_horizontal_scroll(phone) and not small_tap_targets(phone, "#bot-panel")

    # Ann stocks up once, then alternates with Helena: Ann builds, Helena plays a card.
    record(phone, 0, "resources", {"gold": 8, "marble": 4, "clay": 30, "wood": 30, "stone": 30})
    bot_turns = built = 0
    for building in BUILDINGS:
        if guildhall_full(phone):
            break
        build(phone, 0, load().buildings[building].name_en, answer=ANSWERS.get(building))
        built += 1
        if guildhall_full(phone):
            break
        play_bot_turn(phone)
        bot_turns += 1
        assert "Helena's last turn: on the board" in phone.inner_text("#bot-panel")
    assert guildhall_full(phone), "the Guildhall did not fill"
    assert bot_turns >= 3
    game = live_server.store().find(phone.url.rsplit("/", 1)[-1])[0]
    assert game.state["bot"]["turns"] == bot_turns

    # The final round: everyone still to play plays once, then the game is over. The practice deck is
    # shuffled, so the Guildhall is filled by Ann's build (Helena's final turn is then due, on the panel)
    # or by a worker Helena sent there (Ann's final turn comes first): follow whoever is still to play.
    # A card that asks something says its steps up to the question: the final turn's note comes with
    # the answer. Ann's final turn is a build, which ends it (issue 34): no "Final turn done" after it.
    final_card = None
    for _ in range(3):
        if phone.locator("#seat-0 button:has-text('Final turn done')").count():
            build(phone, 0, load().buildings[BUILDINGS[built]].name_en, answer=ANSWERS.get(BUILDINGS[built]))
            assert "Ann has had their final turn" in phone.inner_text("#live")
            assert not phone.locator("#seat-0 button:has-text('Final turn done')").count()
        elif phone.locator("#bot-turn .bot-turn, button.bot-play").count():
            final_card = play_bot_turn(phone)
        else:
            break
    if final_card:   # (none when Helena's own turn filled the Guildhall as the round's last turn)
        # a question, the final turn recorded, or (her turn was the last) the count that follows it
        assert ("Tell the app" in final_card or "The app records: Helena has had their final turn" in final_card
                or "each player counts what is left on their board" in final_card), final_card
    # The end count (pad branch): Ann confirms what is left, then the final score.
    phone.click("#end-count button:has-text(\"This is Ann's count\")")
    phone.wait_for_selector("#live .live-score")
    assert "Final score" in phone.inner_text("#live .live-score")
    assert "the game is over" in phone.inner_text("#bot-panel")

    # The final score page: Helena's categories beside Ann's, through the scoring engine.
    phone.click("a.button[href$='/score']")
    phone.wait_for_url("**/score")
    heading = phone.inner_text("table.scores thead")
    assert "Ann" in heading and "Helena" in heading
    game = live_server.store().find(phone.url.split("/g/")[1].split("/")[0])[0]
    helena = score_document(game.state)["bot"]
    rows = phone.locator("table.scores tbody tr")
    total_row = rows.filter(has_text="Total").inner_text()
    assert str(helena["total"]) in total_row
    assert helena["categories"] and phone.locator(f"summary:has-text('Why Helena scored {helena['total']}')").count()
    assert no_horizontal_scroll(phone)


def test_a_physical_deck_turn_entered_through_the_card_form(phone, live_server):
    # Playtest: the card form's updates logged a CSP "inline style" refusal (style-src 'self'): htmx settles
    # the attributes it is told to, and a style attribute must never be one of them.
    phone.add_init_script("window.cspRefusals = []; document.addEventListener('securitypolicyviolation',"
                          " e => window.cspRefusals.push(e.violatedDirective + ' ' + e.blockedURI))")
    start_game(phone, live_server, names=("Ann",), mode="solo", opponent="constantine", title="Printed cards",
               submit=False)
    phone.select_option("#scheme_deck", "physical")
    phone.click("text=Start the game")
    phone.wait_for_url("**/g/*")
    assert "your printed cards" in phone.inner_text("#bot-panel")
    phone.click("button.bot-play")
    phone.wait_for_selector(".bot-card-entry")
    # The player drew a card sending the worker to the King's Storehouse for 2 Marble.
    wait_for_htmx(phone)
    phone.select_option("#location", "kings_storehouse")
    phone.wait_for_selector(".bot-action strong:has-text('Place the worker at')")
    wait_for_htmx(phone)
    phone.click("text=Add an action")
    phone.wait_for_selector("#a-1-do")
    wait_for_htmx(phone)
    phone.select_option("#a-1-do", "gain_marble")
    phone.wait_for_selector("#a-1-amount")
    wait_for_htmx(phone)
    phone.fill("#a-1-amount", "2")
    assert not small_tap_targets(phone, "#bot-panel")
    phone.click("text=Show what Constantine does")
    phone.wait_for_selector("form.bot-answers")
    assert "Gain 2 Marble" in phone.inner_text("#bot-turn")
    assert no_horizontal_scroll(phone) and not small_tap_targets(phone, "#bot-panel")
    before = revision(phone)
    phone.click("text=Done: record Constantine's turn")
    wait_for_revision(phone, before + 1)
    panel = phone.inner_text("#bot-panel")
    assert "1 played" in panel and "King's Storehouse 1" in panel
    assert phone.inner_text("#bot-panel .bot-stats div:has-text('Marble') dd") == "2"
    assert "Constantine gains 2 Marble" in panel
    assert "style" not in phone.evaluate("htmx.config.attributesToSettle")
    assert phone.evaluate("window.cspRefusals") == []


def test_printed_cards_remembered_through_a_reshuffle_and_a_capture(phone, live_server):
    """The table's printed deck: once Ann played, Helena's turn is on the panel; a card that asks
    nothing is recorded by its pick, the card with two captures (Town Centre, rulebook l.265: up
    to 2 locations in a solo game) asks once for both. When the 20 Starting cards were all drawn
    the next draw says to shuffle (l.879) and offers them all again; Ann captures Helena's group
    with the one Capture panel, the first time."""
    from companion.aotwk.rules import bot, table
    state = table.new_game({"mode": "solo", "opponent": "helena", "players": [{"name": "Ann"}], "seed": 5,
                            "physical_deck": True, "title": "Printed evening", "track_resources": False})
    cards = [{"id": str(n), "group": "starting", "location": "forest", "title": f"Timber {n}",
              "actions": [{"do": "place_worker"}]} for n in range(1, 20)]
    cards.append({"id": "20", "group": "starting", "location": "town_centre", "title": "Clear the square",
                  "actions": [{"do": "place_worker"}, {"do": "capture", "from": "here"},
                              {"do": "capture", "from": "any", "group": "smallest"}]})
    state = bot.remember_printed(state, "0123456789abcdef", cards)
    state["bot"]["deck"]["drawn"] = [str(n) for n in range(1, 20)]     # 19 of the 20 drawn since the shuffle
    game = live_server.store().create(state)
    phone.goto(f"{live_server.url}/g/{game.edit_token}")
    # solo with printed cards: the pick list waits on the panel for the end of Ann's turn, no button first
    assert not phone.locator("button.bot-play").count()
    assert "When your turn is over, draw Helena's top Scheme card" in phone.inner_text("#bot-turn")

    def ann_plays() -> None:
        tap(phone, '#seat-0 [data-counter="virtue"] button[aria-label$="plus 1"]')   # her turn: Helena's is due

    def pick(expect_notice: bool):
        phone.wait_for_selector("#bot-turn .bot-card-pick")
        wait_for_htmx(phone)
        assert not phone.locator("button.bot-play").count()             # nothing to press first
        assert (phone.locator("#bot-turn .notice").count() == 1) == expect_notice
        offered = phone.locator("#bot-turn .scheme-picks").first.locator(".scheme-pick")
        assert not small_tap_targets(phone, "#bot-turn") and no_horizontal_scroll(phone)
        return " ".join(offered.first.inner_text().split()), offered.first

    ann_plays()
    before = revision(phone)
    number, card = pick(expect_notice=False)
    assert number.startswith("Town Centre · Clear the square")           # the one card still in the pile
    card.click()                                                         # tap 1: the card
    phone.wait_for_selector("#bot-turn form.bot-answers")
    wait_for_htmx(phone)
    assert "How many of your workers did Helena capture with both captures together?" in phone.inner_text("#bot-turn")
    assert revision(phone) == before                                     # asked, not recorded yet
    phone.click("#bot-turn .bot-one-answer button[name=q0][value='2']")  # tap 2: the answer records the turn
    wait_for_revision(phone, before + 1)
    assert live_server.store().find(game.edit_token)[0].state["bot"]["captured_from"] == {"0": 2}

    ann_plays()
    assert "1 remembered card" not in phone.inner_text("#bot-panel")
    before = revision(phone)
    number, card = pick(expect_notice=True)                              # the pile ran out: all 20 again
    assert number.startswith("Forest · Timber 1 ")                       # by location, then its words
    card.click()                                                         # one tap: it asks nothing
    wait_for_revision(phone, before + 1)
    assert "Place one of Helena's workers at the Forest" in phone.inner_text("#bot-panel .bot-last")
    assert live_server.store().find(game.edit_token)[0].state["bot"]["deck"]["drawn"] == ["1"]

    # Ann captures Helena's worker at the Forest: Capture, then the group.
    before = revision(phone)
    phone.click("#seat-0 button[hx-get*='kind=capture']")
    phone.wait_for_selector(".ask-panel button[name=group]")
    wait_for_htmx(phone)
    assert phone.locator(".ask-panel button[name=group]").all_inner_texts() == [
        "Helena at the Forest (1)", "Helena at the Town Centre (1)"]
    phone.click(".ask-panel button[name=group]:has-text('Forest')")
    wait_for_revision(phone, before + 1)
    after = live_server.store().find(game.edit_token)[0].state
    assert after["players"][0]["captured"] == 1 and after["bot"]["workers"]["held_by"]["0"] == 1
    assert "Held by Ann 1" in phone.inner_text("#bot-panel")


def _import_printed_deck(phone, live_server) -> str:
    """The table's printed deck as earlier games left it: 30 cards numbered as entered, 10 of them
    black Future cards. Returns its id."""
    from companion.aotwk.rules import bot
    cards = [{**card, "id": str(number)} for number, card in enumerate(bot.practice_deck()["cards"], 1)]
    deck = {"format": bot.FORMAT, "name": "Our printed scheme cards", "practice": False, "cards": cards}
    phone.goto(live_server.url + "/decks")
    phone.set_input_files("#deck_file", {"name": "printed.json", "mimeType": "application/json",
                                         "buffer": bot.export_deck(deck).encode("utf-8")})
    phone.click("form[action$='/decks/import'] button[type=submit]")
    phone.wait_for_url("**/decks/*")
    return phone.url.split("/decks/")[1].split("/")[0].split("#")[0]


def test_the_start_pick_list_holds_no_future_card_and_a_rematch_keeps_the_printed_deck(phone, live_server):
    """Setup 8 (rulebook l.864): the Future cards wait to the side, 'You will only draw these when
    instructed to', so the first draw offers the 20 Starting cards only, by location, without the
    app's numbers. Issue 32: a rematch of a printed-deck game started a practice-deck game, and a
    new set-up opened on Constantine and the practice deck."""
    from companion.aotwk.rules import bot
    future_titles = [card["title"] for card in bot.practice_deck()["cards"] if card["group"] == "future"]
    deck_id = _import_printed_deck(phone, live_server)
    phone.goto(live_server.url + "/games/new")
    phone.check("input[name=mode][value=solo]")
    phone.select_option("#opponent", "helena")
    phone.fill("#players-0-name", "Ann")
    labels = phone.locator("#scheme_deck option").all_inner_texts()
    assert [label for label in labels if "Our printed scheme cards" in label] == [
        "I'll draw my printed cards (Our printed scheme cards: 30 remembered)"]   # offered once
    phone.select_option("#scheme_deck", f"printed:{deck_id}")
    phone.click("text=Start the game")
    phone.wait_for_url("**/g/*")
    picks = phone.locator("#bot-turn .scheme-picks").first.locator(".scheme-pick")
    picks.first.wait_for()
    offered = picks.all_inner_texts()
    assert len(offered) == 20 and not [text for text in offered if any(t in text for t in future_titles)]
    assert not [text for text in offered if "#" in text]
    places = [text.split("\n")[0].split(" · ")[0] for text in offered]
    assert places == sorted(places, key=str.casefold)                    # by location, as the player finds it
    assert no_horizontal_scroll(phone)

    # End the game, count, and play again: the same bot, the same printed cards.
    phone.click("summary:has-text('End the game')")
    phone.click("button:has-text('End the game now')")
    phone.click("#end-count button:has-text(\"This is Ann's count\")")
    phone.wait_for_selector("#live .live-score")
    phone.click("a.button[href$='/score']")
    phone.wait_for_url("**/score")
    phone.click("button:has-text('Rematch')")
    phone.wait_for_url("**/g/*")
    panel = phone.inner_text("#bot-panel")
    assert "Helena" in panel and "your printed cards" in panel and "Practice deck" not in panel
    assert len(phone.locator("#bot-turn .scheme-picks").first.locator(".scheme-pick").all_inner_texts()) == 20
    game = live_server.store().find(phone.url.rsplit("/", 1)[-1])[0]
    assert game.state["bot"]["deck"]["deck_id"] == deck_id

    # A new set-up starts where the evening is: solo, Helena, the printed cards, Ann.
    phone.goto(live_server.url + "/games/new")
    assert phone.locator("input[name=mode][value=solo]").is_checked()
    assert phone.locator("#opponent").input_value() == "helena"
    assert phone.locator("#scheme_deck").input_value() == f"printed:{deck_id}"
    assert phone.locator("#players-0-name").input_value() == "Ann"


def test_solo_turns_pass_without_a_question_and_two_players_are_asked_naming_who_would_be_skipped(phone, live_server):
    """Solo Play (rulebook l.868): 'You will always take your turn first, followed by your opponent.'
    Issue 32: a solo turn that records nothing is the usual turn, never questioned; with 2 players
    and the bot, a bot tap while Ben has recorded nothing asks, naming Ben."""
    start_game(phone, live_server, names=("Ann",), mode="solo", opponent="helena", title="Quiet turns")
    for _turn in range(3):                    # Ann gathers resources: nothing to record, then Helena plays
        before = revision(phone)
        if not phone.locator("#bot-turn .bot-turn").count():
            phone.click("button.bot-play")
        phone.locator("#bot-turn form.bot-answers, #bot-turn .bot-again").first.wait_for()
        assert not phone.locator("#bot-turn .bot-again").count()
        play_bot_turn(phone)
        assert revision(phone) == before + 1

    start_game(phone, live_server, names=("Ann", "Ben"), mode="two_vs_bot", opponent="constantine", title="Pair")
    assert "Now: Ann's turn (then Ben, then Constantine)" in phone.inner_text("#bot-panel")
    tap(phone, '#seat-0 [data-counter="virtue"] button[aria-label$="plus 1"]')   # Ann's turn
    phone.click("button.bot-play")                                                # a stray tap in Ben's turn
    phone.wait_for_selector("#bot-turn .bot-again")
    asked = phone.inner_text("#bot-turn .bot-again")
    assert "Record Constantine's turn now?" in asked and "Nothing is recorded for Ben this round" in asked
    before = revision(phone)
    phone.click("#bot-turn .bot-again a:has-text('No')")
    phone.wait_for_load_state()
    assert revision(phone) == before                                              # nothing recorded


def test_the_guildhall_shows_constantine_whole_at_360_px(phone, live_server):
    """Issue 32: the Guildhall's space cut "Constantine" to "Consta" (four columns at 360 px)."""
    from companion.aotwk.rules import table
    state = table.new_game({"mode": "two_vs_bot", "opponent": "constantine", "title": "Pair",
                            "players": [{"name": "Ann"}, {"name": "Ben"}], "seed": 7})
    for _space in range(2):
        table.place_in_guildhall(state, "bot", "a construction")
    game = live_server.store().create(state)
    phone.goto(f"{live_server.url}/g/{game.edit_token}")
    names = phone.locator(".guildhall .who")
    assert names.all_inner_texts() == ["Constantine", "Constantine"]
    cut = phone.evaluate("""() => [...document.querySelectorAll('.guildhall > span')]
        .filter(space => space.scrollWidth > space.clientWidth + 1 || space.scrollHeight > space.clientHeight + 1)
        .map(space => space.textContent.trim())""")
    assert cut == [] and no_horizontal_scroll(phone)


def test_the_bot_turn_page_of_its_own_records_the_turn_as_a_form(phone, live_server):
    """Playtest: opened as a page of its own (the turn without script), its Done was aimed by htmx at the
    table's live region, which the page has not (htmx:targetError), and the tap did nothing."""
    start_game(phone, live_server, names=("Ann",), mode="solo", opponent="helena", title="Ann vs Helena")
    token = phone.url.rsplit("/", 1)[-1]
    phone.goto(f"{live_server.url}/g/{token}/bot/turn")
    form = phone.locator("#bot-turn form.bot-answers")
    form.wait_for()
    one_answer = form.locator(".bot-one-answer button[name=q0]")
    if one_answer.count():
        one_answer.first.click()
    else:
        for field in form.locator("input[inputmode=numeric]").all():
            field.fill("0")
        for choice in form.locator("select").all():
            choice.select_option(index=1)
        form.locator("button.primary").click()
    phone.wait_for_url(f"**/g/{token}")
    phone.wait_for_selector("#live")
    assert live_server.store().find(token)[0].state["bot"]["turns"] == 1
