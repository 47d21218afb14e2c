"""The setup checklist's words: what to lay out on the physical table, as catalogue messages.

``companion.aotwk.rules.table.setup.checklist`` hands out each line as ``Step(code, **params)``
(``companion.aotwk.rules.codes``);
as a ``str`` it is the English sentence the game document has always stored
(``setup_checklist``), and the document also keeps the codes (``setup_steps``) so the
web layer says the lines in the reader's language. Korean uses the Korean rulebook's
setup words (seed 001, 게임 준비 and 1인 게임 규칙); Age of Artisans has no Korean
edition, so its lines are our translation of seed 003.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from companion.aotwk.i18n.glossary import term
from companion.aotwk.catalogue import library_key
from companion.aotwk.i18n.names import card_name
from companion.aotwk.rules.codes import SetupRefusal, Step
from companion.i18n.sentences import AND, LIST, N_, OR, Context, Joined, Lookup, Phrase, Plural


HELD = N_("{n} {what}")
PRACTICE = N_("Practice deck (not the printed scheme cards)")   # the practice deck's name (bot.PRACTICE_NAME)
BOT_SIDES = {"standard": Context("bot side", "standard"), "hard": Context("bot side", "hard")}
WORKERS = N_("{workers} workers")
WORKERS_IN_PRISON = N_("{workers} workers ({prisoners} of them start in Prison)")
BOARD_SIDE = N_(" ({board} board)")
PLAYER = N_("{name}{side}: {workers}, virtue {virtue}, {items}")
UNPAID = N_("{debts} unpaid debt")
EXTRA_CARDS = N_("{extra_cards} extra Building card after the draft")
NO_SILVER = N_("no silver")
BOARDS_VARIABLE = N_("Player boards on side 2 (variable: each player's own board)")
BOARDS_STANDARD = N_("Player boards on side 1 (standard)")


def _player(name, board, workers, prisoners, virtue, held, debts, extra_cards) -> Phrase:
    items = [Phrase(HELD, n=n, what=Lookup(term, r)) for r, n in held]
    items += [Phrase(UNPAID, debts=debts)] if debts else []
    items += [Phrase(EXTRA_CARDS, extra_cards=extra_cards)] if extra_cards else []
    return Phrase(PLAYER, name=name, virtue=virtue, items=Joined(items, LIST) if items else NO_SILVER,
                  side=Phrase(BOARD_SIDE, board=Lookup(card_name, "board", board)) if board else "",
                  workers=Phrase(WORKERS_IN_PRISON, workers=workers, prisoners=prisoners) if prisoners
                  else Phrase(WORKERS, workers=workers))


Step.declare({
    "boards_side": lambda variable: BOARDS_VARIABLE if variable else BOARDS_STANDARD,
    "black_market": N_("Shuffle the Black Market cards onto the left Black Market space, Small Market side up"),
    "rewards": N_("Deal {cards} Reward cards face down beside the Cathedral"),
    "supply": N_("Debt cards near the Guardhouse, unpaid side up; Multiplier cards and resources in the supply"),
    "workshop": N_("Shuffle the Apprentices and reveal 8 beside the Workshop; shuffle the Buildings beside the "
                   "Workshop"),
    "tax_stand": N_("Put {silver} silver above the Tax Stand"),
    "guildhall": lambda spaces, resets: Phrase(
        N_("Guildhall: {spaces} spaces in use; a Black Market Reset on spaces {resets}"),
        spaces=spaces, resets=Joined(resets, AND)),
    "removed_buildings": lambda buildings: Phrase(
        N_("Remove these buildings from the deck: {buildings}"),
        buildings=Joined([Lookup(card_name, "building", b) for b in buildings], LIST)),
    "artisans_boxes": lambda resets: Phrase(
        N_("Age of Artisans: Guildhall board over the main board's Guildhall (apprentice resets on spaces "
           "{resets}); Black Market overlay card on the middle Black Market space; shuffle the new Apprentice and "
           "Building cards into their piles"), resets=Joined(resets, AND)),
    "artisans_crafts": N_("Shuffle the 24 Craft cards face down above the Guildhall; 4 face up along the top of "
                          "the main board"),
    "artisans_aids": N_("Each player takes 1 Player Aid and 1 Artisan in their colour"),
    "artisans_hires": lambda names: Phrase(
        N_("Before the building draft, in reverse turn order ({names}): each hires 1 face-up Apprentice at no cost "
           "(record it as Hire, hired at: free; its virtue counts), then refill the Workshop"),
        names=Joined(names, LIST)),
    "artisans_six": N_("{players} players: the Guildhall as for 5 players ({spaces} spaces; our reading of 'as with "
                       "the 5 player game'); the Reward pile is every Reward card in the box"),
    "artisans_tool": lambda name, board, tools: Phrase(
        N_("{name} ({board}): after the building draft, choose {tools} Tool from the face-up Craft cards and tuck it "
           "under an apprentice"), name=name, board=Lookup(card_name, "board", board), tools=tools),
    "solo_draft": N_("Deal yourself 5 Building cards; keep 3"),
    "draft": N_("Deal 4 Building cards to each player; draft (keep 1, pass left) until everyone has 3"),
    "player": _player,
    "two_vs_bot_player": N_("2 players + bot, set up as a 3-player game, the bot counting as a player (our "
                            "reading): the printed 2P vs Bot card is not in our sources; the other reading, a "
                            "regular 2-player game, can be chosen when starting a game"),
    "two_vs_bot_regular": N_("2 players + bot, set up as a regular 2-player game with the bot added (the other "
                             "reading of 2P vs Bot)"),
    "bot": lambda opponent, difficulty, workers, virtue: Phrase(
        N_("{opponent} ({difficulty} side): {workers} workers on the opponent board, markers under the Cathedral "
           "and on virtue {virtue}; no silver, no Building cards"),
        opponent=Lookup(card_name, "opponent", opponent), difficulty=BOT_SIDES.get(difficulty, difficulty),
        workers=workers, virtue=virtue),
    "scheme_printed": N_("Shuffle the 20 Starting Scheme cards (brown) as the draw pile; the 10 Future Scheme "
                         "cards (black) apart"),
    # a deck's name as saved (a player's words), but the practice deck's is ours
    "scheme_app": lambda deck: Phrase(
        N_("Scheme cards: the app draws them from its deck ({deck}); leave the printed ones in the box"),
        deck=PRACTICE if deck == str(PRACTICE) else deck),
    "starts": N_("{name} starts"),
})


def checklist_lines(state: dict[str, Any], lang: str) -> list[str]:
    """The game's checklist in ``lang``: from its codes (``setup_steps``) when the game
    has them, else the English lines it stored (a game started before the codes)."""
    steps = state.get("setup_steps")
    if isinstance(steps, list):
        try:
            # the same for the whole game: said once per language and card library, not at every revision
            return list(_said(json.dumps(steps, sort_keys=True), lang, library_key()))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):   # a code this version cannot say
            pass
    return [str(line) for line in state.get("setup_checklist") or []]


@lru_cache(maxsize=256)
def _said(steps: str, lang: str, _library: str | None) -> tuple[str, ...]:
    return tuple(Step.from_code(step).render(lang) for step in json.loads(steps))


# -- what the setup refuses ------------------------------------------------------------------

# A game mode a refusal names (``humans_with_bot``'s ``mode``).
MODES = {"solo": Context("game mode", "solo"), "two_vs_bot": Context("game mode", "two vs bot")}
# a choice's ids (English only: a translation says 'choose from the list' beside the field's choices)
ONE_OF = N_("must be one of {allowed}", leave_out={"allowed"})
MAY_ONLY_LIST = N_("may only list {allowed}", leave_out={"allowed"})
# the mode's id (English only: a translation names the modes a game with or without a bot may be)
WITH_BOT_MODE = Context("setup", "a game with a bot cannot be {mode!r}", leave_out={"mode"})
WITHOUT_BOT_MODE = Context("setup", "a game without a bot cannot be {mode!r}", leave_out={"mode"})


def _card(kind: str, key: str):
    """A refusal's sentence whose ``key`` parameter is a card id, said as the card's printed name."""
    def sentence(message):
        return lambda **params: Phrase(message, **{**params, key: Lookup(card_name, kind, params[key])})
    return sentence


SetupRefusal.declare({
    "one_of": lambda allowed: Phrase(ONE_OF, allowed=Joined(allowed, LIST)),
    "may_only_list": lambda allowed: Phrase(MAY_ONLY_LIST, allowed=Joined(allowed, LIST)),
    "reading_two_vs_bot_only": N_("only a game of 2 players plus a bot has this choice"),
    "choose_bot": lambda opponents: Phrase(N_("choose the bot: {opponents}"), opponents=Joined(
        [Lookup(card_name, "opponent", opponent) for opponent in opponents], OR)),
    "bot_games_only": N_("only solo and 2 players vs bot games have a bot"),
    "deck_bot_games_only": N_("only solo and 2 players vs bot games have a scheme deck"),
    "deck_physical": N_("a physical-deck game draws the printed cards: leave the deck out"),
    "whole_number": N_("must be a whole number"),
    "text_at_most": N_("must be text of at most {most} characters"),
    "true_or_false": N_("must be true or false"),
    "humans_with_bot": lambda mode, wanted, got: Phrase(
        Plural("a {mode} game has exactly {wanted} human player (got {got})",
               "a {mode} game has exactly {wanted} human players (got {got})", count="wanted"),
        mode=MODES.get(mode, mode), wanted=wanted, got=got),
    "player_count": N_("must be 1 to {most} players (got {got})"),
    "list_of_players": N_("must be a list of players"),
    "text": N_("must be text"),
    "name_length": N_("must be 1 to {most} characters"),
    "name_taken": N_("{name!r} is already the name of player {seat}"),
    "bot_name": _card("opponent", "bot")(N_("{bot} is the bot's name")),
    "side_one": N_("variable boards are off: everyone uses side 1"),
    "artisans_board": _card("board", "board")(N_("{board} comes with Age of Artisans, which this game does not use")),
    "board_taken": _card("board", "board")(N_("{board} is already taken by player {seat}")),
    "bot_mode": lambda with_bot, mode: Phrase(WITH_BOT_MODE if with_bot else WITHOUT_BOT_MODE, mode=mode),
})
