"""`companion serve`: waitress in production, Flask's reloading debug server only with --dev."""

from __future__ import annotations

import os


def display_url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    return f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"


def run(host: str = "127.0.0.1", port: int = 8000, instance: str | None = None, dev: bool = False) -> int:
    from companion.web import create_app

    app = create_app(instance_path=instance)
    print(f"Architects Companion on {display_url(host, port)}  (instance folder: {app.instance_path})", flush=True)
    if dev:
        app.run(host=host, port=port, debug=True, use_reloader=True)
        return 0
    import sys

    import waitress

    # waitress hands each request from its I/O thread to a worker thread; with
    # CPython's default 5 ms GIL switch interval that hand-over alone can cost
    # milliseconds per request. A shorter interval keeps a change well under 25 ms.
    sys.setswitchinterval(0.0005)

    # Every phone at every table keeps a connection open (it polls every 2 s), so
    # the default limit of 100 connections would lock out the 101st phone.
    options = {"threads": int(os.environ.get("COMPANION_THREADS", "8")), "ident": "architects-companion",
               "connection_limit": int(os.environ.get("COMPANION_CONNECTIONS", "1000")), "asyncore_use_poll": True}
    proxy = os.environ.get("COMPANION_TRUSTED_PROXY")
    if proxy:   # behind a reverse proxy, share links still name the public host and scheme, and the
        # client's own address (not the proxy's loopback) counts for the per-minute limits and the library's host
        options.update(trusted_proxy=proxy, trusted_proxy_headers={"x-forwarded-for", "x-forwarded-host",
                                                                   "x-forwarded-proto"},
                       clear_untrusted_proxy_headers=True)
    waitress.serve(app, host=host, port=port, **options)
    return 0
