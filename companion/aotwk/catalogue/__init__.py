"""The card catalogue: every fact of the game the app needs, loaded from the
YAML files in ``data/`` and checked on load.

A fact no source gives is ``None`` (never guessed): callers ask the user for it.
Card effects are data: a small, closed set of effect kinds (``END_GAME_KINDS``,
``IMMEDIATE_KINDS``) whose parameters the files spell out.
"""

from __future__ import annotations

import difflib
import json
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any, Iterator, Mapping

import yaml

SKILLS = ("carpentry", "tiling", "masonry")
RESOURCES = ("gold", "marble", "silver", "clay", "wood", "stone")
GAIN_KEYS = frozenset(RESOURCES) | {"virtue", "building_card", "debt"}

# End-game effect kinds and what each needs (see buildings.yaml).
END_GAME_KINDS = {
    "majority": {"of", "reward"},            # strictly the most of a resource / Cathedral level
    "per_count": {"counts", "per", "reward"},  # reward per `per` counted things
    "virtue_change": {"virtue"},              # Dungeon: owner chooses when it applies
    "debt_penalty": {"vp_per_debt", "booked_in"},  # Fountain, Gambler's Den
    "no_unpaid_debts": {"reward"},            # University
}
IMMEDIATE_KINDS = {
    "gain": {"gain"},
    "gain_one_of": {"options"},
    "take_debts": {"debts"},
    "capture": {"captures"},
    "capture_or_release": {"captures"},
    "release_prisoners": set(),
    "destroy_debts": {"debts"},
    "discard_card_for": {"gain"},
    "everyone_gains": {"gain"},
    "gain_per_virtue": {"per", "gain"},
    "hire_free_apprentice": set(),
    "prison_check": {"prisoners_at_least", "virtue"},
    "extra_guildhall_placement": set(),
    "discard_apprentices": {"count"},
    "free_adornment": {"count"},
    "free_tool": {"count"},
    "cards_per_cathedral_level": {"per_level"},
}
# Board abilities (boards.yaml ``rules.abilities``) and what each needs. They are
# the kinds the apprentices' abilities use (apprentices.yaml), so the table tracker
# serves a board and an apprentice with one handler.
BOARD_ABILITY_KINDS = {
    "send_to_prison_bonus": {"gain"},          # Bertha
    "bm_reset_release": {"workers"},           # Fara
    "workshop_hire_discount": {"silver_less"},  # Rudolf
    "construction_discount": {"one_of", "amount"},  # Lothaire
    "swindler_extra": {"location", "gain"},    # Caroline
    "construction_gain": {"gain"},             # Clovis
    "cathedral_no_discard": set(),             # Frederick
    "debt_as_silver": {"silver"},              # Hugo: may pay silver instead of taking a debt
    "artisan_workers": {"workers"},            # Walaric: his Artisan counts as 3 workers when placed
    "tool_adornment_benefit": set(),           # Gisela: a Tool also gives its card's Adornment benefit
}
BOARD_RULES = frozenset({"tax_ignored", "apprentice_limit", "gold_is_marble", "abilities"})
# A Cathedral cost key naming several resources paid in any mix: "stone_or_wood".
ANY_MIX = "_or_"
# What a per_count effect may count (``skill:<skill>`` counts apprentices with that skill).
COUNTABLES = frozenset(
    {"gold", "marble", "clay", "wood", "stone", "silver", "paid_debts", "buildings",
     "captured", "virtue", "tools", "adornments", "skill_sets"}
    | {f"skill:{s}" for s in SKILLS}
)
MAJORITY_OF = frozenset({"clay", "wood", "stone", "silver", "cathedral"})
REWARD_KEYS = frozenset({"vp", "virtue"})


class CatalogueError(ValueError):
    """A data file is malformed; the message names the file and the entry."""


