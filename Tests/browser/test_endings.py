"""When a player leaves or times out: the story (board, score, result) stays, and leaving asks first."""

from conftest import start_server, stop_server
from pairs import seat_pair


def test_a_forfeit_keeps_the_board_and_the_score_and_says_who_left(browsers):
    alice, bob, match_id = seat_pair(browsers)
    alice.start("ticTacToe", bob)
    alice.move(0, 0)
    bob.move(1, 1)

    # Leaving during a game asks first; "Keep playing" keeps the seat.
    bob.clickable("leave-button").click()
    bob.until_text("leave-confirm", "give Alice the win")
    bob.screenshot("leave-confirm")
    bob.screenshot("leave-confirm", dark=True)
    bob.clickable("leave-cancel").click()
    bob.hidden("leave-confirm")
    assert bob.driver.switch_to.active_element.get_attribute("data-testid") == "leave-button"
    bob.clickable("leave-button").click()
    bob.clickable("leave-confirm-button").click()

    alice.until_text("result", "Bob left — you win")
    alice.visible("board")
    alice.wait_mark(0, 0, "X")
    alice.wait_mark(1, 1, "O")
    alice.visible("scoreboard")
    alice.until_text("score-player1", "1")
    alice.until_text("stage-title", "Waiting for an opponent")
    alice.visible("invite")
    alice.screenshot("forfeit-story")
    alice.screenshot("forfeit-story", dark=True)

    # The leaver is told in the second person, and never that "Bob left".
    bob.until_text("result", "You left — Alice wins")
    assert any("You left the match and forfeited the game" in text for text in bob.notice_texts()), bob.notice_texts()
    assert not any("Bob left" in text for text in bob.notice_texts()), bob.notice_texts()

    # A new opponent ends the story: a new pair starts from 0-0.
    carol = browsers()
    carol.open_match(match_id)
    carol.join("Carol")
    alice.hidden("result")
    alice.until_text("score-name-player2", "Carol")
    alice.until_text("score-player1", "0")


def test_a_seat_timeout_counts_down_then_counts_the_win(browsers):
    running = start_server(env={"TICTACTOE_SEAT_TIMEOUT": "4"})
    try:
        alice, bob, _ = seat_pair(browsers, base_url=running.base_url)
        alice.start("ticTacToe", bob)
        alice.move(0, 0)
        bob.close()
        alice.until_attribute("opponent-presence", "data-state", "disconnected")
        # The seat goes (4 s) before a claim could be made (20 s): that is the one countdown shown.
        alice.until_text("stage-hint", "Their seat is kept for 0:")
        assert not alice.find("claim-wait").is_displayed()
        alice.screenshot("seat-countdown")
        # Bob did not choose to leave (issue 40, item 7).
        alice.until_text("result", "Bob did not come back in time — you win", timeout=20)
        alice.until_text("score-player1", "1")
        alice.wait_mark(0, 0, "X")
    finally:
        stop_server(running)
