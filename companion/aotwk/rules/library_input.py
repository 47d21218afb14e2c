"""Reading what a group typed into its card library (``companion.aotwk.catalogue.library``):
a library file (``parse``, one problem per path) or one form field (``from_form``), each
value checked (``check_value``). Every refusal is a ``LibraryRefusal`` code, said in the
reader's language by the web layer. Above the catalogue: it reads the catalogue's facts and
AotWK's words, so the catalogue itself needs neither.
"""

from __future__ import annotations

from typing import Any

from companion.aotwk.catalogue import RESOURCES, SKILLS, Catalogue
from companion.aotwk.catalogue.library import FORMAT, VIRTUE_LIMIT, VP_MAX, Fact, fact_paths
from companion.aotwk.rules.codes import LibraryRefusal
from companion.problems import Problem


def parse(data: Any, catalogue: Catalogue) -> tuple[dict[str, Any], list[Problem]]:
    """A library file's facts (normalised) and its problems, one per path."""
    problems: list[Problem] = []
    if not isinstance(data, dict):
        return {}, [Problem("(file)", LibraryRefusal("not_a_library"))]
    if data.get("format") != FORMAT:
        problems.append(Problem("format", LibraryRefusal("format", format=FORMAT)))
    raw = data.get("facts")
    if not isinstance(raw, dict):
        return {}, problems + [Problem("facts", LibraryRefusal("facts_object"))]
    known = fact_paths(catalogue)
    facts = {}
    for path, value in raw.items():
        fact = known.get(path)
        where = f"facts.{path}"
        if fact is None:
            problems.append(Problem(where, LibraryRefusal("not_a_fact")))
            continue
        if value is None:
            continue  # unknown stays unknown
        value, message = check_value(fact, value)
        if message:
            problems.append(Problem(where, message))
        else:
            facts[path] = value
    return facts, problems




def check_value(fact: Fact, value: Any) -> tuple[Any, str | None]:
    """The value normalised, or a message saying what is wrong with it."""
    if fact.kind in ("vp", "virtue"):
        low, high = (0, VP_MAX) if fact.kind == "vp" else (-VIRTUE_LIMIT, VIRTUE_LIMIT)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            return None, LibraryRefusal("number_range", low=low, high=high, got=value)
        return value, None
    if fact.kind == "skills":
        if not isinstance(value, list) or not all(skill in SKILLS for skill in value) or len(value) > 6:
            return None, LibraryRefusal("skills_list", skills=list(SKILLS), got=value)
        return list(value), None
    if fact.kind == "cost":
        if not isinstance(value, dict) or not value or not all(
                item in RESOURCES and isinstance(n, int) and not isinstance(n, bool) and 0 < n <= 20
                for item, n in value.items()):
            return None, LibraryRefusal("cost_map", resources=list(RESOURCES), got=value)
        return dict(value), None
    if not isinstance(value, str) or not 1 <= len(value.strip()) <= 60:
        return None, LibraryRefusal("text_length", low=1, high=60)
    return value.strip(), None


def from_form(fact: Fact, text: str) -> tuple[Any, str | None]:
    """A form field's text as a fact value: (None, None) when left empty (still unknown)."""
    text = (text or "").strip()
    if not text:
        return None, None
    if fact.kind in ("vp", "virtue"):
        try:
            value = int(text.replace("+", "", 1) if text.startswith("+") else text)
        except ValueError:
            return None, LibraryRefusal("whole_number")
        return check_value(fact, value)
    if fact.kind == "skills":
        value = [] if text == "none" else text.split("+")
        return check_value(fact, value)
    if fact.kind == "cost":
        cost: dict[str, int] = {}
        for part in text.replace(";", ",").split(","):
            words = part.split()
            if len(words) != 2 or not words[0].isdigit() or words[1].lower() not in RESOURCES:
                return None, LibraryRefusal("cost_words", resources=list(RESOURCES))
            cost[words[1].lower()] = cost.get(words[1].lower(), 0) + int(words[0])
        return check_value(fact, cost)
    return check_value(fact, text)
