"""`companion score` on Amytis documents, in a real process (contract amytis-score.md)."""

import json
import subprocess
import sys

import pytest

from tests.amytis.helpers import contract_example, document


def run(doc) -> subprocess.CompletedProcess:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    return subprocess.run([sys.executable, "-m", "companion.cli", "score", "-"], input=text,
                          capture_output=True, text=True, timeout=60)


def test_the_contract_example():
    done = run(contract_example())
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    martine, paul = out["players"]
    assert (martine["name"], martine["total"], martine["categories"]) == (
        "Martine", 96, {"track": 57, "projects": 18, "favors": 21})
    assert martine["favors"] == {"stacks_of_4": 6, "corners": 5, "favor_track_pawns": 10}
    # The rulebook, not the example's abridged output: Paul's 100 beats Martine's 96.
    assert (paul["total"], paul["rank"], martine["rank"], out["winners"]) == (100, 1, 2, ["Paul"])
    assert out["game"] == "architects_of_amytis"


def test_lang_ko_says_each_reason_in_korean_and_keeps_the_contracts_shape():
    """Seed 002, FAVORS: 'Gain 5 points for each corner of your Player board that has at least 3 tiles
    in its stack.'"""
    english = json.loads(run(contract_example()).stdout)
    done = subprocess.run([sys.executable, "-m", "companion.cli", "score", "-", "--lang", "ko"],
                          input=json.dumps(contract_example()), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    korean = json.loads(done.stdout)
    martine = korean["players"][0]
    assert set(korean) == set(english) and set(martine["reasons"]) == set(english["players"][0]["reasons"])
    assert martine["reasons"]["corners"] == "3타일 이상인 모서리 1개 × 5"
    assert {k: v for k, v in martine.items() if k != "reasons"} == {
        k: v for k, v in english["players"][0].items() if k != "reasons"}


def test_lang_ko_says_a_bad_documents_problems_in_korean():
    for doc, line in (({"game": "architects_of_amytiss", "players": []},
                       "game: 알 수 없는 게임: 'architects_of_amytiss' (혹시 architects_of_amytis?)"),
                      ({"game": "architects_of_amytis", "players": [{"name": "Ann"}]},
                       "players: 플레이어는 정확히 2명이어야 합니다: 2인용 게임입니다 (받은 값: 1명)")):
        done = subprocess.run([sys.executable, "-m", "companion.cli", "score", "-", "--lang", "ko"],
                              input=json.dumps(doc), capture_output=True, text=True, timeout=60)
        assert (done.returncode, done.stdout, done.stderr.splitlines()) == (2, "", [line])


def _bad(**fields):
    return document(fields)


@pytest.mark.parametrize("doc, line", [
    ({"game": "architects_of_amytis", "players": [{"name": "Ann"}]},
     "players: must be exactly 2 players: the game is for two (got 1)"),
    ({"game": "architects_of_amytis", "players": [{"name": "A"}, {"name": "B"}, {"name": "C"}]},
     "players: must be exactly 2 players: the game is for two (got 3)"),
    (_bad(stacks=[[1, 1, 1], [1, 1, 1]]), "players[0].stacks: must be 3 rows of 3 stacks (got 2 rows)"),
    (_bad(favors=["stairs"]), "players[0].favors[0]: unknown favor 'stairs'; did you mean staircases?; known: "
                              "stacks_of_1, stacks_of_2, stacks_of_3, stacks_of_4, staircases, corners, projects"),
    (_bad(favors=["corners", "projects"], favor_track_pawns=4),
     "players[0].favors: a player has 5 pawns for favors (got 2 favors and 4 on the pawn-count part)"),
    (_bad(track=-1), "players[0].track: must be at least 0 (got -1)"),
    (document({"stacks": [[5] * 3] * 3}, {"stacks": [[0, 0, 0], [0, 7, 0], [0, 0, 0]]}),
     "players: the two boards hold 52 tiles; the game has 45 (45 + 7)"),
    ({"game": "architects_of_amytiss", "players": []},
     "game: unknown game 'architects_of_amytiss'; did you mean architects_of_amytis?"),
])
def test_bad_documents_exit_2_with_the_field_path(doc, line):
    done = run(doc)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [line]


def test_aotwk_documents_are_scored_as_before():
    """No game, or AotWK's id: the score-cli.md path, unchanged."""
    game = {"players": [{"name": "Red", "virtue": 12, "overrides": {"buildings": 30}}]}
    plain = run(game)
    named = run({**game, "game": "architects_of_the_west_kingdom"})
    assert plain.returncode == named.returncode == 0
    assert plain.stdout == named.stdout
    assert "game" not in json.loads(plain.stdout)
