"""Scheme cards in web forms, and the scheme decks saved on this server.

A card form (the deck editor's card page, and the card a player drew in
physical-deck mode) has ``location``, ``title``, ``group`` and one row per
action: ``a-<i>-do`` and ``a-<i>-<param>``. Row 0 is always the placement the
location calls for (picked from the vocabulary, never typed); the other rows are
effects picked from a list. The rules core's ``validate_card`` judges the card;
its problem paths (``card.actions[1].amount``) are turned back into field names
so each message sits next to its control.

Saved decks are JSON files in ``<instance>/decks/<id>.json``, in the deck file
format, possibly unfinished (fewer than 30 cards): a deck is offered at setup
only once ``validate_deck`` finds nothing wrong with it.

A deck's id is its edit link (a random 192-bit token, like a game's): whoever
has the address may change it. The store's ``device_decks`` remembers the devices
that made or opened it; a device lists (and is offered at setup) only those decks,
read without looking at anyone else's (3,000 decks on a server cost a phone nothing).
``<id>.owners`` files from before are moved into it when the app starts.
"""

from __future__ import annotations

import json
import os
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import current_app, session
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from companion.aotwk.i18n.bot_words import BotWords
from companion.i18n.field_words import for_a_page
from companion.i18n.sentences import Context, say
from companion.aotwk.rules import bot
from companion.aotwk.rules.opponent.vocabulary import LOCATIONS, PLACEMENT, VERBS
from companion.aotwk.web import tables
from companion.problems import InvalidInput, Problem
from companion.web.helpers import device_id, store
from companion.web.i18n import language
from companion.web.storage.store import Store, new_token

MAX_ACTIONS = 8                      # more than any printed card; a typo bound for the form
ROW_FIELD = re.compile(r"^a-(\d{1,2})-(\w+)$")
PROBLEM_PATH = re.compile(r"^card\.actions\[(\d+)\](?:\.(\w+))?$")
# New ids are 32 URL-safe characters; decks saved before ownership keep their 16 hex digits.
DECK_ID = re.compile(r"^(?:[0-9a-f]{16}|[A-Za-z0-9_-]{32})$")
MAX_DECK_BYTES = 100_000             # a 30-card deck is about 8 KB; anything far larger is not a deck
CARD_GROUPS = ("starting", "future")


# The effects a card may list after its placement, for the pick lists (the vocabulary's own words).
EFFECT_VERBS = [(verb["do"], verb["label"]) for verb in bot.describe_vocabulary()["verbs"]
                if verb["role"] != PLACEMENT]


@dataclass
class CardDraft:
    """A card as a form holds it: maybe incomplete, with messages per field."""

    location: str = ""
    title: str = ""
    group: str = "starting"
    card_id: str = ""
    rows: list[dict] = field(default_factory=list)          # raw actions, as typed
    errors: dict[str, list[str]] = field(default_factory=dict)
    general: list[str] = field(default_factory=list)

    def add_error(self, name: str, message: str) -> None:
        self.errors.setdefault(name, []).append(message)

    def card(self, with_identity: bool = True) -> dict:
        """The card for ``validate_card``: empty values left out so the rules name what is missing."""
        card: dict[str, Any] = {}
        if with_identity:
            card.update(id=self.card_id, group=self.group)
        if self.title.strip():
            card["title"] = self.title.strip()
        if self.location:
            card["location"] = self.location
        card["actions"] = [dict(row) for row in self.rows]
        return card

    def check(self, with_identity: bool = True) -> bool:
        """Run the rules core's card check; put each problem next to its field."""
        problems = bot.validate_card(self.card(with_identity), "card")
        for problem in problems:
            self.add_problem(problem)
        return not problems

    def add_problem(self, problem: Problem) -> None:
        match = PROBLEM_PATH.match(problem.path)
        if match:
            index, param = int(match.group(1)), match.group(2) or "do"
            self.add_error(f"a-{index}-{param}", problem.message)
        elif problem.path in ("card.location", "card.title", "card.group"):
            self.add_error(problem.path.split(".")[1], problem.message)
        else:
            self.general.append(f"{field_words(problem.path.removeprefix('card.'))}: "
                                f"{for_a_page(problem.message, language())}")


