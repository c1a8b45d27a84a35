"""Helpers for the account tests (issue 41): Chromium's virtual authenticator through the DevTools
protocol, and the top bar's account controls driven as a person would.

WebAuthn needs a secure context and a host name for its RP ID (an IP address is none): the account
tests open the server as http://localhost:PORT (`on_localhost`), where the server names `localhost` as
the RP ID. The driver pool removes every virtual authenticator and disables WebAuthn after a test
(conftest.py), so a passkey never outlives its test.
"""

from __future__ import annotations

import itertools
import os

from pages import Browser

# A platform authenticator with resident keys (discoverable credentials) and user verification.
AUTHENTICATOR = {
    "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
    "hasUserVerification": True, "isUserVerified": True,
}

# Accounts' names are one per server: each test's names differ by a number of this run.
_names = itertools.count(1)


def unique_name(stem: str) -> str:
    """`stem` and a number unique in this run of the tests (the server keeps accounts across tests)."""
    return f"{stem}{os.getpid() % 1000}x{next(_names)}"


def on_localhost(base_url: str) -> str:
    """The server's base URL under `localhost`, a name that can be a WebAuthn RP ID."""
    return base_url.replace("://127.0.0.1:", "://localhost:")


def add_authenticator(browser: Browser, **options) -> str:
    """Enables WebAuthn on the browser's page and adds a virtual authenticator; returns its id."""
    browser.driver.execute_cdp_cmd("WebAuthn.enable", {})
    found = browser.driver.execute_cdp_cmd(
        "WebAuthn.addVirtualAuthenticator", {"options": {**AUTHENTICATOR, **options}})
    return found["authenticatorId"]


def visitor(browsers, server, path: str = "/", **options) -> tuple[Browser, str]:
    """A browser (`options` as `browsers()` takes them) on `path` of http://localhost with a virtual
    authenticator; returns it and the authenticator's id."""
    browser = browsers(base_url=on_localhost(server.base_url), **options)
    browser.open(path)
    return browser, add_authenticator(browser)


def credentials(browser: Browser, authenticator: str) -> list[dict]:
    return browser.driver.execute_cdp_cmd("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]


def open_create_dialog(browser: Browser, name: str) -> None:
    """Presses "Create an account" and types `name` in the dialog (not yet sent)."""
    browser.clickable("create-account").click()
    field = browser.visible("account-name-input")
    field.clear()
    field.send_keys(name)


def create_account(browser: Browser, name: str) -> None:
    """Creates the account `name` with the browser's authenticator; waits until the top bar names it."""
    open_create_dialog(browser, name)
    browser.clickable("account-create-submit").click()
    browser.until_text("account-name", name)
    browser.hidden("account-dialog")


def sign_in(browser: Browser, name: str) -> None:
    """Presses "Sign in" (the authenticator answers with its discoverable passkey) and waits for `name`."""
    browser.clickable("sign-in").click()
    browser.until_text("account-name", name)


def sign_out(browser: Browser) -> None:
    browser.clickable("sign-out").click()
    browser.visible("sign-in")
