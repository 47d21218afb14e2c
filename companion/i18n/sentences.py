"""Sentences as catalogue messages: the machinery every game's words share, with no words in it.

A code's sentences are msgids of the one catalogue (``translations/<lang>/LC_MESSAGES/messages.po``),
declared where the code's words live:

    SENTENCES = {
        "gain": N_("{who} gains {items} ({source})"),
        "debts": Plural("{n} unpaid debt", "{n} unpaid debts"),       # ngettext, counted by ``n``
        "undo": Context("button", "Undo"),                            # pgettext
    }

Placeholders are Python brace-format names. ``say(message, lang, params)`` looks the message up in
that language's catalogue and formats it; a parameter that is itself said (a ``Coded``, a
``Phrase``, a list of them) is said in the same language first. English is the msgid itself.

Korean particles are catalogue syntax: a translation writes ``{worker:을/를}``, ``{seat:이/가}``,
``{place:으로/로}`` and the formatter picks the form by the final sound of the formatted value
(``with_particle``): the first form after a final consonant, the second after a vowel (and ``로``
after ㄹ). It is the only knowledge of a language in Python.

Every message made here is registered (``DECLARED``): a test checks each, and each message pybabel
extracts, has a Korean translation with the same placeholders. Write a msgid as a literal in the
call (``N_("...")``, not ``N_(name)``) so that extraction finds it.
"""

from __future__ import annotations

import gettext
import io
import re
import string
import sys
from dataclasses import dataclass
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Protocol

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from companion import files


# The keywords pybabel extract needs for these messages (N_ is one of Babel's own); the extract
# command in docs/i18n.md and tests/i18n/test_translations.py pass them.
EXTRACT_KEYWORDS = ("_l", "Plural:1,2", "Context:1c,2", "ContextPlural:1c,2,3")

# (context, msgid, plural) -> (module, message) for every message made: the test's registry. A message
# made inside a sentence function is registered when first said (pybabel's extraction finds it).
DECLARED: dict[tuple, tuple[str, "Message"]] = {}


def message_key(message: "Message") -> tuple:
    """How the catalogue knows a message: (context, msgid, plural msgid)."""
    return (getattr(message, "context", None), getattr(message, "singular", None) or str(message),
            getattr(message, "plural", None))


def _declare(message: "Message") -> None:
    """Registers ``message`` once, with the module that made it (a test's own are not the app's)."""
    key = message_key(message)
    if key in DECLARED:
        return
    frame = sys._getframe(1)
    while frame is not None and frame.f_globals.get("__name__") == __name__:
        frame = frame.f_back
    DECLARED[key] = (frame.f_globals.get("__name__", "") if frame else "", message)


class Message(Protocol):
    def said(self, lang: str, params: dict[str, Any]) -> str: ...
    def placeholders(self) -> set[str]: ...


