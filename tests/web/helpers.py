"""Documents and shortcuts the web tests share."""

from __future__ import annotations

import asyncio
import copy
import shutil
import sqlite3
import threading
from pathlib import Path

HOSTILE_NAME = '<script>alert("x")</script>&'

SAMPLE_DOCUMENT = {
    "format": "architects-companion/1",
    "title": "Friday game",
    "phase": "playing",
    "mode": "multiplayer",
    "expansions": [],
    "players": [
        {"name": "Red", "colour": "red", "virtue": 7, "silver": 3, "buildings": ["smithy"], "cathedral": 1},
        {"name": "Blue", "colour": "blue", "virtue": 9, "silver": 4, "debts_unpaid": 1},
    ],
    "bot": None,
    "table": {"guildhall_workers": 2, "guildhall": [0, 1], "tax_stand_silver": 4, "black_market_resets": 0},
}


def sample(**changes) -> dict:
    doc = copy.deepcopy(SAMPLE_DOCUMENT)
    doc.update(changes)
    return doc


def import_document(client, doc: dict) -> tuple[str, str]:
    """Import a document through the contract route; returns (edit token, view token)."""
    response = client.post("/games/import", json=doc)
    assert response.status_code == 303, response.get_data(as_text=True)
    edit_token = response.headers["Location"].rsplit("/", 1)[-1]
    game, _ = client.application.extensions["store"].find(edit_token)
    return edit_token, game.view_token


RELEASE_E2FCB54 = Path(__file__).parent / "release_e2fcb54"


def release_instance(database: str, into: Path) -> Path:
    """The instance folder of release e2fcb54 (``release_e2fcb54/``, made by its ``make.py``) copied
    to ``into``; its database is kept as SQL text (a database file belongs to an instance, not to
    git): on SQLite made into ``companion.sqlite3`` here, on PostgreSQL left for the caller to run.
    Returns the dump."""
    shutil.copytree(RELEASE_E2FCB54 / database, into)
    dump = into / "database.sql"
    if database == "sqlite":
        with sqlite3.connect(into / "companion.sqlite3") as conn:
            conn.executescript(dump.read_text(encoding="utf-8"))
        conn.close()
    return dump


def run_on_a_loop_of_its_own(coroutine):
    """``asyncio.run(coroutine)`` in a thread of its own: the browser tests' Playwright keeps an
    event loop running in the tests' thread for the whole session."""
    outcome = {}

    def run():
        try:
            outcome["result"] = asyncio.run(coroutine)
        except BaseException as error:   # handed back to the test
            outcome["error"] = error
    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["result"]


EMPTY_BODY = {"type": "http.request", "body": b"", "more_body": False}


def asgi_request(method: str, path: str, messages=(EMPTY_BODY,), headers=(), query: str = ""):
    """An ASGI request as uvicorn hands it on, whose body arrives as ``messages`` (each a message
    or a coroutine function giving one, awaited in turn): (scope, receive, send, what was sent)."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": query.encode(), "root_path": "",
             "headers": [(b"host", b"127.0.0.1"), *headers], "client": ("127.0.0.1", 1),
             "server": ("127.0.0.1", 80)}
    sent = []
    pending = list(messages)

    async def receive():
        message = pending.pop(0)
        return await message() if callable(message) else message

    async def send(message):
        sent.append(message)
    return scope, receive, send, sent
