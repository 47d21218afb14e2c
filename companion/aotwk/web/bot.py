"""The solo bot on the web: the bot panel and its turn, and the scheme-deck editor.

The bot's turn is one event, ``{"kind": "bot_turn", "answers": ..., "card": ...}``,
written through the same store path as every other move (so undo puts the card
back on top: drawing is a pure function of the state). Once the turn is due (every
player before the bot recorded a move since its last turn) the panel shows what it
will be (``bot.plan_turn``: the card, the steps, the questions; with printed cards,
the remembered cards to pick from); otherwise "Play Helena's turn" shows it, after a
question when it is out of turn. Confirming (or picking a printed card that asks
nothing) records it, and only against the revision the plan was drawn at, so a
second phone cannot play the same turn twice.

Addresses::

    GET  /g/<t>/bot/turn        the plan (or, physical deck, the card picker or form first)
    POST /g/<t>/bot/turn        the answers, or a printed card picked: records the turn (a picked card
                                with questions is answered with them first)
    GET  /decks, /decks/new     saved decks; a new one        POST /decks/new, /decks/import, /decks/practice/copy
    GET  /decks/<id>            one deck: cards, problems      POST /decks/<id> (rename), /decks/<id>/delete
    GET  /decks/<id>/export.json                               POST /decks/<id>/cards (add a card)
    GET/POST /decks/<id>/cards/<n>   card n (1, 2, ...)       POST /decks/<id>/cards/<n>/delete
    GET/POST /decks/<id>/cards/new   a new card, saved into the deck by its Save

A deck's id is its edit link (192 random bits): /decks lists only this device's
decks (made here or opened by link) and the shipped practice deck, read-only.
"""

from __future__ import annotations

import re

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, url_for
from flask_babel import gettext as _, lazy_gettext as _l
from flask_htmx import make_response as htmx_response
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from markupsafe import Markup
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import RequestEntityTooLarge
from wtforms import SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange

from companion.aotwk.i18n.names import opponent_name
from companion.aotwk.i18n.bot_words import BotWords, practice_title
from companion.aotwk.i18n.cards import items_in_words
from companion.aotwk.i18n.glossary import term
from companion.i18n.field_words import for_a_page
from companion.i18n.reasons import render_reason
from companion.aotwk.rules import bot, table
from companion.aotwk.rules.opponent.vocabulary import LOCATIONS, VERBS
from companion.problems import InvalidInput, Problem
from companion.aotwk.web import bot_cards
from companion.web import access, changes, errors, games, limits
from companion.web.extensions import htmx
from companion.aotwk.web.bot_cards import CardDraft, DeckNotFound
from companion.web.fields import WholeNumberField
from companion.web.helpers import request_id, store
from companion.web.i18n import language
from companion.web.storage.store import AlreadyApplied, Game

bp = Blueprint("bot", __name__)
# decks' owner files from before the store kept who made or opened which deck
bp.record_once(lambda setup: bot_cards.adopt_owner_files(setup.app.instance_path, setup.app.extensions["store"]))
DECK_PATH = re.compile(r"^cards\[(\d+)\]")


# -- the panel on the table page --------------------------------------------------------------


def _bot_game(token: str) -> Game:
    game = access.load(token, want_edit=True)
    if not game.state.get("bot"):
        abort(404, _("This game has no bot."))
    return game


def _why_not(state: dict) -> str | None:
    """Why the bot cannot take a turn now, or None when it can."""
    return _plan_or_why_not(state)[1]


def _plan_or_why_not(state: dict) -> tuple[dict | None, str | None]:
    """The bot's next turn as it stands, or why it cannot take one. A printed card not yet drawn
    is stood in for by a blank one: the plan then only says that a turn is possible."""
    card = bot.blank_card("quarry") if state["bot"]["deck"]["mode"] == "physical" else None
    try:
        return plan_or_refuse(state, card), None
    except bot.BotError as refused:
        return None, _why(refused)


def _why(refused: Exception):
    """A refusal as the rules core gave it: a code (said in the reader's language by ``| say``) or text."""
    return refused.args[0] if refused.args else str(refused)


def _said(words) -> str:
    """A code from the rules core (a bot step, a question, a refusal) in the reader's language."""
    return render_reason(words, language())


def plan_or_refuse(state: dict, card: dict | None) -> dict:
    """``bot.plan_turn``, with a damaged bot (an edited document) refused like any other reason."""
    try:
        return bot.plan_turn(state, card)
    except (bot.BotError, InvalidInput):
        raise
    except (KeyError, TypeError, IndexError, AttributeError, ValueError) as damaged:
        raise bot.BotError(_("its record in this game is damaged (%(what)s)",
                             what=f"{type(damaged).__name__}: {damaged}")) from None


def _last_turn(game: Game) -> dict | None:
    """The last bot turn still in force: its card and the steps for the physical board."""
    record = store().last_event(game.id, bot.MOVE_KIND)
    return {"seq": record.seq, "steps": record.notes} if record else None


