"""Moves from the table page: WTForms forms built from the rules core's ``MOVES``.

Each move kind gets a form class made from its ``Param`` list (cached), plus
the revision the page was rendered at. The form checks shapes (numbers are
numbers, choices are choices); ``table.apply`` checks the rules against the
state current when the change is made, inside the store's transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from flask_babel import LazyString, gettext as _, lazy_gettext as _l
from flask_wtf import FlaskForm
from markupsafe import Markup, escape
from werkzeug.datastructures import MultiDict
from wtforms import BooleanField, Field, SelectField, StringField
from wtforms.validators import InputRequired, NumberRange, Optional, ValidationError

from companion.aotwk.catalogue import RESOURCES, SKILLS, load
from companion.i18n.reasons import render_reason
from companion.aotwk.i18n.names import card_name, opponent_name
from companion.aotwk.i18n.glossary import glossary, term
from companion.aotwk.i18n import cards as cards_ko
from companion.aotwk.i18n.cards import items_in_words
from companion.aotwk.i18n.move_words import choice_label, move_label, param_label
from companion.aotwk.rules import game as aotwk_game, table
from companion.problems import Problem, Refused
from companion.aotwk.rules.table.actors import abilities as table_abilities
from companion.aotwk.rules.table.cathedral import EMPTY_PILE
from companion.aotwk.rules.table.tools import tool_free_apprentices as table_tool_free
from companion.aotwk.rules.table.data import describe as describe_items, items_key, reward_types, rules as table_rules
from companion.aotwk.web import history
from companion.web.fields import WholeNumberField
from companion.web.i18n import language

BOT = "bot"
SANE_COUNT = 1000
# Counters with a relative move of their own: (state key, move kind, label).
COUNTERS = (
    ("prisoners", "prisoners", _l("Workers in Prison")),
    ("captured", "captured", _l("Captured workers held")),
)


class Rejected(Exception):
    """A move the form or the rules refused; ``errors`` maps field name -> message."""

    def __init__(self, kind: str | None, player: Any, errors: dict[str, str]):
        self.kind, self.player, self.errors = kind, player, errors
        super().__init__("; ".join(errors.values()))


@dataclass
class MoveRequest:
    move: dict = field(default_factory=dict)
    revision: int = 0
    refusal: Rejected | None = None
    seen: str | None = None   # what the phone showed of the one thing an absolute move sets

    @property
    def needs_current_revision(self) -> bool:
        """An absolute move without the value its phone saw: only a current screen may send it."""
        if self.seen is not None and self.move.get("kind") in SEEN:
            return False
        return aotwk_game.needs_current(self.move)


def _tax_stand(state: dict, move: dict) -> str:
    return str(state["table"]["tax_stand_silver"])


# The one thing each absolute move sets, as its phone showed it: (what to call it, its value now).
# A stale screen matters only when this changed; changes to anything else never refuse it.
SEEN: dict[str, tuple[str, Any]] = {
    "set_cathedral": (_l("%(name)s's Cathedral level"), lambda state, move: str(table_actor(state, move)["cathedral"])),
    "set_total": (_l("%(name)s's %(category)s total"),
                  lambda state, move: str(table_actor(state, move)["overrides"].get(move.get("category"), ""))),
    "steal_tax": (_l("The Tax Stand"), _tax_stand),
    "black_market_reset": (_l("The number of Black Market Resets"),
                           lambda state, move: str(state["table"]["black_market_resets"])),
    "finish_game": (_l("The game"), lambda state, move: state.get("phase", "")),
}


TABLE_WIDE_SEEN = frozenset({"steal_tax", "black_market_reset", "finish_game"})   # their value is no player's


def table_actor(state: dict, move: dict) -> dict:
    who = move.get("player")
    return state["bot"] if who == BOT else state["players"][who]


def seen_now(state: dict, move: dict) -> str | None:
    """The current value of what an absolute move sets (the phone sends back what it showed)."""
    if move.get("kind") not in SEEN:
        return None
    try:
        return SEEN[move["kind"]][1](state, move)
    except (KeyError, IndexError, TypeError):
        return None


def check_seen(state: dict, move: dict, seen: str | None) -> None:
    """Refuse an absolute move whose target changed since its phone drew it, saying what changed."""
    if seen is None or move.get("kind") not in SEEN:
        return
    now = seen_now(state, move)
    if now is None or now == seen:
        return
    what = str(SEEN[move["kind"]][0]) % {"name": who_name(state, move.get("player")),
                                         "category": category_words(str(move.get("category", "")))}
    field = {"set_cathedral": "level", "set_total": "value"}.get(move["kind"], "move")
    raise Refused([Problem(field, _(
        "%(what)s changed on another phone: it is now %(now)s (this screen showed %(seen)s). "
        "Nothing was saved: check it and send again.", what=what, now=now or _("empty"), seen=seen or _("empty")))])


def category_words(category: str) -> str:
    """A score category as a player reads it, in the request's language."""
    from companion.aotwk.i18n.glossary import category_label
    return category_label(category, language()) if language() == "ko" else category.replace("_", " ")


