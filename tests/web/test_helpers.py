"""Headers on every answer, share links from a configured address, this device's games kept
on the server rather than in its cookie (issue 9)."""

from __future__ import annotations

import base64
import json
import re
import zlib

import pytest

from companion.web.games import qr_svg

from .helpers import import_document, sample


def test_every_answer_carries_a_strict_content_security_policy(client):
    for path in ("/", "/static/app.css", "/no/such/page"):
        policy = client.get(path).headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert "img-src 'self' data:" in policy and "unsafe-inline" not in policy


def _cookie_payload(client) -> str:
    """The session cookie as anyone holding the phone can read it (signed, not encrypted)."""
    raw = client.get_cookie("session").value
    compressed = raw.startswith(".")
    data = base64.urlsafe_b64decode(raw.lstrip(".").split(".")[0] + "==")
    return (zlib.decompress(data) if compressed else data).decode()


def test_edit_tokens_never_sit_in_the_cookie_but_home_still_lists_the_games(client):
    edit_token, _ = import_document(client, sample(title="Cookie check"))
    client.get(f"/g/{edit_token}")
    assert edit_token not in _cookie_payload(client)
    home = client.get("/").get_data(as_text=True)
    assert "Cookie check" in home and f"/g/{edit_token}" in home
    other_device = client.application.test_client()
    assert "Cookie check" not in other_device.get("/").get_data(as_text=True)


def test_a_cookie_from_before_device_ids_is_moved_to_the_server(app, client):
    edit_token, _ = import_document(app.test_client(), sample(title="Old cookie game"))
    with client.session_transaction() as session:
        session["games"] = [edit_token]
    assert "Old cookie game" in client.get("/").get_data(as_text=True)
    assert edit_token not in _cookie_payload(client)
    assert "Old cookie game" in client.get("/").get_data(as_text=True)


def test_share_links_ignore_a_strangers_host_header(make_app):
    """A name or an address that is not this machine's is refused (companion/web/hosts.py), so it
    never reaches a link; this machine's own is kept where no LAN address is known (--dev)."""
    app = make_app()
    client = app.test_client()
    edit_token, view_token = import_document(client, sample())
    for stranger in ("evil.example", "192.0.2.66:8000"):
        for path in ("share", "qr/view.svg", "sheet.pdf"):
            assert client.get(f"/g/{edit_token}/{path}", headers={"Host": stranger}).status_code == 400
    local = client.get(f"/g/{edit_token}/share", headers={"Host": "127.0.0.1:8000"})
    assert f"http://127.0.0.1:8000/v/{view_token}" in local.get_data(as_text=True)


def test_share_links_and_qr_codes_use_the_public_address(make_app):
    app = make_app(PUBLIC_URL="https://games.ourclub.org/")
    client = app.test_client()
    edit_token, view_token = import_document(client, sample())
    page = client.get(f"/g/{edit_token}/share", headers={"Host": "127.0.0.1:8000"}).get_data(as_text=True)
    assert f"https://games.ourclub.org/v/{view_token}" in page and "127.0.0.1" not in page
    qr = client.get(f"/g/{edit_token}/qr/view.svg", headers={"Host": "games.ourclub.org"}).get_data()
    assert qr == qr_svg(f"https://games.ourclub.org/v/{view_token}")
    assert client.get(f"/g/{edit_token}/share", headers={"Host": "evil.example"}).status_code == 400


def test_trusted_hosts_refuse_any_other_host(make_app):
    app = make_app(TRUSTED_HOSTS=["games.ourclub.org"])
    client = app.test_client()
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400
    assert client.get("/", headers={"Host": "games.ourclub.org"}).status_code == 200


def test_share_links_opened_on_this_machine_name_its_lan_address(make_app, monkeypatch):
    """The host's own browser on 127.0.0.1 or localhost: the links and QR codes it hands out
    must open on a phone, so they carry the LAN address `companion serve` listens on."""
    from companion.web import hosts

    monkeypatch.setattr(hosts, "address_of_this_machine", lambda name: name == "10.0.0.7")   # a second network
    app = make_app(LAN_ADDRESS="192.168.1.20")
    client = app.test_client()
    edit_token, view_token = import_document(client, sample())
    for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000"):
        page = client.get(f"/g/{edit_token}/share", headers={"Host": host}).get_data(as_text=True)
        assert f"http://192.168.1.20:8000/v/{view_token}" in page and f"http://192.168.1.20:8000/g/{edit_token}" in page
        assert "127.0.0.1" not in page and "localhost" not in page
    qr = client.get(f"/g/{edit_token}/qr/view.svg", headers={"Host": "127.0.0.1:8000"}).get_data()
    assert qr == qr_svg(f"http://192.168.1.20:8000/v/{view_token}")
    # Another address of this machine, which other devices on that network reach, stays as it is.
    other = client.get(f"/g/{edit_token}/share", headers={"Host": "10.0.0.7:8000"}).get_data(as_text=True)
    assert f"http://10.0.0.7:8000/v/{view_token}" in other


