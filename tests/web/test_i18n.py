"""The app in Korean: choosing the language, the pages this session translated,
form messages, numbers and dates, Hangul names."""

from __future__ import annotations

import copy
import html as html_lib
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.aotwk.rules import table
from companion.web.i18n import LANG_COOKIE

from .bot_pages import error_next_to
from .helpers import import_document, sample

KOREAN = {"Accept-Language": "ko-KR,ko;q=0.9,en;q=0.5"}
# Words a Korean page may show in Latin letters: file formats, product names, the
# other language's name on the switch, and the engine's contract file names.
ALLOWED_LATIN = {"PDF", "CSV", "JSON", "json", "BG", "Stats", "QR", "A4", "US", "Garphill", "Games", "AI",
                 "English", "score", "export",
                 "UTC",  # a time before the page's script shows it in the phone's zone
                 "VS"}   # the Korean rulebook's own "2인 VS AI" (seed 001, 1인 게임 규칙)


def visible_text(page: str) -> str:
    """What a reader sees: no scripts, styles, tags, or text marked as another language
    (an English card name beside its Korean one, the language switch)."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r'<(?!html)(\w+)[^>]*\blang="en"[^>]*>.*?</\1>', " ", page, flags=re.S)
    page = re.sub(r"<[^>]+>", " ", page)
    return html_lib.unescape(" ".join(page.split()))


def english_left(page: str, *player_text: str) -> list[str]:
    text = visible_text(page)
    for entered in sorted(player_text, key=len, reverse=True):
        text = text.replace(entered, " ")
    return [word for word in re.findall(r"[A-Za-z]{2,}", text) if word not in ALLOWED_LATIN]


def finished_with_bot(app) -> tuple[str, dict]:
    state = table.new_game({"mode": "two_vs_bot", "opponent": "helena", "title": "금요일 게임",
                            "players": [{"name": "김민준"}, {"name": "Ann"}], "seed": 3})
    for seat, fields in enumerate(({"virtue": 13, "gold": 6, "debts_unpaid": 2, "silver": 12, "prisoners": 3,
                                    "buildings": ["castle", "university"], "cathedral": 2},
                                   {"virtue": 4, "debts_unpaid": 1, "silver": 25})):
        state["players"][seat].update(copy.deepcopy(fields))
    state["bot"].update({"guildhall_workers": 3, "marble": 4, "virtue": 2, "debts_unpaid": 1})
    state["phase"] = "finished"
    game = app.extensions["store"].create(state)
    return game.edit_token, state


# -- choosing the language --------------------------------------------------------

def test_the_browser_language_picks_korean_and_html_lang_follows(client):
    assert '<html lang="ko"' in client.get("/", headers=KOREAN).get_data(as_text=True)
    assert '<html lang="en"' in client.get("/", headers={"Accept-Language": "fr,en;q=0.5"}).get_data(as_text=True)


def test_lang_in_the_address_wins_and_the_device_remembers_it(client):
    """A link opened with ?lang=ko keeps the phone in Korean on the pages after it (the switch's cookie)."""
    answer = client.get("/catalogue?lang=ko", headers={"Accept-Language": "en"})
    assert '<html lang="ko"' in answer.get_data(as_text=True)
    assert f"{LANG_COOKIE}=ko" in answer.headers["Set-Cookie"]
    assert '<html lang="ko"' in client.get("/catalogue", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="ko"' in client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    # and back: English in the address wins over the remembered Korean, and is remembered in turn
    assert '<html lang="en"' in client.get("/?lang=en", headers=KOREAN).get_data(as_text=True)
    assert '<html lang="en"' in client.get("/catalogue", headers=KOREAN).get_data(as_text=True)


def test_a_fragment_or_a_download_asking_for_a_language_does_not_change_the_devices(client):
    """An htmx fragment or a sheet follows the page it comes from; only a whole page is remembered."""
    for answer in (client.get("/catalogue?lang=ko", headers={"HX-Request": "true"}),
                   client.get("/sheets/blank.pdf?players=2&lang=ko")):
        assert answer.status_code == 200
        assert not any(c.startswith(f"{LANG_COOKIE}=") for c in answer.headers.getlist("Set-Cookie"))
    assert '<html lang="en"' in client.get("/catalogue", headers={"Accept-Language": "en"}).get_data(as_text=True)


def test_one_tap_switches_and_the_device_remembers(client):
    home = client.get("/catalogue?kind=apprentice").get_data(as_text=True)
    switch = re.search(r'<a class="button lang-switch" href="([^"]+)"[^>]*>한국어</a>', home)
    assert switch, "every page carries the switch to the other language"
    answer = client.get(html_lib.unescape(switch.group(1)))
    assert answer.status_code == 303 and answer.headers["Location"] == "/catalogue?kind=apprentice"
    assert f"{LANG_COOKIE}=ko" in answer.headers["Set-Cookie"]
    page = client.get("/catalogue?kind=apprentice", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="ko"' in page and ">English</a>" in page   # the cookie beats the browser


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x", "/\\evil.example", None,
                                    "/\t/evil.example", "/\n/evil.example", " //evil.example", "/x\r\nSet-Cookie: a=b"])
def test_the_switch_only_goes_back_to_this_site(client, target):
    """Browsers drop a tab or newline inside an address: '/\\t/evil.example' is another host."""
    answer = client.get("/language/ko", query_string={"next": target} if target else {})
    assert answer.status_code == 303 and answer.headers["Location"] == "/"


def test_an_unknown_language_changes_nothing(client):
    answer = client.get("/language/xx?next=/catalogue")
    assert answer.status_code == 303
    assert not any(c.startswith(f"{LANG_COOKIE}=") for c in answer.headers.getlist("Set-Cookie"))
    assert '<html lang="en"' in client.get("/?lang=xx").get_data(as_text=True)


# -- pages in Korean, no English left ---------------------------------------------------

def test_home_in_korean(client, app):
    import_document(client, sample(title="Friday game"))
    page = client.get("/", headers=KOREAN).get_data(as_text=True)
    assert "새 게임" in page and "이 기기의 게임" in page and "가져오기" in page
    assert english_left(page, "Friday game") == []


@pytest.mark.parametrize("kind", ["building", "apprentice"])
def test_the_catalogue_in_korean_lists_every_card_without_english(client, kind):
    page = client.get(f"/catalogue?kind={kind}&lang=ko").get_data(as_text=True)
    assert english_left(page, *untranslated_board_names()) == []   # (boards printed in English only)
    assert ("대장간" if kind == "building" else "수행사제") in page
    assert 'lang="en">Smithy<' in page or kind == "apprentice"


def test_card_effects_read_as_sentences_on_the_catalogue_page_and_in_the_picker(client):
    """A playtester saw 'End of game: per count: counts buildings; per 1; reward 1 vp' (Aqueduct) and
    'Ability: bm reset release: workers 2; from prison' (Gatekeeper, in the Black Market form's search)."""
    def line(path: str) -> str:
        return visible_text(client.get(path).get_data(as_text=True))
    assert "End of game: 1 VP for each building you have" in line("/catalogue?q=aqueduct&lang=en")
    assert "게임 종료 시: 보유한 건물마다 승점 1" in line("/catalogue?q=aqueduct&lang=ko")
    gatekeeper = "/catalogue/pick?kind=apprentice&field=apprentice&search=gatekeeper&lang="
    assert "Ability: at each Black Market Reset, you may release 2 of your workers from Prison" in line(gatekeeper + "en")
    assert "능력: 암시장 재설정 때마다 교도소에서 자기 일꾼 2명을 석방할 수 있습니다" in line(gatekeeper + "ko")


def test_the_catalogue_finds_korean_names_by_initial_consonants_and_english_names(client):
    by_initials = visible_text(client.get("/catalogue?lang=ko&q=ㅈㅎㄱㅇ").get_data(as_text=True))
    assert "지하 감옥" in by_initials and "대장간" not in by_initials
    by_english = visible_text(client.get("/catalogue?lang=ko&q=smithy").get_data(as_text=True))
    assert "대장간" in by_english


@pytest.mark.parametrize("url, status", [("/nowhere", 404), ("/catalogue?kind=spaceship", 404)])
def test_error_pages_in_korean(client, url, status):
    answer = client.get(url, headers=KOREAN)
    page = answer.get_data(as_text=True)
    assert answer.status_code == status and "찾을 수 없음" in page
    assert english_left(page, *untranslated_board_names()) == []   # (boards printed in English only)


def test_a_damaged_stored_record_is_explained_in_korean(client, app):
    """issue 12: a damaged record gets a 422 page that says what is wrong, in the reader's language."""
    state = table.new_game({"mode": "paper", "players": [{"name": "김민준"}], "seed": 1, "title": "금요일"})
    state["players"][0]["overrides"] = None
    game = app.extensions["store"].create(state)
    answer = client.get(f"/g/{game.edit_token}", headers=KOREAN)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert "플레이어 1, 직접 적은 값: 저장된 게임에는 꼭 있어야 합니다" in page
    assert english_left(page, "김민준", "금요일") == []


def test_a_nul_in_a_form_is_refused_in_korean(client):
    answer = client.get("/catalogue?q=%00", headers=KOREAN)
    assert answer.status_code == 400 and "NUL" in answer.get_data(as_text=True)
    assert english_left(answer.get_data(as_text=True)) == ["NUL"]


def test_a_csrf_failure_is_explained_in_korean(app):
    app.config["WTF_CSRF_ENABLED"] = True
    answer = app.test_client().post("/decks/new", data={"name": "덱"}, headers=KOREAN)
    assert answer.status_code == 400 and "아무것도 바뀌지 않았습니다" in answer.get_data(as_text=True)


def test_the_score_page_in_korean_with_reasons_and_hangul_names(client, app):
    token, state = finished_with_bot(app)
    page = client.get(f"/g/{token}/score", headers=KOREAN).get_data(as_text=True)
    text = visible_text(page)
    assert "최종 점수" in text and "합계" in text and "순위" in text and "김민준" in text
    assert "성: 선행 +3 (금 6), 13 → 14, 미납 채권 2장 파기" in text      # a reason, from its code
    assert "길드홀의 일꾼 3명" in text and "교도소의 일꾼 3명" in text
    assert "헬레나" in text and "Helena" not in text   # 1인 게임 규칙 4: '콘스탄틴= 기본/ 헬레나= 어려움'
    assert english_left(page, "금요일 게임", "Ann") == []
    # the sheet link carries the page's language
    assert re.search(rf'href="/g/{token}/sheet.pdf\?lang=ko"', page)
    assert re.search(rf'href="/g/{token}/sheet.pdf\?paper=letter&amp;lang=ko"', page)


def test_the_score_page_in_english_is_unchanged(client, app):
    token, _ = finished_with_bot(app)
    text = visible_text(client.get(f"/g/{token}/score").get_data(as_text=True))
    assert "Castle: +3 virtue for 6 gold, 13 → 14, destroyed 2 unpaid debts" in text
    assert "Why 김민준 scored" in text


def test_score_json_keeps_the_english_contract_on_a_korean_device(client, app):
    token, _ = finished_with_bot(app)
    scores = client.get(f"/g/{token}/score.json?lang=ko").get_json()
    reasons = scores["players"][0]["reasons"] if "players" in scores else scores["scores"]["players"][0]["reasons"]
    assert "Castle: +3 virtue for 6 gold, 13 → 14, destroyed 2 unpaid debts" in reasons


def test_the_bot_panel_and_turn_chrome_in_korean(client, app):
    state = table.new_game({"mode": "solo", "opponent": "helena", "players": [{"name": "지우"}], "seed": 7,
                            "title": "혼자"})
    token = app.extensions["store"].create(state).edit_token
    table_page = visible_text(client.get(f"/g/{token}", headers=KOREAN).get_data(as_text=True))
    assert "책략 카드:" in table_page and "뽑을 더미 20" in table_page and "헬레나의 차례 진행" in table_page
    assert "AI 게임판 위" in table_page and "길드홀" in table_page
    turn = visible_text(client.get(f"/g/{token}/bot/turn", headers=KOREAN).get_data(as_text=True))
    assert "게임판에서" in turn and "완료: 헬레나의 차례 기록" in turn and "취소" in turn


def test_the_scheme_card_editor_in_korean(client, csrf_token):
    deck = client.post("/decks/new", data={"csrf_token": csrf_token, "name": "내 덱"}).headers["Location"]
    added = client.post(f"{deck}/cards", data={"csrf_token": csrf_token, "group": "starting"})
    page = client.get(added.headers["Location"], headers=KOREAN).get_data(as_text=True)
    text = visible_text(page)
    assert "카드가 일꾼을 보내는 곳" in text and "행동 추가" in text and "저장" in text


# -- forms, numbers, dates -------------------------------------------------------------

def test_form_messages_in_korean_including_wtforms_own(app):
    from flask_wtf import FlaskForm
    from wtforms import IntegerField
    from wtforms.validators import NumberRange

    class Count(FlaskForm):
        count = IntegerField("count", validators=[NumberRange(0, 20)])

    with app.test_request_context("/?lang=ko", method="POST", data={"count": "many"}):
        form = Count(meta={"csrf": False})
        assert not form.validate()
        assert "올바르지 않은 정수 값입니다." in form.count.errors


def test_an_import_without_a_file_says_so_in_korean(client, csrf_token):
    answer = client.post("/games/import?lang=ko", data={"csrf_token": csrf_token})
    assert answer.status_code == 400 and "이 앱에서 내보낸 JSON 파일을 고르세요." in answer.get_data(as_text=True)


def test_numbers_and_dates_follow_the_locale(app):
    from datetime import datetime, timezone

    from flask import render_template_string
    moment = datetime(2026, 11, 22, 15, 4, tzinfo=timezone.utc)
    with app.test_request_context("/?lang=ko"):
        korean = render_template_string("{{ 12345 | number }} {{ moment | datetime }}", moment=moment)
    with app.test_request_context("/?lang=en"):
        english = render_template_string("{{ 12345 | number }} {{ moment | datetime }}", moment=moment)
    assert korean == "12,345 2026. 11. 22. 15:04" and english == "12,345 Nov 22, 2026 15:04"


# -- the PDF sheets and CSV --------------------------------------------------------------

def pdf_words(data: bytes) -> str:
    import io

    from pypdf import PdfReader
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages).split())


