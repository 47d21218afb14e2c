"""Installable and usable on bad Wi-Fi: the service worker, served from the root so its
scope is the whole app (static/sw.js; the manifest and net.js are plain static files)."""

from __future__ import annotations

import mimetypes

from flask import Blueprint, current_app, send_from_directory

bp = Blueprint("net", __name__)
mimetypes.add_type("application/manifest+json", ".webmanifest")   # Python's table does not know it


@bp.get("/sw.js")
def service_worker():
    response = send_from_directory(current_app.static_folder, "sw.js", mimetype="text/javascript", max_age=0)
    response.headers["Cache-Control"] = "no-cache"   # a new worker is picked up on the next visit
    return response
