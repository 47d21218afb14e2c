"""Who made a change, and the questions left open (issue 32).

``applied_requests.seat``: the seat the phone that sent a request had claimed (NULL: no seat, or
the whole table), so another phone says "Ann undid: ..." rather than only "Just undone: ...".
``games.pending``: the moves waiting for an answer, by seat ({"0": {"kind": "build", ...}}):
a build whose card asks a question (the Tavern's free hire) is kept there until its player
answers or cancels, so every phone shows it and nothing is dropped. Both start empty.

Revision ID: 0006
Revises: 0005
Created: 2026-11-28
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

ADDED = (("applied_requests", "seat", sa.Integer), ("games", "pending", sa.JSON))


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    for table, column, kind in ADDED:
        if column not in {found["name"] for found in inspector.get_columns(table)}:
            with op.batch_alter_table(table) as batch:
                batch.add_column(sa.Column(column, kind, nullable=True))


def downgrade() -> None:
    for table, column, _kind in ADDED:
        with op.batch_alter_table(table) as batch:
            batch.drop_column(column)
