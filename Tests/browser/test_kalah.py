"""Kalah through the page: a whole game with a spectator, an extra turn, an empty pit, the keyboard,
a reload, a phone, and the replay of the finished game.

The expected counts are not written down: a small simulator of the rules (below) derives them from
the moves. Pits are numbered for people from 1: the wire's pit P is "pit P+1" on the page, and the
test ids use the wire's P (`kalah-pit-player1-2` is Alice's "pit 3").
"""

from __future__ import annotations


from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from pages import PHONE
from pairs import deep_link_pair, seat_pair

PITS = 6
STORE = {"player1": 6, "player2": 13}
FIRST = {"player1": 0, "player2": 7}


def _opponent(seat: str) -> str:
    return "player2" if seat == "player1" else "player1"


def start_pits() -> list[int]:
    return [0 if index in STORE.values() else 4 for index in range(14)]


def sow(pits: list[int], seat: str, pit: int) -> tuple[list[int], str | None]:
    """The rules: `seat` sows its pit `pit` (0-5); returns the new pits and the seat to move next
    (the same seat after a last seed in its store; None once the game is over)."""
    pits = list(pits)
    index = FIRST[seat] + pit
    seeds = pits[index]
    assert seeds, f"{seat}'s pit {pit} is empty"
    pits[index] = 0
    while seeds:
        index = (index + 1) % 14
        if index == STORE[_opponent(seat)]:
            continue
        pits[index] += 1
        seeds -= 1
    extra = index == STORE[seat]
    if not extra and FIRST[seat] <= index < FIRST[seat] + PITS and pits[index] == 1 and pits[12 - index] > 0:
        pits[STORE[seat]] += pits[index] + pits[12 - index]
        pits[index] = pits[12 - index] = 0
    if not any(pits[0:6]) or not any(pits[7:13]):
        for side in ("player1", "player2"):
            for p in range(PITS):
                pits[STORE[side]] += pits[FIRST[side] + p]
                pits[FIRST[side] + p] = 0
        return pits, None
    return pits, seat if extra else _opponent(seat)


def positions(moves) -> list[tuple[list[int], str | None]]:
    """The pits and the seat to move before the first move and after each of `moves`."""
    pits, turn = start_pits(), "player1"
    shown = [(pits, turn)]
    for seat, pit in moves:
        assert seat == turn, f"{seat} moves out of turn"
        pits, turn = sow(pits, seat, pit)
        shown.append((pits, turn))
    return shown


# A whole game, Alice (player1) starting: her pit 3 ends in her store (another turn), and the game
# ends after twelve sowings when a side is empty.
GAME = [
    ("player1", 2), ("player1", 4), ("player2", 5), ("player1", 1), ("player1", 4), ("player2", 0),
    ("player1", 2), ("player2", 2), ("player1", 1), ("player2", 4), ("player1", 0), ("player2", 5),
]
GAME_POSITIONS = positions(GAME)


def test_the_simulator_and_the_game_it_plays():
    assert sow(start_pits(), "player1", 2) == ([4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0], "player1")
    # Player 2 sowing pit 6 passes their store and goes on into player 1's pits.
    assert sow(start_pits(), "player2", 5) == ([5, 5, 5, 4, 4, 4, 0, 4, 4, 4, 4, 4, 0, 1], "player1")
    final, turn = GAME_POSITIONS[-1]
    assert turn is None and sum(final) == 48
    assert final[STORE["player1"]] > final[STORE["player2"]]


# --- Page helpers -----------------------------------------------------------------------------------

_COUNTS = """
const at = (id) => document.querySelector(`[data-testid="${id}"]`);
const pits = [];
for (const seat of ['player1', 'player2']) {
  for (let p = 0; p < 6; p += 1) pits.push(at(`kalah-pit-${seat}-${p}`));
  pits.push(at(`kalah-store-${seat}`));
}
return pits.map((el) => el ? Number(el.textContent.trim()) : null);
"""


