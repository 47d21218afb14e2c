"""AotWK's own tables in the store's database (on ``companion.web.storage.store.metadata``, named by the
registry: ``companion.games.Game.tables``): which device keeps which scheme deck, the card
library's versions and owners, and the version each game is scored with. Their revisions are
AotWK's own Alembic version location (``companion.aotwk.web.migrations``)."""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Column, DateTime, ForeignKey, Index, Integer, String, Table, delete, select
from sqlalchemy.engine import Engine

from companion.web.storage.store import metadata, utcnow, writing

# Which device made or opened which scheme deck (companion.aotwk.web.bot_cards; the decks
# themselves are files in the instance folder): a device's deck list reads its own rows only.
decks_of_devices = Table(
    "device_decks", metadata,
    Column("device", String(64), primary_key=True),
    Column("deck_id", String(64), primary_key=True),
    Column("seen_at", DateTime(timezone=True), nullable=False),
    Index("device_decks_deck", "deck_id"),
)

# The card library's versions (companion.aotwk.web.library_versions): the newest one not undone
# is in use; each says when, who (the host, or a phone of an owner: a game's table named by the
# game's title, or a group named by its name) and how many facts it changed.
library_versions = Table(
    "library_versions", metadata,
    Column("id", Integer, primary_key=True),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("by_host", Boolean, nullable=False, default=False),
    Column("by_game", String(200), nullable=False, default=""),
    Column("by_group", String(80), nullable=False, default=""),
    Column("facts", JSON, nullable=False),
    Column("changed", Integer, nullable=False, default=0),
    Column("undone_at", DateTime(timezone=True), nullable=True),
)

# The library version a game is scored with until its table accepts a newer one (NULL: the
# empty library). Written for every game not yet pinned just before the library changes.
game_libraries = Table(
    "game_libraries", metadata,
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("version_id", Integer, nullable=True),
)

# Who besides the host may change the card library (companion.aotwk.web.library_owners): the
# table of one game (the phones that opened its edit link) or one group (the phones that opened
# its link), each granted by the host or an owner. One of game_id and group_id is set.
library_owners = Table(
    "library_owners", metadata,
    Column("id", Integer, primary_key=True),
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), nullable=True, unique=True),
    Column("group_id", Integer, ForeignKey("groups.id", ondelete="CASCADE"), nullable=True, unique=True),
    Column("granted_at", DateTime(timezone=True), nullable=False),
)


def device_decks(engine: Engine, device: str) -> list[str]:
    """The ids of the scheme decks this device made or opened."""
    with engine.connect() as conn:
        return list(conn.execute(select(decks_of_devices.c.deck_id).where(decks_of_devices.c.device == device)).scalars())


def remember_device_deck(engine: Engine, device: str, deck_id: str) -> None:
    with writing(engine) as conn, conn.begin():
        known = conn.execute(select(decks_of_devices.c.deck_id).where(
            decks_of_devices.c.device == device, decks_of_devices.c.deck_id == deck_id)).first()
        if known is None:
            conn.execute(decks_of_devices.insert().values(device=device, deck_id=deck_id, seen_at=utcnow()))


def forget_deck(engine: Engine, deck_id: str) -> None:
    with writing(engine) as conn, conn.begin():
        conn.execute(delete(decks_of_devices).where(decks_of_devices.c.deck_id == deck_id))
