"""The King's Favors and the board's numbers, read once from ``favors.yaml``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Mapping

import yaml

KINDS = {
    "exact_stacks": {"tiles", "points"},
    "staircases": {"steps", "points"},
    "corners": {"at_least", "points"},
    "projects": {"points"},
}


@dataclass(frozen=True)
class Favor:
    id: str
    label: str     # as printed on the Favor board
    kind: str
    points: int
    how: str
    tiles: int | None = None
    steps: tuple[int, ...] = ()
    at_least: int | None = None
    label_ko: str | None = None   # our translation (favors.yaml); None: the printed label in every language
    how_ko: str | None = None

    def words(self, lang: str) -> tuple[str, str]:
        """(label, how) in ``lang`` where favors.yaml has them in it (``label_ko``: our Korean),
        the printed English otherwise."""
        return (getattr(self, f"label_{lang}", None) or self.label, getattr(self, f"how_{lang}", None) or self.how)


@dataclass(frozen=True)
class Rules:
    favors: Mapping[str, Favor]
    favor_track_points: tuple[int, ...]
    favor_pawns: int
    board_size: int
    tiles_in_play: int

    @property
    def max_track_pawns(self) -> int:
        return len(self.favor_track_points) - 1


@cache
def rules() -> Rules:
    raw = yaml.safe_load(resources.files(__package__).joinpath("favors.yaml").read_text(encoding="utf-8"))
    favors = {}
    for entry in raw["favors"]:
        kind = entry["kind"]
        missing = KINDS[kind] - set(entry)
        if missing:
            raise ValueError(f"favor {entry['id']}: {kind} needs {', '.join(sorted(missing))}")
        favors[entry["id"]] = Favor(
            id=entry["id"], label=entry["label"], kind=kind, points=entry["points"], how=entry["how"],
            tiles=entry.get("tiles"), steps=tuple(entry.get("steps", ())), at_least=entry.get("at_least"),
            label_ko=entry.get("label_ko"), how_ko=entry.get("how_ko"))
    return Rules(favors=MappingProxyType(favors), favor_track_points=tuple(raw["favor_track_points"]),
                 favor_pawns=raw["favor_pawns"], board_size=raw["board_size"], tiles_in_play=raw["tiles_in_play"])
