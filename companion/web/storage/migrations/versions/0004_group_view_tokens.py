"""A group has a view link: ``groups.view_token``, a second random token that reads the group and
changes nothing (issue 31). Every group already kept gets its own on the upgrade, drawn as a new
group's is (``companion.web.storage.store.new_token``): it cannot be derived from the organiser's token.

Revision ID: 0004
Revises: 0003
Created: 2026-11-28
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa

from companion.web.storage.store import new_token

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

TABLE = "groups"
COLUMN = "view_token"


def upgrade() -> None:
    bind = op.get_bind()
    if COLUMN in {column["name"] for column in sa.inspect(bind).get_columns(TABLE)}:
        return   # made with it (a database without a revision, made by this release's tables, comes through 0001)
    op.add_column(TABLE, sa.Column(COLUMN, sa.String(64), nullable=True))
    kept = sa.table(TABLE, sa.column("id", sa.Integer), sa.column(COLUMN, sa.String(64)))
    for (group_id,) in bind.execute(sa.select(kept.c.id)).all():
        bind.execute(sa.update(kept).where(kept.c.id == group_id).values({COLUMN: new_token()}))
    # SQLite cannot alter a column: the batch rebuilds the table (the foreign keys are off meanwhile)
    with op.batch_alter_table(TABLE) as batch:
        batch.alter_column(COLUMN, existing_type=sa.String(64), nullable=False)
        batch.create_unique_constraint(f"{TABLE}_{COLUMN}_key", [COLUMN])


def downgrade() -> None:
    with op.batch_alter_table(TABLE) as batch:
        batch.drop_constraint(f"{TABLE}_{COLUMN}_key", type_="unique")
        batch.drop_column(COLUMN)
