"""Reading the score input (and the game document, its superset) into typed data.

``parse_score_input`` checks everything `shared/contracts/score-cli.md` promises
and collects the problems (field path + what is wrong; the first
``schema.MAX_PROBLEMS``) before giving up, so the CLI and the import form can show
them at once. The document's shape (types, ranges, fields nobody knows, the
tracker's own fields an export carries) is ``schema.shape_problems``', checked first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from companion.aotwk.catalogue import SKILLS, Apprentice, Board, Building, Opponent, load
from companion.aotwk.rules.codes import AotwkProblem
from companion.problems import InvalidInput, Problem, Reader, TooManyProblems, kind_key
from companion.aotwk.rules.schema import CATEGORY_TOTAL, ENTERABLE, MAX_PROBLEMS, VP, closest, shape_problems

__all__ = ["parse_score_input", "InvalidInput", "Problem", "ScoreInput", "PlayerInput", "BotInput",
           "PLAYER_CATEGORIES", "BOT_CATEGORIES", "EXPANSIONS"]

EXPANSIONS = ("age_of_artisans",)
PLAYER_CATEGORIES = ("buildings", "cathedral", "virtue", "debts", "gold_marble", "silver", "prison",
                     "adornments", "tools")
BOT_CATEGORIES = ("cathedral", "virtue", "marble", "guildhall", "debts", "prison", "adornments")
PLAYER_COUNTS = ("debts_unpaid", "debts_paid", "prisoners", "captured",
                 "gold", "marble", "silver", "clay", "wood", "stone", "tools")
BOT_COUNTS = ("marble", "guildhall_workers", "debts_unpaid", "prisoners")
# counts of one's own workers: nobody has more than the 20 in the box
WORKER_COUNTS = frozenset({"prisoners", "guildhall_workers"})
NAME_LIMIT = 40


@dataclass(frozen=True, slots=True)
class OwnedBuilding:
    card: Building
    vp: int  # printed VP: the catalogue's, or the user's where the catalogue has none


@dataclass(frozen=True, slots=True)
class OwnedApprentice:
    card: Apprentice
    skills: tuple[str, ...]  # the catalogue's, or the user's (unknown cards, Tools adding skills)


@dataclass(frozen=True, slots=True)
class PlayerInput:
    name: str
    board: Board | None
    virtue: int
    cathedral: int
    debts_unpaid: int
    debts_paid: int
    prisoners: int
    captured: int
    gold: int
    marble: int
    silver: int
    clay: int
    wood: int
    stone: int
    tools: int
    buildings: tuple[OwnedBuilding, ...]
    apprentices: tuple[OwnedApprentice, ...]
    adornments: tuple[int, ...]
    overrides: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class BotInput:
    opponent: Opponent
    virtue: int
    cathedral: int
    marble: int
    guildhall_workers: int
    debts_unpaid: int
    prisoners: int
    adornments: tuple[int, ...]

    @property
    def name(self) -> str:
        return self.opponent.name_en


@dataclass(frozen=True, slots=True)
class ScoreInput:
    expansions: tuple[str, ...]
    players: tuple[PlayerInput, ...]
    bot: BotInput | None


def _suggest(kind: str, wrong: Any) -> list[str]:
    if len(str(wrong)) > 64:   # a long string compared with every id costs time and says nothing
        return []
    return list(load().closest(kind, str(wrong)))


def _shown(value: Any) -> str:
    """A value quoted in a message, cut short: the message must stay a line."""
    text = repr(value)
    return text if len(text) <= 66 else text[:60] + "...'"


class _Reader(Reader):
    """The shared reader, plus what the AotWK document needs: facts a game in play may lack,
    counts read by key, lists and card references."""

    def __init__(self, asks: bool = False) -> None:
        super().__init__(limit=MAX_PROBLEMS)
        self.asks = asks

    def unknown_fact(self, path: str, message: AotwkProblem) -> None:
        """A fact the score needs and no source gives: the score asks for it; a game (stored,
        or imported) may simply not have been asked yet."""
        if not self.asks:
            self.fail(path, message)

    def integer(self, obj: Mapping, key: str, path: str, low: int = 0, high: int | None = None,
                default: int = 0) -> int:
        value = obj.get(key, default)
        if value is None:
            return default
        number = self.whole(value, f"{path}.{key}", low, high)
        return default if number is None else number

    def listing(self, obj: Mapping, key: str, path: str) -> list:
        value = obj.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(f"{path}.{key}", AotwkProblem("list", got=kind_key(value)))
            return []
        return value

    def card_ref(self, item: Any, path: str, extra_key: str) -> tuple[str | None, Any]:
        """An id string, or {"id": ..., extra_key: ...}; returns (id, extra or None). An
        apprentice's entry may also keep the Tool tucked under it (the tracker's)."""
        if isinstance(item, str):
            return item, None
        if isinstance(item, dict) and isinstance(item.get("id"), str):
            known = ("id", extra_key, "tool") if extra_key == "skills" else ("id", extra_key)
            for key in item.keys() - set(known):
                hint = closest(key, known)
                self.fail(f"{path}.{key}", AotwkProblem("unknown_field", hint=repr(hint[0]) if hint else None))
            if "tool" in item and not isinstance(item["tool"], dict):
                self.fail(f"{path}.tool", AotwkProblem("object", got=kind_key(item["tool"])))
            return item["id"], item.get(extra_key)
        self.fail(path, AotwkProblem("id_or_object", got=kind_key(item)))
        return None, None


def _expansions(reader: _Reader, doc: Mapping) -> tuple[str, ...]:
    chosen = []
    for i, name in enumerate(reader.listing(doc, "expansions", "(document)")):
        if name in EXPANSIONS:
            chosen.append(name)
        else:
            reader.fail(f"expansions[{i}]", AotwkProblem("unknown_expansion", wrong=_shown(name), known=", ".join(EXPANSIONS)))
    return tuple(dict.fromkeys(chosen))


def _cards(reader: _Reader, raw: Mapping, key: str, path: str, owners: dict[str, str], owner: str):
    """Yield (path, card, supplied extra) for each listed card that exists and is
    not already someone's: the game has one physical card per id (the
    expansion's apprentices share names and their copies are unknown)."""
    kind, cards, extra_key = {"buildings": ("building", load().buildings, "vp"),
                              "apprentices": ("apprentice", load().apprentices, "skills")}[key]
    for i, item in enumerate(reader.listing(raw, key, path)):
        where = f"{path}.{key}[{i}]"
        card_id, extra = reader.card_ref(item, where, extra_key)
        if card_id is None:
            continue
        card = cards.get(card_id)
        if card is None:
            reader.fail(where, AotwkProblem("unknown_card", kind=kind, wrong=_shown(card_id), hints=_suggest(kind, card_id)))
            continue
        if card.set != "age_of_artisans" or kind == "building":
            if card_id in owners:
                reader.fail(where, AotwkProblem("card_taken", kind=kind, id=card_id, owner=owners[card_id]))
                continue
            owners[card_id] = owner
        yield where, card, extra


