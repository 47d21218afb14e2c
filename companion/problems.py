"""A problem with user input, named by the path of the offending field.

Shared by every validator (score input, game setup, moves, scheme decks) so the
CLI prints and the web layer shows them the same way; ``load_json`` reads a document's
text (size, nesting, JSON's own rules) for every game's reader.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, replace
from itertools import accumulate
from typing import Any, Callable, Iterable

from companion.i18n.codes import FieldProblem
import companion.i18n.problem_words  # noqa: F401 (declares the sentences FieldProblem says)

SANE = 9_999               # no count or score of any game comes near it: a sanity bound, not a rule
MAX_DEPTH = 24             # the deepest real document (a scheme card's action) is 8 deep
MAX_DOCUMENT = 2 * 1024 * 1024


@dataclass(frozen=True)
class Problem:
    path: str      # e.g. "players[1].virtue"; "(document)" for the whole input
    message: str   # e.g. "must be between 0 and 14 (got 19)": a FieldProblem, said in the reader's language

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class InvalidInput(ValueError):
    """Input that cannot be used; carries one Problem per thing wrong."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class Refused(ValueError):
    """A change a game's rules refuse, for every game: each problem names the field it is about
    (or "move") and says why in a player's words (a code, said in the reader's language where it
    is shown). AotWK's ``MoveError``, the bot's ``BotError`` and Amytis's pad refusal are Refused."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("; ".join(str(p.message) if p.path == "move" else str(p) for p in self.problems))


def kind_key(value: Any) -> str:
    """What kind of JSON value this is, as a key ``FieldProblem`` says in each language."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    return {int: "number", float: "number", str: "text", list: "list", dict: "object"}.get(
        type(value), type(value).__name__)


@dataclass(frozen=True)
class Bounds:
    """A whole number's range: the one definition an import, a stored record and every move of a
    game read (a move's field takes its bounds from its game's document schema). ``sane``: the high
    end is a sanity bound, not a rule: worded 'at least' below the range, 'at most' above it."""
    low: int
    high: int
    sane: bool = False

    def above(self, low: int) -> "Bounds":
        """The same range from ``low`` on (a count taken is at least 1)."""
        return replace(self, low=low)

    def change(self) -> "Bounds":
        """A change to a value in this range (a +/- move): never more than the range is wide."""
        width = self.high - self.low
        return Bounds(-width, width, self.sane)

    def problem(self, value: int) -> FieldProblem | None:
        """Why ``value`` (a whole number) is out of range, or None."""
        if self.low <= value <= self.high:
            return None
        if not self.sane:
            return FieldProblem("between", low=self.low, high=self.high, got=value)
        return FieldProblem("at_least", low=self.low, got=value) if value < self.low \
            else FieldProblem("at_most", high=self.high, got=value)


def day_problem(value) -> FieldProblem | None:
    """Why a ``played_on`` cannot be read, or None (absent, or a day written YYYY-MM-DD)."""
    from companion.game_time import day
    if value is None or day(value) is not None:
        return None
    return FieldProblem("day", got=repr(value)[:40])


def envelope_problems(doc: dict, phases, format_: str) -> list[Problem]:
    """What is wrong with a pad game's document around its players: its phase, its events (each
    an object with a "kind") and its format (absent, or this game's)."""
    problems = []
    phase, events = doc.get("phase"), doc.get("events")
    if phase is not None and phase not in phases:
        problems.append(Problem("phase", f"must be one of {', '.join(phases)} (got {phase!r})"))
    if events is not None and not (isinstance(events, list) and all(
            isinstance(e, dict) and isinstance(e.get("kind"), str) for e in events)):
        problems.append(Problem("events", 'must be a list of objects, each with a "kind"'))
    if doc.get("format") not in (None, format_):
        problems.append(Problem("format", f"must be {format_!r} (got {doc.get('format')!r})"))
    return problems