FIELD_PATH = re.compile(r"^actions\[(\d+)\](?:\.(\w+))?$")
DECK_CARD_PATH = re.compile(r"^cards\[(\d+)\](?:\.(.+))?$")


def deck_field_words(path: str) -> str:
    """Where a problem is in a deck file, in a player's words: "card 3, action 2, amount"
    ("카드 3, 행동 2, 수량") rather than ``cards[2].actions[1].amount``."""
    match = DECK_CARD_PATH.match(path)
    if not match:
        return field_words(path)
    number = int(match.group(1)) + 1
    card = _("card %(num)s", num=number)
    return f"{card}, {field_words(match.group(2))}" if match.group(2) else card


def field_words(path: str) -> str:
    """Where a problem is on a card, in a player's words: "action 2, amount" ("행동 2, 수량")
    rather than the file's path ``actions[1].amount``; a path of the deck file as it is."""
    match = FIELD_PATH.match(path)
    if match:
        index, param = int(match.group(1)) + 1, match.group(2)
        action = _("action %(index)s", index=index)
        if not param or param == "do":
            return action
        field = say(PARAM_WORDS[param], language()) if param in PARAM_WORDS else param
        return _("%(action)s, %(field)s", action=action, field=field)
    if path in ("", "card"):
        return _("card")
    if path in CARD_FIELDS:
        return CARD_FIELDS[path]()
    return path


# A parameter's name as a player reads it: (English, Korean).
PARAM_WORDS = {"amount": Context("scheme card field", "amount"), "count": Context("scheme card field", "how many"),
               "build": Context("scheme card field", "what for"),
               "if_full": Context("scheme card field", "if the Cathedral is full"),
               "space": Context("scheme card field", "space"), "from": Context("scheme card field", "where"),
               "group": Context("scheme card field", "group"), "row": Context("scheme card field", "row"),
               "end": Context("scheme card field", "end"), "text": Context("scheme card field", "words")}
CARD_FIELDS = {"location": lambda: _("location"), "title": lambda: _("title"), "actions": lambda: _("actions"),
               "id": lambda: _("card id"), "group": lambda: _("group"), "name": lambda: _("deck name"),
               "practice": lambda: _("practice deck or not"), "format": lambda: _("file format"),
               "notes": lambda: _("notes"), "cards": lambda: _("cards"), "(file)": lambda: _("the file"),
               "(deck)": lambda: _("the file")}


def _typed(verb_id: str, name: str, raw: str) -> Any:
    """A whole number where the verb wants one (else the text, for the rules to refuse)."""
    param = VERBS[verb_id].param_map[name]
    if param.kind == "int":
        try:
            return int(raw)
        except ValueError:
            return raw
    return raw


def draft_from_form(formdata: MultiDict) -> CardDraft:
    """The card a form posted, and what its buttons asked for (add or remove a row)."""
    draft = CardDraft(location=formdata.get("location", ""), title=formdata.get("title", ""),
                      group=formdata.get("group", "starting"), card_id=formdata.get("card_id", ""))
    indexes = sorted({int(m.group(1)) for key in formdata if (m := ROW_FIELD.match(key))})
    rows = []
    for index in indexes[:MAX_ACTIONS]:
        verb_id = formdata.get(f"a-{index}-do", "")
        row: dict[str, Any] = {"do": verb_id} if verb_id else {}
        if verb_id in VERBS:
            for name in VERBS[verb_id].param_map:
                raw = formdata.get(f"a-{index}-{name}", "").strip()
                if raw:
                    row[name] = _typed(verb_id, name, raw)
        rows.append(row)
    draft.rows = _with_placement(draft.location, rows)
    operation = formdata.get("op", "")
    if operation == "add" and len(draft.rows) < MAX_ACTIONS:
        draft.rows.append({})
    elif operation.startswith("remove-") and operation[7:].isdecimal():
        index = int(operation[7:])
        if 0 < index < len(draft.rows):
            del draft.rows[index]
    return draft


