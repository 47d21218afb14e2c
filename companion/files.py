"""Where the files the app ships beside its code are: ``templates/``, ``static/`` and
``translations/``.

In a checkout they sit at the top of the repository (the project's layout). A built wheel
carries them inside the package, as ``companion/templates`` and so on (pyproject.toml's
``force-include``), since an install in site-packages has no repository around it.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
# Installed from a wheel: the folders are in the package. A checkout never has them there.
INSTALLED = (PACKAGE / "templates").is_dir()
ROOT = PACKAGE if INSTALLED else PACKAGE.parent

TEMPLATES = ROOT / "templates"
STATIC = ROOT / "static"
TRANSLATIONS = ROOT / "translations"