def _buildings(reader: _Reader, raw: Mapping, path: str, owners: dict[str, str], name: str):
    owned = []
    for where, card, vp in _cards(reader, raw, "buildings", path, owners, name):
        if vp is not None and (isinstance(vp, bool) or not isinstance(vp, int) or vp < 0):
            reader.fail(f"{where}.vp", AotwkProblem("vp_whole", got=_shown(vp)))
            continue
        if vp is not None and VP.problem(vp):
            reader.fail(f"{where}.vp", VP.problem(vp))
            continue
        if vp is None:
            vp = card.vp
        if vp is None:
            reader.unknown_fact(where, AotwkProblem("vp_unknown", id=card.id))
            continue
        owned.append(OwnedBuilding(card, vp))
    return tuple(owned)


def _apprentices(reader: _Reader, raw: Mapping, path: str, owners: dict[str, str], name: str,
                 board: Board | None, buildings: tuple[OwnedBuilding, ...]):
    catalogue = load()
    counts_skills = any(
        any(c.startswith("skill") for c in b.card.effect.get("counts", ())) for b in buildings)
    owned = []
    for where, card, skills in _cards(reader, raw, "apprentices", path, owners, name):
        aid = card.id
        if skills is not None:
            if not isinstance(skills, list) or not all(s in SKILLS for s in skills):
                reader.fail(f"{where}.skills", AotwkProblem("skills_list", skills=list(SKILLS)))
                continue
            skills = tuple(skills)
        elif card.skills is not None:
            skills = card.skills
        elif counts_skills:
            reader.unknown_fact(where, AotwkProblem("skills_unknown", id=aid))
            continue
        else:
            skills = ()
        owned.append(OwnedApprentice(card, skills))
    limit = (board.apprentice_limit if board and board.apprentice_limit else catalogue.apprentice_limit)
    listed = len(raw["apprentices"]) if isinstance(raw.get("apprentices"), list) else 0
    if listed > limit:
        reader.fail(f"{path}.apprentices", AotwkProblem("apprentice_limit", limit=limit, got=listed))
    return tuple(owned)


