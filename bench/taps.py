"""How many taps and typed characters a whole game takes on a phone (issue 8's measure).

    .venv/bin/python bench/taps.py                  # this checkout's pages (each phone a seat)
    .venv/bin/python bench/taps.py --ui legacy      # only the pages as they were at 8bd14d7
    .venv/bin/python bench/taps.py --ui both        # both, and the ratio (goal: at most 40%)

Replays bench/taps_game.json (a scripted 3-player game, see bench/taps_game.py) in
Debian's Chromium at 360 px, the way a player would enter each move on that UI, and
prints taps (clicks) and typed characters per kind of move and in total. A list a
phone opens and picks from counts as 2 taps; focusing a field to type in it counts 1.

Each UI is served from its own code in a subprocess: ``legacy`` checks commit 8bd14d7
out into a temporary ``git worktree``, so the old figure can always be measured;
``seat`` serves this checkout, one phone per player. A UI is a driver class with ``play(move)``; to measure
another UI, subclass ``Driver`` and add it to ``DRIVERS``.

At the end the game's score on the server is compared with the rules core's replay of
the log, so a driver that entered something wrong is caught. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LEGACY_COMMIT = "8bd14d7"
GAME = Path(__file__).with_name("taps_game.json")
PORT = 8109   # this benchmark's port on the shared machine


# -- serving a UI ---------------------------------------------------------------------------

@contextmanager
def served(code: Path, port: int):
    """The app from ``code`` (a checkout, maybe one from before the ASGI server) as plain WSGI
    under uvicorn in a subprocess, over a fresh instance."""
    with tempfile.TemporaryDirectory() as instance:
        program = ("import uvicorn; from a2wsgi import WSGIMiddleware; from companion.web import create_app; "
                   f"app = create_app({{'TESTING': False}}, instance_path={instance!r}); "
                   f"uvicorn.run(WSGIMiddleware(app, workers=4), host='127.0.0.1', port={port}, log_level='warning')")
        env = {**os.environ, "PYTHONPATH": str(code)}
        server = subprocess.Popen([sys.executable, "-c", program], cwd=code, env=env)
        try:
            _wait_for(f"http://127.0.0.1:{port}/healthz")
            yield f"http://127.0.0.1:{port}"
        finally:
            server.terminate()
            server.wait(10)


def _wait_for(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"the server did not start: {url}")


@contextmanager
def legacy_checkout():
    """Commit 8bd14d7 in a temporary git worktree (removed afterwards)."""
    with tempfile.TemporaryDirectory() as parent:
        path = Path(parent) / "legacy"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(path), LEGACY_COMMIT],
                       check=True, capture_output=True)
        try:
            yield path
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(path)], capture_output=True)


def free_port(preferred: int) -> int:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", preferred))
            return preferred
        except OSError:
            probe.bind(("127.0.0.1", 0))
            return probe.getsockname()[1]


# -- drivers ---------------------------------------------------------------------------------

class Driver:
    """Plays moves on one UI like a player, counting taps and typed characters per kind."""

    name = "base"

    def __init__(self, page, base_url: str, state: dict):
        self.page, self.base_url, self.state = page, base_url, state
        self.taps: dict[str, int] = defaultdict(int)
        self.typed: dict[str, int] = defaultdict(int)
        self.kind = "setup"

    # what a player does, counted
    def tap(self, selector: str) -> None:
        self.page.click(selector)
        self.taps[self.kind] += 1

    def type_into(self, selector: str, text: str) -> None:
        self.page.click(selector)
        self.taps[self.kind] += 1
        self.page.fill(selector, "")
        self.page.type(selector, text)
        self.typed[self.kind] += len(text)

    def pick(self, selector: str, value: str) -> None:
        """Open a list and pick one entry: 2 taps on a phone."""
        self.page.select_option(selector, value)
        self.taps[self.kind] += 2

    def play(self, move: dict) -> None:
        raise NotImplementedError

    def final_turn_ended(self, who: int) -> None:
        """``who``'s last move placed a worker in the final round, which ended their final turn
        (the rules core): on pages where it does not, the player taps "Final turn done" too."""

    def start(self, setup: dict) -> str:
        raise NotImplementedError


class LegacyDriver(Driver):
    """The table page as it was at 8bd14d7: counters, a "Record…" list of forms, a card search."""

    name = "legacy"
    COUNTER_LIMIT = 3   # more taps than this on counters: a player opens the form and types

    def start(self, setup: dict) -> str:
        page = self.page
        page.goto(self.base_url + "/games/new")
        page.fill("#title", setup["title"])
        page.check(f"input[name=mode][value={setup['mode']}]")
        for seat, player in enumerate(setup["players"]):
            page.fill(f"#players-{seat}-name", player["name"])
        page.click("text=Start the game")
        page.wait_for_url("**/g/*")
        self.url = page.url
        return self.url

    # waiting for the page to show a change
    def revision(self) -> int:
        return int(self.page.get_attribute("#live", "data-revision"))

    def changed(self, before: int) -> None:
        try:
            self.page.wait_for_selector(f'#live[data-revision="{before + 1}"]', timeout=30_000)
        except Exception:
            refusal = self.page.locator("#live .error, #live .message").all_inner_texts()
            self.page.screenshot(path=str(Path(tempfile.gettempdir()) / "taps-failure.png"), full_page=True)
            raise AssertionError(f"the page did not record it: {refusal} (screenshot: taps-failure.png in "
                                 f"{tempfile.gettempdir()})") from None

    def settle(self) -> None:
        """Until htmx has no request in flight and has bound what it swapped in."""
        self.page.wait_for_function(
            "() => window.htmx && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")

    def one_change(self, action) -> None:
        before = self.revision()
        action()
        self.changed(before)

    def counter(self, who, name: str, delta: int) -> None:
        sign = "plus" if delta > 0 else "minus"
        for _ in range(abs(delta)):
            self.one_change(lambda: self.tap(f'#seat-{who} [data-counter="{name}"] button[aria-label$="{sign} 1"]'))

    def form(self, who, kind: str, fields: dict | None = None, pick: dict | None = None) -> None:
        """Record… → the move's form → fields → Record."""
        page = self.page
        before = self.revision()
        self.pick(f"#seat-{who} form.more select[name=kind]", kind)
        self.tap(f"#seat-{who} form.more button")
        form = f"#more-{who} form.move-form"
        page.wait_for_selector(form)
        for name, value in (fields or {}).items():
            selector = f"{form} [name={name}]"
            if page.eval_on_selector(selector, "e => e.tagName") == "SELECT":
                self.pick(selector, str(value))
            else:
                self.type_into(selector, str(value))
        for name, card_id in (pick or {}).items():
            page.wait_for_function(f"document.querySelector('#search-{name}')['htmx-internal-data'] !== undefined")
            text = self.search_text(name, card_id)
            # the list answers the typing: tap what the answer to the whole word shows
            with page.expect_response(lambda r: "/catalogue/pick" in r.url and f"search={text}" in r.url):
                self.type_into(f"#search-{name}", text)
            radio = f'{form} input[type=radio][name={name}][value="{card_id}"]'
            self.settle()
            page.wait_for_selector(radio)
            self.tap(radio)
            assert page.is_checked(radio), f"{card_id} was not picked"
        self.tap(f"{form} button[type=submit]")
        self.changed(before)

    def search_text(self, kind: str, card_id: str) -> str:
        """The fewest letters of the card's name that bring it into the list (at most 3 typed)."""
        from companion.aotwk.catalogue import load
        cards = load().buildings if kind == "building" else load().apprentices
        return cards[card_id].name_en[:3].lower()

    def play(self, move: dict) -> None:
        kind, who = move["kind"], move.get("player")
        self.kind = kind
        if kind == "virtue":
            self.counter(who, "virtue", move["delta"])
        elif kind == "resources":
            changes = {r: v for r, v in move.items() if r not in ("kind", "player") and v}
            if sum(abs(v) for v in changes.values()) <= self.COUNTER_LIMIT:
                for resource, delta in changes.items():
                    self.counter(who, resource, delta)
            else:
                self.form(who, "resources", {r: v for r, v in changes.items()})
        elif kind in ("prisoners", "captured"):
            self.counter(who, kind, move["delta"])
        elif kind in ("take_debts", "pay_debt", "destroy_debts"):
            label = {"take_debts": "Take", "pay_debt": "Pay off", "destroy_debts": "Destroy"}[kind]
            for _ in range(move.get("count") or 1):
                self.one_change(lambda: self.tap(f"#seat-{who} form.debts button[value={kind}]"))
        elif kind in ("send_to_prison", "release_prisoners"):
            self.one_change(lambda: self.tap(f"#seat-{who} button[value={kind}]"))
        elif kind == "final_turn_done":
            self.one_change(lambda: self.tap(f"#seat-{who} button:has-text('Final turn done')"))
        elif kind == "build":
            fields = {}
            if "choice" in move:
                fields["choice"] = self.choice_code(move)
            self.form(who, "build", fields, pick={"building": move["building"]})
        elif kind == "hire":
            self.form(who, "hire", pick={"apprentice": move["apprentice"]})
        elif kind == "advance_cathedral":
            self.form(who, "advance_cathedral", {"reward": move["reward"]})
        elif kind == "capture":
            self.form(who, "capture", {"victim": move["victim"], "count": move["count"],
                                       "paid_captures": move.get("paid_captures", 0)})
        elif kind == "black_market":
            self.form(who, "black_market", {"space": move["space"]})
        elif kind == "count":
            self.count(move)
        else:
            raise SystemExit(f"the {self.name} driver cannot play {kind}")

    def final_turn_ended(self, who: int) -> None:
        """These pages needed "Final turn done" after the final turn's move."""
        self.kind = "final_turn_done"
        self.one_change(lambda: self.tap(f"#seat-{who} button:has-text('Final turn done')"))

    @staticmethod
    def choice_code(move: dict) -> str:
        """These pages only took the option's code ('gold1'), as the issue found."""
        from companion.aotwk.catalogue import load
        from companion.aotwk.rules.table.data import items_key
        return items_key(load().buildings[move["building"]].effect["options"][move["choice"]])

    def count(self, move: dict) -> None:
        """No end count on these pages: resources were tracked all game, so a count that
        changes nothing costs nothing (a count that changes something cannot be entered)."""
        if move.get("cells"):
            raise SystemExit("the legacy pages have no end count to enter changed numbers in")


