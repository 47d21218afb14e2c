"""Where the bot's 20 workers are, and the human captures it holds.

``state["bot"]["workers"]``::

    {"board": 20, "locations": {"quarry": 0, ...}, "guildhall": 0,
     "black_market": 0, "prison": 0, "held_by": {"0": 0}}

``held_by`` counts bot workers on a human's board, by seat (JSON keys are
strings). ``state["bot"]["captured_from"]`` counts the humans' workers on the
bot's board, by seat. The sum of ``workers`` is always 20.

The functions below mutate the state they are given (the caller passes a copy,
as in ``companion.aotwk.rules.table``) and return how many workers moved. The
``human_*`` ones are for the table tracker: what a human's action does to the
bot's workers. They change only ``state["bot"]``; the human's own counts
(``captured``, silver) stay the table's business (``table.prison.capture`` etc.).
"""

from __future__ import annotations

from companion.aotwk.catalogue import load

from .vocabulary import OPEN_LOCATIONS

TOTAL = load().workers  # every player's, the bot's included: 20


def new_workers(humans: int) -> dict:
    return {"board": TOTAL, "locations": dict.fromkeys(OPEN_LOCATIONS, 0), "guildhall": 0,
            "black_market": 0, "prison": 0, "held_by": {str(s): 0 for s in range(humans)}}


def places(workers: dict) -> dict[str, int]:
    """Every place as a flat name -> count ("board", "locations.forest", "held_by.0", ...)."""
    flat = {}
    for key, value in workers.items():
        if isinstance(value, dict):
            flat.update({f"{key}.{sub}": n for sub, n in value.items()})
        else:
            flat[key] = value
    return flat


def total(workers: dict) -> int:
    return sum(places(workers).values())


def _slot(workers: dict, place: str) -> tuple[dict, str]:
    head, _, sub = place.partition(".")
    if sub:
        return workers[head], sub
    if head not in workers or isinstance(workers[head], dict):
        raise KeyError(f"not a worker place: {place!r}")
    return workers, head


def move(workers: dict, source: str, target: str, count: int | None = None) -> int:
    """Move ``count`` workers (all of them when None; never more than are there)."""
    src, src_key = _slot(workers, source)
    dst, dst_key = _slot(workers, target)
    moved = src[src_key] if count is None else min(count, src[src_key])
    src[src_key] -= moved
    dst[dst_key] = dst.get(dst_key, 0) + moved
    return moved


def sync(bot: dict) -> None:
    """Keep the score-input fields equal to what the worker counts say."""
    bot["prisoners"] = bot["workers"]["prison"]
    bot["guildhall_workers"] = bot["workers"]["guildhall"]
    bot["captured"] = sum(bot["captured_from"].values())


# -- hooks for the table tracker ---------------------------------------------------

def has_workers(state: dict) -> bool:
    """Whether the game has a bot that keeps its worker places (set up by ``setup.setup_bot``)."""
    return isinstance((state.get("bot") or {}).get("workers"), dict)


def human_captures(state: dict, seat: int, location: str, count: int | None = None) -> int:
    """A human captures the bot's group at an open location (Town Centre): the
    workers go onto the human's board."""
    bot = state["bot"]
    moved = move(bot["workers"], f"locations.{location}", f"held_by.{seat}", count)
    sync(bot)
    return moved


def human_imprisons(state: dict, seat: int) -> int:
    """Guardhouse action 1 by a human: the bot workers they hold go to Prison
    (the human's silver is the caller's business)."""
    bot = state["bot"]
    moved = move(bot["workers"], f"held_by.{seat}", "prison")
    sync(bot)
    return moved


def human_releases_own(state: dict, seat: int) -> int:
    """Guardhouse action 3 by a human: their workers on the bot's board go home."""
    bot = state["bot"]
    moved = bot["captured_from"].get(str(seat), 0)
    bot["captured_from"][str(seat)] = 0
    sync(bot)
    return moved


def black_market_to_prison(state: dict) -> int:
    """Black Market Reset step 1 for the bot's workers."""
    bot = state["bot"]
    moved = move(bot["workers"], "black_market", "prison")
    sync(bot)
    return moved


def released_from_prison(state: dict, count: int | None = None) -> int:
    """The bot's workers leave the Prison for its board (e.g. a card released by a human)."""
    bot = state["bot"]
    moved = move(bot["workers"], "prison", "board", count)
    sync(bot)
    return moved


# -- keeping the worker places in step ----------------------------------------------

def _follow(workers: dict, place: str, wanted: int, sources: list[str]) -> None:
    """Make ``workers[place]`` equal ``wanted``: more come from ``sources`` in order;
    fewer go back to the bot's board."""
    missing = wanted - workers[place]
    for source in sources:
        if missing > 0:
            missing -= move(workers, source, place, missing)
    if missing < 0:
        move(workers, place, "board", -missing)


def reconcile(state: dict) -> None:
    """Bring the bot's worker places in step with the counts the table keeps, after
    table moves made outside a bot turn (a reset a human caused, a human's capture or
    rescue, a correction). The table's counts win:

    - Black Market: the spaces the table shows "bot" on. Workers that left it went to
      Prison (a reset); new ones came from the bot's board.
    - Prison: ``bot["prisoners"]``. More prisoners come first from the humans' boards
      (a human sent captured bot workers to Prison), then from the board locations,
      then from the bot's board; fewer went back to its board.
    - Guildhall: ``bot["guildhall_workers"]``; new ones came from the bot's board.
    - Captured humans: ``bot["captured"]``. Fewer (a human's rescue) come off the
      largest holdings first; more are booked to the first human. The hooks in
      ``workers`` say exactly whose and where, and are better when the caller knows.
    """
    if not has_workers(state):
        return  # no bot, or one not set up yet (setup.setup_bot)
    bot = state["bot"]
    workers = bot["workers"]
    held = [f"held_by.{seat}" for seat in workers["held_by"]]
    located = [f"locations.{loc}" for loc in workers["locations"]]
    on_market = sum(1 for who in state["table"]["black_market"].values() if who == "bot")
    if workers["black_market"] > on_market:
        move(workers, "black_market", "prison", workers["black_market"] - on_market)
    _follow(workers, "black_market", on_market, ["board", *located])
    _follow(workers, "prison", bot["prisoners"], [*held, *located, "board"])
    _follow(workers, "guildhall", bot["guildhall_workers"], ["board", *located])
    captured_from = bot["captured_from"]
    extra = bot["captured"] - sum(captured_from.values())
    if extra > 0 and captured_from:
        first = next(iter(captured_from))
        captured_from[first] += extra
    while extra < 0:
        seat = max(captured_from, key=lambda s: captured_from[s])
        taken = min(-extra, captured_from[seat])
        captured_from[seat] -= taken
        extra += taken
    sync(bot)
