"""What a new user saw (issue 32, item 4), fixed: the board never moves at game over (the offline banner
pushes it down and gives its place back since issue 40, item 8),
focus goes to the next step at game over, notices never cover the board and errors go sooner, the lobby
shows its open matches at 1280 x 800 with Join beside its field, the move list says it scrolls, and
Random Win's die shows what the roll drew. Screenshots at 1280 and 375 px, light and dark.

(The replay's faded positions, the faded marks' contrast, the RIB panel's scroll and focus, the
computer's level, the queue's clock and the sound switch have their tests in test_inspection.py,
test_game_end.py and test_page_fixes.py.)"""

import pytest
from selenium.webdriver.common.keys import Keys

from pages import set_viewport
from pairs import play, recorded_tic_tac_toe, seat_pair

SIZES = ((1280, 800), (375, 812))
ALICE_WINS_TOP_ROW = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]
# Nine moves and nobody wins: the move list is longer than its box.
DRAW = [(0, 0), (1, 1), (2, 2), (0, 2), (2, 0), (1, 0), (1, 2), (2, 1), (0, 1)]

_RECT = "const r = arguments[0].getBoundingClientRect(); return {x: r.x, y: r.y + scrollY, w: r.width, h: r.height, top: r.top, bottom: r.bottom, left: r.left, right: r.right};"


def _rect(browser, test_id: str) -> dict:
    return browser.driver.execute_script(_RECT, browser.find(test_id))


def _place(rect: dict) -> tuple:
    """Where an element is on the page (not the viewport), to the pixel."""
    return tuple(round(rect[k]) for k in ("x", "y", "w", "h"))


def _active_testid(browser) -> str:
    return browser.driver.execute_script("return document.activeElement && document.activeElement.dataset.testid || ''")


def _shots(browser, name: str) -> None:
    browser.screenshot(name, sizes=SIZES)
    browser.screenshot(name, sizes=SIZES, dark=True)


@pytest.mark.parametrize("width,height", SIZES)
def test_the_board_stays_put_at_game_over_and_comes_back_after_the_offline_banner(browsers, width, height):
    alice, bob = recorded_tic_tac_toe(browsers, width, height)
    play(ALICE_WINS_TOP_ROW[:4], alice, bob)
    alice.wait_my_turn()
    board = {b: _place(_rect(b, "board")) for b in (alice, bob)}

    # The connection drops: the banner comes above the match and pushes it down (issue 40, item 8: laid over
    # the page it covered the top bar's controls); it covers neither the bar nor the board.
    alice.driver.execute_script("window.__blockSockets = true; window.__sockets.at(-1).close()")
    alice.visible("offline-banner")
    banner = _rect(alice, "offline-banner")
    assert banner["bottom"] <= _rect(alice, "board")["top"], "the offline banner covers the board"
    top_bar = alice.driver.execute_script("return document.querySelector('.topbar').getBoundingClientRect().bottom")
    assert banner["top"] >= top_bar, "the offline banner covers the top bar"
    alice.screenshot(f"fixes3-offline-banner-{width}", sizes=((width, height),))
    alice.screenshot(f"fixes3-offline-banner-{width}", sizes=((width, height),), dark=True)
    alice.driver.execute_script("window.__blockSockets = false")
    alice.until_attribute("connection-status", "data-state", "open", timeout=30)
    alice.hidden("offline-banner")
    assert _place(_rect(alice, "board")) == board[alice], "the board did not come back to its place"

    # Game over: the result takes the turn's place, the next game's buttons come under the board.
    alice.move(*ALICE_WINS_TOP_ROW[4])
    alice.until_text("result", "You won (three in a row)")
    bob.until_text("result", "Alice won (three in a row)")
    for browser in (alice, bob):
        browser.visible("start-ticTacToe")
        assert _place(_rect(browser, "board")) == board[browser], f"game over moved the board ({width} px)"
        assert _rect(browser, "start-ticTacToe")["top"] >= _rect(browser, "board")["bottom"]
    # The final board is in view on a phone too.
    assert _rect(alice, "board")["bottom"] <= height

    # Focus went from the board to the next step, in view; the next Tab is the next game, not "Leave".
    alice.wait().until(lambda d: _active_testid(alice) == "start-ticTacToe", f"focus is on {_active_testid(alice)!r}")
    assert _rect(alice, "start-ticTacToe")["bottom"] <= height
    alice.driver.switch_to.active_element.send_keys(Keys.TAB)
    assert _active_testid(alice) == "start-randomWin", _active_testid(alice)
    _shots(alice, f"fixes3-game-over-{width}")

    # Bob leaves: the invite link comes for Alice under her final board, which stays where it was.
    bob.clickable("leave-button").click()
    alice.visible("invite")
    alice.visible("board")
    assert _place(_rect(alice, "board")) == board[alice], "the invite moved the final board"
    assert _rect(alice, "invite")["top"] >= _rect(alice, "board")["bottom"]


