"""A rated match between two accounts (issue 42), as two people play it: one ticks "Rated" on "New
match" (Tic Tac Toe), the other opens the link signed in and joins; both see the ratings beside the
names ("1500?": provisional), the game's end says each player's change (+… / −…) for the eye and in
words for a screen reader (the live region too), and the winner's page then lists the game with its
replay and the new rating, in English and in Korean. The tests of this file begin 2 passkey
ceremonies each."""

from __future__ import annotations

import re
import urllib.parse

import pytest

from accounts import create_account, unique_name, visitor
from page_words import core_words, expect_only_words_of
from pages import expect_no_axe_violations
from pairs import play

CORE = core_words()


def _seat(browser, seat: str) -> tuple[str, str]:
    """The seat card's name and rating as shown."""
    return browser.text_of(f"seat-{seat}-name"), browser.text_of(f"seat-{seat}-rating")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_rated_game_between_two_accounts(browsers, server, language):
    words = CORE[language]
    alice, _ = visitor(browsers, server, language=language)
    alice_name = unique_name("Ria")
    create_account(alice, alice_name)
    alice.clickable("create-game-ticTacToe").click()
    rated = alice.clickable("create-rated")
    if not rated.is_selected():
        rated.click()
    alice.clickable("create-match").click()
    alice.wait().until(lambda d: re.search(r"/m/[A-Za-z0-9_-]{10,}$", d.current_url), "never reached a match page")
    alice.visible("leave-button")  # an account is seated at once
    match_id = alice.match_id()

    bob, _ = visitor(browsers, server, language=language)
    bob_name = unique_name("Rob")
    create_account(bob, bob_name)
    bob.open_match(match_id)
    bob.instrument_sockets()
    bob.clickable("join-button").click()
    bob.visible("leave-button")

    # Both new: 1500, provisional, beside each name on both pages.
    for browser in (alice, bob):
        browser.wait().until(lambda _: _seat(browser, "player2")[1], "no rating beside the second player")
        assert _seat(browser, "player1") == (alice_name, "1500?")
        assert _seat(browser, "player2") == (bob_name, "1500?")
        label = browser.find("seat-player1-rating").get_attribute("aria-label")
        assert label == words["ratings.labelProvisional"].replace("{rating}", "1500")
    alice.screenshot(f"rated-playing-{language}")

    # The game the match was made for starts once both sit; the first mover wins down a column.
    mine = lambda browser: "turn--mine" in (browser.find("turn").get_attribute("class") or "")  # noqa: E731
    alice.wait().until(lambda _: mine(alice) or mine(bob), "nobody's turn")
    first, second = (alice, bob) if mine(alice) else (bob, alice)
    play([(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)], first, second)
    winner_name, loser_name = (alice_name, bob_name) if first is alice else (bob_name, alice_name)
    winner_seat = "player1" if first is alice else "player2"
    loser_seat = "player2" if winner_seat == "player1" else "player1"
    for browser in (alice, bob):
        browser.visible("rating-change")
        shown = browser.text_of(f"rating-change-{winner_seat}")
        assert shown.startswith(f"{winner_name} ") and "(+" in shown, shown
        assert "(−" in browser.text_of(f"rating-change-{loser_seat}")
        said = browser.driver.execute_script(
            "return document.querySelector('[data-testid=\"rating-change-words\"]').textContent")
        up = words["ratings.wentUp"].split("{name}")[1].split("{amount}")[0]
        down = words["ratings.wentDown"].split("{name}")[1].split("{amount}")[0]
        assert winner_name in said and up in said and down in said, said
        browser.wait().until(lambda d: said in browser.find("announcer").get_attribute("textContent"),
                             "the change was not said in the live region")
    after = int(re.search(r"(\d+)\??", alice.text_of(f"rating-change-{winner_seat}").split(" ", 1)[1]).group(1))
    assert after > 1500
    for browser in (alice, bob):
        # Once told, the seat cards show the new ratings.
        browser.wait().until(lambda _: _seat(browser, winner_seat)[1].rstrip("?") == str(after), "the seat kept the old rating")
    expect_only_words_of(alice, language, "a rated game's end", (alice_name, bob_name))
    expect_no_axe_violations(alice, "a rated game's end")
    alice.screenshot(f"rated-game-over-{language}")
    alice.screenshot(f"rated-game-over-{language}", dark=True)

    # A reloaded page still says the change (the snapshot's lastGame carries the stored ratings).
    shown_before = alice.text_of(f"rating-change-{winner_seat}")
    alice.driver.refresh()
    alice.visible("rating-change")
    assert alice.text_of(f"rating-change-{winner_seat}") == shown_before

    # The winner's page: the new rating, the game with its replay and the loser's page.
    bob.open("/p/" + urllib.parse.quote(winner_name))
    bob.until_text("player-name", winner_name)
    bob.visible("rating-ticTacToe")  # the cards are drawn after the name, from the same answer
    assert bob.text_of("rating-ticTacToe").rstrip("?") == str(after)
    [replay] = bob.driver.find_elements("css selector", '[data-testid="replay-link"]')
    assert urllib.parse.urlsplit(replay.get_attribute("href")).path == f"/m/{match_id}/games/1"
    [opponent] = bob.driver.find_elements("css selector", '[data-testid="opponent-link"]')
    assert opponent.text == loser_name
    expect_only_words_of(bob, language, "the winner's page", (alice_name, bob_name))
    expect_no_axe_violations(bob, "the winner's page")
    bob.screenshot(f"rated-winner-page-{language}")
    replay.click()
    bob.wait().until(lambda d: d.current_url.endswith(f"/m/{match_id}/games/1"))
    bob.visible("replay-moves")