# -- forms -----------------------------------------------------------------------------

class PlayerField(SelectField):
    """A seat index, or "bot"; the choices are the game's, set when the form is built."""

    def process_formdata(self, valuelist):
        if valuelist and valuelist[0] not in ("", None):
            raw = valuelist[0]
            self.data = BOT if raw == BOT else raw
        else:
            self.data = None

    def pre_validate(self, form):
        if self.data is None:
            return
        if self.data != BOT and not str(self.data).isdecimal():
            raise ValidationError(_("Choose a player."))


# Labels a player reads where the rules core's label names an internal value.
LABELS = {"location": _l("Where the workers were captured"),
          "choice": _l("What the building gave (Treasury, Clay Pit)")}


def items_words(items) -> str:
    """{"silver": 3, "virtue": 1} in the request's language: "3 silver, 1 virtue", "은화 3, 선행 1"."""
    return items_in_words(items, language())


def choice_words(param, value: str) -> str:
    """A choice as a player says it: reward cards and gifts as printed, never their codes."""
    if param.name == "reward":
        if value == EMPTY_PILE:
            return _("None: the pile is empty (%(gain)s)", gain=items_words(load().reward_when_empty))
        return items_words(reward_types()[value]) if value in reward_types() else _words(value)
    if param.name == "source":
        return str(dict(HIRE_SOURCES).get(value, _words(value)))
    if param.name == "category":
        return category_words(value)
    return choice_label(param.name, value, language()) or _words(value)


class _Words(LazyString):
    """Words said when a form is drawn (in that request's language), not when its class is made;
    escaped like any text when a template writes them."""

    def __html__(self) -> str:
        return str(escape(str(self)))


def _lazy(words, *args) -> _Words:
    return _Words(words, *args)


def _location_words(location) -> str:
    if language() == "ko" and location.id in glossary()["terms"]:
        return term(location.id, "ko")
    return location.name[:1].upper() + location.name[1:]


def _capture_locations() -> list[tuple[str, Any]]:
    """The locations a capture may name, in words: never the Guildhall, Black Market, Prison or a board."""
    from companion.aotwk.rules.opponent.vocabulary import LOCATIONS
    return [(loc.id, _lazy(_location_words, loc)) for loc in LOCATIONS.values() if loc.capturable]


def _text_choices(param) -> list[tuple[str, Any]] | None:
    """Text fields whose answers the game data lists: offered as choices in words."""
    if param.name == "location":
        return _capture_locations()
    if param.name == "choice":
        gifts = {items_key(option): option for building in load().buildings.values()
                 if (building.effect or {}).get("kind") == "gain_one_of" for option in building.effect["options"]}
        return [(key, _lazy(items_words, gift)) for key, gift in sorted(gifts.items(), key=lambda g: describe_items(g[1]))]
    return None


def _label(param) -> Any:
    if param.name in LABELS:
        return _lazy(lambda: str(LABELS[param.name]))
    return _lazy(lambda: param_label(param.label, language()))


