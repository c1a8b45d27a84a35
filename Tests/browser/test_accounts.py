"""Passkey accounts on the page (issue 41, "6. The page" and the page's half of "4. Blocking"), in
Chromium with its virtual authenticator (accounts.py): create an account, sign out, sign in again (a
discoverable passkey), the refusals said (a taken or refused name, a cancelled ceremony, a browser
without passkeys), the JSON helpers' fallback, the block list on the account page, and a blocked
player's chat phrases hidden in a match. The server allows 30 passkey ceremonies a minute from one
address: the tests of this file begin 15 (test_accounts_pages.py 4, test_accessibility.py 3)."""

from __future__ import annotations

from selenium.webdriver.common.keys import Keys

from accounts import (add_authenticator, create_account, credentials, on_localhost, open_create_dialog,
                      sign_in, sign_out, unique_name, visitor)
from pages import PHONE


def test_create_an_account_sign_out_and_sign_in_again(browsers, server):
    ann, authenticator = visitor(browsers, server)
    ann.visible("queue-name")
    name = unique_name("Ann")

    create_account(ann, name)
    ann.wait_notice("signedIn")
    ann.hidden("queue-name")
    ann.until_text("queue-account-name", name)
    [passkey] = credentials(ann, authenticator)
    assert passkey["isResidentCredential"] and passkey["rpId"] == "localhost"
    # Focus follows the person: from the dialog's button to the account's name in the top bar.
    assert ann.driver.switch_to.active_element.get_attribute("data-testid") == "account-name"
    assert ann.find("account-name").get_attribute("aria-label") == f"Your account: {name}"

    ann.open("/")  # the session cookie signs the next page in
    ann.until_text("account-name", name)
    ann.hidden("queue-name")
    assert "tictactoe.name" not in ann.local_storage()  # an account's name is no guest's to reuse

    sign_out(ann)
    ann.wait_notice("signedOut")
    ann.visible("create-account")
    ann.visible("queue-name")
    ann.hidden("queue-account-name")
    ann.open("/")
    ann.visible("sign-in")  # the server ended the session: no cookie signs the page in again

    sign_in(ann, name)
    ann.wait_notice("signedIn")
    ann.hidden("queue-name")
    assert len(credentials(ann, authenticator)) == 1


def test_a_taken_or_refused_name_is_said_in_the_dialog_and_the_keyboard_drives_it(browsers, server):
    ann, _ = visitor(browsers, server)
    name = unique_name("Taken")
    create_account(ann, name)

    other, authenticator = visitor(browsers, server)
    # Keyboard only: Enter on "Create an account" opens the dialog with the focus in the name box.
    other.clickable("create-account").send_keys(Keys.ENTER)
    field = other.visible("account-name-input")
    assert other.driver.switch_to.active_element == field
    field.send_keys(name.upper(), Keys.ENTER)  # one account per name, whatever its case
    other.until_text("account-dialog-error", "That name belongs to a registered player: if it is yours, sign in")
    assert field.get_attribute("aria-invalid") == "true"
    assert credentials(other, authenticator) == []  # refused before any passkey was made

    field.send_keys("x")
    other.hidden("account-dialog-error")  # the line clears as the person types
    other.driver.execute_script("arguments[0].value = 'Bell\\u0007Name'", field)
    field.send_keys(Keys.ENTER)
    other.until_text("account-dialog-error", "That name cannot be used")
    field.clear()
    field.send_keys(Keys.ENTER)
    other.until_text("account-dialog-error", "Type a name first.")

    field.send_keys(Keys.ESCAPE)
    other.hidden("account-dialog")
    assert other.driver.switch_to.active_element.get_attribute("data-testid") == "create-account"
    other.visible("queue-name")  # still a guest


def test_a_cancelled_passkey_is_said_and_a_second_try_works(browsers, server):
    ann, authenticator = visitor(browsers, server)
    # The person refuses the browser's question: the authenticator cannot verify them (NotAllowedError).
    ann.driver.execute_cdp_cmd("WebAuthn.setUserVerified", {"authenticatorId": authenticator, "isUserVerified": False})
    name = unique_name("Cancel")
    open_create_dialog(ann, name)
    ann.clickable("account-create-submit").click()
    ann.until_text("account-dialog-error", "No passkey was used: the request was cancelled or timed out.")
    ann.visible("account-dialog")
    ann.clickable("account-create-cancel").click()
    ann.hidden("account-dialog")

    ann.clickable("sign-in").click()
    notice = ann.wait_notice("passkey-cancelled")
    assert "No passkey was used" in notice.text
    ann.visible("sign-in")

    ann.driver.execute_cdp_cmd("WebAuthn.setUserVerified", {"authenticatorId": authenticator, "isUserVerified": True})
    create_account(ann, name)  # the refused ceremony spent its challenge and made nothing: the name is free


def test_a_browser_without_passkeys_says_so_and_its_guest_plays_as_before(browsers, server):
    guest = browsers(base_url=on_localhost(server.base_url), width=PHONE[0], height=PHONE[1])
    guest.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": "delete window.PublicKeyCredential;"})
    guest.open("/")
    assert guest.driver.execute_script("return typeof window.PublicKeyCredential") == "undefined"

    guest.clickable("sign-in").click()
    notice = guest.wait_notice("passkey-unsupported")
    assert notice.text.startswith("This browser cannot use passkeys")
    guest.clickable("create-account").click()
    guest.wait_notice("passkey-unsupported")
    assert not guest.find("account-dialog").is_displayed()

    guest.create_match("ticTacToe")
    guest.join("Gus")
    guest.visible("sign-in")
    assert guest.find("seat-player1-name").text == "Gus"


