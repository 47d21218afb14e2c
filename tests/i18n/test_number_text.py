"""A number as a language writes it (companion.i18n.number_text), whatever its size."""

from companion.i18n import number_text


def test_a_number_is_grouped_as_the_language_writes_it():
    assert number_text(12345, "ko") == "12,345" and number_text(-7, "en") == "-7"


def test_a_number_longer_than_babels_arithmetic_is_written_in_plain_digits():
    # Babel's decimal context holds 28 digits: past them it raised, and the page answered 500.
    assert number_text(10 ** 30, "ko") == "1" + "0" * 30
    assert number_text(-(10 ** 400), "en") == "-1" + "0" * 400


def test_a_number_past_pythons_own_limit_for_digits_is_still_said():
    assert number_text(10 ** 5000, "en") == "…"
