"""The machinery that says a code's catalogue sentences in a language (``companion.i18n.sentences``
and ``Coded``): lookups, plurals, contexts, Korean particles written as a format spec, codes inside
codes, and the one loader of catalogues (outside a request too)."""

from __future__ import annotations

import io

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.support import Translations

from companion.i18n import sentences
from companion.i18n.reasons import Coded, from_stored, stored
from companion.i18n.sentences import (Context, ContextPlural, Joined, Lookup, N_, Phrase, Plural, catalogue, installed,
                                      placeholders, say, with_particle)

GAINS = N_("{who} gains {items}")
DEBTS = Plural("{n} unpaid debt", "{n} unpaid debts")
UNDO = Context("button", "Undo")
WORKERS = ContextPlural("term", "{n} worker", "{n} workers")
AND = Context("list", " and ")
NOW = N_("now {n}")


def translations(entries: dict, locale: str = "ko") -> Translations:
    """A catalogue made in memory: msgid (or (context, msgid), or (singular, plural)) -> translation."""
    catalog = Catalog(locale=locale)
    for key, string in entries.items():
        if isinstance(key, tuple) and key[0] in ("button", "term", "list", "a key and its word"):
            context, msgid = key[0], key[1:] if len(key) > 2 else key[1]
            catalog.add(msgid, string, context=context)
        else:
            catalog.add(key, string)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled)


@pytest.fixture
def made_up_korean():
    with installed("ko", translations({
        "{who} gains {items}": "{who:이/가} {items:을/를} 얻습니다",
        ("{n} unpaid debt", "{n} unpaid debts"): ("미상환 빚 {n}장",),
        ("button", "Undo"): "되돌리기",
        ("term", "{n} worker", "{n} workers"): ("일꾼 {n}명",),
        ("list", " and "): ", ",
        "now {n}": "현재 {n}",
    })) as made:
        yield made


@pytest.mark.parametrize("word, particle, said", [
    ("일꾼", "을/를", "일꾼을"), ("나무", "을/를", "나무를"), ("헬레나", "이/가", "헬레나가"),
    ("콘스탄틴", "은/는", "콘스탄틴은"), ("감옥", "으로/로", "감옥으로"), ("길드홀", "으로/로", "길드홀로"),
    ("시장", "과/와", "시장과"), ("3", "을/를", "3을"), ("2", "이/가", "2가"), ("7", "으로/로", "7로"),
    ("Ann", "이/가", "Ann이(가)"), ("Ann", "으로/로", "Ann(으)로"), ("", "을/를", "을(를)"),
])
def test_a_particle_follows_the_last_sound_of_the_word(word, particle, said):
    assert with_particle(word, particle) == said


def test_english_is_the_msgid_with_its_placeholders_filled():
    assert say(GAINS, "en", who="Ann", items="2 wood") == "Ann gains 2 wood"
    assert say(DEBTS, "en", n=1) == "1 unpaid debt"
    assert say(DEBTS, "en", n=2) == "2 unpaid debts"
    assert say(UNDO, "en") == "Undo"
    assert say(WORKERS, "en", n=1) == "1 worker"


def test_a_translation_writes_korean_particles_as_a_format_spec(made_up_korean):
    assert say(GAINS, "ko", who="헬레나", items="나무") == "헬레나가 나무를 얻습니다"
    assert say(GAINS, "ko", who="콘스탄틴", items="돌") == "콘스탄틴이 돌을 얻습니다"


def test_plurals_and_contexts_come_from_the_catalogue(made_up_korean):
    assert say(DEBTS, "ko", n=2) == "미상환 빚 2장"
    assert say(UNDO, "ko") == "되돌리기"
    assert say(WORKERS, "ko", n=3) == "일꾼 3명"


def test_a_word_with_a_context_stands_where_its_english_did():
    assert UNDO == "Undo" and UNDO.context == "button" and f"{UNDO}!" == "Undo!"


def test_a_language_without_a_catalogue_says_english():
    assert say(GAINS, "xx", who="Ann", items="wood") == "Ann gains wood"


def test_an_ordinary_format_spec_still_formats():
    signed = N_("{vp:+d} VP")
    assert say(signed, "en", vp=3) == "+3 VP"
    assert say(signed, "en", vp=-2) == "-2 VP"


