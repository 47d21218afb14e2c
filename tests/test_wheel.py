"""The built wheel installs like a library (pyproject.toml's wheel target, companion/files.py):
installed from it, not editable, in a new virtualenv, `companion score`, `companion serve` and
`companion db upgrade` run from a folder outside the repository, with the templates, static files,
translations, rules data and schema revisions the wheel carries.

The new virtualenv is made without pip and reaches the dependencies through a .pth file naming
this environment's site-packages (no network, no download): only ``companion`` itself comes from
the wheel, which the first test checks.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
import sysconfig
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tests.web.helpers import release_instance
from tests.web.test_serve import Serving

# one xdist worker takes the whole module: it builds and installs the wheel once (module fixture)
pytestmark = pytest.mark.xdist_group("wheel")

REPO = Path(__file__).resolve().parents[1]
# shared/contracts/score-cli.md's input, exactly as written, and the totals its output names
CONTRACT_INPUT = {
    "expansions": ["age_of_artisans"],
    "players": [{
        "name": "Red", "board": None, "virtue": 12, "debts_unpaid": 2, "debts_paid": 0, "prisoners": 3,
        "captured": 0, "cathedral": 3, "gold": 2, "marble": 1, "silver": 6, "clay": 0, "wood": 0, "stone": 0,
        "buildings": ["keep", "well"], "apprentices": ["merchant_1"], "adornments": [3, 2], "tools": 3,
        "overrides": {"buildings": 30},
    }],
    "bot": {"opponent": "helena", "virtue": 7, "cathedral": 2, "marble": 4, "guildhall_workers": 5,
            "debts_unpaid": 1, "prisoners": 2, "adornments": [3]},
}
HANGUL = re.compile(r"[\uac00-\ud7a3]")
# what the environment may say that would lead the installed command elsewhere
LEADS_ELSEWHERE = ("PYTHONPATH", "COMPANION_INSTANCE", "DATABASE_URL")


class Installed:
    """The wheel installed in a new virtualenv, and a working folder outside the repository."""

    def __init__(self, wheel: Path, venv: Path, site_packages: Path, outside: Path):
        self.wheel, self.venv, self.site_packages, self.outside = wheel, venv, site_packages, outside
        self.python = venv / "bin" / "python"
        self.companion = venv / "bin" / "companion"
        self.env = {name: value for name, value in os.environ.items() if name not in LEADS_ELSEWHERE}

    def run(self, *command, **options) -> subprocess.CompletedProcess:
        return subprocess.run(command, cwd=self.outside, env=self.env, capture_output=True, text=True,
                              timeout=120, **options)

    def package(self) -> Path:
        done = self.run(str(self.python), "-c", "import companion; print(companion.__file__)")
        assert done.returncode == 0, done.stderr
        return Path(done.stdout.strip()).parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    root = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                            "--wheel-dir", str(root / "dist"), str(REPO)], capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stdout + built.stderr
    wheel, = (root / "dist").glob("architects_companion-*.whl")

    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    site_packages, = venv.glob("lib/python*/site-packages")
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site_packages / "dependencies.pth").write_text("".join(f"{path}\n" for path in sorted(ours)))
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
                           "--quiet", "--no-deps", "--no-index", str(wheel)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr

    outside = root / "elsewhere"
    outside.mkdir()
    return Installed(wheel, venv, site_packages, outside)


def test_the_wheel_carries_the_folders_and_the_rules_data_and_installs_as_the_package(installed):
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    expected = {f"companion/{path.relative_to(REPO)}" for folder in ("templates", "static")
                for path in (REPO / folder).rglob("*") if path.is_file()}
    expected |= {f"companion/{path.relative_to(REPO)}" for path in (REPO / "translations").rglob("*.po")}
    expected |= {str(path.relative_to(REPO)) for pattern in ("*.yaml", "*.json")
                 for path in (REPO / "companion").rglob(pattern)}
    assert expected - names == set()
    assert not [name for name in names if name.endswith(".mo")], "catalogues are compiled at start, not shipped"
    # the installed package, not this checkout (whose editable install is on the dependencies' path)
    assert installed.package() == installed.site_packages / "companion"


def test_installed_score_says_what_the_checkout_says(installed):
    game = installed.outside / "game.json"
    game.write_text(json.dumps(CONTRACT_INPUT), encoding="utf-8")
    for lang in ("en", "ko"):
        done = installed.run(str(installed.companion), "score", "--lang", lang, str(game))
        assert done.returncode == 0, done.stderr
        result = json.loads(done.stdout)
        here = subprocess.run([sys.executable, "-m", "companion.cli", "score", "--lang", lang, str(game)],
                              cwd=REPO, capture_output=True, text=True, timeout=120)
        assert result == json.loads(here.stdout)
        assert result["players"][0]["total"] == 47 and result["bot"]["total"] == 23
        assert result["winners"] == ["Red"]
    assert HANGUL.search(" ".join(result["players"][0]["reasons"]))


def test_installed_db_upgrade_runs_the_revisions_it_carries(installed):
    """A database of the release before Alembic goes through the installed revisions (the
    empty databases of the other tests are made without them)."""
    instance = installed.outside / "upgraded"
    release_instance("sqlite", instance)
    done = installed.run(str(installed.companion), "db", "upgrade", "--instance", str(instance))
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(instance / "companion.sqlite3") as db:
        revision, = db.execute("SELECT version_num FROM alembic_version").fetchone()
    assert revision in done.stdout


def fetch(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=60) as answer:
        return answer.status, answer.headers.get_content_type(), answer.read()


def test_installed_serve_answers_with_templates_static_files_translations_and_sheets(installed):
    instance = installed.outside / "instance"
    server = Serving(instance, "--host", "127.0.0.1", companion=(str(installed.companion),),
                     cwd=installed.outside, env=installed.env)
    try:
        server.wait_until_up()
        site = f"http://127.0.0.1:{server.port}"

        status, kind, body = fetch(f"{site}/")
        home = body.decode()
        assert (status, kind) == (200, "text/html") and '<html lang="en"' in home

        stylesheet = re.search(r'href="(/static/app\.css[^"]*)"', home).group(1)
        status, kind, body = fetch(site + stylesheet)
        assert (status, kind) == (200, "text/css")
        assert body == (REPO / "static" / "app.css").read_bytes()

        status, kind, body = fetch(f"{site}/?lang=ko")
        korean = body.decode()
        assert '<html lang="ko"' in korean
        title = re.search(r"<title>(.*?)</title>", korean, re.S).group(1)
        assert HANGUL.search(title), title

        # a printed sheet: its templates, its stylesheet and icons, in Korean
        status, kind, body = fetch(f"{site}/sheets/blank.pdf?players=2&lang=ko")
        assert (status, kind) == (200, "application/pdf") and body.startswith(b"%PDF")
    finally:
        output = server.stop()
    assert "Traceback" not in output, output
    # the catalogue was compiled into the instance folder; the installed package was left as installed
    assert list(instance.glob("translations/*/LC_MESSAGES/messages.mo"))
    assert not list(installed.package().rglob("*.mo"))
