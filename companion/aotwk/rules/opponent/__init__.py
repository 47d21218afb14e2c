"""The solo bot as the table tracker sees it: no turn logic, no table imports.

Where its 20 workers are (``workers``), its scheme deck and piles (``deck``,
``vocabulary``) and its setup (``setup``). The table tracker builds on this
package; the bot's turns (``companion.aotwk.rules.bot``) build on the table and on
this, so neither imports the other in a circle.
"""

from .deck import load_deck
from .setup import BotError, new_bot, setup_bot
from .vocabulary import LOCATIONS
from .workers import has_workers, human_captures, human_imprisons, human_releases_own, reconcile

__all__ = ["BotError", "LOCATIONS", "has_workers", "human_captures", "human_imprisons", "human_releases_own",
           "load_deck", "new_bot", "reconcile", "setup_bot"]
