"""Connect Four through the page: whole games, the keyboard, a full column, a spectator, a reload, a phone.

The board is 7 columns × 6 rows, row 0 at the top; a disc falls to the lowest free cell of its column.
"""


from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from pages import PHONE
from pairs import deep_link_pair, drops, seat_pair

# Alice drops in column 1 four times, Bob in column 2 in between: four in a row upwards in column 1.
ALICE_WINS_VERTICAL = [0, 1, 0, 1, 0, 1, 0]
VERTICAL_LINE = ["c4-cell-2-0", "c4-cell-3-0", "c4-cell-4-0", "c4-cell-5-0"]


def _winning(browser) -> list[str]:
    cells = browser.driver.find_elements("css selector", ".c4-cell--win")
    return sorted(cell.get_attribute("data-testid") for cell in cells)


def _until_announced(browser, text: str) -> None:
    """Waits until the (visually hidden) live region holds `text`."""
    browser.wait().until(
        lambda d: browser.find("announcer").get_attribute("textContent") == text, f"never announced {text!r}"
    )


def _fits_the_width(browser) -> bool:
    return browser.driver.execute_script(
        "const board = document.querySelector('[data-testid=\"c4-board\"]').getBoundingClientRect();"
        "return board.left >= 0 && board.right <= innerWidth"
        " && document.scrollingElement.scrollWidth <= innerWidth;"
    )


def test_two_players_play_to_a_vertical_four_while_a_spectator_watches(browsers):
    alice, bob, match_id = seat_pair(browsers)
    watcher = browsers()
    watcher.open(f"/m/{match_id}")
    watcher.visible("watching")
    alice.until_attribute("spectator-count", "data-count", "1")

    # The offGame screen offers Connect Four third (games added later come after it).
    buttons = alice.driver.find_elements("css selector", "#game-buttons [data-game-id]")
    assert [b.get_attribute("data-game-id") for b in buttons][:3] == ["ticTacToe", "randomWin", "connectFour"]
    assert alice.text_of("start-connectFour") == "Play Connect Four"

    alice.start("connectFour", bob)
    for browser in (alice, bob, watcher):
        browser.visible("c4-board")
        assert not browser.find("board").is_displayed()
    alice.wait_my_turn()
    bob.until_text("turn", "Alice's turn")
    watcher.until_text("turn", "Alice's turn")

    drops(ALICE_WINS_VERTICAL[:4], alice, bob)
    # The spectator sees every disc as it falls, and the last one in words.
    watcher.wait_disc(5, 0, "X")
    watcher.wait_disc(5, 1, "O")
    watcher.wait_disc(4, 0, "X")
    watcher.wait_disc(4, 1, "O")
    watcher.until_text("last-move", "Last disc: Bob (O) in column 2")
    assert watcher.column(0).get_attribute("aria-label") == "Column 1, 4 free cells, from the bottom: X, X"
    assert watcher.column(1).get_attribute("aria-label") == (
        "Column 2, 4 free cells, from the bottom: O, O (last disc)"
    )
    assert watcher.column(3).get_attribute("aria-label") == "Column 4, 6 free cells"
    alice.screenshot("connect-four-in-progress")
    bob.screenshot("connect-four-in-progress", dark=True)
    watcher.screenshot("connect-four-spectator")

    drops(ALICE_WINS_VERTICAL[4:], alice, bob)
    alice.until_text("result", "You won (four in a row)")
    for browser in (alice, bob, watcher):
        if browser is not alice:
            browser.until_text("result", "Alice won (four in a row)")
        browser.until_text("score-player1", "1")
        assert browser.text_of("score-player2") == "0"
        browser.wait().until(lambda d: _winning(browser) == VERTICAL_LINE, "the winning line was never highlighted")
        assert browser.text_of("last-move") == "Four in a row in column 1"
    assert watcher.discs()[14:21] == ["X", "", "", "", "", "", ""]  # row 2: the top of the four
    _until_announced(watcher, "Alice won (four in a row). Four in a row in column 1")
    alice.screenshot("connect-four-finished")
    bob.screenshot("connect-four-finished", dark=True)

    # The finished board is read-only: a click sends nothing that could be refused.
    watcher.disc(0, 3).click()
    alice.disc(0, 3).click()
    for browser in (alice, watcher):
        assert not browser.driver.find_elements("css selector", '[data-testid="notice"][data-kind="error"]')


