"""Names the solo bot's rules give their things, with no words module behind them."""

# The practice deck's saved name; its words in each language are the catalogue's
# (``companion.aotwk.i18n``).
PRACTICE_NAME = "Practice deck (not the printed scheme cards)"
