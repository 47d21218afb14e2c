"""The board's places as a sentence names them: English says "the Quarry", Korean the rulebook's
word alone (채석장). Each is a catalogue message with the context "place", so a language words its
places in its own way (issue 21); the place's id is the glossary's key."""

from __future__ import annotations

from companion.i18n.sentences import Context, say

PLACES = {
    "quarry": Context("place", "the Quarry"),
    "forest": Context("place", "the Forest"),
    "mines": Context("place", "the Mines"),
    "silversmith": Context("place", "the Silversmith"),
    "kings_storehouse": Context("place", "the King's Storehouse"),
    "workshop": Context("place", "the Workshop"),
    "town_centre": Context("place", "the Town Centre"),
    "guardhouse": Context("place", "the Guardhouse"),
    "tax_stand": Context("place", "the Tax Stand"),
    "black_market": Context("place", "the Black Market"),
    "guildhall": Context("place", "the Guildhall"),
    "prison": Context("place", "the Prison"),
}
BOARD = Context("place", "the board")   # a place the app does not know (an imported game's)


def place(location) -> Context:
    """A board location as a sentence's parameter, said in the sentence's language."""
    return PLACES.get(location, BOARD) if isinstance(location, str) else BOARD


def place_name(location, lang: str) -> str:
    """A board location in ``lang``: 'the Quarry', '채석장'."""
    return say(place(location), lang)


def place_on_its_own(location: str, lang: str) -> str:
    """A place as a button or a list says it, with a capital: 'The Quarry', '채석장'."""
    said = place_name(location, lang)
    return said[:1].upper() + said[1:]
