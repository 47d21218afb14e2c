"""`companion serve`: uvicorn (the Flask app and the live streams, ``companion.web.serving.asgi``),
on the local network unless told otherwise; Flask's reloading debug server only with --dev."""

from __future__ import annotations

import gc
import json
import os
import sys
from typing import TextIO

from companion.web.serving.lan import is_loopback_host, lan_address, url

NETWORK = "0.0.0.0"
# Where the hard open-files limit is "unlimited": a soft limit this high (the streams' caps keep within it).
OPEN_FILES_WANTED = 65_536
# Flask runs in a2wsgi's threads beside the event loop: with CPython's default 5 ms
# GIL switch interval each hand-over could cost milliseconds per request.
SWITCH_INTERVAL = 0.0005
# CPython's cyclic collector: a tap makes some twenty thousand containers (Jinja's contexts and
# macros, a drawing's pieces), and the default thresholds (700, 10, 10) ran three collections a
# tap, a tenth of its time, each walking the caches' long-lived pages again. Young collections ten
# times rarer, what the start made frozen out of them (measured: bench/tap_cost.py).
COLLECTOR_THRESHOLDS = (10_000, 20, 20)


def listening_address(host: str | None, dev: bool) -> str:
    """Where to listen: as asked; else the local network (Flask's debugger stays on this machine)."""
    return host or ("127.0.0.1" if dev else NETWORK)


def shared_address(listen: str) -> str | None:
    """The address other devices open, None when they cannot reach this server (or there is no network)."""
    if listen in (NETWORK, "::", ""):
        return lan_address()
    return None if is_loopback_host(listen) else listen


def announce(out: TextIO, scheme: str, listen: str, port: int, shared: str | None, instance: str,
             fingerprint: str | None = None) -> None:
    """Say where the server is: the address phones open, with a QR code to scan, or why there is none."""
    import segno

    if shared:
        address = url(scheme, shared, port)
        print(f"Architects Companion is on the local network. Phones on this network open\n\n    {address}\n",
              file=out)
        segno.make(address, error="m").terminal(out=out, compact=True)
        print("\nAnyone on this network who has a game's link can open that game: the links are the keys.\n"
              "`companion serve --host 127.0.0.1` keeps it to this machine.", file=out)
    elif is_loopback_host(listen):
        print(f"Architects Companion on {url(scheme, listen, port)} (this machine only)", file=out)
    else:
        print(f"Architects Companion on {url(scheme, '127.0.0.1', port)}: no network found, "
              "so only this machine can open it.", file=out)
    if fingerprint:
        print(f"Secure mode: the certificate is made here, so each phone warns once. Its SHA-256 fingerprint:\n"
              f"    {fingerprint}", file=out)
    print(f"Instance folder: {instance}", file=out, flush=True)


def allow_many_connections() -> int | None:
    """Raise this process's open-files limit (soft) to the hard limit: every stream and every
    sleeping phone holds a socket. Returns the limit now in force (None: no such limit here)."""
    try:
        import resource
    except ImportError:       # not on this system
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = OPEN_FILES_WANTED if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):   # refused (a container's own cap): keep what there is
            return soft
        return wanted
    return soft


def asgi_app(flask_app, recipe=None):
    """The Flask app and its streams as uvicorn serves them, behind the trusted proxy if one is named;
    with a ``long_work.Recipe`` to make the app again, long work has a process of its own."""
    from companion.web.serving.asgi import CompanionApp, behind_proxy

    app = CompanionApp(flask_app, threads=int(os.environ.get("COMPANION_THREADS", "1")), recipe=recipe)
    proxy = os.environ.get("COMPANION_TRUSTED_PROXY")
    return behind_proxy(app, proxy) if proxy else app


def _settings(host: str, port: int, config) -> dict:
    """uvicorn's settings; ``config`` is the Flask app's (``KEEP_ALIVE_SECONDS``)."""
    return dict(
        host=host, port=port, lifespan="on", log_level="warning", access_log=False,
        proxy_headers=False,                      # asgi_app trusts COMPANION_TRUSTED_PROXY alone
        server_header=False, headers=[("Server", "architects-companion")],
        timeout_graceful_shutdown=3,
        # a phone taps every few seconds: keep its connection (and TLS) warm, for so long and no longer
        timeout_keep_alive=config["KEEP_ALIVE_SECONDS"],
        http="companion.web.serving.connections:BoundedHttpProtocol",   # a request's head and body must keep coming
        loop="companion.web.serving.connections:EventLoop",              # out of descriptors: wait, say so once a minute
    )


def uvicorn_config(flask_app, host: str, port: int, recipe=None, **options):
    """How uvicorn serves the app (`companion serve`, and the tests' and benches' servers)."""
    import uvicorn

    from companion.web.serving.connections import limits_from

    config = uvicorn.Config(asgi_app(flask_app, recipe), **{**_settings(host, port, flask_app.config), **options})
    config.request_limits = limits_from(flask_app.config)   # read by each connection's protocol
    return config


