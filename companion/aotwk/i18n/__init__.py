"""Architects of the West Kingdom's own words as codes (the machinery is companion.i18n)."""
