"""Helpers for the solo bot tests: games set up by the table tracker (which sets up the bot)."""

from __future__ import annotations

import copy
import random

from companion.aotwk.rules import bot
from companion.aotwk.rules.table.setup import new_game


def make_game(mode: str = "solo", opponent: str = "helena", seed: int = 1, deck: dict | None = None,
              physical: bool = False, expansions: list | None = None) -> dict:
    humans = [{"name": "Ann"}] if mode == "solo" else [{"name": "Ann"}, {"name": "Ben"}]
    return new_game({"mode": mode, "opponent": opponent, "players": humans, "expansions": expansions or [],
                     "deck": deck, "physical_deck": physical, "seed": seed})


def answer_all(plan: dict, rng: random.Random, capture_max: int = 3) -> dict:
    """Answers a player could give to every question of a plan."""
    answers = {}
    for question in plan["questions"]:
        if question["kind"] == "capture":
            count = rng.randint(0, capture_max)
            answers[question["id"]] = ({"seat": rng.choice(question["seats"]), "count": count}
                                       if len(question["seats"]) > 1 else count)
        elif question["kind"] == "choice":
            answers[question["id"]] = rng.choice(sorted(question["choices"]))
        else:
            answers[question["id"]] = rng.randint(question["min"], question["max"])
    return answers


def card(location: str, *actions: dict, card_id: str = "x", group: str = "starting") -> dict:
    return {"id": card_id, "group": group, "location": location, "actions": list(actions)}


def deck_of(first: list[dict], filler_location: str = "quarry") -> dict:
    """A valid deck whose Starting cards are ``first`` plus plain placements, 10 plain Future cards."""
    cards = [dict(c, id=f"t{i}", group="starting") for i, c in enumerate(first)]
    cards += [card(filler_location, {"do": "place_worker"}, card_id=f"s{i}") for i in range(20 - len(cards))]
    cards += [card("forest", {"do": "place_worker"}, card_id=f"f{i}", group="future") for i in range(10)]
    return bot.load_deck({"format": bot.FORMAT, "name": "Test deck", "practice": False, "cards": cards})


def stack(state: dict, *card_ids: str) -> dict:
    """Put these cards on top of the draw pile (test set-up only)."""
    state = copy.deepcopy(state)
    piles = state["bot"]["deck"]
    rest = [c for c in piles["draw"] + piles["discard"] if c not in card_ids]
    piles["draw"], piles["discard"] = list(card_ids) + rest, []
    return state
