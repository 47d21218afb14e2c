"""A stranger's requests, at random, over every route and form of the app: never a 5xx,
a refused request changes nothing, and every game stored on the way still imports its
own export.

Routes come from ``app.url_map`` and field names from the forms the pages draw, so
routes and forms added later are covered without editing this file. Tokens are real
edit and view tokens of a few games of both games (multiplayer, solo bot, paper pad,
imported, Amytis, Any game), a group's and a deck's, random ones, stale revisions, missing or
wrong CSRF tokens; values are numbers, unicode (NUL, lone surrogates as raw bytes,
right-to-left marks), huge strings, nested and non-finite JSON. Every way in gets its
own documents, mutated: game imports (one, or a group's bundle), decks, the card
library; and the JSON move API gets each game's move kinds with hostile numbers (huge,
negative, fractional, numbers as text, NaN), hostile text (NUL, lone surrogates, a
right-to-left override, 10 KB) and request ids too short, too long or of odd characters.

``FUZZ_EXAMPLES`` sets the examples per database (default 250; a long run:
``FUZZ_EXAMPLES=5000``). ``FUZZ_KEEP_GOING=1`` counts every 5xx instead of stopping
at the first, and prints the figures.
"""

from __future__ import annotations

import copy
import json
import logging
import os
import re
import secrets
import time
import traceback
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote_from_bytes

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sqlalchemy import select

from companion.amytis import pad
from companion.score_pad import pad as score_pad
from companion.aotwk.rules import table
from companion.web.groups import BUNDLE_FORMAT
from companion.web.storage.store import games as stored_games

# its storage differs between SQLite and PostgreSQL: run on both (tests/conftest.py)
pytestmark = pytest.mark.both_databases

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "250"))
KEEP_GOING = os.environ.get("FUZZ_KEEP_GOING") == "1"
SKIPPED_ENDPOINTS = {"static"}
VISITS = ["", "/score", "/history", "/share", "/export.json", "/score.json", "/scores.csv", "/bot/turn", "/poll?rev=0"]

WEIRD_TEXT = ["", " ", "0", "-1", "1", "2", "99999999999999999999", "9" * 400, "-" + "9" * 400, "1e308", "NaN", "Infinity", "²", "٣",
              "\u202eevil", "A\x00B", "<script>x</script>", "' OR 1=1 --", "../../etc/passwd", "%00",
              "red;position:fixed", "true", "null", "[]", "{}", "bot", "x" * 5000, "é" * 300, "x" * 10_240]
# what a JSON move's number may be instead: huge, negative, fractional, non-finite, text, a boolean
HOSTILE_NUMBERS = [10**400, -(10**400), 2**63, -(2**63), 10_000, -1, 0.5, -0.0, 1e308, float("nan"), float("inf"),
                   "5", "NaN", "1e3", "٣", True, None]
# and its text: NUL, lone surrogates, a right-to-left override, 10 KB
HOSTILE_TEXT = ["\x00", "A\x00B", "\ud800", "x\udfffy", "\u202eevil\u202c", "x" * 10_240, "é" * 3000, "", " "]
# X-Request-Id: the contract's 8-64 characters of [A-Za-z0-9_-], and what is not (a header carries latin-1)
REQUEST_IDS = ["fuzz-repeat-01", "fuzz-repeat-02", "a", "abcdefg", "a" * 65, "a" * 5000, "abc def ghi",
               "abcdefgh!", "éééééééé", "%00%00%00%00", "../../../..", "<script>x</script>", ""]
# raw form bytes a browser never sends but a stranger can: invalid UTF-8, a lone surrogate encoded, NUL
WEIRD_BYTES = [b"\xff\xfe", b"\xed\xa0\x80", b"\x00", b"\xc3", b"A\xed\xb0\x80B"]


