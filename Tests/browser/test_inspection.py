"""Inside a match: the RIB panel updating during a game, the past games and the replay view."""

from selenium.webdriver.common.keys import Keys

from pages import DESKTOP, PHONE, set_viewport
from pairs import play, seat_pair

ALICE_WINS_TOP_ROW = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]


def _ribs(browser) -> list[str]:
    """The RIB names the panel shows, depth first, read in one script: the panel redraws every second,
    and elements found in one call could be gone when the next reads them (a stale reference)."""
    return browser.driver.execute_script(
        "return Array.from(document.querySelectorAll('#ribs-tree .rib')).map((item) => item.dataset.rib)")


def _shot(browser, name: str, test_id: str, dark: bool = False) -> None:
    """Screenshots at both sizes with `test_id` scrolled to the top of the viewport (the panels sit below the board)."""
    for size in (DESKTOP, PHONE):
        set_viewport(browser.driver, *size)
        browser.driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", browser.find(test_id))
        browser.screenshot(name, sizes=(size,), dark=dark)
    set_viewport(browser.driver, *DESKTOP)


def _until_ribs(browser, expected: list[str]) -> None:
    browser.wait().until(lambda _: _ribs(browser) == expected, f"the panel never showed {expected}: {_ribs(browser)}")


def test_the_rib_panel_follows_the_tree_as_a_game_starts_and_ends(browsers):
    alice, bob, match_id = seat_pair(browsers)
    toggle = alice.clickable("ribs-toggle")
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    # Opening it shows it: the panel is scrolled into view and its heading has the focus (issue 32: it
    # opened below the fold with nothing visible happening).
    alice.wait().until(
        lambda d: d.execute_script(
            "const r = document.getElementById('ribs-title').getBoundingClientRect();"
            "return r.top >= 0 && r.bottom <= window.innerHeight"
        ),
        "the opened panel's heading is not on screen",
    )
    assert alice.driver.execute_script("return document.activeElement.id") == "ribs-title"
    _until_ribs(alice, ["Root", "LoggedIn", "OffGame", "BasicScoreBoard"])
    assert "?ribs" in alice.driver.current_url
    assert alice.find("rib-Root").get_attribute("data-active") == "true"
    _shot(alice, "ribs-panel-offgame", "ribs-panel")

    alice.start("ticTacToe", bob)
    _until_ribs(alice, ["Root", "LoggedIn", "TicTacToe"])
    play(ALICE_WINS_TOP_ROW[:2], alice, bob)
    _shot(alice, "ribs-panel-playing", "ribs-panel", dark=True)

    # A spectator opening the page with ?ribs sees the panel at once.
    watcher = browsers()
    watcher.open(f"/m/{match_id}?ribs")
    watcher.visible("ribs-panel")
    _until_ribs(watcher, ["Root", "LoggedIn", "TicTacToe"])

    play(ALICE_WINS_TOP_ROW[2:], alice, bob)
    alice.until_text("result", "You won (three in a row)")
    for browser in (alice, watcher):
        _until_ribs(browser, ["Root", "LoggedIn", "OffGame", "BasicScoreBoard"])

    # Bob leaves: the pair is gone, LoggedOut is back.
    bob.clickable("leave-button").click()
    _until_ribs(watcher, ["Root", "LoggedOut"])
    _shot(watcher, "ribs-panel-logged-out", "ribs-panel")

    # The keyboard closes it again.
    alice.find("ribs-toggle").send_keys(Keys.ENTER)
    alice.hidden("ribs-panel")
    assert "ribs" not in alice.driver.current_url


def test_a_waiting_launch_shows_in_the_panel(browsers):
    alice = browsers()
    match_id = alice.create_match()
    alice.join("Alice")
    # The deep link's launch waits for the pair: Root's workflow shows its waiting step.
    guest = browsers()
    guest.open(f"/launchGame?matchId={match_id}&gameId=ticTacToe")
    guest.visible("join-form")
    guest.open(f"/m/{match_id}?ribs")
    guest.wait().until(lambda _: guest.find("rib-workflow").is_displayed() if _ribs(guest) else False)
    assert "LaunchGameWorkflow waits at step 1 of 2: waitForLogin" in guest.text_of("rib-workflow")
    _shot(guest, "ribs-panel-waiting-workflow", "ribs-panel")


