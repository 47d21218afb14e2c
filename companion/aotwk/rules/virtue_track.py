"""The Virtue Track's edges, in one place for the tracker and the scoring engine.

Rulebook, Virtue Track: "For each Virtue players gain above 14, they may destroy
1 unpaid Debt they hold" (destroyed, not paid) and "For each Virtue players lose
below 0, they must take a Debt Card".
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.aotwk.catalogue import load


@dataclass(frozen=True, slots=True)
class TrackMove:
    before: int
    virtue: int        # where the marker ends, within the track
    debts_unpaid: int  # after destroying or taking debts
    excess: int        # virtue gained above the top (destroys debts while there are any)
    destroyed: int     # unpaid debts destroyed by the excess
    taken: int         # debts taken for virtue lost below the bottom


def move_on_track(virtue: int, debts_unpaid: int, delta: int) -> TrackMove:
    catalogue = load()
    wanted = virtue + delta
    excess = max(0, wanted - catalogue.virtue_max)
    taken = max(0, catalogue.virtue_min - wanted)
    destroyed = min(excess, debts_unpaid)
    return TrackMove(before=virtue, virtue=min(max(wanted, catalogue.virtue_min), catalogue.virtue_max),
                     debts_unpaid=debts_unpaid - destroyed + taken, excess=excess, destroyed=destroyed, taken=taken)
