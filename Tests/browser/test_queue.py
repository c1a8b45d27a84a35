"""Play someone now: two strangers give their names, pick a game, press the lobby's button and land in the
same match, seated, playing the game they picked; strangers who picked different games are not paired."""

import re

from selenium.webdriver.common.keys import Keys

from pages import DESKTOP, PHONE, expect_no_axe_violations, set_viewport, testid as by_testid


def _in_a_match(browser) -> str:
    browser.wait().until(lambda d: re.search(r"/m/[A-Za-z0-9_-]{10,}$", d.current_url), "never reached a match page")
    return browser.match_id()


def _page_width(browser) -> int:
    return browser.driver.execute_script("return document.documentElement.scrollWidth")


def _shoot_the_queue(browser, name: str, dark: bool = False) -> None:
    """Screenshots at both sizes with the queue's panel in view (on a phone it comes after "New match")."""
    for size in (DESKTOP, PHONE):
        set_viewport(browser.driver, *size)
        browser.driver.execute_script("document.querySelector('[data-testid=\"queue-panel\"]').scrollIntoView()")
        browser.screenshot(name, sizes=(size,), dark=dark)


def _ask(browser, name: str, game_id: str) -> None:
    """Types `name` into the queue's form, picks the game, and presses "Play someone now"."""
    field = browser.visible("queue-name")
    field.clear()
    field.send_keys(name)
    browser.clickable(f"queue-game-{game_id}").click()
    browser.clickable("queue-join").click()


def test_two_strangers_are_paired_under_their_names_for_the_game_they_picked(browsers):
    alice = browsers(*PHONE)
    alice.open("/")
    # Every game but Random Win (one roll decides it: nobody waits for a stranger to play it).
    # The list is filled by the page's module from the server's games: wait for it, not for the HTML.
    alice.wait().until(lambda d: d.find_elements("css selector", '[data-testid="queue-games"] input[type="radio"]'))
    games = alice.driver.find_elements("css selector", '[data-testid="queue-games"] input[type="radio"]')
    assert [game.get_attribute("value") for game in games] == ["ticTacToe", "connectFour", "kalah"]
    assert alice.find("queue-game-ticTacToe").is_selected()
    assert _page_width(alice) <= PHONE[0], _page_width(alice)
    _shoot_the_queue(alice, "queue-form")
    _shoot_the_queue(alice, "queue-form", dark=True)
    expect_no_axe_violations(alice, "the queue's form")
    _ask(alice, "Alice", "connectFour")
    alice.visible("queue-waiting")
    alice.until_text("queue-status", "Looking for someone to play Connect Four")
    expect_no_axe_violations(alice, "waiting in the queue")
    _shoot_the_queue(alice, "queue-waiting-for-a-game")
    _shoot_the_queue(alice, "queue-waiting-for-a-game", dark=True)

    bob = browsers()
    bob.open("/")
    # Chosen with the keyboard: type the name, Tab to the games' radio group, arrow to Connect Four, Tab
    # past the clocks' group (no clock, as Alice) to the button and press Enter.
    bob.find("queue-name").click()
    bob.driver.switch_to.active_element.send_keys("Bob")
    bob.driver.switch_to.active_element.send_keys(Keys.TAB)
    assert bob.driver.switch_to.active_element.get_attribute("data-testid") == "queue-game-ticTacToe"
    bob.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert bob.find("queue-game-connectFour").is_selected()
    bob.driver.switch_to.active_element.send_keys(Keys.TAB)
    assert bob.driver.switch_to.active_element.get_attribute("data-testid") == "queue-clock-none"
    bob.driver.switch_to.active_element.send_keys(Keys.TAB)
    assert bob.driver.switch_to.active_element.get_attribute("data-testid") == "queue-join"
    bob.driver.switch_to.active_element.send_keys(Keys.ENTER)

    match_id = _in_a_match(bob)
    assert _in_a_match(alice) == match_id
    for browser in (alice, bob):
        browser.visible("c4-board")
        browser.until_text("seat-player1-name", "Alice")
        browser.until_text("seat-player2-name", "Bob")
    alice.drop(3)
    bob.wait_disc(5, 3, "X")
    alice.screenshot("queue-paired-connect-four")
    bob.screenshot("queue-paired-connect-four", dark=True)

    # Next time, the lobby offers the same name and game.
    alice.open("/")
    alice.wait().until(lambda d: d.find_element(*by_testid("queue-name")).get_attribute("value") == "Alice")
    assert alice.find("queue-game-connectFour").is_selected()


def test_two_visitors_who_picked_different_games_are_not_paired(browsers):
    carol = browsers()
    carol.open("/")
    _ask(carol, "Carol", "kalah")
    carol.until_text("queue-status", "Looking for someone to play Kalah")
    dave = browsers()
    dave.open("/")
    _ask(dave, "Dave", "ticTacToe")
    dave.until_text("queue-status", "Looking for someone to play Tic Tac Toe")
    # Both wait on: each renewal would have paired them by now had they asked for the same game.
    dave.wait().until(lambda d: d.find_element(*by_testid("queue-waited")).text == "0:03", "the wait stopped")
    for browser in (carol, dave):
        assert "/m/" not in browser.driver.current_url
        browser.visible("queue-waiting")
    for browser in (carol, dave):
        browser.clickable("queue-cancel").click()
        browser.visible("queue-idle")


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
