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

from companion.aotwk.rules.codes import BotWords

# -- locations ---------------------------------------------------------------

OPEN = "open"                  # a large open circle: any number of workers; Town Centre may capture here
GUILDHALL = "guildhall"        # fill left to right; never captured; counts toward the end
BLACK_MARKET = "black_market"  # 3 single spaces; never captured; the third triggers a reset


@dataclass(frozen=True)
class Location:
    id: str         # also its word in the glossary (companion/aotwk/i18n/glossary_ko.yaml)
    kind: str       # OPEN | GUILDHALL | BLACK_MARKET

    @property
    def name(self) -> BotWords:
        """As the instructions print it: "the Quarry" (a code: said in a reader's language by its words)."""
        return BotWords("location", location=self.id)

    @property
    def capturable(self) -> bool:
        """Rulebook: "Players can never capture from the Guildhall, Black Market,
        inside the Prison, or from another player's Board." """
        return self.kind == OPEN


LOCATIONS: Mapping[str, Location] = MappingProxyType({loc.id: loc for loc in (
    Location("quarry", OPEN),
    Location("forest", OPEN),
    Location("mines", OPEN),
    Location("silversmith", OPEN),
    Location("kings_storehouse", OPEN),
    Location("workshop", OPEN),
    Location("town_centre", OPEN),
    Location("guardhouse", OPEN),
    Location("tax_stand", OPEN),
    Location("black_market", BLACK_MARKET),
    Location("guildhall", GUILDHALL),
)})
OPEN_LOCATIONS = tuple(loc.id for loc in LOCATIONS.values() if loc.kind == OPEN)

BLACK_MARKET_SPACES = ("small", "middle", "large")

# -- parameters ----------------------------------------------------------------


@dataclass(frozen=True)
class Param:
    """One parameter of a verb: a whole number in [low, high] or one of ``choices``."""

    name: str
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


def _amount(high: int = 10) -> Param:
    return Param("amount", low=1, high=high)


# -- verbs -----------------------------------------------------------------------

PLACEMENT = "placement"   # puts the turn's worker on the board; exactly one per card
EFFECT = "effect"


@dataclass(frozen=True)
class Verb:
    id: str
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
    Verb("place_worker", PLACEMENT,
         locations=OPEN_LOCATIONS,
         rule="Solo Play: 'Each Scheme Card instructs you to place 1 opposing Worker in a "
              "specific location on the Main Board.'"),
    Verb("guildhall", PLACEMENT,
         params=(Param("build", choices=("cathedral", "building"),
                       default="cathedral"),
                 Param("if_full",
                       choices=IF_CATHEDRAL_FULL, default="nothing")),
         locations=("guildhall",),
         rule="End of the Game: 'The game ends in the same way as a regular 2 player game "
              "(12 constructions).'"),
    Verb("black_market", PLACEMENT,
         params=(Param("space",
                       choices=BLACK_MARKET_SPACES + ("leftmost_free",), default="leftmost_free"),),
         locations=("black_market",),
         rule="Solo Play: the bot 'Can always ... visit the Black Market, regardless of their Virtue.'"),
    Verb("capture", EFFECT,
         params=(Param("from",
                       choices=CAPTURE_FROM, default="here"),
                 Param("group", choices=CAPTURE_GROUP,
                       default="largest")),
         per_card_max=2,
         rule="Town Centre: 'capture 1 group of Workers (of a single colour) from 1 location "
              "(up to 2 locations for 2-3 player and solo games)'; Solo Play: 'does not capture "
              "its own Workers'."),
    Verb("sell_captured", EFFECT,
         rule="Solo Play: 'Can capture and sell Workers (1 Marble for all Workers)'."),
    Verb("return_captured", EFFECT,
         rule="interpretation: a card may free the humans' workers without selling them"),
    Verb("release_prisoners", EFFECT,
         rule="Guardhouse: 'Release all their own Workers from Prison, placing them back onto "
              "their Player Board.'"),
    Verb("recover_held", EFFECT,
         params=(Param("pay", choices=("nothing", "debt_and_virtue"), default="nothing"),),
         rule="Guardhouse: 'take 1 Debt and lose 1 Virtue to release all their own Workers from other "
              "players' Boards ... Minimum of 1 captured Worker is required to take this action.'"),
    Verb("gain_marble", EFFECT, params=(_amount(),),
         rule="Solo Play: 'Collects Marble, but only for scoring purposes.'"),
    Verb("gain_virtue", EFFECT, params=(_amount(),),
         rule="Virtue Track: 'For each Virtue players gain above 14, they may destroy 1 unpaid Debt'."),
    Verb("lose_virtue", EFFECT, params=(_amount(),),
         rule="Virtue Track: 'For each Virtue players lose below 0, they must take a Debt Card.'"),
    Verb("take_debt", EFFECT, params=(_amount(5),),
         rule="Solo Play: 'Can receive and destroy Debts.'"),
    Verb("destroy_debt", EFFECT, params=(_amount(5),),
         rule="Solo Play: 'Can receive and destroy Debts.'"),
    Verb("advance_cathedral", EFFECT,
         params=(Param("if_full",
                       choices=IF_CATHEDRAL_FULL, default="nothing"),),
         rule="Solo Play: 'Does not require any goods or Building Cards when constructing the "
              "Cathedral'; 'Players can only advance their work on the Cathedral if there is an "
              "available space.'"),
    Verb("take_tax_stand", EFFECT,
         rule="Tax Stand: 'take all the Silver from above the Tax Stand ... this will cause them "
              "to lose 2 Virtue'; Solo Play: the bot 'Does not collect or use any Silver'."),
    Verb("discard_apprentices", EFFECT,
         params=(Param("count", low=1, high=8),
                 Param("row", choices=("top", "bottom", "both"), default="both"),
                 Param("end", choices=("left", "right"),
                       default="left")),
         rule="interpretation: Workshop refill: 'shift to the left ... Then fill the right-most "
              "space by revealing the top card'"),
    Verb("shuffle_future", EFFECT,
         params=(Param("count", low=1, high=10),),
         rule="Setup: 'Place the Future Scheme Cards in a facedown pile ... You will only draw "
              "these when instructed to.'"),
    Verb("note", EFFECT,
         params=(Param("text", choices=(), max_length=200),),
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
    """The vocabulary as plain data, for the deck editor's pick lists and docs: a location's name, a
    verb's label and an option's help are codes (their English as text, said in a language by
    ``render``)."""
    return {
        "locations": [{"id": loc.id, "name": loc.name, "kind": loc.kind} for loc in LOCATIONS.values()],
        "verbs": [
            {"do": v.id, "label": BotWords("verb_label", verb=v.id), "role": v.role,
             "locations": list(v.locations or ()), "per_card_max": v.per_card_max, "rule": v.rule,
             "params": [{"name": p.name, "help": BotWords("param_help", verb=v.id, param=p.name), "kind": p.kind,
                         "choices": list(p.choices or ()), "low": p.low, "high": p.high,
                         "default": p.default, "required": p.required} for p in v.params]}
            for v in VERBS.values()
        ],
    }
