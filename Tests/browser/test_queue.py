"""Play someone now: two strangers press the lobby's button and land in the same match, seated, playing."""

import re

from pages import testid as by_testid


def _in_a_match(browser) -> str:
    browser.wait().until(lambda d: re.search(r"/m/[A-Za-z0-9_-]{10,}$", d.current_url), "never reached a match page")
    return browser.match_id()


def test_two_visitors_pressing_play_someone_now_are_paired_seated_and_playing(browsers):
    alice = browsers()
    alice.open("/")
    alice.clickable("queue-join").click()
    alice.visible("queue-waiting")
    alice.hidden("queue-idle")
    # The wait is counted and shown while nobody else is there.
    alice.wait().until(lambda d: d.find_element(*by_testid("queue-waited")).text == "0:01", "the wait was never counted")
    alice.screenshot("queue-waiting")

    bob = browsers()
    bob.open("/")
    bob.clickable("queue-join").click()

    match_id = _in_a_match(bob)
    assert _in_a_match(alice) == match_id
    for browser, name in ((alice, "player1"), (bob, "player2")):
        # Seated by the token the queue handed over, which the page resumed.
        browser.visible("leave-button")
        browser.visible(f"seat-{name}")
        browser.visible("turn")
    # The game is on: Tic Tac Toe's board, the first player to move.
    alice.move(1, 1)
    bob.wait_mark(1, 1, "X")
    bob.move(0, 0)
    alice.wait_mark(0, 0, "O")
    alice.screenshot("queue-paired")


def test_a_visitor_who_cancels_waits_no_more(browsers):
    carol = browsers()
    carol.open("/")
    carol.clickable("queue-join").click()
    carol.visible("queue-waiting")
    carol.clickable("queue-cancel").click()
    carol.visible("queue-idle")
    carol.hidden("queue-waiting")
    # Nobody left waiting: the next visitor waits rather than being paired with Carol.
    dave = browsers()
    dave.open("/")
    dave.clickable("queue-join").click()
    dave.visible("queue-waiting")
    dave.wait().until(lambda d: d.find_element(*by_testid("queue-waited")).text == "0:02", "the wait stopped")
    assert "/m/" not in dave.driver.current_url
    dave.clickable("queue-cancel").click()
    dave.visible("queue-idle")
