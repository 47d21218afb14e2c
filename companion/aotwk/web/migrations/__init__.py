"""AotWK's own revisions of the database schema (its tables: ``companion.aotwk.web.tables``), an
Alembic version location of the one history the store keeps (``companion.web.storage.migrations``
collects each registered game's: ``companion.games.Game.migrations``). A revision here follows the
shared ones by its ``down_revision`` like any other."""
