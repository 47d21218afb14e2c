"""The kinds of code AotWK's rules hand out, with no words: a sentence is a code and its
parameters (``Note("gain", who=..., items=...)``), said by the words that
``companion.aotwk.i18n`` declares for each kind (loaded with the ``companion.aotwk`` package), so
the rules core imports no language. As a ``str`` each code is its English sentence."""

from __future__ import annotations

from companion.i18n.codes import FieldProblem
from companion.i18n.reasons import Coded


class Reason(Coded):
    """A scoring reason or tie-break (``companion.aotwk.rules.scoring``)."""

    @property
    def vp(self) -> int:
        """The VP this line adds to the total: a player's (or the bot's) lines add up to it.
        A line that explains without scoring (a virtue change, a majority missed) adds 0."""
        return self.params.get("vp", 0)


class Refusal(Coded):
    """Why the table refuses a move, or why a seat cannot do something (``table.status``)."""


class Note(Coded):
    """What a table move worked out; a name, a source or a reason inside a note is a ``Note`` too."""


class PadWords(Coded):
    """A pad cell's hint or refusal."""


class LibraryRefusal(Coded):
    """Why a card library's fact or file is refused."""


class Ability(Coded):
    """One line of what a seat can do."""


class AotwkProblem(FieldProblem):
    """A problem with one field of an AotWK document: the shared shapes and AotWK's own codes."""


class Step(Coded):
    """One line of the setup checklist (``companion.aotwk.rules.table.setup``)."""


class SetupRefusal(Coded):
    """Why a setup cannot start (a ``Problem``'s message); as text, the English one."""


class BotWords(Coded):
    """A bot step, question, refusal or card summary line (``companion.aotwk.rules.bot``)."""