def _field_for(param) -> Field:
    label = _label(param)
    requirement = InputRequired(_lazy(lambda: _("%(label)s is required.", label=label))) if param.required else Optional()
    listed = _text_choices(param) if param.type == "text" else None
    if listed is not None:
        return SelectField(label, validators=[requirement], choices=[("", "—")] + listed, validate_choice=False)
    if param.type == "player":
        return PlayerField(label, validators=[requirement], choices=[], validate_choice=False)
    if param.type == "int":
        # Where the rules set no bound, a typo bound: nothing on the table counts past a thousand.
        low = param.min if param.min is not None else -SANE_COUNT
        high = param.max if param.max is not None else SANE_COUNT
        return WholeNumberField(label, validators=[requirement, NumberRange(min=low, max=high)],
                            render_kw={"inputmode": "numeric"})
    if param.type == "bool":
        return BooleanField(label)
    if param.type == "choice":
        blank = [] if param.required else [("", "—")]
        return SelectField(label, validators=[requirement],
                           choices=blank + [(c, _lazy(choice_words, param, c)) for c in param.choices],
                           validate_choice=False)
    return StringField(label, validators=[requirement])


@cache
def form_class(kind: str) -> type[FlaskForm]:
    spec = table.MOVES[kind]
    attributes = {"rev": WholeNumberField("Revision", validators=[InputRequired(_l("The page's revision is missing."))])}
    for param in spec.params:
        attributes[param.name] = _field_for(param)
    return type(f"{kind.title().replace('_', '')}Form", (FlaskForm,), attributes)


def apprentices_sources() -> tuple[str, ...]:
    return next(param for param in table.MOVES["hire"].params if param.name == "source").choices


def _words(identifier: str) -> str:
    return identifier.replace("_", " ").capitalize()


def _move_from(form: FlaskForm, kind: str) -> dict:
    move: dict[str, Any] = {"kind": kind}
    for param in table.MOVES[kind].params:
        value = getattr(form, param.name).data
        if param.type == "player" and value not in (None, BOT):
            value = int(value)
        if param.type in ("choice", "text", "building", "apprentice") and value == "":
            value = None
        if value is not None and not (param.type == "bool" and value is False):
            move[param.name] = value
    return move


def _joined_skills(formdata: MultiDict) -> MultiDict:
    """Skills ticked one box each (the Craft panel) as the one comma-separated field the move reads."""
    ticked = [value for value in formdata.getlist("skills") if value]
    if len(ticked) < 2:
        return formdata
    joined = MultiDict(formdata)
    joined.setlist("skills", [", ".join(ticked)])
    return joined


def read_move(formdata: MultiDict) -> MoveRequest:
    """The move a form posted, or a MoveRequest whose refusal says what is wrong with it."""
    formdata = expand_group(_joined_skills(formdata))
    kind = formdata.get("kind", "")
    player = formdata.get("player")
    if kind not in table.MOVES:
        return MoveRequest(refusal=Rejected(None, player, {"kind": _("That is not something the app can record.")}))
    form = form_class(kind)(formdata=formdata)
    if not form.validate():
        errors = {name: str(messages[0]) for name, messages in form.errors.items() if name != "csrf_token"}
        return MoveRequest(revision=form.rev.data or 0, refusal=Rejected(kind, player, errors))
    seen = formdata.get("seen")
    return MoveRequest(move=_move_from(form, kind), revision=form.rev.data, seen=seen)


def applier(move: dict, seen: str | None = None):
    """The rules on the current state, for the change pipeline (an absolute move first checks
    that what it sets is still what its phone showed)."""
    def apply_to(state: dict):
        check_seen(state, move, seen)
        return aotwk_game.apply(state, move)
    return apply_to


def rejected(move: dict, refused: Refused) -> Rejected:
    """The rules' refusal (codes) in the reader's language, each beside its field."""
    return Rejected(move.get("kind"), move.get("player"),
                    {problem.path: render_reason(problem.message, language()) for problem in refused.problems})


# -- what the table page shows -----------------------------------------------------------

