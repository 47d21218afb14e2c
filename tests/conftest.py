"""Shared fixtures: a Flask app over a fresh instance folder, and its test client."""

from __future__ import annotations

import re

import pytest

from companion.web import create_app


@pytest.fixture
def instance_dir(tmp_path):
    return tmp_path / "instance"


@pytest.fixture
def make_app(instance_dir):
    """Build an app over the test's instance folder; call it twice to simulate a server restart."""
    def build(**config):
        return create_app({"TESTING": True, **config}, instance_path=instance_dir)
    return build


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def client(app):
    return app.test_client()


CSRF_FIELD = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"')
CSRF_HEADER = re.compile(r'"X-CSRFToken": "([^"]+)"')


def csrf_token_from(html: str) -> str:
    """The CSRF token a page hands its forms (every page carries one for htmx)."""
    match = CSRF_HEADER.search(html) or CSRF_FIELD.search(html)
    assert match, "the page carries no CSRF token"
    return next(group for group in match.groups() if group)


@pytest.fixture
def csrf_token(client):
    """A CSRF token valid for ``client``'s session."""
    return csrf_token_from(client.get("/").get_data(as_text=True))
