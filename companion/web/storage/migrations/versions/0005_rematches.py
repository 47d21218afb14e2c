"""A finished game links its rematch: ``rematches`` holds the next game made from it (once: a second
"Rematch" leads to the same one) and the revision of the finished game that announced it to its
phones (issue 34). Games rematched before the upgrade keep no link.

Revision ID: 0005
Revises: 0004
Created: 2026-11-28
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if "rematches" in sa.inspect(op.get_bind()).get_table_names():
        return   # made with it (a database without a revision, made by this release's tables, comes through 0001)
    op.create_table(
        "rematches",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("rematch_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("revision", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rematches")
