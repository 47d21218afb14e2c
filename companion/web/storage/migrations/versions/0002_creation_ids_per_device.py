"""A new game's request id is the device's own: ``created_requests`` is keyed by (device, request id).

Before, one id named one creation whoever sent it, so a second device sending an id someone had
used was answered with that first game's edit link. The ids kept so far are kept under the empty
device, which no session has: they stop answering anyone (they only ever served a retry moments
after its first try).

Revision ID: 0002
Revises: 0001
Created: 2026-11-28
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

TABLE = "created_requests"


def _rebuilt_on_sqlite(key: list[str]) -> None:
    """SQLite cannot change a primary key: the table is made again with ``key`` and the rows copied
    (the foreign keys are off meanwhile: ``migrations.migrating``)."""
    columns = [sa.Column("device", sa.String(64), primary_key="device" in key, nullable=False),
               sa.Column("request_id", sa.String(64), primary_key=True),
               sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False)]
    op.create_table(f"{TABLE}_new", *(columns if "device" in key else columns[1:]))
    copied = "device, request_id, game_id" if "device" in key else "request_id, game_id"
    op.execute(sa.text(f"INSERT INTO {TABLE}_new ({copied}) SELECT {copied} FROM {TABLE}"))
    op.drop_table(TABLE)
    op.rename_table(f"{TABLE}_new", TABLE)


def upgrade() -> None:
    if "device" in {column["name"] for column in sa.inspect(op.get_bind()).get_columns(TABLE)}:
        return   # made with it (a database without a revision, made by this release's tables, comes through 0001)
    op.add_column(TABLE, sa.Column("device", sa.String(64), nullable=False, server_default=""))
    if op.get_bind().dialect.name == "sqlite":
        _rebuilt_on_sqlite(["device", "request_id"])
        return
    op.alter_column(TABLE, "device", server_default=None)
    op.drop_constraint(f"{TABLE}_pkey", TABLE, type_="primary")
    op.create_primary_key(f"{TABLE}_pkey", TABLE, ["device", "request_id"])


def downgrade() -> None:
    # one creation per id again: an id several devices used is dropped (kept, it would answer them all)
    op.execute(sa.text(f"DELETE FROM {TABLE} WHERE request_id IN "
                       f"(SELECT request_id FROM {TABLE} GROUP BY request_id HAVING COUNT(*) > 1)"))
    if op.get_bind().dialect.name == "sqlite":
        _rebuilt_on_sqlite(["request_id"])
        return
    op.drop_constraint(f"{TABLE}_pkey", TABLE, type_="primary")
    op.drop_column(TABLE, "device")
    op.create_primary_key(f"{TABLE}_pkey", TABLE, ["request_id"])
