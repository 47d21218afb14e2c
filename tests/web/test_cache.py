"""companion/web/storage/cache.py: the process's named caches (issue 29: "one caching module on
cachetools with named caches keyed by token, revision and language")."""

from companion.web.storage import cache


def test_every_cache_a_page_keeps_is_listed_by_name():
    import companion.aotwk.web.table  # noqa: F401  (its caches are made on import)
    import companion.web.games  # noqa: F401
    import companion.web.groups  # noqa: F401
    import companion.web.helpers  # noqa: F401

    assert {"aotwk: live regions", "aotwk: drawn seat cards", "undo and redo names", "group: statistics",
            "signed CSRF tokens"} <= set(cache.CACHES)
    assert all(isinstance(kept, cache.LRUCache) for kept in cache.CACHES.values())


def test_a_name_asked_for_twice_is_one_cache():
    first = cache.named("test: asked twice", 2)
    assert cache.named("test: asked twice", 99) is first and first.capacity == 2


def test_the_least_recently_used_value_goes_first():
    kept = cache.LRUCache(capacity=2)
    kept.put(("game", 1), "one")
    kept.put(("game", 2), "two")
    assert kept.get(("game", 1)) == "one"   # read: now the most recent
    kept.put(("game", 3), "three")
    assert kept.get(("game", 2)) is None and kept.get(("game", 1)) == "one" and len(kept) == 2
    kept.clear()
    assert kept.get(("game", 1)) is None
