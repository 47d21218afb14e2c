"""Fixtures for the solo bot tests; makes ``bot_helpers`` importable from the test modules."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from bot_helpers import make_game  # noqa: E402


@pytest.fixture
def solo():
    return make_game()
