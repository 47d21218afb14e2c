"""The table page during play in Korean, in Debian's Chromium at 360 px: the seat view, the
Build / Hire / Capture / Cathedral panels, a "Record…" form, the Craft panel, the paper pad,
the end count and the finished game. No sideways scroll, no button whose words are cut off."""

from __future__ import annotations

import pytest

from companion.aotwk.rules import table
from tests.browser.driver import wait_for_htmx
from tests.browser.test_korean_pages import CLIPPED, no_horizontal_scroll

pytestmark = pytest.mark.browser


def korean_phone(new_phone, server, color_scheme: str = "light"):
    """A phone whose device chose Korean (the switch's cookie)."""
    page = new_phone(color_scheme)
    page.context.add_cookies([{"name": "lang", "value": "ko", "url": server.url}])
    return page


def stored(server, mode: str = "multiplayer", expansions=(), phase: str | None = None, **seat0) -> str:
    state = table.new_game({"mode": mode, "title": "금요일 저녁 게임", "seed": 5, "expansions": list(expansions),
                            "track_resources": True,
                            "players": [{"name": "김민준"}, {"name": "이서연"}, {"name": "박지우"}]})
    state["players"][0].update(seat0)
    if phase:
        state["phase"] = phase
    return server.store().create(state).edit_token


def fits(page, where: str) -> None:
    """No sideways scroll and no control whose words are cut off, with every <details> open."""
    page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
    assert no_horizontal_scroll(page), where
    assert page.evaluate(CLIPPED) == [], where


def open_panel(page, seat: int, button: str, panel: str) -> None:
    page.click(f"#seat-{seat} button:text-is('{button}')")
    page.locator(f"#panel-{seat} {panel}").wait_for()
    wait_for_htmx(page)


def test_the_seat_view_and_its_panels_in_korean_fit_360px(new_phone, live_server):
    token = stored(live_server, buildings=["castle", "treasury"], apprentices=["acolyte_2", "merchant_1"],
                   debts_unpaid=2, debts_paid=1, prisoners=2, captured=1, cathedral=1)
    page = korean_phone(new_phone, live_server)
    page.goto(f"{live_server.url}/g/{token}")
    assert page.get_attribute("html", "lang") == "ko"
    assert "이 휴대폰은 누구인가요?" in page.inner_text("main")
    fits(page, "seat choice")
    page.click("#seat-choice a:has-text('김민준')")
    page.wait_for_selector("#seat-choice", state="detached")
    wait_for_htmx(page)
    assert "채권:" in page.inner_text("#seat-0") and "대성당 레벨" in page.inner_text("#seat-0")
    fits(page, "seat view")

    open_panel(page, 0, "건설", ".pick-panel")
    assert page.locator("#panel-0 input.pick-search").get_attribute("placeholder") == "이름 두세 글자를 적으세요"
    fits(page, "Build panel")
    open_panel(page, 0, "고용", ".pick-panel")
    fits(page, "Hire panel")
    open_panel(page, 0, "포획", ".ask-panel")
    assert "누구의 일꾼인가요?" in page.inner_text("#panel-0")
    fits(page, "Capture panel")
    page.click("#seat-0 button:text-is('대성당 +1')")   # its question waits on every phone, above the seats
    page.locator("#pending-0").wait_for()
    wait_for_htmx(page)
    assert page.inner_text("#pending-0 h3") == "어떤 보상 카드가 공개되었나요?"   # 김민준's own phone asks him
    fits(page, "Cathedral panel")

    page.select_option("#seat-0 form.more select[name=kind]", "rescue")
    page.click("#seat-0 form.more button")
    page.locator("#more-0 form.move-form").wait_for()
    assert "포획된 자기 일꾼 되찾기" in page.inner_text("#more-0")
    fits(page, "a Record… form")


def test_the_craft_panel_in_korean_fits_360px(new_phone, live_server):
    token = stored(live_server, expansions=["age_of_artisans"], buildings=["castle"], apprentices=["acolyte_2"])
    page = korean_phone(new_phone, live_server, "dark")
    page.goto(f"{live_server.url}/g/{token}/seat?who=0")
    open_panel(page, 0, "제작", ".craft-panel")
    assert "장식품 제작" in page.inner_text("#panel-0") and "도구 제작" in page.inner_text("#panel-0")
    fits(page, "Craft panel")


@pytest.mark.parametrize("mode, phase, expected", [
    ("paper", None, "김민준의 점수표"),
    ("multiplayer", "counting", "게임 종료: 남은 것을 세세요"),
    ("multiplayer", "finished", "최종 점수 보기"),
])
def test_the_pad_the_count_and_the_end_in_korean_fit_360px(new_phone, live_server, mode, phase, expected):
    token = stored(live_server, mode=mode, phase=phase)
    page = korean_phone(new_phone, live_server)
    page.goto(f"{live_server.url}/g/{token}/seat?who=0")
    assert expected in page.inner_text("main")
    fits(page, f"{mode} {phase}")
