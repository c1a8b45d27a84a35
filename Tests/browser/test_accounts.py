"""Passkey accounts on the page (issue 41, "6. The page" and the page's half of "4. Blocking"), in
Chromium with its virtual authenticator: create an account, sign out, sign in again, the refusals said
(a taken name, a cancelled ceremony, a browser without passkeys), the block list on the account page,
and a blocked player's chat phrases hidden in a match."""

from __future__ import annotations

from accounts import (add_authenticator, create_account, credentials, on_localhost, open_create_dialog,
                      sign_in, sign_out, unique_name)


def test_create_an_account_sign_out_and_sign_in_again(browsers, server):
    ann = browsers(base_url=on_localhost(server.base_url))
    ann.open("/")
    authenticator = add_authenticator(ann)
    ann.visible("queue-name")
    name = unique_name("Ann")

    create_account(ann, name)
    ann.wait_notice("signedIn")
    ann.hidden("queue-name")
    ann.until_text("queue-account-name", name)
    [passkey] = credentials(ann, authenticator)
    assert passkey["isResidentCredential"] and passkey["rpId"] == "localhost"

    ann.open("/")  # the session cookie signs the next page in
    ann.until_text("account-name", name)
    ann.hidden("queue-name")

    sign_out(ann)
    ann.visible("create-account")
    ann.visible("queue-name")
    ann.open("/")
    ann.visible("sign-in")

    sign_in(ann, name)
    ann.hidden("queue-name")
