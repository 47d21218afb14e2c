"""A document's problems, as codes: ``FieldProblem(code, **params)``, both games.

The document readers (``companion.problems.Reader``, ``companion.aotwk.rules.schema`` and
``document``, ``companion.amytis.document``) name what is wrong with a field. The
message is a ``str`` whose value is the English the ``companion score`` contract
prints (unchanged); the import page says ``.render("ko")`` beside the field's path.
Parameters are numbers, ids and values as the document gave them; ``got`` for a
wrong type is a kind key (``companion.problems.kind_key``), said in each language.
"""

from __future__ import annotations

from typing import Any, Callable

from companion.i18n.codes import FieldProblem
from companion.i18n.sentences import Context, N_, Phrase

# A kind of JSON value (``companion.problems.kind_key``) as a person reads it.
KINDS = {"null": Context("kind of value", "null"), "bool": Context("kind of value", "true/false"),
         "number": Context("kind of value", "a number"), "text": Context("kind of value", "text"),
         "list": Context("kind of value", "a list"), "object": Context("kind of value", "an object")}


def kind_word(kind: str) -> Any:
    """A kind key said in the reader's language (an unknown kind, a Python type's name, as it is)."""
    found = KINDS.get(kind)
    return kind if found is None else Phrase(found)


def got_kind(message) -> Callable[..., Phrase]:
    """A sentence whose ``got`` is a kind key, said as words."""
    return lambda got, **params: Phrase(message, got=kind_word(got), **params)


def with_hint(without, with_hint_message) -> Callable[..., Phrase]:
    """A sentence with an optional 'did you mean …?' (``hint``), each a whole sentence to translate."""
    return lambda hint=None, **params: Phrase(with_hint_message if hint else without, hint=hint, **params)


NOT_JSON_AT = N_("not valid JSON: {detail} at line {line} column {column}", leave_out={"detail"})
NOT_JSON = N_("not valid JSON: {detail}", leave_out={"detail"})
TOO_MANY_PLAYERS = N_("at most {limit} players (got {got})")
TOO_MANY_PLAYERS_ARTISANS = N_("at most {limit} players (6 with Age of Artisans) (got {got})")


FieldProblem.declare({
    # the shape of any field
    "required": N_("is required"),
    "required_stored": N_("is required on a stored game"),
    "whole": got_kind(N_("must be a whole number (got {got})")),
    "bool": got_kind(N_("must be true or false (got {got})")),
    "text": got_kind(N_("must be text (got {got})")),
    "list": got_kind(N_("must be a list (got {got})")),
    "object": got_kind(N_("must be an object (got {got})")),
    "object_or_null": got_kind(N_("must be an object or null (got {got})")),
    "between": N_("must be between {low} and {high} (got {got})"),
    "at_least": N_("must be at least {low} (got {got})"),
    "at_most": N_("must be at most {high} (got {got})"),
    "chars": N_("at most {limit} characters (got {got})"),
    "items": N_("at most {limit} items (got {got})"),
    "name_length": N_("must be 1 to {limit} characters (got {got})"),
    "one_of": N_("must be one of {options} (got {got})"),
    "one_of_kind": got_kind(N_("must be one of {options} (got {got})")),   # got: a kind key, not a value
    "unknown_field": with_hint(N_("unknown field"), N_("unknown field; did you mean {hint}?")),
    "not_valid": N_("is not valid here"),
    "day": N_("must be a day written YYYY-MM-DD, like 2026-11-06 (got {got})"),
    "seat_or_bot": N_("must be a seat number or 'bot' (got {got})"),
    "finite": N_("must be a finite number"),
    "nul": N_("must not contain the NUL character"),
    "surrogate": N_("must not contain a lone surrogate (not a character)"),
    "field_name": N_("has a field name that is not plain text ({why})"),
    "not_text": N_("not text"),
    # the document as a whole
    "unknown_game": lambda got, hint=None, known="": Phrase(
        N_("unknown game {got}; did you mean {hint}?") if hint else N_("unknown game {got}; known: {known}"),
        got=got, hint=hint, known=known),
    "too_many_values": N_("more than {most} values"),
    "not_object": got_kind(N_("must be a JSON object (got {got})")),
    "too_big": N_("at most {mb} MB (got a larger file)"),
    "not_utf8": N_("not valid JSON (the file is not UTF-8 text)"),
    "not_json": lambda detail, line=None, column=None: Phrase(
        NOT_JSON if line is None else NOT_JSON_AT, detail=detail, line=line, column=column),
    "too_deep": N_("nested more than {depth} levels deep"),
    # players
    "players_list": N_("must be a list of at least one player"),
    "players_list_got": got_kind(N_("must be a list of players (got {got})")),
    "too_many_players": lambda limit, got, artisans_hint=False: Phrase(
        TOO_MANY_PLAYERS_ARTISANS if artisans_hint else TOO_MANY_PLAYERS, limit=limit, got=got),
    "name_taken": N_("{name!r} is already the name of {other}; names must be unique"),
    "bots_name": N_("{name!r} is the bot's name; choose another"),
})
