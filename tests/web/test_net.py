"""Installable and usable on bad Wi-Fi: the service worker from the root, the manifest,
the script that makes request ids (issue 9)."""

from __future__ import annotations

import re


def test_the_service_worker_is_served_from_the_root_so_it_covers_the_whole_app(client):
    response = client.get("/sw.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    worker = response.get_data(as_text=True)
    assert 'request.method !== "GET"' in worker   # a change is never answered from a cache


def test_every_page_links_the_manifest_and_the_network_script(client):
    page = client.get("/").get_data(as_text=True)
    assert re.search(r'rel="manifest" href="/static/manifest\.webmanifest\?v=[0-9a-f]+"', page)
    assert re.search(r'src="/static/net\.js\?v=[0-9a-f]+"', page)
    manifest = client.get("/static/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    icons = manifest.get_json()["icons"]
    for icon in icons:
        assert client.get(icon["src"]).status_code == 200


def test_the_words_for_taps_kept_offline_come_in_the_page_language(client):
    words = client.get("/?lang=ko").get_data(as_text=True)
    assert 'data-waiting="{count}개 대기 중"' in words
    assert 'data-refused="반영되지 않음: {tap}. {why}"' in words
    english = client.get("/?lang=en").get_data(as_text=True)
    assert 'data-waiting="{count} waiting"' in english
