"""The card library's owners are granted: ``library_owners`` names the games and groups whose
phones may change it besides the host, and a version says which group changed it (``by_group``).

Before, any phone holding a game's edit link could change the library, and making a game gave
one. No owner is carried over: after the upgrade the host alone may change the library until it
grants the tables and groups it trusts (docs/cli.md, *Card library*).

Revision ID: 0003
Revises: 0002
Created: 2026-11-28
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    if "library_owners" not in inspector.get_table_names():
        op.create_table(
            "library_owners",
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=True, unique=True),
            sa.Column("group_id", sa.Integer, sa.ForeignKey("groups.id", ondelete="CASCADE"), nullable=True,
                      unique=True),
            sa.Column("granted_at", sa.DateTime(timezone=True), nullable=False),
        )
    if "by_group" not in {column["name"] for column in inspector.get_columns("library_versions")}:
        # a default for the rows there are; the table itself names none (SQLite cannot drop one after)
        with op.batch_alter_table("library_versions") as batch:
            batch.add_column(sa.Column("by_group", sa.String(80), nullable=False, server_default=""))
        if op.get_bind().dialect.name != "sqlite":
            op.alter_column("library_versions", "by_group", server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("library_versions") as batch:
        batch.drop_column("by_group")
    op.drop_table("library_owners")
