"""Serving: the app as uvicorn runs it (asgi, server), the live streams (live), whose request Flask
serves next (turns, long_work), what one connection may hold (connections), the LAN address and its
certificate (lan, certificate) and the static files. It imports the storage below it, never the
HTTP shell above it (the app factory is named to it: companion.cli.APP_FACTORY)."""
