"""Cookies and transport (issue 33): the session cookie is Secure on every https page, static
files carry no cookie, HSTS where https is how the server is reached. (The trusted proxy's
``X-Forwarded-Proto`` is in tests/web/test_asgi.py, ``--https`` itself in tests/web/test_serve.py.)"""

from __future__ import annotations

import re

import pytest

VERSIONED_CSS = re.compile(r'(/static/app\.css\?v=[0-9a-f]{12})"')


def session_cookie(response) -> str:
    cookies = [value for value in response.headers.getlist("Set-Cookie") if value.startswith("session=")]
    assert len(cookies) == 1, response.headers
    return cookies[0]


def test_the_session_cookie_is_secure_on_an_https_page_and_only_there(app):
    assert "; Secure" in session_cookie(app.test_client().get("/", base_url="https://localhost"))
    assert "Secure" not in session_cookie(app.test_client().get("/"))   # plain http on the LAN: a Secure cookie would be dropped


def test_the_language_cookie_is_secure_on_an_https_page(client):
    answer = client.get("/language/ko?next=/", base_url="https://localhost")
    assert any(value.startswith("lang=ko") and "; Secure" in value for value in answer.headers.getlist("Set-Cookie"))


def test_a_static_file_carries_no_cookie_even_for_a_phone_without_one(app):
    page = app.test_client().get("/").get_data(as_text=True)
    client = app.test_client()   # a phone whose first request is a file (the service worker's cache, say)
    for path in (VERSIONED_CSS.search(page).group(1), "/static/app.js", "/favicon.ico"):
        answer = client.get(path)
        assert answer.status_code == 200
        assert "Set-Cookie" not in answer.headers, path


@pytest.mark.parametrize("config", [{"HTTPS": True}, {"PUBLIC_URL": "https://games.ourclub.org"}])
def test_hsts_on_https_answers_when_https_is_how_the_server_is_reached(make_app, config):
    client = make_app(**config, HSTS_SECONDS=600).test_client()
    assert client.get("/healthz", base_url="https://localhost").headers["Strict-Transport-Security"] == "max-age=600"
    assert "Strict-Transport-Security" not in client.get("/healthz").headers   # never promised over plain http


@pytest.mark.parametrize("config", [{}, {"PUBLIC_URL": "http://games.ourclub.org"}])
def test_no_hsts_where_plain_http_may_come_back(make_app, config):
    """Reached over https through some proxy, but not promised: a later plain-http evening must still work."""
    client = make_app(**config).test_client()
    assert "Strict-Transport-Security" not in client.get("/healthz", base_url="https://localhost").headers
