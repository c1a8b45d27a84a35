"""The lobby lists only the matches used in the last 10 minutes, across restarts, and says how long ago."""

import datetime
import sqlite3

from conftest import start_server, stop_server
from test_accessibility import _no_violations


def _listed(browser) -> dict[str, str]:
    return {
        li.get_attribute("data-match-id"): li.text
        for li in browser.driver.find_elements("css selector", '[data-testid="open-match"]')
    }


def test_the_lobby_hides_matches_idle_for_over_10_minutes_and_says_how_long_ago(browsers, tmp_path):
    db = str(tmp_path / "lobby.sqlite")
    running = start_server(db=db)
    waiting = []
    for name in ("Ann", "Ben"):
        player = browsers(base_url=running.base_url)
        waiting.append(player.create_match())
        player.join(name)
        player.close()
    idle, recent = waiting
    stop_server(running)

    # Nobody connected since: each match (a player waiting in it) last changed when the store says,
    # 20 and 5 minutes ago.
    now = datetime.datetime.now(datetime.timezone.utc)
    with sqlite3.connect(db) as connection:
        for match_id, minutes in ((idle, 20), (recent, 5)):
            stamp = (now - datetime.timedelta(minutes=minutes)).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3]
            connection.execute("UPDATE match SET updatedAt = ? WHERE id = ?", (stamp, match_id))

    running = start_server(db=db)
    try:
        alice = browsers(base_url=running.base_url)
        alice.create_match()
        alice.join("Alice")
        active = alice.match_id()

        visitor = browsers(base_url=running.base_url)
        visitor.open("/")
        visitor.until_text("open-matches-status", "Updated")
        visitor.wait().until(lambda _: {active, recent} <= set(_listed(visitor)), "the lobby lacks a recent match")
        listed = _listed(visitor)
        assert idle not in listed, "a match idle for 20 minutes is listed"
        assert "Active 5 min ago" in listed[recent], listed[recent]
        visitor.wait().until(lambda _: "Active now" in _listed(visitor)[active], "Alice's match is not active now")
        visitor.screenshot("lobby-activity")
        visitor.screenshot("lobby-activity", dark=True)
        _no_violations(visitor, "lobby with activity")

        # The idle match is still there for whoever has its link, and opening it makes it active again.
        alice.open_match(idle)
        visitor.open("/")
        visitor.wait().until(lambda _: "Active now" in _listed(visitor).get(idle, ""), "an opened match is not listed")
    finally:
        stop_server(running)
