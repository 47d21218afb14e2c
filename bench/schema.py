"""The schema at start-up (companion/web/storage/migrations), on SQLite: what every new database costs
(the test suite makes hundreds), what a start at the newest revision costs, and the upgrade of
the release-e2fcb54 database the tests keep.

    .venv/bin/python bench/schema.py [--runs N]

Prints the median and best of N runs of: an empty database made from the tables and stamped
(what a start does), the same database made by running every revision instead, a start that
finds the newest revision, and the kept database of the release before Alembic brought up to date.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from alembic import command  # noqa: E402

from companion.web.storage import migrations  # noqa: E402
from companion.web.storage.store import make_engine  # noqa: E402

RELEASE = REPO / "tests" / "web" / "release_e2fcb54" / "sqlite" / "companion.sqlite3"


def every_revision(engine) -> None:
    with migrations.migrating(engine) as conn:
        command.upgrade(migrations.config(conn), "head")


def measure(label: str, runs: int, prepare, work) -> None:
    times = []
    for _ in range(runs):
        folder = Path(tempfile.mkdtemp())
        engine = make_engine(f"sqlite:///{prepare(folder)}")
        start = time.perf_counter()
        work(engine)
        times.append((time.perf_counter() - start) * 1000)
        engine.dispose()
        shutil.rmtree(folder)
    print(f"{label:<46} median {statistics.median(times):6.1f} ms, best {min(times):6.1f} ms ({runs} runs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs
    migrations.head()   # the revisions are read once per process, as in the server

    def empty(folder: Path) -> Path:
        return folder / "companion.sqlite3"

    def at_head(folder: Path) -> Path:
        engine = make_engine(f"sqlite:///{folder / 'companion.sqlite3'}")
        migrations.upgrade(engine)
        engine.dispose()
        return folder / "companion.sqlite3"

    def release(folder: Path) -> Path:
        return Path(shutil.copy(RELEASE, folder / "companion.sqlite3"))

    measure("empty: tables made and stamped (a start)", runs, empty, migrations.upgrade)
    measure("empty: every revision run", runs, empty, every_revision)
    measure("at the newest revision (a start)", runs, at_head, migrations.upgrade)
    measure("release e2fcb54's database brought up to date", runs, release, migrations.upgrade)


if __name__ == "__main__":
    main()
