"""End-game scoring, as the rulebook's END-GAME SCORING section describes it.

1. Resolve end-game building effects (rulebook: "Once the game has ended, players
   should immediately resolve any end-game effects from their constructed
   Buildings"): virtue changes first, through the virtue track (gains above 14
   destroy unpaid debts, losses below 0 take debts); where the owner may order
   them (the Dungeon) the engine tries every order and keeps the best.
2. Score the categories; every bonus and penalty gets a short reason: a code with
   parameters (``companion.aotwk.rules.codes.Reason``), whose text is the English
   sentence; the reader's language renders it (``render_reason``).
3. Rank: total, then final virtue, then remaining silver (the bot's is 0); still tied share.

Pure functions over ``companion.aotwk.rules.document`` input; the output is the
`companion score` JSON of `shared/contracts/score-cli.md`, plus ``reasons`` per
player and bot and a top-level ``tie_break``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import product
from typing import Any, Callable

from companion.aotwk.catalogue import SKILLS, Building, Catalogue, load
from companion.aotwk.rules.codes import Reason
from companion.aotwk.rules.document import (BOT_CATEGORIES, PLAYER_CATEGORIES, BotInput, PlayerInput, ScoreInput,
                                      parse_score_input, read_checked_state)
from companion.aotwk.rules.table import turns
from companion.aotwk.rules.virtue_track import move_on_track

SKILL_COUNTS = frozenset(f"skill:{s}" for s in SKILLS)


def _counted_for(player: PlayerInput, held: int, counts: list[str]) -> dict:
    """What a per_count effect counted, as reason parameters: held, counts (and parts or with_skill).
    Therese's gold and marble count as one, so the reason names both halves ('3 gold +
    3 marble', not '6 gold'); Tools add skill icons, so the reason says how many
    apprentices carry the skill."""
    if counts in (["gold"], ["marble"]) and player.board is not None and player.board.gold_is_marble:
        return {"held": held, "counts": list(counts), "parts": [[player.gold, "gold"], [player.marble, "marble"]]}
    if len(counts) == 1 and counts[0] in SKILL_COUNTS:
        skill = counts[0][6:]
        with_skill = sum(1 for a in player.apprentices if skill in a.skills)
        if with_skill != held:   # a Tool added icons
            return {"held": held, "counts": list(counts), "with_skill": with_skill}
    return {"held": held, "counts": list(counts)}


# -- counting -----------------------------------------------------------------

def _skill_count(player: PlayerInput, skill: str) -> int:
    """Skill icons: an apprentice's own, plus a Tool's extra ones (Age of Artisans: 'This counts for
    constructing Buildings and also when scoring Buildings such as the Mason's Hut and Dormitory')."""
    return sum(a.skills.count(skill) for a in player.apprentices)


def _count(player: PlayerInput, what: str, final_virtue: int) -> int:
    """How many of `what` the player holds at the end (building effects' view)."""
    if what in ("gold", "marble") and player.board is not None and player.board.gold_is_marble:
        return player.gold + player.marble  # Therese: gold and marble are one resource
    if what.startswith("skill:"):
        return _skill_count(player, what[6:])
    if what == "skill_sets":
        return min(_skill_count(player, s) for s in SKILLS)
    if what == "virtue":
        return final_virtue
    if what == "paid_debts":
        return player.debts_paid
    if what == "buildings":
        return len(player.buildings)
    if what == "adornments":
        return len(player.adornments)
    return getattr(player, what)


def _others_most(score_input: ScoreInput, me: int, of: str) -> int:
    """The most any other player holds (the bot holds no resources, only a
    Cathedral level): the bar a majority must strictly beat."""
    best = max((getattr(p, of) for i, p in enumerate(score_input.players) if i != me), default=0)
    if of == "cathedral" and score_input.bot is not None:
        best = max(best, score_input.bot.cathedral)
    return best


# -- virtue ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class VirtueChange:
    source: str   # building id
    amount: int   # signed
    detail: dict  # why, as reason parameters: {"counted": {"held": 5, "counts": ["gold"]}} or {"highest": ("clay", 5)}


def _walk_track(virtue: int, debts: int, changes: list[VirtueChange], order_note: str | None, instead: int = 0):
    """Apply changes in order on the virtue track (rulebook, Virtue Track: "For each
    Virtue players gain above 14, they may destroy 1 unpaid Debt"; "For each Virtue
    players lose below 0, they must take a Debt Card"). ``instead``: how many of the debts
    taken (the first ones) the player pays silver for instead (Hugo's board). Returns
    (virtue, debts, lines, debts taken)."""
    lines = []
    taken = paid = 0
    for change in changes:
        move = move_on_track(virtue, debts, change.amount)
        swapped = min(move.taken, instead - paid)
        virtue, debts = move.virtue, move.debts_unpaid - swapped
        taken, paid = taken + move.taken, paid + swapped
        lines.append(Reason("virtue_change", building=change.source, amount=change.amount, before=move.before,
                            after=virtue, destroyed=move.destroyed, lost=move.excess > move.destroyed,
                            taken=move.taken, order=order_note if change.amount < 0 else None, **change.detail))
    return virtue, debts, lines, taken


def _silver_per_debt(player: PlayerInput) -> int | None:
    """Hugo's board: 'Whenever he would take a debt he may pay 2 silver instead' (the board's
    ``debt_as_silver`` ability); None for every other player."""
    abilities = player.board.abilities if player.board is not None else ()
    return next((a["silver"] for a in abilities if a["kind"] == "debt_as_silver"), None)


def _virtue_orders(gains: list[VirtueChange], losses: list[VirtueChange]):
    """Every order that can change the outcome. Gains commute with each other, so
    an order is fixed by which gains come before each (owner-ordered) loss."""
    if not losses:
        yield gains, None
        return
    seen = set()
    for slots in product(range(len(losses) + 1), repeat=len(gains)):
        key = tuple(sum(g.amount for g, s in zip(gains, slots) if s == k) for k in range(len(losses) + 1))
        if key in seen:
            continue
        seen.add(key)
        order: list[VirtueChange] = [g for g, s in zip(gains, slots) if s == 0]
        for k, loss in enumerate(losses, start=1):
            order.append(loss)
            order.extend(g for g, s in zip(gains, slots) if s == k)
        if not gains:
            note = None
        elif all(s == 0 for s in slots):
            note = "after"     # the loss is applied after the virtue gains
        elif all(s == len(losses) for s in slots):
            note = "before"
        else:
            note = "between"
        yield order, note


# -- one player -------------------------------------------------------------------

# A VP effect is scored after virtue is settled: (final virtue, final unpaid debts) -> (VP, reason).
VpEffect = Callable[[int, int], tuple[int, Reason]]


def _majority(score_input: ScoreInput, me: int, card: Building, gains: list, vp_effects: list, notes: list) -> None:
    """Markets, Chapel, Steeple: a reward for strictly the most (rulebook: "ties
    don't count"). Holdings compared here never change at the end of the game."""
    player = score_input.players[me]
    of = card.effect["of"]
    mine, bar = getattr(player, of), _others_most(score_input, me, of)
    if mine <= bar:
        notes.append(Reason("majority_none", building=card.id, of=of, mine=mine, bar=bar))
        return
    reward = card.effect["reward"]
    if "virtue" in reward:
        gains.append(VirtueChange(card.id, reward["virtue"], {"highest": (of, mine)}))
    else:
        vp = reward["vp"]
        vp_effects.append(lambda v, d: (vp, Reason("majority_vp", building=card.id, of=of, vp=vp, mine=mine, bar=bar)))


def _per_count(player: PlayerInput, card: Building, gains: list, vp_effects: list, notes: list) -> None:
    """Huts, VP boosts and virtue boosts: a reward per set of counted things."""
    effect = card.effect
    counts, per = effect["counts"], effect["per"]
    if "virtue" in effect["reward"]:
        held = sum(_count(player, c, 0) for c in counts)
        amount = held // per * effect["reward"]["virtue"]
        if amount:
            gains.append(VirtueChange(card.id, amount, {"counted": _counted_for(player, held, counts)}))
        else:
            notes.append(Reason("count_no_virtue", building=card.id, **_counted_for(player, held, counts)))
        return

    def scored(virtue: int, debts: int) -> tuple[int, Reason]:
        held = sum(_count(player, c, virtue) for c in counts)
        vp = held // per * effect["reward"]["vp"]
        return vp, Reason("count_vp", building=card.id, vp=vp, **_counted_for(player, held, counts))

    vp_effects.append(scored)


def _no_unpaid_debts(card: Building, vp_effects: list) -> None:
    """University: a bonus when the player ends with no unpaid debts."""
    vp = card.effect["reward"]["vp"]

    def scored(virtue: int, debts: int) -> tuple[int, Reason]:
        if debts:
            return 0, Reason("no_debts_none", building=card.id, debts=debts)
        return vp, Reason("no_debts_vp", building=card.id, vp=vp)

    vp_effects.append(scored)


def _end_game_effects(score_input: ScoreInput, me: int):
    """Sort the player's end-game effects: virtue changes (resolved first, the
    owner-ordered losses apart), VP effects (scored after) and debt penalty changes."""
    player = score_input.players[me]
    gains: list[VirtueChange] = []
    losses: list[VirtueChange] = []
    vp_effects: list[VpEffect] = []
    debt_changes: list[tuple[str, int, str]] = []
    notes: list[Reason] = []
    for owned in player.buildings:
        card = owned.card
        if not card.end_game:
            continue
        kind = card.effect["kind"]
        if kind == "majority":
            _majority(score_input, me, card, gains, vp_effects, notes)
        elif kind == "per_count":
            _per_count(player, card, gains, vp_effects, notes)
        elif kind == "virtue_change":
            change = VirtueChange(card.id, card.effect["virtue"], {})
            (gains if change.amount > 0 else losses).append(change)
        elif kind == "debt_penalty":
            debt_changes.append((card.id, card.effect["vp_per_debt"], card.effect["booked_in"]))
        elif kind == "no_unpaid_debts":
            _no_unpaid_debts(card, vp_effects)
    return gains, losses, vp_effects, debt_changes, notes


def _score_player(catalogue: Catalogue, score_input: ScoreInput, me: int) -> tuple[dict[str, Any], int]:
    """The player's result and the silver left (the tie-break's)."""
    player = score_input.players[me]
    gains, losses, vp_effects, debt_changes, notes = _end_game_effects(score_input, me)
    price = _silver_per_debt(player)
    best = None
    for order, order_note in _virtue_orders(gains, losses):
        walked = _walk_track(player.virtue, player.debts_unpaid, order, order_note)
        most = min(walked[3], player.silver // price) if price else 0
        for instead in range(most + 1):   # Hugo: pay silver for none, some or all of the debts the end takes
            virtue, debts, lines, _taken = walked
            holding = player
            if instead:
                virtue, debts, lines, _taken = _walk_track(player.virtue, player.debts_unpaid, order, order_note,
                                                           instead)
                lines.append(Reason("silver_instead", board=player.board.id, debts=instead, silver=instead * price))
                holding = replace(player, silver=player.silver - instead * price)
            categories, reasons = _categories(catalogue, holding, virtue, debts, vp_effects, debt_changes)
            total = sum(categories.values())
            # the best total, then virtue, then silver (both break ties): silver is paid only where it gains
            if best is None or (total, virtue, holding.silver) > best[:3]:
                best = (total, virtue, holding.silver, debts, categories, lines + notes + reasons)
    total, virtue, silver, debts, categories, reasons = best
    return {
        "name": player.name,
        "total": total,
        "categories": categories,
        "final_virtue": virtue,
        "final_debts_unpaid": debts,
        "rank": None,
        "reasons": reasons,
    }, silver


def _categories(catalogue: Catalogue, player: PlayerInput, virtue: int, debts: int,
                vp_effects: list[VpEffect], debt_changes: list[tuple[str, int, str]]):
    """The categories and their lines: every VP of the total is named by one line (``Reason.vp``),
    so a reader who adds the lines gets the score; a category taken from the paper pad has only
    its pad line."""
    lines: dict[str, list[Reason]] = {category: [] for category in PLAYER_CATEGORIES}
    building_vp = sum(owned.vp for owned in player.buildings)
    # a card library's fact has a line of its own, marked as entered at this table
    entered = [owned for owned in player.buildings
               if catalogue.entered and catalogue.is_entered(f"buildings.{owned.card.id}.vp")]
    printed = [[owned.card.id, owned.vp] for owned in player.buildings if owned not in entered and owned.vp]
    if printed:
        lines["buildings"].append(Reason("printed_vp", buildings=printed, vp=sum(vp for _id, vp in printed)))
    lines["buildings"].extend(Reason("entered_vp", building=owned.card.id, vp=owned.vp) for owned in entered)
    for effect in vp_effects:
        vp, reason = effect(virtue, debts)
        building_vp += vp
        lines["buildings"].append(reason)

    # Fountain changes the debt line, Gambler's Den's extra loss is booked under buildings
    per_debt = catalogue.debt_vp
    for name, delta, booked_in in debt_changes:
        if booked_in == "buildings":
            building_vp += delta * debts
            if debts:
                lines["buildings"].append(Reason("debt_extra", building=name, vp=delta * debts, debts=debts,
                                                 each=-delta))
        else:
            per_debt += delta
            if debts:
                lines["debts"].append(Reason("debt_rate", building=name, each=-per_debt, usual=-catalogue.debt_vp))

    tools_vp = catalogue.tools_vp(player.tools)
    categories = {
        "buildings": building_vp,
        "cathedral": catalogue.cathedral_vp(player.cathedral),
        "virtue": catalogue.virtue_vp(virtue),
        "debts": per_debt * debts,
        "gold_marble": player.gold + player.marble,
        "silver": player.silver // catalogue.silver_per_vp,
        "prison": -(player.prisoners // catalogue.prisoners_per_lost_vp),
        "adornments": sum(player.adornments),
        "tools": tools_vp if tools_vp is not None else 0,  # the parser demands an override when unknown
    }
    _category_lines(lines, categories, player, virtue, debts, per_debt,
                    bool(catalogue.entered) and catalogue.is_entered(f"tools_vp.{player.tools}"))
    for category, value in player.overrides.items():
        lines[category] = [Reason("override", category=category, vp=value)]
        categories[category] = value
    return categories, [line for category in PLAYER_CATEGORIES for line in lines[category]]


def _category_lines(lines: dict[str, list[Reason]], categories, player: PlayerInput, virtue: int, debts: int,
                    per_debt: int, tools_entered: bool = False) -> None:
    """One line per category that scored something, as a player reads the pad."""
    c = categories
    if c["cathedral"]:
        lines["cathedral"].append(Reason("cathedral", level=player.cathedral, vp=c["cathedral"]))
    if c["virtue"]:
        lines["virtue"].append(Reason("virtue", virtue=virtue, vp=c["virtue"]))
    if debts:
        lines["debts"].append(Reason("debts", debts=debts, vp=c["debts"], each=per_debt))
    if c["gold_marble"]:
        lines["gold_marble"].append(Reason("gold_marble", gold=player.gold, marble=player.marble,
                                           vp=c["gold_marble"]))
    if c["silver"]:
        lines["silver"].append(Reason("silver", silver=player.silver, vp=c["silver"]))
    if c["prison"]:
        lines["prison"].append(Reason("prison", workers=player.prisoners, vp=c["prison"]))
    if c["adornments"]:
        lines["adornments"].append(Reason("adornments", printed=list(player.adornments), vp=c["adornments"]))
    if c["tools"]:
        lines["tools"].append(Reason("tools", tools=player.tools, vp=c["tools"], entered=tools_entered))


def _score_bot(catalogue: Catalogue, bot: BotInput) -> dict[str, Any]:
    """Solo Play, End-game Scoring: Cathedral, Virtue, Marble (1 VP each), Workers in
    the Guildhall (Constantine 1 VP, Helena 3 VP each), Unpaid Debts (-2 VP each),
    Prisoners (-1 VP per pair); with Age of Artisans, its Adornments' printed VP."""
    per_worker = bot.opponent.guildhall_worker_vp
    categories = {
        "cathedral": catalogue.cathedral_vp(bot.cathedral),
        "virtue": catalogue.virtue_vp(bot.virtue),
        "marble": bot.marble,
        "guildhall": bot.guildhall_workers * per_worker,
        "debts": catalogue.debt_vp * bot.debts_unpaid,
        "prison": -(bot.prisoners // catalogue.prisoners_per_lost_vp),
        "adornments": sum(bot.adornments),
    }
    reasons = []
    if categories["marble"]:
        reasons.append(Reason("gold_marble", gold=0, marble=bot.marble, vp=categories["marble"]))
    if categories["guildhall"]:
        reasons.append(Reason("bot_guildhall", workers=bot.guildhall_workers, vp=categories["guildhall"],
                              each=per_worker, bot=bot.name))
    if categories["cathedral"]:
        reasons.append(Reason("cathedral", level=bot.cathedral, vp=categories["cathedral"]))
    if categories["virtue"]:
        reasons.append(Reason("virtue", virtue=bot.virtue, vp=categories["virtue"]))
    if bot.debts_unpaid:
        reasons.append(Reason("bot_debts", debts=bot.debts_unpaid, vp=categories["debts"]))
    if categories["prison"]:
        reasons.append(Reason("prison", workers=bot.prisoners, vp=categories["prison"]))
    if categories["adornments"]:
        reasons.append(Reason("adornments", printed=list(bot.adornments), vp=categories["adornments"]))
    return {
        "name": bot.name,
        "total": sum(categories.values()),
        "categories": categories,
        "final_virtue": bot.virtue,
        "rank": None,
        "reasons": reasons,
    }


# -- ranking ----------------------------------------------------------------------

def _rank(entries: list[tuple[dict, int]], bot: str | None = None, silver_counted: bool = True) -> Reason | None:
    """Rulebook: "In the case of a tie, the player with the highest Virtue is the winner. If
    still tied, the tied player with the most remaining Silver is the winner. If still tied,
    all tied players share the victory." Sets each rank (tied entries share one) and returns
    how a tie for the win was broken. ``entries``: (result, silver left); the bot's silver is
    0 (Solo Play: it "Does not collect or use any Silver"), so a human tied with it on total
    and virtue wins with any silver and shares the win with none. Before a table that does not
    track silver has counted it (``silver_counted`` False), the silver breaks no tie: the
    players tied on total and virtue share the rank until the count."""
    keys = [(e["total"], e["final_virtue"], silver if silver_counted else 0) for e, silver in entries]
    for (entry, _), key in zip(entries, keys):
        entry["rank"] = 1 + sum(1 for other in keys if other > key)
    top_total = max(k[0] for k in keys)
    contenders = [(e, k) for (e, _), k in zip(entries, keys) if k[0] == top_total]
    if len(contenders) < 2:
        return None
    names = [e["name"] for e, _ in contenders]
    winners = [e["name"] for e, _ in contenders if e["rank"] == 1]
    best_virtue = max(k[1] for _, k in contenders)
    on_virtue = [(e, k) for e, k in contenders if k[1] == best_virtue]
    if len(on_virtue) == 1:
        return Reason("tie_virtue", names=names, total=top_total, winner=winners[0], virtue=best_virtue)
    if not silver_counted:
        return Reason("tie_until_counted", names=winners, total=top_total, virtue=best_virtue)
    best_silver = max(k[2] for _, k in on_virtue)
    bot_tied = bot if bot in [e["name"] for e, _ in on_virtue] else None   # its 0 silver is worth saying
    if len(winners) == 1:
        return Reason("tie_silver", names=names, total=top_total, virtue=best_virtue, winner=winners[0],
                      silver=best_silver, bot=bot_tied)
    return Reason("tie_shared", names=winners, total=top_total, virtue=best_virtue, silver=best_silver, bot=bot_tied)


def score(score_input: ScoreInput, silver_counted: bool = True) -> dict[str, Any]:
    """Score a parsed game: the `companion score` output. ``silver_counted`` False: the players'
    silver is not what they have left yet (``_rank``)."""
    catalogue = load()
    entries = [_score_player(catalogue, score_input, i) for i in range(len(score_input.players))]
    players = [entry for entry, _silver in entries]
    bot = None
    if score_input.bot is not None:
        bot = _score_bot(catalogue, score_input.bot)
        entries.append((bot, 0))  # Solo Play: the bot 'Does not collect or use any Silver'
    tie_break = _rank(entries, bot["name"] if bot else None, silver_counted)
    return {
        "players": players,
        "bot": bot,
        "winners": [e["name"] for e, _ in entries if e["rank"] == 1],
        "tie_break": tie_break,
    }


def score_document(doc: Any) -> dict[str, Any]:
    """Parse (raising InvalidInput) and score a score-input or game document."""
    return score(parse_score_input(doc))


def score_state(state: dict) -> dict[str, Any]:
    """Score a stored game's state, known to be sound (InvalidInput only for what the score asks:
    a final virtue nobody entered yet): the live score, without the document's shape check."""
    return score(read_checked_state(state), turns.silver_counted(state))


__all__ = ["score", "score_document", "score_state", "PLAYER_CATEGORIES", "BOT_CATEGORIES"]
