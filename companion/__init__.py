"""Architects Companion: score pad, rules assistant and solo-bot dealer for
Architects of the West Kingdom.

The rules core (``companion.aotwk.catalogue``, ``companion.aotwk.rules``) is plain Python with
no Flask or database imports; the web app lives in ``companion.web``.
"""

__version__ = "0.1.0"
