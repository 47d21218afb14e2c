"""companion.web.pad_games: what every pad game serves the same way."""

from types import SimpleNamespace

from companion.web.pad_games import PadGame


def _pad(links: list) -> PadGame:
    return PadGame("x/pad.html", "x/_pad.html", describe=lambda state, move: "", render_sheet=lambda *a, **k: b"",
                   csv_text=lambda state, played_at: "", bgstats_link=lambda *a, **k: links.append(k) or "link",
                   sheet_file="x-sheet.pdf", csv_file="x.csv")


def test_there_is_no_bgstats_link_before_the_end_nor_for_a_game_that_cannot_be_scored():
    links: list = []
    pad = _pad(links)
    playing = SimpleNamespace(phase="playing")
    finished = SimpleNamespace(phase="finished")
    assert pad.bgstats(playing, {"players": []}) is None
    assert pad.bgstats(finished, None) is None
    assert pad.bgstats(finished, {"problems": ["x"]}) is None
    assert links == []