class Games:
    """The games the fuzzer aims at, and their tokens."""

    def __init__(self, app, client, csrf: str):
        self.store = app.extensions["store"]
        self.csrf = csrf
        made = [
            table.new_game({"mode": "multiplayer", "players": [{"name": "Ann", "colour": "red"},
                                                               {"name": "Bob", "colour": "blue"}], "seed": 1}),
            table.new_game({"mode": "solo", "opponent": "helena", "players": [{"name": "Sol"}], "seed": 2}),
            table.new_game({"mode": "two_vs_bot", "opponent": "constantine", "physical_deck": True,
                            "players": [{"name": "Ann"}, {"name": "Bob"}], "seed": 3}),
            table.new_game({"mode": "paper", "players": [{"name": "Pad"}], "seed": 4}),
        ]
        made.append(pad.new_game(["Martine", "Paul"], "Amytis"))
        finished = pad.new_game(["Ann", "Bob"], "Amytis, finished")
        made.append({**finished, "phase": "finished"})
        self.games = [self.store.create(state) for state in made]
        imported = client.post("/games/import", json={"title": "Imported", "players": [
            {"name": "Red", "board": "therese", "buildings": ["keep"]}, {"name": "Blue"}]})
        assert imported.status_code == 303, imported.get_data(as_text=True)
        self.games.append(self.store.find(imported.headers["Location"].rsplit("/", 1)[-1])[0])
        self.games.append(self.store.create(score_pad.new_game(["Ann", "Bob"], "Hearts", ["Round 1", "Round 2"])))
        made_group = client.post("/groups/new", json={"name": "Fuzz club"})
        assert made_group.status_code == 303, made_group.get_data(as_text=True)
        self.group = made_group.headers["Location"].rsplit("/", 1)[-1]
        self.edit = [g.edit_token for g in self.games]
        self.view = [g.view_token for g in self.games]
        self.exports = [client.get(f"/g/{token}/export.json").get_json() for token in self.edit]
        self.export = self.exports[1]
        for document in (self.exports[0], self.exports[4]):   # a group of both games, its roster filled
            assert client.post(f"/groups/{self.group}/import", json=document).status_code == 303
        self.bundle = client.get(f"/groups/{self.group}/games.json").get_json()
        self.library = client.get("/library.json").get_json()
        self.kinds = {token: client.get(f"/g/{token}/moves").get_json()["kinds"] for token in self.edit}
        self.deck = "practice"   # a deck of this device's once _harvest has copied one
        self.deck_export: dict = {}   # the copied deck's export, once _harvest has copied one

    def snapshot(self) -> dict:
        return {token: (game.revision, game.state) for token in self.edit
                for game in [self.store.find(token)[0]]}


class Forms(HTMLParser):
    """Every form on a page: where it goes, how, and the fields it sends as drawn."""

    def __init__(self):
        super().__init__()
        self.forms: list[tuple[str, str, list[tuple[str, str]]]] = []
        self._open: tuple[str, str, list] | None = None
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            action = a.get("hx-post") or a.get("action") or ""
            method = "POST" if a.get("hx-post") or (a.get("method") or "get").lower() == "post" else "GET"
            self._open = (action.replace("&amp;", "&"), method, [])
        elif self._open is not None and a.get("name"):
            fields = self._open[2]
            if tag == "select":
                self._select = a["name"]
            elif tag == "textarea" or (tag == "input" and a.get("type") not in ("checkbox", "radio", "file")):
                fields.append((a["name"], a.get("value") or ""))
            elif tag == "input" and a.get("type") in ("checkbox", "radio") and "checked" in a:
                fields.append((a["name"], a.get("value") or "on"))
        if tag == "option" and self._open is not None and self._select:
            self._open[2].append((self._select, a.get("value") or ""))
            self._select = None   # the first option stands for the select's default

    def handle_endtag(self, tag):
        if tag == "form" and self._open is not None:
            if self._open[0]:
                self.forms.append(self._open)
            self._open = None
        elif tag == "select":
            self._select = None


