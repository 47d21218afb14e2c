"""Shared fixtures: a Flask app over a fresh instance folder, and its test client.

The web tests (``tests/web``) run on SQLite; a test or module marked ``both_databases``
(the ones whose storage differs between the two: the store, changes, events, migrations,
live updates, groups, the library, request ids...) runs on PostgreSQL as well. A
throwaway cluster of Debian's server (``scripts/install test`` installs it) is started
once per session (per xdist worker) in a temporary folder, its socket there too (no TCP
port to collide with anyone's), and every test gets an empty schema. Without the server
binaries the PostgreSQL half is skipped, saying why.

Every app the tests build shares one Jinja bytecode cache: a fresh app would otherwise
compile each template again on its first page (~100 ms of every web test).
"""

from __future__ import annotations

import glob
import os
import pwd
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from companion.web import create_app

DATABASES = ("sqlite", "postgresql")
WEB_TESTS = Path(__file__).parent / "web"


def _own_settings(converter) -> dict:
    """A converter's settings, less the map it belongs to (every app's own)."""
    return {name: value for name, value in vars(converter).items() if name != "map"}


def _share_url_builders_between_apps() -> None:
    """Werkzeug compiles two URL builders per route for every app (about 35 of a test app's 50 ms,
    ~1,100 apps a run). A builder is a function of the rule's shape alone: it takes the rule as its
    first argument and reads the converters at call time. So the tests compile each shape once.
    Production builds one app and keeps werkzeug's own path; if werkzeug's internals change, the
    tests just compile as before."""
    from werkzeug.routing.rules import Rule

    compile_builder = getattr(Rule, "_compile_builder", None)
    if compile_builder is None or getattr(compile_builder, "shared", False):
        return
    built: dict = {}

    def shared(rule, append_unknown=True):
        try:
            key = (rule.rule, rule.subdomain, rule.host, tuple(rule._trace), append_unknown,
                   tuple(sorted((name, repr(value)) for name, value in (rule.defaults or {}).items())),
                   tuple(sorted((name, type(converter), repr(_own_settings(converter)))
                                for name, converter in rule._converters.items())))
        except (AttributeError, TypeError):
            return compile_builder(rule, append_unknown)
        if key not in built:
            built[key] = compile_builder(rule, append_unknown)
        return built[key]

    shared.shared = True
    Rule._compile_builder = shared


_share_url_builders_between_apps()


# Modules whose tests take seconds each (a browser, a server process, a wheel built and installed):
# sent to the workers first, so that the many short tests fill the gaps at the end instead of one
# worker finishing a long test alone while the other waits.
SLOW_FIRST = ("tests/browser/", "tests/web/test_serve.py", "tests/bench/", "tests/test_wheel.py",
              "tests/web/test_connections.py", "tests/web/test_fuzz.py", "tests/web/test_replay.py",
              "tests/web/test_documents_round_trip.py", "tests/i18n/test_pseudo_language.py")


def pytest_collection_modifyitems(items):
    """The slow modules first (a stable sort: each keeps its own order)."""
    items.sort(key=lambda item: not item.nodeid.startswith(SLOW_FIRST))


def pytest_generate_tests(metafunc):
    """A test of tests/web that builds an app runs on SQLite, and on PostgreSQL too when it is
    marked ``both_databases`` (anywhere in tests/)."""
    if "database" not in metafunc.fixturenames:
        return
    if metafunc.definition.get_closest_marker("both_databases"):
        metafunc.parametrize("database", DATABASES, indirect=True)
    elif WEB_TESTS in Path(str(metafunc.definition.path)).parents:
        metafunc.parametrize("database", DATABASES[:1], indirect=True)


# -- PostgreSQL -------------------------------------------------------------------------

def _server_binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    return Path(found[-1]).parent if found else None