def test_a_translation_may_use_a_parameter_the_english_leaves_out(made_up_korean):
    keyed = Context("a key and its word", "{key}", also={"word"})
    with installed("ko", translations({("a key and its word", "{key}"): "{word}({key})"})):
        assert say(keyed, "ko", key="masonry", word="석공") == "석공(masonry)"
    assert say(keyed, "en", key="masonry", word="석공") == "masonry"


def test_placeholders_are_names_without_their_spec():
    assert placeholders("{who:이/가} {items:을/를} 얻습니다 {n}") == {"who", "items", "n"}
    assert placeholders("no placeholders, {{braces}}") == set()


class Gain(Coded):
    """A words-free kind of code, as the rules core has: its sentences are declared elsewhere."""


Gain.declare({
    "gain": GAINS,
    "debts": DEBTS,
    "seat": N_("{name}"),
    "gain_now": lambda who, items, now=None: Phrase(N_("{who} gains {items}{now}"), who=who, items=items,
                                                     now=Phrase(N_(" ({now})"), now=Phrase(NOW, n=now)) if now is not None else ""),
    "pair": lambda names: Joined(names, AND),
})


class FancyGain(Gain):
    SENTENCES = {"fancy": N_("{who} gains a lot")}


def test_a_code_is_its_english_sentence_and_renders_in_korean(made_up_korean):
    note = Gain("gain", who=Gain("seat", name="헬레나"), items="나무")
    assert note == "헬레나 gains 나무"
    assert note.render("en") == str(note)
    assert note.render("ko") == "헬레나가 나무를 얻습니다"   # the nested code said first, then its particle


def test_a_sentence_that_depends_on_its_parameters_says_each_piece_in_the_same_language(made_up_korean):
    assert Gain("gain_now", who="Ann", items="wood", now=3) == "Ann gains wood (now 3)"
    assert Gain("gain_now", who="Ann", items="wood") == "Ann gains wood"
    assert Gain("pair", names=["Ann", Gain("seat", name="Bo")]) == "Ann and Bo"
    assert Gain("pair", names=["Ann", "Bo"]).render("ko") == "Ann, Bo"
    assert Gain("pair", names=[0, "", None, 2]) == "0 and 2"   # a zero is a part, nothing is not


def test_a_word_given_as_a_parameter_is_translated(made_up_korean):
    assert Gain("gain", who="Ann", items=UNDO).render("ko") == "Ann이(가) 되돌리기를 얻습니다"


def test_data_in_each_language_is_looked_up_when_said(made_up_korean):
    names = {"en": "Helena", "ko": "헬레나"}
    helena = Lookup(lambda lang: names.get(lang) or names["en"])
    assert Gain("gain", who=helena, items="wood") == "Helena gains wood"
    assert Gain("gain", who=helena, items="나무").render("ko") == "헬레나가 나무를 얻습니다"


def test_a_plural_code_in_both_languages(made_up_korean):
    assert Gain("debts", n=1) == "1 unpaid debt"
    assert Gain("debts", n=4).render("ko") == "미상환 빚 4장"


def test_a_subclass_says_its_parents_sentences_and_its_own():
    assert FancyGain("fancy", who="Ann") == "Ann gains a lot"
    assert FancyGain("debts", n=2) == "2 unpaid debts"
    with pytest.raises(KeyError):
        Gain("fancy", who="Ann")


def test_a_kept_code_reads_back_and_an_unknown_one_as_its_english():
    note = Gain("gain", who=Gain("seat", name="Ann"), items="wood")
    kept = stored(note)
    assert kept["params"]["who"]["say"] == "Gain"
    back = from_stored(kept)
    assert isinstance(back, Gain) and back == note and back.params["who"].code == "seat"
    assert from_stored({**kept, "code": "renamed"}) == "Ann gains wood"
    missing_parameter = {**kept, "params": {"items": "wood"}}
    assert from_stored(missing_parameter) == "Ann gains wood"


def test_the_real_korean_catalogue_loads_outside_a_request():
    assert catalogue("ko").gettext("New game") == "새 게임"
    assert catalogue("ko") is catalogue("ko")   # loaded once


def test_a_read_only_install_compiles_the_catalogue_in_memory(monkeypatch):
    def read_only(directory, into=None):
        raise PermissionError(directory)
    monkeypatch.setattr(sentences, "compile_catalogues", read_only)
    assert sentences._load("ko").gettext("New game") == "새 게임"