def test_the_score_sheet_follows_the_reader_and_the_csv_stays_english(client, app):
    token, _ = finished_with_bot(app)
    korean = pdf_words(client.get(f"/g/{token}/sheet.pdf?lang=ko").data)
    squeezed = korean.replace(" ", "")
    for words in ("항목", "합계", "순위", "최종선행", "미납채권", "김민준", "1위", "승자", "성:선행+3(금6)", "1쪽중1쪽"):
        assert words in squeezed, words
    english = pdf_words(client.get(f"/g/{token}/sheet.pdf").data)
    assert "Final virtue" in english and "Castle: +3 virtue for 6 gold" in english
    csv_ko = client.get(f"/g/{token}/scores.csv?lang=ko").data
    assert csv_ko == client.get(f"/g/{token}/scores.csv").data   # an interface: the same in every language


def test_the_blank_pad_in_korean(client):
    squeezed = pdf_words(client.get("/sheets/blank.pdf?players=3&bot=1&lang=ko").data).replace(" ", "")
    for words in ("점수표", "플레이어3명", "선행트랙", "교도소의일꾼", "승리를함께나눕니다", "콘스탄틴/헬레나"):
        assert words in squeezed, words


@pytest.mark.parametrize("query, complaint", [
    ("players=3&expansion=maybe", "확장 포함 여부는 1 또는 0입니다 (받은 값: &#39;maybe&#39;)."),
    ("players=3&bot=2", "AI 포함 여부는 1 또는 0입니다 (받은 값: &#39;2&#39;)."),
])
def test_a_bad_blank_pad_request_in_korean(client, query, complaint):
    response = client.get(f"/sheets/blank.pdf?{query}", headers=KOREAN)
    assert response.status_code == 400 and complaint in response.get_data(as_text=True)


def test_phones_in_two_languages_share_a_game_each_in_its_own(app):
    """The live region is rendered once per revision and shared between phones:
    once per language too, or a Korean phone would hand its page to an English one."""
    token, _ = finished_with_bot(app)
    korean, english = app.test_client(), app.test_client()
    korean.set_cookie(LANG_COOKIE, "ko")
    first = visible_text(korean.get(f"/g/{token}").get_data(as_text=True))
    second = visible_text(english.get(f"/g/{token}").get_data(as_text=True))
    assert "합계" in first and "Total" not in first
    assert "Total" in second and "합계" not in second


def test_a_templates_words_are_said_as_jinjas_own_gettext_would_in_each_language(app):
    """Words without variables are kept once per catalogue (companion.web.i18n._template_gettext):
    what a page says must be what Jinja's own new-style gettext says, in either language, in
    either order, with '%%' and markup as Jinja treats them."""
    import jinja2
    from flask import render_template_string

    from companion.web.i18n import _translations

    words = ["Build", "Undo", "Setup checklist for the table", "100%% sure", "<b>bold</b>"]
    page = "{% for w in words %}[{{ _(w) }}]{% endfor %}[{{ _('%(left)s left in play', left=7) }}]"
    for lang in ("ko", "en", "ko"):
        with app.test_request_context(f"/?lang={lang}"):
            said = render_template_string(page, words=words)
            jinja = jinja2.Environment(extensions=["jinja2.ext.i18n"], autoescape=True)
            jinja.install_gettext_callables(_translations().ugettext, _translations().ungettext, newstyle=True)
            assert said == jinja.from_string(page).render(words=words), lang
            assert ("[건설]" in said) == (lang == "ko") and "[100% sure]" in said


