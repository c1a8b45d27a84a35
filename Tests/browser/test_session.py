"""Seats that survive reloads, presence, leaving, and play from the keyboard."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from pairs import seat_pair


def test_a_reload_mid_game_keeps_the_seat_and_the_board(browsers):
    alice, bob, match_id = seat_pair(browsers)
    alice.start("ticTacToe", bob)
    alice.move(0, 0)
    bob.move(1, 1)

    stored = alice.local_storage()
    assert any(match_id in key for key in stored), stored

    alice.driver.refresh()
    alice.visible("board")
    alice.wait_mark(0, 0, "X")
    alice.wait_mark(1, 1, "O")
    alice.wait_my_turn()
    alice.visible("leave-button")
    assert not alice.find("join-form").is_displayed()
    assert alice.find("seat-player1").find_element("css selector", ".seat__you").is_displayed()

    alice.move(2, 2)
    bob.wait_mark(2, 2, "X")
    bob.wait_my_turn()


def test_presence_and_spectator_count_follow_the_connections(browsers):
    alice, bob, match_id = seat_pair(browsers)
    alice.until_attribute("opponent-presence", "data-state", "connected")
    alice.until_text("opponent-presence", "Bob")
    bob.until_attribute("opponent-presence", "data-state", "connected")
    alice.until_attribute("spectator-count", "data-count", "0")

    watcher = browsers()
    watcher.open(f"/m/{match_id}")
    alice.until_attribute("spectator-count", "data-count", "1")
    bob.until_text("spectator-count", "1 spectator")
    watcher.close()
    alice.until_attribute("spectator-count", "data-count", "0")

    bob.close()
    alice.until_attribute("opponent-presence", "data-state", "disconnected")
    alice.until_attribute("seat-player2", "data-state", "away")


def test_leaving_frees_the_seat_and_forgets_the_token(browsers):
    alice, bob, match_id = seat_pair(browsers)
    bob.clickable("leave-button").click()
    bob.visible("join-form")
    assert not any(match_id in key for key in bob.local_storage())
    alice.until_attribute("opponent-presence", "data-state", "none")
    alice.until_attribute("seat-player2", "data-state", "empty")
    alice.visible("invite")

    bob.driver.refresh()
    bob.visible("join-form")


def test_keyboard_only_play(browsers):
    alice, bob, _ = seat_pair(browsers)
    start = alice.clickable("start-ticTacToe")
    start.send_keys(Keys.ENTER)
    # Between two people Enter offers the game; Bob accepts it from the keyboard too.
    bob.visible("offer-actions")
    bob.clickable("offer-accept").send_keys(Keys.ENTER)
    alice.wait_my_turn()

    # Focus moves to the board when the start button disappears; arrows move between cells.
    alice.wait().until(lambda d: d.switch_to.active_element.get_attribute("data-testid") == "cell-0-0")
    ActionChains(alice.driver).send_keys(Keys.ARROW_RIGHT).send_keys(Keys.ARROW_DOWN).perform()
    assert alice.driver.switch_to.active_element.get_attribute("data-testid") == "cell-1-1"
    ActionChains(alice.driver).send_keys(Keys.ENTER).perform()
    alice.wait_mark(1, 1, "X")
    bob.wait_mark(1, 1, "X")

    bob.wait_my_turn()
    bob.driver.execute_script("document.querySelector('[data-testid=\"cell-0-0\"]').focus()")
    ActionChains(bob.driver).send_keys(Keys.ARROW_LEFT).send_keys(Keys.SPACE).perform()
    bob.wait_mark(0, 2, "O")
    alice.wait_mark(0, 2, "O")
    label = alice.cell(0, 2).get_attribute("aria-label")
    assert label.startswith("Row 1, column 3") and label.endswith("O")


def test_a_stale_token_is_forgotten_and_the_join_form_comes_back(browsers):
    alice = browsers()
    match_id = alice.create_match()
    key = f"tictactoe.seat.{match_id}"
    alice.driver.execute_script(
        "localStorage.setItem(arguments[0], JSON.stringify({token: 'not-a-real-token-0123456789abcdef', seat: 'player1'}))",
        key,
    )
    alice.driver.refresh()
    notice = alice.wait_notice("badToken")
    assert notice.text
    alice.visible("join-form")
    alice.wait().until(lambda d: key not in alice.local_storage(), "the stale token was kept")
    alice.join("Alice")
    assert key in alice.local_storage()


def test_a_bad_name_is_explained_under_the_field_and_the_focus_stays(browsers):
    alice = browsers()
    alice.instrument_sockets()
    alice.create_match()
    field = alice.visible("name-input")
    # A control character cannot be typed, but can be pasted: set it as a paste would.
    alice.driver.execute_script("arguments[0].value = 'Al\\u0007ice'", field)
    alice.clickable("join-button").click()
    alice.until_text("name-error", "cannot be shown")
    assert alice.driver.switch_to.active_element.get_attribute("data-testid") == "name-input"
    assert field.get_attribute("aria-invalid") == "true"
    assert not [m for m in alice.sent() if m["message"]["type"] == "login"]
    alice.screenshot("name-error")
    alice.screenshot("name-error", dark=True)

    # Typing clears the message; a good name joins, and a mouse click on Join did not drop the focus.
    field.clear()
    field.send_keys("Alice")
    alice.hidden("name-error")
    button = alice.clickable("join-button")
    alice.driver.execute_script("arguments[0].focus()", button)
    button.click()
    alice.visible("leave-button")
    active = alice.driver.switch_to.active_element
    assert active.tag_name != "body", "the focus fell back to the page body"


# Issue 17, item 14: seat tokens go when their match is gone, and old ones expire.

def test_the_token_of_a_match_that_does_not_exist_is_forgotten_on_its_page(browsers):
    guest = browsers()
    guest.open("/")
    gone = "NoSuchMatch0000"
    kept = guest.create_match()
    for match_id in (gone, kept):
        guest.driver.execute_script(
            "localStorage.setItem(arguments[0], JSON.stringify({token: 'a-token-of-0123456789abcdef', seat: 'player1', usedAt: Date.now()}))",
            f"tictactoe.seat.{match_id}",
        )
    guest.open(f"/m/{gone}")
    guest.until_text("not-found", "does not exist")
    guest.wait().until(
        lambda d: f"tictactoe.seat.{gone}" not in guest.local_storage(),
        "the token of a match the server says does not exist was kept",
    )
    assert f"tictactoe.seat.{kept}" in guest.local_storage(), "the token of a live match was dropped with it"


def test_seat_tokens_unused_for_30_days_or_beyond_the_50_newest_are_pruned_on_a_visit(browsers):
    guest = browsers()
    guest.open("/")
    day = 24 * 60 * 60 * 1000
    # 55 readable tokens used over the last 55 minutes, one used 31 days ago, one unreadable, one
    # stored before tokens had a time, and the remembered name, which is not a token.
    guest.driver.execute_script(
        """
        const [day] = arguments;
        const now = Date.now();
        const token = (usedAt) => JSON.stringify({token: 'a-token-of-0123456789abcdef', seat: 'player1', usedAt});
        for (let i = 0; i < 55; i++) localStorage.setItem(`tictactoe.seat.Recent${String(i).padStart(7, '0')}`, token(now - i * 60000));
        localStorage.setItem('tictactoe.seat.OldMatch00000', token(now - 31 * day));
        localStorage.setItem('tictactoe.seat.Broken0000000', '{not json');
        localStorage.setItem('tictactoe.seat.Legacy0000000', JSON.stringify({token: 'a-token-of-0123456789abcdef', seat: 'player2'}));
        localStorage.setItem('tictactoe.name', 'Alice');
        """,
        day,
    )
    guest.driver.refresh()
    guest.visible("create-match")
    guest.wait().until(lambda d: "tictactoe.seat.OldMatch00000" not in guest.local_storage(), "a 31-day-old token was kept")
    stored = guest.local_storage()
    seats = sorted(key for key in stored if key.startswith("tictactoe.seat."))
    assert len(seats) == 50, f"{len(seats)} tokens kept, the bound is 50: {seats}"
    assert "tictactoe.seat.Broken0000000" not in stored
    # The token without a time counts as used now: kept, and stamped.
    assert '"usedAt"' in stored["tictactoe.seat.Legacy0000000"]
    # The newest 49 of the 55 kept with it; the 6 least recently used went.
    assert [f"tictactoe.seat.Recent{i:07d}" for i in range(49)] == [key for key in seats if "Recent" in key]
    assert stored["tictactoe.name"] == "Alice"