class SeatDriver(Driver):
    """This checkout: each phone is a seat (one phone per player, each chooses its seat once);
    +1 virtue is a tap on the seat, Build/Hire is the picker, the end count has steppers.

    The app does not check payments by default, so the log's ``resources`` moves are not
    entered during play: the end count takes each player's real numbers instead."""

    name = "seat"
    SKIPPED = ("resources",)   # the table pays on the board; the count enters what is left
    STEPPER_LIMIT = 3          # more steps than this: a player taps the number and types it

    def start(self, setup: dict) -> str:
        from tests.browser.driver import PHONE

        page = self.page
        page.goto(self.base_url + "/games/new")
        page.fill("#title", setup["title"])
        page.check(f"input[name=mode][value={setup['mode']}]")
        for seat, player in enumerate(setup["players"]):
            page.fill(f"#players-{seat}-name", player["name"])
        page.click("text=Start the game")
        page.wait_for_url("**/g/*")
        self.url = page.url
        # One phone per player: the others open the shared link; each says once who it is.
        browser = page.context.browser
        self.phones = [page] + [browser.new_context(**PHONE).new_page() for _ in setup["players"][1:]]
        self.kind = "choose seat"
        for seat, phone in enumerate(self.phones):
            phone.set_default_timeout(15_000)
            if phone is not page:
                phone.goto(self.url)
            self.page = phone
            self.tap(f"#seat-choice a[href$='who={seat}']")
            phone.wait_for_selector(f"#seat-{seat}.mine")
        return self.url

    # -- waiting for a change (another phone's page may be behind: wait for a newer revision)
    def revision(self) -> int:
        return int(self.page.get_attribute("#live", "data-revision"))

    def one_change(self, action) -> None:
        before = self.revision()
        action()
        try:
            self.page.wait_for_function(
                f"() => Number(document.querySelector('#live').dataset.revision) > {before}", timeout=30_000)
        except Exception:
            refusal = self.page.locator("#live .error, #live .message").all_inner_texts()
            self.page.screenshot(path=str(Path(tempfile.gettempdir()) / "taps-failure.png"), full_page=True)
            raise AssertionError(f"the page did not record it: {refusal} (screenshot: taps-failure.png in "
                                 f"{tempfile.gettempdir()})") from None

    def seat(self, who: int) -> str:
        self.page = self.phones[who]
        return f"#seat-{who}"

    def play(self, move: dict) -> None:
        kind, who = move["kind"], move.get("player")
        self.kind = kind
        if kind in self.SKIPPED:
            return
        seat = self.seat(who)
        if kind in ("virtue", "prisoners", "captured"):
            sign = "plus" if move["delta"] > 0 else "minus"
            for _ in range(abs(move["delta"])):
                self.one_change(lambda: self.tap(f'{seat} [data-counter="{kind}"] button[aria-label$="{sign} 1"]'))
        elif kind in ("take_debts", "pay_debt", "destroy_debts"):
            for _ in range(move.get("count") or 1):
                self.one_change(lambda: self.tap(f"{seat} form.debts button[value={kind}]"))
        elif kind in ("send_to_prison", "release_prisoners"):
            self.one_change(lambda: self.tap(f"{seat} form.prison button[value={kind}]"))
        elif kind == "final_turn_done":
            self.one_change(lambda: self.tap(f"{seat} button:has-text('Final turn done')"))
        elif kind in ("build", "hire"):
            self.pick_card(who, move)
        elif kind == "advance_cathedral":
            self.one_change(lambda: self.cathedral(who, move["reward"]))
        elif kind == "capture":
            self.capture(who, move)
        elif kind == "black_market":   # its button, then its space (with payments unchecked nothing else is asked)
            self.one_change(lambda: (self.tap(f"{seat} button.black-market"),
                                     self.page.wait_for_selector(f"#panel-{who} .ask-panel button[name=space]"),
                                     self.tap(f'#panel-{who} .ask-panel button[name=space][value="{move["space"]}"]')))
        elif kind == "count":
            self.count(move)
        else:
            raise SystemExit(f"the {self.name} driver cannot play {kind}")

    def pick_card(self, who: int, move: dict) -> None:
        """Build (or Hire) → letters until the card shows (at most 3) → tap it → its question, if any."""
        from companion.aotwk.catalogue import load

        page, seat = self.page, f"#seat-{who}"
        card_kind, card_id = ("building", move["building"]) if move["kind"] == "build" else ("apprentice", move["apprentice"])
        name = (load().buildings if card_kind == "building" else load().apprentices)[card_id].name_en
        before = self.revision()
        self.tap(f"{seat} .build-hire button:has-text('{'Build' if card_kind == 'building' else 'Hire'}')")
        search = f"#panel-{who} .pick-search"
        page.wait_for_selector(search)
        self.settle()   # htmx focuses the box (autofocus) once the panel has settled
        card = (f'#cards-{who} button.pick-card[value="{card_id}"], '
                f'#cards-{who} button.pick-card[hx-get$="building={card_id}"]')
        if not page.evaluate(f"() => document.activeElement === document.querySelector('{search}')"):
            self.tap(search)   # the box was not focused: a player taps it first
        typed = ""
        for letter in name[:3].lower():
            if page.locator(card).count():
                break
            typed += letter
            with page.expect_response(lambda r: "/pick/cards" in r.url and f"q={typed}" in r.url):
                page.keyboard.type(letter)
            self.typed[self.kind] += 1
            self.settle()
        if not page.locator(card).count():
            raise AssertionError(f"3 letters of {name} did not bring it into the list")
        self.tap(card)
        asked = f"#pending-{who}"   # a card that asks: its question waits on every phone until answered
        try:
            page.wait_for_function(
                f"() => Number(document.querySelector('#live').dataset.revision) > {before}", timeout=30_000)
        except Exception:
            raise AssertionError(f"{name} was not recorded: "
                                 f"{page.locator('#live .error, #live .message').all_inner_texts()}") from None
        if page.locator(asked).count():
            before = self.revision()
            self.answer(asked, move)
            page.wait_for_function(f"() => Number(document.querySelector('#live').dataset.revision) > {before}")

    def answer(self, panel: str, move: dict) -> None:
        """The card's question: a labelled button (what a Clay Pit gave ...), or a number and Record."""
        from companion.aotwk.catalogue import load
        from companion.aotwk.rules.table.data import items_key

        building = load().buildings[move["building"]]
        if "choice" in move and self.page.locator(f"{panel} button[name=choice]").count():
            self.tap(f'{panel} button[name=choice][value="{items_key(building.effect["options"][move["choice"]])}"]')
            return
        for name in ("vp", "adornment_vp"):
            if name in move and self.page.locator(f"{panel} input[name={name}]").count():
                self.type_into(f"{panel} input[name={name}]", str(move[name]))
        self.tap(f"{panel} button[type=submit]:has-text('Record')")

    def cathedral(self, who: int, reward: str) -> None:
        """Cathedral +1 → the revealed reward card, one labelled button (none when the pile is empty)."""
        self.tap(f"#seat-{who} .cathedral button:has-text('Cathedral +1')")
        panel = f"#pending-{who}"   # the question waits on every phone until answered
        self.page.wait_for_selector(panel)
        if self.page.locator(f"{panel} button[name=reward]").count():
            self.tap(f'{panel} button[name=reward][value="{reward}"]')
        else:
            self.tap(f"{panel} button[type=submit]:has-text('Record')")
        self.page.wait_for_selector(panel, state="detached")

    def capture(self, who: int, move: dict) -> None:
        """Capture → how many (1 unless changed), how many paid at the Town Centre (1 unless changed) → whose
        workers, which records it."""
        page = self.page
        before = self.revision()
        self.tap(f"#seat-{who} form.prison button:text-is('Capture')")
        panel = f"#panel-{who} .ask-panel"
        page.wait_for_selector(panel)
        self.settle()
        # how many (1 unless changed) and how many were paid (1 unless changed), then whose: that tap records it
        for field, wanted in (("count", move["count"]), ("paid_captures", move.get("paid_captures", 0))):
            if page.input_value(f"{panel} [name={field}]") != str(wanted):
                self.type_into(f"{panel} [name={field}]", str(wanted))
        self.tap(f'{panel} button[name=group][value="{move["victim"]}:"]')
        page.wait_for_function(f"() => Number(document.querySelector('#live').dataset.revision) > {before}")

    def settle(self) -> None:
        self.page.wait_for_function(
            "() => window.htmx && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")

    def count(self, move: dict) -> None:
        """This phone's count row: each number as on the board (steppers for a few, else typed), then done."""
        from companion.aotwk.catalogue import RESOURCES

        page, who = self.page, move["player"]
        row = f"#count-{who}"
        page.wait_for_selector(row, timeout=30_000)
        real = self.state["players"][who]
        for cell in RESOURCES:
            field = f"{row}-{cell}"
            shown = int(page.input_value(field) or 0)
            change = real[cell] - shown
            if change and abs(change) <= self.STEPPER_LIMIT:
                for _ in range(abs(change)):
                    self.tap(f"{row} [data-cell={cell}] button[data-step='{1 if change > 0 else -1}']")
            elif change:
                self.type_into(field, str(real[cell]))
            # a blank box is none: the count shows what nobody entered blank, and confirming counts it as 0
            assert int(page.input_value(field) or 0) == real[cell], f"{cell}: {page.input_value(field)} != {real[cell]}"
        before = self.revision()
        self.tap(f"{row} button[name=done]")
        if self.state["phase"] == "finished":
            page.wait_for_selector("#live .live-score", timeout=30_000)   # the last count shows the final score
        else:
            page.wait_for_function(
                f"() => document.querySelector('{row} .chip.ok') || "
                f"document.querySelector('#live').dataset.revision !== '{before}'", timeout=30_000)