def counts(browser) -> list[int]:
    """The 14 numbers the page shows, in the wire's order (pits 0-5, store, pits 7-12, store)."""
    return browser.driver.execute_script(_COUNTS)


def until_counts(browser, expected: list[int]) -> None:
    browser.wait().until(lambda _: counts(browser) == expected, f"the board never showed {expected}: {counts(browser)}")


def until_announced(browser, text: str) -> None:
    browser.wait().until(
        lambda _: browser.find("announcer").get_attribute("textContent") == text,
        f"never announced {text!r}: {browser.find('announcer').get_attribute('textContent')!r}",
    )


def pit(browser, seat: str, p: int):
    return browser.find(f"kalah-pit-{seat}-{p}")


def play(moves, start: int, seats: dict, watchers=()) -> None:
    """Plays `moves` (from GAME, starting at index `start`) by clicking, each by its seat's browser;
    every browser waits for the position the simulator derives."""
    for offset, (seat, p) in enumerate(moves):
        mover = seats[seat]
        mover.wait_my_turn()
        pit(mover, seat, p).click()
        expected, _ = GAME_POSITIONS[start + offset + 1]
        for browser in (*seats.values(), *watchers):
            until_counts(browser, expected)


def fits_the_width(browser) -> bool:
    return browser.driver.execute_script(
        "const board = document.querySelector('[data-testid=\"kalah-board\"]').getBoundingClientRect();"
        "return board.left >= 0 && board.right <= innerWidth"
        " && document.scrollingElement.scrollWidth <= innerWidth;"
    )


def bottom_row_seat(browser) -> str:
    """The seat whose pits are drawn lower on the screen."""
    y = {seat: pit(browser, seat, 0).rect["y"] for seat in ("player1", "player2")}
    return "player1" if y["player1"] > y["player2"] else "player2"


def moves_listed(browser) -> list[str]:
    return browser.driver.execute_script(
        "return Array.from(document.querySelectorAll('#moves-list .moves__item a')).map((a) => a.textContent)")


# --- Tests --------------------------------------------------------------------------------------------