def test_keyboard_play_to_a_horizontal_four(browsers):
    alice, bob, _ = seat_pair(browsers)
    alice.clickable("start-connectFour").send_keys(Keys.ENTER)
    # Between two people Enter offers the game; Bob accepts it from the keyboard too.
    bob.visible("offer-actions")
    bob.clickable("offer-accept").send_keys(Keys.ENTER)
    alice.wait_my_turn()

    # Focus moves to the first column when the start button disappears; arrows move between columns.
    alice.wait().until(lambda d: d.switch_to.active_element.get_attribute("data-testid") == "c4-column-0")
    ActionChains(alice.driver).send_keys(Keys.ARROW_RIGHT * 3).perform()
    assert alice.driver.switch_to.active_element.get_attribute("data-testid") == "c4-column-3"
    ActionChains(alice.driver).send_keys(Keys.ARROW_LEFT * 3).perform()
    assert alice.driver.switch_to.active_element.get_attribute("data-testid") == "c4-column-0"
    ActionChains(alice.driver).send_keys(Keys.ENTER).perform()
    alice.wait_disc(5, 0, "X")
    bob.wait_disc(5, 0, "X")
    label = bob.column(0).get_attribute("aria-label")
    assert label == "Column 1, 5 free cells, from the bottom: X (last disc)", label
    _until_announced(bob, "Alice (X) dropped a disc in column 1. Your turn")

    # Alice plays columns 1 to 4 along the bottom row from the keyboard (Space and Enter both drop);
    # Bob clicks the bottom cell of each column on top of hers.
    keys = [Keys.SPACE, Keys.ENTER, Keys.SPACE]
    for col in range(3):
        bob.drop(col, touch_row=5)
        alice.wait_my_turn()
        alice.driver.execute_script(f"document.querySelector('[data-testid=\"c4-column-{col}\"]').focus()")
        ActionChains(alice.driver).send_keys(Keys.ARROW_RIGHT).send_keys(keys[col]).perform()
        alice.wait_disc(5, col + 1, "X")

    alice.until_text("result", "You won (four in a row)")
    for browser in (alice, bob):
        if browser is bob:
            browser.until_text("result", "Alice won (four in a row)")
        browser.wait().until(
            lambda d: _winning(browser) == ["c4-cell-5-0", "c4-cell-5-1", "c4-cell-5-2", "c4-cell-5-3"],
            "the winning row was never highlighted",
        )
        assert browser.text_of("last-move") == "Four in a row in row 1 from the bottom, columns 1 to 4"


def test_a_full_column_is_answered_in_words(browsers):
    alice, bob, _ = seat_pair(browsers)
    bob.start("connectFour", alice)
    drops([3] * 6, alice, bob)  # alternating discs: no four
    alice.wait_my_turn()
    assert alice.column(3).get_attribute("aria-label").startswith("Column 4, full, from the bottom: X, O, X, O, X, O")
    assert alice.column(3).get_attribute("aria-disabled") == "true"

    before = alice.discs()
    alice.disc(2, 3).click()
    notice = alice.wait_notice("cellTaken")
    assert "full" in notice.text
    assert alice.discs() == before
    alice.wait_my_turn()

    # Out of turn, the same column is refused for the turn first (the server checks in that order).
    bob.disc(0, 3).click()
    bob.wait_notice("notYourTurn")

    alice.drop(2)
    bob.wait_disc(5, 2, "X")


def test_a_reload_keeps_the_connect_four_board_and_the_turn(browsers):
    alice, bob, _ = seat_pair(browsers)
    alice.start("connectFour", bob)
    drops([3, 3, 4], alice, bob)
    bob.wait_my_turn()

    bob.driver.refresh()
    bob.visible("c4-board")
    bob.wait_disc(5, 3, "X")
    bob.wait_disc(4, 3, "O")
    bob.wait_disc(5, 4, "X")
    bob.wait_my_turn()
    bob.until_text("last-move", "Last disc: Alice (X) in column 5")
    assert bob.discs().count("") == 42 - 3

    bob.drop(4)
    alice.wait_disc(4, 4, "O")
    alice.wait_my_turn()


def test_the_deep_link_launches_connect_four_and_fits_a_phone(browsers):
    alice, bob, _ = deep_link_pair(browsers, "connectFour", *PHONE)

    for browser in (alice, bob):
        browser.visible("c4-board")
    alice.drop(3)
    bob.drop(3, touch_row=5)
    alice.wait_disc(4, 3, "O")
    for browser in (alice, bob):
        assert _fits_the_width(browser), "the board does not fit a 375 px wide screen"
        column = browser.column(3).rect
        assert column["width"] >= 32 and column["height"] >= 200, column
    alice.screenshot("connect-four-phone", sizes=(PHONE,))
    bob.screenshot("connect-four-phone", sizes=(PHONE,), dark=True)