class Cluster:
    """A PostgreSQL server of our own in a temporary folder; as root it runs as ``nobody``
    (initdb refuses root)."""

    def __init__(self, bindir: Path):
        self.bindir = bindir
        root = os.geteuid() == 0
        # as root the server runs as nobody, who must reach the folder: /tmp, whatever TMPDIR says
        self.folder = Path(tempfile.mkdtemp(prefix="companion-pg-", dir="/tmp" if root else None))
        self.data, self.socket = self.folder / "data", self.folder
        self.as_user: list[str] = []
        if root:
            shutil.chown(self.folder, "nobody", pwd.getpwnam("nobody").pw_gid)
            self.as_user = ["runuser", "-u", "nobody", "--"]

    def run(self, *command: str) -> None:
        done = subprocess.run([*self.as_user, *command], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{command[0]} failed: {done.stdout}{done.stderr}")

    def start(self) -> str:
        self.run(str(self.bindir / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust",
                 "-E", "UTF8", "--locale=C.UTF-8", "--no-sync")
        # a throwaway cluster: durability off, so the suite stays fast
        options = (f"-k {self.socket} -c listen_addresses='' -c fsync=off -c synchronous_commit=off "
                   f"-c full_page_writes=off -c max_connections=300")
        self.run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-o", options, "-l",
                 str(self.folder / "server.log"), "-w", "-t", "60", "start")
        return f"postgresql://postgres@/postgres?host={self.socket}"

    def stop(self) -> None:
        try:
            self.run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_url():
    """The address of the session's PostgreSQL server (started on first use)."""
    bindir = _server_binaries()
    if bindir is None:
        pytest.skip("PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin): "
                    "`scripts/install test` installs Debian's postgresql")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed: `pip install -e '.[test]'`")
    cluster = Cluster(bindir)
    url = cluster.start()
    yield url
    cluster.stop()


def _empty_database(url: str) -> None:
    """Empty every table the last test filled (tables other engineers add included), but keep
    the schema's revision (companion/web/storage/migrations): the app upgrades what is behind."""
    from sqlalchemy import create_engine

    from companion.web.storage.store import database_url

    engine = create_engine(database_url(url))
    with engine.begin() as conn:
        tables = [row[0] for row in conn.exec_driver_sql(
            "SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = 'public' "
            "AND tablename <> 'alembic_version'")]
        if tables:
            conn.exec_driver_sql(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")
    engine.dispose()


@pytest.fixture
def database(request):
    """Which database this test's app uses: SQLite unless tests/web's parametrisation says otherwise."""
    return getattr(request, "param", "sqlite")


@pytest.fixture
def database_config(request, database) -> dict:
    if database == "sqlite":
        return {}
    url = request.getfixturevalue("postgres_url")
    _empty_database(url)
    return {"DATABASE_URL": url}


# -- the app ------------------------------------------------------------------------------

@pytest.fixture
def instance_dir(tmp_path):
    return tmp_path / "instance"


@pytest.fixture(scope="session")
def jinja_bytecode_cache(tmp_path_factory):
    """Templates compiled once per session (per worker), whichever app renders them first."""
    from jinja2 import FileSystemBytecodeCache

    return FileSystemBytecodeCache(str(tmp_path_factory.mktemp("jinja-bytecode")))


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory, jinja_bytecode_cache) -> Path:
    """An empty SQLite database at the newest revision, made once per worker as create_app makes it."""
    from companion.web import DATABASE_FILE

    folder = tmp_path_factory.mktemp("migrated")
    app = create_app({"TESTING": True, "JINJA_BYTECODE_CACHE": jinja_bytecode_cache}, instance_path=folder)
    app.extensions["store"].engine.dispose()
    return folder / DATABASE_FILE


@pytest.fixture
def make_app(instance_dir, database_config, jinja_bytecode_cache, migrated_sqlite):
    """Build an app over the test's instance folder; call it twice to simulate a server restart.
    An instance folder without a database starts from a copy of one made at the newest revision
    (what create_app would make, without running the revisions again for every test)."""
    built = []

    def build(**config):
        database = instance_dir / migrated_sqlite.name
        if not database_config and "DATABASE_URL" not in config and not database.exists():
            instance_dir.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(migrated_sqlite, database)
        # the per-minute limits are off unless a test turns them on (tests/web/test_limits.py)
        app = create_app({"TESTING": True, "RATELIMIT_ENABLED": False, "JINJA_BYTECODE_CACHE": jinja_bytecode_cache,
                          **database_config, **config}, instance_path=instance_dir)
        built.append(app)
        return app
    yield build
    for app in built:   # close the pooled connections now, not when the garbage collector gets to them
        app.extensions["store"].engine.dispose()


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def client(app):
    return app.test_client()


CSRF_FIELD = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"')
CSRF_HEADER = re.compile(r'"X-CSRFToken": "([^"]+)"')


def csrf_token_from(html: str) -> str:
    """The CSRF token a page hands its forms (every page carries one for htmx)."""
    match = CSRF_HEADER.search(html) or CSRF_FIELD.search(html)
    assert match, "the page carries no CSRF token"
    return next(group for group in match.groups() if group)


@pytest.fixture
def csrf_token(client):
    """A CSRF token valid for ``client``'s session."""
    return csrf_token_from(client.get("/").get_data(as_text=True))