def in_edition(texts: Mapping[str, str], lang: str) -> str:
    """Printed text (language -> text, English always there) in ``lang``'s edition, the English
    one where that edition has none (Age of Artisans and the promos have no Korean edition)."""
    return texts.get(lang) or texts["en"]


class _Printed:
    """A card, board or bot whose printed name is data: ``name: {en: ..., ko: ...}`` in the data
    files, any language a key, so a new edition's names need no code."""

    names: Mapping[str, str]

    def name(self, lang: str) -> str:
        """The printed name in ``lang``'s edition, else the English one."""
        return in_edition(self.names, lang)

    @property
    def name_en(self) -> str:
        return self.names["en"]


@dataclass(frozen=True)
class Building(_Printed):
    id: str
    names: Mapping[str, str]
    set: str
    skills: tuple[str, ...] | None
    cost: Mapping[str, int] | None
    virtue: int | None
    vp: int | None
    timing: str
    effect: Mapping[str, Any]
    aliases: tuple[str, ...] = ()
    timing_stated: bool = True   # False: the source does not say immediate or end of game (our reading)

    @property
    def end_game(self) -> bool:
        return self.timing == "end_game"


@dataclass(frozen=True)
class Apprentice(_Printed):
    id: str
    names: Mapping[str, str]
    set: str
    skills: tuple[str, ...] | None
    virtue: int | None
    ability: Mapping[str, Any]


@dataclass(frozen=True)
class Board(_Printed):
    id: str
    names: Mapping[str, str]
    set: str
    silver: int
    virtue: int
    resources: Mapping[str, int]
    prisoners: int
    debts: int
    extra_building_cards: int
    ability_texts: Mapping[str, str]   # the printed ability by language, like ``names``
    tools: int = 0
    tax_ignored: int = 0
    apprentice_limit: int | None = None
    gold_is_marble: bool = False
    abilities: tuple[Mapping[str, Any], ...] = ()   # of BOARD_ABILITY_KINDS

    def ability(self, lang: str) -> str:
        """The printed ability in ``lang``'s edition, else the English one."""
        return in_edition(self.ability_texts, lang)


@dataclass(frozen=True)
class CostPart:
    """Part of a cost: ``amount`` of one resource, or of several paid in any mix."""

    amount: int
    resources: tuple[str, ...]


@dataclass(frozen=True)
class GuildhallLayout:
    """The Guildhall for one player count. Spaces are numbered 1..capacity,
    left to right, top to bottom (rulebook: "always fill from left to right,
    top to bottom")."""

    players: int
    columns: int
    rows: int
    reset_at: tuple[int, ...]            # Black Market Reset spaces
    apprentice_reset_at: tuple[int, ...]  # Age of Artisans apprentice resets
    our_reading: bool = False             # no source gives this board (6 players)

    @property
    def capacity(self) -> int:
        return self.columns * self.rows

    def position(self, space: int) -> tuple[int, int]:
        """(row, column), both 1-based, of a numbered space."""
        return (space - 1) // self.columns + 1, (space - 1) % self.columns + 1


@dataclass(frozen=True)
class Opponent(_Printed):
    id: str
    names: Mapping[str, str]
    difficulty: str
    guildhall_worker_vp: int


