"""The bot's turn: draw (or be told) a scheme card, resolve it, say what to do.

Two pure functions over the game state (the game document, a plain dict)::

    plan_turn(state, card=None) -> plan          # what this turn will be; nothing changes
    play_turn(state, answers=None, card=None) -> (new_state, instructions)

``plan`` is ``{"kind": "scheme" | "recall", "card": {...} | None, "questions": [...],
"instructions": [...]}``. A question is something only the people at the table
know (how many workers a capture took, whose they were, an Adornment's printed
VP); ``play_turn`` needs an answer for each, keyed by the question's ``id``.

Deck mode draws from ``state["bot"]["deck"]``; drawing is a pure function of the
state, so planning twice shows the same card and undo (restoring the previous
state) puts the card back on top. Physical-deck mode takes the card the player
drew, entered with the same vocabulary (``card=``), and resolves it the same way.

Every effect shared with the table (virtue, debts, the Guildhall, the Black
Market and its reset, the Cathedral, the Tax Stand, the final round) goes through
``companion.aotwk.rules.table`` via ``._shared``.
"""

from __future__ import annotations

import copy
from typing import Any, Callable

from companion.aotwk.rules.codes import BotWords
from companion.problems import InvalidInput, Problem
from companion.aotwk.rules.table.actors import display_name
from companion.aotwk.rules.table.errors import MoveError

from companion.aotwk.rules.opponent import deck as decks
from companion.aotwk.rules.opponent.setup import BotError
from companion.aotwk.rules.opponent.vocabulary import LOCATIONS, OPEN_LOCATIONS, VERBS
from companion.aotwk.rules.opponent.workers import TOTAL, move, reconcile, sync

from . import _shared

AGE_OF_ARTISANS = "age_of_artisans"
TAX_STAND = "tax_stand"
ADORNMENT_VP_MAX = 10


def bot_name(state: dict) -> str:
    return display_name(state, "bot")


# -- the turn ---------------------------------------------------------------------------

class _Turn:
    """One bot turn being resolved on a private copy of the state."""

    def __init__(self, state: dict, answers: dict | None):
        self.state = copy.deepcopy(state)
        self.bot = self.state["bot"]
        reconcile(self.state)  # catch up with table moves made since the last turn
        self.name = bot_name(state)
        self.humans = len(self.state["players"])
        self.answers = answers
        self.instructions: list[str] = []
        self.questions: list[dict] = []
        self.problems: list[Problem] = []
        self.card: dict | None = None
        self.kind = "scheme"
        self.draw_notes: list[str] = []
        self.deferred: list[Callable[[], list[str]]] = []
        self.was_final_round = self.state.get("phase") == "final_round"

    def say(self, code: str, **params: Any) -> None:
        self.instructions.append(BotWords(code, **params))

    def notes(self, notes: list[str]) -> None:
        """The table's notes of what it recorded, kept apart from the steps for the board (the page
        shows them as a quiet line of their own). A Black Market Reset is done on the board: its
        notes, from the reset on, are steps (workers to the Prison, the Small Market card turned,
        Virtue lost and Debts taken)."""
        reset = False
        for note in notes:
            reset = reset or getattr(note, "code", None) == "bm_reset"
            self.instructions.append(note if reset else BotWords("aside", note=note))

    # questions and their answers
    def ask(self, question: dict, check: Callable[[Any, str], Any]) -> Any:
        """Record the question; return the checked answer, or None when unanswered."""
        self.questions.append(question)
        if self.answers is None:
            return None
        path = f"answers.{question['id']}"
        if question["id"] not in self.answers:
            self.problems.append(Problem(path, BotWords("answer_required", prompt=question["prompt"])))
            return None
        try:
            return check(self.answers[question["id"]], path)
        except ValueError as exc:
            self.problems.append(Problem(path, exc.args[0]))   # a BotWords code
            return None

    def later(self, call: Callable[[], list[str]]) -> None:
        """A table call to make once the card's other actions have resolved."""
        self.deferred.append(call)

    def seats(self) -> list[int]:
        return list(range(self.humans))