def read_pad_document(doc: dict, parse: Callable[[dict], Any], phases, format_: str,
                      more: Iterable[Problem] = ()) -> tuple[dict, list]:
    """A pad game's document read whole: every problem its game's reader (``parse``, the score
    command's), ``more`` (the game's other fields) and its envelope find, in one InvalidInput; else
    (a copy of the document without its events, a copy of its events: [] when none)."""
    problems = []
    try:
        parse(doc)
    except InvalidInput as exc:
        problems.extend(exc.problems)
    problems.extend(more)
    problems.extend(envelope_problems(doc, phases, format_))
    if problems:
        raise InvalidInput(problems)
    return (copy.deepcopy({key: value for key, value in doc.items() if key != "events"}),
            copy.deepcopy(doc.get("events") or []))


def text_problem(text: str) -> FieldProblem | None:
    """Why a text cannot be stored, or None: a NUL (PostgreSQL refuses it, the CSV and the PDF
    break on it) or a lone surrogate (no character: it cannot be written as UTF-8). The one
    rule for every text any way in keeps: a document's every string, a name, a title."""
    if "\x00" in text:
        return FieldProblem("nul")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return FieldProblem("surrogate")
    return None


class TooManyProblems(Exception):
    """Enough problems to show; reading on only costs time."""


class Reader:
    """Walks a document, collecting problems instead of stopping at the first.

    Both games' document readers build on it (``companion.aotwk.rules.document``,
    ``companion.amytis.document``), so a number or a name is refused in the same words.
    ``limit``: after that many problems ``fail`` raises ``TooManyProblems``.
    """

    def __init__(self, limit: int | None = None) -> None:
        self.problems: list[Problem] = []
        self.limit = limit

    def fail(self, path: str, message: str) -> None:
        self.problems.append(Problem(path, message))
        if self.limit is not None and len(self.problems) >= self.limit:
            raise TooManyProblems

    def whole(self, value: Any, path: str, low: int = 0, high: int | None = None) -> int | None:
        """A whole number in low..high (a float like 3.0 counts), or None and a problem."""
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, FieldProblem("whole", got=kind_key(value)))
            return None
        if value < low or (high is not None and value > high):
            self.fail(path, FieldProblem("between", low=low, high=high, got=value) if high is not None
                      else FieldProblem("at_least", low=low, got=value))
            return None
        return value

    def within(self, value: Any, path: str, bounds: Bounds) -> int | None:
        """A whole number within ``bounds``, or None and a problem."""
        number = self.whole(value, path, bounds.low, None)
        if number is not None and bounds.problem(number) is not None:
            self.fail(path, bounds.problem(number))
            return None
        return number

    def name(self, raw: Any, path: str, limit: int) -> str | None:
        """``raw["name"]``: text of 1 to ``limit`` characters once trimmed, or None and a problem."""
        name = raw.get("name")
        if not isinstance(name, str):
            self.fail(f"{path}.name", FieldProblem("required") if name is None else FieldProblem("text", got=kind_key(name)))
            return None
        name = name.strip()
        wrong = text_problem(name)
        if wrong is not None:
            self.fail(f"{path}.name", wrong)
            return None
        if not 1 <= len(name) <= limit:
            self.fail(f"{path}.name", FieldProblem("name_length", limit=limit, got=len(name)))
            return None
        return name


# -- a document's text to data (every game's reader, the import page, the CLI) --------

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a number JSON allows")


def load_json(text: str | bytes) -> Any:
    """The document in ``text``, or InvalidInput naming what is wrong with the text itself."""
    if len(text) > MAX_DOCUMENT:
        raise InvalidInput([Problem("(document)", FieldProblem("too_big", mb=MAX_DOCUMENT // (1024 * 1024)))])
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InvalidInput([Problem("(document)", FieldProblem("not_utf8"))]) from None
    brackets = _BRACKETS.sub("", _STRINGS.sub("", text))
    if brackets and max(accumulate(_STEP[c] for c in brackets)) > MAX_DEPTH:
        raise InvalidInput([Problem("(document)", FieldProblem("too_deep", depth=MAX_DEPTH))])
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise InvalidInput([Problem("(document)", FieldProblem("not_json", detail=exc.msg, line=exc.lineno,
                                                               column=exc.colno))]) from None
    except (ValueError, RecursionError) as exc:   # NaN, a 5,000-digit number
        raise InvalidInput([Problem("(document)", FieldProblem("not_json", detail=str(exc)[:120]))]) from None
