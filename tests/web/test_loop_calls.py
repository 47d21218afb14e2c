"""What Flask's thread asks of the event loop during a request goes over in one hand-over (loop_calls)."""

from __future__ import annotations

from companion.web.serving.loop_calls import call_on_loop, hand_over_now, one_hand_over


class Loop:
    """The loop's side: each hand-over kept (each would wake it), run when the test says."""

    def __init__(self):
        self.handed, self.reported = [], []

    def is_closed(self):
        return False

    def call_soon_threadsafe(self, callback, *args):
        self.handed.append((callback, args))

    def call_exception_handler(self, context):
        self.reported.append(context["exception"])

    def run(self):
        handed, self.handed = self.handed, []
        for callback, args in handed:
            callback(*args)


def test_outside_a_hand_over_a_call_goes_at_once():
    loop, heard = Loop(), []
    call_on_loop(loop, heard.append, "commit")
    assert len(loop.handed) == 1
    loop.run()
    assert heard == ["commit"]


def test_inside_one_the_calls_wait_for_its_end_and_go_together_in_order():
    loop, heard = Loop(), []
    with one_hand_over(loop):
        call_on_loop(loop, heard.append, "commit")
        call_on_loop(loop, heard.append, "answer")
        assert loop.handed == []
    assert len(loop.handed) == 1
    loop.run()
    assert heard == ["commit", "answer"]
    call_on_loop(loop, heard.append, "later")   # closed: at once again
    assert len(loop.handed) == 1


def test_what_was_asked_goes_first_when_the_thread_must_wait_for_the_loop():
    """A large answer waits for the loop to send each part: what the request asked before goes first."""
    loop, heard = Loop(), []
    with one_hand_over(loop):
        call_on_loop(loop, heard.append, "commit")
        hand_over_now()
        loop.run()
        assert heard == ["commit"]
        call_on_loop(loop, heard.append, "end")
    loop.run()
    assert heard == ["commit", "end"]


def test_a_call_for_another_loop_is_not_held():
    ours, other, heard = Loop(), Loop(), []
    with one_hand_over(ours):
        call_on_loop(other, heard.append, "elsewhere")
        assert len(other.handed) == 1 and ours.handed == []


def test_a_failing_call_is_reported_and_the_others_still_run():
    loop, heard = Loop(), []
    with one_hand_over(loop):
        call_on_loop(loop, heard.__getitem__, 5)
        call_on_loop(loop, heard.append, "answer")
    loop.run()
    assert heard == ["answer"] and isinstance(loop.reported[0], IndexError)
