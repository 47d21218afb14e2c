"""The schema's revisions (companion/web/storage/migrations): a database made by the release before Alembic
(commit e2fcb54; ``release_e2fcb54/`` keeps one of each kind, made by its ``make.py``) opens with
every game, deck, group and library fact as it was, and plays on; the revisions make the schema
the tables define; ``companion db upgrade`` does at the command line what a start does."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import MetaData, create_engine, select

from companion.cli import main
from companion.web.storage import migrations
from companion.web.storage.store import database_url, game_tables, make_engine

from tests.conftest import csrf_token_from

from .bot_pages import text_of
from .helpers import release_instance

# its storage differs between SQLite and PostgreSQL: run on both (tests/conftest.py)
pytestmark = pytest.mark.both_databases

SCRATCH = "scratch"


@pytest.fixture
def scratch_url(request, database, tmp_path):
    """An empty database of this test's kind: a new SQLite file, or a new PostgreSQL database
    in the session's cluster (dropped afterwards)."""
    if database == "sqlite":
        yield f"sqlite:///{tmp_path / 'instance' / 'companion.sqlite3'}"
        return
    import psycopg

    server = request.getfixturevalue("postgres_url")
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {SCRATCH}")
        conn.execute(f"CREATE DATABASE {SCRATCH}")
    yield server.replace("@/postgres?", f"@/{SCRATCH}?")
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE {SCRATCH} WITH (FORCE)")


@pytest.fixture
def release(database, scratch_url, instance_dir) -> str:
    """The release's instance folder copied to this test's, its database where the test's kind
    keeps it; returns the database's address."""
    dump = release_instance(database, instance_dir)
    if database == "postgresql":
        import psycopg

        with psycopg.connect(scratch_url, autocommit=True) as conn:
            conn.execute(dump.read_text())   # no parameters: psycopg runs the statements as they are
    return scratch_url


def rows(url: str) -> dict[str, list[dict]]:
    """Every row of every table the database has, as the database holds them."""
    engine = create_engine(database_url(url))
    found = MetaData()
    found.reflect(engine)
    with engine.connect() as conn:
        content = {name: sorted((dict(row._mapping) for row in conn.execute(select(table))), key=repr)
                   for name, table in found.tables.items() if name != "alembic_version"}
    engine.dispose()
    return content


def differences(url: str) -> list:
    """What the database's schema lacks or has beyond the store's tables, as Alembic compares them."""
    engine = create_engine(database_url(url))
    with engine.connect() as conn:
        found = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), game_tables())
    engine.dispose()
    return found