@dataclass(frozen=True)
class Catalogue:
    buildings: Mapping[str, Building]
    apprentices: Mapping[str, Apprentice]
    boards: Mapping[str, Board]
    opponents: Mapping[str, Opponent]
    virtue_vp_table: tuple[int, ...]
    tax_ignored_table: tuple[int, ...]
    virtue_min: int
    virtue_max: int
    virtue_start: int
    black_market_closed_at: int
    cathedral_closed_at: int
    cathedral_vp_table: tuple[int, ...]
    cathedral_spaces: tuple[int | None, ...]
    cathedral_costs: tuple[tuple[CostPart, ...], ...]   # per level; level 0 costs nothing
    standard_silver_by_seat: tuple[int, ...]
    workers: int
    apprentice_limit: int
    max_players: int
    max_players_aoa: int
    tax_stand_start: int
    debt_vp: int
    silver_per_vp: int
    prisoners_per_lost_vp: int
    tools_vp_table: Mapping[int, int]
    reward_cards: tuple[Mapping[str, int], ...]
    reward_when_empty: Mapping[str, int]
    black_market_cards: tuple[Mapping[str, Mapping[str, int]], ...]
    black_market_spaces: Mapping[str, Mapping[str, int]]   # small/middle/large -> silver and virtue paid
    solo: Mapping[str, Any]
    _guildhall: Mapping[str, Any] = field(repr=False, default_factory=dict)
    # facts a group entered in its card library (companion.aotwk.catalogue.library), by path
    entered: frozenset[str] = frozenset()
    craft_cards: tuple[Mapping[str, Any], ...] = ()   # only what a library entered

    def is_entered(self, path: str) -> bool:
        """Whether a fact ("buildings.aoa_cellar.vp", "tools_vp.2") was entered at this table
        rather than printed in our sources."""
        return path in self.entered

    # -- tracks -----------------------------------------------------------
    def virtue_vp(self, virtue: int) -> int:
        return self.virtue_vp_table[virtue]

    def cathedral_vp(self, level: int) -> int:
        return self.cathedral_vp_table[level]

    @property
    def cathedral_top(self) -> int:
        return len(self.cathedral_vp_table) - 1

    def tax_ignored(self, virtue: int, board: Board | None = None) -> int:
        return self.tax_ignored_table[virtue] + (board.tax_ignored if board else 0)

    def tools_vp(self, tools: int) -> int | None:
        """VP for a number of Tools, or None where our sources do not print it."""
        return self.tools_vp_table.get(tools)

    def guildhall(self, players: int) -> GuildhallLayout:
        """The Guildhall in use for a player count (tables.yaml ``guildhall.by_player_count``)."""
        g = self._guildhall
        counted = min(max(players, g["min_counted_players"]), max(g["by_player_count"]))
        row = g["by_player_count"][counted]
        return GuildhallLayout(players, row["columns"], g["rows"], tuple(row["reset_at"]),
                               tuple(row["apprentice_reset_at"]), row.get("our_reading", False))

    def reward_deck_size(self, players: int) -> int:
        """Rulebook setup step 3: 2 per player plus 1 (solo: the 2-player 5);
        never more than the cards in the box (Age of Artisans, 6 players)."""
        if players == 1:
            return self.solo["reward_cards"]
        return min(2 * players + 1, len(self.reward_cards))

    def start_silver(self, seat: int) -> int:
        """Standard boards: 3 for the first player, 1 more for each seat after (6 seats
        with Age of Artisans)."""
        return self.standard_silver_by_seat[seat]

    # -- lookup -----------------------------------------------------------
    def closest(self, kind: str, wrong: str, n: int = 3) -> list[str]:
        pool = {"building": self.buildings, "apprentice": self.apprentices,
                "board": self.boards, "opponent": self.opponents}[kind]
        return difflib.get_close_matches(str(wrong).lower(), list(pool), n=n, cutoff=0.6)


# -- loading and checking --------------------------------------------------

def _read(name: str) -> Any:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return yaml.safe_load(text)


def _frozen(mapping: Mapping | None) -> Mapping | None:
    return None if mapping is None else MappingProxyType(dict(mapping))


class _Checker:
    """Collects problems as "file: entry: message" and raises them together."""

    def __init__(self, filename: str):
        self.filename = filename
        self.problems: list[str] = []

    def need(self, ok: bool, entry: str, message: str) -> bool:
        if not ok:
            self.problems.append(f"{self.filename}: {entry}: {message}")
        return ok

    def done(self) -> None:
        if self.problems:
            raise CatalogueError("\n".join(self.problems))


