"""Every message the app shows has a Korean translation: pybabel extracts the
messages from the code and templates, and none may be missing or fuzzy in
translations/ko/LC_MESSAGES/messages.po. The compiled catalogue is built from it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

import companion.amytis.words  # noqa: F401  (the games' words declare their messages when loaded)
import companion.aotwk  # noqa: F401
import companion.score_pad.words  # noqa: F401
from companion.i18n.sentences import DECLARED, EXTRACT_KEYWORDS, compile_catalogues, placeholders

REPO = Path(__file__).resolve().parents[2]
KOREAN_PO = REPO / "translations" / "ko" / "LC_MESSAGES" / "messages.po"
PLACEHOLDER = re.compile(r"%\(\w+\)s")


def extracted(tmp_path) -> dict:
    pot = tmp_path / "messages.pot"
    keywords = [argument for keyword in EXTRACT_KEYWORDS for argument in ("-k", keyword)]
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F", "babel.cfg",
                    *keywords, "-o", str(pot), "."], cwd=REPO, check=True, capture_output=True)
    with pot.open("rb") as fh:
        return {(message.id, message.context): message for message in read_po(fh) if message.id}


def korean():
    with KOREAN_PO.open("rb") as fh:
        return read_po(fh, locale="ko")


def test_every_extracted_message_has_a_korean_translation_that_is_not_fuzzy(tmp_path):
    messages = extracted(tmp_path)
    assert len(messages) > 100, "extraction found the app's messages"
    catalog = korean()
    missing, fuzzy = [], []
    for msgid, context in messages:
        entry = catalog.get(msgid, context=context)
        strings = [] if entry is None else (entry.string if isinstance(entry.string, tuple) else (entry.string,))
        if entry is None or not all(strings):
            missing.append(msgid)
        elif entry.fuzzy:
            fuzzy.append(msgid)
    assert missing == [], "run pybabel update and translate these"
    assert fuzzy == []


def _fits(translation: str, msgid: str, message=None) -> bool:
    """A brace-format translation uses the msgid's placeholders (a particle may follow one: {seat:이/가}),
    leaving out only those its message lets it and adding only those it allows (``leave_out``, ``also``)."""
    wanted = placeholders(msgid)
    needed = wanted - getattr(message, "leave_out", frozenset())
    return needed <= placeholders(translation) <= wanted | getattr(message, "also", frozenset())


def test_translations_keep_every_placeholder():
    for entry in korean():
        if not entry.id:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for string in strings:
            assert set(PLACEHOLDER.findall(string)) == wanted, entry.id
        if "python-brace-format" in entry.flags:
            _, message = DECLARED.get((entry.context, ids[0], ids[1] if len(ids) > 1 else None), (None, None))
            for string in strings:
                assert _fits(string, ids[-1], message), entry.id


def test_every_declared_sentence_has_a_korean_translation_with_the_same_placeholders():
    """The codes' sentences (``companion.i18n.sentences.DECLARED``), those pybabel cannot extract too."""
    catalog = korean()
    wrong = []
    for (context, msgid, plural), (module, message) in DECLARED.items():
        if not module.startswith("companion."):
            continue   # a test's own
        entry = catalog.get((msgid, plural) if plural else msgid, context=context)
        strings = () if entry is None else (entry.string if isinstance(entry.string, tuple) else (entry.string,))
        if not strings or not all(strings) or entry.fuzzy or not all(
                _fits(string, plural or msgid, message) for string in strings):
            wrong.append((context, msgid, strings))
    assert wrong == []


def test_the_catalogue_is_compiled_from_the_po_when_missing_or_older(tmp_path):
    folder = tmp_path / "ko" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_bytes(KOREAN_PO.read_bytes())
    compile_catalogues(tmp_path)
    mo = folder / "messages.mo"
    from babel.support import Translations
    with mo.open("rb") as fh:
        assert Translations(fh).gettext("New game") == "새 게임"
    built = mo.stat().st_mtime_ns
    compile_catalogues(tmp_path)            # up to date: left alone
    assert mo.stat().st_mtime_ns == built


def test_a_read_only_install_compiles_into_another_folder(tmp_path):
    source = tmp_path / "source" / "ko" / "LC_MESSAGES"
    source.mkdir(parents=True)
    (source / "messages.po").write_bytes(KOREAN_PO.read_bytes())
    compile_catalogues(tmp_path / "source", into=tmp_path / "instance")
    assert (tmp_path / "instance" / "ko" / "LC_MESSAGES" / "messages.mo").is_file()
    assert not (source / "messages.mo").exists()
