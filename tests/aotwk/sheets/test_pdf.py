"""The PDF score sheet and blank pad, read back with pypdf and compared with
the engine's result for the same game."""

from __future__ import annotations

import copy
import io
import re

import pypdf
import pytest
from fontTools.ttLib import TTFont

from companion.aotwk.rules.scoring import score_document
from companion.aotwk.sheets import SheetRequestError, build_sheet, render_blank_pad, render_sheet
from companion.aotwk.sheets.categories import BY_KEY, CATEGORIES
from companion.export.pdf import ordinal
from companion.aotwk.sheets.pdf import qr_data_uri

from .conftest import FIVE_PLAYERS, KOREAN_NAME, SOLO, TIED, pdf_text, scored, six_players, squeeze

VIEW_URL = "http://127.0.0.1:8000/v/sample-view-token"
MM_PER_POINT = 25.4 / 72


def _row(text: str, label: str) -> list[str]:
    """The cells after a row's label, from the line that starts with it."""
    for line in text.splitlines():
        if line.startswith(label + " "):
            return line[len(label):].split()
    raise AssertionError(f"no row {label!r} in:\n{text}")


def _expected_cell(entry: dict, key: str) -> str:
    return str(entry["categories"][key]) if key in entry["categories"] else "\u2013"


def test_sheet_shows_every_name_category_value_total_and_rank_of_the_engine(game):
    doc, result = game
    pages = pdf_text(render_sheet(build_sheet(doc, result), view_url=VIEW_URL))
    first = pages[0]
    entries = result["players"] + ([result["bot"]] if result["bot"] else [])

    header = squeeze(first.split("Category", 1)[1].split(CATEGORIES[0].label, 1)[0])
    for entry in entries:
        assert squeeze(entry["name"]) in header

    reported = {key for entry in entries for key in entry["categories"]}
    printed = 0
    for key in reported:
        category = BY_KEY[key]
        in_play = category.expansion is None or category.expansion in doc["expansions"]
        if not in_play:
            # Age of Artisans, Game End: Adornments and Tools score only with the expansion: a base game has no row.
            assert not any(line.startswith(category.label + " ") for line in first.splitlines())
            continue
        assert _row(first, category.label) == [_expected_cell(entry, key) for entry in entries]
        printed += 1
    assert printed >= 7

    assert _row(first, "Total") == [str(entry["total"]) for entry in entries]
    ranks = " ".join(_row(first, "Rank"))
    expected_ranks = " ".join(
        ordinal(entry["rank"]) + (" \u2605 Winner" if entry["name"] in result["winners"] else "")
        for entry in entries)
    assert ranks == expected_ranks


def test_sheet_prints_every_reason_of_the_engine(game):
    doc, result = game
    text = squeeze("".join(pdf_text(render_sheet(build_sheet(doc, result), view_url=VIEW_URL))))
    entries = result["players"] + ([result["bot"]] if result["bot"] else [])
    for reason in (reason for entry in entries for reason in entry["reasons"]):
        assert squeeze(reason) in text


def test_sheet_heading_names_title_date_players_mode_and_expansions():
    result, sheet = scored(SOLO)
    text = pdf_text(render_sheet(sheet, view_url=VIEW_URL))[0]
    assert "Solo against Helena" in text
    assert "Nov 21, 2026" in text   # the date as the locale writes it (CLDR's medium form, through Babel)
    assert f"1 player + {result['bot']['name']} (bot)" in text
    assert "Solo vs the bot" in text
    assert "Age of Artisans" in text
    assert f"Winner: {result['winners'][0]}" in text


def test_a_broken_tie_is_explained_on_the_sheet():
    result, sheet = scored(TIED)
    assert result["tie_break"], "the sample game is meant to end in a tie"
    text = squeeze(pdf_text(render_sheet(sheet, view_url=VIEW_URL))[0])
    assert squeeze("Tie broken: " + result["tie_break"]) in text


def test_a_five_player_sheet_fits_on_one_page():
    _, sheet = scored(FIVE_PLAYERS)
    assert len(pdf_text(render_sheet(sheet, view_url=VIEW_URL))) == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_reasons_that_do_not_fit_move_whole_to_a_second_page(paper):
    result, sheet = scored(six_players())
    first, *rest = pdf_text(render_sheet(sheet, view_url=VIEW_URL, paper=paper))
    assert rest, "six players' reasons are meant to overflow the first page"
    assert "Total" in first and "Why:" not in first
    assert rest[0].lstrip().startswith("Why:")
    # the whole score table (a column per player) is on page 1
    assert len(_row(first, "Total")) == len(result["players"])


