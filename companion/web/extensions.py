"""The Flask extensions every part of the web layer shares, made once here and bound to the app by
``create_app``: a module that needs one imports it from here, never back from the factory."""

from __future__ import annotations

from flask_htmx import HTMX
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
htmx = HTMX()   # whether a request came from htmx: asked of flask-htmx, never read from the header by hand