def _harvest(client, games: Games) -> tuple[list[str], list[str], list]:
    """Field names, values and whole forms the app's own pages draw (other engineers' included)."""
    copied = client.post("/decks/practice/copy", data={"csrf_token": games.csrf})
    pages = ["/", "/games/new", "/decks", "/decks/new", "/catalogue", "/amytis/new", "/score-pad/new", "/library"]
    if copied.status_code in (302, 303):
        deck = copied.headers["Location"]
        games.deck = deck.rsplit("/", 1)[-1]
        pages += [deck, f"{deck}/cards/0"]
        games.deck_export = client.get(f"{deck}/export.json").get_json()
    pages += ["/groups/new", f"/groups/{games.group}", f"/games/new?group={games.group}"]
    pages += [f"/g/{token}" for token in games.edit] + [f"/v/{token}" for token in games.view[:1]]
    pages += [f"/g/{token}/bot/turn" for token in games.edit[1:3]]
    pages += [f"/g/{token}/form?kind={kind}&player=0" for token in games.edit[:2] for kind in table.MOVES]
    names, values = set(), set()
    forms = Forms()
    for page in pages:
        html = client.get(page).get_data(as_text=True)
        forms.feed(html)
        names |= set(re.findall(r'name="([^"]{1,60})"', html))
        values |= set(re.findall(r'value="([^"]{0,60})"', html))
        for query in re.findall(r'(?:href|hx-get|hx-post)="[^"?]*\?([^"]+)"', html):
            for pair in query.replace("&amp;", "&").split("&"):
                key, _, value = pair.partition("=")
                names.add(key)
                values.add(value)
    names.discard("csrf_token")
    values = {v for v in values if len(v) < 60 and "." not in v[:20] or v.isdigit()}   # no CSRF tokens
    return sorted(names), sorted(values), forms.forms


def _json_values():
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.sampled_from(WEIRD_TEXT),
                        st.text(max_size=30), st.floats(allow_nan=False, allow_infinity=False))
    return st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                         st.dictionaries(st.text(max_size=12), inner, max_size=4)),
                        max_leaves=12)


def _paths(doc, prefix=()):
    """Every (path) in a document, for mutating one place of a real export."""
    yield prefix
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc[:3]):
            yield from _paths(value, (*prefix, i))


def _set(doc, path, value):
    if not path:
        return value
    target = doc
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    return doc


@st.composite
def json_body(draw, base: dict) -> bytes:
    kind = draw(st.sampled_from(["mutated", "random", "deep", "constant", "fields"]))
    if kind == "deep":
        depth = draw(st.integers(20, 3000))
        return ("[" * depth + "]" * depth).encode()
    if kind == "constant":
        return draw(st.sampled_from([b'{"players": [{"name": "A", "silver": NaN}]}', b'{"title": Infinity}',
                                     b'{"players": [{"name": "A\\ud800"}]}', b'{"title": "\\u0000"}',
                                     b'{"players": [{"name": "A", "virtue": 1' + b"0" * 5000 + b"}]}"]))
    if kind == "random":
        return json.dumps(draw(_json_values())).encode()
    doc = copy.deepcopy(base)
    paths = list(_paths(doc))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths))
        doc = _set(doc, path, draw(_json_values()))
        paths = list(_paths(doc)) if isinstance(doc, (dict, list)) else [()]
    if kind == "fields" and isinstance(doc, dict):
        doc[draw(st.text(max_size=10))] = draw(_json_values())
    return json.dumps(doc).encode()


def _value(names_values):
    _, values = names_values
    return st.one_of(st.sampled_from(values or ["x"]).map(str.encode), st.sampled_from(WEIRD_TEXT).map(str.encode),
                     st.sampled_from(WEIRD_BYTES), st.integers(-5, 50).map(lambda n: str(n).encode()),
                     st.text(max_size=20).map(lambda t: t.encode("utf-8", "surrogatepass")))