DRIVERS = {driver.name: driver for driver in (LegacyDriver, SeatDriver)}


# -- the replay ---------------------------------------------------------------------------------

def replay(ui: str, game: dict) -> tuple[dict, dict, dict, bool]:
    from playwright.sync_api import sync_playwright

    from companion.aotwk.rules import table
    from companion.aotwk.rules.scoring import score_document
    from tests.browser.driver import PHONE, launch_chromium

    with (legacy_checkout() if ui == "legacy" else _this_checkout()) as code, served(code, free_port(PORT)) as url:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            page = browser.new_context(**PHONE).new_page()
            page.set_default_timeout(15_000)
            state = table.new_game(game["setup"])
            most: dict[str, tuple[int, int]] = {}   # the most taps, and the most characters, one move took
            driver = DRIVERS[ui](page, url, state)
            game_url = driver.start(game["setup"])
            for number, move in enumerate(game["moves"], start=1):
                pending = _final_turn_pending(state)
                state, _ = table.apply(state, move)
                driver.state = state
                kind = move["kind"]
                before = driver.taps.get(kind, 0), driver.typed.get(kind, 0)
                try:
                    driver.play(move)
                    who = move.get("player")
                    if kind != "final_turn_done" and who in pending and who not in _final_turn_pending(state):
                        driver.final_turn_ended(who)
                except Exception as failed:
                    raise SystemExit(f"{ui}: move {number} ({move}) failed: {failed}") from failed
                one = driver.taps.get(kind, 0) - before[0], driver.typed.get(kind, 0) - before[1]
                most[kind] = tuple(map(max, most.get(kind, (0, 0)), one))
            with urllib.request.urlopen(game_url + "/score.json") as answer:
                served_score = json.load(answer)
            browser.close()
    expected = score_document(state)
    same = [p["total"] for p in served_score["players"]] == [p["total"] for p in expected["players"]]
    return dict(driver.taps), dict(driver.typed), most, same


