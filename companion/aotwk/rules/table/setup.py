"""Starting a game: validate the setup form and derive what the rulebook derives."""

from __future__ import annotations

import random
from typing import Any

from companion.aotwk.rules.codes import SetupRefusal, Step

from . import bot_link
from .data import RESOURCES, cat, unknown_card_message
from .errors import Problem, SetupError
from .pad import NOT_ENTERED, PAD_FIELDS
from .guildhall import counts_bot, layout, parties

MODES = ("multiplayer", "solo", "two_vs_bot", "paper")
EXPANSIONS = ("age_of_artisans",)
RANDOM_BOARD = "random"
NAME_MAX = 40
TITLE_MAX = 80
# Humans each bot mode needs (Solo Play: 1 player; the "2P vs Bot" card: 2).
HUMANS_WITH_BOT = {"solo": 1, "two_vs_bot": 2}
# How to set up 2 players + a bot. The printed "2P vs Bot" card is not in our sources:
# our reading counts the bot as a third player (as solo counts it as the second);
# the other plausible reading is a regular 2-player game with the bot added.
BOT_READINGS = {
    "bot_is_a_player": "as a 3-player game, the bot counting as a player (our reading)",
    "regular_two_player": "as a regular 2-player game with the bot added",
}


def new_game(setup: dict) -> dict:
    """The initial game document for a setup form (see docs/design.md).
    Raises SetupError listing every problem."""
    problems: list[Problem] = []
    setup = setup if isinstance(setup, dict) else {}
    mode = setup.get("mode", "multiplayer")
    expansions = setup.get("expansions") or []
    _check_options(setup, mode, expansions, problems)
    reading = setup.get("two_vs_bot_reading") or "bot_is_a_player"
    if reading not in BOT_READINGS:
        problems.append(Problem("two_vs_bot_reading", SetupRefusal("one_of", allowed=list(BOT_READINGS))))
    elif reading != "bot_is_a_player" and mode != "two_vs_bot":
        problems.append(Problem("two_vs_bot_reading", SetupRefusal("reading_two_vs_bot_only")))
    deck = _check_deck(setup, mode, problems)
    players_in = setup.get("players")
    if not isinstance(players_in, list) or not all(isinstance(p, dict) for p in players_in):
        problems.append(Problem("players", SetupRefusal("list_of_players")))
        raise SetupError(problems)
    _check_count(mode, expansions, len(players_in), problems)
    _check_names(players_in, setup.get("opponent"), problems)
    variable = bool(setup.get("variable_boards", False))
    boards = _check_boards(players_in, variable, expansions, problems)
    if problems:
        raise SetupError(problems)
    boards = _deal_random_boards(boards, expansions, setup.get("seed", 0))
    players = [_player(p, board_id) for p, board_id in zip(players_in, boards)]
    players = _seat_order(players, variable)
    _starting_silver(players, mode, variable)
    if mode == "paper":   # the pad's final virtue and silver left: the setup's values only stand in
        for player in players:
            player[NOT_ENTERED] = list(PAD_FIELDS.values())
    state = {
        "format": "architects-companion/1",
        "title": str(setup.get("title") or "").strip(),
        "created_at": setup.get("created_at"),
        **({"played_on": setup["played_on"]} if setup.get("played_on") else {}),   # the day played, when set
        "phase": "playing",
        "mode": mode,
        "variable_boards": variable,
        "expansions": list(expansions),
        "track_resources": bool(setup.get("track_resources", True)),
        "players": players,
        # the bot package builds the whole bot (its fields, workers, scheme piles) below
        "bot": {"opponent": setup["opponent"]} if mode in HUMANS_WITH_BOT else None,
        "table": {"bot_counts_as_player": reading == "bot_is_a_player"} if mode == "two_vs_bot" else {},
    }
    state["table"] = {**state["table"], **_table(state)}
    if "age_of_artisans" in state["expansions"]:
        # Age of Artisans, Setup 6: 'In reverse turn order, each player hires (at no cost), 1 faceup Apprentice'
        state["table"]["starting_hires"] = list(reversed(range(len(players))))
    if state["bot"]:
        state = bot_link.setup_bot(state, deck=deck, physical=setup.get("physical_deck", False),
                                   seed=setup.get("seed", 0))
    steps = checklist(state)
    state["setup_checklist"] = [str(step) for step in steps]   # the document's English lines
    state["setup_steps"] = [step.as_code() for step in steps]   # the same, as codes for every language
    return state