def placeholders(text: str) -> set[str]:
    """The brace-format names in a msgid or a translation: '{seat:이/가} gains {n}' -> {'seat', 'n'}."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


class Msgid(str):
    """A msgid (the English sentence): ``N_("{who} gains {items}")``."""

    leave_out: frozenset[str] = frozenset()
    also: frozenset[str] = frozenset()

    def said(self, lang: str, params: dict[str, Any]) -> str:
        return format_said(catalogue(lang).gettext(self), lang, params)

    def placeholders(self) -> set[str]:
        return placeholders(self)


_MSGIDS: dict[str, Msgid] = {}   # a msgid made inside a sentence function is made once


def N_(msgid: str, leave_out: Iterable[str] = (), also: Iterable[str] = ()) -> Msgid:
    """Marks a msgid for extraction and registers it. ``leave_out``: placeholders a translation
    may leave out (English the app cannot translate, such as a parser's own detail); ``also``:
    parameters a translation may use that the English does not (a key's word beside the key)."""
    if not (leave_out or also):
        found = _MSGIDS.get(msgid)
        if found is not None:
            return found
    message = Msgid(msgid)
    message.leave_out, message.also = frozenset(leave_out), frozenset(also)
    _declare(message)
    if not (leave_out or also):
        _MSGIDS[msgid] = message
    return message


@dataclass(frozen=True)
class Plural:
    """A sentence with a count: ``Plural("{n} debt", "{n} debts", count="n")`` (ngettext)."""

    singular: str
    plural: str
    count: str = "n"

    def __post_init__(self):
        _declare(self)

    def said(self, lang: str, params: dict[str, Any]) -> str:
        return format_said(catalogue(lang).ngettext(self.singular, self.plural, params[self.count]), lang, params)

    def placeholders(self) -> set[str]:
        return placeholders(self.plural)


class Context(str):
    """A word that needs its context to be translated: ``Context("term", "Black Market")``
    (pgettext). As a ``str`` it is the English word, so it can stand where English text did."""

    context: str
    leave_out: frozenset[str] = frozenset()
    also: frozenset[str] = frozenset()

    def __new__(cls, context: str, msgid: str, also: Iterable[str] = (), leave_out: Iterable[str] = ()) -> "Context":
        self = super().__new__(cls, msgid)
        self.context = context
        self.also, self.leave_out = frozenset(also), frozenset(leave_out)
        _declare(self)
        return self

    def __getnewargs__(self):
        return self.context, str(self), self.also, self.leave_out

    @property
    def msgid(self) -> str:
        return str(self)

    def said(self, lang: str, params: dict[str, Any]) -> str:
        return format_said(catalogue(lang).pgettext(self.context, str(self)), lang, params)

    def placeholders(self) -> set[str]:
        return placeholders(self)


# The words that join a list, for every sentence that lists things: one message each.
LIST = Context("list", ", ")
AND = Context("list", " and ")
OR = Context("list", " or ")
SEMICOLONS = Context("list", "; ")
PLUS = Context("list", " + ")

@dataclass(frozen=True)
class ContextPlural:
    """A counted sentence with a context: ``ContextPlural("term", "{n} worker", "{n} workers")``."""

    context: str
    singular: str
    plural: str
    count: str = "n"

    def __post_init__(self):
        _declare(self)

    def said(self, lang: str, params: dict[str, Any]) -> str:
        text = catalogue(lang).npgettext(self.context, self.singular, self.plural, params[self.count])
        return format_said(text, lang, params)

    def placeholders(self) -> set[str]:
        return placeholders(self.plural)


class Phrase:
    """A message with its parameters, said later in a reader's language: a piece of a sentence
    that depends on the parameters (an optional clause, a count). Not kept: a ``Coded`` is."""

    __slots__ = ("message", "params")

    def __init__(self, message: Message, **params: Any):
        self.message, self.params = message, params

    def render(self, lang: str) -> str:
        return self.message.said(lang, self.params)

    def __str__(self) -> str:
        return self.render("en")


class Joined:
    """Parts said in one language and joined by a catalogue word (``Context("list", ", ")``);
    empty parts (``""``, ``None``) are left out."""

    __slots__ = ("parts", "separator")

    def __init__(self, parts: Iterable[Any], separator: Message):
        self.parts = tuple(part for part in parts if part is not None and part != "")
        self.separator = separator

    def render(self, lang: str) -> str:
        return self.separator.said(lang, {}).join(str(said(part, lang)) for part in self.parts)

    def __str__(self) -> str:
        return self.render("en")

    def __bool__(self) -> bool:
        return bool(self.parts)


class Lookup:
    """A value whose words are data, looked up in the reader's language (a card's printed name):
    ``Lookup(card_name, "building", "keep")`` says ``card_name("building", "keep", lang)``. Made by a
    sentence function from a code's ids, never kept as a parameter (a kept code holds ids)."""

    __slots__ = ("find", "args")

    def __init__(self, find: Callable[..., str], *args: Any):
        self.find, self.args = find, args

    def render(self, lang: str) -> str:
        return self.find(*self.args, lang)

    def __str__(self) -> str:
        return self.render("en")


def said(value: Any, lang: str) -> Any:
    """A parameter in ``lang``: anything with ``render(lang)`` (a code, a phrase) said, a message
    with no parameters (a word with its context) translated, a list's items each said; anything
    else as it is."""
    render = getattr(value, "render", None)
    if render is not None:
        return render(lang)
    if isinstance(value, (Msgid, Context)):
        return value.said(lang, {})
    if isinstance(value, (list, tuple)):
        return [said(item, lang) for item in value]
    return value


# -- Korean particles, written in a translation as a format spec: {worker:을/를} ------------

PARTICLE = re.compile(r"([가-힣]+)/([가-힣]+)")
_DIGIT_HAS_FINAL = set("013678")   # 영 일 삼 육 칠 팔 (and 십) end in a consonant; 이 사 오 구 do not
_DIGIT_RIEUL = set("178")          # 일 칠 팔 end in ㄹ


def with_particle(word: str, particle: str) -> str:
    """``word`` and the form of ``particle`` ('을/를', '이/가', '은/는', '과/와', '으로/로') its last
    sound takes: the first after a final consonant, the second after a vowel, and '로' after ㄹ.
    Digits are read as Korean numbers; after anything else both forms are written: '을(를)', '(으)로'."""
    with_final, without = particle.split("/")
    last = word[-1:]
    if last.isdigit():
        batchim, rieul = last in _DIGIT_HAS_FINAL, last in _DIGIT_RIEUL
    elif "가" <= last <= "힣":
        final = (ord(last) - 0xAC00) % 28
        batchim, rieul = final != 0, final == 8
    elif with_final.endswith(without):   # 으로/로: (으)로
        return f"{word}({with_final[:-len(without)]}){without}"
    else:
        return f"{word}{with_final}({without})"
    if rieul and with_final.endswith(without):   # ㄹ takes 로, not 으로
        return word + without
    return word + (with_final if batchim else without)


class _Particled:
    """A value in a translation that writes particles: ``format`` with a particle spec picks the form
    after the value's last sound; any other spec, ``!r`` and ``!s`` are the value's own."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    def __format__(self, spec: str) -> str:
        if PARTICLE.fullmatch(spec):
            return with_particle(format(self.value, ""), spec)
        return format(self.value, spec)

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return repr(self.value)


_PARTICLE_SPEC = re.compile(r"\{[^{}]*:[가-힣]+/[가-힣]+\}")


@lru_cache(maxsize=8192)
def _writes_particles(text: str) -> bool:
    return _PARTICLE_SPEC.search(text) is not None


def format_said(text: str, lang: str, params: dict[str, Any]) -> str:
    """A translation formatted with ``params``, each said in ``lang`` first (``str.format_map``;
    a value is wrapped to pick its particle only where the translation writes one)."""
    if "{" not in text:
        return text
    values = {key: said(value, lang) for key, value in params.items()}
    if _writes_particles(text):
        values = {key: _Particled(value) for key, value in values.items()}
    return text.format_map(values)


def say(message: Message, lang: str, **params: Any) -> str:
    """``message`` in ``lang`` (English when the language has no catalogue), formatted with ``params``."""
    return message.said(lang, params)


# -- The one loader of catalogues, for the web app, the CLI and the PDF sheets alike ----------


def compile_catalogues(directory: Path, into: Path | None = None) -> None:
    """Build each ``messages.mo`` from its ``.po`` (beside it, or under ``into``) when
    missing or older: binaries are not committed."""
    for po_path in directory.glob("*/LC_MESSAGES/messages.po"):
        mo_path = (into or directory) / po_path.relative_to(directory).with_suffix(".mo")
        mo_path.parent.mkdir(parents=True, exist_ok=True)
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        with po_path.open("rb") as fh:
            catalog = read_po(fh, locale=po_path.parts[-3])
        temporary = mo_path.with_name(f".{mo_path.name}.{id(catalog)}.tmp")
        with temporary.open("wb") as fh:
            write_mo(fh, catalog)
        temporary.replace(mo_path)   # atomic: a second process starting at once reads a whole file


_LOADED: dict[str, gettext.NullTranslations] = {}


def catalogue(lang: str) -> gettext.NullTranslations:
    """``lang``'s catalogue, loaded once per process; English (the msgids) is no catalogue."""
    found = _LOADED.get(lang)
    if found is None:
        found = _LOADED[lang] = _load(lang)
    return found


@contextmanager
def installed(lang: str, translations: gettext.NullTranslations):
    """``translations`` as ``lang``'s catalogue for a while (a test's made-up language)."""
    before = _LOADED.get(lang)
    _LOADED[lang] = translations
    try:
        yield translations
    finally:
        if before is None:
            _LOADED.pop(lang, None)
        else:
            _LOADED[lang] = before


def _load(lang: str) -> gettext.NullTranslations:
    """In a checkout the ``.mo`` is compiled beside the ``.po``; an install (never written into)
    or a read-only checkout compiles it in memory."""
    po_path = files.TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"
    if not po_path.is_file():   # (the source language has none: its messages are the msgids)
        return gettext.NullTranslations()
    if not files.INSTALLED:
        try:
            compile_catalogues(files.TRANSLATIONS)
            with po_path.with_suffix(".mo").open("rb") as fh:
                return Translations(fh)
        except OSError:
            pass
    with po_path.open("rb") as fh:
        compiled = io.BytesIO()
        write_mo(compiled, read_po(fh, locale=lang))
    compiled.seek(0)
    return Translations(compiled)

