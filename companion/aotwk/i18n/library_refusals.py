"""Why a card library's fact or file is refused (``companion.aotwk.catalogue.library``): the
sentences of ``LibraryRefusal`` codes. The catalogue stands below every other AotWK word, so
these need only the glossary."""

from __future__ import annotations

from companion.aotwk.i18n.glossary import term_or_words
from companion.aotwk.rules.codes import LibraryRefusal
from companion.i18n.sentences import LIST, N_, Joined, Lookup, Phrase



def _words(keys) -> Joined:
    """Skills or resources as the glossary says them."""
    return Joined([Lookup(term_or_words, key) for key in keys], LIST)


LibraryRefusal.declare({
    "not_a_library": N_('must be a card library: an object with "format" and "facts"'),
    "format": N_("must be {format!r}"),
    "facts_object": N_("must be an object of fact path → value"),
    "not_a_fact": N_("not a fact the card library keeps (our sources give it, or there is no such card)"),
    "number_range": N_("must be a whole number from {low} to {high} (got {got!r})"),
    "skills_list": lambda skills, got: Phrase(N_("must be a list of skills drawn from {skills} (got {got!r})"),
                                              skills=_words(skills), got=got),
    "cost_map": lambda resources, got: Phrase(
        N_("must be resource → amount, resources from {resources} (got {got!r})"), resources=_words(resources), got=got),
    "text_length": N_("must be text of {low} to {high} characters"),
    "whole_number": N_("must be a whole number"),
    "cost_words": lambda resources: Phrase(
        N_("write it as amounts and resources, like 2 wood, 1 stone ({resources})"), resources=_words(resources)),
})
