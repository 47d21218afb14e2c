"""The scheme-card vocabulary: board locations and the closed set of action verbs.

Everything a scheme card can say is data declared here, in one place: where the
bot's worker goes (``LOCATIONS``) and what follows (``VERBS``, each with the
parameters it takes). The deck validator, the deck editor's pick lists and the
turn engine all read these tables; nothing else names a verb or a location.

Source: the English rulebook, Solo Play appendix ("Each Scheme Card instructs
you to place 1 opposing Worker in a specific location on the Main Board. Some
locations behave differently for your opponent, as outlined on each card.")
and the board-location rules. The printed cards themselves are not in our
sources; where the rulebook is silent the choice is an explicit parameter with
a documented default (see ``docs/design.md``, "The solo bot").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from companion.i18n.bot_words import BotWords

# -- locations ---------------------------------------------------------------

OPEN = "open"                  # a large open circle: any number of workers; Town Centre may capture here
GUILDHALL = "guildhall"        # fill left to right; never captured; counts toward the end
BLACK_MARKET = "black_market"  # 3 single spaces; never captured; the third triggers a reset


@dataclass(frozen=True)
class Location:
    id: str
    name: str       # as the instructions print it ("the Quarry")
    kind: str       # OPEN | GUILDHALL | BLACK_MARKET

    @property
    def capturable(self) -> bool:
        """Rulebook: "Players can never capture from the Guildhall, Black Market,
        inside the Prison, or from another player's Board." """
        return self.kind == OPEN


LOCATIONS: Mapping[str, Location] = MappingProxyType({loc.id: loc for loc in (
    Location("quarry", "the Quarry", OPEN),
    Location("forest", "the Forest", OPEN),
    Location("mines", "the Mines", OPEN),
    Location("silversmith", "the Silversmith", OPEN),
    Location("kings_storehouse", "the King's Storehouse", OPEN),
    Location("workshop", "the Workshop", OPEN),
    Location("town_centre", "the Town Centre", OPEN),
    Location("guardhouse", "the Guardhouse", OPEN),
    Location("tax_stand", "the Tax Stand", OPEN),
    Location("black_market", "the Black Market", BLACK_MARKET),
    Location("guildhall", "the Guildhall", GUILDHALL),
)})
OPEN_LOCATIONS = tuple(loc.id for loc in LOCATIONS.values() if loc.kind == OPEN)

BLACK_MARKET_SPACES = ("small", "middle", "large")

# -- parameters ----------------------------------------------------------------


@dataclass(frozen=True)
class Param:
    """One parameter of a verb: a whole number in [low, high] or one of ``choices``."""

    name: str
    help: str
    choices: tuple[str, ...] | None = None   # None: a whole number
    low: int = 1
    high: int = 20
    default: Any = None                      # None: required
    max_length: int | None = None            # for free text (choices == () )

    @property
    def required(self) -> bool:
        return self.default is None

    @property
    def kind(self) -> str:
        if self.max_length is not None:
            return "text"
        return "int" if self.choices is None else "choice"


def _amount(help: str, high: int = 10) -> Param:
    return Param("amount", help, low=1, high=high)


# -- verbs -----------------------------------------------------------------------

PLACEMENT = "placement"   # puts the turn's worker on the board; exactly one per card
EFFECT = "effect"


@dataclass(frozen=True)
class Verb:
    id: str
    label: str                       # for pick lists
    role: str                        # PLACEMENT | EFFECT
    params: tuple[Param, ...] = ()
    locations: tuple[str, ...] | None = None   # placement verbs: card locations they fit
    per_card_max: int | None = None             # e.g. captures: up to 2 locations solo
    rule: str = ""                              # the rulebook sentence behind it, or "interpretation"
    param_map: Mapping[str, Param] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "param_map", MappingProxyType({p.name: p for p in self.params}))


# What the bot does when a free Cathedral advance finds no free space (or it is at
# the top). The printed rule is not in our sources, so the card names it.
IF_CATHEDRAL_FULL = ("nothing", "gain_virtue", "gain_marble")

CAPTURE_FROM = OPEN_LOCATIONS + ("here", "any")
CAPTURE_GROUP = ("largest", "smallest")

