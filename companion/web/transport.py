"""What an answer says about its transport (issue 33): cookies ``Secure`` whenever the page
is https, no cookie on a static file, and HSTS where the server is meant to be reached over https.

A page is https when this server speaks TLS (``companion serve --https``) or the trusted
proxy says so (``X-Forwarded-Proto: https`` from ``COMPANION_TRUSTED_PROXY``, which
``companion.web.serving.asgi.behind_proxy`` turns into the request's scheme; anyone else's header is
ignored): Flask's ``request.is_secure``.

HSTS (``Strict-Transport-Security``) is sent on https answers only, and only when https is
how this server is meant to be reached: ``--https``, or ``PUBLIC_URL`` starting ``https://``.
A host that later goes back to plain http would be unreachable for ``HSTS_SECONDS`` from every
phone that saw it, so a server merely reached through some https proxy does not promise it.
"""

from __future__ import annotations

from flask import Flask, has_request_context, request
from flask.sessions import SecureCookieSessionInterface

# Answers that are the same for everyone and cached for a year: a cookie on them would be kept
# (or shared) with the file, and the session has nothing to do with them.
STATIC_ENDPOINTS = frozenset({"static", "static_files.favicon"})


def page_is_https() -> bool:
    return has_request_context() and request.is_secure


def https_is_promised(config) -> bool:
    """Whether this server is meant to be reached over https only (``--https`` or an https ``PUBLIC_URL``)."""
    return bool(config.get("HTTPS")) or str(config.get("PUBLIC_URL") or "").lower().startswith("https://")


class SessionCookies(SecureCookieSessionInterface):
    """Flask's signed-cookie session, ``Secure`` on an https page and never sent with a static file."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return super().get_cookie_secure(app) or page_is_https()

    def save_session(self, app: Flask, session, response) -> None:
        if has_request_context() and request.endpoint in STATIC_ENDPOINTS:
            return   # no cookie on a file every phone shares
        super().save_session(app, session, response)


def register(app: Flask) -> None:
    app.session_interface = SessionCookies()

    @app.after_request
    def _transport(response):
        if request.endpoint in STATIC_ENDPOINTS:
            response.headers.pop("Set-Cookie", None)   # whatever set one: a year-cached file carries none
        if request.is_secure and https_is_promised(app.config):
            response.headers.setdefault("Strict-Transport-Security", f"max-age={int(app.config['HSTS_SECONDS'])}")
        return response
