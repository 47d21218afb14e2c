#!/usr/bin/env python3
"""What answering in Korean costs: CPU time per request for the pages translated
so far, in English and in Korean (the language from the address), through Flask's
test client over a fresh instance folder. Prints one line per page.

    .venv/bin/python bench/languages.py [requests per page, default 300]
"""

from __future__ import annotations

import copy
import sys
import tempfile
import time


def main() -> int:
    from companion.aotwk.rules import table
    from companion.web import create_app

    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    app = create_app({"TESTING": True}, instance_path=tempfile.mkdtemp(prefix="bench-languages-"))
    state = table.new_game({"mode": "two_vs_bot", "opponent": "helena", "seed": 3,
                            "players": [{"name": "김민준"}, {"name": "Ann"}]})
    state["players"][0].update(copy.deepcopy({"virtue": 13, "gold": 6, "debts_unpaid": 2,
                                              "buildings": ["castle", "university"], "cathedral": 2}))
    state["phase"] = "finished"
    token = app.extensions["store"].create(state).edit_token
    client = app.test_client()
    pages = {"home": "/", "catalogue": "/catalogue", "score": f"/g/{token}/score",
             "table (live region, cached)": f"/g/{token}", "poll (unchanged)": f"/g/{token}/poll?rev=0"}
    print(f"{'page':30} {'en ms':>8} {'ko ms':>8}")
    for name, path in pages.items():
        costs = []
        for lang in ("en", "ko"):
            url = f"{path}{'&' if '?' in path else '?'}lang={lang}"
            client.get(url)   # warm: templates compiled, caches filled
            started = time.process_time()
            for _ in range(rounds):
                client.get(url)
            costs.append((time.process_time() - started) * 1000 / rounds)
        print(f"{name:30} {costs[0]:8.2f} {costs[1]:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
