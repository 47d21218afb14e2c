"""Architects of the West Kingdom: its rules core, card catalogue, score sheet, words and pages."""
