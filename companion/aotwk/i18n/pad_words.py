"""The paper pad's and the end count's words: the sentences of ``PadWords`` codes, the hint
beside a cell and why a cell was refused (``companion.aotwk.rules.table.pad`` hands them out;
as a ``str`` each is the English sentence it has always been)."""

from __future__ import annotations

from companion.aotwk.rules.codes import PadWords
from companion.i18n.sentences import LIST, N_, Joined, Phrase

OR = N_("{some} or {last}")


def _listed(values: list[int]) -> Phrase:
    """'3, 5 or 10': the values in order."""
    ordered = sorted(set(values))
    return Phrase(OR, some=Joined(ordered[:-1], LIST), last=ordered[-1])


PadWords.declare({
    # hints beside a cell
    "listed": _listed,
    "zero_or_less": N_("0 or less"),
    "range": N_("{low} to {high}"),
    # why a value is not possible
    "between": N_("between {low} and {high}"),
    "cathedral_scores": lambda values: Phrase(N_("the Cathedral scores {values} VP"), values=_listed(values)),
    "virtue_scores": lambda values: Phrase(N_("the Virtue Track scores {values} VP"), values=_listed(values)),
    "debts_cost": N_("unpaid debts only cost VP: 0 or less"),
    "prison_cost": N_("workers in Prison only cost VP: 0 or less"),
    "never_negative": N_("never negative"),
    "virtue_runs": N_("the Virtue Track runs from {low} to {high}"),
    # why a cell was refused
    "not_possible": N_("{value} is not possible: {reason}"),
    "not_a_cell": N_("not a cell of this row"),
    "not_on_this_pad": N_("not a cell of this pad"),
    "number_needed": N_("a number is needed"),
    "whole_number_needed": N_("a whole number is needed"),
    "changed_meanwhile": lambda now: Phrase(
        N_("another phone changed this to blank; yours is kept: save again") if now is None
        else N_("another phone changed this to {now}; yours is kept: save again"), now=now),
    "nothing_to_save": N_("nothing to save"),
    "count_not_started": N_("the count starts when the game ends"),
    "count_over": N_("the count is over: only a value nobody entered can be given now"),
    "not_entered": N_("not entered yet"),
    "bot_count_tracked": N_("the bot's count is tracked"),
    "bot_score_worked_out": N_("the bot's score is worked out, not typed"),
})