def _check_amounts(check: _Checker, entry: str, what: str, amounts: Any, keys=GAIN_KEYS) -> None:
    if check.need(isinstance(amounts, dict), entry, f"{what} must be a mapping"):
        for key, value in amounts.items():
            check.need(key in keys, entry, f"{what}: unknown item {key!r}")
            check.need(isinstance(value, int), entry, f"{what}: {key} must be a whole number")


def _check_effect(check: _Checker, entry: str, timing: str, effect: Any) -> None:
    kinds = END_GAME_KINDS if timing == "end_game" else IMMEDIATE_KINDS
    if not check.need(isinstance(effect, dict) and effect.get("kind") in kinds, entry,
                      f"effect.kind must be one of {sorted(kinds)} for a {timing} building"):
        return
    missing = kinds[effect["kind"]] - effect.keys()
    check.need(not missing, entry, f"effect is missing {sorted(missing)}")
    if missing:
        return
    kind = effect["kind"]
    if "reward" in effect:
        _check_amounts(check, entry, "effect.reward", effect["reward"], REWARD_KEYS)
    if kind == "per_count":
        unknown = set(effect["counts"]) - COUNTABLES
        check.need(not unknown, entry, f"effect.counts: cannot count {sorted(unknown)}")
        check.need(isinstance(effect["per"], int) and effect["per"] >= 1, entry, "effect.per must be >= 1")
    if kind == "majority":
        check.need(effect["of"] in MAJORITY_OF, entry, f"effect.of must be one of {sorted(MAJORITY_OF)}")
    if kind == "debt_penalty":
        check.need(effect["booked_in"] in ("debts", "buildings"), entry, "effect.booked_in must be debts or buildings")
    if kind in ("gain", "everyone_gains", "discard_card_for", "gain_per_virtue"):
        _check_amounts(check, entry, "effect.gain", effect["gain"])
    if kind == "gain_one_of":
        for option in effect["options"]:
            _check_amounts(check, entry, "effect.options", option)


def _skills(check: _Checker, entry: str, skills: Any) -> tuple[str, ...] | None:
    if skills is None:
        return None
    ok = isinstance(skills, list) and all(s in SKILLS for s in skills)
    check.need(ok, entry, f"skills must be a list drawn from {list(SKILLS)}")
    return tuple(skills) if ok else None


def _printed(check: _Checker, entry: str, raw: dict, key: str = "name") -> Mapping[str, str]:
    """Printed text by language (``name: {en: Smithy, ko: 대장간}``): English required, any
    other language a key; null where that edition does not print the card (left out)."""
    texts = raw.get(key)
    ok = isinstance(texts, dict) and isinstance(texts.get("en"), str)
    check.need(ok, entry, f"{key}.en is required")
    if not ok:
        return MappingProxyType({"en": ""})
    check.need(all(isinstance(lang, str) and isinstance(text, (str, type(None))) for lang, text in texts.items()),
               entry, f"{key}: every language's text must be a string or null")
    return MappingProxyType({lang: text for lang, text in texts.items() if text is not None})


def _entries(check: _Checker, raw: Any) -> list[tuple[str, dict]]:
    """(entry label, entry) pairs, checking each has a unique string id."""
    out, seen = [], set()
    if not check.need(isinstance(raw, list), "top level", "must be a list of entries"):
        return out
    for index, item in enumerate(raw):
        label = f"entry {index}"
        if not check.need(isinstance(item, dict) and isinstance(item.get("id"), str), label, "needs a string id"):
            continue
        label = f"entry {index} ({item['id']})"
        if check.need(item["id"] not in seen, label, "duplicate id"):
            seen.add(item["id"])
            out.append((label, item))
    return out