def unchanged_by_the_upgrade(after: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """The rows after the upgrade, without what the revisions since that release add: no library
    owner (0003: only the host may change the library until it adds one), and no group named by a
    library version (0003: the release knew only games); and each group's view link (0004: a
    new random token for each group, read by the test); no rematch linked (0005: games rematched
    before keep no link); no question left open and no seat named for a change already made (0006);
    no game taken out of its group (0007)."""
    assert after.pop("library_owners") == []
    assert after.pop("rematches") == []
    assert {row.pop("by_group") for row in after["library_versions"]} <= {""}
    for group in after["groups"]:
        group.pop("view_token")
    assert {game.pop("pending") for game in after["games"]} == {None}
    assert {request.pop("seat") for request in after.get("applied_requests", [])} <= {None}
    assert {row.pop("removed_at") for row in after["group_games"]} <= {None}
    after["library_versions"].sort(key=repr)
    return after


def test_a_database_of_the_release_before_opens_with_every_fact_and_plays_on(make_app, release, instance_dir):
    before = rows(release)
    assert {"games", "events", "groups", "library_versions", "device_decks"} <= before.keys()
    assert "alembic_version" not in before     # made before Alembic

    app = make_app(DATABASE_URL=release)
    store = app.extensions["store"]
    with store.engine.connect() as conn:
        assert migrations.current(conn) == migrations.head()
    after = rows(release)
    view_tokens = [group["view_token"] for group in after["groups"]]
    assert unchanged_by_the_upgrade(after) == before   # the upgrade changed no row
    assert all(len(token) >= 22 for token in view_tokens)   # 128+ bits, as a new group's
    assert not {group["token"] for group in before["groups"]} & set(view_tokens)
    assert differences(release) == []          # and left the schema the tables define

    client = app.test_client()
    games = {row["edit_token"]: row for row in before["games"]}
    assert sorted(row["title"] for row in games.values()) == [
        "Friday game", "Game of 25 Nov 2026", "Last week", "Martine and Paul", "Saturday game"]
    for edit, row in games.items():
        game, may_edit = store.find(edit)
        assert may_edit and (game.title, game.revision, game.state) == (row["title"], row["revision"], row["state"])
        for page in (f"/g/{edit}", f"/v/{game.view_token}", f"/g/{edit}/history", f"/g/{edit}/export.json",
                     f"/g/{edit}/score.json"):
            assert client.get(page).status_code == 200, page

    # Saturday's one move was undone: Redo brings it back
    saturday = next(edit for edit, row in games.items() if row["title"] == "Saturday game")
    game = store.find(saturday)[0]
    assert (game.can_undo, game.can_redo) == (False, True)
    csrf = csrf_token_from(client.get("/").get_data(as_text=True))
    client.post(f"/g/{saturday}/redo", data={"csrf_token": csrf, "rev": game.revision})
    assert store.find(saturday)[0].state["players"][1]["virtue"] == game.state["players"][1]["virtue"] + 1

    for edit in games:   # a move applies to every game still being played, on the state the release left
        game = store.find(edit)[0]
        if game.phase != "playing":
            continue
        kinds = client.get(f"/g/{edit}/moves").get_json()["kinds"]
        move = ({"kind": "amytis_stack", "player": 0, "row": 2, "column": 2, "delta": 1}
                if "amytis_stack" in kinds else {"kind": "virtue", "player": 0, "delta": 1})
        answer = client.post(f"/g/{edit}/moves", json=move)
        assert answer.status_code == 200, answer.get_data(as_text=True)
        assert store.find(edit)[0].revision == game.revision + 1

    group, = before["groups"]
    page = text_of(client.get(f"/groups/{group['token']}"))
    assert group["name"] == "Friday club" and "Friday club" in page
    assert "Friday game" in page and "Last week" in page
    view = client.get(f"/groups/v/{view_tokens[0]}").get_data(as_text=True)
    assert "Friday game" in view and group["token"] not in view

    deck_id, = [path.stem for path in (instance_dir / "decks").glob("*.json")]
    assert [row["deck_id"] for row in before["device_decks"]] == [deck_id]
    assert "Copy of Practice deck" in text_of(client.get(f"/decks/{deck_id}"))
    solo = next(edit for edit, row in games.items() if row["title"] == "Game of 25 Nov 2026")
    assert "Copy of Practice deck" in text_of(client.get(f"/g/{solo}"))

    library = client.get("/library.json").get_json()
    assert library["facts"] == {"tools_vp.2": 3, "tools_vp.4": 5}

    make_app(DATABASE_URL=release)             # a second start finds it up to date
    with store.engine.connect() as conn:
        assert migrations.current(conn) == migrations.head()


def test_the_revisions_make_the_schema_the_tables_define(scratch_url, instance_dir):
    """An empty database is made at once from the tables and stamped (the quick way, every test's
    database): the revisions, run one by one, must make the very same schema."""
    instance_dir.mkdir()
    engine = create_engine(database_url(scratch_url))
    with engine.connect() as conn, conn.begin():
        command.upgrade(migrations.config(conn), "head")
    engine.dispose()
    assert differences(scratch_url) == []


def test_db_upgrade_brings_an_instance_of_the_release_before_up_to_date(tmp_path, capsys):
    instance = tmp_path / "instance"
    release_instance("sqlite", instance)
    assert main(["db", "upgrade", "--instance", str(instance)]) == 0
    said = capsys.readouterr().out
    assert re.search(rf"\brevision {migrations.head()}\b", said)
    engine = create_engine(f"sqlite:///{instance / 'companion.sqlite3'}")
    with engine.connect() as conn:
        assert migrations.current(conn) == migrations.head()
    engine.dispose()


REBUILDS_GAMES = """
from alembic import op
import sqlalchemy as sa

revision = "rebuild"
down_revision = {head!r}


def upgrade():
    with op.batch_alter_table("games", recreate="always") as batch:
        batch.add_column(sa.Column("colour", sa.String(20), nullable=True))
"""


def test_a_revision_that_rebuilds_a_table_on_sqlite_keeps_the_rows_that_point_at_it(tmp_path, instance_dir):
    """SQLite changes a column by copying the table and dropping the old one: the events of every
    game would go with it (ON DELETE CASCADE) if the foreign keys stayed on meanwhile."""
    release_instance("sqlite", instance_dir)
    url = f"sqlite:///{instance_dir / 'companion.sqlite3'}"
    events_before = rows(url)["events"]
    assert events_before
    versions = tmp_path / "versions"
    versions.mkdir()
    (versions / "rebuild.py").write_text(REBUILDS_GAMES.format(head=migrations.head()))
    engine = make_engine(url)
    migrations.upgrade(engine)
    with migrations.migrating(engine) as conn:
        settings = migrations.config(conn)
        settings.set_main_option("version_locations", os.pathsep.join([*migrations.version_locations(), str(versions)]))
        command.upgrade(settings, "rebuild")
    with engine.connect() as conn:
        assert migrations.current(conn) == "rebuild"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1   # on again for the app
    engine.dispose()
    after = rows(url)
    assert after["events"] == events_before
    assert all(row["colour"] is None for row in after["games"])


def test_a_game_s_tables_and_revisions_are_its_own():
    """Issue 29: a game is one package. AotWK's tables are on the store's schema only through the
    registry (``Game.tables``), and its revisions are a version location of the one history."""
    from companion.aotwk.web import migrations as aotwk_revisions
    from companion.web.storage import store

    schema = {table.name for table in store.game_tables().sorted_tables}
    assert {"device_decks", "library_versions", "game_libraries", "library_owners"} <= schema
    assert str(Path(aotwk_revisions.__file__).parent) in migrations.version_locations()
    assert migrations.scripts().get_revision("0003").path.startswith(str(Path(aotwk_revisions.__file__).parent))
    source = Path(store.__file__).read_text(encoding="utf-8")   # the shared store names none of them
    assert not any(name in source for name in ("device_decks", "library_versions", "game_libraries", "library_owners"))


def test_the_alembic_command_in_a_checkout_finds_every_game_s_revisions():
    """`alembic revision --autogenerate` (docs/development.md) reads alembic.ini: it must list the
    same version locations as the app, or the history it sees has a hole (0003 is AotWK's)."""
    import configparser

    root = Path(__file__).resolve().parents[2]
    ini = configparser.ConfigParser(defaults={"here": str(root)})
    ini.read(root / "alembic.ini")
    listed = [str(Path(location).resolve()) for location in ini["alembic"]["version_locations"].split(os.pathsep)]
    assert listed == [str(Path(location).resolve()) for location in migrations.version_locations()]
