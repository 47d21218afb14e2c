"""The schema of the last release before Alembic (commit e2fcb54), made where it is missing.

Every release before that one made its tables with ``create_all`` at start-up, adding the tables
and indexes it knew to whatever an older release had made, and kept no version. So this first
revision creates each table and index the database does not have yet and leaves the rest as they
are: an empty database gets the whole schema, a database of that release is only stamped, an older
one gets the tables its release did not know (request ids, groups, deck owners, library versions).

Revision ID: 0001
Revises:
Created: 2026-11-25
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

MOMENT = sa.DateTime(timezone=True)


def tables() -> list[tuple[str, list]]:
    """The tables as that release defined them (companion/web/storage/store.py at e2fcb54), in an order
    where a table comes after those its foreign keys name."""
    game = lambda: sa.ForeignKey("games.id", ondelete="CASCADE")   # noqa: E731
    group = lambda: sa.ForeignKey("groups.id", ondelete="CASCADE")   # noqa: E731
    return [
        ("games", [
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("edit_token", sa.String(64), nullable=False, unique=True),
            sa.Column("view_token", sa.String(64), nullable=False, unique=True),
            sa.Column("title", sa.String(200), nullable=False),
            sa.Column("created_at", MOMENT, nullable=False),
            sa.Column("updated_at", MOMENT, nullable=False),
            sa.Column("revision", sa.Integer, nullable=False),
            sa.Column("phase", sa.String(20), nullable=False),
            sa.Column("initial_state", sa.JSON, nullable=False),
            sa.Column("state", sa.JSON, nullable=False),
            sa.Column("imported_events", sa.JSON, nullable=False),
        ]),
        ("events", [
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("game_id", sa.Integer, game(), nullable=False),
            sa.Column("seq", sa.Integer, nullable=False),
            sa.Column("at", MOMENT, nullable=False),
            sa.Column("move", sa.JSON, nullable=False),
            sa.Column("notes", sa.JSON, nullable=False),
            sa.Column("state_after", sa.JSON, nullable=False),
            sa.Column("undone", sa.Boolean, nullable=False),
            sa.UniqueConstraint("game_id", "seq", name="events_game_seq"),
        ]),
        ("applied_requests", [
            sa.Column("game_id", sa.Integer, game(), primary_key=True),
            sa.Column("request_id", sa.String(64), primary_key=True),
            sa.Column("action", sa.String(8), nullable=False),
            sa.Column("seq", sa.Integer, nullable=False),
            sa.Column("revision", sa.Integer, nullable=False),
            sa.Column("at", MOMENT, nullable=False),
            sa.Column("move", sa.JSON, nullable=False),
            sa.Column("notes", sa.JSON, nullable=False),
        ]),
        ("created_requests", [
            sa.Column("request_id", sa.String(64), primary_key=True),
            sa.Column("game_id", sa.Integer, game(), nullable=False),
        ]),
        ("device_games", [
            sa.Column("device", sa.String(64), primary_key=True),
            sa.Column("game_id", sa.Integer, game(), primary_key=True),
            sa.Column("seen_at", MOMENT, nullable=False),
        ]),
        ("groups", [
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("token", sa.String(64), nullable=False, unique=True),
            sa.Column("name", sa.String(80), nullable=False),
            sa.Column("created_at", MOMENT, nullable=False),
            sa.Column("roster", sa.JSON, nullable=False),
            sa.Column("season_from", sa.String(10), nullable=True),
        ]),
        ("group_games", [
            sa.Column("game_id", sa.Integer, game(), primary_key=True),
            sa.Column("group_id", sa.Integer, group(), nullable=False),
            sa.Column("added_at", MOMENT, nullable=False),
        ]),
        ("device_groups", [
            sa.Column("device", sa.String(64), primary_key=True),
            sa.Column("group_id", sa.Integer, group(), primary_key=True),
            sa.Column("seen_at", MOMENT, nullable=False),
        ]),
        ("device_decks", [
            sa.Column("device", sa.String(64), primary_key=True),
            sa.Column("deck_id", sa.String(64), primary_key=True),
            sa.Column("seen_at", MOMENT, nullable=False),
        ]),
        ("library_versions", [
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("at", MOMENT, nullable=False),
            sa.Column("by_host", sa.Boolean, nullable=False),
            sa.Column("by_game", sa.String(200), nullable=False),
            sa.Column("facts", sa.JSON, nullable=False),
            sa.Column("changed", sa.Integer, nullable=False),
            sa.Column("undone_at", MOMENT, nullable=True),
        ]),
        ("game_libraries", [
            sa.Column("game_id", sa.Integer, game(), primary_key=True),
            sa.Column("version_id", sa.Integer, nullable=True),
        ]),
    ]


# (name, table, columns)
INDEXES = [
    ("events_game_undone", "events", ["game_id", "undone", "seq"]),
    ("games_phase", "games", ["phase"]),
    ("ix_group_games_group_id", "group_games", ["group_id"]),
    ("device_decks_deck", "device_decks", ["deck_id"]),
]


def upgrade() -> None:
    present = set(sa.inspect(op.get_bind()).get_table_names())
    for name, columns in tables():
        if name not in present:
            op.create_table(name, *columns)
    look = sa.inspect(op.get_bind())
    for name, table, columns in INDEXES:
        has = {column["name"] for column in look.get_columns(table)}
        # an index over columns its table has (a table of a very early test database may lack some)
        if set(columns) <= has and name not in {index["name"] for index in look.get_indexes(table)}:
            op.create_index(name, table, columns)


def downgrade() -> None:
    for name, _columns in reversed(tables()):
        op.drop_table(name)