def test_htmx_requests_keep_the_language_of_their_page(client, app):
    """A page opened with ?lang=ko (no cookie) tells its htmx requests its language."""
    token, _ = finished_with_bot(app)
    page = client.get(f"/g/{token}?lang=ko").get_data(as_text=True)
    assert '"X-Language": "ko"' in page
    fragment = client.get(f"/g/{token}/poll", headers={"HX-Request": "true", "X-Language": "ko"})
    if fragment.status_code == 204:   # nothing changed since: ask for the live region itself
        fragment = client.get(f"/g/{token}", headers={"HX-Request": "true", "X-Language": "ko"})
    assert "합계" in fragment.get_data(as_text=True)


def test_the_pdf_pages_html_in_korean_has_no_english_left(app):
    from companion.aotwk.sheets.model import score_sheet
    from companion.aotwk.sheets.pdf import pad_html, sheet_html

    _, state = finished_with_bot(app)
    with app.test_request_context("/?lang=ko"):
        sheet = sheet_html(score_sheet(state), view_url="http://example.test/v/abc")
        pad = pad_html(4, expansion=True, bot=True)
    assert english_left(sheet, "금요일 게임", "Ann", "http://example.test/v/abc") == []   # the bot is 헬레나
    assert english_left(pad) == []


def test_the_switch_on_a_page_answering_a_post_goes_home(client, csrf_token):
    page = client.post("/games/import", data={"csrf_token": csrf_token}).get_data(as_text=True)
    assert 'href="/language/ko?next=/"' in page


def test_a_search_from_a_lang_ko_page_stays_korean(client):
    page = client.get("/catalogue?lang=ko").get_data(as_text=True)
    assert '<input type="hidden" name="lang" value="ko">' in page
    assert client.get("/catalogue?lang=ko").headers["Content-Language"] == "ko"
    assert 'name="lang"' not in client.get("/catalogue").get_data(as_text=True)


def test_a_bot_question_refuses_a_missing_answer_in_korean(client, app, csrf_token):
    state = table.new_game({"mode": "solo", "opponent": "helena", "players": [{"name": "지우"}], "seed": 7})
    piles = state["bot"]["deck"]
    piles["draw"] = ["s11", *[c for c in piles["draw"] if c != "s11"]][:len(piles["draw"])]   # a capture card
    token = app.extensions["store"].create(state).edit_token
    answer = client.post(f"/g/{token}/bot/turn?lang=ko", data={"csrf_token": csrf_token, "rev": 0, "q0": ""},
                         headers={"HX-Request": "true"})
    assert answer.status_code == 400 and "몇 개인지 적으세요 (없으면 0)." in answer.get_data(as_text=True)


# -- pages translated by the korean2 branch ---------------------------------------------------

def untranslated_board_names() -> list[str]:
    """Boards printed only in English (Age of Artisans, promos: no Korean edition): their names
    stay as printed, like a player's name."""
    from companion.aotwk.catalogue import load
    return [board.name_en for board in load().boards.values() if "ko" not in board.names]


def test_the_setup_page_in_korean(client):
    page = client.get("/games/new", headers=KOREAN).get_data(as_text=True)
    text = visible_text(page)
    assert "새 게임" in text and "게임 시작" in text and "헬레나 (어려움)" in text and "빨간색" in text
    assert "캐롤라인: 선행 3, 은화 10" in text
    assert english_left(page, "Architects Companion", *untranslated_board_names()) == []


def test_setup_refusals_next_to_the_field_in_korean(client, csrf_token):
    from .test_table import setup_data
    answer = client.post("/games/new?lang=ko", data=setup_data(csrf_token, names=("민준", "민준")))
    page = answer.get_data(as_text=True)
    assert answer.status_code == 400 and "'민준'은(는) 이미 플레이어 1의 이름입니다" in html_lib.unescape(page)
    assert english_left(page, "Architects Companion", "Test night", *untranslated_board_names()) == []


def test_the_setup_checklist_is_said_in_the_readers_language(app):
    from companion.aotwk.web.board_view import seat_independent
    state = table.new_game({"mode": "solo", "opponent": "helena", "players": [{"name": "지우"}], "seed": 7})
    with app.test_request_context("/?lang=ko"):
        korean = "|".join(seat_independent(state)["checklist"])
    with app.test_request_context("/?lang=en"):
        english = seat_independent(state)["checklist"]
    assert "은화 4개를 세금 관리소의 위쪽 칸에 놓습니다" in korean and english_left(korean) == []
    assert english == state["setup_checklist"]


def region(page: str, opening: str, closing: str) -> str:
    """One part of a page: from ``opening`` to the first ``closing`` after it."""
    start = page.index(opening)
    return page[start:page.index(closing, start) + len(closing)]


def test_the_paper_pad_in_korean_with_a_refusal_beside_its_cell(client, csrf_token):
    from .test_pad import row
    from .test_table import HTMX, start
    token = start(client, csrf_token, names=("민준", "지우"), mode="paper")
    pad = region(client.get(f"/g/{token}", headers=KOREAN).get_data(as_text=True), '<details class="paper"',
                 "</details>")
    assert "민준의 점수표" in pad and "대성당 승점" in pad and "0, 2, 4, 7, 12 또는 20" in pad
    assert english_left(pad, "민준") == []
    answer = client.post(f"/g/{token}/pad?lang=ko", data=row(csrf_token, 1, {"cathedral": "42", "buildings": "9"}),
                         headers=HTMX)
    text = visible_text(answer.get_data(as_text=True))
    assert answer.status_code == 200   # the buildings cell was saved: no error answer
    assert "42는 불가능합니다: 대성당은 승점 0, 2, 4, 7, 12 또는 20점을 줍니다" in text
    assert "저장됨: 건물 승점. 저장되지 않음: 대성당 승점" in text
    assert english_left(answer.get_data(as_text=True), "지우") == []


def test_the_end_count_in_korean(client, csrf_token):
    from .test_table import post_move, start
    token = start(client, csrf_token, names=("민준", "지우"))
    post_move(client, token, csrf_token, kind="end_game")
    count = region(client.get(f"/g/{token}", headers=KOREAN).get_data(as_text=True), '<section class="card end-count"',
                   "</section>")
    assert "게임 종료: 남은 것을 세세요" in count and "최종 점수 보기" in count and "민준의 개수 확인" in count
    assert english_left(count, "민준", "지우") == []


def test_the_history_in_korean_with_the_rulebooks_words_and_card_names(client, csrf_token):
    from .test_table import post_move, start
    token = start(client, csrf_token, names=("민준", "Ann"))
    post_move(client, token, csrf_token, kind="virtue", player=0, delta=1)
    post_move(client, token, csrf_token, kind="take_debts", player=1, count=2)
    post_move(client, token, csrf_token, kind="resources", player=0, clay=2)
    page = client.get(f"/g/{token}/history", headers=KOREAN).get_data(as_text=True)
    text = visible_text(page)
    for line in ("민준: 선행 1 얻음", "Ann: 채권 2장 받음", "민준: 점토 2 얻음", "약 2라운드", "약 1라운드", "기록"):
        assert line in text, line
    assert english_left(page, "민준", "Ann", "Test night") == []


@pytest.mark.parametrize("move", [
    {"kind": "build", "player": 0, "building": "clay_pit", "choice": "gold1", "apprentice": "acolyte_2"},
    {"kind": "hire", "player": 0, "apprentice": "acolyte_2", "source": "black_market"},
    {"kind": "capture", "player": 0, "victim": "bot", "count": 2, "location": "quarry"},
    {"kind": "black_market", "player": 0, "space": "small", "marble": 1},
    {"kind": "set_total", "player": 0, "cells": {"cathedral": 7, "buildings": None}},
    {"kind": "count", "player": 0, "cells": {"silver": 4}, "done": True},
    {"kind": "rescue", "player": 0, "payment": "debt"},
    {"kind": "resources", "player": 0, "clay": 2, "wood": -1},
    {"kind": "advance_cathedral", "player": 0, "reward": "silver3_virtue1"},
    {"kind": "bot_turn"},
])
def test_every_history_sentence_has_korean_words_only(app, move):
    from companion.aotwk.web.history import describe_move
    state = table.new_game({"mode": "solo", "opponent": "helena", "players": [{"name": "지우"}], "seed": 7})
    with app.test_request_context("/?lang=ko"):
        line = describe_move(state, move)
    assert english_left(line) == [], line
    assert "헬레나" in line or move["kind"] != "bot_turn"
    assert "대성당 진행, 보상 카드: 은화 3, 선행 1" in line or move["kind"] != "advance_cathedral"


def test_the_share_page_in_korean(client, csrf_token):
    from .test_table import start
    token = start(client, csrf_token, names=("민준", "Ann"))
    page = client.get(f"/g/{token}/share", headers=KOREAN).get_data(as_text=True)
    text = visible_text(page)
    assert "이 게임 공유" in text and "편집 링크" in text and "보기 전용 링크" in text and "복사" in text
    assert 'data-copied="복사했습니다.' in page
    assert english_left(re.sub(r'value="[^"]*"', "", page), "Test night") == []