def test_a_whole_game_with_an_extra_turn_a_spectator_and_its_replay(browsers):
    alice, bob, match_id = seat_pair(browsers)
    watcher = browsers()
    watcher.open(f"/m/{match_id}")
    watcher.visible("watching")
    alice.until_attribute("spectator-count", "data-count", "1")

    # The offGame screen offers Kalah fourth.
    buttons = alice.driver.find_elements("css selector", "#game-buttons [data-game-id]")
    assert [b.get_attribute("data-game-id") for b in buttons] == ["ticTacToe", "randomWin", "connectFour", "kalah"]
    assert alice.text_of("start-kalah") == "Play Kalah"

    alice.start("kalah", bob)
    for browser in (alice, bob, watcher):
        browser.visible("kalah-board")
        until_counts(browser, start_pits())
    alice.wait_my_turn()
    bob.until_text("turn", "Alice's turn")
    watcher.until_text("turn", "Alice's turn")

    # Each reader's own pits are nearest; the spectator sees player 1's at the bottom.
    assert bottom_row_seat(alice) == "player1"
    assert bottom_row_seat(bob) == "player2"
    assert bottom_row_seat(watcher) == "player1"
    assert pit(alice, "player1", 2).get_attribute("aria-label") == "Your pit 3, 4 seeds"
    assert pit(bob, "player1", 2).get_attribute("aria-label") == "Alice's pit 3, 4 seeds"
    assert pit(alice, "player1", 2).get_attribute("aria-disabled") == "false"
    assert pit(alice, "player2", 2).get_attribute("aria-disabled") == "true"
    assert pit(bob, "player2", 2).get_attribute("aria-disabled") == "true"  # not Bob's turn

    seats = {"player1": alice, "player2": bob}
    # Alice's pit 3 ends in her store: she plays again.
    play(GAME[:1], 0, seats, [watcher])
    alice.wait_my_turn()
    bob.until_text("turn", "Alice's turn")
    until_announced(alice, "Alice sowed pit 3 — your turn again")
    until_announced(bob, "Alice sowed pit 3 — Alice's turn again")
    alice.until_text("last-move", "Last sowing: Alice, pit 3 — another turn")
    assert "kalah-pit--last" in pit(watcher, "player1", 2).get_attribute("class")
    assert alice.find("kalah-store-player1").get_attribute("aria-label") == "Your store, 1 seed"

    # Her pit 3 is empty now: pressing it is answered in the game's own words, and changes nothing.
    assert pit(alice, "player1", 2).get_attribute("aria-disabled") == "true"
    pit(alice, "player1", 2).click()
    notice = alice.wait_notice("cellTaken")
    assert "That pit is empty." in notice.text, notice.text
    assert counts(alice) == GAME_POSITIONS[1][0]
    alice.wait_my_turn()

    play(GAME[1:6], 1, seats, [watcher])
    alice.screenshot("kalah-in-progress")
    bob.screenshot("kalah-in-progress", dark=True)
    watcher.screenshot("kalah-spectator")

    play(GAME[6:], 6, seats, [watcher])
    final, _ = GAME_POSITIONS[-1]
    first, second = final[STORE["player1"]], final[STORE["player2"]]
    alice.until_text("result", "You won on score")
    for browser in (bob, watcher):
        browser.until_text("result", "Alice won on score")
    for browser in (alice, bob, watcher):
        browser.until_text("score-player1", "1")
        until_counts(browser, final)
        browser.until_text("last-move", f"Final stores: Alice {first}, Bob {second}")
    until_announced(watcher, f"Alice won on score. Alice won {first} to {second}")
    assert "kalah-store--win" in watcher.find("kalah-store-player1").get_attribute("class")
    alice.screenshot("kalah-finished")
    bob.screenshot("kalah-finished", dark=True)

    # The move list beside the board says every sowing.
    names = {"player1": "Alice", "player2": "Bob"}
    said = [f"{names[seat]}: pit {p + 1}" for seat, p in GAME]
    alice.wait().until(lambda _: moves_listed(alice) == said, f"the move list never showed {said}: {moves_listed(alice)}")

    # The replay of the finished game shows its positions.
    alice.visible("past-game-1")
    assert alice.text_of("past-game-1") == "Game 1 · Kalah"
    watcher.open(f"/m/{match_id}/games/1")
    watcher.until_text("replay-title", "Game 1 · Kalah")
    watcher.until_text("replay-position", f"Move {len(GAME)} of {len(GAME)}")
    until_counts(watcher, final)
    body = watcher.driver.find_element("css selector", "body")
    body.send_keys(Keys.HOME)
    watcher.until_text("replay-position", f"Start · {len(GAME)} moves")
    until_counts(watcher, start_pits())
    watcher.clickable("replay-next").click()
    watcher.until_text("replay-position", f"Move 1 of {len(GAME)}")
    until_counts(watcher, GAME_POSITIONS[1][0])
    assert watcher.text_of("replay-last") == "Alice: pit 3"
    watcher.open(f"/m/{match_id}/games/1#move=7")
    watcher.until_text("replay-position", f"Move 7 of {len(GAME)}")
    until_counts(watcher, GAME_POSITIONS[7][0])
    watcher.screenshot("kalah-replay")