def _with_placement(location: str, rows: list[dict]) -> list[dict]:
    """Row 0 is the placement the location calls for (``bot.blank_card``'s, defaults filled in),
    its options kept while the location stays the same kind; the rows after it are the effects."""
    first = rows[0] if rows else {}
    if location not in LOCATIONS:
        return [{}, *rows[1:]]
    placement = bot.blank_card(location)["actions"][0]
    return [first if first.get("do") == placement["do"] else placement, *rows[1:]]


def draft_from_card(card: dict) -> CardDraft:
    return CardDraft(location=card["location"], title=card.get("title", ""), group=card.get("group", "starting"),
                     card_id=card.get("id", ""), rows=[dict(a) for a in card["actions"]])


def new_card_id(cards: list[dict], group: str) -> str:
    """The next free id in the group's series: s01, s02, ... / f01, ..."""
    taken = {c.get("id") for c in cards if isinstance(c, dict)}
    prefix = group[0]
    return next(f"{prefix}{n:02d}" for n in range(1, len(cards) + 2) if f"{prefix}{n:02d}" not in taken)


# -- the decks saved on this server ---------------------------------------------------------

class DeckNotFound(LookupError):
    pass


def _folder() -> Path:
    return Path(current_app.instance_path) / "decks"


def _path(deck_id: str) -> Path:
    if not DECK_ID.match(deck_id or ""):
        raise DeckNotFound(deck_id)
    return _folder() / f"{deck_id}.json"


def read_deck(deck_id: str) -> dict:
    try:
        return json.loads(_path(deck_id).read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError) as exc:
        raise DeckNotFound(deck_id) from exc


def write_deck(deck_id: str, data: dict) -> None:
    """Write the file whole or not at all (a half-written deck would be lost work)."""
    path = _path(deck_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".{secrets.token_hex(4)}.tmp")
    partial.write_text(bot.export_deck(data), encoding="utf-8")
    os.replace(partial, path)


def delete_deck(deck_id: str) -> None:
    try:
        _path(deck_id).unlink()
    except FileNotFoundError as exc:
        raise DeckNotFound(deck_id) from exc
    tables.forget_deck(store().engine, deck_id)


def add_deck(data: dict) -> str:
    """Save a new deck, owned by this device; returns its id (its edit link)."""
    deck_id = new_token()
    write_deck(deck_id, data)
    claim_deck(deck_id)
    return deck_id


def claim_deck(deck_id: str) -> None:
    """List this deck on this device: it made the deck, or was given the deck's edit link."""
    tables.remember_device_deck(store().engine, device_id(), deck_id)


def adopt_owner_files(instance_path: str, into: Store) -> None:
    """Decks' ``<id>.owners`` files (one device per line, from before the store kept them)
    become rows of ``device_decks``; each file is removed once its rows are in."""
    folder = Path(instance_path) / "decks"
    for owners in folder.glob("*.owners") if folder.is_dir() else []:
        if not DECK_ID.match(owners.stem):
            continue
        for device in owners.read_text(encoding="utf-8").split():
            tables.remember_device_deck(into.engine, device, owners.stem)
        owners.unlink(missing_ok=True)


def remember_card(deck_id: str, card: dict) -> None:
    """A printed card entered at a draw joins the table's saved deck (under its number; a
    number another game took meanwhile gets the next free one). A deck deleted since is let be."""
    try:
        data = read_deck(deck_id)
    except DeckNotFound:
        return
    cards = data.setdefault("cards", [])
    if any(isinstance(c, dict) and {**c, "id": None} == {**card, "id": None} for c in cards):
        return   # the same card, entered again in another game
    taken = {c.get("id") for c in cards if isinstance(c, dict)}
    card_id = card["id"] if card["id"] not in taken else next(str(n) for n in range(1, len(cards) + 2)
                                                               if str(n) not in taken)
    cards.append({**card, "id": card_id})
    write_deck(deck_id, data)


