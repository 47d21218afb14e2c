"""The game document's shape, checked before anything reads it.

Three layers, each cheap and bounded, run on every way in (the score command, an
import, a stored record read back):

1. ``load_json`` (``companion.problems``): text to data. Nesting depth is measured on the text before the
   parser recurses; NaN and Infinity are refused; numbers of absurd length too.
2. ``scan``: every string (keys included) is free of NUL and lone surrogates (they
   break PostgreSQL, the CSV and the PDF) and of bounded length; depth and size too.
3. ``shape_problems``: the pydantic models below: types, ranges, the palette, the
   tracker's own fields (``table``, the bot's workers and scheme piles, who holds
   whom), and no field nobody knows (with the closest known name).

What the catalogue decides (card ids, one copy per card, the tools scale, unique
names) is ``document.parse_score_input``'s, after this.
"""

from __future__ import annotations

import difflib
import types
import typing
from typing import Annotated, Any, Literal, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError
from pydantic_core import PydanticCustomError

from companion.aotwk.catalogue import load
from companion.aotwk.rules.codes import AotwkProblem
from companion.i18n.codes import FieldProblem
from companion.problems import MAX_DEPTH, SANE, Bounds, Problem, day_problem, kind_key, text_problem
from companion.aotwk.rules.opponent.deck import validate_card

MAX_PROBLEMS = 20          # a person reads the first few; the rest only costs time
MAX_TEXT = 10_000          # any one string; names and titles have their own, smaller limits
MAX_NODES = 200_000        # values in one document
ENTERABLE = ("virtue", "silver", "gold", "marble", "clay", "wood", "stone")   # a player's fields a count enters
PALETTE = ("red", "blue", "green", "yellow", "purple", "black", "orange", "white")
PHASES = ("playing", "final_round", "counting", "finished")
MODES = ("multiplayer", "solo", "two_vs_bot", "paper")
FORMAT = "architects-companion/1"
TITLE_LIMIT = 200
ID_LIMIT = 64
BOT = "bot"
MAX_PLAYERS = 64           # far past any edition (document.py words the real limit): bounds the work



def closest(wrong: str, known) -> list[str]:
    if len(wrong) > ID_LIMIT:   # a long string against every id costs time and says nothing
        return []
    return difflib.get_close_matches(wrong, list(known), n=1, cutoff=0.6)


# -- 1. text to data ------------------------------------------------------------

# ``load_json`` (the text's own problems, the document's size and nesting) is shared by
# every game's reader: companion.problems.


# -- 2. every value ---------------------------------------------------------------