VERBS: Mapping[str, Verb] = MappingProxyType({v.id: v for v in (
    Verb("place_worker", "Place the worker at the card's location", PLACEMENT,
         locations=OPEN_LOCATIONS,
         rule="Solo Play: 'Each Scheme Card instructs you to place 1 opposing Worker in a "
              "specific location on the Main Board.'"),
    Verb("guildhall", "Place the worker in the Guildhall (counts toward the end)", PLACEMENT,
         params=(Param("build", "what the placement is for", choices=("cathedral", "building"),
                       default="cathedral"),
                 Param("if_full", "if the Cathedral has no free space for the bot",
                       choices=IF_CATHEDRAL_FULL, default="nothing")),
         locations=("guildhall",),
         rule="End of the Game: 'The game ends in the same way as a regular 2 player game "
              "(12 constructions).'"),
    Verb("black_market", "Place the worker on a Black Market space", PLACEMENT,
         params=(Param("space", "which space; a taken space falls back to the left-most free one",
                       choices=BLACK_MARKET_SPACES + ("leftmost_free",), default="leftmost_free"),),
         locations=("black_market",),
         rule="Solo Play: the bot 'Can always ... visit the Black Market, regardless of their Virtue.'"),
    Verb("capture", "Capture a group of a human's workers", EFFECT,
         params=(Param("from", "where: a location, 'here' (the card's location) or 'any'",
                       choices=CAPTURE_FROM, default="here"),
                 Param("group", "which group of a single colour", choices=CAPTURE_GROUP,
                       default="largest")),
         per_card_max=2,
         rule="Town Centre: 'capture 1 group of Workers (of a single colour) from 1 location "
              "(up to 2 locations for 2-3 player and solo games)'; Solo Play: 'does not capture "
              "its own Workers'."),
    Verb("sell_captured", "Send captured workers to Prison for 1 Marble in all", EFFECT,
         rule="Solo Play: 'Can capture and sell Workers (1 Marble for all Workers)'."),
    Verb("return_captured", "Give captured workers back to their owners", EFFECT,
         rule="interpretation: a card may free the humans' workers without selling them"),
    Verb("release_prisoners", "Release the bot's workers from Prison", EFFECT,
         rule="Guardhouse: 'Release all their own Workers from Prison, placing them back onto "
              "their Player Board.'"),
    Verb("recover_held", "Take back the bot's workers held on the humans' boards", EFFECT,
         rule="Guardhouse: 'release all their own Workers from other players' Boards, placing "
              "them back onto their Player Board.'"),
    Verb("gain_marble", "Gain Marble", EFFECT, params=(_amount("how many Marble"),),
         rule="Solo Play: 'Collects Marble, but only for scoring purposes.'"),
    Verb("gain_virtue", "Gain Virtue", EFFECT, params=(_amount("how many Virtue"),),
         rule="Virtue Track: 'For each Virtue players gain above 14, they may destroy 1 unpaid Debt'."),
    Verb("lose_virtue", "Lose Virtue", EFFECT, params=(_amount("how many Virtue"),),
         rule="Virtue Track: 'For each Virtue players lose below 0, they must take a Debt Card.'"),
    Verb("take_debt", "Take unpaid Debts", EFFECT, params=(_amount("how many Debts", 5),),
         rule="Solo Play: 'Can receive and destroy Debts.'"),
    Verb("destroy_debt", "Destroy unpaid Debts", EFFECT, params=(_amount("how many Debts", 5),),
         rule="Solo Play: 'Can receive and destroy Debts.'"),
    Verb("advance_cathedral", "Advance on the Cathedral for free", EFFECT,
         params=(Param("if_full", "if the Cathedral has no free space for the bot",
                       choices=IF_CATHEDRAL_FULL, default="nothing"),),
         rule="Solo Play: 'Does not require any goods or Building Cards when constructing the "
              "Cathedral'; 'Players can only advance their work on the Cathedral if there is an "
              "available space.'"),
    Verb("take_tax_stand", "Steal the Tax Stand's silver (to the supply) and lose 2 Virtue", EFFECT,
         rule="Tax Stand: 'take all the Silver from above the Tax Stand ... this will cause them "
              "to lose 2 Virtue'; Solo Play: the bot 'Does not collect or use any Silver'."),
    Verb("discard_apprentices", "Discard faceup Apprentices from the board", EFFECT,
         params=(Param("count", "how many", low=1, high=8),
                 Param("row", "which row", choices=("top", "bottom", "both"), default="both"),
                 Param("end", "from which end of the row", choices=("left", "right"),
                       default="left")),
         rule="interpretation: Workshop refill: 'shift to the left ... Then fill the right-most "
              "space by revealing the top card'"),
    Verb("shuffle_future", "Shuffle Future cards into the draw pile", EFFECT,
         params=(Param("count", "how many Future cards", low=1, high=10),),
         rule="Setup: 'Place the Future Scheme Cards in a facedown pile ... You will only draw "
              "these when instructed to.'"),
    Verb("note", "Anything else the card says (shown, not applied)", EFFECT,
         params=(Param("text", "the card's words", choices=(), max_length=200),),
         rule="interpretation: lets a player transcribe an effect outside this vocabulary"),
)})


def summary(action: dict, location: str) -> BotWords:
    """One action in plain words, e.g. "Gain 2 Marble" (defaults filled in), as a code:
    the verb and its options by id ("here" becomes the card's location)."""
    verb = VERBS[action["do"]]
    values = {}
    for param in verb.params:
        value = action.get(param.name, param.default)
        values["where" if param.name == "from" else param.name] = location if value == "here" else value
    if verb.id == "place_worker":
        values["location"] = location
    return BotWords("summary", do=verb.id, **values)


def card_summary(card: dict) -> list[BotWords]:
    """A valid card in plain words, one line per action."""
    return [summary(action, card["location"]) for action in card["actions"]]


def describe() -> dict:
    """The vocabulary as plain data, for the deck editor's pick lists and docs."""
    return {
        "locations": [{"id": loc.id, "name": loc.name, "kind": loc.kind} for loc in LOCATIONS.values()],
        "verbs": [
            {"do": v.id, "label": v.label, "role": v.role, "locations": list(v.locations or ()),
             "per_card_max": v.per_card_max, "rule": v.rule,
             "params": [{"name": p.name, "help": p.help, "kind": p.kind,
                         "choices": list(p.choices or ()), "low": p.low, "high": p.high,
                         "default": p.default, "required": p.required} for p in v.params]}
            for v in VERBS.values()
        ],
    }