def _since_bot(game: Game) -> tuple[list, bool]:
    """The seats that recorded a move since the bot's last turn (undone moves left out), and whether
    the bot's turn is the last thing recorded (another now would be two in a row)."""
    movers, anything = [], False
    for record in reversed(store().history(game.id)):
        if record.undone:
            continue
        if record.move.get("kind") == bot.MOVE_KIND:
            return movers, not anything
        anything = True
        player = record.move.get("player")
        if isinstance(player, int) and player not in movers:
            movers.append(player)
    return movers, False


def _out_of_turn(game: Game, since: tuple[list, bool] | None = None) -> dict | None:
    """The question to ask before recording the bot's turn when the tap would skip a player, or None.
    Most human turns only gather resources, which the app does not track, so a turn that recorded
    nothing is the usual turn: in solo the tap itself says the player's turn is over (asking "again?"
    cost 2 taps and a warning on most turns). With 2 players and the bot, a player before it with
    nothing recorded this round is named: a stray tap on one phone must not skip the other.
    In the final round, the players still to play before the bot. ``since``: ``_since_bot(game)``."""
    state, name = game.state, _bot_name(game.state)
    movers, _again = since or _since_bot(game)
    who = bot.next_up(state, movers)
    if state.get("phase") == "final_round" and who not in ("bot", None):
        return {"again": _("Record %(name)s's final turn now?", name=name), "now": _next_up_words(state, who, movers),
                "why": _("In the final round %(player)s plays before %(name)s.",
                         player=table.display_name(state, who), name=name)}
    humans = [seat for seat in table.everyone(state) if isinstance(seat, int)]   # (the bot is "bot")
    skipped = [seat for seat in humans if seat not in movers]
    if len(humans) > 1 and skipped and state.get("phase") != "final_round":
        return {"again": _("Record %(name)s's turn now?", name=name), "now": _next_up_words(state, who, movers),
                "why": _("Nothing is recorded for %(players)s this round, and %(name)s plays after them.",
                         players=", ".join(table.display_name(state, seat) for seat in skipped), name=name)}
    return None


def _next_up_words(state: dict, who, movers: list | None = None) -> str | None:
    """Whose turn it is, and every player still to play before the bot ("Now: Ann's turn (then
    Ben, then Constantine)"): naming only the first would leave the others out."""
    if who is None:
        return None
    if who == "bot":
        return _("Now: %(name)s's turn", name=_bot_name(state))
    after = [table.display_name(state, seat) for seat in _before_bot(state, movers or []) if seat != who]
    return _("Now: %(name)s's turn (then %(others)s)", name=table.display_name(state, who),
             others=_(", then ").join([*after, _bot_name(state)]))


def _before_bot(state: dict, movers: list) -> list[int]:
    """The players still to play before the bot, in order (in the final round, the table's order)."""
    final = (state.get("table") or {}).get("final_round")
    if state.get("phase") == "final_round" and final:
        still = final.get("still_to_play") or []
        ahead = still[:still.index("bot")] if "bot" in still else still
        return [seat for seat in ahead if isinstance(seat, int) and seat not in movers]
    return [seat for seat in table.everyone(state) if isinstance(seat, int) and seat not in movers]


@bp.app_template_global("bot_steps")
def bot_steps(steps: list) -> dict:
    """A bot turn's steps as the panel shows them: what to do on the board (numbered), and apart,
    what the app recorded (the table's notes, said without the parentheses that set them aside)."""
    board, recorded = [], []
    for step in steps or []:
        if getattr(step, "code", None) == "aside":
            recorded.append(step.params["note"])
        else:
            board.append(step)
    return {"board": board, "recorded": recorded}


@bp.app_template_global("bot_panel")
def bot_panel(game: Game) -> dict | None:
    """What the bot panel shows, or None for a game without a (set-up) bot."""
    try:
        return _panel(game)
    except (KeyError, TypeError, IndexError, AttributeError, ValueError):
        return None   # a bot record the app did not write: the bot's card below still shows its counts