def _adornments(reader: _Reader, raw: Mapping, path: str) -> tuple[int, ...]:
    values = []
    for i, vp in enumerate(reader.listing(raw, "adornments", path)):
        if isinstance(vp, bool) or not isinstance(vp, int) or vp < 0:
            reader.fail(f"{path}.adornments[{i}]", AotwkProblem("adornment_vp", got=_shown(vp)))
        elif VP.problem(vp):
            reader.fail(f"{path}.adornments[{i}]", VP.problem(vp))
        else:
            values.append(vp)
    return tuple(values)


def _overrides(reader: _Reader, raw: Mapping, path: str) -> dict[str, int]:
    value = raw.get("overrides")
    if value is None:
        return {}
    if not isinstance(value, dict):
        reader.fail(f"{path}.overrides", AotwkProblem("overrides", got=kind_key(value)))
        return {}
    out = {}
    for key, number in value.items():
        where = f"{path}.overrides.{key}"
        if key not in PLAYER_CATEGORIES:
            hint = closest(key, PLAYER_CATEGORIES)
            reader.fail(where, AotwkProblem("unknown_category", hint=repr(hint[0]) if hint else None,
                                            categories=list(PLAYER_CATEGORIES)))
        elif isinstance(number, bool) or not isinstance(number, int):
            reader.fail(where, AotwkProblem("whole", got=kind_key(number)))
        elif CATEGORY_TOTAL.problem(number):
            reader.fail(where, CATEGORY_TOTAL.problem(number))
        else:
            out[key] = number
    return out


def _board(reader: _Reader, raw: Mapping, path: str) -> Board | None:
    bid = raw.get("board")
    if bid is None:
        return None
    board = load().boards.get(bid) if isinstance(bid, str) else None
    if board is None:
        reader.fail(f"{path}.board", AotwkProblem("unknown_card", kind="player board", wrong=_shown(bid),
                                                  hints=_suggest("board", bid)))
    return board


def _player(reader: _Reader, raw: Any, path: str, owners: dict[str, dict[str, str]]) -> PlayerInput | None:
    if not isinstance(raw, dict):
        reader.fail(path, AotwkProblem("object", got=kind_key(raw)))
        return None
    catalogue = load()
    before = len(reader.problems)
    name = reader.name(raw, path, NAME_LIMIT)
    board = _board(reader, raw, path)
    counts = {key: reader.integer(raw, key, path, high=catalogue.workers if key in WORKER_COUNTS else None)
              for key in PLAYER_COUNTS}
    virtue = reader.integer(raw, "virtue", path, catalogue.virtue_min, catalogue.virtue_max)
    cathedral = reader.integer(raw, "cathedral", path, 0, catalogue.cathedral_top)
    label = name or path
    buildings = _buildings(reader, raw, path, owners["buildings"], label)
    apprentices = _apprentices(reader, raw, path, owners["apprentices"], label, board, buildings)
    adornments = _adornments(reader, raw, path)
    overrides = _overrides(reader, raw, path)
    # the setup's value only stands in: ask for it (a malformed list is the schema's to word)
    for field in dict.fromkeys(f for f in reader.listing(raw, "not_entered", path) if f in ENTERABLE):
        reader.unknown_fact(f"{path}.{field}", AotwkProblem("not_entered", field=field, name=name or path))
    if "tools" not in overrides and catalogue.tools_vp(counts["tools"]) is None:
        reader.unknown_fact(f"{path}.tools", AotwkProblem("tools_unknown", count=counts["tools"]))
    if len(reader.problems) > before:
        return None
    return PlayerInput(name=name, board=board, virtue=virtue, cathedral=cathedral,
                       buildings=buildings, apprentices=apprentices, adornments=adornments,
                       overrides=overrides, **counts)


