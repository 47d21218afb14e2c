"""Storage: the games' store (store), the groups' (group_store), the schema's revisions
(migrations) and the named caches (cache). It imports neither the HTTP shell nor the serving."""
