"""bench/tap_cost.py as a check: against a real server, each tap on the seated phones' games is
followed by the other phones' fetch of the fresh region (every one answered 200 with a newer
revision), and the server's processor time per tap comes out as a figure."""

from __future__ import annotations

from bench.tap_cost import REPO, cost_per_tap
from tests.web.helpers import run_on_a_loop_of_its_own


def test_the_tap_cost_benchmark_taps_and_fetches_on_a_real_server():
    # not pinned: the test's own process must keep every core for the rest of the suite
    figure = run_on_a_loop_of_its_own(cost_per_tap(REPO, taps=10, pinned=False))
    assert 0 < figure < 1000
