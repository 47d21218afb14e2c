"""`companion score` on Any game's documents, in a real process (shared/contracts/score-pad.md)."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.score_pad.helpers import CONTRACT_RESULT, contract_example, hearts


def run(doc, *options) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion.cli", "score", "-", *options], input=json.dumps(doc),
                          capture_output=True, text=True, timeout=60)


def test_the_contract_example():
    done = run(contract_example())
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == CONTRACT_RESULT


def test_the_contracts_shared_win_with_lowest_wins():
    out = json.loads(run(hearts()).stdout)
    assert [(p["name"], p["total"], p["rank"]) for p in out["players"]] == [("Ann", 26, 3), ("Bob", 13, 1), ("Cy", 13, 1)]
    assert out["winners"] == ["Bob", "Cy"]


def test_a_value_not_entered_exits_2_naming_the_field():
    doc = contract_example()
    doc["players"][1]["scores"][2] = None
    done = run(doc)
    assert (done.returncode, done.stdout, done.stderr.splitlines()) == (2, "", ["players[1].scores[2]: not entered"])


def test_bad_input_exits_2_with_one_line_per_problem():
    doc = {**contract_example(), "title": "", "lowest_wins": "no"}
    doc["players"][0]["name"] = "bob"
    done = run(doc)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == ["title: must be 1 to 80 characters (got 0)",
                                        "lowest_wins: must be true or false (got text)",
                                        "players[1].name: 'Bob' is already the name of players[0]; names must be unique"]


def test_lang_ko_says_the_problems_in_korean_and_keeps_the_results_shape():
    doc = contract_example()
    doc["players"][1]["scores"][2] = None
    assert run(doc, "--lang", "ko").stderr.splitlines() == ["players[1].scores[2]: 입력되지 않음"]
    assert json.loads(run(contract_example(), "--lang", "ko").stdout) == CONTRACT_RESULT
