"""One person, two browsers (issue 41, "play as the account on two browsers"): the account created in
one Chromium plays a move against a guest; a second Chromium, signed in to the same account with the
same passkey, opens the match link and is in the account's seat without typing anything, plays the
next move, keeps the seat over a reload, and the first browser stays in the seat and sees the move.
Guests may not borrow a registered name: the join form and "Play someone now" say so under the box.
The tests of this file begin 3 passkey ceremonies."""

from __future__ import annotations

from accounts import create_account, credentials, on_localhost, sign_in, unique_name, visitor

NAME_TAKEN = "That name belongs to a registered player: if it is yours, sign in; else choose another."


def copy_passkey(source, source_authenticator: str, target, target_authenticator: str) -> None:
    """Puts the source authenticator's passkey into the target's, private key and user handle with it,
    as a passkey synced between two devices would be: the target signs in with a discoverable credential."""
    [passkey] = credentials(source, source_authenticator)
    assert passkey["isResidentCredential"] and passkey.get("userHandle")
    target.driver.execute_cdp_cmd("WebAuthn.addCredential", {
        "authenticatorId": target_authenticator,
        "credential": {key: passkey[key] for key in
                       ("credentialId", "isResidentCredential", "rpId", "privateKey", "userHandle", "signCount")},
    })


def seat_requests(browser) -> list[str]:
    """The `login`s and `resume`s the page sent since it loaded (instrument_sockets), in order."""
    return [sent["message"]["type"] for sent in browser.sent() if sent["message"]["type"] in ("login", "resume")]


def seated_as(browser, seat: str) -> bool:
    """Whether the page shows `seat` as this browser's own."""
    return browser.find(f"seat-{seat}").find_element("css selector", ".seat__you").is_displayed()


def test_one_account_plays_one_seat_from_two_browsers(browsers, server):
    laptop, laptop_key = visitor(browsers, server)
    name = unique_name("Ann")
    create_account(laptop, name)
    match_id = laptop.create_match("ticTacToe")
    laptop.visible("leave-button")  # seated at once under the account's name
    guest = browsers(base_url=on_localhost(server.base_url))
    guest.open_match(match_id)
    guest.join("Gus")
    laptop.move(0, 0)

    phone, phone_key = visitor(browsers, server)
    copy_passkey(laptop, laptop_key, phone, phone_key)
    phone.instrument_sockets()
    sign_in(phone, name)
    phone.open_match(match_id)
    phone.visible("leave-button")
    phone.hidden("join-form")
    assert seated_as(phone, "player1")
    assert phone.find("seat-player1-name").text == name
    # The page asked for the seat itself: one login, and no token was given to keep on this device.
    assert seat_requests(phone) == ["login"]
    assert f"tictactoe.seat.{match_id}" not in phone.local_storage()

    guest.move(1, 1)
    phone.move(2, 2)
    laptop.wait_mark(2, 2, "X")
    assert seated_as(laptop, "player1")
    laptop.visible("leave-button")

    # A reload is a new socket: the phone takes the seat again by itself, and the laptop keeps it too.
    phone.driver.refresh()
    phone.visible("leave-button")
    phone.hidden("join-form")
    guest.move(0, 2)
    laptop.move(2, 0)
    phone.wait_mark(2, 0, "X")
    assert seated_as(phone, "player1") and seated_as(laptop, "player1")

    # A dropped connection is a new socket too: the page asks for the seat again on it, and plays on.
    # (The match is full: the page first opens a watch-only socket, and reopens it to send the login.)
    sockets = phone.socket_count()
    assert seat_requests(phone) == ["login"]
    phone.driver.execute_script("window.__sockets.at(-1).close()")
    phone.wait().until(lambda _: phone.socket_count() == sockets + 1 and seat_requests(phone) == ["login", "login"],
                       "the seat was not asked for again on the new socket")
    guest.move(1, 0)
    phone.move(1, 2)
    laptop.wait_mark(1, 2, "X")
    phone.hidden("join-form")


def test_a_guest_cannot_borrow_a_registered_name_in_a_match_or_the_queue(browsers, server):
    ann, _ = visitor(browsers, server)
    name = unique_name("Zoë")
    create_account(ann, name)

    guest = browsers(base_url=on_localhost(server.base_url))
    guest.create_match("ticTacToe")
    field = guest.visible("name-input")
    field.send_keys(f"  {name.upper()} ")
    guest.clickable("join-button").click()
    guest.until_text("name-error", NAME_TAKEN)
    assert field.get_attribute("aria-invalid") == "true"
    guest.visible("join-form")
    guest.join(f"{name}y")  # any other name sits
    assert guest.find("seat-player1-name").text == f"{name}y"

    queued = browsers(base_url=on_localhost(server.base_url))
    queued.open("/")
    box = queued.visible("queue-name")
    box.clear()
    box.send_keys(name.lower())
    queued.clickable("queue-join").click()
    queued.until_text("queue-name-error", NAME_TAKEN)
    queued.visible("queue-join")  # not waiting: nothing was queued
    assert queued.local_storage().get("tictactoe.name") != name.lower()  # a refused name is not offered again
