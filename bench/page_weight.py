"""What a phone downloads (issue 20's "light on data").

    .venv/bin/python bench/page_weight.py

For a 3- and a 5-player game, through the app itself (Flask's test client): the table
page, the live region a change sends, and the static files a first visit loads, each
plain and as the app sends it to a browser that accepts brotli; what a second visit
downloads (static files on versioned addresses are kept a year); and the server time
compressing one live region costs at brotli's levels. A benchmark, not a test.
"""

from __future__ import annotations

import re
import sys
import tempfile
import time
from pathlib import Path

import brotli

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.web import create_app  # noqa: E402
from companion.web.serving.static_files import IMMUTABLE  # noqa: E402

COLOURS = ("red", "blue", "green", "yellow", "purple")
STATIC = re.compile(r'(?:src|href)="(/static/[^"]+)"')


def game(client, players: int) -> str:
    document = {"format": "architects-companion/1", "title": "Weighed", "phase": "playing", "mode": "multiplayer",
                "expansions": [], "bot": None,
                "players": [{"name": f"Player {n + 1}", "colour": COLOURS[n]} for n in range(players)]}
    return client.post("/games/import", json=document).headers["Location"].rsplit("/", 1)[-1]


def weigh(client, path: str, **headers) -> tuple[int, int, object]:
    plain = client.get(path, headers={"Accept-Encoding": "identity", **headers})
    sent = client.get(path, headers={"Accept-Encoding": "br, gzip", **headers})
    return len(plain.get_data()), len(sent.get_data()), sent


def kb(size: int) -> str:
    return f"{size / 1024:.1f} KB"


def main() -> None:
    app = create_app({"TESTING": True}, instance_path=tempfile.mkdtemp(prefix="companion-weight-"))
    client = app.test_client()
    print(f"{'what':<38} {'plain':>9} {'sent':>9}")
    for players in (3, 5):
        token = game(client, players)
        page_plain, page_sent, _ = weigh(client, f"/g/{token}")
        print(f"{f'table page, {players} players':<38} {kb(page_plain):>9} {kb(page_sent):>9}")
        region_plain, region_sent, _ = weigh(client, f"/g/{token}/poll?rev=-1", **{"HX-Request": "true"})
        print(f"{f'live region after a change, {players} players':<38} {kb(region_plain):>9} {kb(region_sent):>9}")
    files = STATIC.findall(client.get(f"/g/{token}", headers={"Accept-Encoding": "identity"}).get_data(as_text=True))
    weighed = [weigh(client, path) for path in files]
    print(f"{'static files, first visit':<38} {kb(sum(w[0] for w in weighed)):>9} {kb(sum(w[1] for w in weighed)):>9}")
    kept = all(w[2].headers["Cache-Control"] == IMMUTABLE for w in weighed)
    print(f"{'static files, later visits':<38} {'':>9} {'0 KB' if kept else 'refetched':>9}")

    region = client.get(f"/g/{token}/poll?rev=-1", headers={"HX-Request": "true"}).get_data()
    print(f"\ncompressing one {kb(len(region))} live region:")
    for quality in (1, 2, 4, 6):
        rounds = 200
        start = time.perf_counter()
        for _ in range(rounds):
            packed = brotli.compress(region, quality=quality)
        took = (time.perf_counter() - start) / rounds * 1000
        print(f"  brotli {quality}: {kb(len(packed)):>8} in {took:.2f} ms{'   <- the app' if quality == app.config['COMPRESS_BR_LEVEL'] else ''}")


if __name__ == "__main__":
    main()