def _final_turn_pending(state: dict) -> list:
    final = state["table"]["final_round"]
    return list(final["still_to_play"]) if state["phase"] == "final_round" and final else []


@contextmanager
def _this_checkout():
    yield REPO


def report(ui: str, taps: dict, typed: dict, most: dict, same: bool, moves: dict) -> None:
    print(f"\n{ui} pages ({'same final score as the rules core' if same else 'SCORE DIFFERS from the rules core'})")
    print(f"  {'kind of move':<20}{'moves':>6}{'taps':>7}{'typed':>7}{'taps/move':>11}{'most in one':>13}")
    skipped = getattr(DRIVERS[ui], "SKIPPED", ())
    kinds = list(moves) + [kind for kind in taps if kind not in moves]
    for kind in sorted(kinds, key=lambda k: -taps.get(k, 0)):
        count = moves.get(kind, 0)
        per_move = f"{taps.get(kind, 0) / count:>11.1f}" if count else f"{'':>11}"
        note = "  not entered: the end count takes the numbers" if kind in skipped else ""
        worst = most.get(kind)
        worst = (f"{worst[0]} + {worst[1]} typed" if worst[1] else f"{worst[0]}") if worst else ""
        print(f"  {kind:<20}{count or '':>6}{taps.get(kind, 0):>7}{typed.get(kind, 0):>7}{per_move}{worst:>13}{note}")
    print(f"  {'total':<20}{sum(moves.values()):>6}{sum(taps.values()):>7}{sum(typed.values()):>7}")
    if skipped:
        print(f"  The {ui} pages do not check payments (the default): the log's {', '.join(skipped)} moves are "
              "skipped\n  and each player's real numbers are entered in the end count instead.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ui", choices=[*DRIVERS, "both"], default="seat",
                        help="which pages to measure: seat (this checkout, the default), legacy (8bd14d7) or both")
    args = parser.parse_args()
    game = json.loads(GAME.read_text())
    moves: dict[str, int] = defaultdict(int)
    for move in game["moves"]:
        moves[move["kind"]] += 1
    totals = {}
    for ui in (["legacy", "seat"] if args.ui == "both" else [args.ui]):
        taps, typed, most, same = replay(ui, game)
        report(ui, taps, typed, most, same, moves)
        totals[ui] = (sum(taps.values()), sum(typed.values()))
    if len(totals) == 2:
        (legacy, legacy_typed), (seat, seat_typed) = totals["legacy"], totals["seat"]
        print(f"\nseat pages: {seat} taps = {100 * seat / legacy:.0f}% of the legacy pages' {legacy} "
              f"(goal: at most 40%); typed {seat_typed} characters against {legacy_typed}")


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    main()