def _panel(game: Game) -> dict | None:
    state = game.state
    me = state.get("bot")
    if not me or not isinstance(me.get("workers"), dict) or "deck" not in me:
        return None
    workers, piles = me["workers"], me["deck"]
    places = [(_("On its board"), workers["board"])]
    places += [(_place_name(loc), n) for loc, n in workers["locations"].items() if n and loc in LOCATIONS]
    places += [(_("Guildhall"), workers["guildhall"]), (_("Black Market"), workers["black_market"]),
               (_("Prison"), workers["prison"])]
    places += [(_("Held by %(name)s", name=table.display_name(state, seat)), n)
               for seat, n in workers["held_by"].items() if n]
    since = _since_bot(game)
    who = bot.next_up(state, since[0])
    planned, why_not = _plan_or_why_not(state)
    # every player before it recorded a move since its last turn (a human turn that records nothing
    # still has the button): nothing to ask first, nothing to press first. Solo with the printed
    # cards: the pick list waits on the panel from the end of the bot's turn, so the card the player
    # draws once their own turn is over is one tap (nothing is revealed early: the pile is on the table)
    early = who != "bot" and _picks_early(state)
    due = why_not is None and (who == "bot" or early) and _out_of_turn(game, since) is None
    return {
        "name": _bot_name(state),
        "difficulty": _difficulty(me["opponent"]),
        "places": places,
        "captured": [(table.display_name(state, seat), n) for seat, n in me["captured_from"].items() if n],
        "physical": piles["mode"] == "physical",
        "piles": piles,
        "deck_name": _deck_name(piles.get("name")),
        # a practice deck whose name does not already say so
        "practice_chip": bool(piles.get("practice")) and "not the printed" not in (piles.get("name") or ""),
        "turns": me.get("turns", 0),
        "final_turn": "bot" in ((state.get("table") or {}).get("final_round") or {}).get("still_to_play", ()),
        "why_not": why_not,
        "last": _last_turn(game),
        # (no "whose turn" above a reason why the bot does not play now)
        "now": _next_up_words(state, who, since[0]) if why_not is None else None,
        "again": since[1],
        # its turn is due: shown on the panel at once (a phone with the edit link draws it), no button to press first
        # (given the live region's CSRF placeholder: the panel is drawn once for every phone, each
        # phone's own token put in where the placeholder is; companion.aotwk.web.table)
        "due": (lambda own_csrf=None: _due_turn(game, planned, early, own_csrf)) if due else None,
    }


def _picks_early(state: dict) -> bool:
    """Solo with printed cards the table entered before, some still in the draw pile: the next draw's
    pick list is shown as soon as the bot's turn is recorded (the player's own turn records nothing
    the bot waits for)."""
    humans = [seat for seat in table.everyone(state) if isinstance(seat, int)]
    # (with no remembered card left to offer, the next draw is a card to enter: the button opens its form)
    return len(humans) == 1 and bot.needs_card(state) and bool(bot.still_in_pile(state["bot"]["deck"]))


def _due_turn(game: Game, planned: dict, early: bool = False, own_csrf: Markup | None = None) -> Markup:
    """The bot's turn, drawn on the panel when it is due (the human's move that made it due is the
    tap that shows it): the printed cards to pick from (or the card form, nothing remembered yet),
    or the turn the app drew with its questions. ``planned``: the panel's plan of the turn."""
    state = game.state
    if bot.needs_card(state):
        if _remembered(state):
            return _turn_html(game, inline=True, picker=_picker(state, ""), form=_pick_form(game), early=early,
                              own_csrf=own_csrf)
        return _turn_html(game, inline=True, draft=CardDraft(rows=[{}]), own_csrf=own_csrf)
    return _turn_html(game, inline=True, plan=planned, form=_unanswered(game, planned), own_csrf=own_csrf)


def _deck_name(name: str | None) -> str | None:
    """The deck's name; the shipped practice deck's in the reader's language (the name is ours)."""
    return _("Practice deck (not the printed scheme cards)") if name == bot.PRACTICE_NAME else name


def _bot_name(state: dict) -> str:
    """The bot's name in the reader's language: the Korean rulebook's 콘스탄틴 and 헬레나."""
    return opponent_name(bot.bot_name(state), language())


def _place_name(location: str) -> str:
    """A board location for the panel: its game term in the reader's language ("Quarry", "채석장")."""
    return term(location, language())


def _difficulty(opponent: str) -> str:
    from companion.aotwk.catalogue import load
    found = load().opponents.get(opponent)
    return found.difficulty if found else ""


# -- the turn ----------------------------------------------------------------------------------

def _answer_taps(formdata) -> MultiDict:
    """The form as answered: an answer button tapped (one tap records the turn) is sent beside its
    empty "another number" field; the answer given is the non-empty one."""
    answered = MultiDict(formdata)
    for name in [key for key in answered if re.fullmatch(r"q\d+_both", key)]:
        # a capture with two players: one button says whose and how many ("1:2", Ben's 2 workers)
        seat, _sep, count = answered.get(name, "").partition(":")
        answered.setlist(name.removesuffix("_both"), [count])
        answered.setlist(f"{name.removesuffix('_both')}_seat", [seat])
        del answered[name]
    for name in {key for key in answered if key.startswith("q")}:
        given = [value for value in answered.getlist(name) if value.strip()]
        if given:
            answered.setlist(name, given[-1:])
    return answered


def _answered(formdata) -> bool:
    """Whether a confirm carries answers (its question fields), not only the card picked."""
    return any(re.fullmatch(r"q\d+(_seat|_both)?", key) for key in formdata)


