"""Installable and usable on bad Wi-Fi: the service worker, served from the root so its
scope is the whole app (static/sw.js; the manifest and net.js are plain static files).

The worker is told the static files' versioned addresses (``static_files``), and its
cache is named after them: a changed file makes a new worker, which fetches the new
versions and drops the old cache."""

from __future__ import annotations

import hashlib
import json
import mimetypes
from pathlib import Path

from flask import Blueprint, Response, current_app, url_for

bp = Blueprint("net", __name__)
mimetypes.add_type("application/manifest+json", ".webmanifest")   # Python's table does not know it

# What the worker keeps for offline use: the files every page loads, and the icons.
OFFLINE_FILES = (
    "app.css", "app.js", "net.js", "pad.js", "vendor/htmx.min.js", "vendor/idiomorph.min.js",
    "manifest.webmanifest", "icon.svg", "icon-192.png", "icon-512.png",
)
FILES_LINE = "var STATIC_FILES = [];"
CACHE_LINE = 'var STATIC_CACHE = "companion-static-dev";'


@bp.get("/sw.js")
def service_worker():
    addresses = [url_for("static", filename=name) for name in OFFLINE_FILES]
    version = hashlib.sha256("\n".join(addresses).encode()).hexdigest()[:12]
    worker = Path(current_app.static_folder, "sw.js").read_text(encoding="utf-8")
    worker = worker.replace(FILES_LINE, f"var STATIC_FILES = {json.dumps(addresses)};", 1)
    worker = worker.replace(CACHE_LINE, f'var STATIC_CACHE = "companion-static-{version}";', 1)
    response = Response(worker, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"   # a new worker is picked up on the next visit
    return response
