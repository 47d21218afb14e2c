"""Makes the instance folders of tests/web/test_migrations.py: what the release before Alembic
(commit e2fcb54, whose store made its schema with ``create_all``) leaves behind after an evening
of play, on SQLite (``sqlite/``: the database file and the decks) and on PostgreSQL
(``postgresql/``: ``database.sql``, a pg_dump of it, and the decks).

Run with the code of that release (it uses its routes as they were), from the repository root:

    mkdir /tmp/e2fcb54 && git archive e2fcb54 | tar -x -C /tmp/e2fcb54
    cp tests/web/release_e2fcb54/make.py /tmp/e2fcb54/
    (cd /tmp/e2fcb54 && PYTHONPATH=. $OLDPWD/.venv/bin/python make.py $OLDPWD/tests/web/release_e2fcb54)
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from sqlalchemy import create_engine

from companion.web import create_app
from tests.conftest import Cluster, _server_binaries, csrf_token_from
from tests.web.helpers import sample


def play_an_evening(instance: Path, config: dict) -> None:
    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": False, **config}, instance_path=instance)
    client = app.test_client()
    csrf = csrf_token_from(client.get("/").get_data(as_text=True))

    taps = iter(range(1000))

    def moved(edit: str, *moves: dict) -> None:
        for move in moves:
            answer = client.post(f"/g/{edit}/moves", json=move, headers={"X-Request-Id": f"tap-{next(taps)}"})
            assert answer.status_code == 200, answer.get_data(as_text=True)

    def undo(edit: str) -> None:
        game, _ = app.extensions["store"].find(edit)
        answer = client.post(f"/g/{edit}/undo", data={"csrf_token": csrf, "rev": game.revision})
        assert answer.status_code in (200, 303), answer.get_data(as_text=True)

    def made(response) -> str:
        assert response.status_code == 303, response.get_data(as_text=True)
        return response.headers["Location"].rsplit("/", 1)[-1]

    # a group with two AotWK games in it, moves made and one undone
    group = made(client.post("/groups/new", json={"name": "Friday club"}))
    friday = made(client.post(f"/groups/{group}/import", json=sample(title="Friday game")))
    moved(friday, {"kind": "virtue", "player": 0, "delta": 2}, {"kind": "take_debts", "player": 1, "count": 2},
          {"kind": "set_cathedral", "player": 0, "level": 2})
    undo(friday)
    moved(friday, {"kind": "virtue", "player": 1, "delta": -1})
    finished = sample(title="Last week", phase="finished")
    made(client.post(f"/groups/{group}/import", json=finished))
    # an AotWK game outside any group
    saturday = made(client.post("/games/import", json=sample(title="Saturday game")))
    moved(saturday, {"kind": "virtue", "player": 1, "delta": 1})
    undo(saturday)
    # an Amytis game
    amytis = made(client.post("/amytis/new", data={"csrf_token": csrf, "first": "Martine", "second": "Paul"}))
    moved(amytis, {"kind": "amytis_stack", "player": 0, "row": 1, "column": 2, "delta": 1},
          {"kind": "amytis_stack", "player": 1, "row": 0, "column": 0, "delta": 1})
    # a solo game against Helena with a deck of our own
    deck = made(client.post("/decks/practice/copy", data={"csrf_token": csrf}))
    deck = deck.split("#")[0]
    solo = made(client.post("/games/new", data={"csrf_token": csrf, "mode": "solo", "opponent": "helena",
                                                "scheme_deck": f"saved:{deck}", "players-0-name": "Ann"}))
    moved(solo, {"kind": "virtue", "player": 0, "delta": 1})
    # the card library: two versions, the finished game scored with the first
    for facts in ({"tools_vp.2": "2"}, {"tools_vp.2": "3", "tools_vp.4": "5"}):
        answer = client.post("/library", data={"csrf_token": csrf, **facts})
        assert answer.status_code in (200, 303), answer.get_data(as_text=True)
    app.extensions["store"].engine.dispose()


def main(out: Path) -> None:
    sqlite = out / "sqlite"
    shutil.rmtree(sqlite, ignore_errors=True)
    play_an_evening(sqlite, {})
    engine = create_engine(f"sqlite:///{sqlite / 'companion.sqlite3'}")
    with engine.connect() as conn:   # kept as SQL text: a database file belongs to an instance, not to git
        dump = "\n".join(conn.connection.dbapi_connection.iterdump()) + "\n"
    engine.dispose()
    (sqlite / "database.sql").write_text(dump, encoding="utf-8")
    for extra in ("secret_key", "translations", "companion.sqlite3", "companion.sqlite3-wal", "companion.sqlite3-shm"):
        path = sqlite / extra
        shutil.rmtree(path) if path.is_dir() else path.unlink(missing_ok=True)

    postgresql = out / "postgresql"
    shutil.rmtree(postgresql, ignore_errors=True)
    bindir = _server_binaries()
    cluster = Cluster(bindir)
    url = cluster.start()
    try:
        play_an_evening(postgresql, {"DATABASE_URL": url})
        socket = re.search(r"host=(.*)$", url).group(1)
        dump = subprocess.run([*cluster.as_user, str(bindir / "pg_dump"), "--inserts", "--no-owner", "--no-privileges",
                               "-h", socket, "-U", "postgres", "postgres"], capture_output=True, text=True, check=True)
        # psql's \restrict meta-commands are not SQL: the test runs the dump through the driver
        sql = "".join(line for line in dump.stdout.splitlines(keepends=True) if not line.startswith("\\"))
        (postgresql / "database.sql").write_text(sql)
    finally:
        cluster.stop()
    for extra in ("secret_key", "translations"):
        path = postgresql / extra
        shutil.rmtree(path) if path.is_dir() else path.unlink(missing_ok=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve())