def _load_buildings() -> dict[str, Building]:
    check = _Checker("buildings.yaml")
    buildings = {}
    for entry, raw in _entries(check, _read("buildings.yaml")):
        timing = raw.get("timing")
        check.need(timing in ("immediate", "end_game"), entry, "timing must be immediate or end_game")
        _check_effect(check, entry, timing, raw.get("effect"))
        for key in ("vp", "virtue"):
            check.need(raw.get(key) is None or isinstance(raw[key], int), entry, f"{key} must be a whole number or null")
        if raw.get("cost") is not None:
            _check_amounts(check, entry, "cost", raw["cost"], frozenset(RESOURCES))
        buildings[raw["id"]] = Building(
            id=raw["id"], names=_printed(check, entry, raw), set=raw.get("set", "base"),
            skills=_skills(check, entry, raw.get("skills")), cost=_frozen(raw.get("cost")),
            virtue=raw.get("virtue"), vp=raw.get("vp"), timing=timing,
            effect=_frozen(raw.get("effect") or {}), aliases=tuple(raw.get("aliases", ())),
            timing_stated=raw.get("timing_stated", True),
        )
    check.done()
    return buildings


def _load_apprentices() -> dict[str, Apprentice]:
    check = _Checker("apprentices.yaml")
    apprentices = {}
    for entry, raw in _entries(check, _read("apprentices.yaml")):
        check.need(isinstance(raw.get("ability"), dict) and "kind" in raw["ability"], entry, "ability.kind is required")
        check.need(raw.get("virtue") is None or isinstance(raw["virtue"], int), entry, "virtue must be a whole number or null")
        ability = dict(raw.get("ability") or {})
        if ability.get("kind") == "described":   # the card's words by language, like a name
            ability["text"] = _printed(check, entry, ability, "text")
        apprentices[raw["id"]] = Apprentice(
            id=raw["id"], names=_printed(check, entry, raw), set=raw.get("set", "base"),
            skills=_skills(check, entry, raw.get("skills")), virtue=raw.get("virtue"),
            ability=_frozen(ability),
        )
    check.done()
    return apprentices


def _load_boards(raw_all: Any, seat_count: int) -> tuple[dict[str, Board], tuple[int, ...]]:
    check = _Checker("boards.yaml")
    boards = {}
    for entry, raw in _entries(check, raw_all.get("variable")):
        for key in ("silver", "virtue", "prisoners", "debts", "extra_building_cards"):
            check.need(isinstance(raw.get(key), int) and raw[key] >= 0, entry, f"{key} must be a whole number >= 0")
        rules = dict(raw.get("rules") or {})
        check.need(set(rules) <= BOARD_RULES, entry, f"rules may only hold {sorted(BOARD_RULES)}")
        rules["abilities"] = _board_abilities(check, entry, rules.get("abilities", []))
        _check_amounts(check, entry, "resources", raw.get("resources", {}), frozenset(RESOURCES))
        names, ability = _printed(check, entry, raw), _printed(check, entry, raw, "ability")
        if check.problems:
            continue
        boards[raw["id"]] = Board(
            id=raw["id"], names=names, set=raw.get("set", "base"),
            silver=raw["silver"], virtue=raw["virtue"], resources=_frozen(raw.get("resources", {})),
            prisoners=raw["prisoners"], debts=raw["debts"],
            extra_building_cards=raw["extra_building_cards"], ability_texts=ability,
            tools=raw.get("tools", 0), **rules,
        )
    seats = raw_all.get("standard", {}).get("silver_by_seat")
    check.need(isinstance(seats, list) and len(seats) == seat_count and all(isinstance(n, int) for n in seats),
               "standard", f"silver_by_seat needs a whole number for each of {seat_count} seats")
    check.done()
    return boards, tuple(seats)


def _board_abilities(check: _Checker, entry: str, raw: Any) -> tuple[Mapping[str, Any], ...]:
    if not check.need(isinstance(raw, list), entry, "rules.abilities must be a list"):
        return ()
    abilities = []
    for ability in raw:
        kind = ability.get("kind") if isinstance(ability, dict) else None
        if not check.need(kind in BOARD_ABILITY_KINDS, entry,
                          f"rules.abilities: kind must be one of {sorted(BOARD_ABILITY_KINDS)}"):
            continue
        missing = BOARD_ABILITY_KINDS[kind] - ability.keys()
        check.need(not missing, entry, f"rules.abilities: {kind} is missing {sorted(missing)}")
        if "gain" in ability:
            _check_amounts(check, entry, f"rules.abilities: {kind} gain", ability["gain"])
        abilities.append(_frozen(ability))
    return tuple(abilities)


