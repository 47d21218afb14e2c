"""Scheme decks: the JSON file format, its validation, and the deck piles of a game.

A deck file::

    {"format": "architects-companion/scheme-deck/1",
     "name": "Our transcription", "practice": false,
     "cards": [{"id": "s01", "group": "starting", "location": "forest",
                "actions": [{"do": "place_worker"}, {"do": "gain_marble", "amount": 1}]}, ...]}

``validate_deck(data)`` returns a list of ``Problem(path, message)``, empty when the
deck is good; ``load_deck(text_or_data)`` returns the normalised deck or raises
``InvalidInput``. A normalised card has every parameter spelled out (defaults filled).

The piles of a game live in ``state["bot"]["deck"]`` as plain data::

    {"mode": "deck", "name": ..., "practice": bool, "seed": 1234, "shuffles": 2,
     "cards": {id: card}, "draw": [id, ...], "discard": [...], "future": [...], "last": id | None}

``draw[0]`` is the top of the draw pile. Every shuffle uses
``random.Random(f"{seed}:{shuffles}")`` and then counts itself, so a game replays
exactly from its seed and drawing is a pure function of the state (undo, which
restores the previous state, puts the card back on top).
"""

from __future__ import annotations

import copy
import difflib
import json
import random
from importlib import resources
from typing import Any

from companion.aotwk.rules.codes import BotWords
from companion.aotwk.rules.opponent.names import PRACTICE_NAME
from companion.problems import InvalidInput, Problem

from .vocabulary import LOCATIONS, PLACEMENT, VERBS, Param

FORMAT = "architects-companion/scheme-deck/1"
GROUPS = {"starting": 20, "future": 10}
MAX_NAME = 80
MAX_ID = 40


# -- validation ------------------------------------------------------------------

def _close(wrong: Any, known) -> str | None:
    """The known name a typo was probably meant to be ("did you mean ...?"), or None."""
    close = difflib.get_close_matches(str(wrong), list(known), n=1, cutoff=0.6)
    return close[0] if close else None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_param(param: Param, value: Any, path: str) -> list[Problem]:
    if param.kind == "int":
        if not _is_int(value):
            return [Problem(path, BotWords("deck_whole_number", got=repr(value)))]
        if not param.low <= value <= param.high:
            return [Problem(path, BotWords("deck_between", low=param.low, high=param.high, got=value))]
    elif param.kind == "text":
        if not isinstance(value, str) or not value.strip():
            return [Problem(path, BotWords("deck_text_needed"))]
        if len(value) > param.max_length:
            return [Problem(path, BotWords("deck_at_most", length=param.max_length))]
    elif not isinstance(value, str) or value not in param.choices:
        return [Problem(path, BotWords("deck_one_of", choices=list(param.choices), got=repr(value),
                                       close=_close(value, param.choices)))]
    return []


def validate_action(action: Any, path: str) -> list[Problem]:
    if not isinstance(action, dict):
        return [Problem(path, BotWords("deck_action_object", got=type(action).__name__))]
    verb_id = action.get("do")
    if "do" not in action:
        return [Problem(f"{path}.do", BotWords("deck_verb_required"))]
    if not isinstance(verb_id, str) or verb_id not in VERBS:
        return [Problem(f"{path}.do", BotWords("deck_unknown_action", got=repr(verb_id), close=_close(verb_id, VERBS)))]
    verb = VERBS[verb_id]
    problems = []
    for key in action:
        if key != "do" and key not in verb.param_map:
            problems.append(Problem(f"{path}.{key}", BotWords("deck_unknown_param", verb=verb_id,
                                                              close=_close(key, verb.param_map),
                                                              takes=sorted(verb.param_map))))
    for param in verb.params:
        if param.name in action:
            problems += _check_param(param, action[param.name], f"{path}.{param.name}")
        elif param.required:
            problems.append(Problem(f"{path}.{param.name}", BotWords("deck_param_required", verb=verb_id,
                                                                     param=param.name)))
    return problems


