"""Moves: what a player can record, each kind ONE definition (``@move(...)``, a ``MoveSpec`` in
``MOVES``), and ``apply`` that checks and performs one.

A move is a plain dict, e.g. {"kind": "virtue", "player": 0, "delta": 2}. Players
are seat indexes; the bot is "bot". Fields a MoveSpec does not list are ignored.

A definition carries everything about its kind: its fields (``Param``), its rule and handler,
whether it places a worker, what a stale screen must have seen (``Seen``: an absolute move), where
its control is on the table page (``Control``) and its history sentence. The web layer derives the
forms, the JSON schema, the stale-screen check, the board's controls and the history from these
objects, and keeps no list of kinds of its own.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field
from typing import Any, Callable

from companion.aotwk.rules.codes import Note
# markers for the catalogue (a label stays its English); a sentence is said by the web layer
from companion.i18n.sentences import LIST, N_, Context, Joined, Phrase, Plural
from companion.aotwk.rules.document import PLAYER_CATEGORIES, attachment_problems
from companion.aotwk.rules.schema import CATEGORY_TOTAL, CATHEDRAL, COUNT, VIRTUE, VP, WORKER_COUNT, state_problems
from companion.problems import Bounds

from . import apprentices, buildings, cathedral, crafting, pad, prison, tax_stand, track, turns
from .actors import BOT, abilities, actor, everyone, holds, is_bot, name
from .black_market import black_market_place, black_market_reset
from .data import RESOURCES, SKILLS, cat, items_key, reward_types, rules
from .errors import MoveError, Refusal

CATEGORIES = PLAYER_CATEGORIES  # the paper pad's categories are the score's


@dataclass(frozen=True)
class Param:
    """One field of a move form.

    type: "player" (a seat index, or "bot" when ``bot`` is True), "int", "bool",
    "choice" (one of ``choices``), "building" / "apprentice" (a catalogue id), "text",
    "cells" (named whole numbers or None: a row of the paper pad or of the end count).
    """

    name: str
    type: str
    label: str
    required: bool = True
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()
    bot: bool = True
    default: Any = None
    expansion: str | None = None   # only games with this expansion use the field (e.g. "age_of_artisans")
    ability: str | None = None     # only an actor with this ability uses the field (e.g. "debt_as_silver": Hugo's board)
    not_with: str | None = None    # games with this expansion do without the field (its rules replace what it records)


@dataclass(frozen=True)
class Seen:
    """What an absolute move sets (or acts on: "everything now"), as its phone showed it. From an
    older screen such a move could undo another phone's change, so the phone sends back the value
    it showed: the move is refused only when *this* changed since; a change to anything else never
    refuses it."""

    label: str                          # what to call it: a msgid, %(name)s the seat, %(category)s a pad cell
    now: Callable[[dict, dict], Any]    # its value now, from (state, move)
    field: str = "move"                 # the form field a refusal is said beside
    table_wide: bool = False            # the table's, no seat's: a form drawn without a seat carries it too
    chosen_in_form: bool = False        # it depends on a field chosen in the form: a drawn form cannot carry it


# Where a move's control is on the table page (``Control.place``), and so where its result and a
# refusal show:
CARD = "card"            # its own control in ``group`` on the player's card: result and refusal there
TABLE = "table"          # the table's own controls (Tax Stand, Black Market Reset, the end): refused there,
                         # its result at the top
RECORD = "record"        # only its form, from the player's "Record…" list: refused, the form is drawn again
ELSEWHERE = "elsewhere"  # another page or panel (the paper pad, the score page): a refusal sent here is said
                         # at the top


@dataclass(frozen=True)
class Control:
    """Where a move is made on the table page: the board's buttons, result slots, refusals and
    "Record…" list are derived from it (companion.aotwk.web.board_view, move_forms)."""

    place: str = RECORD
    group: str = "more"              # the group of the player's card its result shows in (CARD, RECORD)
    listed: bool = False             # also offered in the "Record…" list (a RECORD move always is)
    unless: str | None = None        # a status flag (``status``) that takes it off a seat's list while set

    @property
    def in_record_list(self) -> bool:
        return self.listed or self.place == RECORD


def on_card(group: str, listed: bool = False) -> Control:
    return Control(CARD, group, listed)


def on_table(listed: bool = False) -> Control:
    return Control(TABLE, listed=listed)


def recorded(group: str = "more", unless: str | None = None) -> Control:
    return Control(RECORD, group, unless=unless)


ELSEWHERE_CONTROL = Control(ELSEWHERE)


# A history sentence: ``sentence(say, move)`` -> a message (a Phrase, a Joined...) the web says in
# the reader's language. ``say`` is the web's (companion.aotwk.web.history.Words): it does what
# needs the catalogue's words and the game's names -
#   say.who(move, key="player")  a seat's name        say.card(kind, id)      a card by its printed name
#   say.items({item: n})         items in words       say.amount(n, item)     "2 clay"
#   say.both([a, b, c])          "a, b and c"         say.place(location)     a capture's place
#   say.space(space) or None     a Black Market space say.cells(move, counting)  a pad row's cells
#   say.reward(key)              a Cathedral reward
Sentence = Callable[[Any, dict], Any]


@dataclass(frozen=True)
class MoveSpec:
    kind: str
    label: str
    params: tuple[Param, ...]
    rule: str                                   # the rulebook section it follows
    handler: Callable[[dict, dict], list[str]] = field(repr=False, compare=False)
    expansion: str | None = None                # only games with this expansion have the move
    sentence: Sentence | None = field(default=None, repr=False, compare=False)
    control: Control = Control()
    seen: Seen | None = field(default=None, repr=False, compare=False)
    # Whether the move places the player's worker on the board (the note below ``apply``): a whole
    # turn, so it ends a final turn. True, False or a test of the move's parameters.
    places_a_worker: bool | Callable[[dict], bool] = field(default=False, repr=False, compare=False)

    @property
    def absolute(self) -> bool:
        """It sets something absolutely: only a current screen, or one that saw its target, may send it."""
        return self.seen is not None

    def places_worker(self, params: dict) -> bool:
        placing = self.places_a_worker
        return placing(params) if callable(placing) else bool(placing)

    def in_play(self, state: dict) -> bool:
        return self.expansion is None or self.expansion in state.get("expansions", ())

    def params_in_play(self, state: dict, who: Any = None) -> tuple[Param, ...]:
        """The fields a form for this game shows: an expansion's only with it, a board's (or a
        card's) ability's only for ``who`` when it has that ability - for anyone in the game when
        ``who`` is None."""
        expansions = state.get("expansions", ())
        return tuple(p for p in self.params if (p.expansion is None or p.expansion in expansions)
                     and p.not_with not in expansions
                     and (p.ability is None or _has_ability(state, who, p.ability)))


def _has_ability(state: dict, who: Any, ability: str) -> bool:
    actors = everyone(state) if who is None else [who]
    return any(next(abilities(state, actor_, ability), None) for actor_ in actors)


MOVES: dict[str, MoveSpec] = {}


def move(kind: str, label: str, rule: str, *params: Param, expansion: str | None = None,
         sentence: Sentence | None = None, control: Control = Control(), seen: Seen | None = None,
         places_a_worker: bool | Callable[[dict], bool] = False):
    """Registers a move kind: its one definition (see ``MoveSpec``)."""
    def register(handler):
        MOVES[kind] = MoveSpec(kind, label, params, rule, handler, expansion, sentence, control, seen,
                               places_a_worker)
        return handler
    return register


def copied(state: dict) -> dict:
    """A deep copy of a state (plain data): pickle's round trip, a fifth of ``copy.deepcopy``'s time
    (which was a quarter of a move's)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def apply(state: dict, move_: dict) -> tuple[dict, list[str]]:
    """Check a move against the rules and return (new state, notes). Pure: the input
    state is never changed. Raises MoveError(field, message) when the rules forbid it."""
    if not isinstance(move_, dict) or not isinstance(move_.get("kind"), str) or move_["kind"] not in MOVES:
        raise MoveError("kind", Refusal("unknown_move", kinds=list(MOVES)))
    spec = MOVES[move_["kind"]]
    if not spec.in_play(state):   # (what an import refuses without the expansion, no move makes)
        raise MoveError("kind", Refusal("not_in_this_game"))
    new_state = copied(state)
    params = {p.name: _read(new_state, p, move_.get(p.name)) for p in spec.params}
    for p in spec.params:   # an expansion's field given in a game without it (forms draw it only with it)
        if p.expansion and p.expansion not in state.get("expansions", ()) and params[p.name] not in (None, p.default):
            raise MoveError(p.name, Refusal("not_in_this_game"))
    if params.get("artisan"):
        notes = _with_artisan(new_state, params, spec.handler)
    else:
        notes = spec.handler(new_state, params)
    if spec.places_worker(params):   # in the final round, this was the player's final turn
        notes += turns.final_turn_ended_by_placement(state, new_state, params["player"])
    within_the_schema(state, new_state, [p.name for p in spec.params])
    return new_state, notes


# ``places_a_worker``: a move that places the player's worker on the board is a whole turn (seed 000
# l.156: 'On their turn, players must place 1 of their Workers'), so one ends a final turn: its
# placement is what ``turns.check_may_place`` (or a Crane's extra placement) guards. A free hire (the
# Tavern, Age of Artisans' starting hire) places nothing. A capture or a Guardhouse action does not
# declare it: it follows a placement the app does not record, and one visit may record several (two
# captures with 2-3 players, one action per worker at the Guardhouse), so "Final turn done" ends such
# a turn.


def within_the_schema(before: dict, after: dict, fields: tuple[str, ...] | list[str] = ()) -> None:
    """The last guard of every move (a field's bounds cannot see a sum: 9,000 silver and 9,000
    more): what a move would make that an import refuses is refused, named by the move's field
    it comes from (``fields``) or else by its path in the document. (What a record already held
    is not the move's doing: a game from an older release still takes moves.)"""
    problems = state_problems(after) + attachment_problems(after)
    if problems:
        had = {problem.path for problem in state_problems(before) + attachment_problems(before)}
        made = [problem for problem in problems if problem.path not in had]
        if made:
            path = made[0].path
            field_name = path.rpartition(".")[2]
            raise MoveError(field_name if field_name in fields else path, made[0].message)


def _with_artisan(state: dict, params: dict, handler) -> list[str]:
    """Age of Artisans, Artisans: 'When placing an Artisan, it counts as 2 Workers' (Walaric: 3)
    and 'When placing an Artisan, it may ignore 1 Virtue loss' (applied: it only helps).
    'Artisans may never be placed into the Guildhall.'"""
    crafting.check_expansion(state)
    who = params["player"]
    if is_bot(who):
        raise MoveError("artisan", Refusal("bot_no_artisan"))
    if params.get("place") == "guildhall":
        raise MoveError("artisan", Refusal("artisan_not_guildhall"))
    artisan = rules()["artisan"]
    counts = max([artisan["counts_as_workers"]] + [a["workers"] for _, a in abilities(state, who, "artisan_workers")])
    state["table"].update(artisan=who, artisan_shield=artisan["ignores_virtue_loss"])
    try:
        notes = handler(state, params)
    finally:
        state["table"].pop("artisan", None)
        state["table"].pop("artisan_shield", None)
    return [Note("artisan", who=name(state, who), counts=counts)] + notes


# -- reading fields ----------------------------------------------------------------------

_TRUE, _FALSE = {"true", "on", "yes", "1"}, {"false", "off", "no", "0", ""}


def _read(state: dict, param: Param, raw: Any) -> Any:
    if raw is None or (raw == "" and param.type != "bool"):
        if param.required:
            raise MoveError(param.name, Refusal("required", label=param.label))
        return param.default
    reader = {"player": _read_player, "int": _read_int, "bool": _read_bool, "choice": _read_choice,
              "cells": _read_cells}
    return reader.get(param.type, _read_text)(state, param, raw)


def _read_int(state: dict, param: Param, raw: Any) -> int:
    if isinstance(raw, bool) or not isinstance(raw, (int, str)):
        raise MoveError(param.name, Refusal("whole_number", label=param.label))
    try:
        value = int(raw)
    except ValueError:
        raise MoveError(param.name, Refusal("whole_number", label=param.label)) from None
    if param.min is not None and value < param.min or param.max is not None and value > param.max:
        raise MoveError(param.name, Refusal("bounds", label=param.label, low=param.min, high=param.max, got=value))
    return value


def _read_player(state: dict, param: Param, raw: Any) -> int | str:
    if raw == BOT:
        if not param.bot:
            raise MoveError(param.name, Refusal("bot_cannot"))
        if not state.get("bot"):
            raise MoveError(param.name, Refusal("no_bot"))
        return BOT
    return _read_int(state, Param(param.name, "int", param.label, min=0, max=len(state["players"]) - 1), raw)


def _read_bool(state: dict, param: Param, raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.lower() in _TRUE | _FALSE:
        return raw.lower() in _TRUE
    raise MoveError(param.name, Refusal("yes_or_no", label=param.label))


def _read_choice(state: dict, param: Param, raw: Any) -> str:
    if raw not in param.choices:
        raise MoveError(param.name, Refusal("one_of", label=param.label, choices=list(param.choices)))
    return raw


def _read_cells(state: dict, param: Param, raw: Any) -> dict[str, int | None]:
    """A row of named cells: name -> whole number, or None (blank)."""
    if not isinstance(raw, dict) or not all(isinstance(k, str) for k in raw):
        raise MoveError(param.name, Refusal("named_values", label=param.label))
    for cell, value in raw.items():
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise MoveError(cell, Refusal("cell_whole_number", cell=cell))
    return dict(raw)


def _read_text(state: dict, param: Param, raw: Any) -> Any:
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw  # an option index (e.g. a building's choice)
    if not isinstance(raw, str):
        raise MoveError(param.name, Refusal("text", label=param.label))
    return raw.strip()


# -- field shorthands ------------------------------------------------------------------------

def player(bot: bool = True, name_: str = "player", label: str = Context("field", "Player"),
           required: bool = True) -> Param:
    return Param(name_, "player", label, bot=bot, required=required)


def number(name_: str, label: str, within: Bounds, *, low: int | None = None, required: bool = True,
           default: int | None = None, expansion: str | None = None, ability: str | None = None) -> Param:
    """A whole-number field, bounded by the document schema's range for what it counts or changes
    (``within``; ``low`` narrows it: a count taken is at least 1): a move can never store a value
    an import would refuse."""
    bounds = within if low is None else within.above(low)
    return Param(name_, "int", label, required=required, min=bounds.low, max=bounds.high, default=default,
                 expansion=expansion, ability=ability)


def flag(name_: str, label: str, ability: str | None = None) -> Param:
    return Param(name_, "bool", label, required=False, default=False, ability=ability)


AOA = "age_of_artisans"


def artisan_flag() -> Param:
    return Param("artisan", "bool", Context("field", "Placed my Artisan"), required=False, default=False, expansion=AOA)


RESOURCE_LABELS = {"gold": Context("field", "Gold"), "marble": Context("field", "Marble"),
                   "silver": Context("field", "Silver"), "clay": Context("field", "Clay"),
                   "wood": Context("field", "Wood"), "stone": Context("field", "Stone")}


def resource_fields(within: Bounds, ability: str | None = None) -> tuple[Param, ...]:
    return tuple(number(r, RESOURCE_LABELS[r], within, required=False, default=0, ability=ability)
                 for r in RESOURCES)


def _skills(params: dict) -> list[str] | None:
    """A "skills" text field ("masonry, tiling") as a list, or None when left empty."""
    if not isinstance(params["skills"], str):
        return None
    skills = [s.strip() for s in params["skills"].split(",") if s.strip()]
    if not set(skills) <= set(SKILLS):
        raise MoveError("skills", Refusal("skills", skills=list(SKILLS)))
    return skills


def _nonzero(params: dict, field_name: str, what: str) -> int:
    if params[field_name] == 0:
        raise MoveError(field_name, Refusal("zero_change", what=what))
    return params[field_name]


# -- sentences many moves share (each move's own is beside it) ------------------------------------

GAINED = N_("{who} gained {gained}")
LOST = N_("{who} lost {lost}")
GAINED_AND_LOST = N_("{who} gained {gained} and lost {lost}")
CHANGED_NOTHING = N_("{who} changed nothing")


def _counted(message: Plural) -> Sentence:
    """A sentence of a seat and a count (at least one)."""
    return lambda say, m: Phrase(message, who=say.who(m), n=m.get("count") or 1)


def _of_seat(message: str) -> Sentence:
    """A sentence that names only the seat."""
    return lambda say, m: Phrase(message, who=say.who(m))


def _with_card(message: str, kind: str) -> Sentence:
    """A sentence of a seat and one of its cards (the move's ``building`` or ``apprentice``)."""
    return lambda say, m: Phrase(message, who=say.who(m), **{kind: say.card(kind, m.get(kind))})


def _fixed(message: str) -> Sentence:
    return lambda say, m: message


# -- the Virtue Track and Debts -----------------------------------------------------------------

HUGOS_ABILITY = "debt_as_silver"   # Hugo's board: 'Whenever he would take a debt he may pay 2 silver instead.'


def _said_virtue(say, m):
    delta = m.get("delta") or 0
    if delta > 0:
        return Phrase(GAINED, who=say.who(m), gained=say.amount(delta, "virtue"))
    return Phrase(LOST, who=say.who(m), lost=say.amount(-delta, "virtue"))


@move("virtue", Context("move", "Virtue +/-"), "Virtue Track", player(), number("delta", Context("field", "Change"), VIRTUE.change()),
      sentence=_said_virtue, control=on_card("virtue"))
def _virtue(state, p):
    return track.change_virtue(state, p["player"], _nonzero(p, "delta", "a change"))


@move("take_debts", Context("move", "Take debts"), "Guardhouse; Black Market Reset", player(), number("count", Context("field", "Debts"), COUNT, low=1),
      flag("silver_instead", Context("field", "Pay silver instead (Hugo's board)"), ability=HUGOS_ABILITY),
      sentence=_counted(Plural("{who} took {n} debt", "{who} took {n} debts")), control=on_card("debts", listed=True))
def _take_debts(state, p):
    if p["silver_instead"]:
        return track.silver_instead_of_debts(state, p["player"], p["count"], taken=False)
    return track.take_debts(state, p["player"], p["count"])


@move("debt_to_silver", Context("move", "Pay silver instead of debts just taken (Hugo)"), "Variable Setup: Hugo",
      player(bot=False), number("count", Context("field", "Debts"), COUNT, low=1, required=False, default=1),
      sentence=_counted(Plural("{who} paid silver instead of taking {n} debt",
                                 "{who} paid silver instead of taking {n} debts")), control=on_card("debts"))
def _debt_to_silver(state, p):
    return track.silver_instead_of_debts(state, p["player"], p["count"], taken=True)


@move("pay_debt", Context("move", "Pay off debts"), "Guardhouse, action 4", player(bot=False),
      number("count", Context("field", "Debts"), COUNT, low=1, required=False, default=1),
      sentence=_counted(Plural("{who} paid off {n} debt", "{who} paid off {n} debts")),
      control=on_card("debts", listed=True))
def _pay_debt(state, p):
    # 'may pay off multiple Debts in the same turn (Resolve each Debt action separately)'
    return [note for _ in range(p["count"]) for note in track.pay_off_debt(state, p["player"])]


@move("destroy_debts", Context("move", "Destroy debts"), "Virtue Track; Church", player(), number("count", Context("field", "Debts"), COUNT, low=1),
      sentence=_counted(Plural("{who} destroyed {n} debt", "{who} destroyed {n} debts")),
      control=on_card("debts", listed=True))
def _destroy_debts(state, p):
    if actor(state, p["player"])["debts_unpaid"] < p["count"]:
        raise MoveError("count", Refusal("has_debts", name=name(state, p["player"]),
                                         debts=actor(state, p["player"])["debts_unpaid"]))
    return track.destroy_debts(state, p["player"], p["count"])


# -- counters ----------------------------------------------------------------------------------

def adjust(state: dict, who, counter: str, delta: int, label: str, most: int | None = None) -> list[str]:
    """Change a count a player keeps (never below 0, nor above ``most``)."""
    record = actor(state, who)
    if record[counter] + delta < 0:
        raise MoveError("delta", Refusal("counter_short", name=name(state, who), held=record[counter], counter=counter,
                                          label=label))
    if most is not None and record[counter] + delta > most:
        raise MoveError("delta", Refusal("counter_most", name=name(state, who), most=most, counter=counter, label=label))
    before = record[counter]
    record[counter] += delta
    return [Note("counter", who=name(state, who), counter=counter, before=before, after=record[counter])]


MORE_IN_PRISON = Plural("{who} has {n} worker more in Prison", "{who} has {n} workers more in Prison")
FEWER_IN_PRISON = Plural("{who} has {n} worker fewer in Prison", "{who} has {n} workers fewer in Prison")


def _said_prisoners(say, m):
    delta = m.get("delta") or 0
    return Phrase(MORE_IN_PRISON if delta > 0 else FEWER_IN_PRISON, who=say.who(m), n=abs(delta))


@move("prisoners", Context("move", "Own workers in Prison +/-"), "Prison", player(), number("delta", Context("field", "Change"), WORKER_COUNT.change()),
      sentence=_said_prisoners, control=on_card("counters", listed=True))
def _prisoners(state, p):
    return adjust(state, p["player"], "prisoners", _nonzero(p, "delta", "a change"), "workers in Prison", cat().workers)


MORE_CAPTURED = Plural("{who} holds {n} captured worker more", "{who} holds {n} captured workers more")
FEWER_CAPTURED = Plural("{who} holds {n} captured worker fewer", "{who} holds {n} captured workers fewer")
MORE_CAPTURED_OF = Plural("{who} holds {n} captured worker more of {victim}'s",
                          "{who} holds {n} captured workers more of {victim}'s")
FEWER_CAPTURED_OF = Plural("{who} holds {n} captured worker fewer of {victim}'s",
                           "{who} holds {n} captured workers fewer of {victim}'s")


def _said_captured(say, m):
    delta, who = m.get("delta") or 0, say.who(m)
    if m.get("victim") is None:
        return Phrase(MORE_CAPTURED if delta > 0 else FEWER_CAPTURED, who=who, n=abs(delta))
    return Phrase(MORE_CAPTURED_OF if delta > 0 else FEWER_CAPTURED_OF, who=who, n=abs(delta),
                  victim=say.who(m, "victim"))


@move("captured", Context("move", "Captured workers held +/-"), "Town Centre", player(), number("delta", Context("field", "Change"), COUNT.change()),
      player(name_="victim", label=Context("field", "Whose workers (if more than one opponent)"), required=False),
      sentence=_said_captured, control=on_card("counters", listed=True))
def _captured(state, p):
    return prison.correct_captured(state, p["player"], _nonzero(p, "delta", "a change"), p["victim"])


TOOLS_GAINED = Plural("{who} gained {n} tool", "{who} gained {n} tools")
TOOLS_LOST = Plural("{who} lost {n} tool", "{who} lost {n} tools")


def _said_tools(say, m):
    delta = m.get("delta") or 0
    return Phrase(TOOLS_GAINED if delta > 0 else TOOLS_LOST, who=say.who(m), n=abs(delta))


@move("tools", Context("move", "Tools +/-"), "Age of Artisans: Tools", player(bot=False), number("delta", Context("field", "Change"), COUNT.change()), expansion=AOA,
      sentence=_said_tools, control=recorded())
def _tools(state, p):
    return adjust(state, p["player"], "tools", _nonzero(p, "delta", "a change"), "tools")


CAPTURED = Plural("{who} captured {n} worker of {victim}'s", "{who} captured {n} workers of {victim}'s")
CAPTURED_AT = Plural("{who} captured {n} worker of {victim}'s at {place}",
                     "{who} captured {n} workers of {victim}'s at {place}")


def _said_capture(say, m):
    said = dict(who=say.who(m), n=m.get("count") or 0, victim=say.who(m, "victim"))
    return Phrase(CAPTURED_AT, **said, place=say.place(m["location"])) if m.get("location") else Phrase(CAPTURED, **said)


@move("capture", Context("move", "Capture workers"), "Town Centre", player(label=Context("field", "Captor")),
      player(name_="victim", label=Context("field", "Whose workers")), number("count", Context("field", "Workers"), WORKER_COUNT, low=1),
      number("paid_captures", Context("field", "Captures paid at the Town Centre"), COUNT, required=False, default=0),
      Param("location", "text", Context("field", "Where the workers were captured"), required=False),
      sentence=_said_capture, control=recorded())
def _capture(state, p):
    return prison.capture(state, p["player"], p["victim"], p["count"], paid_captures=p["paid_captures"],
                          location=p["location"])


@move("send_to_prison", Context("move", "Send captured workers to Prison"), "Guardhouse, action 1", player(),
      sentence=_of_seat(N_("{who} sent the captured workers to Prison")), control=on_card("prison", listed=True))
def _send_to_prison(state, p):
    return prison.send_captured_to_prison(state, p["player"])


@move("release_prisoners", Context("move", "Release own workers from Prison"), "Guardhouse, action 2", player(),
      sentence=_of_seat(N_("{who} released their workers from Prison")), control=on_card("prison", listed=True))
def _release(state, p):
    notes = prison.release_prisoners(state, p["player"])
    if not notes:
        raise MoveError("player", Refusal("no_prisoners", name=name(state, p["player"])))
    return notes


RESCUED = {"silver": N_("{who} took back their captured workers, paying silver"),
           "debt": N_("{who} took back their captured workers, taking a debt")}
RESCUED_SOMEHOW = N_("{who} took back their captured workers, paying")


@move("rescue", Context("move", "Take back own captured workers"), "Guardhouse, action 3", player(bot=False),
      player(name_="captor", label=Context("field", "Who holds them (if the app did not record the capture)"), required=False),
      number("count", Context("field", "How many of your workers they hold"), WORKER_COUNT, low=1, required=False),
      Param("payment", "choice", Context("field", "Pay with"), choices=prison.RESCUE_PAYMENTS), artisan_flag(),
      sentence=lambda say, m: Phrase(RESCUED.get(m.get("payment"), RESCUED_SOMEHOW), who=say.who(m)),
      control=recorded())
def _rescue(state, p):
    return prison.rescue(state, p["player"], p["payment"], captor=p["captor"], count=p["count"])


# -- resources ---------------------------------------------------------------------------------

def _said_resources(say, m):
    items = {r: m[r] for r in RESOURCES if m.get(r)}
    gained = [say.amount(n, item) for item, n in items.items() if n > 0]
    lost = [say.amount(-n, item) for item, n in items.items() if n < 0]
    who = say.who(m)
    if gained and lost:
        return Phrase(GAINED_AND_LOST, who=who, gained=say.both(gained), lost=say.both(lost))
    if gained or lost:
        return Phrase(GAINED, who=who, gained=say.both(gained)) if gained else Phrase(LOST, who=who, lost=say.both(lost))
    return Phrase(CHANGED_NOTHING, who=who)


@move("resources", Context("move", "Resources +/-"), "The Main Supply", player(), *resource_fields(COUNT.change()),
      sentence=_said_resources, control=on_card("counters", listed=True))
def _resources(state, p):
    who = p["player"]
    changes = {r: p[r] for r in RESOURCES if p[r]}
    if not changes:
        raise MoveError(None, Refusal("no_change"))
    record = actor(state, who)
    for item, delta in changes.items():
        if is_bot(who) and not holds(state, who, item):
            raise MoveError(item, Refusal("marble_only", name=name(state, who)))
        if record.get(item, 0) + delta < 0:
            raise MoveError(item, Refusal("resource_short", name=name(state, who), held=record.get(item, 0), item=item))
    for item, delta in changes.items():
        record[item] += delta
    changed = [[item, record[item] - delta, record[item]] for item, delta in changes.items()]
    return [Note("resources", who=name(state, who), changes=changed)]


ADORNMENT_ADDED = N_("{who} crafted an Adornment worth {vp} VP")
ADORNMENT_LOST = N_("{who} lost an Adornment worth {vp} VP")


@move("add_adornment", Context("move", "Add an Adornment"), "Age of Artisans: Adornments", player(), number("vp", Context("field", "Printed VP"), VP),
      expansion=AOA,
      sentence=lambda say, m: Phrase(ADORNMENT_ADDED, who=say.who(m), vp=m.get("vp")), control=recorded())
def _add_adornment(state, p):
    actor(state, p["player"])["adornments"].append(p["vp"])
    return [Note("adds_adornment", who=name(state, p["player"]), vp=p["vp"])]


@move("remove_adornment", Context("move", "Remove an Adornment"), "Age of Artisans: Adornments", player(),
      number("vp", Context("field", "Printed VP"), VP), expansion=AOA,
      sentence=lambda say, m: Phrase(ADORNMENT_LOST, who=say.who(m), vp=m.get("vp")), control=recorded())
def _remove_adornment(state, p):
    adornments = actor(state, p["player"])["adornments"]
    if p["vp"] not in adornments:
        raise MoveError("vp", Refusal("no_adornment_worth", name=name(state, p["player"]), vp=p["vp"]))
    adornments.remove(p["vp"])
    return [Note("adornment_removed", who=name(state, p["player"]), vp=p["vp"])]


def _gains(p: dict) -> dict[str, int]:
    return {item: p[item] for item in (*RESOURCES, "virtue", "debt") if p.get(item)}


CRAFTED_ADORNMENT_UNDER = N_("{who} crafted an Adornment under {building}")
CRAFTED_ADORNMENT_WORTH_UNDER = N_("{who} crafted an Adornment worth {vp} VP under {building}")


def _said_craft_adornment(say, m):
    building = say.card("building", m.get("building"))
    if m.get("vp") is None:
        return Phrase(CRAFTED_ADORNMENT_UNDER, who=say.who(m), building=building)
    return Phrase(CRAFTED_ADORNMENT_WORTH_UNDER, who=say.who(m), vp=m["vp"], building=building)


@move("craft_adornment", Context("move", "Craft an Adornment"), "Age of Artisans: Crafting Adornments", player(bot=False),
      Param("building", "building", Context("field", "Tucked under which of your buildings")),
      number("vp", Context("field", "Printed VP (empty: from the card library's craft card)"), VP, required=False),
      number("craft_card", Context("field", "Craft card number in the card library (if entered)"), COUNT, low=1,
             required=False),
      *resource_fields(COUNT.change()), number("virtue", Context("field", "Virtue +/-"), VIRTUE.change(), required=False, default=0),
      number("debt", Context("field", "Debts taken"), COUNT, required=False, default=0), expansion=AOA,
      sentence=_said_craft_adornment, control=on_card("build"), places_a_worker=True)
def _craft_adornment(state, p):
    vp, notes = crafting.adornment_vp(p["vp"], p["craft_card"])
    return notes + crafting.craft_adornment(state, p["player"], p["building"], vp, gains=_gains(p))


GISELAS_ABILITY = "tool_adornment_benefit"   # Gisela's board: a Tool also gives its craft card's Adornment benefit


@move("craft_tool", Context("move", "Craft a Tool"), "Age of Artisans: Crafting Tools", player(bot=False),
      Param("apprentice", "apprentice", Context("field", "Tucked under which of your apprentices")),
      Param("place", "choice", Context("field", "Worker placed"), choices=crafting.TOOL_PLACES, default="guildhall", required=False),
      Param("skills", "text", Context("field", "Skills the Tool adds, comma separated (if any)"), required=False),
      *resource_fields(COUNT.change(), ability=GISELAS_ABILITY),
      number("virtue", Context("field", "Virtue +/- (Gisela: the Adornment half)"), VIRTUE.change(), required=False,
             default=0, ability=GISELAS_ABILITY),
      number("debt", Context("field", "Debts taken (Gisela: the Adornment half)"), COUNT, required=False, default=0,
             ability=GISELAS_ABILITY),
      artisan_flag(), expansion=AOA,
      sentence=_with_card(N_("{who} crafted a Tool for {apprentice}"), "apprentice"), control=on_card("build"),
      places_a_worker=True)
def _craft_tool(state, p):
    return crafting.craft_tool(state, p["player"], p["apprentice"], p["place"] or "guildhall",
                               extra_skills=_skills(p) or [],
                               adornment_gains=_gains(p))


@move("tuck_tool", Context("move", "Tuck a Tool you hold under an apprentice"), "Age of Artisans: Tools; Walaric; Garrison",
      player(bot=False), Param("apprentice", "apprentice", Context("field", "Under which of your apprentices")),
      Param("skills", "text", Context("field", "Skills the Tool adds, comma separated (if any)"), required=False), expansion=AOA,
      sentence=_with_card(N_("{who} put a Tool under {apprentice}"), "apprentice"), control=recorded())
def _tuck_tool(state, p):
    return crafting.tuck_held_tool(state, p["player"], p["apprentice"], _skills(p) or [])


# -- the Cathedral ----------------------------------------------------------------------------

def _reward_choices() -> tuple[str, ...]:
    return tuple(reward_types()) + (cathedral.EMPTY_PILE,)


ADVANCED = N_("{who} advanced on the Cathedral")
ADVANCED_TAKING = N_("{who} advanced on the Cathedral and took {reward}")


def _said_advance(say, m):
    if m.get("reward") in (None, ""):
        return Phrase(ADVANCED, who=say.who(m))
    return Phrase(ADVANCED_TAKING, who=say.who(m), reward=say.reward(m["reward"]))


@move("advance_cathedral", Context("move", "Advance on the Cathedral"), "Constructing Buildings and the Cathedral",
      player(), Param("reward", "choice", Context("field", "Revealed reward card"), required=False, choices=_reward_choices()),
      number("wood", Context("field", "Wood in a stone/wood cost"), COUNT, required=False), flag("extra", Context("field", "Crane's extra placement")),
      number("adornment_vp", Context("field", "The bot's Adornment: printed VP"), VP, required=False, expansion=AOA),
      sentence=_said_advance, control=on_card("cathedral"), places_a_worker=True)
def _advance(state, p):
    mix = None if p["wood"] is None else {"wood": p["wood"]}
    if p["adornment_vp"] is not None and not is_bot(p["player"]):
        raise MoveError("adornment_vp", Refusal("bot_adornment_only"))
    notes = cathedral.advance_cathedral(state, p["player"], reward=p["reward"], mix=mix, extra=p["extra"])
    # the bot's placement in the Guildhall crafts an Adornment with it, as its own turn does (rules/bot/engine.py)
    return notes + (crafting.bot_crafts_adornment(state, p["adornment_vp"]) if is_bot(p["player"]) else [])


CATHEDRAL_SET = N_("{who}'s Cathedral level was set to {level}")


@move("set_cathedral", Context("move", "Set Cathedral level (correction)"), "Constructing Buildings and the Cathedral",
      player(), number("level", Context("field", "Level"), CATHEDRAL),
      sentence=lambda say, m: Phrase(CATHEDRAL_SET, who=say.who(m), level=m.get("level")),
      control=recorded("cathedral"),
      seen=Seen(N_("%(name)s's Cathedral level"), lambda state, m: str(actor(state, m.get("player"))["cathedral"]),
                field="level"))
def _set_cathedral(state, p):
    return cathedral.set_cathedral_level(state, p["player"], p["level"])


# -- buildings and apprentices ---------------------------------------------------------------------

BUILT = N_("{who} built {building}")
BUILT_TAKING = N_("taking {items}")
BUILT_HIRING = N_("hiring {apprentice} free")
DISCARDING = N_("discarding {apprentice}")
DISCARDING_A_CARD = N_("discarding a building card")
WITH_CRANE = N_("with {crane}'s extra placement")


def chosen_gain(m: dict) -> dict | None:
    """What a building with a choice gave (its option by index or by items key), if the move says."""
    choice = m.get("choice")
    if choice in (None, ""):
        return None
    building = cat().buildings.get(m.get("building"))
    options = (building.effect.get("options") if building else None) or []
    if isinstance(choice, int) and 0 <= choice < len(options):
        return options[choice]
    if isinstance(choice, str):
        return {items_key(o): o for o in options}.get(choice)
    return None


def _said_build(say, m):
    gain = chosen_gain(m)
    extras = [Phrase(BUILT_TAKING, items=say.items(gain))] if gain else []
    if m.get("apprentice"):
        extras.append(Phrase(BUILT_HIRING, apprentice=say.card("apprentice", m["apprentice"])))
    if m.get("discard_apprentice"):
        extras.append(Phrase(DISCARDING, apprentice=say.card("apprentice", m["discard_apprentice"])))
    if m.get("discard_card"):
        extras.append(DISCARDING_A_CARD)
    if m.get("extra"):
        extras.append(Phrase(WITH_CRANE, crane=say.card("building", "crane")))
    return Joined([Phrase(BUILT, who=say.who(m), building=say.card("building", m.get("building"))), *extras], LIST)


@move("build", Context("move", "Construct a building"), "Constructing a Building; Building Effects",
      player(bot=False), Param("building", "building", Context("field", "Building")),
      Param("choice", "text", Context("field", "Option taken (Treasury, Clay Pit)"), required=False),
      flag("discard_card", Context("field", "Discard a building card (Library)")),
      Param("apprentice", "apprentice", Context("field", "Apprentice hired free (Tavern)"), required=False),
      Param("discard_apprentice", "apprentice", Context("field", "Apprentice discarded (Graveyard)"), required=False),
      Param("tool_to", "apprentice", Context("field", "Who takes the discarded apprentice's Tool"), required=False, expansion=AOA),
      number("vp", Context("field", "Printed VP (cards the catalogue lacks)"), VP, required=False),
      number("adornment_vp", Context("field", "Adornment VP (Gallery)"), VP, required=False, expansion=AOA),
      flag("extra", Context("field", "Crane's extra placement")),
      sentence=_said_build, control=on_card("build"), places_a_worker=True)
def _build(state, p):
    options = {k: p[k] for k in ("choice", "discard_card", "apprentice", "discard_apprentice", "adornment_vp",
                                 "tool_to")}
    return buildings.build(state, p["player"], p["building"], options, vp=p["vp"], extra=p["extra"])


@move("remove_building", Context("move", "Remove a building (correction)"), "Constructing a Building",
      player(bot=False), Param("building", "building", Context("field", "Building")),
      sentence=_with_card(N_("{who} no longer has {building}"), "building"), control=recorded())
def _remove_building(state, p):
    return buildings.remove_building(state, p["player"], p["building"])


HIRED = {"workshop": N_("{who} hired {apprentice}"),
         "black_market": N_("{who} hired {apprentice} at the Black Market"),
         "free": N_("{who} hired {apprentice} free")}


def _said_hire(say, m):
    hired = HIRED.get(m.get("source") or "workshop", HIRED["workshop"])
    return Phrase(hired, who=say.who(m), apprentice=say.card("apprentice", m.get("apprentice")))


@move("hire", Context("move", "Hire an apprentice"), "Workshop; Black Market; Tavern",
      player(bot=False), Param("apprentice", "apprentice", Context("field", "Apprentice")),
      Param("source", "choice", Context("field", "Hired at"), required=False, choices=apprentices.SOURCES, default="workshop"),
      Param("skills", "text", Context("field", "Skills (cards the catalogue lacks), comma separated"), required=False),
      number("collected", Context("field", "Silver on the hired card"), COUNT, required=False, default=0),
      number("skipped", Context("field", "Silver put on skipped cards"), COUNT, required=False, default=0), artisan_flag(),
      sentence=_said_hire, control=on_card("build"), places_a_worker=lambda params: params["source"] != "free")
def _hire(state, p):
    if p["source"] == "black_market":
        # Black Market, middle space: 'Pay 2 Silver and lose 1 Virtue to ... Hire any faceup Apprentice'
        return black_market_place(state, p["player"], rules()["black_market_hire_space"], apprentice=p["apprentice"],
                                  hire_options={"skills": _skills(p), "collected": p["collected"]})
    return apprentices.hire(state, p["player"], p["apprentice"], p["source"], skills=_skills(p),
                            collected=p["collected"], skipped=p["skipped"])


@move("discard_apprentice", Context("move", "Discard an apprentice"), "Workshop", player(bot=False),
      Param("apprentice", "apprentice", Context("field", "Apprentice")),
      Param("tool_to", "apprentice", Context("field", "Who takes its Tool"), required=False, expansion=AOA),
      sentence=_with_card(N_("{who} discarded {apprentice}"), "apprentice"), control=recorded())
def _discard_apprentice(state, p):
    return apprentices.discard(state, p["player"], p["apprentice"], tool_to=p["tool_to"])


# -- Tax Stand and Black Market -------------------------------------------------------------------

TAX_TO_STAND = N_("{amount} silver tax went to the Tax Stand")
PAID_TAX = N_("{who} paid {amount} silver tax to the Tax Stand")


def _said_pay_tax(say, m):
    if m.get("player") is None:
        return Phrase(TAX_TO_STAND, amount=m.get("amount"))
    return Phrase(PAID_TAX, who=say.who(m), amount=m.get("amount"))


@move("pay_tax", Context("move", "Pay tax to the Tax Stand"), "Tax Stand; Quick Reminders: Tax",
      number("amount", Context("field", "Silver"), COUNT, low=1), player(bot=False, required=False),
      sentence=_said_pay_tax, control=on_table(listed=True))
def _pay_tax(state, p):
    return tax_stand.pay_tax(state, p["amount"], p["player"])


@move("steal_tax", Context("move", "Steal from the Tax Stand"), "Tax Stand", player(), artisan_flag(),
      sentence=_of_seat(N_("{who} took the silver from the Tax Stand")), control=on_table(listed=True),
      seen=Seen(N_("The Tax Stand"), lambda state, m: str(state["table"]["tax_stand_silver"]), table_wide=True),
      places_a_worker=True)
def _steal_tax(state, p):
    return tax_stand.steal_tax(state, p["player"])


USED_BLACK_MARKET = N_("{who} used the {space} Black Market space")
USED_A_BLACK_MARKET_SPACE = N_("{who} used the Black Market space")
HIRING = N_("hiring {apprentice}")
GAINING = N_("gaining {items}")


def _said_black_market(say, m):
    space = say.space(m.get("space"))
    used = (Phrase(USED_BLACK_MARKET, who=say.who(m), space=space) if space
            else Phrase(USED_A_BLACK_MARKET_SPACE, who=say.who(m)))
    gains = {r: m[r] for r in RESOURCES if m.get(r)}
    hiring = Phrase(HIRING, apprentice=say.card("apprentice", m["apprentice"])) if m.get("apprentice") else None
    return Joined([used, hiring, Phrase(GAINING, items=say.items(gains)) if gains else None], LIST)


@move("black_market", Context("move", "Place a worker in the Black Market"), "Black Market",
      player(), Param("space", "choice", Context("field", "Space"), choices=tuple(cat().black_market_spaces)),
      # Age of Artisans: the middle space crafts a Tool instead (its overlay card): Craft a Tool records it
      Param("apprentice", "apprentice", Context("field", "Apprentice hired (middle space)"), required=False, not_with=AOA),
      *resource_fields(COUNT),
      artisan_flag(),
      sentence=_said_black_market, places_a_worker=True,
      # offered in "Record…" only while the rules allow it (status: seed 000 l.422, not at 10 virtue or more)
      control=recorded("build", unless="black_market_reason"))
def _black_market(state, p):
    gains = {r: p[r] for r in RESOURCES if p[r]}
    return black_market_place(state, p["player"], p["space"], gains=gains, apprentice=p["apprentice"])


@move("black_market_reset", Context("move", "Black Market Reset now"), "Black Market Reset",
      sentence=_fixed(N_("The Black Market was reset")), control=on_table(),
      seen=Seen(N_("The number of Black Market Resets"), lambda state, m: str(state["table"]["black_market_resets"]),
                table_wide=True))
def _black_market_reset(state, p):
    return black_market_reset(state, reason="recorded by hand")


# -- the end ----------------------------------------------------------------------------------------

@move("final_turn_done", Context("move", "Final turn done"), "End of the Game", player(),
      sentence=_of_seat(N_("{who} had their final turn")), control=on_card("final"))
def _final_turn_done(state, p):
    return turns.final_turn_done(state, p["player"])


@move("finish_game", Context("move", "Finish the game now"), "End of the Game",
      sentence=_fixed(N_("The game was finished: the final score")), control=ELSEWHERE_CONTROL,
      seen=Seen(N_("The game"), lambda state, m: state.get("phase", ""), table_wide=True))
def _finish_game(state, p):
    return turns.finish_game(state)


@move("reopen_game", Context("move", "Reopen the game"), "End of the Game",
      sentence=_fixed(N_("The game was reopened")), control=ELSEWHERE_CONTROL)
def _reopen_game(state, p):
    return turns.reopen_game(state)


@move("end_game", Context("move", "End the game now"), "End of the Game; End-Game Scoring",
      sentence=_fixed(N_("The game was ended: everyone counts what is left")), control=on_table())
def _end_game(state, p):
    return turns.start_count(state)


COUNTED_THE_REST = N_("{who} counted what was left")
COUNTED_THE_REST_OF = N_("{who} counted what was left: {cells}")
COUNTED = N_("{who} counted {cells}")
SCORE_PAD = N_("{who}'s score pad: {cells}")


def _said_count(say, m):
    counted = say.cells(m, counting=True)
    if not m.get("done"):
        return Phrase(COUNTED, who=say.who(m), cells=counted)
    return Phrase(COUNTED_THE_REST_OF if counted else COUNTED_THE_REST, who=say.who(m), cells=counted)


@move("count", Context("move", "Count what is left (end of the game)"), "End-Game Scoring",
      player(bot=False), Param("cells", "cells", Context("field", "Resources left"), required=False, default=None),
      Param("seen", "cells", Context("field", "Values the phone showed"), required=False, default=None),
      flag("done", Context("field", "This count is complete")),
      sentence=_said_count, control=ELSEWHERE_CONTROL)
def _count(state, p):
    return pad.count(state, p["player"], p["cells"] or {}, p["seen"] or {}, p["done"])


@move("set_total", Context("move", "Set a category total (paper pad)"), "End-Game Scoring",
      player(bot=False), Param("category", "choice", Context("field", "Category"), required=False, choices=pad.PAD_CELLS),
      number("value", Context("field", "Total VP (empty: computed again)"), CATEGORY_TOTAL, required=False),
      Param("cells", "cells", Context("field", "A row of the pad"), required=False, default=None),
      Param("seen", "cells", Context("field", "Values the phone showed"), required=False, default=None),
      sentence=lambda say, m: Phrase(SCORE_PAD, who=say.who(m), cells=say.cells(m, counting=False)),
      control=ELSEWHERE_CONTROL,
      seen=Seen(N_("%(name)s's %(category)s total"),
                lambda state, m: str(actor(state, m.get("player"))["overrides"].get(m.get("category"), "")),
                field="value", chosen_in_form=True))
def _set_total(state, p):
    # One cell (category + value) or a whole row (cells, with the values the phone saw).
    cells = dict(p["cells"] or {})
    if p["category"] is not None:
        cells[p["category"]] = p["value"]
    return pad.set_totals(state, p["player"], cells, p["seen"] or {})


__all__ = ["CARD", "CATEGORIES", "ELSEWHERE", "MOVES", "RECORD", "TABLE", "Control", "MoveSpec", "Param", "Seen",
           "apply", "within_the_schema"]
