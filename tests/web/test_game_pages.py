"""Each registered game's pages (companion/web/game_pages.py): registered at start-up from the
registry (a game whose pages are missing stops the start), no game answering at another game's
addresses or overriding the shared ones, and the shared addresses handing a game to its own."""

import sys
import types

import pytest

from companion import games
from companion.games import Game
from companion.web import game_pages
from companion.amytis import GAME_ID as AMYTIS
from companion.aotwk.rules.document import GAME_ID as AOTWK
from companion.score_pad import GAME_ID as SCORE_PAD


@pytest.fixture
def registry_again():
    """The registry read afresh (before and after the test): a test changes what is installed."""
    games.installed.cache_clear()
    game_pages.every_game.cache_clear()
    yield
    games.installed.cache_clear()
    game_pages.every_game.cache_clear()


def test_a_registered_game_whose_pages_are_missing_stops_the_start(make_app, monkeypatch, registry_again):
    """Blueprints were once listed as strings and skipped when missing: a game with no pages
    then answered nowhere, silently. Now the start fails, naming the missing module."""
    registration = types.ModuleType("tests.web.third_game_registration")
    registration.GAME = Game(id="third_game", name="A third game", score_document=lambda doc: {},
                             web="tests.web.third_game_pages_not_written")
    monkeypatch.setitem(sys.modules, registration.__name__, registration)
    monkeypatch.setattr(games, "INSTALLED", (*games.INSTALLED, registration.__name__))
    with pytest.raises(ModuleNotFoundError, match="third_game_pages_not_written"):
        make_app()


def test_pages_named_for_another_game_stop_the_start(make_app, monkeypatch, registry_again):
    registration = types.ModuleType("tests.web.mislabelled_registration")
    registration.GAME = Game(id="third_game", name="A third game", score_document=lambda doc: {},
                             web="companion.amytis.web")   # Amytis's pages, registered under another id
    monkeypatch.setitem(sys.modules, registration.__name__, registration)
    monkeypatch.setattr(games, "INSTALLED", (*games.INSTALLED, registration.__name__))
    with pytest.raises(RuntimeError, match="registered as 'third_game'"):
        make_app()


def test_every_registered_game_has_its_pages_and_its_own_blueprints(app):
    every = game_pages.every_game()
    assert list(every) == [AOTWK, AMYTIS, SCORE_PAD]
    for pages in every.values():
        assert pages.blueprints and all(app.blueprints[bp.name] is bp for bp in pages.blueprints)


def test_the_home_page_and_a_groups_page_offer_each_game_that_declares_its_start(client, csrf_token):
    """A game's "new game" button comes from its own pages (GamePages.start): the shared templates name no game."""
    home = client.get("/").get_data(as_text=True)
    assert 'href="/amytis/new"' in home and 'href="/score-pad/new"' in home
    created = client.post("/groups/new", data={"csrf_token": csrf_token, "name": "Friday"})
    group = created.headers["Location"].rsplit("/", 1)[-1]
    page = client.get(f"/groups/{group}").get_data(as_text=True)
    assert f'href="/amytis/new?group={group}"' in page and f'href="/score-pad/new?group={group}"' in page


def test_no_address_is_answered_twice(app):
    """No game overrides another's routes or the shared ones: each rule and method has one endpoint."""
    seen = {}
    for rule in app.url_map.iter_rules():
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            key = (rule.rule, method)
            assert key not in seen, f"{rule.rule} {method}: {seen[key]} and {rule.endpoint}"
            seen[key] = rule.endpoint


def test_a_game_blueprint_owns_no_shared_address(app):
    """The contract's addresses (shared/contracts/web-routes.md) are the shell's, handed to each game."""
    shared = {"/g/<token>", "/v/<token>", "/<any(g, v):access>/<token>/sheet.pdf", "/g/<token>/export.json",
              "/g/<token>/score.json", "/g/<token>/moves", "/g/<token>/stream", "/g/<token>/rematch"}
    owners = {rule.rule: rule.endpoint.split(".")[0] for rule in app.url_map.iter_rules() if rule.rule in shared}
    assert set(owners) == shared
    game_blueprints = {bp.name for pages in game_pages.every_game().values() for bp in pages.blueprints}
    assert not set(owners.values()) & game_blueprints


def test_a_game_s_kind_is_decided_once_when_it_is_read(client, monkeypatch):
    """Issue 29: the game's kind is resolved once per request, when the game is read (``Game.kind``),
    not again by every part of the request that needs its pages (the history page: its rounds, each
    sentence, Undo's name)."""
    import companion.web.storage.store as store_module
    from companion import games
    from tests.web.helpers import import_document, sample

    token, _view = import_document(client, {**sample(), "phase": "playing"})
    asked = []
    real = games.kind_of
    monkeypatch.setattr(games, "kind_of", lambda doc: asked.append(1) or real(doc))
    monkeypatch.setattr(store_module, "kind_of", games.kind_of)
    client.application.extensions["store"].forget()   # read from the database again, as another process would
    assert client.get(f"/g/{token}/history").status_code == 200
    assert len(asked) == 1
