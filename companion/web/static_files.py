"""Light on the phone's data: answers compressed (Flask-Compress), static files under
versioned addresses cached for a year, and ``/favicon.ico``.

Every ``url_for('static', filename=...)`` carries ``?v=<hash of the file's content>``
(a ``url_defaults`` hook, so templates need nothing of their own). A request for the
current version is answered ``immutable`` for a year: a page load asks for nothing it
already has; a changed file has a new address, so a new version shows at once. Any
other version (or none) is answered ``no-cache``.
"""

from __future__ import annotations

import hashlib
import os
import threading
from pathlib import Path

from flask import Blueprint, Flask, current_app, request, send_from_directory
from flask_compress import Compress

bp = Blueprint("static_files", __name__)
compress = Compress()

# Text worth compressing. Never text/event-stream (a stream's events must leave at once,
# not wait in a compressor's buffer), nor PDFs or PNGs (compressed already).
COMPRESSED_TYPES = [
    "text/html", "text/css", "text/javascript", "application/javascript", "application/json",
    "application/manifest+json", "image/svg+xml", "text/plain",
]
COMPRESSION = dict(
    COMPRESS_MIMETYPES=COMPRESSED_TYPES,
    COMPRESS_ALGORITHM=["br", "gzip"],
    COMPRESS_ALGORITHM_STREAMING=["br", "deflate"],   # static files are sent as streams
    # Every phone's answer is compressed on its own (each carries its CSRF token), and push makes
    # a change cost one answer per phone: the fastest levels. Measured on a 63 KB region (5
    # players): brotli 1 makes 4.7 KB in 0.14 ms where brotli 4 makes 3.5 KB in 2.3 ms.
    COMPRESS_BR_LEVEL=1,
    COMPRESS_LEVEL=3,       # gzip, for the rare browser without brotli
    COMPRESS_MIN_SIZE=500,
)
IMMUTABLE = "public, max-age=31536000, immutable"
VERSION_LENGTH = 12
FAVICON = "icon-192.png"   # the manifest's icon


class StaticVersions:
    """The content hash of each static file, read again only when the file changes."""

    def __init__(self) -> None:
        self._known: dict[Path, tuple[tuple[int, int], str]] = {}
        self._lock = threading.Lock()

    def of(self, folder: str, filename: str) -> str | None:
        path = Path(folder, filename)
        try:
            stat = path.stat()
        except (OSError, ValueError):
            return None
        stamp = (stat.st_mtime_ns, stat.st_size)
        with self._lock:
            known = self._known.get(path)
        if known and known[0] == stamp:
            return known[1]
        version = hashlib.sha256(path.read_bytes()).hexdigest()[:VERSION_LENGTH]
        with self._lock:
            self._known[path] = (stamp, version)
        return version


versions = StaticVersions()


def static_version(filename: str) -> str | None:
    """The version of one static file (None for a file that is not there)."""
    folder = current_app.static_folder
    if not folder or os.path.isabs(filename) or ".." in Path(filename).parts:
        return None
    return versions.of(folder, filename)


@bp.get("/favicon.ico")
def favicon():
    """Browsers ask for it on every site: the manifest's icon, so no page logs a 404."""
    return send_from_directory(current_app.static_folder, FAVICON, mimetype="image/png", max_age=86400)


def register(app: Flask) -> None:
    for key, value in COMPRESSION.items():
        app.config.setdefault(key, value)
    compress.init_app(app)

    @app.url_defaults
    def _versioned_static(endpoint: str, values: dict) -> None:
        if endpoint == "static" and "filename" in values and "v" not in values:
            version = static_version(values["filename"])
            if version:
                values["v"] = version

    @app.after_request
    def _static_caching(response):
        if request.endpoint == "static" and response.status_code in (200, 304):
            filename = (request.view_args or {}).get("filename", "")
            current = request.args.get("v") and request.args.get("v") == static_version(filename)
            response.headers["Cache-Control"] = IMMUTABLE if current else "no-cache"
        return response

    app.register_blueprint(bp)
