"""The seat timeout as the server tells it: a countdown from its own seconds, "Claim the game" once the
claim grace has passed (fair play: the claim keeps both seats), and a "your turn" favicon while the tab
is hidden."""

from selenium.webdriver.common.keys import Keys

from conftest import start_server, stop_server
from pairs import seat_pair
from test_accessibility import _no_violations

HIDE_TAB = """
Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
document.dispatchEvent(new Event('visibilitychange'));
"""
SHOW_TAB = """
delete document.visibilityState;
document.dispatchEvent(new Event('visibilitychange'));
"""
FAVICON = "return document.querySelector('link[rel=icon]').getAttribute('href')"


def test_the_countdown_shows_the_servers_seconds_and_a_claim_after_the_grace_counts_the_game(browsers):
    # 95 s, not the default 60: a page that assumed 60 s would show 1:00 or less. A claim grace of 3 s
    # (20 by default): the claim is offered only once the server allows it.
    running = start_server(env={"TICTACTOE_SEAT_TIMEOUT": "95", "TICTACTOE_CLAIM_GRACE": "3"})
    try:
        alice, bob, _ = seat_pair(browsers, base_url=running.base_url)
        alice.start("ticTacToe", bob)
        alice.move(0, 0)
        bob.wait_mark(0, 0, "X")
        bob.close()
        alice.until_attribute("opponent-presence", "data-state", "disconnected")
        # One countdown at a time (issue 40, item 7): the side panel says who is away, without a figure.
        alice.until_text("opponent-presence", "Bob is not connected.")
        # Within the grace the page counts down to the claim (before the change the button came at once,
        # and a claim ended the pair; now it waits for the grace and keeps both seats).
        alice.until_text("claim-wait", "You can claim the game in ")
        assert not alice.find("claim-win").is_displayed()
        claim = alice.visible("claim-win")
        assert claim.text == "Claim the game"
        alice.hidden("claim-wait")
        # Then, said where the game is (on a phone the players' panel is below it), how long the seat is
        # kept: from the server's 95 s, not a default 60.
        alice.until_text("stage-hint", "Bob is still away. Their seat is kept for 1:")
        assert "then you win" in alice.text_of("stage-hint")
        alice.screenshot("claim-win")
        alice.screenshot("claim-win", dark=True)
        _no_violations(alice, "match page with the opponent away")

        # Reached and pressed from the keyboard.
        alice.driver.execute_script("arguments[0].focus()", claim)
        assert alice.driver.switch_to.active_element.get_attribute("data-testid") == "claim-win"
        claim.send_keys(Keys.ENTER)

        alice.until_text("result", "You claimed the game while Bob was away")
        alice.until_text("score-player1", "1")
        alice.wait_mark(0, 0, "X")
        alice.hidden("claim-win")
        # The button vanished under the focus: it went somewhere on the page, not to nowhere.
        assert alice.driver.switch_to.active_element.tag_name != "body"
        # Bob keeps his seat until its own timeout: the pair is not broken by a claim.
        alice.until_text("seat-player2-name", "Bob")
        assert "then it is freed" in alice.text_of("opponent-presence")
        alice.screenshot("claimed-win")
        alice.screenshot("claimed-win", dark=True)
    finally:
        stop_server(running)


def test_a_hidden_tab_shows_the_your_turn_favicon_on_our_turn_only(browsers):
    alice, bob, _ = seat_pair(browsers)
    alice.start("ticTacToe", bob)
    alice.wait_my_turn()
    assert alice.driver.execute_script(FAVICON) == "/favicon.svg"
    alice.driver.execute_script(HIDE_TAB)
    alice.wait().until(lambda d: d.execute_script(FAVICON) == "/favicon-turn.svg", "no your-turn favicon while hidden")
    alice.driver.execute_script(SHOW_TAB)
    alice.wait().until(lambda d: d.execute_script(FAVICON) == "/favicon.svg", "the favicon kept its badge once looked at")

    alice.move(1, 1)
    bob.wait_mark(1, 1, "X")
    alice.driver.execute_script(HIDE_TAB)
    # Bob's turn: the plain icon, until Bob moves.
    assert alice.driver.execute_script(FAVICON) == "/favicon.svg"
    bob.move(0, 0)
    alice.wait().until(lambda d: d.execute_script(FAVICON) == "/favicon-turn.svg", "no badge when the turn came back")
    assert alice.driver.execute_script(
        "return fetch('/favicon-turn.svg').then((r) => r.ok && r.headers.get('content-type').startsWith('image/svg'))"
    )