def _answers_form(state: dict, plan: dict, formdata=None) -> FlaskForm:
    """A form with one field per question of the plan (a capture in a game of two humans: two)."""
    fields: dict = {"rev": WholeNumberField(validators=[InputRequired(_("The page's revision is missing."))])}
    for index, question in enumerate(plan["questions"]):
        name = f"q{index}"
        if question["kind"] == "choice":
            named = {key: _reward_words(key, shown) for key, shown in question["choices"].items()}
            choices = [("", _("— choose —")), *sorted(named.items(), key=lambda item: item[1])]
            fields[name] = SelectField(_said(question["prompt"]), choices=choices,
                                       validators=[InputRequired(_("Choose the card that was revealed."))])
            continue
        if question["kind"] == "capture" and len(question["seats"]) > 1:
            fields[f"{name}_seat"] = SelectField(
                _("Whose workers"), choices=[(str(s), state["players"][s]["name"]) for s in question["seats"]],
                validators=[InputRequired(_("Say whose workers they were."))])
        label = _said(question["prompt"])
        if question.get("captures", 1) > 1:   # a solo card's captures, asked once for all of them
            label = _("How many of your workers did %(name)s capture with both captures together?",
                      name=_bot_name(state))
        fields[name] = WholeNumberField(label, render_kw={"inputmode": "numeric"}, validators=[
            InputRequired(_("Say how many (0 if none).")),
            NumberRange(question["min"], question["max"],
                        _("Must be a whole number from %(low)s to %(high)s.", low=question["min"], high=question["max"]))])
    form_class = type("BotAnswersForm", (FlaskForm,), fields)
    return form_class() if formdata is None else form_class(formdata=formdata)


def _unanswered(game: Game, plan: dict) -> FlaskForm:
    """The plan's questions, unanswered, drawn at the game's revision: never filled from the request that
    draws them (a human's move, or a pick, posts a revision of its own)."""
    form = _answers_form(game.state, plan, MultiDict())
    form.rev.data = game.revision
    return form


def _reward_words(key: str, shown: str) -> str:
    """A Reward card's gains in the reader's language ("3 silver, 1 virtue", "은화 3, 선행 1"); a card
    the table does not know, as the question shows it."""
    from companion.aotwk.rules.table.data import reward_types
    items = reward_types().get(key)
    return items_in_words(items, language()) if items else shown


def _answers(form: FlaskForm, plan: dict) -> dict:
    answers = {}
    for index, question in enumerate(plan["questions"]):
        value = form[f"q{index}"].data
        if question["kind"] == "capture" and len(question["seats"]) > 1:
            value = {"seat": int(form[f"q{index}_seat"].data), "count": value}
        answers[question["id"]] = value
    return answers


def _place_turn_problems(form: FlaskForm, plan: dict, problems: list[Problem]) -> list[str]:
    """Each problem of the rules next to its question; the rest for the form as a whole."""
    by_id = {f"answers.{q['id']}": f"q{i}" for i, q in enumerate(plan["questions"])}
    general = []
    for problem in problems:
        if problem.path in by_id:
            form[by_id[problem.path]].errors = [*form[by_id[problem.path]].errors,
                                                for_a_page(problem.message, language())]
        else:
            general.append(problem.message)
    return general


def _turn_html(game: Game, **context) -> Markup:
    """The turn fragment: the card, its steps and questions; the printed cards to pick from; the card form."""
    refresh = Markup('hx-get="{}" hx-target="#bot-turn" hx-swap="innerHTML"').format(
        url_for("aotwk.bot.plan", token=game.edit_token))
    context.setdefault("draft", None)
    context.setdefault("own_csrf", None)   # the live region's placeholder, else the form's own token
    plan = context.get("plan")
    one = bool(plan) and len(plan["questions"]) == 1
    context["single"] = one and len(plan["questions"][0].get("seats", [0])) == 1
    # a capture with two players: a row of buttons per player (whose and how many in one tap), as solo's
    context["whose"] = one and plan["questions"][0]["kind"] == "capture" and len(plan["questions"][0]["seats"]) > 1
    return Markup(render_template("aotwk/bot/_turn.html", game=game, token=game.edit_token, state=game.state,
                                  name=_bot_name(game.state), vocabulary=_vocabulary(), refresh=refresh,
                                  deck_name=_deck_name(game.state["bot"]["deck"].get("name")), **context))


def _pick_form(game: Game) -> FlaskForm:
    """The printed cards' picker is a form: a pick records the turn (against this revision)."""
    return _unanswered(game, {"questions": []})


def _turn_page(game: Game, status: int = 200, **context):
    """The turn fragment for htmx (into #bot-turn), a page of its own without script."""
    html = _turn_html(game, **context)
    if htmx:
        return htmx_response(html, status, retarget="#bot-turn", reswap="innerHTML")
    return render_template("aotwk/bot/turn.html", game=game, body=Markup(html)), status


def _read_card(game: Game, formdata) -> tuple[dict | None, CardDraft | None]:
    """Physical-deck mode: the card the player drew. A remembered one is named by its number
    (``pick``: the card alone, no draft); a new one is entered, as a card and as a form draft."""
    if not bot.needs_card(game.state):
        return None, None
    pick = formdata.get("pick")
    if pick is not None:
        if pick not in _remembered(game.state):
            abort(404, _("This game remembers no printed card with that number."))
        return {"id": pick}, None
    draft = bot_cards.draft_from_form(formdata)
    card = draft.card(with_identity=False)
    if draft.group in bot_cards.CARD_GROUPS:
        card["group"] = draft.group
    return card, draft


