#!/usr/bin/env python3
"""What saying a code costs now that its sentences are catalogue messages: CPU microseconds to
make a code (its English, the value of the ``str``) and to say it in Korean, for a few codes of
each kind the rules core hands out. Not a test: it prints figures.

    .venv/bin/python bench/sentences.py [rounds, default 3000]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    import companion.aotwk  # noqa: F401  (loads the words)
    from companion.aotwk.rules.codes import Note, Reason, Refusal

    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    ann, why = Note("seat", name="Ann"), Note("why", key="black_market")
    codes = {
        "note: gains": lambda: Note("gains", who=ann, items={"wood": 2}, reason=why),
        "note: takes_debts": lambda: Note("takes_debts", who=ann, count=2, now=3, reason=why),
        "refusal: needs_skills": lambda: Refusal("needs_skills", name="Ann", skills=["masonry"], building="armoury"),
        "refusal: bounds": lambda: Refusal("bounds", label="Change", low=-14, high=14, got=40),
        "reason: virtue_change": lambda: Reason("virtue_change", building="castle", amount=3, before=13, after=14,
                                                destroyed=2, counted={"held": 6, "counts": ["gold"]}),
        "reason: count_vp": lambda: Reason("count_vp", building="keep", vp=4, held=12, counts=["captured"]),
    }
    print(f"{'code':28} {'make (en) us':>13} {'say ko us':>10}")
    for name, make in codes.items():
        code = make()
        code.render("ko")   # warm: the catalogue loaded
        started = time.process_time()
        for _ in range(rounds):
            make()
        made = (time.process_time() - started) / rounds * 1e6
        started = time.process_time()
        for _ in range(rounds):
            code.render("ko")
        said = (time.process_time() - started) / rounds * 1e6
        print(f"{name:28} {made:13.1f} {said:10.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