def empty_deck(name: str) -> dict:
    return {"format": bot.FORMAT, "name": name, "practice": False, "cards": []}


def saved_decks() -> list[dict]:
    """This device's decks: id, name, whether it is a practice deck, its problems."""
    found = []
    for deck_id in tables.device_decks(store().engine, device_id()):
        try:
            data = read_deck(deck_id)
        except DeckNotFound:   # deleted since, or a malformed id
            continue
        name = data.get("name") if isinstance(data, dict) and isinstance(data.get("name"), str) else deck_id
        whole = isinstance(data, dict) and isinstance(data.get("cards") or [], list)
        found.append({"id": deck_id, "name": name, "practice": bool(isinstance(data, dict) and data.get("practice")),
                      "cards": len(data.get("cards") or []) if whole else 0,
                      "problems": bot.validate_deck(data), "content": _content(data) if whole else deck_id,
                      "printed": whole and _entered_at_draws(data)})
    return sorted(found, key=lambda d: d["name"].casefold())


def read_upload(raw: bytes) -> dict:
    """A deck file someone shared: checked and normalised, or InvalidInput listing every problem."""
    if len(raw) > MAX_DECK_BYTES:
        raise InvalidInput([Problem("(file)", BotWords("deck_too_big", size=len(raw), most=MAX_DECK_BYTES))])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInput([Problem("(file)", BotWords("deck_not_utf8", byte=exc.start + 1))]) from None
    return bot.load_deck(text.removeprefix("\ufeff"), unfinished=True)


# -- the setup form's choice of scheme cards --------------------------------------------------

PRACTICE_CHOICE = "practice"
PHYSICAL_CHOICE = "physical"
SAVED_PREFIX = "saved:"
PRINTED_PREFIX = "printed:"


def deck_choices() -> list[tuple[str, str]]:
    """The practice deck first, then each deck saved here once: the table's printed cards (a deck
    the draws filled, its cards numbered as entered, or one not finished) as "I'll draw my printed
    cards (...)", a finished deck as itself (the app deals it); last, printed cards entered anew.
    A deck saved twice with the same name and cards (imported twice) is offered once."""
    choices, seen = [(PRACTICE_CHOICE, _("Practice deck (made up for this app, not the printed scheme cards)"))], set()
    printed_any = False
    for deck in saved_decks():
        same = (deck["name"], deck["content"])
        if same in seen:
            continue
        seen.add(same)
        if not deck["practice"] and deck["cards"] and (deck["printed"] or deck["problems"]):
            printed_any = True
            choices.append((f"{PRINTED_PREFIX}{deck['id']}", _(
                "I'll draw my printed cards (%(name)s: %(num)s remembered)", name=deck["name"], num=deck["cards"])))
        elif not deck["problems"]:
            choices.append((f"{SAVED_PREFIX}{deck['id']}",
                            deck["name"] + (_(" (practice deck)") if deck["practice"] else "")))
    choices.append((PHYSICAL_CHOICE, _("I'll draw my printed cards, entering each anew") if printed_any
                    else _("I'll draw my printed cards")))
    return choices


def _content(data: dict) -> str:
    """A deck's cards, for telling a deck saved twice (imported twice) from another of its name."""
    return json.dumps(data.get("cards") or [], sort_keys=True)


def _entered_at_draws(data: dict) -> bool:
    """A deck the printed-card draws filled: its cards carry the numbers the app gave them as they
    were entered (1, 2, ...), where the deck editor's carry s01, f01, ..."""
    cards = [c for c in data.get("cards") or [] if isinstance(c, dict)]
    return bool(cards) and all(str(c.get("id", "")).isdecimal() for c in cards)


def same_saved_deck(deck: dict) -> str | None:
    """The id of a deck this device has with the same name and cards (a file imported again), or None."""
    for saved in saved_decks():
        if (saved["name"], saved["content"]) == (deck.get("name"), _content(deck)):
            return saved["id"]
    return None


