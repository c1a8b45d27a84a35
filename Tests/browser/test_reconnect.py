"""Connection loss, resume, gaps in `v`, and the deep link sent once per page load.

These tests record the page's WebSocket traffic with a script injected through DevTools
(pages.Browser.instrument_sockets); the client code itself is not changed for them.
"""

import time

from conftest import start_server, stop_server
from pairs import play, seat_pair


def _stop_all(*servers) -> None:
    """Stops the servers a test started (None for one it never got to start)."""
    for running in servers:
        if running is not None:
            stop_server(running)


def _messages(browser, socket=None, kind=None):
    return [
        entry["message"]
        for entry in browser.sent()
        if (socket is None or entry["socket"] == socket) and (kind is None or entry["message"].get("type") == kind)
    ]


def test_a_dropped_socket_reconnects_resumes_and_keeps_playing(browsers):
    alice, bob, match_id = seat_pair(browsers)
    alice.instrument_sockets()
    alice.driver.refresh()
    alice.visible("leave-button")
    alice.start("ticTacToe", bob)
    alice.move(0, 0)

    alice.driver.execute_script("window.__sockets.at(-1).close()")
    alice.wait().until(lambda d: alice.socket_count() >= 2, "the page never reconnected")
    alice.until_attribute("connection-status", "data-state", "open")
    # The first thing sent on the new socket is `resume` with the stored token.
    alice.wait().until(lambda d: _messages(alice, socket=alice.socket_count() - 1))
    first = _messages(alice, socket=alice.socket_count() - 1)[0]
    assert first["type"] == "resume" and first["token"], first

    bob.move(1, 1)
    alice.wait_mark(1, 1, "O")
    alice.move(2, 2)
    bob.wait_mark(2, 2, "X")
    alice.visible("leave-button")


def test_reconnecting_is_shown_while_the_server_cannot_be_reached(browsers):
    alice, bob, _ = seat_pair(browsers)
    alice.instrument_sockets()
    alice.driver.refresh()
    alice.visible("leave-button")

    alice.driver.execute_script("window.__blockSockets = true; window.__sockets.at(-1).close()")
    alice.until_attribute("connection-status", "data-state", "reconnecting")
    alice.until_text("connection-status", "Reconnecting")
    alice.screenshot("reconnecting", sizes=((375, 812),))

    alice.driver.execute_script("window.__blockSockets = false")
    alice.until_attribute("connection-status", "data-state", "open", timeout=30)
    alice.visible("leave-button")
    alice.until_attribute("opponent-presence", "data-state", "connected")


def test_a_gap_in_v_is_repaired_with_sync(browsers):
    alice, bob, _ = seat_pair(browsers)
    alice.instrument_sockets()
    alice.driver.refresh()
    alice.visible("leave-button")
    alice.until_attribute("spectator-count", "data-count", "0")

    # Pretend broadcasts were lost: a message far ahead of the last v claims 42 spectators.
    alice.driver.execute_script(
        """
        const socket = window.__sockets.at(-1);
        socket.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(
          { type: 'presence', players: [], spectators: 42, v: 1000000 }) }));
        """
    )
    alice.wait().until(lambda d: _messages(alice, kind="sync"), "the page never sent sync after a gap")
    # The welcome that answers sync puts the real picture back.
    alice.until_attribute("spectator-count", "data-count", "0")
    alice.until_text("seat-player2-name", "Bob")
    assert len(_messages(alice, kind="sync")) == 1


def test_the_deep_link_game_is_launched_once_per_page_load(browsers):
    alice = browsers()
    alice.instrument_sockets()
    alice.open("/launchGame?gameId=randomWin")
    alice.visible("join-form")
    alice.wait().until(lambda d: _messages(alice, kind="launchGame"))
    assert _messages(alice, kind="launchGame") == [{"type": "launchGame", "gameId": "randomWin"}]

    alice.driver.execute_script("window.__sockets.at(-1).close()")
    alice.wait().until(lambda d: alice.socket_count() >= 2)
    alice.until_attribute("connection-status", "data-state", "open")
    assert len(_messages(alice, kind="launchGame")) == 1

    alice.join("Alice")
    bob = browsers()
    bob.open(f"/m/{alice.match_id()}")
    bob.join("Bob")
    for browser in (alice, bob):
        browser.visible("roll-button")


def test_a_server_restart_is_ridden_out_with_the_seat_and_the_board_kept(browsers):
    # A server of its own (same port and database across the restart), not the shared one.
    first = start_server()
    second = None
    try:
        alice, bob, _ = seat_pair(browsers, base_url=first.base_url)
        alice.start("ticTacToe", bob)
        alice.move(0, 0)
        bob.move(1, 1)

        assert stop_server(first) == 0, first.log_tail()
        # Close code 1001 is explained in words, and the page says it is reconnecting.
        alice.wait_notice("connection")
        alice.until_attribute("connection-status", "data-state", "reconnecting")

        second = start_server(port=first.port, db=first.db)
        for browser in (alice, bob):
            browser.until_attribute("connection-status", "data-state", "open", timeout=40)
            browser.visible("leave-button")
            browser.wait_mark(0, 0, "X")
            browser.wait_mark(1, 1, "O")
        alice.move(2, 2)
        bob.wait_mark(2, 2, "X")
    finally:
        _stop_all(first, second)


def test_a_lost_server_shows_a_banner_greys_stale_status_and_comes_back_fast_with_the_result(browsers):
    first = start_server()
    second = None
    try:
        alice, bob, _ = seat_pair(browsers, base_url=first.base_url)
        alice.start("ticTacToe", bob)
        play([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)], alice, bob)
        alice.until_text("result", "You won (three in a row)")

        assert stop_server(first) == 0, first.log_tail()
        alice.visible("offline-banner")
        alice.until_attribute("match-view", "class", "match is-stale")
        alice.screenshot("offline-banner")
        alice.screenshot("offline-banner", dark=True)

        second = start_server(port=first.port, db=first.db)
        back = time.monotonic()
        # The retry delay is capped at 4 s, so the page is back within a few seconds of the server.
        for browser in (alice, bob):
            browser.hidden("offline-banner", timeout=15)
            browser.until_attribute("connection-status", "data-state", "open")
        assert time.monotonic() - back < 10
        # The finished board and its result survive the restart.
        alice.until_text("result", "You won (three in a row)")
        bob.until_text("result", "Alice won (three in a row)")
        assert alice.marks()[:3] == ["X", "X", "X"]
        assert "is-stale" not in alice.find("match-view").get_attribute("class")
    finally:
        _stop_all(first, second)