def rematch(state: dict, seed: int) -> dict:
    """A new game with the same players and options, every player one seat on (the second
    player starts). A bot plays again with the same scheme cards: the deck the app dealt,
    shuffled anew, or the printed cards (their remembered cards are the caller's to give,
    ``bot.remember_printed``: the table's saved deck may have grown since). Raises SetupError when the
    game cannot be set up again (an imported document with more players than a game seats)."""
    variable = bool(state.get("variable_boards", False))
    humans = [{"name": p.get("name"), "colour": p.get("colour"), "board": p.get("board") if variable else None}
              for p in state.get("players") or []]
    bot = state.get("bot") or None
    mode = state.get("mode") or ({1: "solo", 2: "two_vs_bot"}.get(len(humans), "multiplayer") if bot else "multiplayer")
    setup = {
        "title": state.get("title") or "", "mode": mode, "variable_boards": variable,
        "expansions": list(state.get("expansions") or []),
        "opponent": bot.get("opponent") if bot and mode in HUMANS_WITH_BOT else None,
        "players": humans[1:] + humans[:1], "seed": seed,
        "track_resources": bool(state.get("track_resources", mode != "paper")),
    }
    if setup["opponent"]:
        setup.update(_same_scheme_cards(bot.get("deck")))
    if mode == "two_vs_bot":
        counts = (state.get("table") or {}).get("bot_counts_as_player", True)
        setup["two_vs_bot_reading"] = "bot_is_a_player" if counts else "regular_two_player"
    return new_game(setup)


def _same_scheme_cards(piles: Any) -> dict:
    """The setup's ``deck`` and ``physical_deck`` for the scheme cards a bot played with: the
    printed cards, or the deck the app dealt from (the practice deck stays the practice deck)."""
    if not isinstance(piles, dict):
        return {}
    if piles.get("mode") == "physical":
        return {"physical_deck": True}
    cards = piles.get("cards")
    if piles.get("practice") or not isinstance(cards, dict):
        return {}
    return {"deck": {"format": bot_link.DECK_FORMAT, "name": piles.get("name") or "", "practice": False,
                     "cards": list(cards.values())}}


# -- validation -------------------------------------------------------------------------

def _check_options(setup: dict, mode: Any, expansions: Any, problems: list[Problem]) -> None:
    if mode not in MODES:
        problems.append(Problem("mode", SetupRefusal("one_of", allowed=list(MODES))))
    if not isinstance(expansions, list) or not all(item in EXPANSIONS for item in expansions):
        problems.append(Problem("expansions", SetupRefusal("may_only_list", allowed=list(EXPANSIONS))))
    opponent = setup.get("opponent")
    if mode in HUMANS_WITH_BOT and _bot_name(opponent) is None:
        problems.append(Problem("opponent", SetupRefusal("choose_bot", opponents=list(cat().opponents))))
    elif mode not in HUMANS_WITH_BOT and opponent is not None:
        problems.append(Problem("opponent", SetupRefusal("bot_games_only")))
    seed = setup.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        problems.append(Problem("seed", SetupRefusal("whole_number")))
    title = setup.get("title") or ""
    if not isinstance(title, str) or len(title) > TITLE_MAX:
        problems.append(Problem("title", SetupRefusal("text_at_most", most=TITLE_MAX)))
    for flag in ("variable_boards", "track_resources", "physical_deck"):
        if not isinstance(setup.get(flag, False), bool):
            problems.append(Problem(flag, SetupRefusal("true_or_false")))


def _check_deck(setup: dict, mode: Any, problems: list[Problem]) -> dict | None:
    """The bot's scheme deck: None (the practice deck) or a deck document, checked and
    normalised by the bot package; a physical-deck game draws the printed cards."""
    deck, physical = setup.get("deck"), setup.get("physical_deck", False)
    if mode not in HUMANS_WITH_BOT:
        if deck is not None or physical:
            problems.append(Problem("deck" if deck is not None else "physical_deck",
                                    SetupRefusal("deck_bot_games_only")))
        return None
    if deck is None:
        return None
    if physical is True:
        problems.append(Problem("deck", SetupRefusal("deck_physical")))
        return None
    deck, deck_problems = bot_link.load_deck(deck)
    problems += [Problem(f"deck.{p.path}", p.message) for p in deck_problems]
    return deck


