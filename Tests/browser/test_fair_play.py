"""Fair play (docs/PROTOCOL.md, "Fair play"): private matches unless listed, a claim only after its
grace that keeps both seats, resigning, draw offers, and a rematch both players agree to."""

import json
import re
import time
import urllib.request

from selenium.webdriver.common.keys import Keys

from conftest import start_server, stop_server
from pages import PHONE
from pairs import deep_link_pair, drops, seat_pair
from test_accessibility import _no_violations


def _listed_ids(base_url: str) -> set[str]:
    with urllib.request.urlopen(base_url + "/api/matches", timeout=5) as response:
        return {summary["matchId"] for summary in json.load(response)["matches"]}


def _until(condition, what: str, timeout: float = 15) -> None:
    """Polls an HTTP endpoint (not the page) until `condition()` holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.2)


def _lobby_ids(browser) -> set[str]:
    return {
        li.get_attribute("data-match-id")
        for li in browser.driver.find_elements("css selector", '[data-testid="open-match"]')
    }


def _disabled(browser, test_id: str) -> bool:
    return browser.find(test_id).get_attribute("aria-disabled") == "true"


def _screenshots(browser, name: str) -> None:
    browser.screenshot(name)
    browser.screenshot(name, dark=True)


def test_the_lobby_lists_a_match_only_when_asked_and_only_while_its_creator_is_there(browsers, server):
    # A private match (the default): never in the list, however long its creator waits in it.
    alice = browsers()
    private = alice.create_match()
    alice.join("Alice")

    # A listed one: in the list while Carol's page is open.
    carol = browsers()
    carol.open("/")
    assert not carol.find("create-listed").is_selected(), "a match is listed only when asked"
    listed = carol.create_match(listed=True)
    carol.join("Carol")
    _until(lambda: listed in _listed_ids(server.base_url), "the listed match never appeared in GET /api/matches")
    assert private not in _listed_ids(server.base_url)

    visitor = browsers()
    visitor.open("/")
    visitor.wait().until(lambda _: listed in _lobby_ids(visitor), "the lobby never showed the listed match")
    visitor.until_text("open-matches-status", "Updated")
    assert private not in _lobby_ids(visitor)

    # Carol closes her tab: the match leaves the list (the API at once, the lobby at its next refresh).
    carol.close()
    _until(lambda: listed not in _listed_ids(server.base_url), "a listed match stayed after its creator left")
    visitor.wait(15).until(lambda _: listed not in _lobby_ids(visitor), "the lobby kept an abandoned match")
    assert private not in _lobby_ids(visitor)
    assert private not in _listed_ids(server.base_url)


def test_the_lobby_says_matches_are_private_and_play_the_computer_is_never_listed(browsers, tmp_path):
    # A server of its own: its lobby is empty.
    running = start_server(db=str(tmp_path / "private.sqlite"))
    try:
        guest = browsers(base_url=running.base_url)
        guest.open("/")
        guest.until_text("open-matches-status", "Updated")
        empty = guest.visible("open-matches-empty")
        assert "private unless" in empty.text, empty.text
        guest.screenshot("lobby-private-matches")
        guest.screenshot("lobby-private-matches", dark=True)
        guest.screenshot("lobby-private-matches", sizes=(PHONE,))
        _no_violations(guest, "lobby with the listing box")

        # The box ticked, "Play the computer" still creates its match (a listed one would be a 400).
        guest.clickable("create-listed").click()
        guest.clickable("create-game-ticTacToe").click()
        guest.clickable("play-computer").click()
        guest.wait().until(lambda d: re.search(r"/m/[A-Za-z0-9_-]{10,}$", d.current_url), "never reached a match page")
        guest.join("Alice")
        guest.until_text("seat-player2-name", "Computer")
        assert guest.match_id() not in _listed_ids(running.base_url)
    finally:
        stop_server(running)


def test_a_resignation_ends_the_game_keeps_the_seats_and_the_final_board(browsers):
    alice, bob, match_id = seat_pair(browsers)
    watcher = browsers()
    watcher.open_match(match_id)
    alice.start("ticTacToe", bob)
    alice.move(0, 0)
    bob.move(1, 1)

    # Resign asks first; "Keep playing" keeps the game and gives the focus back.
    alice.visible("game-actions")
    bob.clickable("resign-button").click()
    bob.until_text("resign-confirm", "Resign this game? Alice wins it")
    assert bob.driver.switch_to.active_element.get_attribute("data-testid") == "resign-cancel"
    bob.screenshot("resign-confirm")
    bob.screenshot("resign-confirm", dark=True)
    bob.clickable("resign-cancel").click()
    bob.hidden("resign-confirm")
    assert bob.driver.switch_to.active_element.get_attribute("data-testid") == "resign-button"
    # From the keyboard this time.
    bob.find("resign-button").send_keys(Keys.ENTER)
    bob.clickable("resign-confirm-button").send_keys(Keys.ENTER)

    alice.until_text("result", "Bob resigned — you win")
    bob.until_text("result", "You resigned — Alice wins")
    watcher.until_text("result", "Bob resigned — Alice wins")
    for browser in (alice, bob, watcher):
        browser.until_text("score-player1", "1")
        # The final board stays on screen between games.
        browser.visible("board")
        browser.wait_mark(0, 0, "X")
        browser.wait_mark(1, 1, "O")
    # Both keep their seats: the pair plays on.
    for browser in (alice, bob):
        browser.hidden("game-actions")
        browser.visible("games")
        assert browser.find("leave-button").is_displayed()
    assert bob.driver.switch_to.active_element.tag_name != "body"

    # A reload draws the final board and the result from the snapshot.
    bob.open_match(match_id)
    bob.until_text("result", "You resigned — Alice wins")
    bob.wait_mark(0, 0, "X")
    bob.wait_mark(1, 1, "O")
    bob.visible("games")


def test_a_draw_offer_is_declined_lapses_and_is_agreed_in_connect_four(browsers):
    alice, bob, match_id = deep_link_pair(browsers, "connectFour")
    watcher = browsers()
    watcher.open_match(match_id)
    alice.wait_my_turn()

    # Only on one's own turn: Bob's button says so.
    bob.visible("offer-draw")
    assert _disabled(bob, "offer-draw")
    bob.clickable("offer-draw").click()
    bob.wait_notice("draw-not-now")

    alice.clickable("offer-draw").click()
    bob.until_text("offer-text", "Alice offers a draw")
    alice.until_text("offer-text", "You offered a draw. Waiting for Bob's answer")
    watcher.until_text("offer-text", "Alice offered a draw")
    assert not alice.find("offer-actions").is_displayed()
    assert not watcher.find("offer-actions").is_displayed()
    assert bob.find("announcer").get_attribute("textContent").endswith("Alice offers a draw")
    _screenshots(bob, "draw-offered")
    watcher.screenshot("draw-offered-spectator")
    _no_violations(bob, "a draw offered to me")
    _no_violations(alice, "my draw offer waiting")

    bob.clickable("offer-decline").click()
    alice.until_text("offer-text", "Your opponent declined the draw")
    bob.until_text("offer-text", "You declined the draw")
    watcher.until_text("offer-text", "Bob declined the draw")
    # Three more moves of her own before Alice may offer again.
    alice.until_text("game-actions-note", "after 3 more moves")
    assert _disabled(alice, "offer-draw")
    _screenshots(alice, "draw-declined")

    alice.drop(0)
    alice.until_text("game-actions-note", "after 2 more moves")
    # Bob offers on his turn, then drops: his offer stands until Alice moves instead of answering.
    bob.wait_my_turn()
    bob.clickable("offer-draw").click()
    alice.until_text("offer-text", "Bob offers a draw")
    bob.drop(1)
    alice.until_text("offer-text", "Bob offers a draw")
    alice.drop(2)
    alice.hidden("offer")
    bob.hidden("offer")
    watcher.hidden("offer")
    alice.until_text("game-actions-note", "after 1 more move ")
    bob.drop(3)
    alice.drop(4)
    alice.hidden("game-actions-note")
    bob.drop(5)

    # Now she may: offered and accepted, the game is a draw that both agreed.
    alice.wait_my_turn()
    assert not _disabled(alice, "offer-draw")
    alice.clickable("offer-draw").click()
    bob.accept_offer()
    for browser in (alice, bob, watcher):
        browser.until_text("result", "Draw agreed")
        browser.until_text("score-draws", "1")
        browser.visible("c4-board")
        browser.wait_disc(5, 0, "X")
        browser.wait_disc(5, 5, "O")
    alice.hidden("game-actions")
    alice.screenshot("draw-agreed")


def test_a_rematch_is_offered_declined_offered_again_and_accepted(browsers):
    alice, bob, match_id = seat_pair(browsers)
    watcher = browsers()
    watcher.open_match(match_id)

    # The first game, agreed: Random Win has neither resignation nor draw offers.
    alice.until_text("stage-hint", "it starts when Bob accepts")
    # (The heading is drawn in capitals: its words are read from the DOM.)
    alice.until_attribute("games-title", "textContent", "Offer Bob a game")
    alice.start("randomWin", bob)
    alice.clickable("roll-button")
    alice.hidden("game-actions")
    alice.clickable("roll-button").click()
    for browser in (alice, bob, watcher):
        browser.wait().until(
            lambda d, b=browser: re.fullmatch(r"(Alice|Bob|You) won", b.text_of("result")), "no result of the roll"
        )

    # Bob offers Connect Four: Alice is asked, Bob waits, the spectator is told.
    bob.until_attribute("games-title", "textContent", "Offer Alice another game")
    bob.start("connectFour")
    alice.until_text("offer-text", "Bob offers a game of Connect Four")
    bob.until_text("offer-text", "You offered Connect Four. Waiting for Alice to accept")
    watcher.until_text("offer-text", "Bob offered Connect Four")
    assert alice.find("announcer").get_attribute("textContent").endswith("Bob offers a game of Connect Four")
    # Nothing else can be offered meanwhile.
    assert _disabled(bob, "start-ticTacToe")
    assert _disabled(alice, "start-ticTacToe")
    _screenshots(alice, "game-offered")
    alice.screenshot("game-offered-phone", sizes=(PHONE,), dark=True)
    watcher.screenshot("game-offered-spectator")
    _no_violations(alice, "a game offered to me")
    _no_violations(bob, "my game offer waiting")

    alice.clickable("offer-decline").click()
    bob.until_text("offer-text", "Alice declined")
    watcher.until_text("offer-text", "Alice declined")
    alice.until_text("offer-text", "You declined Connect Four")
    assert not _disabled(bob, "start-ticTacToe")
    bob.screenshot("game-declined")

    # Offered again; a reload of Alice's page finds the offer standing (the snapshot's `offer`).
    bob.start("ticTacToe")
    alice.until_text("offer-text", "Bob offers a game of Tic Tac Toe")
    alice.open_match(match_id)
    alice.until_text("offer-text", "Bob offers a game of Tic Tac Toe")
    alice.accept_offer()
    # The game starts for everyone; the offerer is told that it was accepted.
    for browser in (alice, bob, watcher):
        browser.visible("board")
        browser.hidden("offer")
    bob.wait_notice("new-game")
    assert "Alice accepted" in bob.wait_notice("new-game").text
    alice.visible("game-actions")
    watcher.hidden("game-actions")


def test_a_claim_waits_for_the_grace_keeps_the_seats_and_the_absent_player_is_told(browsers):
    running = start_server(env={"TICTACTOE_CLAIM_GRACE": "5", "TICTACTOE_SEAT_TIMEOUT": "60"})
    try:
        alice, bob, match_id = seat_pair(browsers, base_url=running.base_url)
        alice.start("ticTacToe", bob)
        alice.move(0, 0)
        bob.move(1, 1)

        # Bob's page goes away (its WebSocket closes with it): the claim counts down from the server's
        # `claimableIn`, then the button comes.
        bob.driver.get("about:blank")
        alice.until_attribute("opponent-presence", "data-state", "disconnected")
        alice.until_text("claim-wait", "You can claim the game in ")
        seconds = int(re.search(r"in (\d+) s", alice.text_of("claim-wait")).group(1))
        assert 1 <= seconds <= 5, seconds
        assert not alice.find("claim-win").is_displayed()
        _screenshots(alice, "claim-countdown")
        claim = alice.visible("claim-win", timeout=15)
        alice.hidden("claim-wait")
        assert claim.text == "Claim the game"
        assert "you can claim the game" in alice.find("announcer").get_attribute("textContent")
        _screenshots(alice, "claim-ready")
        _no_violations(alice, "the claim allowed")
        claim.send_keys(Keys.ENTER)

        alice.until_text("result", "You claimed the game while Bob was away")
        alice.until_text("score-player1", "1")
        alice.wait_mark(0, 0, "X")
        alice.wait_mark(1, 1, "O")
        # Bob keeps his seat: no new game while he is away, and the page says why.
        alice.until_text("seat-player2-name", "Bob")
        alice.until_text("games-note", "Bob is away")
        assert _disabled(alice, "start-ticTacToe")
        alice.clickable("start-ticTacToe").click()
        alice.wait_notice("games-blocked")
        _screenshots(alice, "claimed-opponent-away")

        # Bob comes back to the same seat and score, and is told what happened.
        bob.open_match(match_id)
        bob.until_text("result", "You were away; Alice claimed the game.")
        bob.until_text("score-player1", "1")
        bob.until_text("score-player2", "0")
        bob.visible("leave-button")
        assert bob.find("seat-player2").find_element("css selector", ".seat__you").is_displayed()
        bob.wait_mark(0, 0, "X")
        assert "You were away; Alice claimed the game." in bob.find("announcer").get_attribute("textContent")
        _screenshots(bob, "claimed-while-away")
        # The pair plays on: Alice may offer the next game again.
        alice.hidden("games-note")
        alice.start("ticTacToe", bob)
        bob.visible("board")
    finally:
        stop_server(running)
