"""The solo bot (Constantine / Helena)."""
