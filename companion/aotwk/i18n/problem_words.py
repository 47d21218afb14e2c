"""What is wrong with an Architects of the West Kingdom document, beyond the shapes every game's
reader checks (``companion.i18n.problem_words``): the sentences of ``AotwkProblem`` codes about its
cards, categories, seats and mode. English is what `companion score` has always printed."""

from __future__ import annotations

from companion.aotwk.i18n.counts import ADORNMENTS, APPRENTICES, BUILDINGS, TOOLS, count_of
from companion.aotwk.i18n.glossary import category_label, term
from companion.aotwk.i18n.names import card_name
from companion.aotwk.rules.codes import AotwkProblem
from companion.i18n.problem_words import got_kind
from companion.i18n.sentences import LIST, N_, Context, Joined, Lookup, Phrase

KEYED = Context("a key and its word", "{key}", also={"word"})

# What a card-like id names (``unknown_card``'s ``kind``).
CARD_KINDS = {"building": Context("kind of card", "building"), "apprentice": Context("kind of card", "apprentice"),
              "board": Context("kind of card", "board"), "player board": Context("kind of card", "player board"),
              "Black Market space": Context("kind of card", "Black Market space")}
# What a player enters at the end, as the pad and the count name it (``not_entered``'s ``field``).
ENTERED = {"virtue": Context("entered at the end", "final virtue"), "silver": Context("entered at the end", "silver left"),
           "gold": Context("entered at the end", "gold"), "marble": Context("entered at the end", "marble"),
           "clay": Context("entered at the end", "clay"), "wood": Context("entered at the end", "wood"),
           "stone": Context("entered at the end", "stone")}
# The Age of Artisans' pieces a player may list (``artisans_only``'s ``what``).
ARTISANS_PIECES = {"adornments": Context("Age of Artisans piece", "adornments"),
                   "tools": Context("Age of Artisans piece", "tools")}


def _keyed(keys, word_of) -> Joined:
    """Keys a document writes, each beside its word where a translation shows it: '석공(masonry)'."""
    return Joined([Phrase(KEYED, key=key, word=Lookup(word_of, key)) for key in keys], LIST)


def _word(words: dict, key: str):
    return words.get(key, key)


AotwkProblem.declare({
    "unknown_card": lambda kind, wrong, hints=(): Phrase(
        N_("unknown {kind} {wrong}; did you mean {hints}?") if hints else N_("unknown {kind} {wrong}"),
        kind=_word(CARD_KINDS, kind), wrong=wrong, hints=Joined(hints, LIST)),
    "unknown_expansion": N_("unknown expansion {wrong}; known: {known}"),
    "not_this_game": N_("this is not a game of Architects of the West Kingdom (got {got!r})"),
    "id_or_object": got_kind(N_('must be an id or an object with "id" (got {got})')),
    "card_taken": lambda kind, id, owner: Phrase(
        N_("{card} ({id}) is already listed for {owner}; the game has one such card"),
        card=Lookup(card_name, kind, id), id=id, owner=owner),
    "vp_whole": N_("must be a whole number >= 0 (got {got})"),
    "vp_unknown": lambda id: Phrase(
        N_('the printed VP of {building} is not in our sources; give it as {{"id": "{id}", "vp": N}}'),
        building=Lookup(card_name, "building", id), id=id),
    "skills_list": lambda skills: Phrase(N_("must be a list drawn from {skills}"), skills=_keyed(skills, term)),
    "skills_unknown": lambda id: Phrase(
        N_('the skills of {apprentice} are not in our sources and a building counts them; '
           'give them as {{"id": "{id}", "skills": [...]}}'), apprentice=Lookup(card_name, "apprentice", id), id=id),
    "apprentice_limit": N_("a player may hold at most {limit} apprentices (got {got})"),
    "adornment_vp": N_("must be the printed VP, a whole number >= 0 (got {got})"),
    "overrides": got_kind(N_("must be an object of category totals (got {got})")),
    "unknown_category": lambda categories, hint=None: Phrase(
        N_("unknown category; did you mean {hint}? categories are {categories}") if hint
        else N_("unknown category; categories are {categories}"),
        hint=hint, categories=_keyed(categories, category_label)),
    "tools_unknown": N_("the VP for {count} tools is not in our sources; give the player aid's value as overrides.tools"),
    # what a page says instead (companion.i18n.field_words.PAGE): the card library, not the file's fields
    "tools_unknown:page": N_("the VP for {count} tools is not in our sources: enter the player aid's value in the "
                             "card library"),
    "vp_unknown:page": lambda id: Phrase(N_("the printed VP of {building} is not in our sources: enter it in the "
                                            "card library"), building=Lookup(card_name, "building", id)),
    "skills_unknown:page": lambda id: Phrase(
        N_("the skills of {apprentice} are not in our sources and a building counts them: enter them in the card "
           "library"), apprentice=Lookup(card_name, "apprentice", id)),
    "artisans_only:page": lambda what: Phrase(N_("{what} come with Age of Artisans, which this game does not use"),
                                              what=_word(ARTISANS_PIECES, what)),
    "no_seat": N_("no player in seat {got}"),
    "mode_and_bot": lambda bot, mode: Phrase(
        N_("a game with a bot cannot be {mode!r}") if bot else N_("a game without a bot cannot be {mode!r}"), mode=mode),
    "bot_humans": N_("a bot plays against 1 player (solo) or {most} (rulebook: '{most} human players vs Constantine "
                     "or Helena'); got {got} players"),
    "artisans_only": lambda what: Phrase(
        N_('{what} come with Age of Artisans, which this game does not use: add "age_of_artisans" to expansions'),
        what=_word(ARTISANS_PIECES, what)),
    "adornments_buildings": lambda adornments, buildings: Phrase(
        N_("{adornments} but {buildings}: each Adornment is tucked under its own Building (Age of Artisans: "
           "'Players can only have 1 Adornment attached to each Building')"),
        adornments=count_of(ADORNMENTS, adornments), buildings=count_of(BUILDINGS, buildings)),
    "tools_apprentices": lambda tools, apprentices, held: Phrase(
        N_("{tools} but {apprentices} (and {held} a board or a building hands out before an Apprentice holds it): "
           "Age of Artisans: 'Players can only have 1 Tool attached to each Apprentice'") if held else
        N_("{tools} but {apprentices}: each Tool is tucked under its own Apprentice (Age of Artisans: "
           "'Players can only have 1 Tool attached to each Apprentice')"),
        tools=count_of(TOOLS, tools), apprentices=count_of(APPRENTICES, apprentices), held=held),
    "solo_market": lambda id: Phrase(
        N_("{building} is a Resource Market, removed from a solo game (Solo Play, Setup: "
           "'Remove the 4 \"Resource Market\" Building Cards from the deck')"), building=Lookup(card_name, "building", id)),
    "not_entered": lambda field, name: Phrase(
        N_("nobody has entered {name}'s {field} yet: the score needs it, and the value from the setup is not a count"),
        name=name, field=_word(ENTERED, field)),
    "card_key": N_("must be {key!r}, the card's key"),
    "not_in_deck": N_("no card {card!r} in this deck"),
})
