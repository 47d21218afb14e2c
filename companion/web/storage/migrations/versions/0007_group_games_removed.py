"""A game can be taken out of its group and put back (issue 31): ``group_games.removed_at``, set
while it is out. Every game already in a group stays in it (the column starts empty).

Revision ID: 0007
Revises: 0006
Created: 2026-11-28
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

TABLE = "group_games"
COLUMN = "removed_at"


def upgrade() -> None:
    if COLUMN in {column["name"] for column in sa.inspect(op.get_bind()).get_columns(TABLE)}:
        return   # made with it (a database without a revision, made by this release's tables, comes through 0001)
    op.add_column(TABLE, sa.Column(COLUMN, sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table(TABLE) as batch:
        batch.drop_column(COLUMN)
