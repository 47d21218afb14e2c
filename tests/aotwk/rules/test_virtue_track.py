"""The Virtue Track's edges (rulebook, Virtue Track), shared by the tracker and the scoring engine."""

import pytest

from companion.aotwk.rules.virtue_track import move_on_track


def test_gain_above_14_destroys_one_unpaid_debt_per_point():
    """'For each Virtue players gain above 14, they may destroy 1 unpaid Debt they hold.' Example: Yellow at 13
    gains 3, 'they move their Player Marker 1 space up ... With the excess 2 Virtue, they destroy 2 Debts'."""
    move = move_on_track(13, 3, 3)
    assert (move.virtue, move.excess, move.destroyed, move.debts_unpaid) == (14, 2, 2, 1)


def test_excess_beyond_the_debts_held_is_lost():
    move = move_on_track(14, 1, 3)
    assert (move.virtue, move.destroyed, move.debts_unpaid) == (14, 1, 0)


def test_loss_below_0_takes_one_debt_per_point():
    """'For each Virtue players lose below 0, they must take a Debt Card.'"""
    move = move_on_track(1, 0, -3)
    assert (move.virtue, move.taken, move.debts_unpaid) == (0, 2, 2)


@pytest.mark.parametrize("virtue, delta", [(7, 2), (7, -2), (0, 0), (14, 0)])
def test_inside_the_track_nothing_else_happens(virtue, delta):
    move = move_on_track(virtue, 2, delta)
    assert (move.virtue, move.debts_unpaid, move.excess, move.taken) == (virtue + delta, 2, 0, 0)
