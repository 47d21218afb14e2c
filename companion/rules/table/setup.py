"""Starting a game: validate the setup form and derive what the rulebook derives."""

from __future__ import annotations

import random
from typing import Any

from . import bot_link
from .data import RESOURCES, cat, unknown_card_message
from .errors import Problem, SetupError
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
        problems.append(Problem("two_vs_bot_reading", f"must be one of {', '.join(BOT_READINGS)}"))
    elif reading != "bot_is_a_player" and mode != "two_vs_bot":
        problems.append(Problem("two_vs_bot_reading", "only a game of 2 players plus a bot has this choice"))
    deck = _check_deck(setup, mode, problems)
    players_in = setup.get("players")
    if not isinstance(players_in, list) or not all(isinstance(p, dict) for p in players_in):
        problems.append(Problem("players", "must be a list of players"))
        raise SetupError(problems)
    _check_count(mode, expansions, len(players_in), problems)
    bot_name = _bot_name(setup.get("opponent"))
    _check_names(players_in, bot_name, problems)
    variable = bool(setup.get("variable_boards", False))
    boards = _check_boards(players_in, variable, expansions, problems)
    if problems:
        raise SetupError(problems)
    boards = _deal_random_boards(boards, expansions, setup.get("seed", 0))
    players = [_player(p, board_id) for p, board_id in zip(players_in, boards)]
    players = _seat_order(players, variable)
    _starting_silver(players, mode, variable)
    state = {
        "format": "architects-companion/1",
        "title": str(setup.get("title") or "").strip(),
        "created_at": setup.get("created_at"),
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
    state["setup_checklist"] = checklist(state)
    return state


# -- validation -------------------------------------------------------------------------

def _check_options(setup: dict, mode: Any, expansions: Any, problems: list[Problem]) -> None:
    if mode not in MODES:
        problems.append(Problem("mode", f"must be one of {', '.join(MODES)}"))
    if not isinstance(expansions, list) or not all(item in EXPANSIONS for item in expansions):
        problems.append(Problem("expansions", f"may only list {', '.join(EXPANSIONS)}"))
    opponent = setup.get("opponent")
    if mode in HUMANS_WITH_BOT and _bot_name(opponent) is None:
        problems.append(Problem("opponent", f"choose the bot: {' or '.join(cat().opponents)}"))
    elif mode not in HUMANS_WITH_BOT and opponent is not None:
        problems.append(Problem("opponent", "only solo and 2 players vs bot games have a bot"))
    seed = setup.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        problems.append(Problem("seed", "must be a whole number"))
    title = setup.get("title") or ""
    if not isinstance(title, str) or len(title) > TITLE_MAX:
        problems.append(Problem("title", f"must be text of at most {TITLE_MAX} characters"))
    for flag in ("variable_boards", "track_resources", "physical_deck"):
        if not isinstance(setup.get(flag, False), bool):
            problems.append(Problem(flag, "must be true or false"))


def _check_deck(setup: dict, mode: Any, problems: list[Problem]) -> dict | None:
    """The bot's scheme deck: None (the practice deck) or a deck document, checked and
    normalised by the bot package; a physical-deck game draws the printed cards."""
    deck, physical = setup.get("deck"), setup.get("physical_deck", False)
    if mode not in HUMANS_WITH_BOT:
        if deck is not None or physical:
            problems.append(Problem("deck" if deck is not None else "physical_deck",
                                    "only solo and 2 players vs bot games have a scheme deck"))
        return None
    if deck is None:
        return None
    if physical is True:
        problems.append(Problem("deck", "a physical-deck game draws the printed cards: leave the deck out"))
        return None
    deck, deck_problems = bot_link.load_deck(deck)
    problems += [Problem(f"deck.{p.path}", p.message) for p in deck_problems]
    return deck


def _check_count(mode: str, expansions: list, count: int, problems: list[Problem]) -> None:
    most = cat().max_players_aoa if "age_of_artisans" in (expansions or []) else cat().max_players
    if mode in HUMANS_WITH_BOT and count != HUMANS_WITH_BOT[mode]:
        wanted = HUMANS_WITH_BOT[mode]
        problems.append(Problem("players", f"a {mode.replace('_', ' ')} game has exactly {wanted} "
                                           f"human player{'s' * (wanted > 1)} (got {count})"))
    elif not 1 <= count <= most:
        problems.append(Problem("players", f"must be 1 to {most} players (got {count})"))


def _check_names(players: list[dict], bot_name: str | None, problems: list[Problem]) -> None:
    seen: dict[str, int] = {}
    for seat, player in enumerate(players):
        if not isinstance(player.get("colour"), (str, type(None))):
            problems.append(Problem(f"players[{seat}].colour", "must be text"))
        player_name = player.get("name")
        path = f"players[{seat}].name"
        if not isinstance(player_name, str) or not 1 <= len(player_name.strip()) <= NAME_MAX:
            problems.append(Problem(path, f"must be 1 to {NAME_MAX} characters"))
            continue
        folded = player_name.strip().casefold()
        if folded in seen:
            problems.append(Problem(path, f"{player_name.strip()!r} is already the name of player {seen[folded] + 1}"))
        elif bot_name and folded == bot_name.casefold():
            problems.append(Problem(path, f"{bot_name} is the bot's name"))
        seen.setdefault(folded, seat)


def _check_boards(players: list[dict], variable: bool, expansions: list, problems: list[Problem]) -> list:
    boards = [p.get("board") for p in players]
    if not variable:
        for seat, board_id in enumerate(boards):
            if board_id is not None:
                problems.append(Problem(f"players[{seat}].board", "variable boards are off: everyone uses side 1"))
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
            problems.append(Problem(path, f"{known.name_en} comes with Age of Artisans, which this game does not use"))
        elif boards.index(board_id) != seat:
            problems.append(Problem(path, f"{known.name_en} is already taken by player {boards.index(board_id) + 1}"))
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


def checklist(state: dict) -> list[str]:
    """What to lay out on the physical table (Rulebook, Setup; Solo Play; Variable Setup)."""
    table, bot = state["table"], state["bot"]
    items = [
        "Player boards on side "
        + ("2 (variable: each player's own board)" if state["variable_boards"] else "1 (standard)"),
        "Shuffle the Black Market cards onto the left Black Market space, Small Market side up",
        f"Deal {table['reward_cards_left']} Reward cards face down beside the Cathedral",
        "Debt cards near the Guardhouse, unpaid side up; Multiplier cards and resources in the supply",
        "Shuffle the Apprentices and reveal 8 beside the Workshop; shuffle the Buildings beside the Workshop",
        f"Put {table['tax_stand_silver']} silver above the Tax Stand",
        f"Guildhall: {table['guildhall_capacity']} spaces in use; a Black Market Reset on spaces "
        + " and ".join(str(s) for s in table["guildhall_reset_at"]),
    ]
    if table["removed_buildings"]:
        names = [cat().buildings[b].name_en for b in table["removed_buildings"]]
        items.append(f"Remove these buildings from the deck: {', '.join(names)}")
    if "age_of_artisans" in state["expansions"]:
        items += _artisans_lines(state)
    if state["mode"] == "solo":
        items.append("Deal yourself 5 Building cards; keep 3")
    else:
        items.append("Deal 4 Building cards to each player; draft (keep 1, pass left) until everyone has 3")
    items += [_player_line(p) for p in state["players"]]
    if state["mode"] == "two_vs_bot":
        items.append(_two_vs_bot_line(state))
    if bot:
        opponent = cat().opponents[bot["opponent"]]
        items.append(f"{opponent.name_en} ({opponent.difficulty} side): {cat().workers} workers on the opponent "
                     f"board, markers under the Cathedral and on virtue {bot['virtue']}; no silver, no Building cards")
        if bot["deck"]["mode"] == "physical":
            items.append("Shuffle the 20 Starting Scheme cards (brown) as the draw pile; the 10 Future Scheme cards "
                         "(black) apart")
        else:
            items.append(f"Scheme cards: the app draws them from its deck ({bot['deck']['name']}); "
                         "leave the printed ones in the box")
    items.append(f"{state['players'][0]['name']} starts" if state["players"] else "")
    return [item for item in items if item]


def _artisans_lines(state: dict) -> list[str]:
    """Age of Artisans, Setup 1-6 (the box's additions to the base setup)."""
    hall = layout(state)
    reverse = ", ".join(p["name"] for p in reversed(state["players"]))
    lines = [
        "Age of Artisans: Guildhall board over the main board's Guildhall (apprentice resets on spaces "
        + " and ".join(str(s) for s in hall.apprentice_reset_at) + "); Black Market overlay card on the middle "
        "Black Market space; shuffle the new Apprentice and Building cards into their piles",
        "Shuffle the 24 Craft cards face down above the Guildhall; 4 face up along the top of the main board",
        "Each player takes 1 Player Aid and 1 Artisan in their colour",
        f"Before the building draft, in reverse turn order ({reverse}): each hires 1 face-up Apprentice at no "
        "cost (record it as Hire, hired at: free; its virtue counts), then refill the Workshop",
    ]
    if hall.our_reading:
        lines.append(f"{hall.players} players: the Guildhall as for 5 players ({hall.capacity} spaces; our reading "
                     "of 'as with the 5 player game'); the Reward pile is every Reward card in the box")
    for player in state["players"]:
        player_board = cat().boards.get(player["board"]) if player["board"] else None
        if player_board and player_board.tools:
            lines.append(f"{player['name']} ({player_board.name_en}): after the building draft, choose "
                         f"{player_board.tools} Tool from the face-up Craft cards and tuck it under an apprentice")
    return lines


def _two_vs_bot_line(state: dict) -> str:
    """Say which reading of the missing "2P vs Bot" card this game follows."""
    if counts_bot(state):
        return ("2 players + bot, set up " + BOT_READINGS["bot_is_a_player"]
                + ": the printed 2P vs Bot card is not in our sources; the other reading, a regular "
                  "2-player game, can be chosen when starting a game")
    return "2 players + bot, set up " + BOT_READINGS["regular_two_player"] + " (the other reading of 2P vs Bot)"


def _player_line(player: dict) -> str:
    board = cat().boards.get(player["board"]) if player["board"] else None
    held = [f"{player[r]} {r}" for r in RESOURCES if player[r]]
    extras = []
    extras += [f"{player['debts_unpaid']} unpaid debt"] if player["debts_unpaid"] else []
    if board and board.extra_building_cards:
        extras.append(f"{board.extra_building_cards} extra Building card after the draft")
    side = f" ({board.name_en} board)" if board else ""
    # a board's starting prisoners are part of its 20 workers, not 8 more
    workers = f"{cat().workers} workers" + (f" ({player['prisoners']} of them start in Prison)"
                                             if player["prisoners"] else "")
    return (f"{player['name']}{side}: {workers}, virtue {player['virtue']}, "
            + ", ".join(held + extras or ["no silver"]))