def untranslated_card_names() -> list[str]:
    """Cards printed only in English (Age of Artisans, promos): their names stay as printed."""
    from companion.aotwk.catalogue import load
    cards = [*load().buildings.values(), *load().apprentices.values()]
    return [card.name_en for card in cards if "ko" not in card.names]


def test_the_card_library_in_korean(client):
    page = client.get("/library", headers=KOREAN).get_data(as_text=True)
    text = visible_text(page)
    assert "카드 자료" in text and "새 건물" in text and "인쇄된 승점" in text and "도구 6개 이상의 승점" in text
    assert "공예 카드 24: 장식품 승점" in text and "석공, 목공" in text or "목공, 석공" in text
    assert english_left(page, *untranslated_card_names()) == []


def test_a_library_file_that_is_not_one_is_refused_in_korean(client, csrf_token):
    import io

    for content in (b'{"format": "recipes", "facts": {}}', b"not json"):
        upload = (io.BytesIO(content), "library.json")
        answer = client.post("/library/import?lang=ko", data={"csrf_token": csrf_token, "library_file": upload},
                             content_type="multipart/form-data")
        page = answer.get_data(as_text=True)
        assert answer.status_code == 400
        assert english_left(page.split('class="errors"')[1].split("</ul>")[0], "architects-companion/card-library/1",
                            "format") == [], page


def test_a_wrong_library_fact_is_refused_on_a_korean_page(client, csrf_token):
    answer = client.post("/library?lang=ko", data={"csrf_token": csrf_token, "tools_vp.2": "many"})
    text = visible_text(answer.get_data(as_text=True))
    assert answer.status_code == 400 and "아무것도 저장되지 않았습니다: 아래 표시된 항목을 고치세요." in text


def test_the_scheme_deck_pages_in_korean(client, csrf_token):
    """1인 게임 규칙 8: '책략 카드를 시작 책략 카드(카드 윗부분 갈색) 20장과 미래 책략 카드(카드 윗부분
    검은색) 10장으로 구분하고'."""
    decks = client.get("/decks", headers=KOREAN).get_data(as_text=True)
    assert "책략 카드 덱" in visible_text(decks) and "덱 만들기" in visible_text(decks)
    assert english_left(decks) == []
    deck = client.post("/decks/new", data={"csrf_token": csrf_token, "name": "내 덱"}).headers["Location"]
    client.post(f"{deck}/cards/new", data={"csrf_token": csrf_token, "group": "future", "location": "quarry",
                                           "a-0-do": "place_worker"})
    editor = client.get(f"{deck}/cards/new?group=starting", headers=KOREAN).get_data(as_text=True)
    assert "새 카드" in visible_text(editor) and english_left(editor, "내 덱") == []
    page = client.get(deck, headers=KOREAN).get_data(as_text=True)
    text = visible_text(page)
    assert "시작 0 /20 · 미래 1 /10" in text and "미래 책략 카드 추가" in text and "“내 덱” 영구 삭제" in text
    # Not yet: a card's steps and the deck's problems come from the rules core as English
    # sentences (companion.aotwk.rules.opponent), like the bot's turn steps.
    chrome = re.sub(r'<ul( class="errors")?[^>]*>.*?</ul>', " ", page, flags=re.S)
    assert english_left(chrome, "내 덱") == []
    missing = client.post("/decks/new?lang=ko", data={"csrf_token": csrf_token, "name": ""})
    assert missing.status_code == 400 and "덱 이름을 적으세요." in missing.get_data(as_text=True)


def test_the_amytis_pad_in_korean_with_our_translation_of_the_favors(client, csrf_token):
    """Seed 002 (English only), FAVORS: 'Gain 5 points for each corner of your Player board that has
    at least 3 tiles in its stack.' Our Korean: '3타일 이상인 모서리마다 5점'."""
    from tests.amytis.test_web import stack, start
    new = client.get("/amytis/new", headers=KOREAN).get_data(as_text=True)
    assert "아미티스의 건축가들: 새 점수표" in visible_text(new) and english_left(new) == []
    edit, _view = start(client, csrf_token, first="민준", second="Paul", title="금요일")
    stack(client, csrf_token, edit, 0, 0, 0)
    page = client.get(f"/g/{edit}", headers=KOREAN).get_data(as_text=True)
    text = visible_text(page)
    assert "왕의 호의" in text and "3타일 이상인 모서리마다 5점" in text and "모서리" in text and "점수 트랙" in text
    assert 'aria-label="민준: 위 왼쪽 더미에 타일 1개 더"' in page
    assert "정확히 1타일인 더미 1개 × 3" in text and "완성한 프로젝트 카드 없음" in text
    # the Roman numerals are the Favor board's printed symbols
    assert set(english_left(page, "민준", "Paul", "금요일")) <= {"II", "III", "IV"}


def test_an_untitled_amytis_game_is_named_in_the_starters_language(client, csrf_token):
    answer = client.post("/amytis/new?lang=ko", data={"csrf_token": csrf_token, "first": "민준", "second": "Paul"})
    game, _editable = client.application.extensions["store"].find(answer.headers["Location"].rsplit("/", 1)[-1])
    assert game.state["title"] == "민준, Paul"


def test_the_amytis_history_in_korean(client, csrf_token):
    from tests.amytis.test_web import stack, start, tap
    edit, _view = start(client, csrf_token, first="민준", second="Paul", title="금요일")
    stack(client, csrf_token, edit, 0, 0, 0)
    tap(client, csrf_token, edit, kind="amytis_favor", player=1, favor="corners", claimed=1)
    page = client.get(f"/g/{edit}/history", headers=KOREAN).get_data(as_text=True)
    text = visible_text(page)
    assert "민준: 위 왼쪽 더미, 타일 1개 더" in text and "Paul: 호의 모서리 차지" in text
    assert english_left(page, "민준", "Paul", "금요일") == []


def test_a_cost_typed_in_korean_is_saved_and_shown_in_korean(client, csrf_token, app):
    answer = client.post("/library?lang=ko", data={"csrf_token": csrf_token,
                                                   "buildings.aoa_cellar.cost": "돌 2, 나무 1"})
    assert answer.status_code == 303
    stored = client.get("/library.json").get_json()["facts"]
    assert stored["buildings.aoa_cellar.cost"] == {"stone": 2, "wood": 1}
    page = client.get("/library", headers=KOREAN).get_data(as_text=True)
    assert 'value="돌 2, 나무 1"' in page


# -- the table's refusals (companion/aotwk/i18n/refusals.py) ------------------------------------------

def test_a_rules_refusal_in_korean_beside_its_control_on_that_seat_only(client, csrf_token):
    from .test_table import HTMX, start
    token = start(client, csrf_token, names=("민준", "지우"))
    answer = client.post(f"/g/{token}/move?lang=ko", headers=HTMX,
                         data={"csrf_token": csrf_token, "rev": 0, "kind": "pay_debt", "player": 0, "count": 1})
    page = answer.get_data(as_text=True)
    mine, theirs = page[page.index('id="seat-0"'):page.index('id="seat-1"')], page[page.index('id="seat-1"'):]
    assert answer.status_code == 400
    assert re.search(r'class="error" role="alert">민준에게는 갚을 미납 채권이 없습니다<', mine)
    assert "미납 채권이 없습니다" not in theirs and "no unpaid debt" not in page


def test_a_refused_form_reopens_with_the_korean_refusal_next_to_its_field(client, csrf_token):
    from .test_table import HTMX, start
    token = start(client, csrf_token, names=("민준", "지우"))
    answer = client.post(f"/g/{token}/move?lang=ko", headers=HTMX, data={
        "csrf_token": csrf_token, "rev": 0, "kind": "remove_building", "player": 0, "building": "keep"})
    form = region(answer.get_data(as_text=True), 'class="card move-form"', "</form>")
    assert answer.status_code == 400
    # the message follows the building picker, before the form's own buttons
    assert re.search(r'id="pick-building".*?<p class="error" role="alert">민준은 아성을 건설하지 않았습니다</p>',
                     html_lib.unescape(form), flags=re.S)


def test_a_seats_cannot_advance_reason_is_korean(client, app, csrf_token):
    from .test_table import start
    token = start(client, csrf_token, names=("민준", "지우"))
    store = app.extensions["store"]
    game = store.find(token)[0]
    state = copy.deepcopy(game.state)
    state["players"][0]["virtue"] = 2
    game = store.create(state)
    page = html_lib.unescape(client.get(f"/g/{game.edit_token}", headers=KOREAN).get_data(as_text=True))
    assert "민준의 선행이 2입니다: 선행이 4 이하이면 대성당에 갈 수 없습니다" in page


