"""Digits that str.isdigit() accepts but int() refuses ('²') are bad input: a 4xx, never a 500."""

from tests.web.helpers import import_document, sample


def test_blank_pad_players_superscript(client):
    assert client.get("/sheets/blank.pdf?players=%C2%B2").status_code == 400


def test_move_for_a_superscript_player(client, csrf_token):
    edit, _ = import_document(client, sample())
    response = client.post(f"/g/{edit}/move", data={"csrf_token": csrf_token, "rev": 0, "kind": "virtue",
                                                     "player": "²", "delta": 1}, headers={"HX-Request": "true"})
    assert 400 <= response.status_code < 500


def test_deck_card_remove_superscript_row(client, csrf_token):
    created = client.post("/decks/new", data={"csrf_token": csrf_token, "name": "Ours"})
    deck = created.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    client.post(f"/decks/{deck}/cards", data={"csrf_token": csrf_token})
    response = client.post(f"/decks/{deck}/cards/0", data={"csrf_token": csrf_token, "op": "remove-²",
                                                           "location": "forest"})
    assert response.status_code < 500
