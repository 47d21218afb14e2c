"""Light on the phone's data: answers compressed (Flask-Compress), static files under
versioned addresses cached for a year, and ``/favicon.ico``.

Static text files are compressed once per version at each algorithm's best (brotli 11, gzip
9) and sent in the smaller encoding the browser accepts: the fast brotli level that suits a
page made per phone made them larger than deflate (58.5 KB against 44.5 KB).

Every ``url_for('static', filename=...)`` (and a game blueprint's own ``'<name>.static'``) carries ``?v=<hash of the file's content>``
(a ``url_defaults`` hook, so templates need nothing of their own). A request for the
current version is answered ``immutable`` for a year: a page load asks for nothing it
already has; a changed file has a new address, so a new version shows at once. Any
other version (or none) is answered ``no-cache``.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import threading
from pathlib import Path

import brotli

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


class Precompressed:
    """Each static text file's encodings, made once per version: {"br": bytes, "gzip": bytes}."""

    def __init__(self) -> None:
        self._made: dict[tuple[Path, str], dict[str, bytes]] = {}
        self._lock = threading.Lock()

    def of(self, path: Path, version: str) -> dict[str, bytes]:
        key = (path, version)
        with self._lock:
            made = self._made.get(key)
        if made is None:
            raw = path.read_bytes()
            made = {"br": brotli.compress(raw, quality=11), "gzip": gzip.compress(raw, compresslevel=9, mtime=0)}
            with self._lock:
                self._made[key] = made
        return made


precompressed = Precompressed()


def static_folder(endpoint: str = "static") -> str | None:
    """The folder an endpoint serves static files from: the app's, or a blueprint's own (a game's
    package keeps its static files beside its code)."""
    if endpoint == "static":
        return current_app.static_folder
    name, _, view = endpoint.rpartition(".")
    blueprint = current_app.blueprints.get(name) if view == "static" else None
    return blueprint.static_folder if blueprint is not None else None


def smallest_encoding(response, filename: str, endpoint: str = "static") -> None:
    """Answer a static text file in the smallest encoding the browser accepts, made once per version."""
    folder = static_folder(endpoint)
    version = static_version(filename, endpoint)
    if not folder or not version or response.mimetype not in COMPRESSED_TYPES:
        return
    accepted = {name: body for name, body in precompressed.of(Path(folder, filename), version).items()
                if request.accept_encodings.quality(name) > 0}
    if not accepted:
        return
    name, body = min(accepted.items(), key=lambda item: len(item[1]))
    if response.content_length is not None and len(body) >= response.content_length:
        return
    response.direct_passthrough = False
    response.set_data(body)
    response.headers["Content-Encoding"] = name
    etag, weak = response.get_etag()
    if etag:
        response.set_etag(f"{etag}:{name}", weak=weak)


def static_version(filename: str, endpoint: str = "static") -> str | None:
    """The version of one static file (None for a file that is not there)."""
    folder = static_folder(endpoint)
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
        if endpoint.rpartition(".")[2] == "static" and "filename" in values and "v" not in values:
            version = static_version(values["filename"], endpoint)
            if version:
                values["v"] = version

    # after_request hooks run last-registered first: this one before Flask-Compress's, which leaves
    # an answer that already says its Content-Encoding as it is
    @app.after_request
    def _static_caching(response):
        endpoint = request.endpoint or ""
        if endpoint.rpartition(".")[2] == "static" and response.status_code in (200, 304):
            filename = (request.view_args or {}).get("filename", "")
            current = request.args.get("v") and request.args.get("v") == static_version(filename, endpoint)
            response.headers["Cache-Control"] = IMMUTABLE if current else "no-cache"
            if response.status_code == 200 and "Content-Range" not in response.headers:
                smallest_encoding(response, filename, endpoint)
        return response

    app.register_blueprint(bp)