def test_the_card_librarys_refusal_in_korean_beside_its_field(client, csrf_token):
    answer = client.post("/library?lang=ko", data={"csrf_token": csrf_token, "buildings.aoa_cellar.vp": "99"})
    assert answer.status_code == 400
    assert re.search(r'id="fact-buildings-aoa_cellar-vp-error">0에서 30까지의 정수를 적으세요 \(지금 99\)<',
                     html_lib.unescape(answer.get_data(as_text=True)))


# -- the bot's turn, its cards and its decks in Korean ----------------------------------------------

def bot_game(app, on_top: tuple[str, ...], humans=("지우",), physical: bool = False) -> str:
    state = table.new_game({"mode": "solo" if len(humans) == 1 else "two_vs_bot", "opponent": "constantine",
                            "players": [{"name": n} for n in humans], "seed": 7, "title": "혼자",
                            "physical_deck": physical})
    if on_top:
        piles = state["bot"]["deck"]
        piles["draw"] = [*on_top, *(c for c in piles["draw"] if c not in on_top)][:len(piles["draw"])]
    return app.extensions["store"].create(state).edit_token


# s06: a placement; s11: a capture (a question); s18: a Cathedral advance (which Reward card?); s08: Future cards
@pytest.mark.parametrize("card_id", ["s06", "s11", "s18", "s08"])
@pytest.mark.parametrize("humans", [("지우",), ("지우", "민준")])
def test_a_bot_turn_in_korean_has_no_english_words(client, app, card_id, humans):
    token = bot_game(app, (card_id,), humans)
    # (with two players nothing is recorded for them yet: the table answers that their turns are played)
    page = client.get(f"/g/{token}/bot/turn", query_string={"again": 1}, headers=KOREAN).get_data(as_text=True)
    assert english_left(page, "혼자", *humans) == []
    assert "콘스탄틴의 책략 카드 더미 맨 위 카드를 공개합니다." in visible_text(page)


def test_the_bot_panel_says_the_last_turn_in_korean(client, app, csrf_token):
    token = bot_game(app, ("s06",))
    done = client.post(f"/g/{token}/bot/turn", data={"csrf_token": csrf_token, "rev": 0}, headers=KOREAN)
    assert done.status_code == 303
    page = client.get(f"/g/{token}", headers=KOREAN).get_data(as_text=True)
    panel = region(page, '<section class="card bot-panel"', "</section>")
    assert english_left(panel, "혼자", "지우") == []
    assert "콘스탄틴의 일꾼 1명을 광산에 놓습니다." in visible_text(panel)
    assert "Place one of Constantine&#39;s workers at the Mines." in client.get(f"/g/{token}?lang=en").get_data(as_text=True)


def test_a_reward_card_question_offers_the_rulebooks_words(client, app):
    page = client.get(f"/g/{bot_game(app, ('s18',))}/bot/turn", headers=KOREAN).get_data(as_text=True)
    options = re.findall(r"<button type=\"submit\" name=\"q0\" value=\"\w+\">([^<]+)</button>", page)
    assert "건물 카드 1, 선행 1" in options and "은화 3, 선행 1" in options   # the only question: one tap each


def test_a_scheme_cards_problems_show_in_korean_next_to_their_fields(client, app):
    token = bot_game(app, (), physical=True)
    card = {"location": "kings_storehouse", "a-0-do": "place_worker", "a-1-do": "gain_marble", "a-1-amount": "0",
            "show": "1"}
    bad = client.get(f"/g/{token}/bot/turn", query_string=card, headers={**KOREAN, "HX-Request": "true"})
    assert bad.status_code == 400
    assert error_next_to(bad, "a-1-amount") == "1에서 10 사이여야 합니다 (받은 값: 0)"
    missing = client.get(f"/g/{token}/bot/turn", query_string={"location": "", "a-0-do": "", "show": "1"},
                         headers={**KOREAN, "HX-Request": "true"})
    assert error_next_to(missing, "location") == "필요합니다 (AI가 일꾼을 놓는 장소)"
    entry = missing.get_data(as_text=True)
    assert english_left(entry, "혼자") == []


def test_the_card_editor_refuses_in_korean_beside_the_field_and_reads_the_card_back(client, csrf_token):
    deck = client.post("/decks/new", data={"csrf_token": csrf_token, "name": "내 덱"}).headers["Location"]
    card_page = client.post(f"{deck}/cards", data={"csrf_token": csrf_token, "group": "starting"}).headers["Location"]
    form = {"csrf_token": csrf_token, "group": "starting", "location": "town_centre", "a-0-do": "place_worker",
            "a-1-do": "capture", "a-1-from": "here", "a-1-group": "largest", "a-2-do": "take_debt", "a-2-amount": "9"}
    refused = client.post(card_page, data=form, headers=KOREAN)
    assert refused.status_code == 400 and error_next_to(refused, "a-2-amount") == "1에서 5 사이여야 합니다 (받은 값: 9)"
    assert english_left(refused.get_data(as_text=True), "내 덱") == []
    kept = client.post(card_page, data={**form, "a-2-amount": "2"}, headers=KOREAN)
    assert kept.status_code == 303
    deck_page = client.get(deck, headers=KOREAN).get_data(as_text=True)
    assert "중심가에서 사람 플레이어 일꾼의 가장 큰 무리를 포획" in visible_text(deck_page)
    assert "미납 채권 2장 받기" in visible_text(deck_page)
    assert "시작 책략 카드가 20장 필요합니다 (지금 1장)" in visible_text(deck_page)
    assert english_left(deck_page, "내 덱", "s01") == []


def test_a_saved_decks_broken_card_is_named_in_a_players_words(client, app, csrf_token):
    from companion.aotwk.web import bot_cards
    deck = client.post("/decks/new", data={"csrf_token": csrf_token, "name": "내 덱"}).headers["Location"]
    deck_id = deck.rsplit("/", 1)[-1]
    with app.test_request_context():
        data = bot_cards.read_deck(deck_id)
        data["cards"].append({"id": "s01", "group": "starting", "location": "forest",
                              "actions": [{"do": "place_worker"}, {"do": "gain_virtue", "amount": 40}]})
        bot_cards.write_deck(deck_id, data)
    korean = visible_text(client.get(deck, headers=KOREAN).get_data(as_text=True))
    assert "행동 2, 수량: 1에서 10 사이여야 합니다 (받은 값: 40)" in korean
    english = visible_text(client.get(f"{deck}?lang=en").get_data(as_text=True))
    assert "action 2, amount: must be between 1 and 10 (got 40)" in english


def test_a_copy_of_the_practice_deck_made_on_a_korean_page_has_korean_titles(client, csrf_token):
    copied = client.post("/decks/practice/copy?lang=ko", data={"csrf_token": csrf_token})
    deck = client.get(copied.headers["Location"] + "?lang=ko").get_data(as_text=True)
    assert "모조리 포획" in deck and "Round them up" not in deck
    english = client.post("/decks/practice/copy?lang=en", data={"csrf_token": csrf_token})
    assert "Round them up" in client.get(english.headers["Location"] + "?lang=en").get_data(as_text=True)


def test_the_history_says_a_bot_turns_steps_in_korean(client, app, csrf_token):
    token = bot_game(app, ("s06",))
    client.post(f"/g/{token}/bot/turn", data={"csrf_token": csrf_token, "rev": 0})
    history = visible_text(client.get(f"/g/{token}/history", headers=KOREAN).get_data(as_text=True))
    assert "콘스탄틴의 일꾼 1명을 광산에 놓습니다." in history
    assert "Place one of Constantine&#39;s workers at the Mines." in client.get(f"/g/{token}/history?lang=en").get_data(as_text=True)


def test_why_the_bot_cannot_play_is_said_in_korean(client, app):
    token = bot_game(app, ())
    game = app.extensions["store"].find(token)[0]
    game.state["phase"] = "finished"
    token = app.extensions["store"].create(game.state).edit_token
    refused = client.get(f"/g/{token}/bot/turn", headers=KOREAN)
    assert refused.status_code == 409 and "게임이 끝났습니다" in visible_text(refused.get_data(as_text=True))
    assert english_left(refused.get_data(as_text=True), "혼자") == []


# -- the sheets read back as text (pdftotext): the Amytis sheet and pad, AotWK's ---------------

def pdftotext(data: bytes) -> str:
    """The PDF's words as poppler's pdftotext reads them: what a reader's PDF viewer finds and copies.
    Text only comes back for glyphs the embedded fonts map to Unicode, so a Hangul name read back
    was drawn with a font that has it."""
    import shutil
    import subprocess
    if not shutil.which("pdftotext"):
        pytest.skip("poppler's pdftotext is not installed (Debian: poppler-utils)")
    done = subprocess.run(["pdftotext", "-enc", "UTF-8", "-", "-"], input=data, capture_output=True, timeout=60,
                          check=True)
    return " ".join(done.stdout.decode("utf-8").split())


