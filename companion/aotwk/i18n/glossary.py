"""AotWK's game terms: one catalogue message each, with the context "term" (``term('unpaid_debt',
'ko') == '미납 채권'``). The Korean is the Korean rulebook's word (seed 001), written in
``translations/ko/LC_MESSAGES/messages.po``; ``glossary_ko.yaml`` beside this file keeps the seed
line each comes from (a test checks the word is on it).
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import yaml

from companion.i18n.sentences import Context, say

TERMS = {
    "virtue": Context("term", "virtue"),
    "virtue_track": Context("term", "virtue track"),
    "vp": Context("term", "VP"),
    "debt": Context("term", "debt"),
    "unpaid_debt": Context("term", "unpaid debt"),
    "paid_debt": Context("term", "paid debt"),
    "apprentice": Context("term", "apprentice"),
    "building": Context("term", "building"),
    "cathedral": Context("term", "Cathedral"),
    "level": Context("term", "level"),
    "guildhall": Context("term", "Guildhall"),
    "black_market": Context("term", "Black Market"),
    "tax_stand": Context("term", "Tax Stand"),
    "prison": Context("term", "Prison"),
    "worker": Context("term", "worker"),
    "captured": Context("term", "captured worker"),
    "player_board": Context("term", "player board"),
    "workshop": Context("term", "Workshop"),
    "town_centre": Context("term", "Town Centre"),
    "reward_card": Context("term", "reward card"),
    "gold": Context("term", "gold"),
    "marble": Context("term", "marble"),
    "silver": Context("term", "silver"),
    "clay": Context("term", "clay"),
    "wood": Context("term", "wood"),
    "stone": Context("term", "stone"),
    "carpentry": Context("term", "carpentry"),
    "tiling": Context("term", "tiling"),
    "masonry": Context("term", "masonry"),
    "skill": Context("term", "skill"),
    "end_game_effect": Context("term", "end-game effect"),
    "final_score": Context("term", "final score"),
    "tie": Context("term", "tie"),
    "scheme_card": Context("term", "Scheme card"),
    "starting_scheme": Context("term", "Starting Scheme card"),
    "future_scheme": Context("term", "Future Scheme card"),
    "building_card": Context("term", "building card"),
    "scheme_pile": Context("term", "Scheme draw pile"),
    "opponent_board": Context("term", "opponent board"),
    "supply": Context("term", "supply"),
    "share_victory": Context("term", "share the victory"),
    "quarry": Context("term", "Quarry"),
    "forest": Context("term", "Forest"),
    "mines": Context("term", "Mines"),
    "silversmith": Context("term", "Silversmith"),
    "kings_storehouse": Context("term", "King's Storehouse"),
    "guardhouse": Context("term", "Guardhouse"),
    "black_market_reset": Context("term", "Black Market Reset"),
    "tax": Context("term", "tax"),
    "final_round": Context("term", "final round"),
    "small_market": Context("term", "Small Market"),
    "large_market": Context("term", "Large Market"),
    # Age of Artisans: no Korean edition among the seeds (glossary_ko.yaml says where the words come from)
    "tool": Context("term", "tool"),
    "adornment": Context("term", "adornment"),
    "artisan": Context("term", "Artisan"),
}

# The final score's categories (the `categories` keys of `companion score`), as the score table and
# the PDF sheet label them: in Korean, the terms above.
CATEGORIES = {
    "buildings": Context("score category", "Buildings"),
    "cathedral": Context("score category", "Cathedral"),
    "virtue": Context("score category", "Virtue"),
    "debts": Context("score category", "Debts"),
    "gold_marble": Context("score category", "Gold / marble"),
    "silver": Context("score category", "Silver"),
    "prison": Context("score category", "Prison"),
    "adornments": Context("score category", "Adornments"),
    "tools": Context("score category", "Tools"),
    "marble": Context("score category", "Marble"),
    "guildhall": Context("score category", "Guildhall"),
}


@cache
def glossary() -> dict[str, Any]:
    """``glossary_ko.yaml``: ``terms`` (key -> seed_line, quote, or the source of a word the rulebook lacks)."""
    return yaml.safe_load(resources.files(__package__).joinpath("glossary_ko.yaml").read_text(encoding="utf-8"))


def term(key: str, lang: str) -> str:
    """A game word in ``lang``: term('unpaid_debt', 'ko') == '미납 채권'."""
    return say(TERMS[key], lang)


def term_or_words(key: str, lang: str) -> str:
    """A game word in ``lang`` when the glossary has it; any other key as words: 'black_market' ->
    '암시장', 'no_such_thing' -> 'no such thing'."""
    return term(key, lang) if key in TERMS else key.replace("_", " ")


def category_label(category: str, lang: str) -> str:
    """A final-score category as a player reads it: 'Gold / marble', '금 / 대리석'; a category this
    version does not know, as words."""
    label = CATEGORIES.get(category)
    return say(label, lang) if label is not None else category.replace("_", " / ").capitalize()
