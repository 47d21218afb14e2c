"""The game's kind is resolved once per request (issue 29 item 1): when the stored game is read
(``store.Game.kind``), and every part of the request asks the game, not its document, again."""

from __future__ import annotations

from companion import games

from .test_table import HTMX, post_move, start


def _counting(monkeypatch) -> list:
    calls = []
    real = games.kind_of

    def counted(doc):
        calls.append(1)
        return real(doc)

    monkeypatch.setattr(games, "kind_of", counted)
    import companion.web.storage.store as store
    monkeypatch.setattr(store, "kind_of", counted)
    return calls


def test_a_tap_resolves_the_games_kind_once(client, csrf_token, monkeypatch):
    token = start(client, csrf_token)
    calls = _counting(monkeypatch)
    response = post_move(client, token, csrf_token, kind="virtue", player=1, delta=2)
    assert response.status_code == 200
    assert len(calls) == 1   # the game read under its lock; the page drawn from it asks it, not its document


def test_a_poll_resolves_the_games_kind_once(client, csrf_token, monkeypatch):
    token = start(client, csrf_token)
    calls = _counting(monkeypatch)
    response = client.get(f"/g/{token}/poll?rev=-1", headers=HTMX)
    assert response.status_code == 200
    assert len(calls) <= 1   # none when the game is already held (read before, with its kind)
