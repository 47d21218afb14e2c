"""The registry of games (companion/games.py): each game's package registers once, a document
is scored by the game it names, and no shared module imports a game."""

import ast
from pathlib import Path

import pytest

from companion import games
from companion.amytis import GAME_ID as AMYTIS
from companion.aotwk.rules.document import GAME_ID as AOTWK
from companion.problems import InvalidInput
from companion.score_pad import GAME_ID as SCORE_PAD

COMPANION = Path(games.__file__).parent
# The shared rooms: the shell and everything every game builds on. Game packages stand above them.
SHARED = ["web", "groups", "export", "i18n", "cli.py", "games.py", "problems.py", "charts.py", "game_time.py"]
GAME_PACKAGES = ("companion.aotwk", "companion.amytis", "companion.score_pad")


def test_every_installed_game_registers_once_the_default_first():
    installed = games.installed()
    assert list(installed) == [AOTWK, AMYTIS, SCORE_PAD]
    assert games.default().id == AOTWK


def test_a_document_is_the_game_it_names_and_without_a_name_the_default_game():
    assert games.game_of({"players": []}).id == AOTWK
    assert games.game_of({"game": AMYTIS}).id == AMYTIS
    assert games.kind_of({"game": "chess"}) == AOTWK   # a stored state it cannot name: the default game's pages
    assert games.kind_of({"game": {"a": 1}}) == AOTWK   # not even a name (found by the fuzz test: was a 500)


def test_an_unknown_game_is_refused_naming_the_closest_known_one():
    with pytest.raises(InvalidInput) as refused:
        games.game_of({"game": "architects_of_amitys"})
    assert str(refused.value.problems[0]) == ("game: unknown game 'architects_of_amitys'; "
                                              "did you mean architects_of_amytis?")


def test_the_card_library_is_the_game_that_keeps_one():
    assert games.with_card_library().id == AOTWK


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_shared_module_imports_a_game():
    """A game plugs in through the registry: the shell, the groups, the exports, the languages and
    the command line name no game's package (the registry loads them by name, INSTALLED)."""
    files = [file for part in SHARED for file in
             ((COMPANION / part).rglob("*.py") if (COMPANION / part).is_dir() else [COMPANION / part])]
    assert len(files) > 30
    offending = {str(file.relative_to(COMPANION)): sorted(name for name in _imports(file) if name.startswith(GAME_PACKAGES))
                 for file in files}
    assert {file: names for file, names in offending.items() if names} == {}