def validate_card(card: Any, path: str = "card") -> list[Problem]:
    """Problems with one card (also used for a card entered in physical-deck mode,
    where ``id`` and ``group`` may be left out)."""
    if not isinstance(card, dict):
        return [Problem(path, BotWords("deck_card_object", got=type(card).__name__))]
    problems = []
    for key in card:
        if key not in ("id", "group", "location", "actions", "title"):
            problems.append(Problem(f"{path}.{key}", BotWords("deck_unknown_card_field")))
    if "title" in card and (not isinstance(card["title"], str) or len(card["title"]) > MAX_NAME):
        problems.append(Problem(f"{path}.title", BotWords("deck_title", length=MAX_NAME)))
    location = card.get("location")
    if "location" not in card:
        problems.append(Problem(f"{path}.location", BotWords("deck_location_required")))
        location = None
    elif not isinstance(location, str) or location not in LOCATIONS:
        problems.append(Problem(f"{path}.location", BotWords("deck_unknown_location", got=repr(location),
                                                             close=_close(location, LOCATIONS))))
        location = None
    actions = card.get("actions")
    if not isinstance(actions, list) or not actions:
        problems.append(Problem(f"{path}.actions", BotWords("deck_actions_list")))
        return problems
    good = []
    for index, action in enumerate(actions):
        found = validate_action(action, f"{path}.actions[{index}]")
        problems += found
        if not found:
            good.append((index, VERBS[action["do"]]))
    placements = [(i, v) for i, v in good if v.role == PLACEMENT]
    if len(good) == len(actions):
        if not placements:
            problems.append(Problem(f"{path}.actions", BotWords("deck_placement_needed")))
        elif len(placements) > 1:
            problems.append(Problem(f"{path}.actions[{placements[1][0]}]", BotWords("deck_one_placement")))
        elif placements[0][0] != 0:
            problems.append(Problem(f"{path}.actions[{placements[0][0]}]", BotWords("deck_placement_first")))
    for index, verb in placements:
        if location is not None and location not in verb.locations:
            fits = [v.id for v in VERBS.values() if v.role == PLACEMENT and location in v.locations]
            problems.append(Problem(f"{path}.actions[{index}].do",
                                    BotWords("deck_cannot_place", verb=verb.id, location=location, fits=fits[0])))
    if location is not None and not LOCATIONS[location].capturable:
        for index, verb in good:
            if verb.id == "capture" and actions[index].get("from", "here") == "here":
                problems.append(Problem(f"{path}.actions[{index}].from",
                                        BotWords("deck_here_uncapturable", location=location)))
    for verb in {v for _, v in good if v.per_card_max}:
        used = [i for i, v in good if v is verb]
        if len(used) > verb.per_card_max:
            problems.append(Problem(f"{path}.actions[{used[verb.per_card_max]}]",
                                    BotWords("deck_per_card_max", verb=verb.id, most=verb.per_card_max)))
    return problems


def validate_deck(data: Any) -> list[Problem]:
    """Every problem with a deck document, each with the path of the offending field."""
    if not isinstance(data, dict):
        return [Problem("(deck)", BotWords("deck_object", got=type(data).__name__))]
    problems = []
    if data.get("format") != FORMAT:
        problems.append(Problem("format", BotWords("deck_format", format=FORMAT, got=repr(data.get("format")))))
    for key in data:
        if key not in ("format", "name", "practice", "cards", "notes"):
            problems.append(Problem(key, BotWords("deck_unknown_field")))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        problems.append(Problem("name", BotWords("deck_name", length=MAX_NAME, got=repr(name))))
    if "notes" in data and not isinstance(data["notes"], str):
        problems.append(Problem("notes", BotWords("deck_notes_text")))
    if not isinstance(data.get("practice"), bool):
        problems.append(Problem("practice", BotWords("deck_true_false", got=repr(data.get("practice")))))
    cards = data.get("cards")
    if not isinstance(cards, list):
        problems.append(Problem("cards", BotWords("deck_cards_list")))
        return problems
    seen: dict[str, int] = {}
    counts = dict.fromkeys(GROUPS, 0)
    for index, card in enumerate(cards):
        path = f"cards[{index}]"
        if isinstance(card, dict):
            card_id = card.get("id")
            if not isinstance(card_id, str) or not card_id.strip() or len(card_id) > MAX_ID:
                problems.append(Problem(f"{path}.id", BotWords("deck_card_id", length=MAX_ID, got=repr(card_id))))
            elif card_id in seen:
                problems.append(Problem(f"{path}.id", BotWords("deck_duplicate_id", got=repr(card_id),
                                                               also=seen[card_id])))
            else:
                seen[card_id] = index
            group = card.get("group")
            if isinstance(group, str) and group in GROUPS:
                counts[group] += 1
            else:
                problems.append(Problem(f"{path}.group", BotWords("deck_one_of", choices=list(GROUPS), got=repr(group),
                                                                  close=_close(group, GROUPS))))
        problems += validate_card(card, path)
    for group, want in GROUPS.items():
        if counts[group] != want:
            problems.append(Problem("cards", BotWords("deck_group_count", want=want, group=group, got=counts[group])))
    return problems


