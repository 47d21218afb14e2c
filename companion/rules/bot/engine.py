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
``companion.rules.table`` via ``._shared``.
"""

from __future__ import annotations

import copy
from typing import Any, Callable

from companion.rules.problems import InvalidInput, Problem
from companion.rules.table.actors import display_name
from companion.rules.table.errors import MoveError

from companion.rules.opponent import deck as decks
from companion.rules.opponent.setup import BotError
from companion.rules.opponent.vocabulary import LOCATIONS, VERBS
from companion.rules.opponent.workers import TOTAL, move, reconcile, sync

from . import _shared

AGE_OF_ARTISANS = "age_of_artisans"
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

    def say(self, text: str) -> None:
        self.instructions.append(text)

    def notes(self, notes: list[str]) -> None:
        self.instructions += [f"({note})" for note in notes]

    # questions and their answers
    def ask(self, question: dict, check: Callable[[Any, str], Any]) -> Any:
        """Record the question; return the checked answer, or None when unanswered."""
        self.questions.append(question)
        if self.answers is None:
            return None
        path = f"answers.{question['id']}"
        if question["id"] not in self.answers:
            self.problems.append(Problem(path, f"is required: {question['prompt']}"))
            return None
        try:
            return check(self.answers[question["id"]], path)
        except ValueError as exc:
            self.problems.append(Problem(path, str(exc)))
            return None

    def later(self, call: Callable[[], list[str]]) -> None:
        """A table call to make once the card's other actions have resolved."""
        self.deferred.append(call)

    def seats(self) -> list[int]:
        return list(range(self.humans))


def _count(value: Any, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"must be a whole number from {low} to {high} (got {value!r})")
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
        raise BotError(f"{turn.name} has no worker on {turn.name}'s board to place")


@handles("place_worker")
def _place_worker(turn: _Turn, action: dict, index: int) -> None:
    location = LOCATIONS[turn.card["location"]]
    _place(turn, f"locations.{location.id}")
    turn.say(f"Place a {turn.name} worker at {location.name}.")


@handles("guildhall")
def _guildhall(turn: _Turn, action: dict, index: int) -> None:
    """Solo Play, End of the Game: 'The game ends in the same way as a regular 2 player
    game (12 constructions).' The table's placement runs after the whole card (Black
    Market Reset: 'the action that caused it should first be resolved')."""
    _place(turn, "guildhall")
    turn.say(f"Place a {turn.name} worker in the Guildhall, on its side, on the next free space "
             f"(left to right, top to bottom; in the final round, beside the Guildhall).")
    if action["build"] == "cathedral":
        _guildhall_cathedral(turn, action, index)
    else:
        turn.say(f"{turn.name} constructs (no Building card, no cost).")
        turn.later(lambda: _shared.place_in_guildhall(turn.state, "a construction"))
    if AGE_OF_ARTISANS in turn.state.get("expansions", ()):
        _craft_adornment(turn, index)


def _guildhall_cathedral(turn: _Turn, action: dict, index: int) -> None:
    reason = _shared.why_cannot_advance(turn.state)
    if reason:
        turn.say(f"{reason}: {turn.name} cannot advance on the Cathedral.")
        IF_FULL[action["if_full"]](turn)
        turn.later(lambda: _shared.place_in_guildhall(turn.state, "the Cathedral (no free space)"))
        return
    level = turn.bot["cathedral"] + 1
    turn.say(f"Move {turn.name}'s marker up to level {level} of the Cathedral (no cost, "
             f"no Building card to discard).")
    reward = None
    if _shared.reward_pile_left(turn.state) > 0:
        reward = _ask_reward(turn, index)
    else:
        turn.say(f"The Reward pile is empty: {turn.name} gains 1 Virtue instead.")
    turn.later(lambda: _advance_in_guildhall(turn, action, reward))


def _advance_in_guildhall(turn: _Turn, action: dict, reward: str | None) -> list[str]:
    """The deferred table call; the card's other actions may have used the space since."""
    reason = _shared.why_cannot_advance(turn.state)
    if reason is None:
        return _shared.advance_in_guildhall(turn.state, reward)
    turn.say(f"{reason}: {turn.name} cannot advance on the Cathedral after all.")
    IF_FULL[action["if_full"]](turn)
    return _shared.place_in_guildhall(turn.state, "the Cathedral (no free space)")


