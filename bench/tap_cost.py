"""Tap cost: the server's processor time for one tap and the other phones' fetches of it, taken
one after another on a core of its own.

Not a test: it prints figures. `bench/live.py` measures the same work with 300 phones at once;
on a shared two-core machine its figure moves by a few milliseconds from run to run. Here the
server (`companion serve --host 127.0.0.1`, SQLite, one process, every thread) runs on core 1
and this script on core 0, and each tap on one of 10 games of five players and a tablet is
followed by the five other phones' fresh region, as their pages get it: on their streams, or
(a release that only announces revisions) through their polls: the server's own time per tap,
which repeats to within about a millisecond. Only loopback traffic.

    .venv/bin/python bench/tap_cost.py [--taps 300] [--runs 3]
    .venv/bin/python bench/tap_cost.py --compare ../previous-release   # both, alternating, one sitting
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import urllib.parse
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.live import Servers, Stream  # noqa: E402
from bench.load import REVISION, Phone, Recorder, new_game, random_move  # noqa: E402

GAMES = 10
SEATS = [0, 1, 2, 3, 4, "table"]
WARM_UP_TAPS = 30


async def cost_per_tap(checkout: Path, taps: int, pinned: bool = True) -> float:
    """The server's processor time per tap (milliseconds) for ``taps`` taps, each with the other
    phones' fetches; ``pinned``: the server on core 1, this process on core 0."""
    servers = Servers(1, None, checkout)
    try:
        base = servers.bases[0]
        tables = []
        for _ in range(GAMES):
            token = await new_game(base, len(SEATS) - 1)
            phones = [await Phone(base, token, Recorder()).open() for _ in SEATS]
            for seat, phone in zip(SEATS, phones):
                await phone.sit(seat)
            streams = []
            for phone in phones:   # every page listens, the tapping phone's too
                stream = await Stream(base, token, phone.cookie, regions=True).open()
                streams.append(stream.events())
                await anext(streams[-1])   # the current revision, on connecting
            tables.append((token, phones, streams))
        moves = random.Random(3)

        async def tap(number: int) -> None:
            token, (tapping, *others), (own, *streams) = tables[number % len(tables)]
            form = urllib.parse.urlencode({**random_move(moves, len(SEATS) - 1), "rev": tapping.revision}).encode()
            status, content, _ = await tapping.request("POST", f"/g/{token}/move", form, {
                "Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": tapping.csrf})
            assert status == 200, status
            tapping.revision = int(REVISION.search(content).group(1))
            while (await asyncio.wait_for(anext(own), 30))[0] < tapping.revision:   # its own page hears of it too
                pass
            for phone, events in zip(others, streams):
                while phone.revision < tapping.revision:
                    revision, region = await asyncio.wait_for(anext(events), 30)
                    if region is None and revision > phone.revision:   # only told: it asks, as its page does
                        status, region, _ = await phone.request("GET", f"/g/{token}/poll?rev={phone.revision}")
                        assert status == 200, status
                    if region is not None:
                        phone.revision = max(phone.revision, int(REVISION.search(region).group(1)))

        for number in range(WARM_UP_TAPS):
            await tap(number)
        for process in servers.processes if pinned else ():   # every thread of the server, not only its first
            os.sched_setaffinity(0, {0})
            subprocess.run(["taskset", "--all-tasks", "--pid", "--cpu-list", "1", str(process.pid)],
                           check=True, capture_output=True)
        before = servers.cpu_seconds()
        for number in range(taps):
            await tap(number)
        await asyncio.sleep(0.5)   # work the last answer left behind (its stream events) counts too
        return 1000 * (servers.cpu_seconds() - before) / taps
    finally:
        servers.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--compare", type=Path, help="another release's checkout, measured in turn with this one")
    args = parser.parse_args()
    if os.cpu_count() < 2:
        sys.exit("tap_cost needs two cores: the server on one, the phones on the other")
    checkouts = ([args.compare.resolve()] if args.compare else []) + [REPO]
    figures = {checkout: [] for checkout in checkouts}
    for _ in range(args.runs):
        for checkout in checkouts:
            figures[checkout].append(asyncio.run(cost_per_tap(checkout, args.taps)))
    print(f"server processor time per tap (a tap and 5 fetches of it, {args.taps} taps, pinned to a core):")
    for checkout, runs in figures.items():
        name = "this release" if checkout == REPO else checkout.name
        print(f"  {name:24s} " + "  ".join(f"{run:5.1f}" for run in runs) + f"   (ms; least {min(runs):.1f})")


if __name__ == "__main__":
    main()
