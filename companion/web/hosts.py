"""Which names a request may call this server by, which sites may change anything on it, and
which host the links it hands out name.

A page of any site can point a name of its own at this server's LAN address ("DNS rebinding")
and have a visitor's browser send it requests that the browser takes for that site's own: the
``Host`` then names the stranger's site. So, unless the person running the server said which
names it answers to (``TRUSTED_HOSTS``, checked by Flask), it answers only to this machine's own
names and addresses: loopback (``localhost``, 127.0.0.1, ::1), the LAN address it announced
(``LAN_ADDRESS``), any other address of this machine, its host name and ``<host name>.local``,
plus ``PUBLIC_URL``'s host when one is set. Any other ``Host`` is a 400.

A change (any method but GET, HEAD, OPTIONS) whose ``Origin`` names another site, or which the
browser says is ``Sec-Fetch-Site: cross-site``, is a 403, changing nothing: a JSON body needs no
CSRF token, so this is what stops another site's script from sending one. ``same-site`` (a sibling
name under one domain, or this host on another port) passes only with an ``Origin`` that names
this server: a sibling's own pages are another site's as far as the games are concerned.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from flask import Flask, abort, current_app, request
from flask_babel import lazy_gettext as _l
from werkzeug.sansio.utils import host_is_trusted

from companion.web.serving.lan import is_loopback_host

UNKNOWN_NAME = _l("This server does not answer to that name. Open it by the address it printed; the person "
                  "running it can add a name with TRUSTED_HOSTS or PUBLIC_URL (see the README).")
FROM_ANOTHER_SITE = _l("This request came from another site, so nothing was changed.")
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def split_host(host: str) -> tuple[str, str]:
    """A Host header as (name, ":port" or "")."""
    if host.startswith("["):                 # [::1]:8000
        name, _, rest = host[1:].partition("]")
        return name, rest
    if host.count(":") == 1:                 # 192.168.1.5:8000, localhost:8000
        name, port = host.split(":")
        return name, ":" + port
    return host, ""


def machine_name(name: str) -> bool:
    """This machine's host name, or its ``.local`` name (mDNS)."""
    machine = socket.gethostname().lower()
    return name.lower() in (machine, f"{machine}.local")


def address_of_this_machine(name: str) -> bool:
    """Whether ``name`` is an IP address this machine has: only one of its own can be bound
    (nothing is sent, and the socket is closed at once)."""
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    if address.is_unspecified or address.is_multicast:   # 0.0.0.0 binds anywhere: it names no machine
        return False
    family = socket.AF_INET6 if address.version == 6 else socket.AF_INET
    with socket.socket(family, socket.SOCK_DGRAM) as probe:
        try:
            probe.bind((str(address), 0))
        except OSError:
            return False
    return True


def own_name(name: str) -> bool:
    """This machine's own name or address (no port): what a phone may use without configuration."""
    name = name.lower()
    lan = current_app.config.get("LAN_ADDRESS")   # what the phones use: asked first
    return (lan is not None and name == lan.lower()) or is_loopback_host(name) or machine_name(name) \
        or address_of_this_machine(name)


def names_this_server(host: str) -> bool:
    """Whether a ``host[:port]`` (a Host header, an Origin's) names this server: one of the
    ``TRUSTED_HOSTS`` where they are set; else this machine's own names and ``PUBLIC_URL``'s host."""
    trusted = current_app.config.get("TRUSTED_HOSTS")
    if trusted is not None:
        return host_is_trusted(host, trusted)
    name = split_host(host)[0].lower()
    public = current_app.config.get("PUBLIC_URL")
    return own_name(name) or bool(public and urlsplit(public).hostname == name)


def shared_host(host: str) -> str:
    """The host a shared link names for a request to ``host`` (one ``names_this_server`` accepted,
    where neither ``PUBLIC_URL`` nor ``TRUSTED_HOSTS`` says it): where the request named this machine
    in a way only it understands (127.0.0.1, localhost, its own name), the LAN address the server
    listens on (``LAN_ADDRESS``, set by ``companion serve``), so that another device can open the link;
    another address of this machine stays as it is (a phone on that network reached it)."""
    lan = current_app.config.get("LAN_ADDRESS")
    name, port = split_host(host)
    if not lan or not (is_loopback_host(name) or machine_name(name)):
        return host
    return (f"[{lan}]" if ":" in lan else lan) + port


def _from_another_site() -> bool:
    site = request.headers.get("Sec-Fetch-Site")
    if site == "cross-site":
        return True
    origin = request.headers.get("Origin")
    # None: not a browser. "null": what a browser sends with this site's own forms and fetches, as its
    # Referrer-Policy is no-referrer (the Fetch standard), and with anyone's that sets the same policy.
    # Then only the browser's word is left: same-origin or none passes, another origin of the site does not.
    if origin is None or origin == "null":
        return site == "same-site"
    try:
        sender = urlsplit(origin)
        same_name = sender.hostname == split_host(request.host)[0].lower()
    except ValueError:   # not an origin at all ("http://[oops"): no browser sends that
        return True
    return not (same_name or names_this_server(sender.netloc))


def _check_request() -> None:
    # (with TRUSTED_HOSTS, Flask refused any other Host before this)
    if current_app.config.get("TRUSTED_HOSTS") is None and not names_this_server(request.host):
        abort(400, UNKNOWN_NAME)
    if request.method not in SAFE_METHODS and _from_another_site():
        abort(403, FROM_ANOTHER_SITE)


def register(app: Flask) -> None:
    """The first of the app's checks: nothing else runs for a request that names another server or comes
    from another site (called once every blueprint added its own)."""
    app.before_request_funcs.setdefault(None, []).insert(0, _check_request)
