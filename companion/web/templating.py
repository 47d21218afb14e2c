"""The Jinja environment the app's templates render in."""

from __future__ import annotations

from flask import Flask
from flask.templating import Environment

DICT_ATTRIBUTES = frozenset(dir(dict))   # what ``getattr`` finds on a plain dict: its methods, nothing else


class DictItemsFirst(Environment):
    """Jinja's environment, with ``person.colour`` on a plain dict read as its item straight away.

    Jinja reads ``a.b`` as ``getattr(a, "b")`` and, on its AttributeError, ``a["b"]``: on the
    plain dicts the rules and the board's view are made of, every such read raised and caught an
    exception first (a quarter of drawing a live region). A plain dict has no attributes but
    dict's own, so reading its item first when the name is not one of them finds the same value.
    """

    def getattr(self, obj, attribute):
        if type(obj) is dict and attribute not in DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)


class CompanionFlask(Flask):
    jinja_environment = DictItemsFirst
