"""Architects of the West Kingdom's pages: the table, moves, pads, the bot, the card pages, setup and exports (the shell is companion.web)."""
