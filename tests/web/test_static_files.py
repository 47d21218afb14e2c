"""Light on the phone's data (issue 20): compressed answers, versioned static files cached
for a year, the service worker on the versioned names, /favicon.ico."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import brotli
import pytest
from flask import Response

from companion.web.serving.static_files import IMMUTABLE, StaticVersions
from tests.web.helpers import import_document, sample

VERSIONED = re.compile(r'(/static/app\.css\?v=[0-9a-f]{12})"')


def decoded(response) -> str:
    body = response.get_data()
    encoding = response.headers.get("Content-Encoding")
    if encoding == "br":
        body = brotli.decompress(body)
    elif encoding == "gzip":
        body = gzip.decompress(body)
    return body.decode()


@pytest.mark.parametrize("encoding", ["br", "gzip"])
def test_pages_and_json_are_compressed_for_a_phone_that_accepts_it(client, encoding):
    token, _ = import_document(client, sample())
    page = client.get(f"/g/{token}", headers={"Accept-Encoding": encoding})
    assert page.headers["Content-Encoding"] == encoding
    assert "Accept-Encoding" in page.headers["Vary"]
    assert "Friday game" in decoded(page)
    plain = client.get(f"/g/{token}").get_data()
    assert len(page.get_data()) < len(plain) / 3   # HTML is repetitive: it shrinks a lot
    region = client.get(f"/g/{token}/poll?rev=-1", headers={"Accept-Encoding": encoding, "HX-Request": "true"})
    assert region.headers["Content-Encoding"] == encoding and 'id="live"' in decoded(region)
    scores = client.get(f"/g/{token}/export.json", headers={"Accept-Encoding": encoding})
    assert scores.mimetype == "application/json" and scores.headers["Content-Encoding"] == encoding
    assert '"Friday game"' in decoded(scores)


def test_a_phone_that_accepts_no_compression_gets_plain_answers(client):
    page = client.get("/", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in page.headers and "<html" in page.get_data(as_text=True)


@pytest.mark.parametrize("mimetype", ["text/event-stream", "application/pdf", "image/png"])
def test_streams_pdfs_and_images_are_sent_as_they_are(app, mimetype):
    sent = []

    def events():
        sent.append("first")
        yield "data: 1\n\n" + "x" * 2000 + "\n\n"
        sent.append("second")
        yield "data: 2\n\n"

    app.add_url_rule("/test-stream", "test_stream", lambda: Response(events(), mimetype=mimetype))
    response = app.test_client().get("/test-stream", headers={"Accept-Encoding": "br, gzip"}, buffered=False)
    assert "Content-Encoding" not in response.headers
    first = next(iter(response.response))
    # The first event is out before the second is made: nothing waits in a compressor's buffer.
    assert first.startswith(b"data: 1") and sent == ["first"]
    response.close()


def test_pages_name_static_files_by_their_content_and_those_are_cached_for_a_year(client):
    page = client.get("/").get_data(as_text=True)
    address = VERSIONED.search(page).group(1)
    assert re.search(r'src="/static/net\.js\?v=[0-9a-f]{12}"', page)
    current = client.get(address, headers={"Accept-Encoding": "br"})
    assert current.status_code == 200 and current.headers["Cache-Control"] == IMMUTABLE
    assert current.headers["Content-Encoding"] == "br" and ":root" in decoded(current)
    # An old (or no) version is the current file, not to be kept: it may change under that name.
    for other in ("/static/app.css?v=000000000000", "/static/app.css"):
        assert client.get(other).headers["Cache-Control"] == "no-cache"


def test_a_changed_file_gets_a_new_version(tmp_path):
    versions = StaticVersions()
    (tmp_path / "app.css").write_text("body { color: red }")
    first = versions.of(str(tmp_path), "app.css")
    assert first == versions.of(str(tmp_path), "app.css")
    (tmp_path / "app.css").write_text("body { color: blue; }")
    assert versions.of(str(tmp_path), "app.css") != first
    assert versions.of(str(tmp_path), "missing.css") is None


def test_the_service_worker_keeps_the_versioned_files_and_changes_with_them(client):
    worker = client.get("/sw.js").get_data(as_text=True)
    listed = re.search(r"var STATIC_FILES = (\[.*?\]);", worker).group(1)
    assert VERSIONED.search(listed)
    for address in re.findall(r'"(/static/[^"]+)"', listed):
        assert "?v=" in address
        assert client.get(address).headers["Cache-Control"] == IMMUTABLE
    assert re.search(r'var STATIC_CACHE = "companion-static-[0-9a-f]{12}";', worker)


def test_the_favicon_is_the_manifest_icon(client):
    icon = client.get("/favicon.ico", headers={"Accept-Encoding": "br, gzip"})
    assert icon.status_code == 200 and icon.mimetype == "image/png"
    assert "Content-Encoding" not in icon.headers
    assert icon.get_data() == client.get("/static/icon-192.png").get_data()


@pytest.mark.parametrize("name", ["app.css", "app.js", "net.js", "vendor/htmx.min.js"])
def test_a_static_text_file_comes_in_the_smallest_encoding_the_phone_accepts(app, client, name):
    """Issue 35: brotli at the fast level made static files larger than deflate (58.5 KB against
    44.5). Each is compressed once at brotli's and gzip's best, and the smaller one accepted is sent."""
    raw = (Path(app.static_folder) / name).read_bytes()
    best = {"br": len(brotli.compress(raw, quality=11)), "gzip": len(gzip.compress(raw, compresslevel=9, mtime=0))}
    for accepts, offered in (("br, gzip, deflate", ("br", "gzip")), ("gzip, deflate", ("gzip",)), ("br", ("br",))):
        answer = client.get(f"/static/{name}", headers={"Accept-Encoding": accepts})
        chosen = answer.headers["Content-Encoding"]
        assert chosen == min(offered, key=best.get), (accepts, best)
        assert len(answer.get_data()) == best[chosen] < len(raw)
        assert int(answer.headers["Content-Length"]) == best[chosen]
        assert decoded(answer) == raw.decode()
        assert "Accept-Encoding" in answer.headers["Vary"]
    plain = client.get(f"/static/{name}", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers and plain.get_data() == raw