# What each worker process needs to make its app (`--workers`): set by `run` for the processes it starts.
WORKER_ENV = "COMPANION_WORKER"


def settle_for_serving() -> None:
    """What a serving process sets once its app is made: the GIL's switch interval and the collector."""
    sys.setswitchinterval(SWITCH_INTERVAL)
    gc.freeze()   # (the modules, catalogues and templates the start made: long-lived, never garbage)
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def worker_app():
    """One worker process's app (`--workers N`: uvicorn calls this in each of the N processes). Each
    has its own memory and its own live listener; they hear of each other's changes as several
    servers on one database do (PostgreSQL's NOTIFY, or the SQLite watcher)."""
    from companion.web.serving.long_work import Recipe, app_from

    from companion.export import pdf

    recipe = Recipe(**json.loads(os.environ[WORKER_ENV]))
    app = app_from(recipe)
    pdf.load()
    from companion.web.serving.connections import BoundedHttpProtocol, limits_from

    BoundedHttpProtocol.limits_here = limits_from(app.config)   # uvicorn made this process's config, not us
    settle_for_serving()
    return asgi_app(app, recipe)


# How often uvicorn's server looks whether it must stop and renews its Date header (its own: ten times a
# second). Each wake-up of the loop costs more processor time here than what the look does; told to stop,
# it stops at once all the same (``handle_exit``).
TICK_SECONDS = 1.0


def _server(config):
    """uvicorn's server, waking once a second, not ten times (``TICK_SECONDS``). (Told to stop, it asks its
    connections to close, and the open streams end first: ``connections.end_with_the_server``.)"""
    import asyncio

    import uvicorn

    class Server(uvicorn.Server):
        stopping: asyncio.Event | None = None   # (set on its loop, ``ticking``, when told to stop)
        ticking: asyncio.AbstractEventLoop | None = None

        async def main_loop(self) -> None:
            # uvicorn's, but each tick is a second: ``on_tick`` renews the Date header when the count is a
            # multiple of ten, so it counts in tens
            self.stopping, self.ticking = asyncio.Event(), asyncio.get_running_loop()
            counter = 0
            should_exit = await self.on_tick(counter)
            while not should_exit:
                counter = (counter + 10) % 864000
                try:
                    async with asyncio.timeout(TICK_SECONDS):
                        await self.stopping.wait()
                except TimeoutError:
                    pass
                should_exit = await self.on_tick(counter)

        def handle_exit(self, sig, frame) -> None:
            super().handle_exit(sig, frame)
            if self.stopping is not None:
                self.ticking.call_soon_threadsafe(self.stopping.set)

    return Server(config)


def run(factory: str, host: str | None = None, port: int = 8000, instance: str | None = None, dev: bool = False,
        https: bool = False, workers: int = 1) -> int:
    """Serve the app ``factory`` makes ("module:function", as uvicorn names an app: the caller
    names it, and each process it starts makes the app again from it)."""
    from uvicorn.importer import import_from_string

    from companion.export import pdf
    from companion.web.serving.long_work import Recipe

    app = import_from_string(factory)(instance_path=instance)
    pdf.load()   # now, not on the first sheet a player asks for
    listen = listening_address(host, dev)
    shared = shared_address(listen)
    if not app.config.get("LAN_ADDRESS"):
        app.config["LAN_ADDRESS"] = shared
    scheme, tls, fingerprint = "http", None, None
    if https:
        from companion.web.serving.certificate import ensure_certificate, fingerprint as cert_fingerprint

        tls = ensure_certificate(app.instance_path, [shared] if shared else [])
        scheme, fingerprint = "https", cert_fingerprint(tls[0])
        app.config["HTTPS"] = True
    announce(sys.stdout, scheme, listen, port, shared, app.instance_path, fingerprint)
    if dev:
        app.run(host=listen, port=port, debug=True, use_reloader=True, ssl_context=tls)
        return 0
    allow_many_connections()
    certificate = dict(ssl_certfile=str(tls[0]) if tls else None, ssl_keyfile=str(tls[1]) if tls else None)
    if workers > 1:   # one port, several processes (a busy host: every core draws pages)
        import uvicorn

        os.environ[WORKER_ENV] = json.dumps(Recipe(app.instance_path, factory, shared, https)._asdict())
        uvicorn.run("companion.web.serving.server:worker_app", factory=True, workers=workers,
                    **_settings(listen, port, app.config), **certificate)
        return 0
    settle_for_serving()
    config = uvicorn_config(app, listen, port, recipe=Recipe(app.instance_path, factory, shared, https), **certificate)
    _server(config).run()
    return 0