def embedded_fonts(data: bytes) -> set[str]:
    """The font families embedded in a PDF (pdffonts), without the subset prefix."""
    import subprocess
    done = subprocess.run(["pdffonts", "-"], input=data, capture_output=True, timeout=60)
    if done.returncode != 0:   # older pdffonts reads files only
        import tempfile
        with tempfile.NamedTemporaryFile(suffix=".pdf") as fh:
            fh.write(data)
            fh.flush()
            done = subprocess.run(["pdffonts", fh.name], capture_output=True, timeout=60, check=True)
    rows = done.stdout.decode("utf-8").splitlines()[2:]
    return {row.split()[0].split("+", 1)[-1] for row in rows if row.strip()}


# The fonts static/sheets/sheet.css falls back to for Hangul (DejaVu Sans has none).
HANGUL_FONTS = ("NanumGothic", "DroidSansFallback", "NotoSansCJK", "NotoSansKR")


def squeezed(text: str) -> str:
    """Without spaces: a narrow cell breaks a line between any two Hangul syllables."""
    return "".join(text.split())


def finished_amytis(app) -> tuple[str, str]:
    from companion.amytis import pad
    state = pad.new_game(["김민준", "이서연"], "금요일 저녁")
    first = state["players"][0]
    first.update(stacks=[[3, 0, 3], [1, 2, 0], [4, 0, 3]], favors=["corners", "stacks_of_1"], favor_track_pawns=1,
                 projects=[5])
    state["players"][1]["track"] = 1234
    state["phase"] = "finished"
    game = app.extensions["store"].create(state)
    return game.edit_token, game.view_token


def test_the_amytis_sheet_in_korean_read_back_from_the_pdf(client, app):
    edit, view = finished_amytis(app)
    korean_pdf = client.get(f"/v/{view}/sheet.pdf?lang=ko").data
    text = pdftotext(korean_pdf)
    for words in ("아미티스의 건축가들", "플레이어 2명", "항목", "점수 트랙", "프로젝트 카드", "호의 모서리",
                  "3타일 이상인 모서리마다 5점", "폰 개수 칸", "폰 1개: 4", "합계", "순위", "1위", "2위", "승자",
                  "김민준의 보드", "이서연의 보드", "이유", "호의 모서리: 3타일 이상인 모서리 4개 × 5",
                  "1쪽 중 1쪽", "1,234"):
        assert squeezed(words) in squeezed(text), words
    assert "Winner" not in text and "Favor" not in text and "page 1 of 1" not in text
    assert {font for font in embedded_fonts(korean_pdf) if font.startswith(HANGUL_FONTS)}
    english = pdftotext(client.get(f"/v/{view}/sheet.pdf").data)
    assert "Favor Corners" in english and "김민준's board" in english and "page 1 of 1" in english


def test_the_amytis_sheets_html_in_korean_has_no_english_left(app):
    from companion.amytis.sheets import blank_html, sheet_html
    edit, _view = finished_amytis(app)
    state = app.extensions["store"].find(edit)[0].state
    with app.test_request_context("/?lang=ko"):
        sheet = sheet_html(state, played_at=None, view_url="http://example.test/v/abc")
        blank = blank_html()
    # the Roman numerals are the Favor board's printed symbols
    assert set(english_left(sheet, "금요일 저녁", "http://example.test/v/abc")) <= {"II", "III", "IV"}
    assert set(english_left(blank)) <= {"II", "III", "IV"}


def test_the_amytis_blank_pad_in_korean_read_back_from_the_pdf(client):
    korean = client.get("/amytis/blank.pdf?lang=ko")
    assert korean.status_code == 200 and korean.headers["Content-Language"] == "ko"
    text = pdftotext(korean.data)
    for words in ("아미티스의 건축가들: 점수표", "폰은 최대 5개", "이름", "개인 보드처럼 더미마다 타일 수", "호의 계단",
                  "폰 4개: 30", "합계", "동점 규칙이 없으므로", "빈 점수표"):
        assert squeezed(words) in squeezed(text), words
    assert "Favor" not in pdftotext(korean.data) and "Favor Staircase" in pdftotext(client.get("/amytis/blank.pdf").data)


def test_the_amytis_pages_link_their_sheets_in_the_pages_language(client, app):
    edit, view = finished_amytis(app)
    pad = client.get(f"/v/{view}?lang=ko").get_data(as_text=True)
    assert f'href="/v/{view}/sheet.pdf?lang=ko"' in pad
    assert 'href="/amytis/blank.pdf?lang=ko"' in client.get("/amytis/new?lang=ko").get_data(as_text=True)
    # the English page leaves the choice to the device that opens the link (a device that chose no language)
    assert f'href="/v/{view}/sheet.pdf"' in app.test_client().get(f"/v/{view}").get_data(as_text=True)


def test_the_aotwk_sheet_in_korean_read_back_from_the_pdf(client, app):
    token, _ = finished_with_bot(app)
    korean_pdf = client.get(f"/g/{token}/sheet.pdf?lang=ko").data
    text = pdftotext(korean_pdf)
    for words in ("금요일 게임", "플레이어 2명", "헬레나", "항목", "건물", "대성당", "선행", "미납 채권", "교도소",
                  "합계", "순위", "최종 선행", "1위", "김민준", "성: 선행 +3 (금 6), 13 → 14", "1쪽 중 1쪽"):
        assert squeezed(words) in squeezed(text), words
    assert {font for font in embedded_fonts(korean_pdf) if font.startswith(HANGUL_FONTS)}
    assert "Total" not in text and "Helena" not in text


def test_the_aotwk_blank_pad_in_korean_read_back_from_the_pdf(client):
    text = pdftotext(client.get("/sheets/blank.pdf?players=3&bot=1&expansion=1&lang=ko").data)
    for words in ("서부 왕국의 건축가", "점수표", "플레이어 3명", "항목", "플레이어", "선행 트랙", "교도소의 일꾼",
                  "콘스탄틴 / 헬레나", "합계", "순위", "승리를 함께 나눕니다"):
        assert squeezed(words) in squeezed(text), words
    assert english_left(text) == []


# -- every other Amytis page in Korean ------------------------------------------------------------

HTMX_KO = {"HX-Request": "true", "X-Language": "ko"}   # a tap from a Korean page

def test_an_amytis_refusal_is_said_in_korean_beside_its_players_board(client, csrf_token):
    """Seed 002, setup: 'Place your 4 architects and 5 remaining pawns nearby to form your supply'."""
    from tests.amytis.test_web import start, tap
    edit, _view = start(client, csrf_token, first="민준", second="Paul", title="금요일")
    for favor in ("stacks_of_1", "stacks_of_2", "stacks_of_3", "stacks_of_4", "corners"):
        assert tap(client, csrf_token, edit, kind="amytis_favor", player=0, favor=favor, claimed=1).status_code == 200
    answer = tap(client, csrf_token, edit, headers=HTMX_KO, kind="amytis_favor", player=0, favor="staircases",
                 claimed=1)
    page = answer.get_data(as_text=True)
    board = region(page, '<section class="card amytis-player"', "</section>")
    assert answer.status_code == 400 and "민준" in board
    assert "기록되지 않았습니다: 민준은 호의에 놓을 폰 5개를 모두 놓았습니다 (호의 5개, 폰 개수 칸 0개)." in visible_text(board)
    assert set(english_left(page, "민준", "Paul", "금요일")) <= {"II", "III", "IV"}


def test_an_amytis_tap_is_noted_in_korean_under_it(client, csrf_token):
    from tests.amytis.test_web import start, tap
    edit, _view = start(client, csrf_token, first="민준", second="Paul", title="금요일")
    answer = tap(client, csrf_token, edit, headers=HTMX_KO, kind="amytis_track", player=1, range=100, space=23)
    text = visible_text(answer.get_data(as_text=True))
    assert "Paul: 점수 트랙 123점 (점수 범위 칸 100 + 점수판의 칸 23)" in text
    assert set(english_left(answer.get_data(as_text=True), "민준", "Paul", "금요일")) <= {"II", "III", "IV"}


def test_a_finished_amytis_game_in_korean_on_both_addresses(client, app):
    edit, view = finished_amytis(app)
    for address in (f"/g/{edit}", f"/v/{view}"):
        page = client.get(address, headers=KOREAN).get_data(as_text=True)
        text = visible_text(page)
        assert "최종 점수" in text and "게임 종료" in text and "1,234" in text and "이서연" in text, address
        assert set(english_left(page, "김민준", "이서연", "금요일 저녁")) <= {"II", "III", "IV"}, address
    assert "게임 다시 열기" in visible_text(client.get(f"/g/{edit}", headers=KOREAN).get_data(as_text=True))


def test_an_amytis_games_share_page_and_new_page_refusal_in_korean(client, app, csrf_token):
    edit, _view = finished_amytis(app)
    share = client.get(f"/g/{edit}/share", headers=KOREAN).get_data(as_text=True)
    assert "이 게임 공유" in visible_text(share)
    assert english_left(re.sub(r'value="[^"]*"', "", share), "금요일 저녁") == []
    same = client.post("/amytis/new?lang=ko", data={"csrf_token": csrf_token, "first": "민준", "second": "민준"})
    assert same.status_code == 400
    assert english_left(same.get_data(as_text=True), "민준") == []


