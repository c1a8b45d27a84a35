"""The ratings' pages (issue 42): the leaderboard (/leaderboard, a tab per rated game) and a player's
page (/p/{name}), with data and without, and the lobby's "Rated" choice.

- Data: a server of this file's own whose SQLite store is seeded with accounts, ratings (rankable and
  provisional) and rated games between its start and a restart (the rating tables as the "v5: ratings"
  migration makes them), so that the pages are tested with a full leaderboard without playing the
  dozens of rated games a settled rating takes. Rated play itself: test_rated_play.py.
- The leaderboard: the rows in order, names linking to the players' pages, tabs as an ARIA tablist
  (arrow keys, Home and End; ?game= kept), an empty game, Korean, a phone, axe, screenshots.
- A player's page: a rating per game ("?" while provisional), the record, an SVG chart of the recent
  ratings, the recent games with links to their replays (/m/{matchId}/games/{number}) and opponents;
  a player without rated games; a name no account has ("No such player", from the API's 404).
- The lobby: "Rated" on "New match" and "Play someone now" only when signed in, unavailable for
  Random Win.
"""

from __future__ import annotations

import sqlite3
import urllib.parse

import pytest
from selenium.webdriver.common.keys import Keys

from accounts import create_account, visitor, unique_name
from conftest import start_server, stop_server
from page_words import core_words, expect_only_words_of
from pages import expect_no_axe_violations, set_viewport

CORE = core_words()
NAMES = ("Zoë Li", "민지", "Bob", "Quiet", "Nobody Here")

# Kalah's leaderboard: (name, rating, RD, games); Bob's RD is too wide to be ranked.
KALAH = [("Zoë Li", 1712.4, 61.0, 40), ("민지", 1650.6, 70.0, 35), ("Bob", 1588.0, 140.0, 6)]


def _at(minute: int) -> str:
    """GRDB's UTC date text, minutes after 2027-01-15 08:00."""
    return f"2027-01-15 {8 + minute // 60:02d}:{minute % 60:02d}:00.000"


