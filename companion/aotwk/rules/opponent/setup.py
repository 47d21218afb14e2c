"""The bot as the table sees it, set up: its fields, its 20 workers' places, its scheme piles.

No turn logic and no table imports: the table tracker sets the bot up and follows
its workers through this package; the bot's turns (``companion.aotwk.rules.bot``) build
on both.
"""

from __future__ import annotations

import copy

from companion.aotwk.catalogue import load as load_catalogue
from companion.aotwk.rules.codes import BotWords
from companion.problems import InvalidInput, Problem, Refused

from . import deck as decks
from .workers import new_workers, sync


class BotError(Refused):
    """The bot cannot take a turn now (no bot, game over, not its turn, no cards): a code or a sentence."""

    def __init__(self, why):
        super().__init__([Problem("turn", why)])
        self.args = (why,)


# -- setup ----------------------------------------------------------------------------

def new_bot(opponent: str, *, humans: int = 1, deck: dict | None = None, seed: int = 0,
            physical: bool = False) -> dict:
    """The bot's starting state (Solo Play, Setup 4-8): all 20 workers on its board,
    virtue 7, below the Cathedral, no silver or cards; the Starting and Future
    scheme piles shuffled separately. ``deck`` defaults to the practice deck."""
    catalogue = load_catalogue()
    if opponent not in catalogue.opponents:
        raise InvalidInput([Problem("bot.opponent", BotWords("unknown_opponent", choices=", ".join(catalogue.opponents),
                                                             got=repr(opponent)))])
    if physical:
        piles = decks.physical_piles()
    else:
        piles = decks.new_piles(deck if deck is not None else decks.practice_deck(), seed)
    bot = {
        "opponent": opponent, "virtue": catalogue.solo["start_virtue"], "cathedral": 0, "marble": 0,
        "guildhall_workers": 0, "debts_unpaid": 0, "debts_destroyed": 0, "prisoners": 0, "captured": 0,
        "adornments": [], "workers": new_workers(humans), "captured_from": {str(s): 0 for s in range(humans)},
        "deck": piles, "turns": 0,
    }
    sync(bot)
    return bot


def setup_bot(state: dict, *, deck: dict | None = None, seed: int = 0, physical: bool = False) -> dict:
    """A new state whose ``state["bot"]`` is ready to play: the opponent the setup
    chose, the worker places, the scheme piles (``deck`` defaults to the practice deck;
    ``physical`` keeps no piles). Fields the table already set are kept."""
    if not state.get("bot"):
        raise BotError(BotWords("no_bot"))
    new = copy.deepcopy(state)
    bot = new_bot(new["bot"]["opponent"], humans=len(new["players"]), deck=deck, seed=seed, physical=physical)
    keep = {k: v for k, v in new["bot"].items() if k not in bot and k != "workers"}
    new["bot"] = {**bot, **keep}
    return new


def remember_printed(state: dict, deck_id: str, cards: list[dict]) -> dict:
    """A new state whose printed-card bot remembers the table's deck: the cards entered
    in earlier games (saved as ``deck_id``), offered at each draw. Cards that do not
    pass the card check (an unfinished card in the editor) are left out."""
    if not state.get("bot") or state["bot"]["deck"]["mode"] != "physical":
        raise BotError(BotWords("deals_own"))
    good = [card for card in cards if isinstance(card, dict) and isinstance(card.get("id"), str)
            and not decks.validate_card(card)]
    new = copy.deepcopy(state)
    new["bot"]["deck"] = {**decks.physical_piles(good, deck_id), "played": new["bot"]["deck"].get("played", 0)}
    return new

