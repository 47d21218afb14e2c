"""`companion score` as other tools call it: a real process, JSON in, JSON out, exit codes."""

import json
import subprocess
import sys

import pytest

GAME = {"players": [{"name": "Red", "virtue": 12, "debts_unpaid": 2, "cathedral": 3, "gold": 2, "marble": 1,
                     "silver": 6, "prisoners": 3, "overrides": {"buildings": 30}}],
        "bot": {"opponent": "constantine", "virtue": 7, "guildhall_workers": 4}}


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "companion.cli", "score", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_scores_a_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME), encoding="utf-8")
    done = run(str(path))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["players"][0]["total"] == 38
    assert out["bot"]["name"] == "Constantine" and out["bot"]["total"] == 4
    assert out["winners"] == ["Red"]


def test_scores_standard_input_with_any_script_in_names():
    game = {"players": [{"name": "김민준", "virtue": 8}, {"name": "Zoë", "virtue": 9}]}
    done = run("-", stdin=json.dumps(game, ensure_ascii=False))
    assert done.returncode == 0, done.stderr
    assert [p["name"] for p in json.loads(done.stdout)["players"]] == ["김민준", "Zoë"]


@pytest.mark.parametrize("stdin, expected", [
    ('{"players": 1}', "players: must be a list of players (got a number)"),
    ('{"players": [{"name": "A"}, {"name": "B"}, {"name": "C"}], "bot": {"opponent": "helena"}}',
     "bot: a bot plays against 1 player (solo) or 2 (rulebook: '2 human players vs Constantine or Helena'); "
     "got 3 players"),
    ("{not json", "(document): not valid JSON: Expecting property name enclosed in double quotes at line 1 column 2"),
    ('{"players": [{"name": "Red", "virtue": 19}]}', "players[0].virtue: must be between 0 and 14 (got 19)"),
    ("[]", "(document): must be a JSON object (got a list)"),
])
def test_invalid_input_exit_2_one_line_per_problem_nothing_on_stdout(stdin, expected):
    done = run("-", stdin=stdin)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [expected]
    assert "Traceback" not in done.stderr


def test_several_problems_several_lines():
    done = run("-", stdin='{"players": [{"name": "Red", "virtue": 19, "buildings": ["kep"]}]}')
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 2


def test_missing_file(tmp_path):
    done = run(str(tmp_path / "nope.json"))
    assert done.returncode == 2 and done.stdout == ""
    assert "cannot read" in done.stderr and "Traceback" not in done.stderr


SIX_ARTISANS = {
    "expansions": ["age_of_artisans"],
    "players": [{"name": name, "virtue": 7 + seat, "silver": 10, "tools": seat % 3, "adornments": [seat],
                 "buildings": [building]}   # an Adornment is tucked under a Building
                for seat, (name, building) in enumerate(zip(["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"],
                                                            ["well", "keep", "aoa_cellar", "library", "smithy",
                                                             "church"]))],
}
LIBRARY = {"format": "architects-companion/card-library/1",
           "facts": {"buildings.aoa_cellar.vp": 4, "tools_vp.2": 2}}


def test_scores_six_player_age_of_artisans_with_a_card_library(tmp_path):
    """Age of Artisans, Notes for games with 6 players; the facts the input leaves out (the Cellar's VP,
    2 tools) come from the table's card library file."""
    game, lib = tmp_path / "game.json", tmp_path / "library.json"
    game.write_text(json.dumps(SIX_ARTISANS), encoding="utf-8")
    lib.write_text(json.dumps(LIBRARY), encoding="utf-8")
    without = run(str(game))
    assert without.returncode == 2 and "players[2].buildings[0]" in without.stderr
    done = run(str(game), "--library", str(lib))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert len(out["players"]) == 6
    cy = out["players"][2]
    assert cy["categories"]["tools"] == 2 and cy["categories"]["buildings"] == 4 + 1
    assert "Cellar: printed 4 VP (entered at this table)" in cy["reasons"]


def test_a_bad_library_file_names_each_problem(tmp_path):
    game, lib = tmp_path / "game.json", tmp_path / "library.json"
    game.write_text(json.dumps(GAME), encoding="utf-8")
    lib.write_text(json.dumps({"format": "x", "facts": {"tools_vp.2": "two"}}), encoding="utf-8")
    done = run(str(game), "--library", str(lib))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == ["library format: must be 'architects-companion/card-library/1'",
                                        "library facts.tools_vp.2: must be a whole number from 0 to 30 (got 'two')"]


def test_a_misspelt_field_exits_2_naming_it():
    """issue 9: a misspelt field was ignored ("virtu": 12 scored as virtue 0)."""
    done = run("-", stdin=json.dumps({"players": [{"name": "Red", "virtu": 12}]}))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == "players[0].virtu: unknown field; did you mean 'virtue'?"


@pytest.mark.parametrize("text, message", [
    ('{"players": [{"name": "Red", "silver": NaN}]}', "(document): not valid JSON: NaN is not a number JSON allows"),
    ("[" * 5000 + "]" * 5000, "(document): nested more than 24 levels deep"),
])
def test_numbers_json_forbids_and_deep_nesting_exit_2(text, message):
    done = run("-", stdin=text)
    assert done.returncode == 2 and done.stdout == "" and done.stderr.strip() == message


def test_a_wrongly_typed_field_is_said_in_the_readers_language():
    """--lang ko: the kind of value the document gave is a Korean word too, not the English 'a list'."""
    done = run("-", "--lang", "ko", stdin=json.dumps({"players": [{"name": "Red", "colour": ["red"]}]}))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "players[0].colour: 다음 중 하나여야 합니다: red, blue, green, yellow, purple, black, orange, white (받은 값: 목록)"]


def test_a_reader_that_stops_reading_ends_the_command_quietly():
    """Issue 30: `companion score game.json | head -1` printed a Python BrokenPipeError traceback.
    The reading end is closed before the command writes: it stops with no word on standard error."""
    command = subprocess.Popen([sys.executable, "-m", "companion.cli", "score", "-"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    command.stdout.close()   # the reader is gone before the score is written
    _out, err = command.communicate(json.dumps(GAME).encode(), timeout=60)
    assert err == b"" and command.returncode == 141   # as a shell sees a program its reader stopped reading