def _form(draw, names_values, csrf: str, revision: int) -> bytes:
    names, _ = names_values
    fields = draw(st.lists(st.tuples(st.one_of(st.sampled_from(names or ["x"]), st.text(max_size=8)),
                                     _value(names_values)), max_size=8))
    pairs = [(name.encode("utf-8", "surrogatepass"), value) for name, value in fields]
    csrf_choice = draw(st.sampled_from(["valid", "valid", "valid", "missing", "wrong"]))
    if csrf_choice != "missing":
        pairs.append((b"csrf_token", csrf.encode() if csrf_choice == "valid" else b"garbage"))
    rev_choice = draw(st.sampled_from(["current", "current", "stale", "none", "weird"]))
    if rev_choice != "none":
        rev = {"current": revision, "stale": max(revision - 1, 0) if revision else revision + 3}.get(rev_choice)
        pairs.append((b"rev", str(rev).encode() if rev is not None else draw(st.sampled_from(WEIRD_BYTES))))
    return b"&".join(quote_from_bytes(k).encode() + b"=" + quote_from_bytes(v).encode() for k, v in pairs)


def documents_for(games: Games, path: str) -> list[dict]:
    """The documents a way in reads, as this app exports them: a deck, the card library, a
    group's bundle or one game."""
    if path.startswith("/decks"):
        return [games.deck_export]
    if path.startswith("/library"):
        return [games.library]
    if path.startswith("/groups/"):
        return [games.bundle, *games.exports]
    return games.exports


@st.composite
def an_import(draw, games: Games):
    """A real export with a value or two of the wrong kind, as a hand-edited file would be: a game
    into /games/import, a game or a group's bundle into the group."""
    path = draw(st.sampled_from(["/games/import", f"/groups/{games.group}/import"]))
    body = draw(json_body(draw(st.sampled_from(documents_for(games, path)))))
    return "POST", path, body, "application/json", {}


@st.composite
def a_bundle(draw, games: Games):
    """A group's bundle of a few games, each real or hand-edited, or bundled wrongly."""
    chosen = draw(st.lists(st.sampled_from(games.exports), min_size=0, max_size=4))
    bundled = [draw(json_body(doc)) if draw(st.booleans()) else json.dumps(doc).encode() for doc in chosen]
    if draw(st.integers(0, 5)) == 0:
        bundled = [json.dumps(draw(_json_values())).encode()]
    name = json.dumps(draw(st.sampled_from(HOSTILE_TEXT + ["Club"])))
    body = (f'{{"format": "{BUNDLE_FORMAT}", "name": {name}, "games": ['.encode() + b", ".join(bundled) + b"]}")
    return "POST", f"/groups/{draw(st.sampled_from([games.group, secrets.token_urlsafe(24)]))}/import", body, \
        "application/json", {}


def _move_value(spec: dict, hostile: bool):
    """A value for a JSON move's field: one of the kind's own, or a hostile number or text."""
    kind = spec.get("type")
    if hostile:
        return st.sampled_from(HOSTILE_NUMBERS + HOSTILE_TEXT)
    if spec.get("choices"):
        return st.sampled_from(spec["choices"])
    if kind == "int":
        return st.integers(max(spec.get("min", -5), -5), min(spec.get("max", 30), 30))
    if kind == "player":
        return st.one_of(st.integers(0, 2), st.just("bot"))
    if kind == "bool":
        return st.booleans()
    if kind == "cells":
        return st.dictionaries(st.sampled_from(["buildings", "virtue", "tools", "silver", "final_virtue", "gold"]),
                               st.integers(-20, 40), max_size=3)
    if kind == "object":
        return _json_values()
    return st.sampled_from(["well", "smithy", "keep", "acolyte_1", "thief_1", "workshop"])   # a card, a text