def _remembered(state: dict) -> dict:
    """The printed cards this game remembers (the table's deck), by number."""
    return state["bot"]["deck"].get("cards") or {}


def _picker(state: dict, query: str) -> dict:
    """What a printed-card draw offers: the remembered cards still in the draw pile first,
    then those drawn since the last shuffle, each in the order a player finds the printed card
    (its location, then its first action: the card carries no number); a query keeps those whose
    location or words match."""
    piles = state["bot"]["deck"]
    waiting = bot.still_in_pile(piles)
    waiting_ids = {card["id"] for card in waiting}
    drawn_ids = set(piles.get("drawn") or ())   # (a Future card still aside is neither waiting nor drawn)
    drawn = [card for card in _remembered(state).values() if card["id"] in drawn_ids - waiting_ids]
    words = query.strip().casefold()

    def text(card: dict) -> str:
        return " ".join([card.get("title") or "", _card_title(card.get("title")) or "",
                         _place_name(card["location"]), *(_said(line) for line in bot.card_summary(card))])

    def matches(card: dict) -> bool:
        return not words or words in text(card).casefold()

    def as_found(cards: list[dict]) -> list[dict]:
        return sorted((c for c in cards if matches(c)), key=_found_by)

    return {"waiting": as_found(waiting), "drawn": as_found(drawn), "query": query,
            "reshuffled": bot.pile_ran_out(piles) and bool(piles.get("drawn")), "left": len(waiting)}


def _found_by(card: dict) -> tuple:
    """How a player finds a printed card in a list: by its location, then its first action after
    the placement, then its title (in the reader's language)."""
    lines = [_said(line) for line in bot.card_summary(card)]
    return (_place_name(card["location"]).casefold(), [line.casefold() for line in lines[1:]],
            (_card_title(card.get("title")) or "").casefold())


@bp.get("/g/<token>/bot/turn")
def plan(token: str):
    game = _bot_game(token)
    reason = _why_not(game.state)
    if reason:
        return _turn_page(game, 409, refusal=reason)
    if not request.args:
        # out of turn (a second tap, another phone, a human turn that recorded nothing): ask first
        question = _out_of_turn(game)
        if question:
            return _turn_page(game, **question)
    card, draft = _read_card(game, request.args)
    if draft is not None:
        if "location" not in request.args:          # the button: the remembered cards, or an empty card form
            if _remembered(game.state) and "new" not in request.args:
                return _turn_page(game, picker=_picker(game.state, request.args.get("q", "")), form=_pick_form(game))
            return _turn_page(game, draft=CardDraft(rows=[{}]))
        if request.args.get("op") or "show" not in request.args:
            # a row added or removed, a new location, the form drawn again: the form, no errors; only
            # its "Show what ... does" button (``show``) submits the card, and hears what is missing
            return _turn_page(game, draft=draft)
        if not draft.check(with_identity=False):
            return _turn_page(game, 400, draft=draft)
    try:
        planned = plan_or_refuse(game.state, card)
    except bot.BotError as refused:   # this card cannot be played now (every Black Market space taken, say)
        return _turn_page(game, 409, refusal=_why(refused))
    return _turn_page(game, plan=planned, form=_unanswered(game, planned), draft=draft,
                      pick=(card or {}).get("id") if draft is None else None)


@bp.post("/g/<token>/bot/turn")
@changes.endpoint   # the pipeline checks the CSRF token after the view-token check (403 first)
def play(token: str):
    game = changes.gate(token)
    if not game.state.get("bot"):
        abort(404, _("This game has no bot."))
    try:   # a repeated confirm first: its card was drawn at a revision that has passed
        store().check_repeat(token, request_id())
    except AlreadyApplied as repeat:
        return _recorded(repeat.game)
    if request.form.get("rev", type=int) not in (None, game.revision):
        # The card the player saw was drawn at that revision: since then it may be another card, or none.
        return games.render_game(game, 409, message=games.STALE_MESSAGE)
    card, draft = _read_card(game, request.form)
    if draft is not None and not draft.check(with_identity=False):
        return _turn_page(game, 400, draft=draft)
    try:
        planned = plan_or_refuse(game.state, card)
    except bot.BotError as refused:
        return games.render_game(game, 409, message=_("%(name)s cannot play now: %(why)s.", name=_bot_name(game.state),
                                                      why=_said(_why(refused))))
    if card is not None and draft is None and planned["questions"] and not _answered(request.form):
        # a printed card picked from the list: it records the turn at once when it asks nothing, else its questions
        return _turn_page(game, plan=planned, form=_unanswered(game, planned), pick=card["id"])
    form = _answers_form(game.state, planned, _answer_taps(request.form))   # (CSRF checked by the pipeline's gate)
    if not form.validate_on_submit():
        return _turn_page(game, 400, plan=planned, form=form, draft=draft)
    move = {"kind": bot.MOVE_KIND, "answers": _answers(form, planned), "card": card}
    # Checked again inside the transaction: another phone may be confirming the same card right now.
    def refused(outcome: changes.Outcome):   # why, next to the answers it is about
        general = _place_turn_problems(form, planned, outcome.refused.problems)
        return _turn_page(game, 400, plan=planned, form=form, draft=draft, general=general)

    def recorded(outcome: changes.Outcome):
        if draft is not None and outcome.game.state["bot"]["deck"].get("deck_id"):
            # a printed card entered for the first time joins the table's saved deck, for later draws and games
            piles = outcome.game.state["bot"]["deck"]
            bot_cards.remember_card(piles["deck_id"], piles["last"])
        return _recorded(outcome.game)
    return games.answer(changes.change(token, move, revision=form.rev.data, needs_current=True, game=game),
                        refused=refused, drawn=recorded)


