"""Form fields every blueprint shares."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import IntegerField

# Nothing a phone enters (a count, a revision) comes near this; a longer number is a typo or a
# stranger's, and past ~309 digits WTForms' NumberRange fails on it (it turns it into a float).
LARGEST_NUMBER = 10**9


class WholeNumberField(IntegerField):
    """An IntegerField that refuses a number too large to mean anything, with a message beside it."""

    def process_formdata(self, valuelist):
        super().process_formdata(valuelist)
        if self.data is not None and abs(self.data) >= LARGEST_NUMBER:
            self.data = None
            raise ValueError(_l("That number is too large."))