def test_without_the_browsers_json_helpers_the_page_converts_by_itself(browsers, server):
    ann = browsers(base_url=on_localhost(server.base_url))
    ann.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        delete PublicKeyCredential.parseCreationOptionsFromJSON;
        delete PublicKeyCredential.parseRequestOptionsFromJSON;
        delete PublicKeyCredential.prototype.toJSON;
    """})
    ann.open("/")
    assert ann.driver.execute_script(
        "return [typeof PublicKeyCredential.parseCreationOptionsFromJSON, typeof PublicKeyCredential.prototype.toJSON]"
    ) == ["undefined", "undefined"]
    add_authenticator(ann)
    name = unique_name("Old")
    create_account(ann, name)
    sign_out(ann)
    sign_in(ann, name)


def test_the_account_page_blocks_and_unblocks_a_player(browsers, server):
    bob, _ = visitor(browsers, server)
    bob_name = unique_name("Bob")
    create_account(bob, bob_name)

    ann, _ = visitor(browsers, server, width=PHONE[0], height=PHONE[1])
    ann.open("/account.html")
    ann.visible("account-guest")  # a guest is told what an account is
    ann_name = unique_name("Ann")
    create_account(ann, ann_name)
    ann.visible("account-signed-in")
    ann.until_text("account-page-name", ann_name)
    ann.visible("block-empty")

    field = ann.visible("block-name")
    field.send_keys("NoSuchPlayer0", Keys.ENTER)
    ann.until_text("block-error", "No player has that name.")
    field.clear()
    field.send_keys(ann_name, Keys.ENTER)
    ann.until_text("block-error", "You cannot block yourself.")
    field.clear()
    field.send_keys(bob_name.lower())
    ann.clickable("block-submit").click()
    ann.until_text("block-list", bob_name)  # the server's spelling of the name
    ann.hidden("block-empty")
    ann.wait_notice("blocked")
    assert field.get_attribute("value") == ""

    ann.open("/account.html")  # the list is the server's
    ann.until_text("block-list", bob_name)
    unblock = ann.clickable("unblock")
    assert unblock.get_attribute("aria-label") == f"Unblock {bob_name}"
    unblock.click()
    ann.visible("block-empty")
    ann.wait_notice("unblocked")
    assert ann.driver.switch_to.active_element == ann.find("block-name")

    ann.clickable("account-sign-out").click()
    ann.visible("account-guest")
    ann.visible("sign-in")


def test_a_blocked_players_chat_phrases_are_not_shown_to_the_blocker(browsers, server):
    bob, _ = visitor(browsers, server)
    bob_name = unique_name("Bob")
    create_account(bob, bob_name)
    ann, _ = visitor(browsers, server)
    ann_name = unique_name("Ann")
    create_account(ann, ann_name)
    ann.open("/account.html")
    ann.visible("block-name").send_keys(bob_name, Keys.ENTER)
    ann.until_text("block-list", bob_name)

    # Ann creates a match: seated at once under her account's name.
    match_id = ann.create_match("ticTacToe")
    ann.visible("leave-button")
    assert ann.find("seat-player1-name").text == ann_name
    # Bob joins: his account's name stands in for the name box.
    bob.open_match(match_id)
    bob.until_text("join-account-name", bob_name)
    assert not bob.find("name-input").is_displayed()
    bob.clickable("join-button").click()
    bob.visible("leave-button")
    ann.until_text("seat-player2-name", bob_name)
    watcher = browsers(base_url=on_localhost(server.base_url))
    watcher.open_match(match_id)

    bob.say("hello")
    watcher.until_text("seat-player2-chat", "Hello!")  # said, and shown to whoever does not block Bob
    # Ann's own phrase comes back after Bob's on her socket: once it shows, his was received (and hidden).
    ann.say("thanks")
    ann.until_text("seat-player1-chat", "Thanks!")
    assert not ann.find("seat-player2-chat").is_displayed()
    assert bob_name not in ann.find("chat-announcer").get_attribute("textContent")
    bob.until_text("seat-player1-chat", "Thanks!")  # Bob blocks nobody


def test_two_accounts_playing_someone_now_are_seated_under_their_names(browsers, server):
    players = []
    for stem in ("Ann", "Bob"):
        browser, _ = visitor(browsers, server)
        name = unique_name(stem)
        create_account(browser, name)
        players.append((browser, name))
    for browser, name in players:
        browser.until_text("queue-account-name", name)
        browser.clickable("queue-game-kalah").click()
        browser.clickable("queue-join").click()
    (ann, ann_name), (bob, bob_name) = players
    for browser in (ann, bob):
        browser.wait().until(lambda d: "/m/" in d.current_url, "never paired")
        browser.visible("leave-button")
    assert ann.match_id() == bob.match_id()
    seated = {ann.find("seat-player1-name").text, ann.find("seat-player2-name").text}
    assert seated == {ann_name, bob_name}
