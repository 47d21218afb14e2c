"""The solo bot in Korean on a 360 px phone: a turn with a question, played from the table
page (htmx), its steps left on the panel; the card editor refusing a number beside its field."""

from __future__ import annotations

import pytest

from companion.aotwk.rules import table

from .driver import wait_for_htmx
from .test_korean_pages import CLIPPED, no_horizontal_scroll

pytestmark = pytest.mark.browser


def test_a_bot_turn_in_korean_on_a_phone(phone, live_server):
    state = table.new_game({"mode": "two_vs_bot", "opponent": "constantine", "title": "금요일",
                            "players": [{"name": "지우"}, {"name": "민준"}], "seed": 7})
    piles = state["bot"]["deck"]
    piles["draw"] = ["s11", *(c for c in piles["draw"] if c != "s11")]   # a capture: whose workers, how many
    token = live_server.store().create(state).edit_token
    phone.goto(f"{live_server.url}/g/{token}?lang=ko")
    phone.click("button.bot-play")
    # nothing is recorded for 지우 and 민준 this round: the app names them, and the table says they played
    assert "이번 라운드에 지우, 민준의 기록이 없습니다" in phone.inner_text(".bot-again")
    phone.click(".bot-again a:has-text('예, 기록합니다')")
    phone.wait_for_selector(".bot-turn .bot-steps")
    turn = phone.inner_text(".bot-turn")
    assert "콘스탄틴의 책략 카드 더미 맨 위 카드를 공개합니다." in turn and "“모조리 포획”" in turn
    assert "누구의 일꾼인가요?" in turn
    assert no_horizontal_scroll(phone) and phone.evaluate(CLIPPED) == []
    assert "민준" in phone.inner_text(".bot-whose") and "없음" in phone.inner_text(".bot-whose")
    phone.click(".bot-whose button[value='1:2']")   # one tap: 민준's 2 workers
    phone.wait_for_selector(".bot-last")
    last = phone.inner_text(".bot-last")
    assert "콘스탄틴의 일꾼 1명을 중심가에 놓습니다." in last
    assert live_server.store().find(token)[0].state["bot"]["captured_from"]["1"] == 2
    assert no_horizontal_scroll(phone) and phone.evaluate(CLIPPED) == []


def test_the_card_editor_refuses_in_korean_beside_the_field(phone, live_server):
    phone.goto(f"{live_server.url}/language/ko?next=/decks")   # the device's choice: every page after it
    phone.fill("input[name=name]", "우리 카드")
    phone.click("form[action='/decks/new'] button[type=submit]")
    phone.wait_for_selector("h1:has-text('우리 카드')")
    phone.locator("form[action$='/cards'] button").first.click()
    phone.wait_for_selector("#card-form")
    phone.select_option("#location", "forest")
    phone.wait_for_selector("#card-form strong:has-text('카드의 장소에 일꾼 놓기')")
    wait_for_htmx(phone)
    phone.click("#card-form button[value=add]")
    phone.wait_for_selector("#a-1-do")
    wait_for_htmx(phone)   # the new action's select does nothing until htmx has bound it
    phone.select_option("#a-1-do", "gain_virtue")
    phone.wait_for_selector("#a-1-amount")
    phone.fill("#a-1-amount", "40")
    phone.click("#card-form button.primary")
    phone.wait_for_selector("#a-1-amount-error")
    assert phone.inner_text("#a-1-amount-error") == "1에서 10 사이여야 합니다 (받은 값: 40)"
    assert no_horizontal_scroll(phone) and phone.evaluate(CLIPPED) == []