def _cathedral_costs(check: _Checker, levels: list) -> tuple[tuple[CostPart, ...], ...]:
    """Each level's cost: {gold: 1}, {gold: 2, marble: 2}, or {stone_or_wood: 4} (any mix)."""
    costs = []
    for level in levels:
        entry, parts = f"cathedral level {level.get('level')}", []
        cost = level.get("cost") or {}
        if check.need(isinstance(cost, dict), entry, "cost must be a mapping or null"):
            for key, amount in cost.items():
                names = tuple(str(key).split(ANY_MIX))
                check.need(set(names) <= set(RESOURCES), entry, f"cost: unknown resource in {key!r}")
                check.need(isinstance(amount, int) and amount > 0, entry, f"cost: {key} must be a whole number > 0")
                parts.append(CostPart(amount, names))
        costs.append(tuple(parts))
    return tuple(costs)


def _black_market_spaces(check: _Checker, spaces: Any) -> Mapping[str, Mapping[str, int]]:
    """Space name -> what placing there costs, left to right."""
    out = {}
    for space in spaces if isinstance(spaces, list) else []:
        name = space.get("space") if isinstance(space, dict) else None
        if check.need(isinstance(name, str), "black_market", "each space needs a name"):
            _check_amounts(check, f"black_market {name}", "pay", space.get("pay"), frozenset({"silver", "virtue"}))
            out[name] = _frozen(space.get("pay") or {})
    check.need(len(out) == 3, "black_market", "needs its 3 spaces")
    return MappingProxyType(out)


# The card library in use in this context: (a key naming its facts, the facts), or None.
_LIBRARY: ContextVar[tuple[str, Mapping[str, Any]] | None] = ContextVar("card_library", default=None)
_COMPLETED: dict[str, Catalogue] = {}
_COMPLETED_KEEP = 16


def load() -> Catalogue:
    """The catalogue: the data files (loaded once per process), completed by the card
    library in use in this context, if any (``using``)."""
    active = _LIBRARY.get()
    if active is None:
        return base()
    key, facts = active
    completed = _COMPLETED.get(key)
    if completed is None:
        from .library import complete   # the library module reads the Catalogue type from here

        if len(_COMPLETED) >= _COMPLETED_KEEP:
            _COMPLETED.clear()
        completed = _COMPLETED[key] = complete(base(), facts)
    return completed


def activate(facts: Mapping[str, Any] | None):
    """Use a card library's facts (path -> value, as ``rules.library_input.parse`` returns them) in
    this context until ``deactivate(token)``: a web request, one ``companion score``."""
    if not facts:
        return _LIBRARY.set(None)
    return _LIBRARY.set((json.dumps(facts, sort_keys=True), dict(facts)))


def deactivate(token) -> None:
    _LIBRARY.reset(token)


def library_key() -> str | None:
    """What names the card library in use in this context (None: none), for a cache whose
    contents depend on it."""
    active = _LIBRARY.get()
    return active[0] if active else None


@contextmanager
def using(facts: Mapping[str, Any] | None) -> Iterator[None]:
    """Within the block, ``load()`` includes a card library's facts."""
    token = activate(facts)
    try:
        yield
    finally:
        deactivate(token)


def _clear_caches() -> None:
    base.cache_clear()
    _COMPLETED.clear()


load.cache_clear = _clear_caches   # tests reload changed data files