def test_an_unfinished_game_is_marked_provisional():
    doc = {**FIVE_PLAYERS, "phase": "final_round"}
    result, sheet = scored(doc)
    text = pdf_text(render_sheet(sheet, view_url=VIEW_URL))[0]
    assert "PROVISIONAL" in text and "not finished" in text
    assert _row(text, "Total") == [str(entry["total"]) for entry in result["players"]]
    assert "Winner" not in text and f"Leading: {result['winners'][0]}" in text
    finished_text = pdf_text(render_sheet(scored(FIVE_PLAYERS)[1], view_url=VIEW_URL))[0]
    assert "PROVISIONAL" not in finished_text


@pytest.mark.parametrize("paper, width_mm, height_mm", [(None, 210, 297), ("a4", 210, 297), ("letter", 215.9, 279.4)])
def test_paper_sizes(paper, width_mm, height_mm):
    _, sheet = scored(FIVE_PLAYERS)
    box = pypdf.PdfReader(io.BytesIO(render_sheet(sheet, view_url=VIEW_URL, paper=paper))).pages[0].mediabox
    assert float(box.width) * MM_PER_POINT == pytest.approx(width_mm, abs=0.5)
    assert float(box.height) * MM_PER_POINT == pytest.approx(height_mm, abs=0.5)


def test_unknown_paper_is_refused():
    _, sheet = scored(TIED)
    with pytest.raises(SheetRequestError, match="paper"):
        render_sheet(sheet, paper="legal")


def test_the_qr_code_is_an_svg_image_on_the_sheet():
    assert qr_data_uri(VIEW_URL).startswith("data:image/svg+xml")
    _, sheet = scored(TIED)
    with_qr = render_sheet(sheet, view_url=VIEW_URL)
    without = render_sheet(sheet, view_url=None)
    assert "Scan to view this game" in pdf_text(with_qr)[0]
    assert VIEW_URL in squeeze(pdf_text(with_qr)[0])
    assert "Scan to view this game" not in pdf_text(without)[0]


# -- fonts: a Korean name must be real glyphs, not empty boxes ------------------------

def _cmap_pairs(cmap_text: str):
    """(glyph code, text) pairs from a ToUnicode CMap's bfchar and bfrange sections."""
    for block in re.findall(r"beginbfchar(.*?)endbfchar", cmap_text, re.S):
        for code, text in re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>", block):
            yield int(code, 16), bytes.fromhex(text).decode("utf-16-be")
    for block in re.findall(r"beginbfrange(.*?)endbfrange", cmap_text, re.S):
        for low, high, start in re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>", block):
            first = ord(bytes.fromhex(start).decode("utf-16-be"))
            for offset, code in enumerate(range(int(low, 16), int(high, 16) + 1)):
                yield code, chr(first + offset)


def _drawn_characters(pdf: bytes) -> dict[str, set[str]]:
    """For each embedded font, the characters it draws with a glyph that has an
    outline (glyph 0, .notdef, and empty glyphs are what tofu is made of)."""
    drawn: dict[str, set[str]] = {}
    for page in pypdf.PdfReader(io.BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0].get_object()
            if descendant.get("/CIDToGIDMap") != "/Identity":
                continue   # only fonts whose glyph codes are glyph ids can be checked this simply
            program = TTFont(io.BytesIO(descendant["/FontDescriptor"]["/FontFile2"].get_object().get_data()))
            glyph_names = program.getGlyphOrder()
            outlines = program["glyf"]
            characters = drawn.setdefault(str(font["/BaseFont"]).split("+", 1)[-1], set())
            for code, text in _cmap_pairs(font["/ToUnicode"].get_object().get_data().decode("latin-1")):
                if code and code < len(glyph_names) and outlines[glyph_names[code]].numberOfContours:
                    characters.update(text)
    return drawn


def test_a_korean_name_is_drawn_with_real_glyphs_from_a_korean_font():
    _, sheet = scored(FIVE_PLAYERS)
    pdf = render_sheet(sheet, view_url=VIEW_URL)
    assert KOREAN_NAME in pdf_text(pdf)[0]
    drawn = _drawn_characters(pdf)
    korean_fonts = [name for name in drawn if "Nanum" in name]
    assert korean_fonts, f"no Korean font embedded, only {sorted(drawn)}"
    for character in KOREAN_NAME:
        assert any(character in drawn[name] for name in korean_fonts), f"{character} has no glyph"