def deck_setup(choice: str | None) -> dict:
    """What ``table.new_game`` takes for the choice: ``deck`` and ``physical_deck``."""
    if choice == PHYSICAL_CHOICE or (choice or "").startswith(PRINTED_PREFIX):
        return {"deck": None, "physical_deck": True}
    if choice and choice.startswith(SAVED_PREFIX):
        try:
            return {"deck": read_deck(choice.removeprefix(SAVED_PREFIX)), "physical_deck": False}
        except DeckNotFound:
            pass   # deleted since the form was drawn: the choice check of the form refuses it
    return {"deck": None, "physical_deck": False}


def printed_deck(choice: str | None) -> tuple[str, list]:
    """For a printed-card game: the saved deck that remembers the table's cards (its id and
    cards). "I'll draw my printed cards" alone starts a new one, which the cards entered fill."""
    if choice and choice.startswith(PRINTED_PREFIX):
        deck_id = choice.removeprefix(PRINTED_PREFIX)
        try:
            data = read_deck(deck_id)
            return deck_id, [c for c in data.get("cards") or [] if isinstance(c, dict)]
        except (DeckNotFound, AttributeError):
            pass   # deleted since the form was drawn: start a new one
    return add_deck(empty_deck(_("Our printed scheme cards"))), []



# -- the last bot game's choices, for the next set-up and the rematch -------------------------

LAST_BOT = "last_bot"   # this device's session: the last bot game's mode, bot, scheme cards and players


def choice_of(state: dict) -> str:
    """The set-up's scheme-card choice that deals what this game's bot played with: its printed
    cards (the table's saved deck), a deck saved here with the same cards, or the practice deck."""
    piles = state["bot"]["deck"]
    if piles.get("mode") == "physical":
        return f"{PRINTED_PREFIX}{piles['deck_id']}" if piles.get("deck_id") else PHYSICAL_CHOICE
    if piles.get("practice"):
        return PRACTICE_CHOICE
    cards = sorted(json.dumps(c, sort_keys=True) for c in (piles.get("cards") or {}).values())
    for deck in saved_decks():
        try:
            data = read_deck(deck["id"])
        except DeckNotFound:
            continue
        if sorted(json.dumps(bot.normalise_card(c), sort_keys=True) for c in data.get("cards") or []
                  if isinstance(c, dict) and not bot.validate_card(c)) == cards:
            return f"{SAVED_PREFIX}{deck['id']}"
    return PRACTICE_CHOICE


def remember_bot_game(state: dict) -> None:
    """Keep a new game's mode, and a bot game's bot, scheme cards and players, on this device: the
    next set-up starts from them (issue 32: set-up opened on Constantine and the practice deck every
    time, 8 taps to set up again)."""
    kept = {**last_bot_game(), "mode": state.get("mode")}   # a game without a bot: the bot's choices stay
    if (state.get("bot") or {}).get("deck"):
        kept.update(opponent=state["bot"].get("opponent"), scheme_deck=choice_of(state),
                    names=[p.get("name") for p in state.get("players") or []][:6])
    session[LAST_BOT] = kept


def last_bot_game() -> dict:
    """The last bot game's choices on this device (``remember_bot_game``), or nothing."""
    kept = session.get(LAST_BOT)
    return kept if isinstance(kept, dict) else {}


def printed_cards_again(state: dict) -> tuple[str | None, list] | None:
    """For a rematch of a printed-card game: the table's saved deck as it is now (the cards entered
    in the last game included), or, the deck deleted since, the cards the game remembered (kept by
    the game alone: the rematch is made inside the store's transaction, which saves no deck)."""
    piles = state["bot"]["deck"]
    deck_id = piles.get("deck_id")
    if deck_id:
        try:
            data = read_deck(deck_id)
            return deck_id, [c for c in data.get("cards") or [] if isinstance(c, dict)]
        except (DeckNotFound, AttributeError):
            pass
    cards = [c for c in (piles.get("cards") or {}).values() if isinstance(c, dict)]
    return (None, cards) if cards else None