def who_name(state: dict, who: Any) -> str:
    """A seat's name; the bot's in the reader's language (헬레나, 콘스탄틴 on a Korean page)."""
    said = table.display_name(state, who)
    return opponent_name(said, language()) if who == BOT else said


REASONS = ("placement_reason", "cathedral_reason", "black_market_reason")   # why a seat cannot: Refusal codes


def _status(state: dict, who: Any) -> dict:
    try:
        flags = table.status(state, who)
    except (KeyError, TypeError, table.MoveError):
        return {}   # an imported score-only document lacks what the live rules need
    said = {**flags, **{key: render_reason(flags[key], language()) or None for key in REASONS if key in flags}}
    return {**said, "name": who_name(state, who)} if who == BOT and said.get("name") else said


def guildhall(state: dict) -> dict:
    """The Guildhall as the page draws it: spaces in order, who placed each, the resets, the next space."""
    tbl = state.get("table") or {}
    layout = table.guildhall_layout(state)
    capacity = tbl.get("guildhall_capacity") or layout.capacity
    placed = list(tbl.get("guildhall") or [])
    resets = set(tbl.get("guildhall_reset_at") or [])
    spaces = [{"number": n, "who": placed[n - 1] if n <= len(placed) else None, "reset": n in resets,
               "next": n == len(placed) + 1} for n in range(1, capacity + 1)]
    columns = layout.columns
    final = tbl.get("final_round")
    return {"spaces": spaces, "columns": columns, "placed": len(placed), "capacity": capacity,
            "final_round": final, "beside": tbl.get("beside_guildhall") or []}


TABLE_SEAT = "table"   # "The whole table": a shared tablet, every seat in full


def seat_of(state: dict, chosen: Any) -> Any:
    """The seat a phone chose (from its session), as the page uses it: a seat index, the
    whole table, or None (not asked yet, or the seat no longer exists)."""
    if chosen == TABLE_SEAT:
        return TABLE_SEAT
    if isinstance(chosen, str) and chosen.isdecimal():
        chosen = int(chosen)
    if isinstance(chosen, int) and not isinstance(chosen, bool) and 0 <= chosen < len(state.get("players") or []):
        return chosen
    return None


def seat_order(state: dict, me: Any) -> list:
    """Every seat in turn order, this phone's own first."""
    seats = table.everyone(state)
    return ([me] + [who for who in seats if who != me]) if me in seats else seats


def board_view(state: dict, editable: bool, me: Any = None) -> dict:
    """Everything the live region needs beyond the state itself."""
    catalogue = load()
    playing = state.get("mode") != "paper"
    return {
        "me": me,
        "seats": seat_order(state, me),
        "status": {who: _status(state, who) for who in table.everyone(state)},
        "guildhall": guildhall(state),
        "resources": RESOURCES,
        "counters": COUNTERS,
        # Play controls (virtue, debts, Build...) whenever the table plays with the app;
        # resource counters only when the app checks payments.
        "tracking": playing,
        "payments": playing and state.get("track_resources", True),
        "finished": state.get("phase") == "finished",
        "move_options": move_options(bool(state.get("track_resources", True)), _artisans(state), language()),
        "artisans": _artisans(state),
        # Hugo's board: the silver a debt may be paid with instead, per seat that has it
        "silver_instead": {who: silver_instead(state, who) for who in table.everyone(state)},
        "boards": catalogue.boards,
        "buildings": catalogue.buildings,
        "apprentices": catalogue.apprentices,
        "categories": table.CATEGORIES,
    }


# Where a change's result appears on its player's card: the group of controls that made it.
RESULT_GROUPS = {
    "virtue": "virtue", "resources": "counters", "prisoners": "counters", "captured": "counters",
    "take_debts": "debts", "pay_debt": "debts", "destroy_debts": "debts",
    "send_to_prison": "prison", "release_prisoners": "prison",
    "advance_cathedral": "cathedral", "set_cathedral": "cathedral",
    "build": "build", "hire": "build", "final_turn_done": "final",
    "craft_adornment": "build", "craft_tool": "build", "debt_to_silver": "debts",
}


