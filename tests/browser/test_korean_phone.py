"""A Korean phone, 360 px wide, in Debian's Chromium: the pages outside the table in play (home,
setup, card library, catalogue, final score, the Amytis pad) with no sideways scroll and no button
whose words are cut off, and card search typed in Hangul, in initial consonants (초성) and in English
on Korean pages."""

from __future__ import annotations

import pytest

from companion.amytis import pad
from companion.aotwk.rules import table
from tests.browser.driver import choose_seat, wait_for_htmx
from tests.browser.test_korean_pages import CLIPPED, no_horizontal_scroll, stored_games

pytestmark = pytest.mark.browser


def korean_phone(new_phone, live_server, color_scheme: str = "light"):
    """A phone whose owner tapped 한국어 once: the device remembers it."""
    phone = new_phone(color_scheme)
    phone.goto(live_server.url + "/")
    phone.click("a.lang-switch")
    phone.wait_for_function("() => document.documentElement?.lang === 'ko'")
    return phone


def fits(phone, where: str) -> None:
    assert phone.get_attribute("html", "lang") == "ko", where
    assert no_horizontal_scroll(phone), where
    assert phone.evaluate(CLIPPED) == [], where


def amytis_game(server, phase: str = "finished") -> str:
    state = pad.new_game(["김민준", "이서연"], "금요일 저녁 아미티스")
    state["players"][0].update(stacks=[[3, 0, 3], [1, 2, 0], [4, 0, 3]], favors=["corners", "stacks_of_1"],
                               favor_track_pawns=1, projects=[5, 7])
    state["players"][1]["track"] = 123
    state["phase"] = phase
    return server.store().create(state).edit_token


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_korean_pages_outside_the_table_fit_a_360px_phone(new_phone, live_server, color_scheme):
    finished, _solo = stored_games(live_server)
    amytis = amytis_game(live_server)
    counting = amytis_game(live_server, phase="playing")
    phone = korean_phone(new_phone, live_server, color_scheme)
    pages = {
        "/": "이 기기의 게임",
        "/games/new": "게임 시작",
        "/library": "카드 자료",
        "/catalogue?kind=building": "대장간",
        "/catalogue?kind=apprentice": "수행사제",
        f"/g/{finished}/score": "최종 점수",
        "/amytis/new": "아미티스의 건축가들",
        f"/g/{amytis}": "최종 점수",
        f"/g/{counting}": "왕의 호의",
        f"/g/{amytis}/history": "내역",
        f"/g/{amytis}/share": "이 게임 공유",
    }
    for path, expected in pages.items():
        phone.goto(live_server.url + path)
        assert expected in phone.inner_text("body"), path
        for summary in phone.locator("details > summary").all():
            if summary.is_visible():
                summary.click()                  # the reasons and help are the longest lines
        fits(phone, path)


def test_a_korean_refusal_on_the_amytis_pad_fits_beside_the_board(new_phone, live_server):
    """Seed 002, setup: 'Place your 4 architects and 5 remaining pawns nearby to form your supply':
    a sixth favor is refused next to the player's board, in Korean, on a 360 px phone."""
    counting = amytis_game(live_server, phase="playing")
    state = live_server.store().find(counting)[0].state
    assert len(state["players"][0]["favors"]) + state["players"][0]["favor_track_pawns"] == 3
    phone = korean_phone(new_phone, live_server)
    phone.goto(f"{live_server.url}/g/{counting}")
    wait_for_htmx(phone)
    # static/net.js's button, in the page's words (Chromium has the Wake Lock API on 127.0.0.1)
    assert phone.inner_text("button.wake-lock") == "화면 켜 두기"
    phone.click("button.wake-lock")
    phone.wait_for_function("() => document.querySelector('button.wake-lock')?.textContent === '화면이 켜져 있음'")
    for favor in ("stacks_of_2", "stacks_of_3", "staircases"):
        phone.click(f'button[data-favor="0-{favor}"]')
        wait_for_htmx(phone)
    alert = phone.locator("#player-0 [role=alert]")
    alert.wait_for()
    assert "폰 5개를 모두 놓았습니다" in alert.inner_text()
    fits(phone, "the refusal")


def test_card_search_on_korean_pages_by_hangul_initials_and_english(new_phone, live_server):
    """Korean search boxes match 초성: typing ㄷㅈ finds 대장간 (Smithy); English names work on a
    Korean page too, and the card is shown by its Korean name."""
    phone = korean_phone(new_phone, live_server)
    phone.goto(live_server.url + "/catalogue?kind=building")
    for typed, found, not_found in (("ㅅㅈㅅㅈ", "석재 시장", "대장간"), ("대장", "대장간", "석재 시장"),
                                    ("smithy", "대장간", "석재 시장"), ("ㄷㅈㄱ", "대장간", "석재 시장")):
        box = phone.locator("input[type=search][name=q]")
        box.fill("")
        box.press_sequentially(typed)           # Hangul jamo and syllables arrive as typed text
        box.press("Enter")
        phone.wait_for_url("**q=*")
        results = phone.inner_text("ul.results")
        assert found in results and not_found not in results, typed
        assert phone.input_value("input[type=search][name=q]") == typed
        fits(phone, f"catalogue search {typed}")

    # The Build panel of the table page searches as the player types (htmx), on a Korean page.
    state = table.new_game({"mode": "multiplayer", "title": "검색 게임",
                            "players": [{"name": "민준"}, {"name": "서연"}], "seed": 5})
    token = live_server.store().create(state).edit_token
    phone.goto(f"{live_server.url}/g/{token}")
    choose_seat(phone, "민준")
    phone.click("#seat-0 .build-hire button[hx-get*='kind=building']")
    search = phone.locator("#panel-0 input.pick-search")
    search.wait_for()
    wait_for_htmx(phone)
    smithy = "#cards-0 .pick-card[value=smithy], #cards-0 .pick-card[hx-get*='building=smithy']"
    for typed in ("ㄷㅈㄱ", "대장간", "smithy"):
        search.fill("")
        phone.wait_for_function("() => document.querySelectorAll('#cards-0 .pick-card').length > 1")   # the likely cards
        search.press_sequentially(typed)
        # the list narrows to the one card as the letters arrive (a wrong search never gets there)
        phone.wait_for_function("""(smithy) => document.querySelectorAll('#cards-0 .pick-card').length === 1
            && document.querySelector(smithy) && !document.querySelector('.htmx-request')""", arg=smithy)
        assert search.input_value() == typed
        assert no_horizontal_scroll(phone), typed