def test_an_amytis_view_link_refuses_a_tap_in_korean(client, app, csrf_token):
    _edit, view = finished_amytis(app)
    answer = client.post(f"/g/{view}/amytis/move?lang=ko", data={"csrf_token": csrf_token, "kind": "amytis_phase",
                                                                 "phase": "playing", "rev": 0})
    assert answer.status_code == 403 and english_left(answer.get_data(as_text=True)) == []


@pytest.mark.parametrize("game", ["aotwk", "amytis"])
def test_hangul_names_in_the_csv_and_the_bg_stats_link(client, app, game):
    import json
    from urllib.parse import unquote
    if game == "aotwk":
        token, _ = finished_with_bot(app)
        page, csv_address = f"/g/{token}/score", f"/g/{token}/scores.csv"
    else:
        token, _view = finished_amytis(app)
        page, csv_address = f"/g/{token}", f"/g/{token}/scores.csv"
    csv = client.get(csv_address).data
    assert csv.startswith(b"\xef\xbb\xbf") and "김민준" in csv.decode("utf-8")   # UTF-8 with a BOM: Excel reads Hangul
    html = client.get(page, headers=KOREAN).get_data(as_text=True)
    link = re.search(r'href="(https://app\.bgstatsapp\.com/createPlay\.html\?data=[^"]+)"', html).group(1)
    play = json.loads(unquote(html_lib.unescape(link).split("data=", 1)[1]))
    assert "김민준" in [player["name"] for player in play["players"]]


@pytest.mark.parametrize("address, status, says", [
    ("/g/no-such-game/sheet.pdf", 404, "찾을 수 없음"),
    ("/amytis/blank.pdf?paper=a3", 400, "용지는 a4, letter 중 하나입니다 (받은 값: 'a3')"),
    ("/sheets/blank.pdf?paper=legal", 400, "용지는 a4, letter 중 하나입니다 (받은 값: 'legal')"),
    ("/sheets/blank.pdf?players=9", 400, "플레이어 수는 1부터 6까지의 정수입니다 (받은 값: '9')."),
])
def test_the_sheets_refuse_in_korean(client, address, status, says):
    answer = client.get(address, headers=KOREAN)
    page = answer.get_data(as_text=True)
    assert answer.status_code == status and '<html lang="ko"' in page and says in html_lib.unescape(page)
    # what was typed in the address, and the values to type there instead
    assert english_left(page, "a3", "legal", "a4, letter") == []


@pytest.mark.parametrize("game", ["aotwk", "amytis"])
def test_an_untitled_document_is_named_in_the_importers_language(client, game):
    from tests.amytis.helpers import contract_example
    document = contract_example() if game == "amytis" else sample()
    document.pop("title", None)
    answer = client.post("/games/import?lang=ko", json=document)
    assert answer.status_code == 303, answer.get_data(as_text=True)
    imported, _editable = client.application.extensions["store"].find(answer.headers["Location"].rsplit("/", 1)[-1])
    assert imported.state["title"] == "가져온 게임"


# -- the table page during play (the pages branch) -------------------------------------------------

def table_in_play(client, csrf_token, **fields) -> str:
    """A 2-player game with a move made, the first seat chosen on this phone."""
    from .test_table import post_move, start
    token = start(client, csrf_token, names=("민준", "지우"), **fields)
    post_move(client, token, csrf_token, kind="virtue", player=0, delta=1)
    client.get(f"/g/{token}/seat?who=0")
    return token


def test_the_table_page_in_play_in_korean(client, csrf_token):
    token = table_in_play(client, csrf_token)
    page = client.get(f"/g/{token}", headers=KOREAN).get_data(as_text=True)
    text = visible_text(page)
    for words in ("이 휴대폰: 민준 · 바꾸기", "채권:", "갚기", "파기", "건설", "고용", "대성당 레벨", "길드홀",
                  "세금 관리소의 은화:", "암시장", "암시장 재설정 도우미", "되돌리기: 민준: 선행 1 얻음", "기록", "공유",
                  "교도소의 일꾼", "게임 끝내기"):
        assert words in text, words
    # the "Record…" list names each move with the rulebook's words
    assert '<option value="pay_debt">채권 갚기</option>' in page
    assert english_left(page, "민준", "지우", "Test night", *untranslated_board_names()) == []


def test_what_a_seat_can_do_in_korean(client, csrf_token):
    """The seat view's abilities: the board's printed ability in seed 001's words (Ada: '어떤 행동을
    하더 라도 세금 1개를 무시할 수 있습니다.') and the Artisan."""
    token = table_in_play(client, csrf_token, variable_boards="y", age_of_artisans="y",
                          **{"players-0-board": "ada", "players-1-board": "frederick"})
    page = client.get(f"/g/{token}", headers=KOREAN).get_data(as_text=True)
    abilities = region(page, '<details class="abilities">', "</details>")
    assert "에이다: 어떤 행동을 하더라도 세금 1개를 무시할 수 있습니다." in abilities
    assert "장인: 놓을 때 일꾼 2명으로 치며" in abilities
    assert english_left(abilities, "민준", "지우") == []
    assert "Ignores 1 tax" in client.get(f"/g/{token}").get_data(as_text=True)


def test_the_seat_choice_in_korean(client, csrf_token):
    from .test_table import start
    token = start(client, csrf_token, names=("민준", "지우"))
    page = client.get(f"/g/{token}", headers=KOREAN).get_data(as_text=True)
    choice = region(page, '<section class="card seat-choice"', "</section>")
    assert "이 휴대폰은 누구인가요?" in choice and "테이블 전체" in choice
    assert english_left(choice, "민준", "지우") == []


@pytest.mark.parametrize("path", ["pick?kind=building&player=0", "pick?kind=apprentice&player=0",
                                  "ask?kind=capture&player=0", "ask?kind=advance_cathedral&player=0",
                                  "ask?kind=build&player=0&building=treasury",
                                  "form?kind=rescue&player=0", "form?kind=black_market&player=0",
                                  "form?kind=capture&player=0", "form?kind=build&player=0"])
def test_the_pick_ask_and_move_panels_in_korean(client, csrf_token, path):
    token = table_in_play(client, csrf_token)
    answer = client.get(f"/g/{token}/{path}", headers={**KOREAN, "HX-Request": "true"})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200
    assert english_left(page, "민준", "지우", *untranslated_card_names()) == []
    if path.startswith("pick?kind=building"):
        assert "건물 찾기" in page and "이름 두세 글자를 적으세요" in page and "취소" in page
    if "treasury" in path:
        assert "민준: 재무부 건설" in visible_text(page)


def test_the_craft_panel_in_korean(client, app):
    state = table.new_game({"mode": "multiplayer", "players": [{"name": "민준"}, {"name": "지우"}], "seed": 3,
                            "expansions": ["age_of_artisans"]})
    state["players"][0]["buildings"] = ["castle"]
    state["players"][0]["apprentices"] = ["acolyte_2"]
    token = app.extensions["store"].create(state).edit_token
    page = client.get(f"/g/{token}/craft?player=0", headers={**KOREAN, "HX-Request": "true"}).get_data(as_text=True)
    assert "장식품 제작" in page and "도구 제작" in page and "어느 건물 아래에?" in visible_text(page)
    assert "성" in visible_text(page) and "길드홀의 내 일꾼 위에 쌓음" in page
    assert english_left(page, "민준", *untranslated_card_names()) == []


def test_a_refused_form_in_korean_keeps_the_field_label_in_korean(client, csrf_token):
    token = table_in_play(client, csrf_token)
    rev = client.application.extensions["store"].revision(token)
    answer = client.post(f"/g/{token}/move?lang=ko", data={"csrf_token": csrf_token, "rev": rev, "kind": "rescue",
                                                            "player": 0, "count": "many"},
                         headers={"HX-Request": "true"})
    form = region(answer.get_data(as_text=True), 'class="card move-form"', "</form>")
    assert answer.status_code == 400 and "포획된 자기 일꾼 되찾기" in form and "낼 것" in form
    assert "올바르지 않은 정수 값입니다." in form   # WTForms' own message, next to its field


def test_undo_in_korean_names_the_change(client, csrf_token):
    token = table_in_play(client, csrf_token)
    rev = client.application.extensions["store"].revision(token)
    page = client.get(f"/g/{token}", headers=KOREAN).get_data(as_text=True)
    mark = re.search(r'name="mark" value="([^"]+)"', page).group(1)
    answer = client.post(f"/g/{token}/undo?lang=ko", data={"csrf_token": csrf_token, "rev": rev, "mark": mark},
                         headers={"HX-Request": "true"})
    assert "되돌림: 민준: 선행 1 얻음" in visible_text(answer.get_data(as_text=True))