def _ask_reward(turn: _Turn, index: int) -> str | None:
    """Advancing Work on the Cathedral, step 4: 'Reveal the top card from the Reward
    Card Pile and gain its benefits' (the bot keeps only what it can hold: Virtue)."""
    choices = _shared.reward_choices(turn.state)
    turn.say(f"Reveal the top Reward card for {turn.name}, who gains only its Virtue.")

    def check(value: Any, path: str) -> str:
        if not isinstance(value, str) or value not in choices:
            raise ValueError(f"must be one of {sorted(choices)} (got {value!r})")
        return value

    return turn.ask({"id": f"a{index}.reward", "kind": "choice", "choices": choices,
                     "prompt": f"Which Reward card did {turn.name} reveal?"}, check)


def _craft_adornment(turn: _Turn, index: int) -> None:
    """Age of Artisans, Solo Variant: 'Any time they place a Worker in the Guildhall
    ... they also craft 1 Adornment'; 'the faceup Adornment with the most Victory
    Points'. Only the printed VP matter, and only the table can read them."""
    turn.say(f"{turn.name} crafts the faceup Adornment with the most printed VP (ties: shuffle them "
             f"and give one at random), ignoring its effects; refill the display.")
    vp = turn.ask({"id": f"a{index}.adornment", "kind": "number", "min": 0, "max": ADORNMENT_VP_MAX,
                   "prompt": f"How many VP are printed on the Adornment {turn.name} crafted?"},
                  lambda value, path: _count(value, 0, ADORNMENT_VP_MAX))
    if vp is not None:
        turn.bot["adornments"].append(vp)