def _seed(db: str) -> None:
    """Accounts, ratings and rated games written straight into the server's store (stopped)."""
    with sqlite3.connect(db) as store:
        names = [name for name, *_ in KALAH] + ["Quiet"]
        for index, name in enumerate(names):
            store.execute("INSERT INTO account (id, name, canonicalName, createdAt) VALUES (?, ?, ?, ?)",
                          (f"seed-{index}", name, name.casefold(), _at(0)))
        for index, (name, rating, rd, games) in enumerate(KALAH):
            store.execute(
                "INSERT INTO playerRating VALUES (?, 'kalah', ?, ?, ?, ?, ?, 0.06, ?, ?, ?, ?, ?, ?)",
                (f"seed-{index}", name, name.casefold(), rating, int(rating + 0.5), rd, int(rd <= 75), games,
                 games // 2, games // 3, games - games // 2 - games // 3, _at(90)))
        # Zoë's recent games: four of Kalah against 민지 (a win, a loss, a draw, a win), then one of
        # Connect Four against Bob, her only one there (provisional).
        store.execute(
            "INSERT INTO playerRating VALUES ('seed-0', 'connectFour', 'Zoë Li', 'zoë li', 1562.0, 1562, 290.0, 0.09,"
            " 0, 1, 0, 1, 0, ?)", (_at(80),))
        kalah = [("win", 1600.0, 1650.0), ("loss", 1650.0, 1630.0), ("draw", 1630.0, 1640.0), ("win", 1640.0, 1712.4)]
        for number, (result, before, after) in enumerate(kalah, start=1):
            outcome = {"win": "player1Won", "loss": "player2Won", "draw": "draw"}[result]
            store.execute(
                "INSERT INTO ratedGame VALUES ('SeededMatch01', ?, 'kalah', 'seed-0', 'Zoë Li', 'seed-1', '민지', ?,"
                " ?, ?, 61.0, 0, 1650.0, 1650.0, 70.0, 0, ?)", (number, outcome, before, after, _at(number * 10)))
        store.execute(
            "INSERT INTO ratedGame VALUES ('SeededMatch02', 1, 'connectFour', 'seed-2', 'Bob', 'seed-0', 'Zoë Li',"
            " 'player1Won', 1500.0, 1688.0, 290.0, 1, 1500.0, 1562.0, 290.0, 1, ?)", (_at(80),))


@pytest.fixture(scope="module")
def seeded():
    """A server of its own whose store holds the seeded ratings."""
    first = start_server()
    stop_server(first)
    _seed(first.db)
    running = start_server(port=first.port, db=first.db)
    yield running
    stop_server(running)


def _tabs(browser) -> list:
    return browser.driver.find_elements("css selector", '[data-testid="leaderboard-tabs"] [role="tab"]')


def _selected(browser) -> str:
    [tab] = [tab for tab in _tabs(browser) if tab.get_attribute("aria-selected") == "true"]
    return tab.get_attribute("data-id")


def _rows(browser) -> list[list[str]]:
    rows = browser.driver.find_elements("css selector", '[data-testid="leaderboard-row"]')
    return [[cell.text for cell in row.find_elements("css selector", "th, td")] for row in rows]


def test_leaderboard_rows_tabs_by_keyboard_and_links(browsers, seeded):
    reader = browsers(base_url=seeded.base_url)
    reader.open("/leaderboard")
    reader.until_attribute("leaderboard-tab-ticTacToe", "aria-selected", "true")
    assert reader.driver.title == "Leaderboard · Game Table"
    assert [tab.text for tab in _tabs(reader)] == ["Tic Tac Toe", "Connect Four", "Kalah"]
    assert _selected(reader) == "ticTacToe"
    reader.until_attribute("leaderboard-status", "data-state", "empty")
    assert reader.text_of("leaderboard-status") == (
        "Nobody is ranked at Tic Tac Toe yet: a rating is settled after a number of rated games.")
    reader.hidden("leaderboard-table")

    # One tab stop; the arrows move along the tabs and choose, Home and End jump, the ends wrap.
    tabs = _tabs(reader)
    assert [tab.get_attribute("tabindex") for tab in tabs] == ["0", "-1", "-1"]
    tabs[0].send_keys(Keys.ARROW_RIGHT)
    assert _selected(reader) == "connectFour"
    assert reader.driver.switch_to.active_element.get_attribute("data-id") == "connectFour"
    reader.driver.switch_to.active_element.send_keys(Keys.END)
    assert _selected(reader) == "kalah"
    assert [tab.get_attribute("tabindex") for tab in _tabs(reader)] == ["-1", "-1", "0"]
    reader.until_attribute("leaderboard-status", "data-state", "ok")
    panel = reader.find("leaderboard-panel")
    assert panel.get_attribute("role") == "tabpanel"
    assert panel.get_attribute("aria-labelledby") == "leaderboard-tab-kalah"
    # Only the rankable players (RD ≤ 75), best first; Bob's provisional rating is not ranked.
    assert _rows(reader) == [["1", "Zoë Li", "1712", "40"], ["2", "민지", "1651", "35"]]
    assert "game=kalah" in reader.driver.current_url
    reader.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert _selected(reader) == "ticTacToe"
    reader.driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    assert _selected(reader) == "kalah"
    reader.until_attribute("leaderboard-status", "data-state", "ok")
    expect_no_axe_violations(reader, "the leaderboard")
    expect_only_words_of(reader, "en", "the leaderboard", NAMES)
    reader.screenshot("ratings-leaderboard-en")
    reader.screenshot("ratings-leaderboard-en", dark=True)

    # ?game= opens its tab (a reload keeps it); a name leads to the player's page.
    reader.driver.refresh()
    reader.until_attribute("leaderboard-tab-kalah", "aria-selected", "true")
    reader.until_attribute("leaderboard-status", "data-state", "ok")
    link = reader.driver.find_element("css selector", '[data-testid="leaderboard-row"] a')
    assert link.get_attribute("href").endswith("/p/" + urllib.parse.quote("Zoë Li"))
    link.click()
    reader.until_text("player-name", "Zoë Li")


def test_leaderboard_with_a_mouse_and_on_a_phone_in_korean(browsers, seeded):
    reader = browsers(base_url=seeded.base_url, language="ko", width=375, height=812)
    reader.open("/leaderboard")
    # The title is put into Korean by the page's script once its words have loaded: wait for it (it
    # was read at once, before, and the English of the HTML was there once in a loaded run).
    reader.wait().until(lambda d: d.title == CORE["ko"]["leaderboard.pageTitle"], "the title never turned Korean")
    reader.clickable("leaderboard-tab-kalah").click()
    reader.until_attribute("leaderboard-status", "data-state", "ok")
    assert _selected(reader) == "kalah"
    assert [row[1] for row in _rows(reader)] == ["Zoë Li", "민지"]
    # Nothing wider than the phone's screen.
    assert reader.driver.execute_script("return document.documentElement.scrollWidth <= innerWidth")
    expect_only_words_of(reader, "ko", "the leaderboard in Korean", NAMES)
    expect_no_axe_violations(reader, "the leaderboard in Korean")
    reader.screenshot("ratings-leaderboard-ko")
    reader.clickable("leaderboard-tab-connectFour").click()
    reader.until_attribute("leaderboard-status", "data-state", "empty")
    assert reader.text_of("leaderboard-status") == CORE["ko"]["leaderboard.empty"].replace(
        "{game}", CORE["ko"]["connectFour.name"])
    reader.screenshot("ratings-leaderboard-empty-ko")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_player_page_with_ratings_chart_and_replays(browsers, seeded, language):
    reader = browsers(base_url=seeded.base_url, language=language)
    reader.open("/p/" + urllib.parse.quote("zoë li"))  # any case: the page shows the account's own
    reader.until_text("player-name", "Zoë Li")
    words = CORE[language]
    assert reader.driver.title == words["player.pageTitle"].replace("{name}", "Zoë Li")
    reader.visible("player-cards")
    # A card per game she has a rating in, in the tabs' order; Connect Four's is provisional.
    cards = reader.driver.find_elements("css selector", '[data-testid^="rating-card-"]')
    assert [card.get_attribute("data-testid") for card in cards] == ["rating-card-connectFour", "rating-card-kalah"]
    assert reader.text_of("rating-kalah") == "1712"
    assert reader.text_of("rating-connectFour") == "1562?"
    provisional = reader.find("rating-connectFour").get_attribute("aria-label")
    assert provisional == words["ratings.labelProvisional"].replace("{rating}", "1562")
    record = words["player.record"].replace("{wins}", "20").replace("{losses}", "13").replace("{draws}", "7")
    assert record in reader.text_of("record-kalah")
    # The chart: an SVG image with a title and a description, a dot per recent game, oldest first.
    chart = reader.find("rating-card-kalah").find_element("css selector", '[data-testid="rating-chart"]')
    assert chart.get_attribute("role") == "img"
    assert len(chart.find_elements("css selector", "circle")) == 4
    described = reader.driver.execute_script(
        "return arguments[0].querySelector('desc').textContent", chart)
    assert "1650" in described and "1712" in described
    # The recent games, newest first, each with its replay and its opponent's page.
    rows = reader.driver.find_elements("css selector", '[data-testid="recent-game"]')
    assert len(rows) == 5
    replays = [a.get_attribute("href") for a in reader.driver.find_elements("css selector", '[data-testid="replay-link"]')]
    assert [urllib.parse.urlsplit(href).path for href in replays] == [
        "/m/SeededMatch02/games/1", "/m/SeededMatch01/games/4", "/m/SeededMatch01/games/3",
        "/m/SeededMatch01/games/2", "/m/SeededMatch01/games/1"]
    opponents = [a.text for a in reader.driver.find_elements("css selector", '[data-testid="opponent-link"]')]
    assert opponents == ["Bob", "민지", "민지", "민지", "민지"]
    assert rows[1].find_elements("css selector", "td")[2].text == words["player.win"]
    expect_only_words_of(reader, language, "a player's page", NAMES)
    expect_no_axe_violations(reader, "a player's page")
    reader.screenshot(f"ratings-player-{language}")
    reader.screenshot(f"ratings-player-{language}", dark=True)
    # Phone: no sideways scroll of the page (the games' table scrolls in its own box).
    set_viewport(reader.driver, 375, 812)
    reader.wait().until(lambda d: d.execute_script("return innerWidth") == 375)
    assert reader.driver.execute_script("return document.documentElement.scrollWidth <= innerWidth")
    reader.driver.find_elements("css selector", '[data-testid="opponent-link"]')[0].click()
    reader.until_text("player-name", "Bob")


def test_player_without_games_and_no_such_player(browsers, seeded):
    reader = browsers(base_url=seeded.base_url)
    reader.open("/p/Quiet")
    reader.until_text("player-name", "Quiet")
    reader.visible("player-empty")
    assert reader.text_of("player-empty") == "No rated games yet."
    reader.hidden("player-recent")
    expect_no_axe_violations(reader, "a player without rated games")

    reader.open("/p/" + urllib.parse.quote("Nobody Here"))
    reader.until_text("player-name", "No such player")
    reader.until_attribute("player-status", "data-state", "notFound")
    assert reader.text_of("player-status") == (
        "No player is named “Nobody Here”. The names on the leaderboard lead to their players' pages.")
    assert reader.driver.title == "No such player · Game Table"
    reader.hidden("player-body")
    expect_only_words_of(reader, "en", "no such player", NAMES)
    expect_no_axe_violations(reader, "no such player")
    reader.screenshot("ratings-no-such-player")

    korean = browsers(base_url=seeded.base_url, language="ko", width=375, height=812)
    korean.open("/p/" + urllib.parse.quote("Nobody Here"))
    korean.until_attribute("player-status", "data-state", "notFound")
    assert korean.text_of("player-name") == CORE["ko"]["player.unknownTitle"]
    expect_only_words_of(korean, "ko", "no such player in Korean", NAMES)
    korean.screenshot("ratings-no-such-player-ko", sizes=((375, 812),))


def test_rated_choice_only_when_signed_in(browsers, server):
    guest = browsers()
    guest.open("/")
    guest.visible("create-match")
    guest.hidden("create-rated-field")
    guest.hidden("queue-rated-field")
    assert guest.find("leaderboard-link").get_attribute("href").endswith("/leaderboard")

    player, _ = visitor(browsers, server)
    player.visible("create-match")
    player.hidden("create-rated-field")
    create_account(player, unique_name("Rae"))
    player.visible("create-rated-field")
    player.visible("queue-rated-field")
    assert player.find("create-rated").is_enabled()
    # Random Win is never rated: the choice says why it cannot be had.
    player.clickable("create-game-randomWin").click()
    assert not player.find("create-rated").is_enabled()
    assert player.text_of("create-rated-help") == "Random Win is never rated: chance decides it."
    player.clickable("create-game-kalah").click()
    assert player.find("create-rated").is_enabled()
    player.clickable("create-rated").click()
    expect_no_axe_violations(player, "the lobby signed in, Rated checked")
    player.screenshot("ratings-lobby-rated")
    player.clickable("sign-out").click()
    player.hidden("create-rated-field")
    player.hidden("queue-rated-field")