def _count(value: Any, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(BotWords("whole_number", low=low, high=high, got=repr(value)))
    return value


# -- handlers: one per verb ------------------------------------------------------------

HANDLERS: dict[str, Callable[[_Turn, dict, int], None]] = {}


def handles(verb: str):
    def register(fn):
        assert verb in VERBS, verb
        HANDLERS[verb] = fn
        return fn
    return register


def _place(turn: _Turn, target: str) -> None:
    if move(turn.bot["workers"], "board", target, 1) != 1:
        raise BotError(BotWords("no_worker_to_place", bot=turn.name))


@handles("place_worker")
def _place_worker(turn: _Turn, action: dict, index: int) -> None:
    """Tax Stand: 'Players are not allowed to place a Worker here if there is no Tax to
    steal.' The bot keeps its worker then; the card's other actions still resolve
    (interpretation: the Scheme card is played, only the placement is not allowed)."""
    location = LOCATIONS[turn.card["location"]]
    if location.id == TAX_STAND and not _shared.tax_stand_silver(turn.state):
        turn.say("no_tax_no_worker", bot=turn.name)
        return
    _place(turn, f"locations.{location.id}")
    turn.say("place_worker", bot=turn.name, location=location.id)


@handles("guildhall")
def _guildhall(turn: _Turn, action: dict, index: int) -> None:
    """Solo Play, End of the Game: 'The game ends in the same way as a regular 2 player
    game (12 constructions).' The table's placement runs after the whole card (Black
    Market Reset: 'the action that caused it should first be resolved')."""
    _place(turn, "guildhall")
    # in the final round every space is taken: beside the Guildhall (our reading)
    turn.say("guildhall_beside" if turn.was_final_round else "guildhall_place", bot=turn.name)
    if action["build"] == "cathedral":
        _guildhall_cathedral(turn, action, index)
    else:
        turn.say("constructs", bot=turn.name)
        turn.later(lambda: _shared.place_in_guildhall(turn.state, BotWords("for_construction")))
    if AGE_OF_ARTISANS in turn.state.get("expansions", ()):
        _craft_adornment(turn, index)


def _guildhall_cathedral(turn: _Turn, action: dict, index: int) -> None:
    reason = _shared.why_cannot_advance(turn.state)
    if reason:
        turn.say("cannot_advance", bot=turn.name, reason=reason)
        IF_FULL[action["if_full"]](turn)
        turn.later(lambda: _shared.place_in_guildhall(turn.state, BotWords("for_full_cathedral")))
        return
    level = turn.bot["cathedral"] + 1
    turn.say("marker_up", bot=turn.name, level=level)
    reward = None
    if _shared.reward_pile_left(turn.state) > 0:
        reward = _ask_reward(turn, index)
    else:
        turn.say("reward_empty", bot=turn.name)
    turn.later(lambda: _advance_in_guildhall(turn, action, reward))


def _advance_in_guildhall(turn: _Turn, action: dict, reward: str | None) -> list[str]:
    """The deferred table call; the card's other actions may have used the space since."""
    reason = _shared.why_cannot_advance(turn.state)
    if reason is None:
        return _shared.advance_in_guildhall(turn.state, reward)
    turn.say("cannot_advance_after_all", bot=turn.name, reason=reason)
    IF_FULL[action["if_full"]](turn)
    return _shared.place_in_guildhall(turn.state, BotWords("for_full_cathedral"))


def _ask_reward(turn: _Turn, index: int) -> str | None:
    """Advancing Work on the Cathedral, step 4: 'Reveal the top card from the Reward
    Card Pile and gain its benefits' (the bot keeps only what it can hold: Virtue)."""
    choices = _shared.reward_choices(turn.state)
    turn.say("reveal_reward", bot=turn.name)

    def check(value: Any, path: str) -> str:
        if not isinstance(value, str) or value not in choices:
            raise ValueError(BotWords("one_of", choices=sorted(choices), got=repr(value)))
        return value

    return turn.ask({"id": f"a{index}.reward", "kind": "choice", "choices": choices,
                     "prompt": BotWords("ask_reward", bot=turn.name)}, check)


def _craft_adornment(turn: _Turn, index: int) -> None:
    """Age of Artisans, Solo Variant: 'Any time they place a Worker in the Guildhall
    ... they also craft 1 Adornment'; 'the faceup Adornment with the most Victory
    Points'. Only the printed VP matter, and only the table can read them."""
    turn.say("craft_adornment", bot=turn.name)
    vp = turn.ask({"id": f"a{index}.adornment", "kind": "number", "min": 0, "max": ADORNMENT_VP_MAX,
                   "prompt": BotWords("ask_adornment", bot=turn.name)},
                  lambda value, path: _count(value, 0, ADORNMENT_VP_MAX))
    if vp is not None:
        turn.bot["adornments"].append(vp)


IF_FULL: dict[str, Callable[[_Turn], None]] = {
    "nothing": lambda turn: turn.say("does_not_advance", bot=turn.name),
    "gain_virtue": lambda turn: _gain_virtue(turn, {"amount": 1}, -1),
    "gain_marble": lambda turn: _gain_marble(turn, {"amount": 1}, -1),
}


@handles("advance_cathedral")
def _advance_cathedral(turn: _Turn, action: dict, index: int) -> None:
    """Solo Play: 'Does not require any goods or Building Cards when constructing the
    Cathedral'; Cathedral: 'Players can only advance ... if there is an available space.'
    This verb moves the marker without placing a worker (a Guildhall card uses
    ``guildhall`` with build=cathedral)."""
    reason = _shared.why_cannot_advance(turn.state)
    if reason:
        turn.say("cannot_advance", bot=turn.name, reason=reason)
        IF_FULL[action["if_full"]](turn)
        return
    turn.notes(_shared.advance_without_worker(turn.state))
    turn.say("marker_up_free", bot=turn.name, level=turn.bot["cathedral"])


@handles("black_market")
def _black_market(turn: _Turn, action: dict, index: int) -> None:
    """Solo Play: the bot 'Can always ... visit the Black Market, regardless of their
    Virtue.' A taken space falls back to the left-most free one (interpretation)."""
    free = _shared.black_market_free(turn.state)
    if not free:
        raise BotError(BotWords("black_market_full"))
    space = action["space"] if action["space"] in free else free[0]
    _place(turn, "black_market")
    turn.say("black_market_place", bot=turn.name, space=space)
    turn.later(lambda: _shared.black_market_place(turn.state, space))


def _capture_where(turn: _Turn, source: str) -> str:
    """The location id a capture takes from, or "any"."""
    return turn.card["location"] if source == "here" else source


@handles("capture")
def _capture(turn: _Turn, action: dict, index: int) -> None:
    """Town Centre (rulebook l.261): 'capture 1 group of Workers (of a single colour) from 1
    location'; Solo Play (l.876): the bot 'does not capture its own Workers'."""
    where = _capture_where(turn, action["from"])
    turn.say("captures", bot=turn.name, group=action["group"], where=where, solo=turn.humans == 1)
    if where == "any" or turn.humans > 1:
        # Groups of the same size (interpretation: the rulebook gives no order): the board's
        # order of the large open circles, then, between players, the most Virtue.
        order = [loc for loc in OPEN_LOCATIONS if LOCATIONS[loc].capturable] if where == "any" else [where]
        turn.say("capture_tie", group=action["group"], order=order, solo=turn.humans == 1)
    if turn.humans == 1:
        _solo_captures(turn, index)
        return
    answer = turn.ask({"id": f"a{index}", "kind": "capture", "seats": turn.seats(), "min": 0, "max": TOTAL,
                       "prompt": BotWords("ask_capture", bot=turn.name, where=where, solo=False)},
                      _capture_answer(turn))
    if answer is not None:
        seat, count = answer
        turn.notes(_shared.capture(turn.state, seat, count))  # books them to the seat's owner


def _solo_captures(turn: _Turn, index: int) -> None:
    """Solo: every capture takes the one human's workers (the bot 'does not capture its own
    Workers', l.876), so a card's captures (up to 2 locations in a solo game, l.265) change
    only how many of them the bot holds: one question, asked at the card's first capture,
    for all of them together (never once per capture)."""
    captures = [i for i, action in enumerate(turn.card["actions"]) if action["do"] == "capture"]
    if index != captures[0]:
        return
    places = {_capture_where(turn, turn.card["actions"][i]["from"]) for i in captures}
    where = places.pop() if len(places) == 1 else "any"
    answer = turn.ask({"id": f"a{index}", "kind": "capture", "seats": [0], "min": 0, "max": TOTAL,
                       "captures": len(captures),
                       "prompt": BotWords("ask_capture", bot=turn.name, where=where, solo=True)},
                      _capture_answer(turn))
    if answer is not None:
        turn.notes(_shared.capture(turn.state, *answer))


def _capture_answer(turn: _Turn) -> Callable[[Any, str], tuple[int, int]]:
    """The check of a capture's answer: how many (solo), or ``{"seat": .., "count": ..}``."""
    seats = turn.seats()

    def check(value: Any, path: str) -> tuple[int, int]:
        if turn.humans == 1 and not isinstance(value, dict):
            return 0, _count(value, 0, TOTAL)
        if not isinstance(value, dict) or set(value) != {"seat", "count"}:
            raise ValueError(BotWords("capture_shape"))
        if value["seat"] not in seats or isinstance(value["seat"], bool):
            raise ValueError(BotWords("seat_one_of", seats=seats, got=repr(value["seat"])))
        return value["seat"], _count(value["count"], 0, TOTAL)

    return check


@handles("sell_captured")
def _sell_captured(turn: _Turn, action: dict, index: int) -> None:
    """Solo Play: 'Can capture and sell Workers (1 Marble for all Workers)'; the
    workers go to Prison as their owners' prisoners (Guardhouse action 1)."""
    held = {seat: n for seat, n in turn.bot["captured_from"].items() if n}
    if not held:
        turn.say("no_captured", bot=turn.name)
        return
    for seat, n in held.items():
        player = None if turn.humans == 1 else turn.state["players"][int(seat)]["name"]
        turn.say("to_prison", bot=turn.name, count=n, player=player)
    turn.say("sold", bot=turn.name)
    turn.notes(_shared.send_captured_to_prison(turn.state))  # the owners' prisoners go up there


@handles("return_captured")
def _return_captured(turn: _Turn, action: dict, index: int) -> None:
    for seat, n in turn.bot["captured_from"].items():
        if n:
            turn.say("give_back", count=n, player=turn.state["players"][int(seat)]["name"])
            turn.bot["captured_from"][seat] = 0


@handles("release_prisoners")
def _release_prisoners(turn: _Turn, action: dict, index: int) -> None:
    freed = turn.bot["prisoners"]
    turn.notes(_shared.release_prisoners(turn.state))
    move(turn.bot["workers"], "prison", "board", freed)
    if freed:
        turn.say("prisoners_home", bot=turn.name, count=freed)
    else:
        turn.say("no_prisoners", bot=turn.name)


@handles("recover_held")
def _recover_held(turn: _Turn, action: dict, index: int) -> None:
    """Guardhouse action 3: 'take 1 Debt and lose 1 Virtue to release all their own
    Workers from other players' Boards ... Minimum of 1 captured Worker is required to
    take this action.' The bot pays the card's price (``pay``) only when some came home."""
    any_back = False
    for seat in list(turn.bot["workers"]["held_by"]):
        n = move(turn.bot["workers"], f"held_by.{seat}", "board")
        if n:
            any_back = True
            player = turn.state["players"][int(seat)]
            turn.notes(_shared.recover_held(turn.state, int(seat), n))
            turn.say("held_home", bot=turn.name, count=n, player=player["name"])
    if not any_back:
        turn.say("none_held", bot=turn.name)
    elif action.get("pay") == "debt_and_virtue":
        _take_debt(turn, {"amount": 1}, index)
        _lose_virtue(turn, {"amount": 1}, index)


@handles("gain_marble")
def _gain_marble(turn: _Turn, action: dict, index: int) -> None:
    turn.bot["marble"] += action["amount"]
    turn.say("gains_marble", bot=turn.name, amount=action["amount"], now=turn.bot["marble"])


@handles("gain_virtue")
def _gain_virtue(turn: _Turn, action: dict, index: int) -> None:
    turn.say("gains_virtue", bot=turn.name, amount=action["amount"])
    turn.notes(_shared.change_virtue(turn.state, action["amount"]))


@handles("lose_virtue")
def _lose_virtue(turn: _Turn, action: dict, index: int) -> None:
    turn.say("loses_virtue", bot=turn.name, amount=action["amount"])
    turn.notes(_shared.change_virtue(turn.state, -action["amount"]))


@handles("take_debt")
def _take_debt(turn: _Turn, action: dict, index: int) -> None:
    turn.say("take_debts", bot=turn.name, amount=action["amount"])
    turn.notes(_shared.take_debts(turn.state, action["amount"]))


@handles("destroy_debt")
def _destroy_debt(turn: _Turn, action: dict, index: int) -> None:
    before = turn.bot["debts_unpaid"]
    turn.notes(_shared.destroy_debts(turn.state, action["amount"]))
    gone = before - turn.bot["debts_unpaid"]
    turn.bot["debts_destroyed"] += gone
    if gone:
        turn.say("debts_gone", bot=turn.name, count=gone)
    else:
        turn.say("no_debt", bot=turn.name)


@handles("take_tax_stand")
def _take_tax_stand(turn: _Turn, action: dict, index: int) -> None:
    """Tax Stand: 'take all the Silver from above the Tax Stand ... this will cause them
    to lose 2 Virtue'; Solo Play: the bot 'Does not collect or use any Silver'. With no
    silver there the card still stands and nothing is stolen (interpretation)."""
    silver = _shared.tax_stand_silver(turn.state)
    if not silver:
        turn.say("no_tax")
        return
    turn.say("steal_tax", bot=turn.name, silver=silver)
    turn.notes(_shared.steal_tax(turn.state))


@handles("discard_apprentices")
def _discard_apprentices(turn: _Turn, action: dict, index: int) -> None:
    turn.say("discard_apprentices", count=action["count"], end=action["end"], row=action["row"])


@handles("shuffle_future")
def _shuffle_future(turn: _Turn, action: dict, index: int) -> None:
    piles = turn.bot["deck"]
    if piles["mode"] == "deck":
        moved = decks.shuffle_in_future(piles, action["count"])
        if moved:
            turn.say("future_in", bot=turn.name, count=moved)
        else:
            turn.say("no_future")
    elif decks.printed_future_in(piles, action["count"]):
        turn.say("future_physical", count=action["count"])
    else:
        turn.say("no_future")


@handles("note")
def _note(turn: _Turn, action: dict, index: int) -> None:
    turn.say("card_says", text=action["text"])


assert set(HANDLERS) == set(VERBS), set(VERBS) ^ set(HANDLERS)


# -- turn flow -------------------------------------------------------------------------

def _check_turn(state: dict) -> None:
    if not state.get("bot"):
        raise BotError(BotWords("no_bot"))
    if not isinstance(state["bot"].get("workers"), dict) or "deck" not in state["bot"]:
        raise BotError(BotWords("no_deck"))
    if state.get("phase") in ("counting", "finished"):
        raise BotError(BotWords("game_over"))
    final = (state.get("table") or {}).get("final_round")
    if final and "bot" not in final.get("still_to_play", ()):
        raise BotError(BotWords("final_turn_done"))


def _recall(turn: _Turn) -> None:
    """Solo Play: 'If your opponent starts their turn with no Workers, do not draw a
    Scheme Card. Instead, return all Workers (excluding Guildhall and Black Market /
    including captured and imprisoned) to their Board and shuffle all discarded
    Scheme Cards back into the Draw Pile.'"""
    workers = turn.bot["workers"]
    turn.say("recall_start", bot=turn.name)
    back = sum(move(workers, f"locations.{loc}", "board") for loc in list(workers["locations"]))
    back += move(workers, "prison", "board")
    for seat in list(workers["held_by"]):
        n = move(workers, f"held_by.{seat}", "board")
        if n:
            player = turn.state["players"][int(seat)]
            turn.notes(_shared.recover_held(turn.state, int(seat), n))
            turn.say("recall_given", bot=turn.name, count=n, player=player["name"])
        back += n
    turn.say("recall_all", bot=turn.name, count=back)
    piles = turn.bot["deck"]
    if piles["mode"] == "deck":
        decks.reshuffle_discards(piles)
    else:
        decks.printed_shuffle(piles)
    turn.say("recall_shuffle")


def _draw(turn: _Turn, card: dict | None) -> None:
    piles = turn.bot["deck"]
    if piles["mode"] == "physical":
        if card is None:
            raise BotError(BotWords("enter_card"))
        remembered = set(card) == {"id"} and card["id"] in (piles.get("cards") or {})
        problems = [] if remembered else decks.validate_card(card, "card")
        if problems:
            raise InvalidInput(problems)
        turn.card, turn.draw_notes = decks.draw_printed(piles, card)
        return
    if card is not None:
        raise BotError(BotWords("deals_own"))
    if not piles["draw"] and not piles["discard"]:
        raise BotError(BotWords("no_cards"))
    card_id, notes = decks.draw(piles)
    turn.draw_notes = notes
    turn.card = dict(piles["cards"][card_id], id=card_id)


def _resolve(state: dict, answers: dict | None, card: dict | None) -> _Turn:
    _check_turn(state)
    turn = _Turn(state, answers)
    if turn.bot["workers"]["board"] == 0:
        _recall(turn)
        turn.kind = "recall"
    else:
        _draw(turn, card)
        # the card once: a printed card is in the player's hand already (no "plays the card you drew" first)
        revealed = [BotWords("reveal_top", bot=turn.name)] if turn.bot["deck"]["mode"] == "deck" else []
        turn.instructions = list(turn.draw_notes) + revealed + [
            BotWords("plays_card", bot=turn.name, location=turn.card["location"], title=turn.card.get("title"))]
        for index, action in enumerate(turn.card["actions"]):
            HANDLERS[action["do"]](turn, action, index)
        if turn.problems or (turn.answers is None and turn.questions):
            return turn  # unanswered questions: the table's part waits for the answers
        for call in turn.deferred:
            turn.notes(call())
        reconcile(turn.state)
        if turn.bot["deck"]["mode"] == "deck":
            decks.discard(turn.bot["deck"], turn.card["id"])
    turn.notes(_shared.end_turn(turn.state, turn.was_final_round))
    turn.bot["turns"] += 1
    sync(turn.bot)
    return turn


def _resolve_or_refuse(state: dict, answers: dict | None, card: dict | None) -> _Turn:
    try:
        return _resolve(state, answers, card)
    except MoveError as exc:
        raise BotError(exc.message) from exc   # the table's refusal, as the table words it


def needs_card(state: dict) -> bool:
    """Physical-deck mode: whether the player must enter the card they drew (not on a
    turn where the bot has no workers and draws nothing)."""
    return state["bot"]["deck"]["mode"] == "physical" and state["bot"]["workers"]["board"] > 0


def plan_turn(state: dict, card: dict | None = None) -> dict:
    """What the bot's next turn will be, without changing anything: the card it
    reveals (deck mode: the same card every time for the same state), the questions
    to ask and the instructions so far."""
    turn = _resolve_or_refuse(state, None, card)
    return {"kind": turn.kind, "card": turn.card, "questions": turn.questions,
            "instructions": turn.instructions}


def play_turn(state: dict, answers: dict | None = None, card: dict | None = None) -> tuple[dict, list[str]]:
    """Play the bot's turn: returns the new state and the steps for the physical
    board. Raises InvalidInput when an answer is missing or wrong, BotError when the
    bot cannot play now."""
    turn = _resolve_or_refuse(state, answers or {}, card)
    if turn.problems:
        raise InvalidInput(turn.problems)
    return turn.state, turn.instructions


# -- as a move for the event store ----------------------------------------------------

MOVE_KIND = "bot_turn"


def apply(state: dict, move: dict) -> tuple[dict, list[str]]:
    """The bot's turn as an event, shaped like ``table.apply``:
    ``{"kind": "bot_turn", "answers": {...}, "card": {...} | null}`` -> (new state, instructions).
    Replaying the stored move on the same state gives the same result (deck order is in the state)."""
    if not isinstance(move, dict) or move.get("kind") != MOVE_KIND:
        raise InvalidInput([Problem("kind", BotWords("move_kind", kind=MOVE_KIND))])
    answers, card = move.get("answers") or {}, move.get("card")
    problems = []
    if not isinstance(answers, dict):
        problems.append(Problem("answers", BotWords("answers_object")))
    if card is not None and not isinstance(card, dict):
        problems.append(Problem("card", BotWords("card_object")))
    if problems:
        raise InvalidInput(problems)
    return play_turn(state, answers, card)