def result_slot(move: dict) -> str | None:
    """The placeholder the result of a move goes into (None: the top of the page)."""
    who = move.get("player")
    if who is None or move.get("kind") in ("pay_tax", "steal_tax"):
        return None
    return f"<!--result:{who}:{RESULT_GROUPS.get(move.get('kind'), 'more')}-->"


# -- questions a card asks (Build, Hire, Cathedral +1): labelled buttons, never ids ---------------

def _buttons(name: str, text: str, options: list[tuple[str, str]]) -> dict:
    return {"name": name, "text": text, "type": "buttons", "options": options}


def _number(name: str, text: str, default: int | None = None) -> dict:
    return {"name": name, "text": text, "type": "number", "default": default}


def _only_resources(options) -> bool:
    return all(item in RESOURCES for option in options for item in option)


def questions(state: dict, kind: str, who: Any, card_id: str | None = None) -> list[dict]:
    """What a move needs to know beyond the tap that made it, as a player is asked it;
    empty when the tap is enough. Payments unchecked: nothing about untracked resources."""
    payments = state.get("track_resources", True)
    if kind == "capture":
        return _capture_questions(state, who)
    if kind == "advance_cathedral":
        asked = []
        if state["table"].get("reward_cards_left", 0) > 0:
            asked.append(_buttons("reward", _("Which reward card was revealed?"),
                                  [(key, items_words(items)) for key, items in reward_types().items()]))
        if who == BOT and _artisans(state):   # Age of Artisans, Solo Variant: its Guildhall worker crafts one too
            asked.append(_number("adornment_vp", _("The printed VP of the Adornment %(name)s crafts (the face-up one "
                                                   "with the most VP)", name=who_name(state, who))))
        return asked
    if kind != "build" or card_id not in load().buildings:
        return []
    building = load().buildings[card_id]
    named = card_name("building", card_id, language())
    asked = []
    if building.vp is None:
        asked.append(_number("vp", _("The printed VP on the %(building)s", building=named)))
    effect = building.effect or {}
    effect_kind = effect.get("kind") if building.timing == "immediate" else None
    if effect_kind == "gain_one_of" and (payments or not _only_resources(effect["options"])):
        asked.append(_buttons("choice", _("What did the %(building)s give?", building=named),
                              [(items_key(option), items_words(option)) for option in effect["options"]]))
    elif effect_kind == "discard_card_for" and payments:
        asked.append(_buttons("discard_card", _("Discard a building card from your hand?"),
                              [("y", _("Discard one for %(gain)s", gain=items_words(effect["gain"]))),
                               ("", _("Keep my cards"))]))
    elif effect_kind == "hire_free_apprentice":
        asked.append({"name": "apprentice", "text": _("Which apprentice does the %(building)s hire for free?",
                                                      building=named),
                      "type": "cards", "kind": "apprentice"})
    elif effect_kind == "discard_apprentices" and who != BOT and state["players"][int(who)]["apprentices"]:
        mine = [table_entry_id(entry) for entry in state["players"][int(who)]["apprentices"]]
        asked.append(_buttons("discard_apprentice", _("Which apprentice goes to the %(building)s?", building=named),
                              own_apprentice_choices(mine)))
    elif effect_kind == "free_adornment":
        asked.append(_number("adornment_vp", _("The printed VP of the Adornment the %(building)s gives",
                                                 building=named)))
    return asked