def _bot(reader: _Reader, raw: Any) -> BotInput | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        reader.fail("bot", AotwkProblem("object_or_null", got=kind_key(raw)))
        return None
    catalogue = load()
    before = len(reader.problems)
    opponent = catalogue.opponents.get(raw.get("opponent")) if isinstance(raw.get("opponent"), str) else None
    if opponent is None:
        reader.fail("bot.opponent", AotwkProblem("one_of", options=", ".join(catalogue.opponents),
                                                 got=_shown(raw.get("opponent"))))
    counts = {key: reader.integer(raw, key, "bot", high=catalogue.workers if key in WORKER_COUNTS else None)
              for key in BOT_COUNTS}
    virtue = reader.integer(raw, "virtue", "bot", catalogue.virtue_min, catalogue.virtue_max)
    cathedral = reader.integer(raw, "cathedral", "bot", 0, catalogue.cathedral_top)
    adornments = _adornments(reader, raw, "bot")
    if len(reader.problems) > before:
        return None
    return BotInput(opponent=opponent, virtue=virtue, cathedral=cathedral, adornments=adornments, **counts)


ARTISANS_ONLY = ("adornments", "tools")


def tools_without_apprentices(doc: dict) -> list[Problem]:
    """Age of Artisans: 'Players can only have 1 Tool attached to each Apprentice'. Where a game lists
    its players' apprentices (the tracker's game, its ``table``, with apprentices recorded), no more
    Tools than Apprentices to hold them, beyond those a board or a building hands out before an
    Apprentice takes them (Walaric 'Begins the game with ... 1 Tool'; Garrison 'Gain 1 Tool at no
    cost'). A score's input may list only the apprentices its score needs (score-cli.md's own
    example: 1 apprentice, 3 tools), and a table that keeps Tools on the counter alone lists none:
    neither is judged. On plain data, so every move is held to it too (``table.moves``)."""
    if not isinstance(doc.get("table"), dict) or not _with_artisans(doc):
        return []
    catalogue = load()
    problems = []
    for i, player in enumerate(doc.get("players") or []):
        if not isinstance(player, dict) or not isinstance(player.get("apprentices"), list) \
                or not player["apprentices"] or not isinstance(player.get("tools"), int):
            continue
        board = catalogue.boards.get(player.get("board")) if isinstance(player.get("board"), str) else None
        cards = [catalogue.buildings.get(item if isinstance(item, str) else item.get("id"))
                 for item in player.get("buildings") or [] if isinstance(item, (str, dict))]
        held = (board.tools if board else 0) + sum(card.effect.get("count", 0) for card in cards
                                                    if card and (card.effect or {}).get("kind") == "free_tool")
        apprentices = len(player["apprentices"])
        if player["tools"] > apprentices + held:
            problems.append(Problem(f"players[{i}].tools", AotwkProblem("tools_apprentices", tools=player["tools"],
                                                                        apprentices=apprentices, held=held)))
    return problems


def adornments_without_buildings(doc: dict) -> list[Problem]:
    """Age of Artisans: 'Players can only have 1 Adornment attached to each Building': no player
    lists more Adornments than Buildings to tuck them under. On plain data, as the Tools' rule."""
    if not _with_artisans(doc):
        return []
    problems = []
    for i, player in enumerate(doc.get("players") or []):
        if isinstance(player, dict) and isinstance(player.get("adornments"), list) \
                and isinstance(player.get("buildings") or [], list):
            adornments, buildings = len(player["adornments"]), len(player.get("buildings") or [])
            if adornments > buildings:
                problems.append(Problem(f"players[{i}].adornments", AotwkProblem(
                    "adornments_buildings", adornments=adornments, buildings=buildings)))
    return problems


def _with_artisans(doc: dict) -> bool:
    """Whether a document (its shape not yet checked: "expansions" may be anything) plays Age of Artisans."""
    expansions = doc.get("expansions")
    return isinstance(expansions, (list, tuple)) and "age_of_artisans" in expansions


def attachment_problems(doc: dict) -> list[Problem]:
    """What Age of Artisans attaches to a card, more than the cards to hold it: an import's check,
    and the last guard of every move (``table.moves.within_the_schema``)."""
    return tools_without_apprentices(doc) + adornments_without_buildings(doc)