IF_FULL: dict[str, Callable[[_Turn], None]] = {
    "nothing": lambda turn: turn.say(f"{turn.name} does not advance."),
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
        turn.say(f"{reason}: {turn.name} cannot advance on the Cathedral.")
        IF_FULL[action["if_full"]](turn)
        return
    turn.notes(_shared.advance_without_worker(turn.state))
    turn.say(f"Move {turn.name}'s marker up to level {turn.bot['cathedral']} of the Cathedral "
             f"(no worker, no Reward card).")


@handles("black_market")
def _black_market(turn: _Turn, action: dict, index: int) -> None:
    """Solo Play: the bot 'Can always ... visit the Black Market, regardless of their
    Virtue.' A taken space falls back to the left-most free one (interpretation)."""
    free = _shared.black_market_free(turn.state)
    if not free:
        raise BotError("every Black Market space is taken")
    space = action["space"] if action["space"] in free else free[0]
    _place(turn, "black_market")
    turn.say(f"Place a {turn.name} worker on the {space} Black Market space (no silver is paid).")
    turn.later(lambda: _shared.black_market_place(turn.state, space))


def _capture_where(turn: _Turn, source: str) -> str:
    if source == "here":
        source = turn.card["location"]
    if source == "any":
        return "any location (not the Guildhall, Black Market or Prison)"
    return LOCATIONS[source].name


@handles("capture")
def _capture(turn: _Turn, action: dict, index: int) -> None:
    """Town Centre: 'capture 1 group of Workers (of a single colour) from 1 location';
    the bot 'does not capture its own Workers'."""
    where = _capture_where(turn, action["from"])
    whose = "your" if turn.humans == 1 else "a human player's"
    turn.say(f"{turn.name} captures the {action['group']} group of {whose} workers at {where} "
             f"(never {turn.name}'s own): put them on {turn.name}'s board.")
    seats = turn.seats()

    def check(value: Any, path: str) -> tuple[int, int]:
        if turn.humans == 1 and not isinstance(value, dict):
            return 0, _count(value, 0, TOTAL)
        if not isinstance(value, dict) or set(value) != {"seat", "count"}:
            raise ValueError('must be {"seat": <seat>, "count": <workers>}')
        if value["seat"] not in seats or isinstance(value["seat"], bool):
            raise ValueError(f"seat must be one of {seats} (got {value['seat']!r})")
        return value["seat"], _count(value["count"], 0, TOTAL)

    answer = turn.ask({"id": f"a{index}", "kind": "capture", "seats": seats, "min": 0, "max": TOTAL,
                       "prompt": f"How many workers did {turn.name} capture at {where}"
                                 + ("?" if turn.humans == 1 else ", and whose?")}, check)
    if answer is not None:
        seat, count = answer
        turn.notes(_shared.capture(turn.state, seat, count))  # books them to the seat's owner


@handles("sell_captured")
def _sell_captured(turn: _Turn, action: dict, index: int) -> None:
    """Solo Play: 'Can capture and sell Workers (1 Marble for all Workers)'; the
    workers go to Prison as their owners' prisoners (Guardhouse action 1)."""
    held = {seat: n for seat, n in turn.bot["captured_from"].items() if n}
    if not held:
        turn.say(f"{turn.name} has no captured workers to sell.")
        return
    for seat, n in held.items():
        player = turn.state["players"][int(seat)]
        whose = "your" if turn.humans == 1 else f"{player['name']}'s"
        turn.say(f"Move {n} of {whose} workers from {turn.name}'s board to the Prison.")
    turn.say(f"{turn.name} gains 1 Marble for selling them.")
    turn.notes(_shared.send_captured_to_prison(turn.state))  # the owners' prisoners go up there


@handles("return_captured")
def _return_captured(turn: _Turn, action: dict, index: int) -> None:
    for seat, n in turn.bot["captured_from"].items():
        if n:
            turn.say(f"Give {n} captured workers back to {turn.state['players'][int(seat)]['name']}.")
            turn.bot["captured_from"][seat] = 0


@handles("release_prisoners")
def _release_prisoners(turn: _Turn, action: dict, index: int) -> None:
    freed = turn.bot["prisoners"]
    turn.notes(_shared.release_prisoners(turn.state))
    move(turn.bot["workers"], "prison", "board", freed)
    turn.say(f"Return {freed} {turn.name} workers from the Prison to {turn.name}'s board." if freed
             else f"{turn.name} has no workers in Prison.")


@handles("recover_held")
def _recover_held(turn: _Turn, action: dict, index: int) -> None:
    any_back = False
    for seat in list(turn.bot["workers"]["held_by"]):
        n = move(turn.bot["workers"], f"held_by.{seat}", "board")
        if n:
            any_back = True
            player = turn.state["players"][int(seat)]
            turn.notes(_shared.recover_held(turn.state, int(seat), n))
            turn.say(f"{player['name']} gives {n} {turn.name} workers back to {turn.name}'s board.")
    if not any_back:
        turn.say(f"No {turn.name} workers are on anyone's board.")


@handles("gain_marble")
def _gain_marble(turn: _Turn, action: dict, index: int) -> None:
    turn.bot["marble"] += action["amount"]
    turn.say(f"{turn.name} gains {action['amount']} Marble (now {turn.bot['marble']}).")


@handles("gain_virtue")
def _gain_virtue(turn: _Turn, action: dict, index: int) -> None:
    turn.say(f"{turn.name} gains {action['amount']} Virtue.")
    turn.notes(_shared.change_virtue(turn.state, action["amount"]))


@handles("lose_virtue")
def _lose_virtue(turn: _Turn, action: dict, index: int) -> None:
    turn.say(f"{turn.name} loses {action['amount']} Virtue.")
    turn.notes(_shared.change_virtue(turn.state, -action["amount"]))


@handles("take_debt")
def _take_debt(turn: _Turn, action: dict, index: int) -> None:
    turn.say(f"Give {turn.name} {action['amount']} unpaid Debt card(s).")
    turn.notes(_shared.take_debts(turn.state, action["amount"]))


@handles("destroy_debt")
def _destroy_debt(turn: _Turn, action: dict, index: int) -> None:
    before = turn.bot["debts_unpaid"]
    turn.notes(_shared.destroy_debts(turn.state, action["amount"]))
    gone = before - turn.bot["debts_unpaid"]
    turn.bot["debts_destroyed"] += gone
    turn.say(f"Return {gone} of {turn.name}'s unpaid Debts to the pile." if gone
             else f"{turn.name} has no unpaid Debt to destroy.")


@handles("take_tax_stand")
def _take_tax_stand(turn: _Turn, action: dict, index: int) -> None:
    """Tax Stand: 'take all the Silver from above the Tax Stand ... this will cause them
    to lose 2 Virtue'; Solo Play: the bot 'Does not collect or use any Silver'. With no
    silver there the card still stands and nothing is stolen (interpretation)."""
    silver = _shared.tax_stand_silver(turn.state)
    if not silver:
        turn.say("There is no silver above the Tax Stand: nothing to steal, no Virtue lost.")
        return
    turn.say(f"Take the {silver} silver above the Tax Stand and return it to the supply; "
             f"{turn.name} loses 2 Virtue.")
    turn.notes(_shared.steal_tax(turn.state))


@handles("discard_apprentices")
def _discard_apprentices(turn: _Turn, action: dict, index: int) -> None:
    rows = {"top": "the top row", "bottom": "the bottom row", "both": "each row"}[action["row"]]
    turn.say(f"Discard the {action['count']} {action['end']}-most faceup Apprentice(s) of {rows} "
             f"(facedown under the Apprentice pile), shift the rest left and refill from the pile.")


@handles("shuffle_future")
def _shuffle_future(turn: _Turn, action: dict, index: int) -> None:
    piles = turn.bot["deck"]
    if piles["mode"] == "deck":
        moved = decks.shuffle_in_future(piles, action["count"])
        turn.say(f"Shuffle {moved} Future Scheme card(s) into {turn.name}'s draw pile." if moved
                 else "There are no Future Scheme cards left to add.")
    else:
        turn.say(f"Shuffle {action['count']} Future Scheme card(s) (black header) into the draw pile.")


@handles("note")
def _note(turn: _Turn, action: dict, index: int) -> None:
    turn.say(f"The card says: {action['text']} (the app does not apply this)")


assert set(HANDLERS) == set(VERBS), set(VERBS) ^ set(HANDLERS)


# -- turn flow -------------------------------------------------------------------------

def _check_turn(state: dict) -> None:
    if not state.get("bot"):
        raise BotError("this game has no bot")
    if not isinstance(state["bot"].get("workers"), dict) or "deck" not in state["bot"]:
        raise BotError("the bot has no scheme deck yet: set it up with bot.setup_bot(state, ...)")
    if state.get("phase") in ("counting", "finished"):
        raise BotError("the game is over")
    final = (state.get("table") or {}).get("final_round")
    if final and "bot" not in final.get("still_to_play", ()):
        raise BotError("the bot has already had its final turn")


def _recall(turn: _Turn) -> None:
    """Solo Play: 'If your opponent starts their turn with no Workers, do not draw a
    Scheme Card. Instead, return all Workers (excluding Guildhall and Black Market /
    including captured and imprisoned) to their Board and shuffle all discarded
    Scheme Cards back into the Draw Pile.'"""
    workers = turn.bot["workers"]
    turn.say(f"{turn.name} has no workers on {turn.name}'s board: do not draw a Scheme card.")
    back = sum(move(workers, f"locations.{loc}", "board") for loc in list(workers["locations"]))
    back += move(workers, "prison", "board")
    for seat in list(workers["held_by"]):
        n = move(workers, f"held_by.{seat}", "board")
        if n:
            player = turn.state["players"][int(seat)]
            turn.notes(_shared.recover_held(turn.state, int(seat), n))
            turn.say(f"{player['name']} gives back {n} captured {turn.name} workers.")
        back += n
    turn.say(f"Return all {back} {turn.name} workers from the board locations, the Prison and the "
             f"players' boards to {turn.name}'s board (not those in the Guildhall or the Black Market).")
    piles = turn.bot["deck"]
    if piles["mode"] == "deck":
        decks.reshuffle_discards(piles)
    turn.say("Shuffle all discarded Scheme cards back into the draw pile.")


def _draw(turn: _Turn, card: dict | None) -> None:
    piles = turn.bot["deck"]
    if piles["mode"] == "physical":
        if card is None:
            raise BotError("physical-deck mode: enter the Scheme card you drew")
        problems = decks.validate_card(card, "card")
        if problems:
            raise InvalidInput(problems)
        turn.card = decks.normalise_card(card)
        piles["played"] += 1
        piles["last"] = turn.card
        return
    if card is not None:
        raise BotError("this game deals from its own scheme deck; a card cannot be entered")
    if not piles["draw"] and not piles["discard"]:
        raise BotError("no scheme cards left to draw")
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
        title = turn.card.get("title")
        label = f"“{title}” " if title else ""
        turn.instructions = list(turn.draw_notes) + [
            f"Reveal the top card of {turn.name}'s Scheme draw pile." if turn.bot["deck"]["mode"] == "deck"
            else f"{turn.name} plays the Scheme card you drew.",
            f"{turn.name} plays the Scheme card {label}({LOCATIONS[turn.card['location']].name})."]
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
        raise BotError(exc.message) from exc


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
        raise InvalidInput([Problem("kind", f"must be {MOVE_KIND!r}")])
    answers, card = move.get("answers") or {}, move.get("card")
    problems = []
    if not isinstance(answers, dict):
        problems.append(Problem("answers", "must be an object: question id -> answer"))
    if card is not None and not isinstance(card, dict):
        problems.append(Problem("card", "must be a card object or null"))
    if problems:
        raise InvalidInput(problems)
    return play_turn(state, answers, card)