def _after_csrf_failure(message: str):
    """A confirm whose form had expired: the same turn, as it was answered, with the message above it."""
    game = access.load(request.view_args["token"], want_edit=True)
    if not game.state.get("bot"):   # (a game without a bot: the game's page, with the message)
        return games.after_csrf_failure(message)
    card, draft = _read_card(game, request.form)
    try:
        planned = plan_or_refuse(game.state, card)
    except bot.BotError:
        return games.after_csrf_failure(message)
    form = _answers_form(game.state, planned)   # drawn with a fresh token
    form.validate()
    return _turn_page(game, 400, plan=planned, form=form, draft=draft, general=[message])


errors.CSRF_RECOVERY["aotwk.bot.play"] = _after_csrf_failure


def _recorded(game: Game):
    """The answer to a recorded turn (and to a repeat of the same confirm)."""
    message = _("%(name)s's turn is recorded: do what it says in the panel below.", name=_bot_name(game.state))
    notes = None
    if game.state.get("phase") in ("counting", "finished"):
        # the final turn ended the game: the count replaces the panel, so its steps are said here
        message = _("%(name)s's final turn is recorded: do these steps on the board, then count.",
                    name=_bot_name(game.state))
        notes = bot_steps((_last_turn(game) or {}).get("steps"))["board"]
    if htmx:
        return games.render_game(game, message=message, notes=notes)
    return redirect(url_for("games.table", token=game.edit_token), 303)


# -- the vocabulary for card forms -----------------------------------------------------------------

def _vocabulary() -> dict:
    locations = [(loc.id, _place_name(loc.id)) for loc in LOCATIONS.values()]
    effects = [(verb, _said(label)) for verb, label in bot_cards.EFFECT_VERBS]
    return {"locations": locations, "location_names": dict(locations), "effects": effects,
            "verbs": VERBS, "summary": _summary, "words": _vocabulary_words, "title": _card_title}


def _card_title(title: str | None) -> str | None:
    return practice_title(title, language())


def _vocabulary_words(what: str, verb: str, param: str | None = None, value=None) -> str:
    """A verb's label, a parameter's help or an option, in the reader's language (the card form's lists)."""
    if what == "verb":
        return _said(BotWords("verb_label", verb=verb))
    if what == "help":   # a label: its first letter a capital (and "AI" left as it is)
        words = _said(BotWords("param_help", verb=verb, param=param))
        return words[:1].upper() + words[1:]
    return _said(BotWords("choice", verb=verb, param=param, value=value))


def _summary(card: dict) -> list[str]:
    """A card in plain words (codes: ``| say`` them), or nothing for a card the rules would refuse."""
    return [] if bot.validate_card(card, "card") else bot.card_summary(card)


# -- the deck editor ------------------------------------------------------------------------------

class DeckNameForm(FlaskForm):
    name = StringField(_l("Deck name"), validators=[InputRequired(_l("Give the deck a name.")),
                                                    Length(max=80, message=_l("At most 80 characters."))],
                       render_kw={"autocomplete": "off", "placeholder": _l("Our printed cards")})


class DeckImportForm(FlaskForm):
    deck_file = FileField(_l("Deck file (JSON)"),
                          validators=[FileRequired(_l("Choose a deck file exported from this app."))])


class CsrfOnlyForm(FlaskForm):
    """Buttons that change a deck: only the CSRF token."""


class CardForm(FlaskForm):
    """The card's fixed fields; the action rows are read by bot_cards.draft_from_form."""
    group = SelectField(_l("Group"), choices=[("starting", _l("Starting (20)")), ("future", _l("Future (10)"))])


def _load_deck(deck_id: str) -> dict:
    try:
        data = bot_cards.read_deck(deck_id)
    except DeckNotFound:
        abort(404, _("There is no saved deck at this address."))
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        abort(404, _("This deck file is damaged; import a good copy."))
    return data


def _deck_problems(data: dict) -> tuple[dict[int, list[str]], list[str]]:
    """The deck's problems: per card (by index), and for the deck as a whole."""
    per_card: dict[int, list[str]] = {}
    general = []
    for problem in bot.validate_deck(data):
        match = DECK_PATH.match(problem.path)
        if match:
            field = problem.path[match.end():].lstrip(".")
            per_card.setdefault(int(match.group(1)), []).append(f"{bot_cards.field_words(field)}: "
                                                                f"{for_a_page(problem.message, language())}")
        elif problem.path == "cards":   # how many cards the deck still needs: the message says it all
            general.append(for_a_page(problem.message, language()))
        else:
            general.append(f"{bot_cards.field_words(problem.path)}: {for_a_page(problem.message, language())}")
    return per_card, general