def _error_after_a_move_out_of_turn(bob):
    bob.cell(2, 2).click()
    return bob.wait_notice("notYourTurn")


@pytest.mark.parametrize("width,height", SIZES)
def test_notices_never_cover_the_board_and_errors_go_sooner(browsers, width, height):
    alice, bob, _ = seat_pair(browsers, width=width, height=height)
    alice.start("ticTacToe", bob)
    alice.wait_my_turn()
    notice = _error_after_a_move_out_of_turn(bob)
    board = _rect(bob, "board")
    box = bob.driver.execute_script(_RECT, notice)
    apart = box["left"] >= board["right"] or box["right"] <= board["left"] or box["top"] >= board["bottom"] or box["bottom"] <= board["top"]
    assert apart, f"the notice {box} covers the board {board}"
    # A few more notices at once: on a wide screen they stack beside the board, on a phone only the newest shows.
    for text in ("one", "two", "three"):
        bob.driver.execute_script(
            "const n = document.createElement('div'); n.className = 'notice notice--info'; n.dataset.testid = 'extra';"
            "n.innerHTML = '<p class=notice__text></p>'; n.firstChild.textContent = arguments[0];"
            "document.getElementById('notices').append(n);",
            f"Notice {text}: a sentence long enough to wrap on a phone",
        )
    region = bob.driver.execute_script(
        "const b = arguments[0].getBoundingClientRect(); return [...document.querySelectorAll('.notice')]"
        ".filter((n) => n.offsetParent !== null).map((n) => n.getBoundingClientRect())"
        ".some((r) => !(r.left >= b.right || r.right <= b.left || r.top >= b.bottom || r.bottom <= b.top));",
        bob.find("board"),
    )
    assert not region, "a stack of notices covers the board"
    bob.screenshot(f"fixes3-notices-{width}", sizes=((width, height),))
    bob.screenshot(f"fixes3-notices-{width}", sizes=((width, height),), dark=True)
    bob.driver.execute_script("document.querySelectorAll('[data-testid=extra]').forEach((n) => n.remove())")

    # An error goes after about 5 s (it stayed 8), timed by the page itself...
    bob.wait(12).until(lambda d: not d.find_elements("css selector", '[data-code="notYourTurn"]'), "the error never went")
    bob.driver.execute_script(
        "window.__errorLifetime = null; new MutationObserver((records, observer) => {"
        "  for (const r of records) for (const n of r.removedNodes) if (n.dataset && n.dataset.code === 'notYourTurn') {"
        "    window.__errorLifetime = performance.now() - Number(n.dataset.shownAt); observer.disconnect(); } })"
        ".observe(document.getElementById('notices'), {childList: true});"
    )
    _error_after_a_move_out_of_turn(bob)
    bob.wait(12).until(lambda d: d.execute_script("return window.__errorLifetime") is not None, "the error never went")
    lifetime = bob.driver.execute_script("return window.__errorLifetime")
    assert 4000 <= lifetime < 6000, f"the error stayed {lifetime:.0f} ms"
    # ... or at the next click elsewhere.
    _error_after_a_move_out_of_turn(bob)
    # Past the grace after which a click is a new action, not part of the one that caused the error.
    bob.wait().until(lambda d: d.execute_script(
        "const n = document.querySelector('[data-code=notYourTurn]'); return Boolean(n) && performance.now() - Number(n.dataset.shownAt) >= 600"
    ))
    bob.find("stage-title").click()
    bob.wait(1.5).until(lambda d: not d.find_elements("css selector", '[data-code="notYourTurn"]'), "a click did not dismiss the error")


def test_the_lobby_shows_open_matches_at_1280_by_800_with_join_beside_its_field(browsers):
    visitor = browsers(1280, 800)
    visitor.open("/")
    visitor.visible("open-matches-status")
    title = visitor.driver.execute_script(_RECT, visitor.driver.find_element("id", "open-title"))
    assert title["bottom"] <= 800, f"Open matches starts at {title['top']:.0f} px"
    for width, height in SIZES:
        set_viewport(visitor.driver, width, height)
        visitor.wait().until(lambda d: d.execute_script("return innerWidth") == width)
        field, button = _rect(visitor, "join-code"), _rect(visitor, "join-code-submit")
        assert abs(field["top"] - button["top"]) < 2 and button["left"] > field["right"], (width, field, button)
    set_viewport(visitor.driver, 1280, 800)
    _shots(visitor, "fixes3-lobby")


