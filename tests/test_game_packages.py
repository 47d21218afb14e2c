"""Issue 29: a game is one package. The shared templates, styles and scripts (``templates/`` outside
AotWK's own folder, ``static/``) name no other game: Amytis and Any game bring their templates,
styles, scripts and sheets in their packages, through their blueprints and the registry."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OTHER_GAMES = ("amytis", "score_pad", "score-pad", "sp-")


def test_shared_templates_and_static_files_name_no_other_game():
    shared = [path for path in (*ROOT.glob("templates/**/*"), *ROOT.glob("static/**/*"))
              if path.is_file() and "aotwk" not in path.relative_to(ROOT).parts and path.suffix in (".html", ".css", ".js")
              and "vendor" not in path.parts]
    named = {str(path.relative_to(ROOT)): word for path in shared for word in OTHER_GAMES
             if word in path.read_text(encoding="utf-8").lower()}
    assert named == {}


def test_each_pad_game_keeps_its_templates_and_static_files_in_its_package():
    for package, files in (("amytis", ("templates/amytis/pad.html", "static/amytis.css", "static/amytis.js",
                                       "static/sheet.css")),
                           ("score_pad", ("templates/score_pad/pad.html", "static/score_pad.css"))):
        assert all((ROOT / "companion" / package / name).is_file() for name in files), package
