"""Taps for a solo evening against Helena with the printed scheme cards (issue 18's measure).

    .venv/bin/python bench/solo.py            # prints the table (about a minute)

Replays one scripted solo game in Debian's Chromium at 360 px, twice: once with the printed
cards (the table's deck remembered from an earlier game, imported as that game exported it)
and once with the practice deck the app draws from. The script is the same, and records only
what a player would: Ann's ordinary turn gathers resources, which the app does not track, so
she taps nothing for it (the bot's turn button says her turn is over); every 4th turn she
captures Helena's largest group, and Helena's turn is then on the panel, due. With
the printed cards the player draws the top card and picks it from the app's list, which waits on
the panel from the end of Helena's turn (here: the lowest-numbered card still in the pile, the
draws of the runs before), which records a card that asks nothing; the game runs through two reshuffles of the printed draw pile (the pile
running out, and a turn with no workers). Every bot question is answered as the table would
(1 worker captured, the first Reward card). Taps are clicks; a list opened and picked from
counts 2; a field focused to type in counts 1. Prints taps per bot turn and for the game.
A benchmark, not a test.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.browser.driver import PHONE, launch_chromium, revision, start_server, wait_for_htmx, wait_for_revision  # noqa: E402

CAPTURE_EVERY = 4          # Ann captures Helena's largest group on every 4th of her turns
TURNS_AFTER_SECOND_SHUFFLE = 3
MOST_BOT_TURNS = 60        # a guard: the script stops even if the pile never reshuffled twice


def printed_deck_file() -> bytes:
    """The table's deck as earlier games left it: the 30 cards entered at draws, numbered 1-30
    as the app numbered them. Their text here is the practice deck's, as the printed cards'
    text is not in our sources."""
    from companion.aotwk.rules import bot
    cards = [{**card, "id": str(number)} for number, card in enumerate(bot.practice_deck()["cards"], 1)]
    deck = {"format": bot.FORMAT, "name": "Our printed scheme cards", "practice": False, "cards": cards}
    return bot.export_deck(deck).encode("utf-8")


@dataclass
class Tally:
    bot_turns: list[int] = field(default_factory=list)
    ann_turns: int = 0
    captures: int = 0
    typed: int = 0
    shuffles: int = 0

    @property
    def bot_total(self) -> int:
        return sum(self.bot_turns)


class Phone:
    """The page, counting what a player presses."""

    def __init__(self, page):
        self.page = page
        self.taps = 0

    def tap(self, selector_or_locator) -> None:
        target = self.page.locator(selector_or_locator) if isinstance(selector_or_locator, str) else selector_or_locator
        target.first.click()
        self.taps += 1


def start(page, server, deck_choice: str) -> None:
    page.goto(server.url + "/games/new")
    page.check("input[name=mode][value=solo]")
    page.select_option("#opponent", "helena")
    page.fill("#players-0-name", "Ann")
    page.select_option("#scheme_deck", deck_choice)
    page.click("text=Start the game")
    page.wait_for_url("**/g/*")


def ann_takes_her_turn(phone: Phone, tally: Tally, turn: int) -> None:
    """Ann's turn as a player records it: nothing on an ordinary turn; a capture every 4th."""
    page = phone.page
    groups = None
    if turn % CAPTURE_EVERY == 0:
        taps = phone.taps
        phone.tap("#seat-0 button[hx-get*='kind=capture']")
        page.locator(".ask-panel").wait_for()
        groups = page.locator(".ask-panel button[name=group]")
        if groups.count():
            before = revision(page)
            phone.tap(groups.first)
            wait_for_revision(page, before + 1)
        else:
            phone.tap(".ask-panel button:has-text('Cancel')")
        tally.captures += phone.taps - taps