def test_the_move_list_says_it_scrolls_and_scrolls_by_keyboard(browsers):
    alice, bob, _ = seat_pair(browsers, width=1280, height=800)
    alice.start("ticTacToe", bob)
    play(DRAW, alice, bob)
    alice.until_text("result", "Draw")
    alice.visible("move-9")
    moves = alice.find("moves-list")
    alice.wait().until(lambda d: moves.get_attribute("data-more-above") == "true", "no hint of the moves above")
    assert not alice.find("move-1").is_displayed() or alice.driver.execute_script(
        "const l = arguments[0], m = arguments[1].getBoundingClientRect(), b = l.getBoundingClientRect(); return m.top < b.top;",
        moves, alice.find("move-1"),
    ), "move 1 was not scrolled out of view"
    shadow = alice.driver.execute_script("return getComputedStyle(arguments[0]).boxShadow", moves)
    assert shadow != "none", shadow
    alice.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", moves)
    _shots(alice, "fixes3-move-list")

    # A tab stop that scrolls with the keys.
    alice.driver.execute_script("arguments[0].focus()", moves)
    moves.send_keys(Keys.HOME)
    alice.wait().until(lambda d: d.execute_script("return arguments[0].scrollTop", moves) == 0, "Home did not scroll to move 1")
    alice.wait().until(lambda d: moves.get_attribute("data-more-above") == "false")
    assert moves.get_attribute("data-more-below") == "true"
    assert moves.get_attribute("tabindex") == "0"


def test_the_random_win_die_shows_what_the_roll_drew(browsers):
    alice, bob, _ = seat_pair(browsers, width=1280, height=800)
    alice.start("randomWin", bob)
    die = alice.visible("dice")
    assert die.get_attribute("data-face") == "none"
    assert alice.driver.execute_script("return arguments[0].textContent", die) == ""
    _shots(alice, "fixes3-die-before")
    alice.clickable("roll-button").click()
    alice.wait().until(lambda d: die.get_attribute("data-face") in ("player1", "player2"), "the die never showed the roll")
    winner = die.get_attribute("data-face")
    mark = {"player1": "X", "player2": "O"}[winner]
    assert alice.driver.execute_script("return arguments[0].textContent", die) == mark
    expected = "You won" if winner == "player1" else "Bob won"
    alice.until_text("result", expected)
    # Bob's page shows the same face.
    bob.wait().until(lambda d: bob.find("dice").get_attribute("data-face") == winner)
    _shots(alice, "fixes3-die-rolled")


def test_earlier_fixes_the_replay_the_faded_marks_and_the_rib_panel_seen_at_both_widths(browsers):
    """The replay draws a position before the end as a game going on and only the end as finished; the
    faded marks of a final board keep 3:1 in both themes at both widths; the RIB panel opens in view
    with focus on a phone."""
    from contrast import faded_contrasts

    alice, bob, match_id = seat_pair(browsers, width=375, height=812)
    alice.start("ticTacToe", bob)
    play([(0, 0), (1, 0), (2, 2), (1, 1), (0, 2), (2, 0), (0, 1)], alice, bob)
    alice.until_text("result", "You won (three in a row)")
    for width, height in SIZES:
        set_viewport(alice.driver, width, height)
        for dark in (False, True):
            features = [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]
            alice.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})
            alice.wait().until(lambda d: d.execute_script("return document.getAnimations().length === 0"))
            found = faded_contrasts(alice.driver)
            assert len(found) == 4, found
            for what, value in found:
                assert value >= 3.0, f"{what} at {width} px{' (dark)' if dark else ''}: {value:.2f}:1"
        alice.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    # The RIB panel on a phone: in view, its heading focused.
    set_viewport(alice.driver, 375, 812)
    alice.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", alice.find("ribs-toggle"))
    alice.clickable("ribs-toggle").click()
    alice.wait().until(
        lambda d: d.execute_script(
            "const r = document.getElementById('ribs-title').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight"
        ),
        "the opened panel's heading is not on screen",
    )
    assert alice.driver.execute_script("return document.activeElement.id") == "ribs-title"
    alice.screenshot("fixes3-ribs-open", sizes=((375, 812),))
    alice.screenshot("fixes3-ribs-open", sizes=((375, 812),), dark=True)

    # The replay: move 2 is a game going on (nothing faded), the last move a finished one.
    bob.open(f"/m/{match_id}/games/1#move=2")
    bob.until_text("replay-position", "Move 2 of 7")
    assert not bob.driver.execute_script("return document.querySelector('.board').classList.contains('board--over')")
    assert bob.driver.execute_script(
        "return [...document.querySelectorAll('.board .mark')].every((m) => getComputedStyle(m).opacity === '1')"
    )
    _shots(bob, "fixes3-replay-move-2")
    bob.open(f"/m/{match_id}/games/1#move=7")
    bob.until_text("replay-position", "Move 7 of 7")
    assert bob.driver.execute_script("return document.querySelector('.board').classList.contains('board--over')")
    _shots(bob, "fixes3-replay-end")
