"""A group's view link in Debian's Chromium at 360 px (issue 31, "Done when"): the organiser
shares it to a fresh browser context, which reads every game, statistic and chart, finds no
edit link anywhere, and has each change it tries refused; the organiser keeps full control."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from sqlalchemy import select

from companion.web.storage.store import games, group_games, groups
from tests.browser.test_groups import no_sideways_scroll
from tests.conftest import csrf_token_from
from tests.groups.games import fridays

pytestmark = pytest.mark.browser


def edit_tokens(server, group_token: str) -> set[str]:
    """Every edit token of the group: its own and each of its games'."""
    with server.store().engine.connect() as conn:
        group_id = conn.execute(select(groups.c.id).where(groups.c.token == group_token)).scalar_one()
        rows = conn.execute(select(games.c.edit_token).join(group_games, group_games.c.game_id == games.c.id)
                            .where(group_games.c.group_id == group_id)).scalars().all()
    return {group_token, *rows}


def everything_a_page_points_at(page) -> str:
    """Its HTML and every address it holds (links, images, forms, fields), as one text to search."""
    addresses = page.evaluate("""() => [...document.querySelectorAll('[href],[src],[action],[value],[data-share-url]')]
        .map(e => [e.getAttribute('href'), e.getAttribute('src'), e.getAttribute('action'), e.value].join(' '))""")
    return page.content() + " ".join(addresses)


def test_a_shared_view_link_reads_everything_changes_nothing_and_the_organiser_keeps_control(new_phone, live_server):
    organiser = new_phone()
    made = organiser.request.post(live_server.url + "/groups/new", data={"name": "Friday club"}, max_redirects=0)
    assert made.status == 303, made.text()
    group_url = live_server.url + made.headers["location"]
    for document in fridays():
        added = organiser.request.post(group_url + "/import", data=document, max_redirects=0)
        assert added.status == 303, added.text()
    secrets = edit_tokens(live_server, group_url.rsplit("/", 1)[-1])
    assert len(secrets) == 1 + len(fridays())

    # The organiser shares the view link: its QR is drawn, its own link is behind a second choice.
    organiser.goto(group_url)
    charts = organiser.locator("main svg[role=img]").count()
    organiser.click("text=Share (view only)")
    qr = organiser.locator("img.qr").first
    organiser.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=qr.element_handle())
    assert organiser.locator("#edit-url").is_hidden()
    assert not any(token in organiser.input_value("#view-url") for token in secrets)
    view_path = urlsplit(organiser.input_value("#view-url")).path   # (this machine's own address: see hosts)
    assert view_path.startswith("/groups/v/")
    assert no_sideways_scroll(organiser)

    # A fresh context opens it: every game, statistic and chart, and no edit link anywhere.
    member = new_phone()
    member.goto(live_server.url + view_path)
    page = everything_a_page_points_at(member)
    assert [token for token in secrets if token in page] == []
    assert member.locator("form").count() == 0
    assert member.locator("main svg[role=img]").count() == charts > 0
    main = member.inner_text("main")
    for said in ("Ann", "Bob", "Cy", "Wins", "Average", "Best", "Scores over time"):
        assert said in main
    assert no_sideways_scroll(member)
    game_links = member.locator("main .results a").all()
    titles = {link.inner_text(): link.get_attribute("href") for link in game_links}
    assert set(titles) == {document["title"] for document in fridays()}
    assert all(href.startswith("/v/") for href in titles.values())
    for address in ("/stats.json", "/games.csv", "/games.json", "/share"):
        answer = member.request.get(live_server.url + view_path + address)
        assert answer.status == 200 and not any(token in answer.text() for token in secrets), address

    for title, href in titles.items():   # each game, read through its own view link
        member.goto(live_server.url + href)
        assert title in member.inner_text("main")
        page = everything_a_page_points_at(member)
        assert [token for token in secrets if token in page] == [], title
        view_token = href.rsplit("/", 1)[-1]
        for change in (f"/v/{view_token}/undo", f"/g/{view_token}/undo", f"/g/{view_token}/moves"):
            refused = member.request.post(live_server.url + change, form={"rev": "1"}, max_redirects=0)
            assert refused.status == 403, (title, change)

    # Each change the member tries on the group is refused, and nothing changed.
    member.goto(live_server.url + view_path)
    before = member.request.get(live_server.url + view_path + "/stats.json").json()
    csrf = csrf_token_from(member.request.get(live_server.url + "/").text())   # a valid one, from its home page
    for change, form in (("/roster", {"action": "rename", "name": "Cy", "new_name": "Mallory"}),
                         ("/season", {"since": "2026-11-20"}), ("/import", {}), ("", {})):
        refused = member.request.post(live_server.url + view_path + change, form={"csrf_token": csrf, **form},
                                      max_redirects=0)
        assert refused.status == 403, change
    assert member.request.post(live_server.url + view_path + "/import", data=fridays()[0]).status == 403
    assert member.request.get(live_server.url + view_path + "/stats.json").json() == before

    # The organiser keeps full control: a rename on the roster, seen through the view link too.
    organiser.goto(group_url + "#roster")
    rename = organiser.locator("#roster form:has(input[name=new_name][value='Cy'])")
    rename.locator("input[name=new_name]").fill("Cyd")
    rename.locator("button:has-text('Rename')").click()
    organiser.wait_for_url("**#roster")
    member.reload()
    assert "Cyd" in member.inner_text("main")
    organiser.goto(group_url)
    organiser.click("main .results a:has-text('Friday 4')")
    organiser.wait_for_url("**/g/*")
    assert organiser.locator("form").count() > 0   # the table of a game still being played, to change
