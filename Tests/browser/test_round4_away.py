"""Issue 40, item 7: with the opponent away the page says one sentence with one countdown at a time:
first when the game may be claimed, then, once it may, the button and how long the seat is kept (three
countdowns showed at once). A seat that times out is told as "did not come back in time", not as a
leave. English and Korean, 1280 x 800 and 375 px, light and dark."""

from __future__ import annotations

import pytest

from conftest import start_server, stop_server
from page_words import core_words
from pages import expect_no_axe_violations
from pairs import seat_pair
from round4 import COUNTDOWN, shots, visible_text

WORDS = core_words()


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_away_view_says_one_countdown_at_a_time_and_a_timeout_is_not_a_leave(browsers, language):
    # A claim grace of 6 s and a seat kept 30 s: each phase long enough to be read and pictured.
    running = start_server(env={"TICTACTOE_SEAT_TIMEOUT": "30", "TICTACTOE_CLAIM_GRACE": "6"})
    try:
        alice, bob, _ = seat_pair(browsers, base_url=running.base_url, language=language)
        alice.start("ticTacToe", bob)
        alice.move(0, 0)
        bob.wait_mark(0, 0, "X")
        bob.close()
        alice.until_attribute("opponent-presence", "data-state", "disconnected")

        # First the claim's countdown, alone.
        alice.visible("claim-wait")
        # Each finding is collected, so that a run of the page before the change pictures every phase.
        problems = []
        countdowns = COUNTDOWN.findall(visible_text(alice))
        if len(countdowns) != 1 or not COUNTDOWN.search(alice.text_of("claim-wait")):
            problems.append(f"before the claim, countdowns shown at once: {countdowns}")
        shots(alice, f"item7-away-claim-countdown-{language}", dark=False)

        # Then the button, and how long the seat is kept: one countdown again.
        alice.visible("claim-win", timeout=10)
        alice.hidden("claim-wait")
        countdowns = COUNTDOWN.findall(visible_text(alice))
        if len(countdowns) != 1:
            problems.append(f"once claimable, countdowns shown at once: {countdowns}")
        shots(alice, f"item7-away-claimable-{language}")
        expect_no_axe_violations(alice, f"the away view, claimable ({language})")

        # Nobody claims: the seat times out. Bob did not choose to leave.
        alice.visible("result", timeout=40)
        shots(alice, f"item7-seat-timed-out-{language}")
        words = WORDS[language]
        result = words["result.theirSeatTimedOut"].replace("{loser}", "Bob").replace("{wins}", words["result.youWin"])
        if alice.text_of("result") != result:
            problems.append(f"the result says {alice.text_of('result')!r}")
        alice.wait().until(
            lambda d: d.find_elements("css selector", '[data-testid="notice"][data-code="timedOut"], [data-testid="notice"][data-code="left"]'),
            "no notice of the seat's timeout",
        )
        timed_out = words["notice.timedOut"].replace("{name}", "Bob")
        left = words["notice.left"].replace("{name}", "Bob")
        if not any(text.startswith(timed_out) for text in alice.notice_texts()) or any(left in text for text in alice.notice_texts()):
            problems.append(f"the notices say {alice.notice_texts()}")
        assert not problems, "\n".join(problems)
    finally:
        stop_server(running)
