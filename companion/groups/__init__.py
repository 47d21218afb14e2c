"""A group of people who play together: its roster and its statistics across games (pure:
documents in, figures out; no Flask, no database)."""
