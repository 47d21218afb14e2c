"""The King's Favors and the board's numbers, read once from ``favors.yaml``."""

from __future__ import annotations

from dataclasses import dataclass, field
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
    kind: str
    points: int
    tiles: int | None = None
    steps: tuple[int, ...] = ()
    at_least: int | None = None
    # language -> the label as printed on the Favor board ("en"), and where a language has its own word (not hashed)
    labels: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), hash=False)

    def label_in(self, lang: str) -> str:
        """The label in ``lang`` (favors.yaml's; the printed one where ``lang`` has no word of its own)."""
        return self.labels.get(lang) or self.labels["en"]


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
        label = entry["label"]   # one text for every language, or {en: ..., ko: ...}
        labels = label if isinstance(label, dict) else {"en": label}
        favors[entry["id"]] = Favor(
            id=entry["id"], kind=kind, points=entry["points"], tiles=entry.get("tiles"),
            steps=tuple(entry.get("steps", ())), at_least=entry.get("at_least"), labels=MappingProxyType(labels))
    return Rules(favors=MappingProxyType(favors), favor_track_points=tuple(raw["favor_track_points"]),
                 favor_pawns=raw["favor_pawns"], board_size=raw["board_size"], tiles_in_play=raw["tiles_in_play"])
