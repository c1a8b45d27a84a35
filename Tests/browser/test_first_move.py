"""The first-move rule on the page (issue 40, item 1): in a clocked match no clock runs until both sides
have moved; the page says how long the side to move has ("Move within 0:05 or the game is aborted"),
counting down from the server's `firstMoveIn`, and a game nobody starts in time ends "Game aborted" for
the players and a spectator, in English and in Korean, with both clocks standing full. The server runs
with a 6 s window (`TICTACTOE_FIRST_MOVE_SECONDS`) so that the test does not wait 30 s."""

from __future__ import annotations

import json
import re
import urllib.request

from conftest import start_server, stop_server
from pages import DESKTOP, PHONE, expect_no_axe_violations

WINDOW_S = 6
CLOCK = {"initial": 60, "increment": 0}


def _clocked_match(base_url: str) -> str:
    request = urllib.request.Request(base_url + "/api/matches", data=json.dumps({"clock": CLOCK}).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as response:
        return json.loads(response.read())["matchId"]


def _window_seconds(text: str) -> int:
    found = re.search(r"0:0(\d)", text)
    assert found, text
    return int(found.group(1))


def _pair_in(browsers, base_url: str, language: str):
    match_id = _clocked_match(base_url)
    seated = []
    for name in ("Alice", "Bob"):
        browser = browsers(*DESKTOP, base_url, language=language)
        browser.open_match(match_id)
        browser.join(name)
        seated.append(browser)
    watcher = browsers(*DESKTOP, base_url, language=language)
    watcher.open_match(match_id)
    return seated[0], seated[1], watcher, match_id


def test_the_first_move_window_counts_down_and_a_game_nobody_starts_is_aborted(browsers):
    running = start_server(env={"TICTACTOE_FIRST_MOVE_SECONDS": str(WINDOW_S)})
    try:
        alice, bob, watcher, _ = _pair_in(browsers, running.base_url, "en")
        alice.start("ticTacToe", bob)
        for browser in (alice, bob):
            browser.wait().until(lambda d: browser.text_of("turn") in ("Your turn", "Alice's turn", "Bob's turn"))
        mover, other = (alice, bob) if alice.text_of("turn") == "Your turn" else (bob, alice)
        mover_name = "Alice" if mover is alice else "Bob"
        for browser in (mover, other, watcher):
            browser.visible("first-move")
            for seat in ("player1", "player2"):
                assert browser.find(f"clock-{seat}").get_attribute("data-running") == "false"
                assert browser.find(f"clock-{seat}-time").get_attribute("textContent") == "1:00"
        said = mover.text_of("first-move")
        assert re.fullmatch(r"Move within 0:0\d or the game is aborted", said), said
        assert re.fullmatch(rf"{mover_name} has 0:0\d to make a first move, or the game is aborted", other.text_of("first-move"))
        # It counts down.
        first = _window_seconds(said)
        mover.wait().until(lambda d: _window_seconds(mover.text_of("first-move")) < first, "the window never counted down")
        mover.screenshot("first-move-window")
        other.screenshot("first-move-window-opponent", sizes=(PHONE,), dark=True)
        expect_no_axe_violations(mover, "the first-move window")

        # Nobody moves: aborted, nobody wins, the score stays, both clocks as they were.
        for browser in (mover, other, watcher):
            browser.until_text("result", "Game aborted: no first move in time", timeout=WINDOW_S + 10)
            browser.hidden("first-move")
            for seat in ("player1", "player2"):
                assert browser.find(f"clock-{seat}-time").get_attribute("textContent") == "1:00"
        for seat in ("player1", "player2"):
            assert mover.text_of(f"score-{seat}") == "0"
        mover.screenshot("first-move-aborted")
        expect_no_axe_violations(other, "an aborted game")
        # A reload says the same, from the snapshot's last game; the past games list says it too.
        other.driver.refresh()
        other.until_text("result", "Game aborted: no first move in time")
        other.visible("past-game-1")
        assert "Aborted: no first move in time" in other.text_of("past-games-list")
    finally:
        stop_server(running)


def test_in_korean_the_window_and_the_abort_are_said_in_korean(browsers):
    running = start_server(env={"TICTACTOE_FIRST_MOVE_SECONDS": str(WINDOW_S)})
    try:
        alice, bob, _watcher, _ = _pair_in(browsers, running.base_url, "ko")
        alice.start("ticTacToe", bob)
        for browser in (alice, bob):
            browser.visible("first-move")
        texts = [browser.text_of("first-move") for browser in (alice, bob)]
        assert any(re.fullmatch(r"0:0\d 안에 두지 않으면 게임이 취소돼요", text) for text in texts), texts
        assert any(re.fullmatch(r"(Alice|Bob) 님이 0:0\d 안에 첫 수를 두지 않으면 게임이 취소돼요", text) for text in texts), texts
        alice.screenshot("first-move-window-ko", sizes=(DESKTOP, PHONE))
        for browser in (alice, bob):
            browser.until_text("result", "게임 취소: 제시간에 첫 수를 두지 않았어요", timeout=WINDOW_S + 10)
        bob.screenshot("first-move-aborted-ko", sizes=(PHONE,))
    finally:
        stop_server(running)


def test_the_final_clocks_are_the_same_on_an_open_page_and_on_one_opened_afterwards(browsers, server):
    # Issue 40, item 2: before, the open pages showed the running clock counted down to the ending while
    # a page opened afterwards showed the clocks of the last move. Now both show gameOver's figures.
    alice, bob, watcher, match_id = _pair_in(browsers, server.base_url, "en")
    alice.start("ticTacToe", bob)
    for browser in (alice, bob):
        browser.wait().until(lambda d: browser.text_of("turn") in ("Your turn", "Alice's turn", "Bob's turn"))
    mover, other = (alice, bob) if alice.text_of("turn") == "Your turn" else (bob, alice)
    mover.move(1, 1)
    other.until_text("first-move", "Move within ")
    other.move(0, 0)
    moving = "player1" if mover.my_mark() == "X" else "player2"
    mover.until_attribute(f"clock-{moving}", "data-running", "true")
    # The mover's clock runs a few seconds, then they resign: charged up to the resignation.
    mover.wait().until(lambda d: mover.find(f"clock-{moving}-time").get_attribute("textContent") <= "0:57",
                       "the clock never ran down")
    mover.clickable("resign-button").click()
    mover.clickable("resign-confirm-button").click()
    for browser in (mover, other, watcher):
        browser.visible("result")
    seen = {seat: watcher.find(f"clock-{seat}-time").get_attribute("textContent") for seat in ("player1", "player2")}
    assert seen[moving] <= "0:57", seen
    late = browsers(*DESKTOP, server.base_url)
    late.open_match(match_id)
    late.visible("result")
    late.visible("clocks")
    for browser in (mover, other, late):
        for seat in ("player1", "player2"):
            assert browser.find(f"clock-{seat}-time").get_attribute("textContent") == seen[seat], (seat, seen)
    late.screenshot("final-clocks-after-a-reload", sizes=(DESKTOP,))