def _capture_questions(state: dict, who: Any) -> list[dict]:
    """A capture, asked the way the table sees it. The bot's workers are known by location: a
    group of them is one button (its location and size: "the Forest (2)"), only where it has
    workers and the rules allow a capture. A human's group: whose, how many and, if the table
    likes, where. How many captures were paid at the Town Centre (its first silver is tax for
    the Tax Stand, which the app keeps whether or not it checks payments) is a field above the
    buttons, 1 unless changed: tapping the group records the capture."""
    paid = _number("paid_captures", _("Captures paid at the Town Centre (the first silver is tax)"), default=1)
    humans = [(str(other), who_name(state, other)) for other in table.everyone(state) if other not in (who, BOT)]
    groups = bot_groups(state) if who != BOT else []
    if state.get("bot") and who != BOT and not table.bot_link.has_workers(state):
        humans.append((BOT, who_name(state, BOT)))   # a bot whose workers are not tracked: counted like a human's
    if not humans:
        if not groups:
            return [_buttons("group", _("%(name)s has no workers on the board's large open circles to capture.",
                                        name=who_name(state, BOT)), [])]
        return [paid, {**_buttons("group", _("Which group of %(name)s's workers?", name=who_name(state, BOT)), groups),
                       "submits": True}]
    places = [(location, str(words)) for location, words in _capture_locations()]
    return [_number("count", _("How many workers? (for a human's group)"), default=1),
            {**_buttons("location", _("Where were they captured?"), places), "optional": True}, paid,
            {**_buttons("group", _("Whose workers?"), groups + [(f"{seat}:", name) for seat, name in humans]),
             "submits": True}]


def bot_groups(state: dict) -> list[tuple[str, str]]:
    """The bot's groups a human may capture, as "bot:<location>:<size>" buttons: only the large
    open circles (the Town Centre's rule), only where it has workers."""
    if not state.get("bot") or not table.bot_link.has_workers(state):
        return []
    from companion.aotwk.rules.opponent.vocabulary import LOCATIONS
    name = who_name(state, BOT)
    there = state["bot"]["workers"]["locations"]
    return [(f"{BOT}:{loc.id}:{there[loc.id]}", _("%(name)s at %(location)s (%(num)s)", name=name, num=there[loc.id],
                                                   location=term(loc.id, "ko") if language() == "ko" else loc.name))
            for loc in LOCATIONS.values() if loc.capturable and there.get(loc.id)
            and loc.id not in table_rules()["capture_never_from"]]


def expand_group(formdata: MultiDict) -> MultiDict:
    """A capture's group button as the move's fields: "bot:forest:2" is the bot's 2 workers at the
    Forest; "1:" is seat 1's workers (how many: the count field)."""
    group = formdata.get("group")
    if group is None:
        return formdata
    victim, _sep, rest = group.partition(":")
    location, _sep, count = rest.partition(":")
    expanded = MultiDict([(key, value) for key, value in formdata.items(multi=True) if key != "group"])
    expanded.setlist("victim", [victim])
    if location:
        expanded.setlist("location", [location])
        expanded.setlist("count", [count])
    return expanded


def table_entry_id(entry: Any) -> str:
    return entry["id"] if isinstance(entry, dict) else entry


# -- Age of Artisans: the Craft panel and Hugo's silver --------------------------------------------

TOOL_PLACES = (("guildhall", _l("Stacked on my worker in the Guildhall")),
               ("black_market", _l("The Black Market's middle space (2 silver, 1 virtue)")))


def silver_instead(state: dict, who: Any) -> int | None:
    """The silver this seat may pay instead of a debt (Hugo's board), or None."""
    if who == BOT:
        return None
    return next((ability["silver"] for _, ability in table_abilities(state, who, "debt_as_silver")), None)


def _card_name(kind: str, card_id: str) -> str:
    pool = load().buildings if kind == "building" else load().apprentices
    return card_name(kind, card_id, language()) if card_id in pool else card_id.replace("_", " ")


def own_apprentice_choices(apprentice_ids) -> list[tuple[str, str]]:
    """A player's apprentices as choices, each said once: two cards of one name (three Swindlers are
    printed) are told apart by their skills, and cards alike in every printed fact are one choice
    (either one does the same)."""
    def said(apprentice_id: str) -> str:
        return _card_name("apprentice", apprentice_id)

    ids = list(dict.fromkeys(apprentice_ids))
    names = [said(apprentice_id) for apprentice_id in ids]
    choices: dict[str, str] = {}
    for apprentice_id in ids:
        label = said(apprentice_id)
        card = load().apprentices.get(apprentice_id)
        if names.count(label) > 1 and card is not None and card.skills:
            skills = cards_ko.skills(card.skills, language())
            label = f"{label} ({skills})"
        choices.setdefault(label, apprentice_id)
    return [(apprentice_id, label) for label, apprentice_id in choices.items()]


