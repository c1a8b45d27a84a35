"""Issue 14, item 5, in the browser: two players on the page through nginx; the server hosting their
match is killed mid-game; both pages reconnect by themselves (their seats resumed with the stored
tokens, on the server nginx sends them to now) and the game is finished."""

from __future__ import annotations

import pathlib
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "browser"))

from pages import Browser, new_driver, set_viewport  # noqa: E402
from pairs import play, seat_pair  # noqa: E402

SCREENSHOTS = REPO / "test-artifacts" / "screenshots"


def test_both_pages_reconnect_and_finish_the_game_after_the_hosting_server_is_killed(cluster_factory):
    cluster = cluster_factory(3, ["--matches-per-minute", "10000"])
    opened: list[Browser] = []

    def browsers(width: int = 1280, height: int = 900, base_url: str | None = None, language: str = "en") -> Browser:
        driver = new_driver(language=language)
        set_viewport(driver, width, height)
        browser = Browser(driver, base_url or cluster.url, SCREENSHOTS)
        opened.append(browser)
        return browser

    try:
        alice, bob, match_id = seat_pair(browsers, base_url=cluster.url)
        # Record the pages' sockets (from the next load on), to see each open a new one after the kill.
        for browser in (alice, bob):
            browser.instrument_sockets()
            browser.driver.refresh()
            browser.visible("leave-button")
        # Between two people a game is offered, and Bob accepts it.
        alice.start("ticTacToe", bob)
        play([(0, 0), (1, 1)], alice, bob)

        # The server nginx sends this match's WebSockets to is the one hosting it.
        sockets = [line for line in cluster.nginx.routed() if line.uri == f"/ws/{match_id}"]
        host = cluster.server_at(sockets[-1].answered_by) if sockets else None
        if host is None:
            # A WebSocket's line is logged when it closes: none has yet, so ask the servers' logs.
            host = next(server for server in cluster.servers if server.lines_naming(match_id, "connection opened"))
        host.kill()

        for browser in (alice, bob):
            browser.wait(20).until(lambda d, b=browser: b.socket_count() >= 2, "the page never opened a new socket")
            browser.until_attribute("connection-status", "data-state", "open", timeout=20)
        alice.screenshot("cluster-after-failover", sizes=((1280, 900),))
        play([(0, 1), (2, 2), (0, 2)], alice, bob)
        alice.until_text("result", "You won (three in a row)")
        bob.until_text("result", "Alice won (three in a row)")
        problems = [problem for browser in opened for problem in browser.page_problems()]
        assert not problems, problems
        survivors = [server for server in cluster.servers if server.running and server.lines_naming(match_id, "seat resumed")]
        assert survivors, "the seats were resumed on a live server"
    except BaseException:
        import os, match_logs
        print(match_logs.read_logs(os.environ["TICTACTOE_TEST_POSTGRES_URL"], [match_id]))
        print([ (b.driver.execute_script("return window.__sent || []")) for b in opened])
        for browser in opened:
            print(browser.driver.get_log("browser")[-20:])
        raise
    finally:
        for browser in opened:
            browser.close()
