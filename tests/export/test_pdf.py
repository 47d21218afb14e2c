"""The sheets' shared words: a rank as the reader's language writes it."""

from companion.export.pdf import ordinal


def test_an_english_rank_takes_the_suffix_its_number_calls_for():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"]


def test_a_korean_rank_has_one_form():
    assert [ordinal(n, "ko") for n in (1, 2, 3, 11)] == ["1위", "2위", "3위", "11위"]