def _path(parent: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{parent}[{key}]"
    return f"{parent}.{key}" if parent else str(key)


def _text_problem(text: str) -> FieldProblem | None:
    wrong = text_problem(text)
    if wrong is not None:
        return wrong
    if len(text) > MAX_TEXT:
        return AotwkProblem("chars", limit=MAX_TEXT, got=len(text))
    return None


def scan(doc: Any) -> list[Problem]:
    """Depth, size, and every string and number of ``doc`` (already parsed), without recursion."""
    problems: list[Problem] = []
    stack = [(doc, "", 0)]
    nodes = 0
    while stack and len(problems) < MAX_PROBLEMS:
        value, path, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            return problems + [Problem("(document)", AotwkProblem("too_many_values", most=MAX_NODES))]
        if depth > MAX_DEPTH:
            return problems + [Problem(path or "(document)", AotwkProblem("too_deep", depth=MAX_DEPTH))]
        if isinstance(value, str):
            wrong = _text_problem(value)
            if wrong:
                problems.append(Problem(path or "(document)", wrong))
        elif isinstance(value, float) and value != value or value in (float("inf"), float("-inf")):
            problems.append(Problem(path or "(document)", AotwkProblem("finite")))
        elif isinstance(value, dict):
            for key, item in reversed(list(value.items())):
                if not isinstance(key, str) or _text_problem(key):
                    why = _text_problem(str(key)) or AotwkProblem("not_text")
                    problems.append(Problem(path or "(document)", AotwkProblem("field_name", why=why)))
                    continue
                stack.append((item, _path(path, key), depth + 1))
        elif isinstance(value, list):
            stack.extend((item, _path(path, i), depth + 1) for i, item in reversed(list(enumerate(value))))
    return problems


# -- 3. shapes --------------------------------------------------------------------

def _whole(bounds: Bounds):
    """A whole number within ``bounds``, as a pydantic type."""
    def check(value: int) -> int:
        said = bounds.problem(value)
        if said is not None:
            # the context carries the code and its parameters: _message words it in each language
            params = dict(said.params)
            got = params.pop("got")
            raise PydanticCustomError("range", "{said}", {"said": said, "code": said.code, "bounds": params,
                                                          "got": got})
        return value
    return Annotated[StrictInt, AfterValidator(check)]


def _day(value: str) -> str:
    said = day_problem(value)
    if said is not None:
        raise PydanticCustomError("day", "{said}", {"said": said})
    return value


def _seat_or_bot(value: Any) -> Any:
    if value == BOT or (isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 8):
        return value
    raise PydanticCustomError("who", "{said}", {"said": AotwkProblem("seat_or_bot", got=repr(value)[:40]),
                                                "got": repr(value)[:40]})


def _catalogue_bounds():
    catalogue = load()
    return catalogue.virtue_min, catalogue.virtue_max, catalogue.cathedral_top, catalogue.workers


VIRTUE_MIN, VIRTUE_MAX, CATHEDRAL_TOP, WORKERS = _catalogue_bounds()
COUNT = Bounds(0, SANE, sane=True)        # anything a player or the bot holds, pays or takes
VP = Bounds(0, SANE, sane=True)           # a card's printed VP (a building, an Adornment)
VIRTUE = Bounds(VIRTUE_MIN, VIRTUE_MAX)
CATHEDRAL = Bounds(0, CATHEDRAL_TOP)
WORKER_COUNT = Bounds(0, WORKERS)         # one's own workers: nobody has more than the box holds
CATEGORY_TOTAL = Bounds(-1000, 1000)      # a category total typed in: beyond this is a typo, not a score
GUILDHALL_SPACES = Bounds(0, 64)   # the Guildhall's spaces and stacks: far past any board

Count = _whole(COUNT)
Who = Annotated[Any, AfterValidator(_seat_or_bot)]
Id = Annotated[StrictStr, Field(max_length=ID_LIMIT)]
Text = Annotated[StrictStr, Field(max_length=500)]
Colour = Literal[PALETTE]  # type: ignore[valid-type]
Virtue = _whole(VIRTUE)
Cathedral = _whole(CATHEDRAL)
Workers = _whole(WORKER_COUNT)
Spaces = _whole(GUILDHALL_SPACES)
CardList = Annotated[list[Any], Field(max_length=100)]   # items: ids or {"id": ...}, read by document.py


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Player(Strict):
    name: Any = None                      # document.py words its rules (1..40 characters)
    colour: Colour | None = None
    board: Id | None = None
    virtue: Virtue | None = None
    debts_unpaid: Count | None = None
    debts_paid: Count | None = None
    prisoners: Workers | None = None
    captured: Count | None = None
    captured_from: Annotated[dict[Id, Count], Field(max_length=8)] | None = None
    cathedral: Cathedral | None = None
    gold: Count | None = None
    marble: Count | None = None
    silver: Count | None = None
    clay: Count | None = None
    wood: Count | None = None
    stone: Count | None = None
    buildings: CardList | None = None
    apprentices: CardList | None = None
    adornments: CardList | None = None
    tools: Count | None = None
    overrides: Annotated[dict[Id, Any], Field(max_length=16)] | None = None
    adornments_on: Annotated[dict[Id, Count], Field(max_length=64)] | None = None   # Age of Artisans
    # values nobody has entered yet (the setup's stand in): the score asks for them (table/pad.py)
    not_entered: Annotated[list[Literal[ENTERABLE]], Field(max_length=8)] | None = None  # type: ignore[valid-type]


class BotWorkers(Strict):
    board: Workers
    locations: Annotated[dict[Id, Workers], Field(max_length=32)]
    guildhall: Workers
    black_market: Workers
    prison: Workers
    held_by: Annotated[dict[Id, Workers], Field(max_length=8)]


class Bot(Strict):
    opponent: Any = None                  # document.py names the opponents
    virtue: Virtue | None = None
    cathedral: Cathedral | None = None
    marble: Count | None = None
    guildhall_workers: Workers | None = None
    debts_unpaid: Count | None = None
    debts_destroyed: Count | None = None
    prisoners: Workers | None = None
    captured: Count | None = None
    adornments: CardList | None = None
    workers: BotWorkers | None = None
    captured_from: Annotated[dict[Id, Count], Field(max_length=8)] | None = None
    deck: dict[str, Any] | None = None    # checked by mode: DeckPiles or PhysicalPiles
    turns: Count | None = None


class DeckPiles(Strict):
    mode: Literal["deck"]
    name: Annotated[StrictStr, Field(max_length=200)]
    practice: StrictBool
    seed: StrictInt
    shuffles: Count
    cards: Annotated[dict[Id, dict[str, Any]], Field(max_length=100)]
    draw: Annotated[list[Id], Field(max_length=100)]
    discard: Annotated[list[Id], Field(max_length=100)]
    future: Annotated[list[Id], Field(max_length=100)]
    last: Id | None = None


class PhysicalPiles(Strict):
    mode: Literal["physical"]
    played: Count
    last: dict[str, Any] | None = None    # the card the player drew, as entered
    # the printed cards remembered (the table's saved deck), and the draw pile's course since the last shuffle
    deck_id: Annotated[StrictStr, Field(max_length=64)] | None = None
    cards: Annotated[dict[Id, dict[str, Any]], Field(max_length=100)] | None = None
    drawn: Annotated[list[Id], Field(max_length=200)] | None = None
    cycle: Count | None = None
    future_left: Count | None = None


class FinalRound(Strict):
    triggered_by: Who
    still_to_play: Annotated[list[Who], Field(max_length=8)]


class Table(Strict):
    guildhall_workers: Count | None = None
    guildhall: Annotated[list[Who], Field(max_length=64)] | None = None
    beside_guildhall: Annotated[list[Who], Field(max_length=64)] | None = None
    guildhall_capacity: Spaces | None = None
    guildhall_reset_at: Annotated[list[Spaces], Field(max_length=8)] | None = None
    tax_stand_silver: Count | None = None
    black_market: Annotated[dict[Id, Who | None], Field(max_length=8)] | None = None
    black_market_resets: Count | None = None
    reward_cards_left: Count | None = None
    rewards_drawn: Annotated[list[Id], Field(max_length=64)] | None = None
    removed_buildings: Annotated[list[Id], Field(max_length=64)] | None = None
    extra_placement: Who | None = None
    final_round: FinalRound | None = None
    # Age of Artisans and the 2-players-plus-bot reading (the artisans branch), the end count (the pad branch)
    guildhall_stacked: Annotated[list[Spaces], Field(max_length=64)] | None = None
    starting_hires: Annotated[list[Who], Field(max_length=8)] | None = None
    bot_counts_as_player: StrictBool | None = None
    artisan: Who | None = None
    artisan_shield: StrictBool | StrictInt | None = None
    counted: Annotated[list[Who], Field(max_length=8)] | None = None


class Event(BaseModel):
    """One history entry: its move's own fields vary by kind (kept, depth- and size-bounded by ``scan``)."""
    model_config = ConfigDict(extra="allow", strict=True)
    kind: Id
    seq: StrictInt | None = None
    at: Annotated[StrictStr, Field(max_length=40)] | None = None
    notes: Annotated[list[Text], Field(max_length=100)] | None = None


class Document(Strict):
    game: Id | None = None                # which game's document (the amytis branch reads its own)
    format: Literal[FORMAT] | None = None
    title: Annotated[StrictStr, Field(max_length=TITLE_LIMIT)] | None = None
    created_at: Annotated[StrictStr, Field(max_length=40)] | None = None
    played_on: Annotated[StrictStr, AfterValidator(_day)] | None = None   # the day played, set by a person
    playing_minutes: Annotated[StrictInt, Field(ge=0)] | None = None   # an export's: worked out again from the events
    phase: Literal[PHASES] | None = None  # type: ignore[valid-type]
    mode: Literal[MODES] | None = None  # type: ignore[valid-type]
    variable_boards: StrictBool | None = None
    track_resources: StrictBool | None = None
    expansions: Annotated[list[Any], Field(max_length=8)] | None = None
    players: Any = None                   # each a Player, checked one by one; document.py words the list's rules
    bot: Bot | None = None
    table: Table | None = None
    events: Annotated[list[Event], Field(max_length=20_000)] | None = None
    setup_checklist: Annotated[list[Text], Field(max_length=100)] | None = None
    # the same checklist as codes with parameters, said in each reader's language (companion.aotwk.i18n.setup_steps)
    setup_steps: Annotated[list[Annotated[dict[Id, Any], Field(max_length=16)]], Field(max_length=100)] | None = None


# The fields the table tracker keeps on a stored record: present and not null.
RECORD_FIELDS = {
    "": ("phase", "mode", "expansions", "players", "table"),
    "players": ("name", "virtue", "debts_unpaid", "debts_paid", "prisoners", "captured", "cathedral", "gold",
                "marble", "silver", "clay", "wood", "stone", "buildings", "apprentices", "adornments", "tools",
                "overrides"),
    "table": ("guildhall_workers", "guildhall", "guildhall_capacity", "guildhall_reset_at", "tax_stand_silver",
              "black_market", "black_market_resets", "reward_cards_left", "rewards_drawn", "removed_buildings"),
    "bot": ("opponent", "virtue", "cathedral", "marble", "guildhall_workers", "debts_unpaid", "prisoners",
            "captured", "adornments", "workers", "captured_from", "deck"),
}


# -- pydantic's findings in the contracts' words ----------------------------------------

def _loc_path(prefix: str, loc: tuple) -> str:
    path = prefix
    for part in loc:
        path = _path(path, part)
    return path or "(document)"


def _field_names(model: type[BaseModel], loc: tuple) -> list[str]:
    """The fields known at ``loc`` (for 'did you mean'), found by walking the models' annotations."""
    kind: Any = model
    for part in loc:
        kind = _strip(kind)
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            field = kind.model_fields.get(part) if isinstance(part, str) else None
            kind = field.annotation if field else None
        elif typing.get_origin(kind) in (list, dict):
            kind = typing.get_args(kind)[-1]
        else:
            return []
    kind = _strip(kind)
    return list(kind.model_fields) if isinstance(kind, type) and issubclass(kind, BaseModel) else []


def _strip(kind: Any) -> Any:
    """``X`` from ``Annotated[X, ...]`` and ``X | None``."""
    while True:
        origin = typing.get_origin(kind)
        if origin is Annotated:
            kind = typing.get_args(kind)[0]
        elif origin in (Union, types.UnionType):
            options = [a for a in typing.get_args(kind) if a is not type(None)]
            kind = options[0] if len(options) == 1 else None
        else:
            return kind


def _message(error: dict, model: type[BaseModel]) -> tuple[tuple, AotwkProblem]:
    kind, loc, got = error["type"], error["loc"], error.get("input")
    ctx = error.get("ctx") or {}
    if kind == "extra_forbidden":
        hint = closest(str(loc[-1]), _field_names(model, loc[:-1]))
        return loc, AotwkProblem("unknown_field", hint=repr(hint[0]) if hint else None)
    if kind == "missing":
        return loc, AotwkProblem("required")
    if kind == "range":
        return loc, AotwkProblem(ctx["code"], got=ctx["got"], **ctx["bounds"])
    if kind == "who":
        return loc, AotwkProblem("seat_or_bot", got=ctx["got"])
    if kind == "day":
        return loc, ctx["said"]
    if kind.startswith(("int_", "float_")):
        return loc, AotwkProblem("whole", got=kind_key(got))
    if kind.startswith("bool"):
        return loc, AotwkProblem("bool", got=kind_key(got))
    if kind.startswith("string_type"):
        return loc, AotwkProblem("text", got=kind_key(got))
    if kind == "string_too_long":
        return loc, AotwkProblem("chars", limit=ctx.get("max_length"), got=len(got))
    if kind == "too_long":
        return loc, AotwkProblem("items", limit=ctx.get("max_length"), got=len(got))
    if kind == "list_type":
        return loc, AotwkProblem("list", got=kind_key(got))
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return loc, AotwkProblem("object", got=kind_key(got))
    if kind == "literal_error":
        options = ctx.get("expected", "").replace(chr(39), "").replace(" or ", ", ")
        if isinstance(got, (str, int)) and len(str(got)) <= ID_LIMIT:
            return loc, AotwkProblem("one_of", options=options, got=repr(got))
        return loc, AotwkProblem("one_of_kind", options=options, got=kind_key(got))
    return loc, AotwkProblem("not_valid")


def check(model: type[BaseModel], value: Any, prefix: str = "") -> list[Problem]:
    """``value`` against ``model``: at most MAX_PROBLEMS problems, in document order."""
    try:
        model.model_validate(value)
    except ValidationError as exc:
        found = []
        for error in exc.errors(include_url=False)[:MAX_PROBLEMS]:
            loc, message = _message(error, model)
            # pydantic names the union member it tried (a list of Who...): not a field of the document
            loc = tuple(part for part in loc if not (isinstance(part, str) and part.startswith(("function-", "literal["))))
            found.append(Problem(_loc_path(prefix, loc), message))
        return found
    return []


# -- a move's new state ------------------------------------------------------------------

def state_problems(state: dict) -> list[Problem]:
    """What a state a move made breaks of the document's shapes (types, ranges, list lengths),
    by the models alone (some 30 µs): no move stores what an import would refuse."""
    problems = check(Document, state)
    for i, player in enumerate(state.get("players") or []):
        problems += check(Player, player, f"players[{i}]")
    return problems[:MAX_PROBLEMS]


# -- the whole document -----------------------------------------------------------------

def shape_problems(doc: Any, record: bool = False) -> list[Problem]:
    """Every shape problem of a game document (at most MAX_PROBLEMS). ``record``: a stored
    record, which must also carry every field the tracker keeps."""
    if not isinstance(doc, dict):
        return [Problem("(document)", AotwkProblem("not_object", got=kind_key(doc)))]
    players = doc.get("players") if isinstance(doc.get("players"), list) else []
    if len(players) > MAX_PLAYERS:
        return [Problem("players", AotwkProblem("too_many_players", limit=MAX_PLAYERS, got=len(players)))]
    # the models first: they bound every list's length, so the walk over every value stays short
    problems = check(Document, doc)
    for i, player in enumerate(players):
        problems += check(Player, player, f"players[{i}]")
    problems = problems or scan(doc)
    return (problems or _tracker_problems(doc, record))[:MAX_PROBLEMS]


def _tracker_problems(doc: dict, record: bool) -> list[Problem]:
    """What the models cannot say: who is referred to exists, the bot's piles hold its cards."""
    problems: list[Problem] = []
    # players that are not a list are document.py's to word ("players: must be a list...")
    players = doc["players"] if isinstance(doc.get("players"), list) else []
    bot, table = doc.get("bot"), doc.get("table") or {}
    if record:
        for section, fields in RECORD_FIELDS.items():
            for i, where in _sections(doc, section):
                problems += [Problem(_path(where, key), AotwkProblem("required_stored")) for key in fields
                             if where is not None and _at(doc, section, i).get(key) is None]
        if doc.get("mode") and bool(bot) != (doc["mode"] in ("solo", "two_vs_bot")):
            problems.append(Problem("mode", AotwkProblem("mode_and_bot", bot=bool(bot), mode=doc["mode"])))
    seats = {str(seat) for seat in range(len(players))} | ({BOT} if bot else set())

    def who(value: Any, path: str) -> None:
        if value is not None and str(value) not in seats:
            problems.append(Problem(path, AotwkProblem("no_seat", got=repr(value))))

    for key in ("guildhall", "beside_guildhall"):
        for i, value in enumerate(table.get(key) or []):
            who(value, f"table.{key}[{i}]")
    who(table.get("extra_placement"), "table.extra_placement")
    final = table.get("final_round")
    if final:
        who(final["triggered_by"], "table.final_round.triggered_by")
        for i, value in enumerate(final["still_to_play"]):
            who(value, f"table.final_round.still_to_play[{i}]")
    catalogue = load()
    for space, value in (table.get("black_market") or {}).items():
        if space not in catalogue.black_market_spaces:
            problems.append(Problem(f"table.black_market.{space}", _unknown("Black Market space", space,
                                                                            catalogue.black_market_spaces)))
        who(value, f"table.black_market.{space}")
    for i, building in enumerate(table.get("removed_buildings") or []):
        if building not in catalogue.buildings:
            problems.append(Problem(f"table.removed_buildings[{i}]", _unknown("building", building, catalogue.buildings)))
    holders = [(f"players[{i}]", p) for i, p in enumerate(players) if isinstance(p, dict)]
    holders += [("bot", bot)] if bot else []
    for where, holder in holders:
        for key in (holder.get("captured_from") or {}):
            who(key, f"{where}.captured_from.{key}")
    if bot:
        for key in ((bot.get("workers") or {}).get("held_by") or {}):
            who(key, f"bot.workers.held_by.{key}")
        problems += _piles_problems(bot.get("deck"))
    return problems


def _sections(doc: dict, section: str):
    if section == "players":
        return [(i, f"players[{i}]") for i in range(len(doc.get("players") or []))]
    if section == "bot":
        return [(None, "bot")] if doc.get("bot") else []
    return [(None, section)]


def _at(doc: dict, section: str, i: int | None) -> dict:
    if section == "":
        return doc
    return doc["players"][i] if section == "players" else (doc.get(section) or {})


def _unknown(what: str, wrong: Any, known) -> AotwkProblem:
    hint = closest(str(wrong), known)
    return AotwkProblem("unknown_card", kind=what, wrong=repr(str(wrong)[:ID_LIMIT]), hints=[repr(h) for h in hint])


def _piles_problems(piles: Any) -> list[Problem]:
    if piles is None:
        return []
    mode = piles.get("mode")
    if mode not in ("deck", "physical"):
        return [Problem("bot.deck.mode", AotwkProblem("one_of", options="deck, physical", got=repr(str(mode)[:ID_LIMIT])))]
    problems = check(DeckPiles if mode == "deck" else PhysicalPiles, piles, "bot.deck")
    if problems:
        return problems
    for card_id, card in (piles.get("cards") or {}).items():
        problems += validate_card(card, f"bot.deck.cards.{card_id}")
        if card.get("id") != card_id:
            problems.append(Problem(f"bot.deck.cards.{card_id}.id", AotwkProblem("card_key", key=card_id)))
    if mode == "physical":
        return problems[:MAX_PROBLEMS]
    for pile in ("draw", "discard", "future"):
        for i, card_id in enumerate(piles[pile]):
            if card_id not in piles["cards"]:
                problems.append(Problem(f"bot.deck.{pile}[{i}]", AotwkProblem("not_in_deck", card=card_id)))
    if piles.get("last") is not None and piles["last"] not in piles["cards"]:
        problems.append(Problem("bot.deck.last", AotwkProblem("not_in_deck", card=piles["last"])))
    return problems[:MAX_PROBLEMS]