@bp.get("/decks")
def decks():
    return render_template("aotwk/bot/decks.html", decks=bot_cards.saved_decks(), name_form=DeckNameForm(),
                           import_form=DeckImportForm(), buttons=CsrfOnlyForm(), practice_name=bot.PRACTICE_NAME)


@bp.route("/decks/new", methods=["GET", "POST"])
@limits.new_decks
def new_deck():
    form = DeckNameForm()
    if not form.validate_on_submit():
        return render_template("aotwk/bot/deck_new.html", form=form), 400 if form.is_submitted() else 200
    deck_id = bot_cards.add_deck(bot_cards.empty_deck(form.name.data.strip()))
    return redirect(url_for("aotwk.bot.deck", deck_id=deck_id), 303)


@bp.post("/decks/practice/copy")
@limits.new_decks
def copy_practice():
    if not CsrfOnlyForm().validate_on_submit():
        abort(400)
    practice = bot.practice_deck()
    # the copy is named as a copy, and its cards titled, in the reader's language (the practice deck's words are
    # ours); it is a deck of its own to change, no longer the practice deck
    cards = [{**card, "title": _card_title(card["title"])} if card.get("title") else card for card in practice["cards"]]
    name = _("Copy of %(name)s", name=_deck_name(practice["name"]))[:80]
    deck_id = bot_cards.add_deck({**practice, "cards": cards, "name": name, "practice": False})
    return redirect(url_for("aotwk.bot.deck", deck_id=deck_id), 303)


@bp.post("/decks/import")
@limits.new_decks
def import_deck():
    form = DeckImportForm()
    if not form.validate_on_submit():
        return render_template("aotwk/bot/deck_import.html", form=form, problems=[]), 400
    try:
        deck = bot_cards.read_upload(form.deck_file.data.read(bot_cards.MAX_DECK_BYTES + 1))
    except InvalidInput as refused:
        return render_template("aotwk/bot/deck_import.html", form=form, problems=_problem_lines(refused.problems)), 400
    # the same file imported again is the deck already here, not a second one of the same name
    deck_id = bot_cards.same_saved_deck(deck) or bot_cards.add_deck(deck)
    return redirect(url_for("aotwk.bot.deck", deck_id=deck_id), 303)


@bp.errorhandler(RequestEntityTooLarge)
def _upload_too_large(error: RequestEntityTooLarge):
    """A file past the server's upload limit is refused before it is read: say so in the deck's words."""
    if request.endpoint != "aotwk.bot.import_deck":
        return errors.error_page(413)
    problem = Problem("(file)", BotWords("deck_over_server_limit", limit=current_app.config["MAX_CONTENT_LENGTH"],
                                         most=bot_cards.MAX_DECK_BYTES))
    return render_template("aotwk/bot/deck_import.html", form=DeckImportForm(formdata=None),
                           problems=_problem_lines([problem])), 413


def _problem_lines(problems: list[Problem]) -> list[str]:
    """A deck file's problems, one sentence each, after where it is in a player's words ("Card 3,
    location: unknown location “forrest”; did you mean “forest”?")."""
    lines = [f"{bot_cards.deck_field_words(problem.path)}: {for_a_page(problem.message, language())}"
             for problem in problems]
    return [line[:1].upper() + line[1:] for line in lines]


@bp.get("/decks/<deck_id>")
def deck(deck_id: str):
    data = _load_deck(deck_id)
    bot_cards.claim_deck(deck_id)   # its address is its edit link: whoever opens it has it on their list
    form = DeckNameForm(data={"name": data.get("name", "")})
    return _deck_page(deck_id, data, form)


def _deck_page(deck_id: str, data: dict, form: DeckNameForm, status: int = 200):
    per_card, general = _deck_problems(data)
    counts = {group: sum(1 for c in data["cards"] if isinstance(c, dict) and c.get("group") == group)
              for group in ("starting", "future")}
    return render_template("aotwk/bot/deck.html", deck_id=deck_id, deck=data, form=form, buttons=CsrfOnlyForm(),
                           per_card=per_card, general=general, counts=counts, summary=_summary, title=_card_title,
                           practice_name=bot.PRACTICE_NAME), status


@bp.post("/decks/<deck_id>")
def rename_deck(deck_id: str):
    data = _load_deck(deck_id)
    form = DeckNameForm()
    if not form.validate_on_submit():
        return _deck_page(deck_id, data, form, 400)
    data["name"] = form.name.data.strip()
    bot_cards.write_deck(deck_id, data)
    return redirect(url_for("aotwk.bot.deck", deck_id=deck_id), 303)


@bp.post("/decks/<deck_id>/delete")
def delete_deck(deck_id: str):
    _load_deck(deck_id)
    if not CsrfOnlyForm().validate_on_submit():
        abort(400)
    bot_cards.delete_deck(deck_id)
    return redirect(url_for("aotwk.bot.decks"), 303)