def helena_plays(phone: Phone, tally: Tally) -> bool:
    """One bot turn; False when Helena cannot play. Her turn is on the panel once Ann's move made it
    due; the button is pressed only when it is not (it never is in this script)."""
    page = phone.page
    before, taps = revision(page), phone.taps
    if not page.locator("#bot-turn .bot-turn").count():
        if not page.locator("button.bot-play").count():
            return False
        phone.tap("button.bot-play")
        page.wait_for_selector("#bot-turn .bot-turn")
        wait_for_htmx(page)
    if page.locator("#bot-turn .bot-card-pick").count():
        if page.locator("#bot-turn .bot-card-pick .notice").count():
            tally.shuffles += 1      # the pile ran out: the discards are shuffled before this draw
        waiting = page.locator("#bot-turn .scheme-picks").first.locator(".scheme-pick")
        if not waiting.count():      # every remembered card drawn: the one drawn is among those already seen
            phone.tap("#bot-turn details summary")
            waiting = page.locator("#bot-turn details .scheme-pick")
        # the card drawn: the lowest-numbered one still in the pile (the list orders cards as a player finds
        # them, by location; the draws stay those of the runs before, for figures that compare)
        drawn = min(waiting.all(), key=lambda card: int(card.get_attribute("value")))
        phone.tap(drawn)             # a card that asks nothing is recorded by its pick; else its questions come
        page.wait_for_function("""before => Number(document.querySelector('#live').dataset.revision) > before
            || document.querySelector('#bot-turn form.bot-answers')""", arg=before)
        wait_for_htmx(page)
        if revision(page) > before:
            tally.bot_turns.append(phone.taps - taps)
            return True
    form = page.locator("#bot-turn form.bot-answers")
    if "has no workers on" in page.inner_text("#bot-turn"):
        tally.shuffles += 1          # a turn with no workers: every discard goes back
    single = form.locator(".bot-one-answer button[name=q0]")
    if single.count():
        phone.tap(single.nth(1) if single.count() > 1 else single.first)   # 1 worker, or the first Reward card
    else:
        for number in form.locator("input[inputmode=numeric]").all():
            number.fill("1")
            phone.taps += 1
            tally.typed += 1
        for choice in form.locator("select").all():
            choice.select_option(index=1)
            phone.taps += 2
        if not form.locator("button.primary").count():
            raise SystemExit(f"Helena's turn {len(tally.bot_turns) + 1}: no answer to give: "
                             f"{page.inner_text('#bot-panel')[:2500]}")
        phone.tap(form.locator("button.primary"))
    try:
        wait_for_revision(page, before + 1)
    except Exception:
        raise SystemExit(f"Helena's turn {len(tally.bot_turns) + 1} was not recorded: {page.inner_text('#bot-panel')[:2500]}")
    tally.bot_turns.append(phone.taps - taps)
    return True


def play(browser, server, deck_choice: str, bot_turns: int | None = None) -> Tally:
    """The scripted game: until two reshuffles (and a few turns after), or ``bot_turns`` turns."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    if deck_choice != "practice":
        page.goto(server.url + "/decks")
        page.set_input_files("#deck_file", {"name": "printed.json", "mimeType": "application/json",
                                            "buffer": printed_deck_file()})
        page.click("form[action$='/decks/import'] button[type=submit]")
        page.wait_for_url("**/decks/*")
        deck_id = page.url.split("/decks/")[1].split("/")[0].split("#")[0]
        deck_choice = f"printed:{deck_id}"
    start(page, server, deck_choice)
    phone, tally = Phone(page), Tally()
    after_second = 0
    for turn in range(1, MOST_BOT_TURNS + 1):
        ann_takes_her_turn(phone, tally, turn)
        if not helena_plays(phone, tally):
            break
        if bot_turns is not None and len(tally.bot_turns) >= bot_turns:
            break
        if bot_turns is None and tally.shuffles >= 2:
            after_second += 1
            if after_second > TURNS_AFTER_SECOND_SHUFFLE:
                break
    context.close()
    return tally


def report(printed: Tally, practice: Tally) -> None:
    rows = [("Bot turns", len(printed.bot_turns), len(practice.bot_turns)),
            ("Taps per bot turn: mean", f"{statistics.mean(printed.bot_turns):.2f}",
             f"{statistics.mean(practice.bot_turns):.2f}"),
            ("Taps per bot turn: most (goal: at most 2)", max(printed.bot_turns), max(practice.bot_turns)),
            ("Taps for the bot's turns", printed.bot_total, practice.bot_total),
            ("Reshuffles of the draw pile", printed.shuffles, "(the app's)"),
            ("Captures of Helena's workers: taps", printed.captures, practice.captures),
            ("Ann's ordinary turns: taps (none: the app needs nothing)", printed.ann_turns, practice.ann_turns),
            ("Whole game: taps (goal: at most 80)", printed.bot_total + printed.captures + printed.ann_turns,
             practice.bot_total + practice.captures + practice.ann_turns),
            ("Typed characters", printed.typed, practice.typed)]
    width = max(len(r[0]) for r in rows)
    print(f"| {'Solo game against Helena, 360 px':<{width}} | printed cards | practice deck |")
    print(f"|{'-' * (width + 2)}|---------------|---------------|")
    for name, a, b in rows:
        print(f"| {name:<{width}} | {str(a):>13} | {str(b):>13} |")
    print("\nTaps per bot turn (printed):", " ".join(map(str, printed.bot_turns)))
    print("Taps per bot turn (practice):", " ".join(map(str, practice.bot_turns)))


def main() -> None:
    from playwright.sync_api import sync_playwright
    server, stop = start_server(tempfile.mkdtemp(prefix="companion-solo-bench-"))
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                printed = play(browser, server, "printed")
                practice = play(browser, server, "practice", bot_turns=len(printed.bot_turns))
            finally:
                browser.close()
    finally:
        stop()
    report(printed, practice)


if __name__ == "__main__":
    main()