def blank_card(location: str, card_id: str = "", group: str = "starting") -> dict:
    """A new card for the editor: the location's placement action with its defaults."""
    verb = next(v for v in VERBS.values() if v.role == PLACEMENT and location in v.locations)
    return normalise_card({"id": card_id, "group": group, "location": location, "actions": [{"do": verb.id}]})


def normalise_card(card: dict) -> dict:
    """A valid card with every parameter spelled out (defaults filled in)."""
    out = {k: card[k] for k in ("id", "group", "title") if k in card}
    out["location"] = card["location"]
    out["actions"] = []
    for action in card["actions"]:
        verb = VERBS[action["do"]]
        full = {"do": verb.id}
        for param in verb.params:
            full[param.name] = action.get(param.name, param.default)
        out["actions"].append(full)
    return out


def parse_json(text: str | bytes) -> Any:
    """JSON text -> data, or InvalidInput naming the line and column."""
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        line, column = (exc.lineno, exc.colno) if isinstance(exc, json.JSONDecodeError) else (None, None)
        raise InvalidInput([Problem("(file)", BotWords("deck_not_json", why=str(getattr(exc, "msg", exc)),
                                                       line=line, column=column))]) from None


def unfinished_only(problems: list[Problem]) -> bool:
    """Whether a deck's only problems are that it has not all its cards yet (an unfinished
    deck, as the editor saves and exports it: every card it has is good)."""
    return all(problem.path == "cards" and getattr(problem.message, "code", None) == "deck_group_count"
               for problem in problems)


def load_deck(source: str | bytes | dict, unfinished: bool = False) -> dict:
    """A deck from JSON text or data: validated and normalised, or InvalidInput. With
    ``unfinished``, a deck still short of cards is taken too (the editor's work in progress)."""
    data = parse_json(source) if isinstance(source, (str, bytes)) else source
    problems = validate_deck(data)
    if problems and not (unfinished and unfinished_only(problems)):
        raise InvalidInput(problems)
    deck = {"format": FORMAT, "name": data["name"].strip(), "practice": data["practice"],
            "cards": [normalise_card(c) for c in data["cards"]]}
    if data.get("notes"):
        deck["notes"] = data["notes"]
    return deck


def export_deck(deck: dict) -> str:
    """The deck as the JSON text players share (round-trips through load_deck)."""
    return json.dumps(deck, indent=2, ensure_ascii=False) + "\n"


def practice_deck() -> dict:
    """The deck shipped with the app. It is a practice deck, not the printed cards."""
    text = resources.files(__package__).joinpath("decks", "practice.json").read_text(encoding="utf-8")
    deck = load_deck(text)
    assert deck["practice"] and deck["name"] == PRACTICE_NAME
    return deck


# -- the piles of a game --------------------------------------------------------------

def _shuffled(piles: dict, ids: list[str]) -> list[str]:
    """Shuffle with the game's seed and shuffle counter; counts the shuffle."""
    order = list(ids)
    random.Random(f"{piles['seed']}:{piles['shuffles']}").shuffle(order)
    piles["shuffles"] += 1
    return order


def new_piles(deck: dict, seed: int) -> dict:
    """Setup step 8: the 20 Starting and 10 Future cards shuffled separately; the
    Starting pile is the draw pile."""
    piles = {"mode": "deck", "name": deck["name"], "practice": deck["practice"], "seed": seed,
             "shuffles": 0, "cards": {c["id"]: copy.deepcopy(c) for c in deck["cards"]},
             "draw": [], "discard": [], "future": [], "last": None}
    piles["draw"] = _shuffled(piles, [c["id"] for c in deck["cards"] if c["group"] == "starting"])
    piles["future"] = _shuffled(piles, [c["id"] for c in deck["cards"] if c["group"] == "future"])
    return piles


def physical_piles(cards: list[dict] | None = None, deck_id: str | None = None) -> dict:
    """Physical-deck mode: the player draws the printed cards. The app remembers the
    cards entered so far (``cards``, the table's deck, saved as ``deck_id``), which of
    them were drawn since the last shuffle (``drawn``) and how many cards the draw pile
    holds in all (``cycle``: the 20 Starting cards plus the Future ones shuffled in), so
    a draw can offer the cards still in the pile."""
    return {"mode": "physical", "played": 0, "last": None, "deck_id": deck_id,
            "cards": {c["id"]: normalise_card(c) for c in cards or []}, "drawn": [],
            "cycle": GROUPS["starting"], "future_left": GROUPS["future"]}


