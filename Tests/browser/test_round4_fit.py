"""Issue 40, item 5: the whole board and the game's own controls (its clocks, "Offer a draw", "Resign")
fit a laptop's screen, 1280 x 720 and 1366 x 768, without scrolling, in every game with a board (Tic Tac
Toe, Connect Four, Kalah), for the player to move, the other player and a spectator. Measured in a
match with a clock, the tallest stage; light and dark screenshots of each."""

from __future__ import annotations

import json
import urllib.request

import pytest

from pages import expect_no_axe_violations
from round4 import rect, shots

BOARDS = {"ticTacToe": "board", "connectFour": "c4-board", "kalah": "kalah-board"}


def _clocked_match(base_url: str) -> str:
    request = urllib.request.Request(
        base_url + "/api/matches", data=json.dumps({"clock": {"initial": 180, "increment": 2}}).encode(),
        headers={"Content-Type": "application/json"}, method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())["matchId"]


def _out_of_view(browser, test_ids, height: int) -> list[str]:
    """The elements (test ids) not wholly inside the first screen of the page, with where they end."""
    browser.driver.execute_script("window.scrollTo(0, 0)")
    problems = []
    for test_id in test_ids:
        box = rect(browser, test_id)
        if box["top"] < 0 or box["bottom"] > height:
            problems.append(f"{test_id} spans {box['top']:.0f}-{box['bottom']:.0f} px")
    return problems


@pytest.mark.parametrize("width,height", [(1280, 720), (1366, 768)])
def test_every_board_and_its_controls_fit_a_laptop_screen(browsers, server, width, height):
    match_id = _clocked_match(server.base_url)
    alice, bob, watcher = (browsers(width, height) for _ in range(3))
    for browser, name in ((alice, "Alice"), (bob, "Bob")):
        browser.open_match(match_id)
        browser.join(name)
    watcher.open_match(match_id)
    problems = []
    for game_id, board in BOARDS.items():
        alice.start(game_id, bob)
        for browser in (alice, bob, watcher):
            browser.visible(board)
            browser.visible("clocks")
        mine = lambda b: "turn--mine" in (b.find("turn").get_attribute("class") or "")
        alice.wait().until(lambda d: mine(alice) or mine(bob), "nobody's turn")
        # One move, so that the line of the last move shows under the board too.
        first = alice if mine(alice) else bob
        if game_id == "ticTacToe":
            first.move(1, 1)
        elif game_id == "connectFour":
            first.drop(3)
        else:
            seat = "player1" if first.my_mark() == "X" else "player2"
            first.clickable(f"kalah-pit-{seat}-0").click()
        for browser in (alice, bob, watcher):
            browser.visible("last-move")
        alice.wait().until(lambda d: mine(alice) or mine(bob), "nobody's turn")
        mover, other = (alice, bob) if mine(alice) else (bob, alice)
        shots(mover, f"item5-{game_id}-playing", sizes=((width, height),))
        shots(watcher, f"item5-{game_id}-watching", sizes=((width, height),), dark=False)
        controls = [board, "clocks", "turn", "offer-draw", "resign-button"]
        for browser, who in ((mover, "the player to move"), (other, "the other player")):
            problems += [f"{game_id}, {who}: {p}" for p in _out_of_view(browser, controls, height)]
        problems += [f"{game_id}, the spectator: {p}" for p in _out_of_view(watcher, [board, "clocks", "turn"], height)]
        if game_id == "kalah":
            expect_no_axe_violations(mover, f"Kalah at {width} x {height}")
        # Next game: Alice resigns.
        alice.clickable("resign-button").click()
        alice.clickable("resign-confirm-button").click()
        for browser in (alice, bob):
            browser.visible("result")
    assert not problems, f"at {width} x {height}, out of the first screen:\n" + "\n".join(problems)