def test_past_games_link_to_a_replay_that_steps_with_buttons_keys_and_the_address(browsers):
    alice, bob, match_id = seat_pair(browsers)
    alice.start("ticTacToe", bob)
    play(ALICE_WINS_TOP_ROW, alice, bob)
    alice.until_text("result", "You won (three in a row)")
    link = alice.visible("past-game-1")
    assert link.text == "Game 1 · Tic Tac Toe"
    assert "Alice won · 5 moves" in alice.text_of("past-games-list")
    _shot(alice, "past-games", "past-games")
    link.click()

    alice.until_text("replay-title", "Game 1 · Tic Tac Toe")
    assert alice.driver.current_url.endswith(f"/m/{match_id}/games/1")
    # A finished game opens on its end, the winning line marked.
    alice.until_text("replay-position", "Move 5 of 5")
    assert alice.marks() == ["X", "X", "X", "O", "O", "", "", "", ""]
    assert _board_drawn_over(alice), "the final position of a finished game is drawn as over"
    winning = [c.get_attribute("data-testid") for c in alice.driver.find_elements("css selector", ".cell--win")]
    assert sorted(winning) == ["cell-0-0", "cell-0-1", "cell-0-2"]
    assert alice.text_of("replay-result") == "Alice won"
    alice.screenshot("replay-end")

    body = alice.driver.find_element("css selector", "body")
    body.send_keys(Keys.ARROW_LEFT)
    alice.until_text("replay-position", "Move 4 of 5")
    assert alice.driver.current_url.endswith("#move=4")
    assert alice.marks() == ["X", "X", "", "O", "O", "", "", "", ""]
    # A position before the end is a game still going: its marks are not faded as a finished game's
    # (issue 32: every position was drawn as over).
    assert not _board_drawn_over(alice), "move 4 of 5 is drawn as a finished game"
    body.send_keys(Keys.HOME)
    alice.until_text("replay-position", "Start · 5 moves")
    assert alice.marks() == [""] * 9
    alice.clickable("replay-next").click()
    alice.until_text("replay-position", "Move 1 of 5")
    assert alice.text_of("replay-last") == "Alice: row 1, column 1"
    alice.screenshot("replay-first-move", dark=True)

    # A link at a move opens there.
    bob.open(f"/m/{match_id}/games/1#move=2")
    bob.until_text("replay-position", "Move 2 of 5")
    assert bob.marks() == ["X", "", "", "O", "", "", "", "", ""]
    bob.clickable("replay-move-3").click()
    bob.until_text("replay-position", "Move 3 of 5")
    bob.clickable("back-to-match").click()
    bob.visible("scoreboard")

    # A game the match has not had yet is said so.
    bob.open(f"/m/{match_id}/games/7")
    bob.until_text("replay-title", "This match has no game 7 yet")


def _board_drawn_over(browser) -> bool:
    return browser.driver.execute_script("return document.querySelector('.board').classList.contains('board--over')")


def _moves(browser) -> list[str]:
    """The move list's entries, read in one script (it is redrawn on every move)."""
    return browser.driver.execute_script(
        "return Array.from(document.querySelectorAll('#moves-list .moves__item a')).map((a) => a.textContent)")


def _until_moves(browser, expected: list[str]) -> None:
    browser.wait().until(lambda _: _moves(browser) == expected, f"the move list never showed {expected}: {_moves(browser)}")


def test_the_move_list_beside_the_board_follows_the_game_for_players_late_spectators_and_reloads(browsers):
    alice, bob, match_id = seat_pair(browsers)
    alice.hidden("moves")
    alice.start("ticTacToe", bob)
    alice.visible("moves")
    alice.until_text("moves-caption", "Game 1 · Tic Tac Toe")
    play(ALICE_WINS_TOP_ROW[:3], alice, bob)
    first_three = ["Alice: row 1, column 1", "Bob: row 2, column 1", "Alice: row 1, column 2"]
    for browser in (alice, bob):
        _until_moves(browser, first_three)

    # A spectator arriving mid-game, and a player reloading, read the moves already played.
    watcher = browsers()
    watcher.open_match(match_id)
    _until_moves(watcher, first_three)
    bob.open_match(match_id)
    _until_moves(bob, first_three)
    play(ALICE_WINS_TOP_ROW[3:], bob, alice)
    everything = first_three + ["Bob: row 2, column 2", "Alice: row 1, column 3"]
    for browser in (alice, bob, watcher):
        _until_moves(browser, everything)
    # Each move links to the replay at that move; the list stays on screen with the final board.
    alice.until_text("result", "You won (three in a row)")
    assert alice.find("move-5").get_attribute("href").endswith(f"/m/{match_id}/games/1#move=5")
    # In a new tab: following it must not take a player away from the match.
    assert alice.find("move-5").get_attribute("target") == "_blank"
    _until_moves(alice, everything)
    _shot(alice, "move-list-after-a-game", "match-view")
    alice.screenshot("move-list-after-a-game", sizes=(DESKTOP,), dark=True)

    # The next game starts an empty list of its own.
    bob.start("ticTacToe", alice)
    alice.until_text("moves-caption", "Game 2 · Tic Tac Toe")
    alice.until_text("moves-list", "No moves yet")
    watcher.until_text("moves-caption", "Game 2 · Tic Tac Toe")
    assert _moves(watcher) == []
