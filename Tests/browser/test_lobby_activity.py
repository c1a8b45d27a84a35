"""The lobby lists a listed match only while its player is there, across restarts, and says who is active now."""

import datetime
import sqlite3

from conftest import start_server, stop_server
from test_accessibility import _no_violations


def _listed(browser) -> dict[str, str]:
    return {
        li.get_attribute("data-match-id"): li.text
        for li in browser.driver.find_elements("css selector", '[data-testid="open-match"]')
    }


def test_the_lobby_lists_no_match_whose_player_left_across_a_restart_and_says_who_is_active(browsers, tmp_path):
    # Before fair play the lobby listed a match a player waited in, whether or not they were still
    # there ("Active 5 min ago"); now a listed match is shown only while its player is connected, so a
    # match whose player closed the page is not listed, however recently they left.
    db = str(tmp_path / "lobby.sqlite")
    running = start_server(db=db)
    waiting = []
    for name in ("Ann", "Ben"):
        player = browsers(base_url=running.base_url)
        waiting.append(player.create_match(listed=True))
        player.join(name)
        player.close()
    idle, recent = waiting
    stop_server(running)

    # Nobody connected since: each match (a player's seat kept in it) last changed when the store says,
    # 20 and 5 minutes ago.
    now = datetime.datetime.now(datetime.timezone.utc)
    with sqlite3.connect(db) as connection:
        for match_id, minutes in ((idle, 20), (recent, 5)):
            stamp = (now - datetime.timedelta(minutes=minutes)).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3]
            connection.execute("UPDATE match SET updatedAt = ? WHERE id = ?", (stamp, match_id))

    running = start_server(db=db)
    try:
        alice = browsers(base_url=running.base_url)
        alice.create_match(listed=True)
        alice.join("Alice")
        active = alice.match_id()

        visitor = browsers(base_url=running.base_url)
        visitor.open("/")
        visitor.until_text("open-matches-status", "Updated")
        visitor.wait().until(lambda _: active in _listed(visitor), "the lobby lacks the match Alice waits in")
        visitor.wait().until(lambda _: "Active now" in _listed(visitor)[active], "Alice's match is not active now")
        listed = _listed(visitor)
        assert idle not in listed, "a match whose player left 20 minutes ago is listed"
        assert recent not in listed, "a match whose player left 5 minutes ago is listed"
        visitor.screenshot("lobby-activity")
        visitor.screenshot("lobby-activity", dark=True)
        _no_violations(visitor, "lobby with activity")

        # The match is still there for whoever has its link, with Ann's seat kept; a spectator's visit
        # does not list it: nobody in it is waiting to play.
        alice.open_match(idle)
        alice.until_text("seat-player1-name", "Ann")
        visitor.open("/")
        visitor.until_text("open-matches-status", "Updated")
        assert idle not in _listed(visitor), "a match only watched is listed"
    finally:
        stop_server(running)
