"""The app as uvicorn serves it (companion.web.asgi): behind a trusted reverse proxy, share
links name the host and scheme the proxy was asked for; anyone else's forwarded headers are ignored."""

from __future__ import annotations

import re
import urllib.request

import pytest

from companion.aotwk.rules import table
from tests.browser.driver import start_server

GAME = {"title": "Behind a proxy", "players": [{"name": "Ann"}, {"name": "Bob"}]}


@pytest.fixture
def behind_proxy(tmp_path, database_config, monkeypatch):
    def serve(proxy: str):
        monkeypatch.setenv("COMPANION_TRUSTED_PROXY", proxy)
        server, stop = start_server(tmp_path / "instance", TESTING=True, TRUSTED_HOSTS=["games.ourclub.org"],
                                    **database_config)
        started.append((server, stop))
        return server
    started = []
    yield serve
    for server, stop in started:
        stop()
        server.store().engine.dispose()


FORWARDED = {"X-Forwarded-Host": "games.ourclub.org", "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.5"}


def share_page(server, edit_token: str) -> urllib.request.Request:
    return urllib.request.Request(f"{server.url}/g/{edit_token}/share", headers=FORWARDED)


def test_links_name_the_host_and_scheme_the_trusted_proxy_was_asked_for(behind_proxy):
    server = behind_proxy("127.0.0.1")   # the test's own requests come from the "proxy"
    game = server.store().create(table.new_game(GAME))
    with urllib.request.urlopen(share_page(server, game.edit_token)) as answer:
        page = answer.read().decode()
    assert re.search(rf'value="https://games\.ourclub\.org/v/{game.view_token}"', page)


def test_forwarded_headers_from_anyone_else_are_ignored(behind_proxy):
    server = behind_proxy("10.9.9.9")   # a proxy somewhere else: these requests are not from it
    game = server.store().create(table.new_game(GAME))
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(share_page(server, game.edit_token))
    assert refused.value.code == 400   # the Host is 127.0.0.1, not a trusted host