@pytest.mark.parametrize("mode", ["paper", "counting", "finished"])
def test_the_whole_table_page_in_korean_with_the_pad_the_count_or_the_end(client, csrf_token, mode):
    from .test_table import post_move, start
    token = start(client, csrf_token, names=("민준", "지우"), mode="paper" if mode == "paper" else "multiplayer")
    client.get(f"/g/{token}/seat?who=table")
    if mode != "paper":
        post_move(client, token, csrf_token, kind="end_game")
    if mode == "finished":
        client.post(f"/g/{token}/final-score", data={"csrf_token": csrf_token})
    page = client.get(f"/g/{token}", headers=KOREAN).get_data(as_text=True)
    assert english_left(page, "민준", "지우", "Test night", *untranslated_board_names()) == []
    if mode == "paper":
        assert "종이 점수표" in visible_text(page) and "민준의 점수표" in visible_text(page)
    if mode == "finished":
        assert "최종 점수 보기" in visible_text(page)


def test_the_bot_is_named_as_the_korean_rulebook_names_it_on_the_table(client, app):
    """1인 게임 규칙 4: '콘스탄틴= 기본/ 헬레나= 어려움'."""
    state = table.new_game({"mode": "two_vs_bot", "opponent": "helena", "players": [{"name": "지우"}, {"name": "민준"}],
                            "seed": 7})
    state["bot"]["workers"]["board"] -= 1
    state["bot"]["workers"]["locations"]["forest"] = 1    # a group the capture panel offers
    token = app.extensions["store"].create(state).edit_token
    client.get(f"/g/{token}/seat?who=table")
    page = client.get(f"/g/{token}", headers=KOREAN).get_data(as_text=True)
    seats = region(page, '<div class="seats-column">', '<div class="side-column">')
    assert "헬레나" in visible_text(seats) and "Helena" not in seats
    capture = client.get(f"/g/{token}/ask?kind=capture&player=0", headers={**KOREAN, "HX-Request": "true"})
    assert "헬레나" in capture.get_data(as_text=True)


def test_where_the_bots_workers_were_captured_in_the_rulebooks_words(client, app):
    state = table.new_game({"mode": "solo", "opponent": "helena", "players": [{"name": "지우"}], "seed": 7})
    token = app.extensions["store"].create(state).edit_token
    page = client.get(f"/g/{token}/form?kind=capture&player=0", headers={**KOREAN, "HX-Request": "true"})
    text = page.get_data(as_text=True)
    assert ">채석장</option>" in text and ">왕의 창고</option>" in text and "헬레나" in text
    assert english_left(text, "지우") == []


def test_a_change_through_the_view_link_is_refused_in_korean(client, csrf_token):
    from .test_table import start
    token = start(client, csrf_token)
    game, _editable = client.application.extensions["store"].find(token)
    answer = client.post(f"/v/{game.view_token}/move", data={"csrf_token": csrf_token}, headers=KOREAN)
    assert answer.status_code == 403 and "보기 전용 링크입니다: 게임을 볼 수는 있지만" in answer.get_data(as_text=True)


def korean_import(client, csrf_token, document: bytes) -> str:
    import io
    upload = (io.BytesIO(document), "game.json")
    response = client.post("/games/import", data={"csrf_token": csrf_token, "document": upload},
                           content_type="multipart/form-data", headers=KOREAN)
    assert response.status_code == 400
    return region(response.get_data(as_text=True), '<ul class="errors"', "</ul>")


def messages(problems: str) -> str:
    """The problems without the fields they name (a field the app does not know, as typed)."""
    return re.sub(r"<li>[^:<]*: ", "<li>", problems)


def test_an_imported_documents_problems_in_korean_beside_their_fields(client, csrf_token):
    problems = korean_import(client, csrf_token, b'{"players": [{"name": "Red", "virtu": 1, "virtue": 19}]}')
    assert "플레이어 1, virtu: 알 수 없는 항목입니다 (혹시 “virtue”?)" in problems
    assert "플레이어 1, 선행: 0에서 14 사이여야 합니다 (받은 값: 19)" in problems
    assert english_left(messages(problems), "virtue") == []
    players = korean_import(client, csrf_token, b'{"players": [' + b'{"name": "P"},' * 6 + b'{"name": "Q"}]}')
    assert "플레이어: 플레이어는 최대 5명입니다 (장인의 시대 확장으로는 6명) (받은 값: 7명)" in html_lib.unescape(players)
    whole = korean_import(client, csrf_token, b'not json')
    assert "(문서): 올바른 JSON이 아닙니다 (1행 1열)" in whole


def test_an_amytis_documents_problems_in_korean(client, csrf_token):
    problems = korean_import(client, csrf_token, b'{"game": "architects_of_amytis", "players": '
                                                 b'[{"name": "Ann", "track": "x"}, {"name": "Bob", "favours": []}]}')
    assert "플레이어 1, 점수 트랙: 정수여야 합니다 (받은 값: 글자)" in problems
    assert "플레이어 2, favours: 알 수 없는 항목입니다 (혹시 favors?)" in problems
    assert english_left(messages(problems), "favors") == []


def test_a_game_that_cannot_be_scored_yet_says_why_in_korean(client, csrf_token):
    """Age of Artisans: the 2-tool value is on the player aid, not in our sources: the score asks."""
    from .test_table import post_move, start
    token = start(client, csrf_token, names=("민준", "지우"), age_of_artisans="y")
    assert post_move(client, token, csrf_token, kind="tools", player=0, delta=2).status_code == 200
    page = client.get(f"/g/{token}/score", headers=KOREAN).get_data(as_text=True)
    assert "민준: 도구 2개의 승점을 우리 자료에서 찾을 수 없습니다" in page and "players[0]" not in page
    refused = client.get(f"/g/{token}/score.json", headers=KOREAN)
    assert refused.status_code == 422
    assert refused.get_json() == {"problems": ["players[0].tools: the VP for 2 tools is not in our sources; "
                                               "give the player aid's value as overrides.tools"]}


def test_a_seats_debts_read_in_each_languages_own_order(client, csrf_token):
    """Issue 32: the Korean line read "0 미납, 완납 0" (the number before the word, then after it):
    one message per line, so each language puts the count where it belongs."""
    from .test_table import post_move, start

    token = start(client, csrf_token)
    post_move(client, token, csrf_token, kind="take_debts", player="0", count="2")
    english = visible_text(client.get(f"/g/{token}/seat?who=0", headers={"HX-Request": "true"}).get_data(as_text=True))
    korean = visible_text(client.get(f"/g/{token}/seat?who=0", headers={"HX-Request": "true", **KOREAN})
                          .get_data(as_text=True))
    assert re.search(r"Debts: 2 unpaid, 0 paid", " ".join(english.split()))
    assert re.search(r"채권: 미납 2 ?, 완납 0", " ".join(korean.split()))   # (a tag read as a space)


def test_the_bg_stats_link_sends_the_playing_time_the_score_page_shows(client, app):
    """Issue 32: BG Stats said 17 minutes where the page and the sheet said 15: the play's length
    is the game's playing time (first move to last, pauses of over an hour left out) everywhere."""
    import json
    from urllib.parse import unquote

    _, state = finished_with_bot(app)
    state["created_at"] = "2026-11-21T18:58:00Z"   # set-up two minutes before the first move
    moves = [{"kind": "virtue", "player": 0, "delta": 1, "seq": seq, "at": at}
             for seq, at in enumerate(("2026-11-21T19:00:00Z", "2026-11-21T19:10:00Z", "2026-11-21T19:15:00Z"), 1)]
    token = app.extensions["store"].create(state, moves).edit_token
    html = client.get(f"/g/{token}/score").get_data(as_text=True)
    assert re.search(r"Playing time: 15 min", html), re.findall(r"Playing time[^<]*", html)
    link = re.search(r'href="(https://app\.bgstatsapp\.com/createPlay\.html\?data=[^"]+)"', html).group(1)
    assert json.loads(unquote(html_lib.unescape(link).split("data=", 1)[1]))["durationMin"] == 15


def test_a_group_game_being_counted_says_so_in_korean(client):
    from tests.web.test_groups import into_group, new_group

    token = new_group(client, "금요일 모임")
    into_group(client, token, {"title": "금요일 게임", "phase": "counting", "created_at": "2026-11-27T19:00:00Z",
                               "players": [{"name": "민준"}, {"name": "지우"}]})
    page = client.get(f"/groups/{token}", headers=KOREAN).get_data(as_text=True)
    assert "세는 중" in page
    assert english_left(page, *untranslated_board_names()) == []   # (boards printed in English only)


def test_the_record_list_of_a_player_asks_what_to_record_for_them_in_korean():
    """'Record for 민준' names a move to record for 민준, not 민준's record (민준의 기록)."""
    with (Path(__file__).resolve().parents[2] / "translations" / "ko" / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        catalog = read_po(fh, locale="ko")
    said = catalog.get("Record for %(name)s").string % {"name": "민준"}
    assert said.startswith("민준") and "기록할" in said and "민준의 기록" not in said