@st.composite
def a_json_move(draw, games: Games):
    """One move through POST /g/<t>/moves: a kind the game lists with its own values, or one field
    hostile (a number, a text, the revision, a field of no kind), with a request id of any length
    and alphabet."""
    token = draw(st.sampled_from(games.edit * 3 + games.view[:1] + [secrets.token_urlsafe(24)]))
    kinds = games.kinds.get(token) or games.kinds[games.edit[0]]
    kind = draw(st.sampled_from(sorted(kinds)) if draw(st.integers(0, 9)) else st.sampled_from(HOSTILE_TEXT))
    params = (kinds.get(kind) or {}).get("params", {})
    hostile = draw(st.sampled_from(["none", "none", "field", "revision", "extra"]))
    spoiled = draw(st.sampled_from(sorted(params))) if hostile == "field" and params else None
    move: dict = {"kind": kind}
    for name, spec in params.items():
        if spec.get("required") or name == spoiled or draw(st.booleans()):
            move[name] = draw(_move_value(spec, hostile=name == spoiled))
    if hostile == "revision":
        move["revision"] = draw(st.one_of(st.integers(-1, 5), st.sampled_from(HOSTILE_NUMBERS)))
    elif hostile == "extra":
        move[draw(st.sampled_from(HOSTILE_TEXT))] = draw(st.sampled_from(HOSTILE_NUMBERS))
    headers = {}
    if draw(st.integers(0, 2)) == 0:
        headers["X-Request-Id"] = draw(st.one_of(st.sampled_from(REQUEST_IDS), st.text(
            st.sampled_from("abcXYZ019_-"), min_size=8, max_size=64)))
    return "POST", f"/g/{token}/moves", json.dumps(move, allow_nan=True).encode(), "application/json", headers


@st.composite
def real_form(draw, forms, games: Games, names_values, csrf: str):
    """One of the app's own forms as drawn, with a field or two changed, dropped or added."""
    action, method, fields = draw(st.sampled_from(forms))
    # what a person types into the empty boxes: small numbers mostly, or a value some page offered
    typed = st.one_of(st.integers(0, 5).map(lambda n: str(n).encode()), st.sampled_from(names_values[1] or ["x"]).map(str.encode))
    fields = [(name, value.encode() if value else draw(typed)) for name, value in fields]
    for _ in range(draw(st.integers(0, 2))):
        change = draw(st.sampled_from(["replace", "replace", "drop", "add"]))
        if change == "add" or not fields:
            fields.append((draw(st.sampled_from(names_values[0] or ["x"])), draw(_value(names_values))))
        else:
            i = draw(st.integers(0, len(fields) - 1))
            if change == "drop":
                del fields[i]
            else:
                fields[i] = (fields[i][0], draw(_value(names_values)))
    token = next((t for t in games.edit + games.view if t in action), None)
    if token and draw(st.booleans()):   # the revision the phone saw: current, or what the page said
        fields = [(n, str(games.store.revision(token)).encode() if n == "rev" else v) for n, v in fields]
    if draw(st.integers(0, 9)) == 0:
        fields = [(n, v) for n, v in fields if n != "csrf_token"]
    body = b"&".join(quote_from_bytes(n.encode()).encode() + b"=" + quote_from_bytes(v).encode() for n, v in fields)
    if method == "GET":
        return "GET", action.split("?")[0] + "?" + body.decode(), b"", None, {"HX-Request": "true"}
    return "POST", action, body, "application/x-www-form-urlencoded", {"HX-Request": "true"} if draw(st.booleans()) else {}


