"""Hosts and origins (companion/web/hosts.py): without PUBLIC_URL or TRUSTED_HOSTS the server
answers only to this machine's own names and addresses, and no other site can change anything
on it; links name the LAN address the server found, never an address a request made up."""

from __future__ import annotations

import socket

import pytest
from sqlalchemy import func, select

from companion.web import hosts
from companion.web.storage.store import games

from .helpers import import_document, sample


def count_games(app) -> int:
    with app.extensions["store"].engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(games)).scalar()


# -- the Host a request names -----------------------------------------------------------------

@pytest.mark.parametrize("stranger", ["evil.example", "evil.example:8000", "192.0.2.66", "[2001:db8::1]:8000",
                                      "0.0.0.0:8000", "localhost.evil.example"])
def test_a_foreign_host_is_refused_and_makes_nothing(app, client, stranger):
    page = client.get("/", headers={"Host": stranger})
    assert page.status_code == 400 and "does not answer to that name" in page.get_data(as_text=True)
    made = client.post("/games/import", json=sample(), headers={"Host": stranger})   # a rebound name's script
    assert made.status_code == 400 and count_games(app) == 0


def test_the_machines_own_names_and_addresses_are_answered(make_app):
    machine = socket.gethostname()
    client = make_app(LAN_ADDRESS="192.168.1.20").test_client()
    for own in ("localhost", "localhost:8000", "127.0.0.1:8000", "[::1]:8000", "192.168.1.20:8000",
                machine, f"{machine}.local:8000", machine.upper()):
        assert client.get("/", headers={"Host": own}).status_code == 200, own
        assert client.post("/games/import", json=sample(), headers={"Host": own}).status_code == 303, own


def test_an_address_counts_as_this_machines_only_when_it_has_it():
    assert hosts.address_of_this_machine("127.0.0.1") and hosts.address_of_this_machine("::1")
    assert not hosts.address_of_this_machine("192.0.2.66")    # a documentation address: no machine has it
    assert not hosts.address_of_this_machine("0.0.0.0")       # binds anywhere, names nothing
    assert not hosts.address_of_this_machine("evil.example")


def test_the_public_address_is_answered_besides_the_machines_own(make_app):
    client = make_app(PUBLIC_URL="https://games.ourclub.org").test_client()
    assert client.get("/", headers={"Host": "games.ourclub.org"}).status_code == 200
    assert client.get("/", headers={"Host": "127.0.0.1:8000"}).status_code == 200   # a proxy on this machine
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400


def test_a_refusal_of_a_foreign_host_is_in_the_readers_language(client):
    page = client.get("/?lang=ko", headers={"Host": "evil.example"})
    assert page.status_code == 400 and "이 서버는 그 이름으로 열리지 않습니다" in page.get_data(as_text=True)


# -- where a change comes from ------------------------------------------------------------------

@pytest.mark.parametrize("headers", [{"Origin": "https://evil.example"},
                                     {"Origin": "http://localhost.evil.example"},
                                     {"Sec-Fetch-Site": "cross-site"},
                                     {"Sec-Fetch-Site": "cross-site", "Origin": "null"},
                                     {"Sec-Fetch-Site": "same-site", "Origin": "http://other.localhost.example"},
                                     {"Sec-Fetch-Site": "same-site", "Origin": "null"},
                                     {"Origin": "http://[not-an-origin"}, {"Origin": "garbage"}])
def test_a_change_from_another_site_is_refused_and_changes_nothing(app, client, headers):
    made = client.post("/games/import", json=sample(), headers=headers)
    assert made.status_code == 403 and "came from another site" in made.get_data(as_text=True)
    assert count_games(app) == 0
    edit, _view = import_document(client, sample())
    moved = client.post(f"/g/{edit}/moves", json={"kind": "virtue", "player": 0, "delta": 1}, headers=headers)
    assert moved.status_code == 403
    assert app.extensions["store"].find(edit)[0].revision == 0
    assert client.post("/groups/new", json={"name": "Club"}, headers=headers).status_code == 403


def test_a_form_from_another_site_is_refused_even_with_a_csrf_token(client, csrf_token):
    refused = client.post("/groups/new", data={"csrf_token": csrf_token, "name": "Club"},
                          headers={"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"})
    assert refused.status_code == 403


@pytest.mark.parametrize("headers", [{},
                                     {"Origin": "http://localhost"},
                                     {"Origin": "http://localhost:8000", "Sec-Fetch-Site": "same-origin"},
                                     {"Sec-Fetch-Site": "none"},
                                     # this site's own forms, under its Referrer-Policy: no-referrer
                                     {"Origin": "null", "Sec-Fetch-Site": "same-origin"},
                                     {"Origin": "http://127.0.0.1:8000", "Sec-Fetch-Site": "same-site"}])
def test_a_change_from_this_server_or_no_browser_goes_through(client, headers):
    assert client.post("/games/import", json=sample(), headers=headers).status_code == 303


def test_a_link_from_another_site_still_opens_a_page(client):
    """Only changes are refused: a game's link shared in a chat opens (a cross-site navigation)."""
    edit, view = import_document(client, sample())
    for path in ("/", f"/g/{edit}", f"/v/{view}"):
        answer = client.get(path, headers={"Sec-Fetch-Site": "cross-site", "Origin": "https://chat.example"})
        assert answer.status_code == 200, path


def test_the_public_address_may_send_changes(make_app):
    """Behind a proxy that passes this machine's address on, the browser's Origin is the public one."""
    client = make_app(PUBLIC_URL="https://games.ourclub.org").test_client()
    answer = client.post("/games/import", json=sample(),
                         headers={"Host": "127.0.0.1:8000", "Origin": "https://games.ourclub.org"})
    assert answer.status_code == 303


def test_with_trusted_hosts_an_origin_must_be_one_of_them(make_app):
    client = make_app(TRUSTED_HOSTS=["games.ourclub.org"]).test_client()
    ours = {"Host": "games.ourclub.org"}
    assert client.post("/games/import", json=sample(), headers={**ours, "Origin": "https://games.ourclub.org"}
                       ).status_code == 303
    assert client.post("/games/import", json=sample(), headers={**ours, "Origin": "https://evil.example"}
                       ).status_code == 403


# -- the host in links (issue 36) ------------------------------------------------------------------

def test_links_name_the_lan_address_never_the_address_a_request_named(make_app):
    """127.0.0.1 is accepted (this machine) but only this machine understands it: the share page,
    the QR code and the sheet name the LAN address instead; an address that is not this machine's
    never gets as far as a link."""
    import io

    import pypdf

    from companion.web.games import qr_svg

    client = make_app(LAN_ADDRESS="192.168.1.20").test_client()
    edit, view = import_document(client, sample(phase="finished"))
    here = {"Host": "127.0.0.1:8000"}
    assert f"http://192.168.1.20:8000/v/{view}" in client.get(f"/g/{edit}/share", headers=here).get_data(as_text=True)
    assert client.get(f"/g/{edit}/qr/view.svg", headers=here).get_data() == qr_svg(f"http://192.168.1.20:8000/v/{view}")
    pdf = client.get(f"/g/{edit}/sheet.pdf", headers=here)
    text = "".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf.data)).pages).replace("\n", "")
    assert f"http://192.168.1.20:8000/v/{view}" in text and "127.0.0.1" not in text
    for made_up in ("203.0.113.9:8000", "[2001:db8::7]"):
        for path in ("share", "qr/view.svg", "qr/edit.svg", "sheet.pdf"):
            assert client.get(f"/g/{edit}/{path}", headers={"Host": made_up}).status_code == 400, (made_up, path)