def _check_count(mode: str, expansions: list, count: int, problems: list[Problem]) -> None:
    most = cat().max_players_aoa if "age_of_artisans" in (expansions or []) else cat().max_players
    if mode in HUMANS_WITH_BOT and count != HUMANS_WITH_BOT[mode]:
        wanted = HUMANS_WITH_BOT[mode]
        problems.append(Problem("players", SetupRefusal("humans_with_bot", mode=mode, wanted=wanted, got=count)))
    elif not 1 <= count <= most:
        problems.append(Problem("players", SetupRefusal("player_count", most=most, got=count)))


def _check_names(players: list[dict], bot: Any, problems: list[Problem]) -> None:
    seen: dict[str, int] = {}
    bot_name = _bot_name(bot)   # None for no bot, or one the catalogue does not know
    for seat, player in enumerate(players):
        if not isinstance(player.get("colour"), (str, type(None))):
            problems.append(Problem(f"players[{seat}].colour", SetupRefusal("text")))
        player_name = player.get("name")
        path = f"players[{seat}].name"
        if not isinstance(player_name, str) or not 1 <= len(player_name.strip()) <= NAME_MAX:
            problems.append(Problem(path, SetupRefusal("name_length", most=NAME_MAX)))
            continue
        folded = player_name.strip().casefold()
        if folded in seen:
            problems.append(Problem(path, SetupRefusal("name_taken", name=player_name.strip(), seat=seen[folded] + 1)))
        elif bot_name and folded == bot_name.casefold():
            problems.append(Problem(path, SetupRefusal("bot_name", bot=bot)))
        seen.setdefault(folded, seat)


def _check_boards(players: list[dict], variable: bool, expansions: list, problems: list[Problem]) -> list:
    boards = [p.get("board") for p in players]
    if not variable:
        for seat, board_id in enumerate(boards):
            if board_id is not None:
                problems.append(Problem(f"players[{seat}].board", SetupRefusal("side_one")))
        return boards
    boards = [RANDOM_BOARD if board_id is None else board_id for board_id in boards]
    for seat, board_id in enumerate(boards):
        path = f"players[{seat}].board"
        known = cat().boards.get(board_id) if isinstance(board_id, str) else None
        if board_id == RANDOM_BOARD:
            continue
        if known is None:
            problems.append(Problem(path, unknown_card_message("board", board_id)))
        elif known.set == "age_of_artisans" and "age_of_artisans" not in (expansions or []):
            problems.append(Problem(path, SetupRefusal("artisans_board", board=known.id)))
        elif boards.index(board_id) != seat:
            problems.append(Problem(path, SetupRefusal("board_taken", board=board_id, seat=boards.index(board_id) + 1)))
    return boards


# -- derivation ---------------------------------------------------------------------------

def _deal_random_boards(boards: list, expansions: list, seed: int) -> list:
    """Variable Setup: side 2 boards 'randomly dealt or chosen'. Random ones come from
    the boxes in play (base, plus Age of Artisans when used) not chosen by anyone."""
    sets = {"base"} | set(expansions)
    pool = sorted(b.id for b in cat().boards.values() if b.set in sets and b.id not in boards)
    rng = random.Random(seed)
    rng.shuffle(pool)
    return [pool.pop() if board_id == RANDOM_BOARD else board_id for board_id in boards]


def _player(form: dict, board_id: str | None) -> dict:
    board = cat().boards.get(board_id) if board_id else None
    player = {
        "name": form["name"].strip(), "colour": form.get("colour"), "board": board_id,
        "virtue": board.virtue if board else cat().virtue_start,
        "debts_unpaid": board.debts if board else 0, "debts_paid": 0,
        "prisoners": board.prisoners if board else 0, "captured": 0, "captured_from": {}, "cathedral": 0,
    }
    for resource in RESOURCES:
        player[resource] = board.resources.get(resource, 0) if board else 0
    if board:
        player["silver"] = board.silver
    player.update({"buildings": [], "apprentices": [], "adornments": [],
                   "tools": board.tools if board else 0, "overrides": {}})
    return player


def _seat_order(players: list[dict], variable: bool) -> list[dict]:
    """Variable Setup: 'The player with the most Virtue starts the game, followed by
    other players in clockwise order' (the form lists players clockwise)."""
    if not variable or not players:
        return players
    first = max(range(len(players)), key=lambda seat: (players[seat]["virtue"], -seat))
    return players[first:] + players[:first]