@st.composite
def request_for(draw, rules, games: Games, names_values, csrf: str):
    rule = draw(st.sampled_from(rules))
    method = draw(st.sampled_from(sorted(rule.methods - {"HEAD", "OPTIONS"})))
    real_tokens = [games.group] if rule.rule.startswith("/groups/") else games.edit + games.view
    token_pool = real_tokens + [secrets.token_urlsafe(24), "", "x" * 300, "%00"]
    values = {}
    for argument in rule.arguments:
        if argument == "token":
            values[argument] = draw(st.sampled_from(token_pool))
        elif argument == "access":
            values[argument] = draw(st.sampled_from(["g", "v"]))
        elif argument == "which":
            values[argument] = draw(st.sampled_from(["edit", "view", "other"]))
        elif argument == "index":
            values[argument] = str(draw(st.integers(0, 40)))
        else:
            values[argument] = draw(st.sampled_from([games.deck, "practice", "0", "missing", "a/b", "..", "x" * 200]))
    path = rule.rule
    for argument, value in values.items():
        path = re.sub(rf"<(?:[^:<>]+:)?{argument}>", value, path)
    names, _ = names_values
    query = draw(st.lists(st.tuples(st.sampled_from(names or ["x"]), _value(names_values)), max_size=4))
    if query:
        path += "?" + "&".join(quote_from_bytes(k.encode()) + "=" + quote_from_bytes(v) for k, v in query)
    target = values.get("token")
    revision = games.store.revision(target) if target in games.edit + games.view else 0
    headers = {"HX-Request": "true"} if draw(st.booleans()) else {}
    body, content_type = b"", None
    if method != "GET":
        if draw(st.integers(0, 3)) == 0:
            headers["X-Request-Id"] = draw(st.sampled_from(REQUEST_IDS))
        shape = draw(st.sampled_from(["form", "form", "form", "json", "upload", "none"]))
        documents = documents_for(games, path)
        if shape == "form":
            body, content_type = _form(draw, names_values, csrf, revision or 0), "application/x-www-form-urlencoded"
        elif shape == "json":
            body, content_type = draw(json_body(draw(st.sampled_from(documents)))), "application/json"
        elif shape == "upload":
            boundary = "fuzzboundary"
            document = draw(json_body(draw(st.sampled_from(documents))))
            field = draw(st.sampled_from(["document", "deck_file", "library_file", "file"]))
            body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\n{csrf}\r\n"
                    f"--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"x.json\"\r\n"
                    f"Content-Type: application/json\r\n\r\n").encode() + document + f"\r\n--{boundary}--\r\n".encode()
            content_type = f"multipart/form-data; boundary={boundary}"
    return method, path, body, content_type, headers


class _Broken:
    """An answer the server could not even send (it fails while writing the body): a 500 to the phone."""
    status_code = 500


def _send(client, failures, path, **request):
    try:
        return client.open(path, **request)
    except Exception as error:   # noqa: BLE001 - whatever breaks the answer, the phone sees a failure
        where = traceback.extract_tb(error.__traceback__)[-1]
        failures.last = (f"{type(error).__name__} while answering: {str(error)[:160]} "
                         f"({Path(where.filename).name}:{where.lineno})")
        return _Broken()


class Failures(logging.Handler):
    """The exceptions the app logged (its error handler logs every unexpected one)."""

    def __init__(self):
        super().__init__(logging.ERROR)
        self.last: str | None = None

    def emit(self, record):
        if record.exc_info:
            error = record.exc_info[1]
            self.last = f"{type(error).__name__}: {str(error)[:160]}"