def _impossible(reader: _Reader, expansions: tuple[str, ...], players: list, bot: BotInput | None) -> None:
    """What no real game can hold, named by field: a bot with more players than the rulebook
    seats, Age of Artisans' pieces without it, a Resource Market in a solo game."""
    catalogue = load()
    artisans = "age_of_artisans" in expansions
    if bot is not None and len(players) > catalogue.solo["most_humans"]:
        reader.fail("bot", AotwkProblem("bot_humans", most=catalogue.solo["most_humans"], got=len(players)))
    solo = bot is not None and len(players) == 1
    for i, player in enumerate(players):
        if player is None:
            continue
        path = f"players[{i}]"
        if not artisans:
            for what in ARTISANS_ONLY:
                if getattr(player, what):
                    reader.fail(f"{path}.{what}", AotwkProblem("artisans_only", what=what))
                if player.overrides.get(what):
                    reader.fail(f"{path}.overrides.{what}", AotwkProblem("artisans_only", what=what))
        for j, owned in enumerate(player.buildings):
            if solo and owned.card.id in catalogue.solo["removed_buildings"]:
                reader.fail(f"{path}.buildings[{j}]", AotwkProblem("solo_market", id=owned.card.id))
    if bot is not None and bot.adornments and not artisans:
        reader.fail("bot.adornments", AotwkProblem("artisans_only", what="adornments"))


GAME_ID = "architects_of_the_west_kingdom"   # a document's "game" (none means this game too)


def parse_score_input(doc: Any, record: bool = False, asks: bool = False) -> ScoreInput:
    """The typed score input, or InvalidInput listing the problems found (the first
    MAX_PROBLEMS). ``record``: a stored game, which must carry every tracker field. ``asks``
    (always so for a record): a fact the score needs and no source gives (a final virtue nobody
    entered yet) is left for the score to ask, not refused: a game's import takes what its
    export held."""
    if isinstance(doc, dict) and doc.get("game") not in (None, GAME_ID):   # another game's document
        raise InvalidInput([Problem("game", AotwkProblem("not_this_game", got=doc["game"]))])
    problems = shape_problems(doc, record)
    if not isinstance(doc, dict):
        raise InvalidInput(problems)
    reader = _Reader(record or asks)
    try:
        result = _read(reader, doc)
    except TooManyProblems:
        result = None
    # the reader words the score's own rules; where the shape already said what is wrong, it would repeat it
    shaped = tuple(p.path for p in problems)
    problems += [p for p in reader.problems if not p.path.startswith(shaped) or not shaped]
    if problems:
        raise InvalidInput(problems[:MAX_PROBLEMS])
    return result


def read_checked_state(state: dict) -> ScoreInput:
    """The typed score input of a state the rules wrote and checked (a stored game's: each move is
    held within the schema, a record read back is checked): the score's own rules, as
    ``parse_score_input`` reads them, without checking the document's shape again. A document from
    outside (import, ``companion score``) goes through ``parse_score_input``."""
    reader = _Reader()
    try:
        result = _read(reader, state)
    except TooManyProblems:
        result = None
    if reader.problems:
        raise InvalidInput(reader.problems[:MAX_PROBLEMS])
    return result


def _read(reader: _Reader, doc: dict) -> ScoreInput:
    expansions = _expansions(reader, doc)
    raw_players = doc.get("players")
    catalogue = load()
    limit = catalogue.max_players_aoa if "age_of_artisans" in expansions else catalogue.max_players
    if not isinstance(raw_players, list) or not raw_players:
        reader.fail("players", AotwkProblem("players_list") if raw_players is None or isinstance(raw_players, list)
                    else AotwkProblem("players_list_got", got=kind_key(raw_players)))
        raw_players = []
    elif len(raw_players) > limit:
        reader.fail("players", AotwkProblem("too_many_players", limit=limit, got=len(raw_players),
                                            artisans_hint="age_of_artisans" not in expansions))
    owners: dict[str, dict[str, str]] = {"buildings": {}, "apprentices": {}}
    players = [_player(reader, raw, f"players[{i}]", owners) for i, raw in enumerate(raw_players)]
    bot = _bot(reader, doc.get("bot"))

    _impossible(reader, expansions, players, bot)
    if all(players):   # (a player already refused is not judged again)
        for problem in attachment_problems(doc):
            reader.fail(problem.path, problem.message)
    seen: dict[str, int] = {}
    for i, player in enumerate(players):
        if player is None:
            continue
        key = player.name.casefold()
        if key in seen:
            reader.fail(f"players[{i}].name", AotwkProblem("name_taken", name=player.name, other=f"players[{seen[key]}]"))
        elif bot is not None and key == bot.name.casefold():
            reader.fail(f"players[{i}].name", AotwkProblem("bots_name", name=player.name))
        seen.setdefault(key, i)
    return ScoreInput(expansions=expansions, players=tuple(players), bot=bot)