def _guildhall_table(check: _Checker, raw: Any) -> Mapping[str, Any]:
    """Guildhall sizes by player count, checked: every space numbered inside the board."""
    by_count = {}
    for row in raw.get("by_player_count", []):
        entry = f"guildhall {row.get('players')} players"
        columns = row.get("columns")
        capacity = columns * raw["rows"] if isinstance(columns, int) else 0
        spaces = list(row.get("reset_at", [])) + list(row.get("apprentice_reset_at", []))
        if check.need(capacity > 0 and all(isinstance(s, int) and 1 <= s <= capacity for s in spaces), entry,
                      "columns must be a whole number and every reset space on the board"):
            by_count[row["players"]] = MappingProxyType(dict(row))
    check.need(raw.get("min_counted_players") in by_count, "guildhall", "needs the smallest player count counted")
    check.done()
    return MappingProxyType({**raw, "by_player_count": MappingProxyType(by_count)})


@cache
def base() -> Catalogue:
    """The catalogue as our sources give it, loaded once per process."""
    tables = _read("tables.yaml")
    check = _Checker("tables.yaml")
    vt = tables["virtue_track"]
    span = vt["max"] - vt["min"] + 1
    check.need(len(vt["end_game_vp"]) == span, "virtue_track", f"end_game_vp needs {span} values")
    check.need(len(vt["tax_ignored"]) == span, "virtue_track", f"tax_ignored needs {span} values")
    levels = tables["cathedral"]["levels"]
    check.need([lv["level"] for lv in levels] == list(range(len(levels))), "cathedral", "levels must be 0, 1, 2, ...")
    tools = {int(k): int(v) for k, v in tables["scoring"]["tools_vp"].items()}
    cathedral_costs = _cathedral_costs(check, levels)
    black_market_spaces = _black_market_spaces(check, tables["black_market"]["spaces"])
    check.done()
    boards, seats = _load_boards(_read("boards.yaml"), tables["players"]["max_players_age_of_artisans"])
    opponents = {
        o["id"]: Opponent(id=o["id"], names=_printed(check, f"solo opponent {o['id']}", o),
                          difficulty=o["difficulty"], guildhall_worker_vp=o["guildhall_worker_vp"])
        for o in tables["solo"]["opponents"]
    }
    check.done()
    rewards = tuple(_frozen(card["gain"]) for card in tables["rewards"]["cards"] for _ in range(card["copies"]))
    return Catalogue(
        buildings=MappingProxyType(_load_buildings()),
        apprentices=MappingProxyType(_load_apprentices()),
        boards=MappingProxyType(boards),
        opponents=MappingProxyType(opponents),
        virtue_vp_table=tuple(vt["end_game_vp"]),
        tax_ignored_table=tuple(vt["tax_ignored"]),
        virtue_min=vt["min"], virtue_max=vt["max"], virtue_start=vt["start"],
        black_market_closed_at=vt["black_market_closed_at_or_above"],
        cathedral_closed_at=vt["cathedral_closed_at_or_below"],
        cathedral_vp_table=tuple(lv["vp"] for lv in levels),
        cathedral_spaces=tuple(lv["spaces"] for lv in levels),
        cathedral_costs=cathedral_costs,
        standard_silver_by_seat=seats,
        workers=tables["players"]["workers"],
        apprentice_limit=tables["players"]["apprentice_limit"],
        max_players=tables["players"]["max_players"],
        max_players_aoa=tables["players"]["max_players_age_of_artisans"],
        tax_stand_start=tables["players"]["tax_stand_start_silver"],
        debt_vp=tables["scoring"]["debt_vp"],
        silver_per_vp=tables["scoring"]["silver_per_vp"],
        prisoners_per_lost_vp=tables["scoring"]["prisoners_per_lost_vp"],
        tools_vp_table=MappingProxyType(tools),
        reward_cards=rewards,
        reward_when_empty=_frozen(tables["rewards"]["when_empty"]),
        black_market_cards=tuple(MappingProxyType(c) for c in tables["black_market"]["cards"]),
        black_market_spaces=black_market_spaces,
        solo=MappingProxyType(tables["solo"]),
        _guildhall=_guildhall_table(check, tables["guildhall"]),
    )