def craft_choices(state: dict, who: int) -> dict:
    """What the Craft panel offers a seat, in a player's words: the buildings without an
    Adornment, the apprentices without a Tool, the craft cards the card library knows the
    Adornment VP of, and where a Tool's worker goes."""
    catalogue = load()
    record = state["players"][who]
    adorned = record.get("adornments_on") or {}
    buildings = [(building_id, _card_name("building", building_id))
                 for building_id in (table_entry_id(entry) for entry in record["buildings"]) if building_id not in adorned]
    apprentices = own_apprentice_choices(table_tool_free(state, who))
    craft_cards = [(card["number"], _("%(card)s · %(vp)s VP", card=card.get("name") or _(
                        "Craft card %(number)s", number=card["number"]), vp=card["adornment_vp"]))
                   for card in catalogue.craft_cards if card.get("adornment_vp") is not None]
    skills = [(skill, term(skill, "ko") if language() == "ko" else skill.capitalize()) for skill in SKILLS]
    return {"buildings": buildings, "apprentices": apprentices, "craft_cards": craft_cards,
            "places": TOOL_PLACES, "skills": skills,
            "price": table_rules()["craft_adornment"]}


# -- the undo and redo buttons ------------------------------------------------------------------

# Moves that have their own buttons on a player's card; the rest are offered in "More".
QUICK_MOVES = frozenset({"virtue", "resources", "prisoners", "captured", "take_debts", "pay_debt", "destroy_debts",
                         "send_to_prison", "release_prisoners", "steal_tax", "final_turn_done", "set_total",
                         "finish_game", "black_market_reset", "pay_tax", "build", "hire", "advance_cathedral",
                         "count", "end_game", "craft_adornment", "craft_tool", "debt_to_silver"})
# A refusal of one of these is shown next to its control (or in its reopened form): not at the top too.
PLACED_REFUSALS = QUICK_MOVES | {"set_cathedral"}
# Where an apprentice is hired, in the Hire panel's words (the Workshop first: the usual place).
def _hire_source_words(source: str) -> str:
    return choice_label("source", source, language()) or {"free": "Free (Tavern)"}.get(source, _words(source).title())


HIRE_SOURCES = [(source, _lazy(_hire_source_words, source)) for source in apprentices_sources()]


def hire_sources(state: dict) -> list[tuple[str, Any]]:
    """Where this game's Hire panel offers to hire: with Age of Artisans the Black Market's middle
    space crafts a Tool ('the Black Market Overlay Card in the middle space ... covering the original
    iconography'), so it hires nobody."""
    return [(source, words) for source, words in HIRE_SOURCES
            if not (source == "black_market" and _artisans(state))]


# Moves that are never one player's choice in the "Record…" list (they have their own place).
# (Crafting has the Craft panel, Hugo's silver its buttons by the debts.)
NOT_IN_PLAYER_LIST = frozenset({"final_turn_done", "set_total", "finish_game", "black_market_reset", "virtue",
                                "build", "hire", "advance_cathedral", "count", "craft_adornment", "craft_tool",
                                "debt_to_silver"})


@cache
def move_options(payments: bool = True, artisans: bool = True, lang: str = "en") -> dict[str, Markup]:
    """The "Record…" list's <option>s, for a player and for the bot: the same on every card of
    every page of a kind of game, so built (and escaped) once per kind and language."""
    return {who: Markup("").join(Markup('<option value="{}">{}</option>').format(kind, move_label(kind, label, lang))
                                 for kind, label in listed)
            for who, listed in other_moves(payments, artisans).items()}


ARTISANS = "age_of_artisans"


def _artisans(state: dict) -> bool:
    return ARTISANS in (state.get("expansions") or ())


def needed(kind: str, payments: bool, artisans: bool) -> bool:
    """Whether a move belongs in this game: resource moves only when the app checks payments,
    the Age of Artisans' only with it."""
    spec = table.MOVES[kind]
    return (payments or kind != "resources") and spec.in_play({"expansions": (ARTISANS,) if artisans else ()})


