"""The account's controls and page in both languages (issue 41, "6. The page"): every string of every
state in the language files (page_words.py), and screenshots at 1280 × 900 and 375 × 812 into
test-artifacts/issue41/ of the top bar signed out and in, the dialog, the join form of a signed-in
player, a match, and the account page with a blocked player. (axe: test_accessibility.py.)"""

from __future__ import annotations

import pytest

from accounts import create_account, open_create_dialog, unique_name, visitor
from page_words import expect_only_words_of
from pages import REPO

ARTIFACTS = REPO / "test-artifacts" / "issue41"


@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_state_of_the_accounts_pages_speaks_the_readers_language(browsers, server, language):
    bob, _ = visitor(browsers, server)
    bob_name = unique_name("Bob")
    create_account(bob, bob_name)
    match_id = bob.create_match("ticTacToe")

    reader, _ = visitor(browsers, server, language=language)
    reader.screenshots = ARTIFACTS
    ann_name = unique_name("Ann")
    names = (ann_name, bob_name)

    def look(state: str, dark: bool = False) -> None:
        expect_only_words_of(reader, language, state, names)
        reader.screenshot(f"{state}-{language}", dark=dark)

    reader.visible("create-account")
    look("lobby-guest")
    reader.open_match(match_id)
    reader.visible("sign-in")
    reader.visible("name-input")
    look("match-guest")

    reader.open("/")
    open_create_dialog(reader, ann_name)
    look("dialog")
    reader.screenshot(f"dialog-{language}", dark=True)
    reader.clickable("account-create-submit").click()
    reader.visible("account-name")
    reader.visible("queue-account-name")
    look("lobby-signed-in")

    reader.open_match(match_id)
    reader.visible("join-account-name")
    look("match-join-as-account")
    reader.clickable("join-button").click()
    reader.visible("leave-button")
    look("match-signed-in")

    reader.open("/account.html")
    reader.visible("block-name").send_keys(bob_name)
    reader.clickable("block-submit").click()
    reader.until_text("block-list", bob_name)
    look("account-page")
    reader.screenshot(f"account-page-{language}", dark=True)
    reader.clickable("account-sign-out").click()
    reader.visible("account-guest")
    look("account-page-guest")
