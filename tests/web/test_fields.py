"""Shared form fields (companion/web/fields.py): a number too large to mean anything is refused
beside its field with a 400, never a server error (a 400-digit number was a 500: WTForms'
NumberRange turns it into a float)."""

from __future__ import annotations

from .test_table import errors_in, post_move, start

HUGE = "9" * 400


def test_a_huge_number_in_a_move_is_refused_beside_its_field(client, csrf_token):
    token = start(client, csrf_token)
    for delta in (HUGE, "-" + HUGE, "1000000000"):
        answer = post_move(client, token, csrf_token, kind="virtue", player=0, delta=delta)
        assert answer.status_code == 400, delta
        assert "That number is too large." in errors_in(answer.get_data(as_text=True))
    assert post_move(client, token, csrf_token, kind="virtue", player=0, delta="1").status_code == 200


def test_a_huge_revision_is_refused_not_a_server_error(client, csrf_token):
    token = start(client, csrf_token)
    post_move(client, token, csrf_token, kind="virtue", player=0, delta="1")
    for path in ("undo", "redo", "move"):
        answer = client.post(f"/g/{token}/{path}", data={"csrf_token": csrf_token, "rev": HUGE, "kind": "virtue",
                                                         "player": 0, "delta": 1})
        assert answer.status_code == 400, path
    assert client.get(f"/g/{token}/poll?rev={HUGE}").status_code == 200
    assert client.get(f"/g/{token}/form?kind=virtue&player={HUGE}").status_code < 500