@bp.get("/decks/<deck_id>/export.json")
def export_deck(deck_id: str):
    data = _load_deck(deck_id)
    filename = re.sub(r"[^A-Za-z0-9._ -]+", "", str(data.get("name") or "deck")).strip() or "deck"
    response = Response(bot.export_deck(data), mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}.json"'
    return response


@bp.post("/decks/<deck_id>/cards")
def add_card(deck_id: str):
    """A new card's editor: nothing is saved until its Save (issue 32: an empty card stayed behind
    when the player went back)."""
    _load_deck(deck_id)
    if not CsrfOnlyForm().validate_on_submit():
        abort(400)
    group = "future" if request.form.get("group") == "future" else "starting"
    return redirect(url_for("aotwk.bot.new_card", deck_id=deck_id, group=group), 303)


def _card_at(data: dict, number: int) -> dict:
    """The card a player calls card ``number`` (1, 2, ...: its place in the deck, as its address)."""
    if not 1 <= number <= len(data["cards"]) or not isinstance(data["cards"][number - 1], dict):
        abort(404, _("This deck has no such card."))
    return data["cards"][number - 1]


def _card_page(deck_id: str, data: dict, number: int | None, draft: CardDraft, form: CardForm, status: int = 200):
    """The card editor: card ``number``, or a new card (None) that joins the deck when saved."""
    template = "aotwk/bot/_card_form.html" if htmx else "aotwk/bot/card.html"
    action = (url_for("aotwk.bot.save_new_card", deck_id=deck_id) if number is None
              else url_for("aotwk.bot.card", deck_id=deck_id, number=number))
    refresh = Markup('hx-post="{}" hx-target="#card-form" hx-swap="outerHTML"').format(action)
    return render_template(template, deck_id=deck_id, deck=data, number=number, draft=draft, form=form,
                           vocabulary=_vocabulary(), action=action, refresh=refresh), status


@bp.get("/decks/<deck_id>/cards/new")
def new_card(deck_id: str):
    data = _load_deck(deck_id)
    group = "future" if request.args.get("group") == "future" else "starting"
    draft = bot_cards.draft_from_card(bot.blank_card("quarry", bot_cards.new_card_id(data["cards"], group), group))
    return _card_page(deck_id, data, None, draft, CardForm(data={"group": group}))


@bp.post("/decks/<deck_id>/cards/new")
def save_new_card(deck_id: str):
    data = _load_deck(deck_id)
    return _save_card(deck_id, data, None)


@bp.get("/decks/<deck_id>/cards/<int:number>")
def card(deck_id: str, number: int):
    data = _load_deck(deck_id)
    found = _card_at(data, number)
    try:
        draft = bot_cards.draft_from_card(found)
    except (KeyError, TypeError, ValueError):   # a damaged card in an unfinished deck: start it again
        draft = CardDraft(card_id=str(found.get("id", "")), rows=[{}])
    return _card_page(deck_id, data, number, draft, CardForm(data={"group": draft.group}))


@bp.post("/decks/<deck_id>/cards/<int:number>")
def save_card(deck_id: str, number: int):
    data = _load_deck(deck_id)
    _card_at(data, number)
    return _save_card(deck_id, data, number)


def _save_card(deck_id: str, data: dict, number: int | None):
    """A card form posted: redrawn (a row added or removed), refused next to its fields, or saved
    (a new card joins the deck at its end)."""
    form = CardForm()
    draft = bot_cards.draft_from_form(request.form)
    if number is None:
        card_id = request.form.get("card_id") or bot_cards.new_card_id(data["cards"], form.group.data or "starting")
    else:
        card_id = str(data["cards"][number - 1].get("id", ""))
    draft.card_id, draft.group = card_id, form.group.data
    if request.form.get("op"):   # add or remove a row, or a new location or action: the form again, unsaved
        return _card_page(deck_id, data, number, draft, form)
    valid_form = form.validate_on_submit()
    if not draft.check() or not valid_form:
        return _card_page(deck_id, data, number, draft, form, 400)
    if number is None:
        data["cards"].append(None)
        number = len(data["cards"])
    data["cards"][number - 1] = bot.normalise_card(draft.card())
    bot_cards.write_deck(deck_id, data)
    if request.form.get("then") == "next" and number < len(data["cards"]):
        return redirect(url_for("aotwk.bot.card", deck_id=deck_id, number=number + 1), 303)
    return redirect(url_for("aotwk.bot.deck", deck_id=deck_id, _anchor=f"card-{number}"), 303)


@bp.post("/decks/<deck_id>/cards/<int:number>/delete")
def delete_card(deck_id: str, number: int):
    data = _load_deck(deck_id)
    _card_at(data, number)
    if not CsrfOnlyForm().validate_on_submit():
        abort(400)
    del data["cards"][number - 1]
    bot_cards.write_deck(deck_id, data)
    return redirect(url_for("aotwk.bot.deck", deck_id=deck_id), 303)