def _starting_silver(players: list[dict], mode: str, variable: bool) -> None:
    """Quick Standard Setup 9: 'The starting player receives 3 Silver. All other players
    receive 1 more'; Solo Play: 'You start the game with 3 Silver'; Variable Setup: the
    board's silver ('players do not gain additional Silver based on turn order')."""
    if variable:
        return
    for seat, player in enumerate(players):
        player["silver"] = cat().solo["human_start_silver"] if mode == "solo" else cat().start_silver(seat)


def _bot_name(opponent: Any) -> str | None:
    known = cat().opponents.get(opponent) if isinstance(opponent, str) else None
    return known.name_en if known else None


def _table(state: dict) -> dict:
    hall = layout(state)
    removed = list(cat().solo["removed_buildings"]) if state["bot"] and counts_bot(state) else []
    return {
        "guildhall_workers": 0, "guildhall": [], "beside_guildhall": [],
        "guildhall_capacity": hall.capacity, "guildhall_reset_at": list(hall.reset_at),
        "tax_stand_silver": cat().tax_stand_start,
        "black_market": {space: None for space in cat().black_market_spaces},
        "black_market_resets": 0,
        "reward_cards_left": cat().reward_deck_size(parties(state)), "rewards_drawn": [],
        "removed_buildings": removed,
        "extra_placement": None,
        "final_round": None,
    }


def checklist(state: dict) -> list[Step]:
    """What to lay out on the physical table (Rulebook, Setup; Solo Play; Variable Setup).
    Each line is a code with parameters (``Step``); as text, the English sentence."""
    table, bot = state["table"], state["bot"]
    items = [
        Step("boards_side", variable=bool(state["variable_boards"])),
        Step("black_market"),
        Step("rewards", cards=table["reward_cards_left"]),
        Step("supply"),
        Step("workshop"),
        Step("tax_stand", silver=table["tax_stand_silver"]),
        Step("guildhall", spaces=table["guildhall_capacity"], resets=list(table["guildhall_reset_at"])),
    ]
    if table["removed_buildings"]:
        items.append(Step("removed_buildings", buildings=list(table["removed_buildings"])))
    if "age_of_artisans" in state["expansions"]:
        items += _artisans_lines(state)
    items.append(Step("solo_draft") if state["mode"] == "solo" else Step("draft"))
    items += [_player_line(p) for p in state["players"]]
    if state["mode"] == "two_vs_bot":
        items.append(Step("two_vs_bot_player" if counts_bot(state) else "two_vs_bot_regular"))
    if bot:
        opponent = cat().opponents[bot["opponent"]]
        items.append(Step("bot", opponent=opponent.id, difficulty=opponent.difficulty, workers=cat().workers,
                          virtue=bot["virtue"]))
        if bot["deck"]["mode"] == "physical":
            items.append(Step("scheme_printed"))
        else:
            items.append(Step("scheme_app", deck=bot["deck"]["name"]))
    if state["players"]:
        items.append(Step("starts", name=state["players"][0]["name"]))
    return items


def _artisans_lines(state: dict) -> list[Step]:
    """Age of Artisans, Setup 1-6 (the box's additions to the base setup)."""
    hall = layout(state)
    lines = [
        Step("artisans_boxes", resets=list(hall.apprentice_reset_at)),
        Step("artisans_crafts"),
        Step("artisans_aids"),
        Step("artisans_hires", names=[p["name"] for p in reversed(state["players"])]),
    ]
    if hall.our_reading:
        lines.append(Step("artisans_six", players=hall.players, spaces=hall.capacity))
    for player in state["players"]:
        player_board = cat().boards.get(player["board"]) if player["board"] else None
        if player_board and player_board.tools:
            lines.append(Step("artisans_tool", name=player["name"], board=player_board.id, tools=player_board.tools))
    return lines


def _player_line(player: dict) -> Step:
    board = cat().boards.get(player["board"]) if player["board"] else None
    # a board's starting prisoners are part of its 20 workers, not 8 more
    return Step("player", name=player["name"], board=board.id if board else None, workers=cat().workers,
                prisoners=player["prisoners"], virtue=player["virtue"],
                held=[[r, player[r]] for r in RESOURCES if player[r]], debts=player["debts_unpaid"],
                extra_cards=board.extra_building_cards if board else 0)
