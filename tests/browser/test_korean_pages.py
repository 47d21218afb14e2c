"""The Korean pages in Debian's Chromium at 360 px: one tap on the switch, then
every page this session translated, with no sideways scroll and no button whose
words are cut off."""

from __future__ import annotations

import copy

import pytest

from companion.aotwk.rules import table

pytestmark = pytest.mark.browser

CLIPPED = """() => [...document.querySelectorAll('button, a.button, select, summary, label')]
    .filter(e => e.offsetParent !== null)
    .filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
    .map(e => e.outerHTML.slice(0, 100))"""


def no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def stored_games(server) -> tuple[str, str]:
    """A finished two-player game against Helena (Hangul names) and a solo game about to start."""
    finished = table.new_game({"mode": "two_vs_bot", "opponent": "helena", "title": "금요일 저녁 게임",
                               "players": [{"name": "김민준"}, {"name": "이서연"}], "seed": 3})
    for seat, fields in enumerate(({"virtue": 13, "gold": 6, "debts_unpaid": 2, "silver": 12, "prisoners": 3,
                                    "buildings": ["castle", "university"], "cathedral": 2},
                                   {"virtue": 4, "debts_unpaid": 1, "silver": 25})):
        finished["players"][seat].update(copy.deepcopy(fields))
    finished["bot"].update({"guildhall_workers": 3, "marble": 4})
    finished["phase"] = "finished"
    solo = table.new_game({"mode": "solo", "opponent": "helena", "players": [{"name": "지우"}], "seed": 7,
                           "title": "혼자 하는 게임"})
    return server.store().create(finished).edit_token, server.store().create(solo).edit_token


def test_korean_pages_fit_a_360px_phone(phone, live_server):
    finished, solo = stored_games(live_server)
    phone.goto(live_server.url + "/")
    assert phone.get_attribute("html", "lang") == "en"
    phone.click("a.lang-switch")                       # one tap
    phone.wait_for_function("() => document.documentElement?.lang === 'ko'")
    assert "새 게임" in phone.inner_text("main")

    pages = {
        "/": "이 기기의 게임",
        "/catalogue?kind=building": "석재 시장",
        "/catalogue?kind=apprentice&q=ㅅㅎㅅㅈ": "수행사제",
        "/no-such-page": "찾을 수 없음",
        f"/g/{finished}/score": "최종 점수",
        f"/g/{solo}/bot/turn": "게임판에서",
        "/decks": "",
    }
    for path, expected in pages.items():
        phone.goto(live_server.url + path)
        assert phone.get_attribute("html", "lang") == "ko", path
        assert expected in phone.inner_text("body"), path
        if path.endswith("/score"):
            for summary in phone.locator("details > summary").all():
                summary.click()                        # the reasons are the longest lines
        assert no_horizontal_scroll(phone), path
        assert phone.evaluate(CLIPPED) == [], path


def test_the_theme_switch_names_the_theme_in_korean(phone, live_server):
    phone.goto(live_server.url + "/?lang=ko")
    button = phone.locator("[data-theme-switch]")
    words = lambda: " ".join(button.inner_text().split())   # noqa: E731
    assert words() == "화면: 자동"
    button.click()
    assert words() == "화면: 어둡게"
