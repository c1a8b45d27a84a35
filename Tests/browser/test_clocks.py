"""Clocks (issue 30) on the page: the lobby's choices of clock, two clocks beside the board that tick from
the server's figures, turn urgent under 10 seconds (colour and words, said once to a screen reader), a
flag with nobody moving that ends the game "won on time", the replay's clocks after each move, and no
clock at all in a match without one. Phone width, dark mode and axe in the clocks' states."""

from __future__ import annotations

import json
import math
import re
import time
import urllib.request

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from pages import PHONE, DESKTOP, expect_no_axe_violations, set_viewport
from pairs import seat_pair

# 20 s: the first player has 10 s to move before the low-time mark, room enough on a loaded machine;
# the second then runs out, with 10 s of low time for the screenshots and axe.
SHORT_CLOCK = {"initial": 20, "increment": 0}
SHORT = "0:20"
LOW_TIME_S = 10


def _api(base_url: str, path: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base_url + path, data=data, method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json"} if data else {})
    with urllib.request.urlopen(request, timeout=5) as response:
        return json.loads(response.read())


def _figure(seconds: float) -> str:
    """A clock's figures as the page draws them (js/clock.js, clockFigure): m:ss, tenths under 10 s."""
    left = max(0.0, seconds)
    if left < LOW_TIME_S:
        tenths = math.floor(left * 10)
        return f"0:0{tenths // 10}.{tenths % 10}"
    whole = math.floor(left)
    return f"{whole // 60}:{whole % 60:02d}"


def _seconds(figure: str) -> float:
    minutes, seconds = figure.split(":")
    return int(minutes) * 60 + float(seconds)


def _clock(browser, seat: str) -> str:
    return browser.find(f"clock-{seat}-time").get_attribute("textContent")


def _cue(browser, seat: str) -> str:
    # textContent: the cue is drawn in capitals (text-transform), which .text would report.
    return browser.find(f"clock-{seat}-cue").get_attribute("textContent").strip()


def _board_top(browser) -> float:
    return browser.driver.execute_script("return document.querySelector('[data-testid=\"board\"]').getBoundingClientRect().top")


def _page_width(browser) -> int:
    return browser.driver.execute_script("return document.documentElement.scrollWidth")


def _until_changed(browser, seat: str, before: str, timeout: float = 2.5) -> str:
    WebDriverWait(browser.driver, timeout, poll_frequency=0.05).until(
        lambda d: _clock(browser, seat) != before, f"clock-{seat} stayed at {before}"
    )
    return _clock(browser, seat)


def _background(browser, seat: str) -> str:
    return browser.driver.execute_script(
        f"return getComputedStyle(document.querySelector('[data-testid=\"clock-{seat}\"]')).backgroundColor"
    )


def _said(browser) -> str:
    return browser.find("clock-announcer").get_attribute("textContent")


def _until_said(browser, pattern: str, timeout: float = 5) -> None:
    """Waits until the clocks' live region says `pattern` (a regular expression, the whole text)."""
    try:
        WebDriverWait(browser.driver, timeout, poll_frequency=0.05).until(lambda d: re.fullmatch(pattern, _said(browser)))
    except TimeoutException:
        raise AssertionError(f"the clocks' live region said {_said(browser)!r}, not {pattern!r}") from None


# Records, in page time, when the flagged clock first reads zero and when the result appears, and what
# the clock read just before the result: the page's own count, not the test's polling, is measured.
_WATCH_THE_FLAG = """
const seat = arguments[0];
const watch = { zeroAt: null, resultAt: null, before: null };
window.__flag = watch;
const timer = setInterval(() => {
  const now = performance.now();
  const figure = document.querySelector(`[data-testid="clock-${seat}-time"]`).textContent;
  if (!document.querySelector('[data-testid="result"]').hidden) {
    watch.resultAt = now;
    if (watch.zeroAt === null) watch.zeroAt = now;
    clearInterval(timer);
    return;
  }
  if (watch.zeroAt === null && figure === '0:00.0') watch.zeroAt = now;
  watch.before = figure;
}, 10);
"""

# Counts the changes of the clocks' live region from now on: the low time must be said once.
_COUNT_ANNOUNCEMENTS = """
window.__clockSaid = 0;
new MutationObserver((records) => { window.__clockSaid += records.length; }).observe(
  document.querySelector('[data-testid="clock-announcer"]'), { childList: true, characterData: true, subtree: true });
"""

_LIVE_INSIDE_THE_CLOCKS = """
const clocks = document.querySelector('[data-testid="clocks"]');
return [clocks, ...clocks.querySelectorAll('*')].filter((e) =>
  e.hasAttribute('aria-live') || ['status', 'alert', 'log', 'marquee', 'timer'].includes(e.getAttribute('role'))).length;
"""


def test_the_lobby_offers_clocks_remembers_the_choice_and_creates_the_match_with_it(browsers, server):
    alice = browsers()
    alice.open("/")
    # The lobby draws its choices once its script has run: wait for them rather than read at once.
    alice.visible("queue-clock-10+5")
    for form in ("create", "queue"):
        radios = alice.driver.find_elements("css selector", f'[data-testid="{form}-clocks"] input[type="radio"]')
        assert [radio.get_attribute("value") for radio in radios] == ["none", "1+0", "3+2", "10+5"]
        assert alice.find(f"{form}-clock-none").is_selected()
    labels = alice.driver.execute_script(
        "return [...document.querySelectorAll('[data-testid=\"create-clocks\"] label')].map((l) => l.textContent)"
    )
    assert labels == ["No clock", "1 min", "3 min + 2 s", "10 min + 5 s"], labels

    # 3+2 picked with the keyboard: the clocks are a radio group, changed with the arrow keys.
    alice.clickable("create-game-ticTacToe").click()
    alice.clickable("create-clock-none").click()
    alice.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    alice.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert alice.find("create-clock-3+2").is_selected()
    alice.clickable("create-listed").click()
    alice.driver.execute_script("document.querySelector('[data-testid=\"create-clocks\"]').scrollIntoView({block: 'center'})")
    alice.screenshot("clocks-lobby-choice")
    alice.screenshot("clocks-lobby-choice", sizes=(PHONE,), dark=True)
    expect_no_axe_violations(alice, "the lobby's clock choices")
    alice.clickable("create-match").click()
    alice.wait().until(lambda d: re.search(r"/m/[A-Za-z0-9_-]{10,}$", d.current_url), "never reached a match page")
    match_id = alice.match_id()
    assert _api(server.base_url, f"/api/matches/{match_id}")["timeControl"] == {"initial": 180, "increment": 2}
    alice.join("Alice")
    alice.until_text("time-control", "Clock: 3 min + 2 s")

    # The lobby's list says the clock of an open match.
    visitor = browsers(*PHONE)
    visitor.open("/")
    visitor.wait().until(
        lambda d: d.find_elements("css selector", f'[data-match-id="{match_id}"]'), "the lobby never listed the match"
    )
    detail = visitor.driver.find_element("css selector", f'[data-match-id="{match_id}"] [data-testid="open-match-detail"]')
    assert "Clock: 3 min + 2 s" in detail.text, detail.text
    assert _page_width(visitor) <= PHONE[0]

    # The choice is remembered for both forms; "Play the computer" sends it too.
    alice.open("/")
    assert alice.visible("create-clock-3+2").is_selected()
    assert alice.visible("queue-clock-3+2").is_selected()
    alice.clickable("create-clock-1+0").click()
    alice.clickable("play-computer").click()
    alice.wait().until(lambda d: re.search(r"/m/[A-Za-z0-9_-]{10,}$", d.current_url), "never reached a match page")
    assert _api(server.base_url, f"/api/matches/{alice.match_id()}")["timeControl"] == {"initial": 60, "increment": 0}
    alice.visible("board")
    alice.visible("clocks")
    alice.until_text("clock-player2-name", "Computer")


def test_play_someone_now_pairs_two_visitors_who_asked_for_the_same_clock(browsers, server):
    pair = []
    for name in ("Carol", "Dave"):
        browser = browsers()
        browser.open("/")
        field = browser.visible("queue-name")
        field.clear()
        field.send_keys(name)
        browser.clickable("queue-game-ticTacToe").click()
        browser.clickable("queue-clock-3+2").click()
        browser.clickable("queue-join").click()
        if not pair:
            browser.until_text("queue-status", "Looking for someone to play Tic Tac Toe with a 3 min + 2 s clock")
        pair.append(browser)
    carol, dave = pair
    for browser in pair:
        browser.wait().until(lambda d: re.search(r"/m/[A-Za-z0-9_-]{10,}$", d.current_url), "never paired")
    assert carol.match_id() == dave.match_id()
    assert _api(server.base_url, f"/api/matches/{carol.match_id()}")["timeControl"] == {"initial": 180, "increment": 2}
    for browser in pair:
        browser.visible("clocks")
        browser.until_text("time-control", "Clock: 3 min + 2 s")


def test_clocks_tick_turn_urgent_and_a_flag_ends_the_game_won_on_time(browsers, server):
    created = _api(server.base_url, "/api/matches", {"clock": SHORT_CLOCK})
    match_id = created["matchId"]
    alice = browsers()
    alice.open_match(match_id)
    alice.join("Alice")
    alice.until_text("time-control", "Clock: 20 s")
    bob = browsers()
    bob.open_match(match_id)
    bob.join("Bob")
    # The spectator is there from the start (a browser takes seconds to open on a loaded machine).
    watcher = browsers()
    watcher.open_match(match_id)
    # A clock is shown only once a game is on the board.
    assert not alice.find("clocks").is_displayed()
    alice.start("ticTacToe", bob)

    # Whoever has the first move plays once; the other then lets their clock run out.
    for browser in (alice, bob):
        browser.visible("turn")
        browser.wait().until(lambda d: browser.text_of("turn") in ("Your turn", "Alice's turn", "Bob's turn"))
    mover, waiter = (alice, bob) if alice.text_of("turn") == "Your turn" else (bob, alice)
    moving = "player1" if mover.my_mark() == "X" else "player2"
    waiting = "player2" if moving == "player1" else "player1"
    mover_name, waiter_name = ("Alice", "Bob") if mover is alice else ("Bob", "Alice")
    waiter.driver.execute_script(_COUNT_ANNOUNCEMENTS)

    # No clock runs until both sides have moved (issue 40): both stand, the first-move window is said
    # instead; each first move is free, then the mover's clock runs.
    for browser in (mover, waiter):
        browser.visible("clocks")
        browser.visible("first-move")
        assert browser.find(f"clock-{moving}").get_attribute("data-running") == "false"
        assert browser.find(f"clock-{waiting}").get_attribute("data-running") == "false"
    assert re.fullmatch(r"Move within 0:\d\d or the game is aborted", mover.text_of("first-move")), mover.text_of("first-move")
    assert re.fullmatch(rf"{mover_name} has 0:\d\d to make a first move, or the game is aborted",
                        waiter.text_of("first-move")), waiter.text_of("first-move")
    mover.move(1, 1)
    waiter.until_text("first-move", "Move within ")
    waiter.move(0, 0)
    for browser in (mover, waiter):
        browser.wait().until(lambda d: not browser.find("first-move").is_displayed())
    # The first moves were not charged: the waiter's clock stands full, the mover's starts full now.
    assert _clock(mover, waiting) == SHORT, _clock(mover, waiting)
    assert _seconds(_clock(mover, moving)) >= SHORT_CLOCK["initial"] - 2, _clock(mover, moving)

    # Both clocks beside the board, named; the mover's runs (and says so), the other stands still.
    for browser in (mover, waiter):
        browser.visible("clocks")
        browser.until_text(f"clock-{moving}-name", mover_name)
        browser.until_attribute(f"clock-{moving}", "data-running", "true")
        assert browser.find(f"clock-{waiting}").get_attribute("data-running") == "false"
    assert _cue(mover, moving) == "Running"
    board_top = _board_top(mover)
    first = _clock(mover, moving)
    second = _until_changed(mover, moving, first)
    assert _seconds(second) < _seconds(first) <= SHORT_CLOCK["initial"], (first, second)
    assert _clock(mover, waiting) == SHORT
    assert mover.driver.execute_script(_LIVE_INSIDE_THE_CLOCKS) == 0
    mover.move(2, 2)
    left_to_mover = _clock(mover, moving)

    # The waiter's clock now runs down: read twice, it goes down while the mover's stays.
    for browser in (waiter, mover, watcher):
        browser.until_attribute(f"clock-{waiting}", "data-running", "true")
    waiter.driver.execute_script(_WATCH_THE_FLAG, waiting)
    calm = _background(waiter, waiting)
    first = _clock(waiter, waiting)
    second = _until_changed(waiter, waiting, first)
    assert _seconds(second) < _seconds(first), (first, second)
    assert _clock(waiter, moving) == left_to_mover
    watcher.screenshot("clocks-ticking", sizes=(DESKTOP,))

    # Under 10 s: urgent in colour and in words; the board has not moved since the clocks came.
    for browser in (waiter, mover):
        browser.until_attribute(f"clock-{waiting}", "data-low", "true", timeout=SHORT_CLOCK["initial"])
    assert _cue(waiter, waiting) == "Low time"
    assert re.fullmatch(r"0:0\d\.\d", _clock(waiter, waiting)), _clock(waiter, waiting)
    assert _board_top(mover) == board_top
    assert _background(waiter, waiting) != calm, calm

    # Said once, politely, to the player whose clock it is (and to a spectator); never to the opponent.
    # The time said is the one left when the page saw the clock go under 10 s: 10, or 9 on a machine so
    # loaded that a tick came late.
    _until_said(waiter, r"Low time: (10|9) seconds left on your clock\.")
    assert waiter.find("clock-announcer").get_attribute("aria-live") == "polite"
    assert waiter.driver.execute_script(_LIVE_INSIDE_THE_CLOCKS) == 0
    _until_said(watcher, rf"Low time: {waiter_name} has (10|9) seconds left\.")
    # Nothing to the opponent, unless their own clock went low before they moved (a very slow machine).
    assert _said(mover) == "" or (_seconds(left_to_mover) < LOW_TIME_S and _said(mover).endswith("on your clock.")), _said(mover)

    waiter.screenshot("clocks-low-time")
    mover.screenshot("clocks-low-time", dark=True)
    set_viewport(waiter.driver, *PHONE)
    assert _page_width(waiter) <= PHONE[0], _page_width(waiter)
    for seat in ("player1", "player2"):
        right = waiter.driver.execute_script(
            f"return document.querySelector('[data-testid=\"clock-{seat}\"]').getBoundingClientRect().right"
        )
        assert right <= PHONE[0], (seat, right)
    set_viewport(waiter.driver, *DESKTOP)
    expect_no_axe_violations(waiter, "a clock under 10 seconds")

    # Nobody moves: the server flags the waiter, and the page says so within about a second of zero.
    waiter.wait(SHORT_CLOCK["initial"]).until(lambda d: waiter.find("result").is_displayed(), "the flag never came")
    flag = waiter.driver.execute_script("return window.__flag")
    assert flag["resultAt"] - flag["zeroAt"] <= 1000, flag
    # Not early: the page's own count was at (or within a tick or two of) zero when the result came.
    assert flag["before"] is None or _seconds(flag["before"]) <= 0.3, flag
    waiter.until_text("result", f"{mover_name} won on time")
    mover.until_text("result", "You won on time")
    watcher.until_text("result", f"{mover_name} won on time")
    assert waiter.driver.execute_script("return window.__clockSaid") == 1
    for browser in (waiter, mover):
        assert _clock(browser, waiting) == "0:00.0"
        assert _cue(browser, waiting) == "Out of time"
        assert _clock(browser, moving) == left_to_mover
        for seat in ("player1", "player2"):
            assert browser.find(f"clock-{seat}").get_attribute("data-running") == "false"
    waiter.screenshot("clocks-won-on-time")
    waiter.screenshot("clocks-won-on-time", dark=True)
    expect_no_axe_violations(mover, "a game won on time")

    # A reload tells the loser the same story, from the snapshot's last game.
    waiter.open_match(match_id)
    waiter.until_text("result", f"{mover_name} won on time")
    assert _clock(waiter, waiting) == "0:00.0"
    waiter.visible("past-game-1")
    assert "won on time" in waiter.text_of("past-games-list")

    # The replay: both clocks as they stood after each move, the loser's at 0 at the end.
    games = _api(server.base_url, f"/api/matches/{match_id}/games")
    assert games["timeControl"] == SHORT_CLOCK, games.get("timeControl")
    game = games["games"][0]
    assert game["result"]["reason"] == "time", game["result"]
    # Three moves: the two free first moves, then the mover's charged one.
    assert len(game["moves"]) == 3, game["moves"]
    took = game["moves"][2]["took"]
    assert 0 < took < SHORT_CLOCK["initial"], took
    watcher.open(f"/m/{match_id}/games/1#move=0")
    watcher.visible("replay-clocks")
    watcher.until_text("replay-position", "Start")
    for seat in ("player1", "player2"):
        assert watcher.find(f"replay-clock-{seat}-time").get_attribute("textContent") == SHORT
    assert watcher.text_of("replay-players").endswith("Clock: 20 s.")
    watcher.clickable("replay-next").click()
    watcher.until_text("replay-position", "Move 1 of 3")
    for seat in ("player1", "player2"):
        assert watcher.find(f"replay-clock-{seat}-time").get_attribute("textContent") == SHORT, "a free first move"
    watcher.open(f"/m/{match_id}/games/1#move=3")
    watcher.until_text("replay-position", "Move 3 of 3")
    assert watcher.find(f"replay-clock-{moving}-time").get_attribute("textContent") == _figure(SHORT_CLOCK["initial"] - took)
    assert watcher.find(f"replay-clock-{waiting}-time").get_attribute("textContent") == "0:00.0"
    assert watcher.find(f"replay-clock-{waiting}-cue").get_attribute("textContent") == "Out of time"
    assert re.search(r"\(\d+(\.\d)? s\)$", watcher.text_of("replay-move-3")), watcher.text_of("replay-move-3")
    watcher.screenshot("clocks-replay")
    watcher.screenshot("clocks-replay", sizes=(PHONE,), dark=True)
    expect_no_axe_violations(watcher, "the replay's clocks")

    # Random Win has no clock, even in a match with one: no clock shows.
    mover.start("randomWin", waiter)
    mover.visible("random-win")
    assert not mover.find("clocks").is_displayed()


def test_a_match_without_a_clock_shows_none(browsers):
    alice, bob, _ = seat_pair(browsers)
    alice.start("ticTacToe", bob)
    alice.move(0, 0)
    for browser in (alice, bob):
        browser.visible("board")
        assert not browser.find("clocks").is_displayed()
        assert not browser.find("time-control").is_displayed()
        assert browser.driver.find_elements("css selector", '[data-testid="clocks"]:not([hidden])') == []