def test_keyboard_play_and_the_game_s_own_words_for_a_pit_off_the_board(browsers):
    alice, bob, _ = seat_pair(browsers)
    alice.clickable("start-kalah").send_keys(Keys.ENTER)
    # Between two people Enter offers the game; Bob accepts it from the keyboard too.
    bob.visible("offer-actions")
    bob.clickable("offer-accept").send_keys(Keys.ENTER)
    alice.wait_my_turn()

    # Focus moves to Alice's first pit when the start button disappears; arrows move, Enter sows.
    active = lambda browser: browser.driver.switch_to.active_element.get_attribute("data-testid")  # noqa: E731
    alice.wait().until(lambda _: active(alice) == "kalah-pit-player1-0")
    ActionChains(alice.driver).send_keys(Keys.ARROW_RIGHT * 2).perform()
    assert active(alice) == "kalah-pit-player1-2"
    ActionChains(alice.driver).send_keys(Keys.ENTER).perform()
    until_counts(alice, GAME_POSITIONS[1][0])
    until_counts(bob, GAME_POSITIONS[1][0])
    alice.wait_my_turn()  # the extra turn

    # Up goes to the pit across the board (Bob's pits run right to left along the top).
    ActionChains(alice.driver).send_keys(Keys.ARROW_RIGHT * 2).perform()
    assert active(alice) == "kalah-pit-player1-4"
    ActionChains(alice.driver).send_keys(Keys.ARROW_UP).perform()
    assert active(alice) == "kalah-pit-player2-1"
    ActionChains(alice.driver).send_keys(Keys.ARROW_DOWN, Keys.SPACE).perform()
    until_counts(bob, GAME_POSITIONS[2][0])
    bob.wait_my_turn()

    # Bob's own pits are along his bottom row: End reaches his pit 6.
    bob.driver.execute_script("document.querySelector('[data-testid=\"kalah-pit-player2-0\"]').focus()")
    ActionChains(bob.driver).send_keys(Keys.END).perform()
    assert active(bob) == "kalah-pit-player2-5"
    ActionChains(bob.driver).send_keys(Keys.ENTER).perform()
    until_counts(alice, GAME_POSITIONS[3][0])
    alice.wait_my_turn()
    until_announced(alice, "Bob sowed pit 6 — your turn")

    # A pit off the board, sent on the socket as a modified page would: the game's own sentence.
    alice.instrument_sockets()
    alice.driver.refresh()
    alice.visible("kalah-board")
    until_counts(alice, GAME_POSITIONS[3][0])
    alice.wait_my_turn()
    alice.driver.execute_script(
        "const s = window.__sockets[window.__sockets.length - 1]; s.send(JSON.stringify({type: 'sow', pit: 6}));"
    )
    notice = alice.wait_notice("outOfBounds")
    assert "Choose one of your six pits." in notice.text, notice.text


def test_a_reload_keeps_the_kalah_board_and_the_turn(browsers):
    alice, bob, _ = seat_pair(browsers)
    alice.start("kalah", bob)
    seats = {"player1": alice, "player2": bob}
    play(GAME[:3], 0, seats)
    expected, turn = GAME_POSITIONS[3]
    assert turn == "player1"

    bob.driver.refresh()
    bob.visible("kalah-board")
    until_counts(bob, expected)
    bob.until_text("turn", "Alice's turn")
    bob.until_text("last-move", "Last sowing: Bob, pit 6")
    assert bottom_row_seat(bob) == "player2"
    alice.driver.refresh()
    alice.visible("kalah-board")
    until_counts(alice, expected)
    alice.wait_my_turn()

    play(GAME[3:4], 3, seats)


def test_the_deep_link_launches_kalah_and_fits_a_phone(browsers):
    alice, bob, _ = deep_link_pair(browsers, "kalah", *PHONE)

    for browser in (alice, bob):
        browser.visible("kalah-board")
    play(GAME[:3], 0, {"player1": alice, "player2": bob})
    for browser in (alice, bob):
        assert fits_the_width(browser), "the board does not fit a 375 px wide screen"
        for seat in ("player1", "player2"):
            rect = pit(browser, seat, 3).rect
            assert rect["width"] >= 30 and rect["height"] >= 36, rect
            assert browser.find(f"kalah-store-{seat}").is_displayed()
    assert bottom_row_seat(bob) == "player2"
    alice.screenshot("kalah-phone", sizes=(PHONE,))
    bob.screenshot("kalah-phone", sizes=(PHONE,), dark=True)