def test_public_url_and_trusted_hosts_still_win_over_the_lan_address(make_app):
    public = make_app(LAN_ADDRESS="192.168.1.20", PUBLIC_URL="https://games.ourclub.org")
    client = public.test_client()
    edit_token, view_token = import_document(client, sample())
    page = client.get(f"/g/{edit_token}/share", headers={"Host": "127.0.0.1:8000"}).get_data(as_text=True)
    assert f"https://games.ourclub.org/v/{view_token}" in page and "192.168.1.20" not in page

    trusted = make_app(LAN_ADDRESS="192.168.1.20", TRUSTED_HOSTS=["localhost:8000", "games.ourclub.org"])
    client = trusted.test_client()
    edit_token, view_token = import_document(client, sample())
    page = client.get(f"/g/{edit_token}/share", headers={"Host": "localhost:8000"}).get_data(as_text=True)
    assert f"http://localhost:8000/v/{view_token}" in page

def test_no_page_or_file_behind_a_token_may_be_kept_by_a_cache(make_app):
    """Every GET address with a game's token or a deck's edit link, through real ones, answers
    Cache-Control: no-store (a shared or disk cache would hand the page to someone else)."""
    from companion.amytis import pad
    from tests.conftest import csrf_token_from

    from .test_bot_decks import deck_id_of

    app = make_app(FINISHED_GAMES_CSV_TOKEN="league")
    client = app.test_client()
    csrf = csrf_token_from(client.get("/").get_data(as_text=True))
    aotwk, _ = import_document(client, sample(phase="finished"))
    amytis = app.extensions["store"].create(pad.new_game(["Martine", "Paul"], "Pad"))
    games = [app.extensions["store"].find(aotwk)[0], amytis]
    deck = deck_id_of(client.post("/decks/new", data={"csrf_token": csrf, "name": "Club cards"}))
    client.post(f"/decks/{deck}/cards/new", data={"csrf_token": csrf, "group": "starting", "location": "town_centre",
                                                  "title": "Round-up", "a-0-do": "place_worker"})
    checked = 0
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or not {"token", "deck_id"} & rule.arguments:
            continue
        for game in games:
            for token, access in ((game.edit_token, "g"), (game.view_token, "v")):
                path = (rule.rule.replace("<any(g, v):access>", access).replace("<token>", token)
                        .replace("<deck_id>", deck).replace("<int:number>", "1").replace("<which>", "view"))
                path = re.sub(r"<any\(([^,)]+)[^>]*>", r"\1", path)   # any other choice: its first option
                answer = client.get(path)
                assert answer.headers.get("Cache-Control") == "no-store", (path, answer.status_code)
                checked += 1
    assert checked > 40
    for path in ("/library.json", "/games/finished.csv?token=league"):
        assert client.get(path).headers.get("Cache-Control") == "no-store", path
    assert "no-store" not in client.get("/sheets/blank.pdf").headers.get("Cache-Control", "")   # not behind a token


def test_a_region_asked_for_by_many_phones_at_once_is_drawn_once():
    """Push makes every other phone of a table ask for the same fresh region at the same moment
    (issue 20: "render each fragment once per revision and language for every phone that asks")."""
    import threading
    import time

    from companion.web.storage.cache import LRUCache

    cache, drawings, start = LRUCache(capacity=4), [], threading.Barrier(6)

    def draw():
        drawings.append(1)
        time.sleep(0.05)   # long enough for the other five to arrive while it draws
        return "<div>region</div>"

    answers = []

    def phone():
        start.wait()
        answers.append(cache.get_or_make(("game", 7), draw))

    threads = [threading.Thread(target=phone) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == ["<div>region</div>"] * 6
    assert len(drawings) == 1
    assert cache.get_or_make(("game", 8), draw) and len(drawings) == 2   # another revision is drawn anew


@pytest.fixture
def csrf_signatures(monkeypatch) -> list:
    """Every CSRF token Flask-WTF signs, as it signs it."""
    import flask_wtf.csrf

    signed = []

    class Counting(flask_wtf.csrf.URLSafeTimedSerializer):
        def dumps(self, obj, salt=None):
            signed.append(obj)
            return super().dumps(obj, salt)

    monkeypatch.setattr(flask_wtf.csrf, "URLSafeTimedSerializer", Counting)
    return signed


def test_a_session_signs_its_csrf_token_once_and_that_signature_keeps_working(app, client, csrf_signatures):
    """Flask-WTF signs the session's token afresh for every answer; with no time limit the first
    signature serves the whole session (companion.web.helpers), and still passes the check."""
    from tests.conftest import csrf_token_from

    edit_token, _ = import_document(client, sample())
    first = csrf_token_from(client.get(f"/g/{edit_token}").get_data(as_text=True))
    signatures = len(csrf_signatures)
    again = csrf_token_from(client.get(f"/g/{edit_token}").get_data(as_text=True))
    assert again == first and len(csrf_signatures) == signatures
    moved = client.post(f"/g/{edit_token}/move", data={"csrf_token": again, "rev": 0, "kind": "virtue", "player": 0,
                                                       "delta": 1}, headers={"HX-Request": "true"})
    assert moved.status_code == 200 and 'name="rev" value="1"' in moved.get_data(as_text=True)
    another_phone = app.test_client()
    assert csrf_token_from(another_phone.get(f"/g/{edit_token}").get_data(as_text=True)) != first


def test_with_a_time_limit_the_csrf_token_is_signed_for_every_answer(make_app, csrf_signatures):
    from tests.conftest import csrf_token_from

    client = make_app(WTF_CSRF_TIME_LIMIT=3600).test_client()
    csrf_token_from(client.get("/").get_data(as_text=True))
    csrf_token_from(client.get("/").get_data(as_text=True))
    assert len(csrf_signatures) == 2