def _printed(piles: dict) -> dict:
    """A physical pile as this version keeps it (games stored before it had only ``played``)."""
    for key, value in (("cards", {}), ("drawn", []), ("cycle", GROUPS["starting"]),
                       ("future_left", GROUPS["future"]), ("deck_id", None)):
        piles.setdefault(key, value)
    return piles


def pile_ran_out(piles: dict) -> bool:
    """Every card of the draw pile was drawn since the last shuffle: the next draw comes
    after shuffling the discards (Solo Play: 'Should the Scheme Cards Draw Pile ever run
    out, simply shuffle all discards to form a new Draw Pile')."""
    piles = _printed(dict(piles))
    return len(piles["drawn"]) >= piles["cycle"]


def still_in_pile(piles: dict) -> list[dict]:
    """The remembered printed cards not drawn since the last shuffle: what the next draw can be
    (all of them once the pile ran out), the Starting cards first. The Future cards (black header)
    wait to the side until a card shuffles some in (Setup 8, rulebook l.864: 'You will only draw
    these when instructed to'): until then none of them can be drawn."""
    piles = _printed(dict(piles))
    drawn = set() if pile_ran_out(piles) else set(piles["drawn"])
    future_in = piles["future_left"] < GROUPS["future"]
    waiting = [card for card_id, card in sorted(piles["cards"].items(), key=lambda item: _number_key(item[0]))
               if card_id not in drawn and (future_in or card.get("group") != "future")]
    return sorted(waiting, key=lambda card: card.get("group") == "future")   # the Starting pile's first


def _number_key(card_id: str) -> tuple:
    return (0, int(card_id), "") if card_id.isdecimal() else (1, 0, card_id)


def next_printed_id(cards: dict) -> str:
    """A new printed card's number: the first free one (1, 2, ...)."""
    return next(str(n) for n in range(1, len(cards) + 2) if str(n) not in cards)


def draw_printed(piles: dict, card: dict) -> tuple[dict, list[str]]:
    """The printed card the player drew (mutates ``piles``): a remembered one (``card``
    names its ``id``) or a new one, which joins the remembered cards with the next free
    number. Returns (the card, notes)."""
    _printed(piles)
    notes = []
    if pile_ran_out(piles):
        piles["drawn"] = []
        notes.append(BotWords("draw_pile_empty"))
    card_id = card.get("id")
    if card_id in piles["cards"]:
        played = copy.deepcopy(piles["cards"][card_id])
    else:
        card_id = next_printed_id(piles["cards"])
        group = card.get("group") if card.get("group") in GROUPS else "starting"
        played = normalise_card({**card, "id": card_id, "group": group})
        piles["cards"][card_id] = copy.deepcopy(played)
    piles["drawn"].append(card_id)
    piles["played"] += 1
    piles["last"] = played
    return played, notes


def printed_shuffle(piles: dict) -> None:
    """A turn with no workers: every discard goes back into the draw pile."""
    _printed(piles)["drawn"] = []


def printed_future_in(piles: dict, count: int) -> int:
    """Future cards shuffled into the printed draw pile: it holds that many more. Returns how many."""
    _printed(piles)
    moved = min(count, piles["future_left"])
    piles["future_left"] -= moved
    piles["cycle"] += moved
    return moved


def draw(piles: dict) -> tuple[str, list[str]]:
    """Reveal the top card (mutates ``piles``, a copy the caller owns). An empty draw
    pile is first made from the shuffled discards. Returns (card id, notes)."""
    notes = []
    if not piles["draw"]:
        piles["draw"] = _shuffled(piles, piles["discard"])
        piles["discard"] = []
        notes.append(BotWords("draw_pile_empty"))
    card_id = piles["draw"].pop(0)
    return card_id, notes


def discard(piles: dict, card_id: str) -> None:
    piles["discard"].append(card_id)
    piles["last"] = card_id


def reshuffle_discards(piles: dict) -> None:
    """No-worker turn: every discard goes back and the whole draw pile is shuffled."""
    piles["draw"] = _shuffled(piles, piles["draw"] + piles["discard"])
    piles["discard"] = []


def shuffle_in_future(piles: dict, count: int) -> int:
    """Move up to ``count`` Future cards into the draw pile and shuffle it. Returns how many."""
    moved, piles["future"] = piles["future"][:count], piles["future"][count:]
    if moved:
        piles["draw"] = _shuffled(piles, piles["draw"] + moved)
    return len(moved)