def unneeded_fields(state: dict, kind: str) -> set[str]:
    """Optional fields of a move this game never needs: resources when payments are unchecked,
    the Age of Artisans' without it."""
    payments = state.get("track_resources", True)
    in_play = table.MOVES[kind].params_in_play(state)
    skip = {param.name for param in table.MOVES[kind].params if param not in in_play}
    for param in in_play:
        if param.required:
            continue
        # (captures paid at the Town Centre stay: their tax goes to the Tax Stand, which the app always keeps)
        if not payments and (param.name in RESOURCES or param.name in ("collected", "skipped")):
            skip.add(param.name)
    return skip


def other_moves(payments: bool = True, artisans: bool = True) -> dict[str, list[tuple[str, str]]]:
    """The moves a player (and the bot) can record through a form, in the rules core's order."""
    listed: dict[str, list[tuple[str, str]]] = {"humans": [], "bot": []}
    for kind, spec in table.MOVES.items():
        actor = next((p for p in spec.params if p.type == "player" and p.name == "player"), None)
        if kind in NOT_IN_PLAYER_LIST or actor is None or not needed(kind, payments, artisans):
            continue
        listed["humans"].append((kind, spec.label))
        if actor.bot:
            listed["bot"].append((kind, spec.label))
    return listed


def player_choices(state: dict, param) -> list[tuple[str, str]]:
    return [(str(who), who_name(state, who)) for who in table.everyone(state) if who != BOT or param.bot]


def move_form(state: dict, kind: str, player: Any, revision: int) -> FlaskForm:
    """A form for one move, with the game's players as choices, pre-set for one player."""
    form = form_class(kind)(formdata=None)
    form.rev.data = revision
    for param in table.MOVES[kind].params:
        bound = getattr(form, param.name)
        if param.type == "player":
            bound.choices = ([] if param.required else [("", "—")]) + player_choices(state, param)
            if param.name == "player" and player is not None:
                bound.data = str(player)
        elif param.default is not None and param.type != "bool":
            bound.data = param.default
    # An absolute move carries what this screen shows of the one thing it sets (see SEEN).
    # (Not for a paper-pad total: its category is chosen in the form, so its value is not known yet.)
    seat = int(player) if isinstance(player, str) and player.isdecimal() else player
    form.skip = unneeded_fields(state, kind)
    form.picked = {}
    form.seen = (seen_now(state, {"kind": kind, "player": seat})
                 if kind != "set_total" and (seat is not None or kind in TABLE_WIDE_SEEN) else None)
    return form


def _card_names(kind: str, form: FlaskForm) -> dict[str, str]:
    """The cards a form already names, by their printed names (a refused form shows them again)."""
    pools = {"building": load().buildings, "apprentice": load().apprentices}
    names = {}
    for param in table.MOVES[kind].params:
        value = getattr(form, param.name).data
        if param.type in pools and value:
            card = pools[param.type].get(value)
            names[param.name] = card_name(param.type, value, language()) if card else value
    return names


def refused_form(state: dict, refusal: Rejected, formdata: MultiDict, revision: int) -> dict:
    """The refused move's form again, as the player filled it, each message next to its field."""
    form = move_form(state, refusal.kind, refusal.player, revision)
    form.process(formdata=formdata)
    form.rev.data = revision
    form.picked = _card_names(refusal.kind, form)
    form.general_errors = []
    for name, message in refusal.errors.items():
        bound = getattr(form, name, None) if name not in ("rev", "csrf_token") else None
        if bound is not None and hasattr(bound, "errors"):
            bound.errors = [message]
        else:
            form.general_errors.append(message)
    return {"form": form, "kind": refusal.kind, "spec": table.MOVES[refusal.kind], "who": refusal.player}


# -- history ------------------------------------------------------------------------------

def describe(state: dict, move: dict) -> str:
    """One sentence for a move (the undo button's words): companion.aotwk.web.history says it."""
    return history.describe_move(state, move)
