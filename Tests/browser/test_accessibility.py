"""axe-core on every page and every phase of the match page: no violation of any impact.

axe-core's JavaScript comes from the selenium-axe-python wheel (no CDN); it is injected through
WebDriver, so the pages' Content-Security-Policy does not apply to it.
"""

from accounts import create_account, open_create_dialog, unique_name, visitor
from pages import PHONE
from pages import expect_no_axe_violations as _no_violations
from pairs import play, seat_pair

ALICE_WINS_TOP_ROW = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]


def test_the_lobby_the_404_page_and_the_unknown_game_page_have_no_violation(browsers):
    guest = browsers()
    guest.open("/")
    guest.until_text("open-matches-status", "Updated")
    _no_violations(guest, "lobby")
    guest.open("/no/such/page")
    guest.visible("not-found")
    _no_violations(guest, "404 page")
    guest.open("/launchGame?gameId=chess")
    guest.wait_notice("unknownGame")
    _no_violations(guest, "lobby after an unknown game's link")
    guest.open("/m/NoSuchMatch0000")
    guest.until_text("not-found", "does not exist")
    _no_violations(guest, "unknown match")


def test_every_phase_of_the_match_page_has_no_violation(browsers):
    alice = browsers()
    match_id = alice.create_match()
    _no_violations(alice, "creator asked for a name")
    alice.join("Alice")
    _no_violations(alice, "waiting for an opponent")

    bob = browsers()
    bob.open_match(match_id)
    _no_violations(bob, "join form")
    bob.join("Bob")
    alice.visible("games")
    _no_violations(alice, "pick a game")

    alice.start("ticTacToe", bob)
    alice.move(0, 0)
    _no_violations(bob, "playing, my turn")
    _no_violations(alice, "playing, their turn")
    watcher = browsers()
    watcher.open_match(match_id)
    _no_violations(watcher, "spectator during a game")

    alice.clickable("leave-button").click()
    alice.visible("leave-confirm")
    _no_violations(alice, "leave question")
    alice.clickable("leave-cancel").click()

    play(ALICE_WINS_TOP_ROW[1:], bob, alice)
    alice.until_text("result", "You won (three in a row)")
    _no_violations(alice, "game over")
    alice.visible("past-game-1")
    alice.clickable("ribs-toggle").click()
    alice.visible("rib-OffGame")
    _no_violations(alice, "past games and the RIB panel")
    alice.clickable("ribs-toggle").click()
    watcher.open(f"/m/{match_id}/games/1")
    watcher.until_text("replay-position", "Move 5 of 5")
    _no_violations(watcher, "replay view")

    alice.start("connectFour", bob)
    _no_violations(alice, "connect four")
    bob.clickable("leave-button").click()
    bob.clickable("leave-confirm-button").click()
    alice.until_text("result", "Bob left — you win")
    _no_violations(alice, "forfeit story")
    _no_violations(bob, "after leaving")


def test_the_account_controls_and_the_account_page_have_no_violation(browsers, server):
    """Issue 41: the top bar signed out and in, the dialog (with a refusal), a signed-in player's join
    form and match, and the account page as a guest and with a blocked player, on a phone too."""
    bob, _ = visitor(browsers, server)
    bob_name = unique_name("Bob")
    create_account(bob, bob_name)
    match_id = bob.create_match()
    _no_violations(bob, "a signed-in creator waiting")

    ann, _ = visitor(browsers, server, "/account.html", width=PHONE[0], height=PHONE[1])
    ann.visible("account-guest")
    _no_violations(ann, "account page, a guest")
    open_create_dialog(ann, bob_name)
    ann.clickable("account-create-submit").click()
    ann.visible("account-dialog-error")
    _no_violations(ann, "create dialog with a taken name")
    ann_name = unique_name("Ann")
    field = ann.visible("account-name-input")
    field.clear()
    field.send_keys(ann_name)
    ann.clickable("account-create-submit").click()
    ann.visible("account-name")
    ann.visible("block-name").send_keys(bob_name)
    ann.clickable("block-submit").click()
    ann.until_text("block-list", bob_name)
    _no_violations(ann, "account page with a blocked player")
    ann.open("/")
    ann.visible("queue-account-name")
    _no_violations(ann, "lobby signed in")
    ann.open_match(match_id)
    ann.visible("join-account-name")
    _no_violations(ann, "join form of a signed-in player")