def test_accented_and_cyrillic_names_are_drawn_with_real_glyphs():
    _, sheet = scored(six_players())
    drawn = set().union(*_drawn_characters(render_sheet(sheet, view_url=VIEW_URL)).values())
    for character in "ÆéМаш":
        assert character in drawn


def test_japanese_thai_and_greek_names_are_drawn_with_real_glyphs():
    names = ["山田 太郎", "สมชาย", "Ελένη"]
    doc = {"title": "Scripts", "created_at": "2026-11-22T10:00:00Z", "phase": "finished",
           "players": [{"name": name, "virtue": 7} for name in names]}
    result = score_document(doc)
    drawn = set().union(*_drawn_characters(render_sheet(build_sheet(doc, result))).values())
    missing = {character for name in names for character in name.replace(" ", "") if character not in drawn}
    assert not missing


# -- the blank pad ------------------------------------------------------------------------

@pytest.mark.parametrize("players", range(1, 7))
def test_blank_pad_has_a_column_per_player_and_every_row(players):
    pages = pdf_text(render_blank_pad(players))
    assert len(pages) == 1
    text = pages[0]
    assert f"{players} player" in text
    for category in CATEGORIES:
        present = any(line.startswith(category.label) for line in text.splitlines())
        assert present == (category.players and category.expansion is None), category.key


def test_blank_pad_with_the_expansion_and_the_bot():
    text = pdf_text(render_blank_pad(6, expansion=True, bot=True, paper="letter"))[0]
    for category in CATEGORIES:
        assert category.label in text
    assert "Age of Artisans" in text and "bot" in text


@pytest.mark.parametrize("players", [0, 7, 99, -1])
def test_blank_pad_refuses_impossible_player_counts(players):
    with pytest.raises(SheetRequestError, match="players must be between 1 and 6"):
        render_blank_pad(players)


def test_engine_and_sheet_agree_for_the_rulebook_example():
    # The rulebook's Red (38) and Blue (40), with Red's buildings given as a paper total.
    doc = {
        "title": "Rulebook example", "created_at": "2026-01-01T12:00:00Z", "phase": "finished",
        "players": [
            {"name": "Red", "virtue": 12, "debts_unpaid": 2, "prisoners": 3, "cathedral": 3, "gold": 2,
             "marble": 1, "silver": 6, "overrides": {"buildings": 30}},
            {"name": "Blue", "virtue": 6, "cathedral": 2, "gold": 1, "silver": 22, "prisoners": 4,
             "overrides": {"buildings": 35}},
        ],
    }
    result = score_document(doc)
    text = pdf_text(render_sheet(build_sheet(doc, result)))[0]
    assert _row(text, "Total") == [str(result["players"][0]["total"]), str(result["players"][1]["total"])]


def test_a_shared_win_marks_every_winner():
    doc = {"title": "Dead heat", "created_at": "2026-11-22T20:00:00Z", "phase": "finished",
           "players": [{"name": name, "virtue": 9, "silver": 4, "buildings": buildings}
                       for name, buildings in (("Ines", ["smithy"]), ("Jonas", ["well"]), ("Kai", []))]}
    result, sheet = scored(doc)
    assert result["winners"] == ["Ines", "Jonas"]
    text = pdf_text(render_sheet(sheet))[0]
    assert " ".join(_row(text, "Rank")) == "1st \u2605 Winner 1st \u2605 Winner 3rd"
    assert "Shared win: Ines and Jonas" in text


def test_names_are_printed_as_written_never_as_markup():
    doc = copy.deepcopy(TIED)
    doc["players"][0]["name"] = "<b>Mina</b> & <img src=x>"
    _, sheet = scored(doc)
    assert squeeze("<b>Mina</b> & <img src=x>") in squeeze(pdf_text(render_sheet(sheet))[0])


def test_the_view_address_under_the_qr_code_is_one_readable_line():
    """Issue 32: the link under the QR code was 5 pt and split over three lines in its 30 mm cell.
    It stands under the masthead, at a size a reader can type from, on one line."""
    result, sheet = scored(FIVE_PLAYERS)
    lan_url = "http://192.168.1.20:8000/v/" + "Xy7_" * 8   # a LAN address and a 32-character view token
    lines = pdf_text(render_sheet(sheet, view_url=lan_url))[0].splitlines()
    assert any(lan_url in line for line in lines), [line for line in lines if "192.168" in line or "Xy7_" in line]
