"""A finished game's rematch, and the table carried over to it (issue 34).

  POST /g/<edit_token>/rematch          the next game: same players one seat on, same options and
                                        group (each game's ``GamePages.rematch``); 303 to it
  GET  /g/<edit_token>/rematch          this phone to the rematch's edit link, as the same player
  GET  /v/<view_token>/rematch          this phone to the rematch's view link, as the same player
  GET  /g|v/<token>/rematch/notice      the final score page's small live region: the notice alone

A game has one rematch: the first "Rematch" makes it, any later one (another phone's, a stale
page's) leads to it. Made, it moves the finished game on one revision in the same commit
(``companion.web.changes.rematch``), so every phone and tablet showing the finished game hears of
it through its live stream like any other change, fetches its page and finds the notice, with one
tap to follow. Anyone who opens the finished game later finds the same notice.

A phone follows its player, not its seat's number: the rematch seats the players one on, so the
phone that was Ann's is Ann's again (found by name) and is not asked "Who is this phone?"; a tablet
showing the whole table shows it again. The seat is each device's own choice, kept in its session
(``GamePages.device_seat``, ``GamePages.remember_seat``). A view link leads only to the rematch's
view link: its page holds no token of the rematch at all, only the address of this redirect.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, g, redirect, render_template, request, url_for
from flask_babel import gettext as _

from companion.problems import InvalidInput
from companion.web import changes, game_pages, limits
from companion.web.games import readable
from companion.web.storage.group_store import GroupStore
from companion.web.helpers import game_url, remember_game, store
from companion.web.i18n import REMATCH_ENDING, problem_line
from companion.web.pages import stamp_created
from companion.web.storage.store import Game

bp = Blueprint("rematches", __name__)

FINISHED = "finished"


@bp.post("/g/<token>/rematch")
@limits.new_games   # a rematch is a new game: it counts with every other way of starting one
@changes.endpoint
def rematch(token: str):
    game = changes.gate(token)
    pages = game_pages.pages_for(game)
    if pages.rematch is None:
        abort(404)
    try:
        finished, next_game, made = changes.rematch(
            token, lambda state: stamp_created(titled(pages.rematch(state), state, game)), game)
    except InvalidInput as exc:   # (the setup error of AotWK is one too)
        abort(422, "; ".join(problem_line(problem) for problem in exc.problems))
    if made:
        group_store = GroupStore(store())
        group = group_store.of_game(finished.id)
        if group is not None:
            group_store.add_game(group, next_game.id, next_game.state.get("players") or [])
    return follow_to(finished, next_game, editable=True)




def titled(next_state: dict, state: dict, game: Game) -> dict:
    """The rematch's title says which rematch it is (issue 31: three rematches all read "Thursday 1")."""
    group = GroupStore(store()).of_game(game.id)
    others = [row.title for row in GroupStore(store()).games(group)] if group else []
    return {**next_state, "title": rematch_title(state.get("title") or "", others)}


def rematch_title(title: str, others: list[str]) -> str:
    """ "Thursday 1 · rematch 1", then "· rematch 2" for its rematch: the next number after the
    title's own and every rematch of that game its group has."""
    found = REMATCH_ENDING.match(title)
    base, number = (found["base"], int(found["num"])) if found else (title, 0)
    for other in others:
        theirs = REMATCH_ENDING.match(other)
        if theirs and theirs["base"] == base:
            number = max(number, int(theirs["num"]))
    if not base:   # a game without a title stores none: its rematch is named from its own day, as it was
        return ""
    return _("%(title)s · rematch %(num)s", title=base, num=number + 1)[:200]


@readable("/rematch", bp)
def follow(game: Game):
    """One tap from the finished game's notice: this phone to the rematch, as the same player."""
    found = store().rematch_of(game)
    if found is None:
        abort(404)
    next_game, _editable = store().find(found.edit_token)
    return follow_to(game, next_game, editable=g.editable)


@readable("/rematch/notice", bp)
def notice(game: Game):
    """The final score page's live region (``_rematch_live.html``): 204 while the page shows the
    current revision, the region once it does not."""
    if request.args.get("rev", type=int) == game.revision:
        return Response(status=204)
    return render_template("_rematch_live.html", game=game)


def follow_to(finished: Game, next_game: Game, editable: bool):
    """Carry this device's seat over, then send it to the rematch: its edit link only through an
    edit link, its view link otherwise."""
    carry_seat(finished, next_game)
    if editable:
        remember_game(next_game.edit_token)
        return redirect(url_for("games.table", token=next_game.edit_token), 303)
    return redirect(url_for("games.view", token=next_game.view_token), 303)


def carry_seat(finished: Game, next_game: Game) -> None:
    """This device's seat in the rematch: its player's new seat (a seat number moves with its
    player), or what else it chose as it was (the whole table); nothing when it chose none."""
    seat = game_pages.pages_for(finished).device_seat(finished)
    if isinstance(seat, int) and not isinstance(seat, bool):
        seat = same_player(finished.state.get("players") or [], next_game.state.get("players") or [], seat)
    if seat is not None:
        game_pages.pages_for(next_game).remember_seat(next_game, seat)


def same_player(before: list[dict], after: list[dict], seat: int) -> int | None:
    """Where the player of ``seat`` sits in the rematch, found by name (the same players, in another
    order; two who share a name keep their order), None where that player is not there."""
    if not 0 <= seat < len(before):
        return None
    name = before[seat].get("name")
    earlier = [player.get("name") for player in before[:seat]].count(name)
    places = [place for place, player in enumerate(after) if player.get("name") == name]
    return places[earlier] if earlier < len(places) else None


def rematch_link(game: Game) -> str | None:
    """The address that follows a finished game's rematch through the link this page was opened
    with (its own edit or view address: never the rematch's tokens), None while it has none."""
    if game.phase != FINISHED or store().rematch_of(game) is None:
        return None
    return game_url("rematches.follow")


@bp.app_context_processor
def _rematch_tools() -> dict[str, Any]:
    return {"rematch_link": rematch_link}