def test_no_request_is_a_5xx_and_a_refusal_changes_nothing(app, client, csrf_token, database):
    """Every route of both games (Amytis's with an Amytis game's tokens), on SQLite and PostgreSQL."""
    games = Games(app, client, csrf_token)
    csrf = csrf_token
    *names_values, forms = _harvest(client, games)
    assert len(forms) > 20, "the pages drew fewer forms than they have"
    rules = [rule for rule in app.url_map.iter_rules() if rule.endpoint not in SKIPPED_ENDPOINTS]
    failures = Failures()
    app.logger.addHandler(failures)
    sent, errors, answers = Counter(), Counter(), Counter()

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                     HealthCheck.data_too_large])
    @given(st.one_of(request_for(rules, games, names_values, csrf), real_form(forms, games, names_values, csrf),
                     an_import(games), a_bundle(games), a_json_move(games)))
    def one_request(request):
        method, path, body, content_type, headers = request
        before = games.snapshot()
        failures.last = None
        response = _send(client, failures, path, method=method, data=body, content_type=content_type, headers=headers)
        sent[method] += 1
        answers[response.status_code] += 1
        if response.status_code >= 500:
            errors[(method, re.sub(r"/[gv]/[^/?]+", "/<token>", path.split("?")[0]), failures.last)] += 1
            if not KEEP_GOING:
                raise AssertionError(f"{method} {path[:200]} -> {response.status_code}: {failures.last}")
        elif response.status_code >= 400:
            after = games.snapshot()
            assert after == before, f"{method} {path[:200]} was refused ({response.status_code}) but changed a game"
        elif response.status_code == 303 and (made := re.match(r"(?:https?://[^/]+)?/g/([A-Za-z0-9_-]+)$",
                                                                 response.headers["Location"])) \
                and made.group(1) not in games.edit:
            # a game the request made (an import, a setup): every page of it must show, and take a move
            token = made.group(1)
            view = games.store.find(token)[0].view_token
            visits = [("GET", f"/g/{token}{page}") for page in VISITS] + [("GET", f"/v/{view}"),
                                                                       ("GET", "/games/finished.csv")]
            visits.append(("POST", f"/g/{token}/move"))
            for visit_method, visit_path in visits:
                failures.last = None
                data = {"csrf_token": csrf, "rev": 0, "kind": "virtue", "player": 0, "delta": 1}
                visited = _send(client, failures, visit_path, method=visit_method,
                                data=data if visit_method == "POST" else None, headers={"HX-Request": "true"})
                sent[visit_method] += 1
                answers[visited.status_code] += 1
                if visited.status_code >= 500:
                    errors[(visit_method, re.sub(r"/[gv]/[^/?]+", "/<token>", visit_path) + " (a game it made)",
                            failures.last)] += 1
                    if not KEEP_GOING:
                        raise AssertionError(f"{method} {path[:100]} made a game whose {visit_path} is a "
                                             f"{visited.status_code}: {failures.last}")

    stored, lost = [], []
    started = time.perf_counter()
    try:
        one_request()
        stored, lost = exports_that_do_not_import(client, games.store)
    finally:
        app.logger.removeHandler(failures)
        if KEEP_GOING:
            print(f"\nfuzz {database}: {sum(sent.values())} requests ({dict(sent)}), {sum(errors.values())} answers of 5xx; "
                  f"answers: {dict(sorted(answers.items()))}")
            print(f"fuzz {database} round trip: {len(stored)} games stored, {len(lost)} whose export does not import")
            print(f"fuzz {database} took {time.perf_counter() - started:.1f} s")
            for (method, where, cause), n in errors.most_common():
                print(f"  {n:5d}  {method} {where[:80]}  {cause}")
            for title, why in lost[:20]:
                print(f"  export of {title!r} refused: {why}")
    assert not errors, f"{sum(errors.values())} answers of 5xx: {errors.most_common(10)}"
    assert not lost, f"{len(lost)} of {len(stored)} stored games' exports do not import: {lost[:5]}"


def exports_that_do_not_import(client, store) -> tuple[list[str], list[tuple[str, str]]]:
    """Every game stored (the fuzz's own and what its requests made): its export.json into
    POST /games/import. Returns (the edit tokens, (title, why) of each refused)."""
    with store.engine.connect() as conn:
        tokens = list(conn.execute(select(stored_games.c.edit_token).order_by(stored_games.c.id)).scalars())
    lost = []
    for token in tokens:
        exported = client.get(f"/g/{token}/export.json")
        imported = client.post("/games/import", data=exported.get_data(), content_type="application/json")
        if exported.status_code != 200 or imported.status_code != 303:
            title = (exported.get_json(silent=True) or {}).get("title")
            lost.append((title, f"{exported.status_code}/{imported.status_code}: {imported.get_data(as_text=True)[:300]}"))
    return tokens, lost
