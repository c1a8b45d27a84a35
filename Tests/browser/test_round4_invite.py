"""Issue 40, item 4: the invited person is told what they are joining. The creator's waiting page and
the invite page name the game and the clock; the free seat is named by the game's own words (Kalah: its
sides, Connect Four: its colours, Tic Tac Toe: X and O) or simply "Join" when no game was chosen; never
"Join as O" for Kalah. English and Korean, 1280 x 800 and 375 px, light and dark, axe on each view."""

from __future__ import annotations

import re

import pytest

from page_words import core_words
from pages import expect_no_axe_violations
from round4 import shots

WORDS = core_words()


def _said(language: str, key: str, **params) -> str:
    text = WORDS[language][key]
    for name, value in params.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def _create(browser, game: str | None, clock: str = "none") -> str:
    """Creates a match from the lobby with `game` (None: decide later) and `clock` picked; returns its id."""
    browser.open("/")
    browser.clickable(f"create-game-{game or 'later'}").click()
    browser.clickable(f"create-clock-{clock}").click()
    browser.clickable("create-match").click()
    browser.wait().until(lambda d: re.search(r"/m/[A-Za-z0-9_-]{10,}", d.current_url), "never reached a match page")
    return browser.match_id()


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_invite_and_the_waiting_page_name_the_game_the_clock_and_the_seat(browsers, language):
    kalah = _said(language, "kalah.name")
    alice = browsers(1280, 800, language=language)
    _create(alice, "kalah", "3+2")
    alice.join("Alice")
    alice.visible("invite")
    bob = browsers(1280, 800, language=language)
    bob.driver.get(alice.invite_link())
    bob.visible("join-form")
    shots(alice, f"item4-creator-waiting-kalah-{language}")
    shots(bob, f"item4-invite-kalah-{language}")

    clock = _said(language, "common.clockIs", clock=_said(language, "duration.min", min=3) + " + " + _said(language, "duration.s", s=2))
    for browser, where in ((alice, "the creator's waiting page"), (bob, "the invite page")):
        browser.until_text("match-game", _said(language, "match.gameIs", game=kalah))
        assert browser.text_of("time-control") == clock, (where, browser.text_of("time-control"))
    # Kalah's seats are its sides, in the colour each side is drawn in; never X or O.
    button = bob.text_of("join-button")
    assert button == _said(language, "kalah.joinAs.player2"), button
    assert "O" not in button and "X" not in button, button
    expect_no_axe_violations(alice, f"the creator's waiting page ({language})")
    expect_no_axe_violations(bob, f"the invite page ({language})")

    # Bob sits down: the game starts, and its name is the stage's title as before.
    bob.join("Bob")
    for browser in (alice, bob):
        browser.visible("kalah-board")
        browser.until_text("stage-title", kalah)
        browser.hidden("match-game")


def test_connect_four_names_its_colours_and_a_match_without_a_game_says_join(browsers):
    alice = browsers(1280, 800)
    _create(alice, "connectFour")
    alice.join("Alice")
    bob = browsers(*(375, 812))
    bob.driver.get(alice.invite_link())
    bob.visible("join-form")
    shots(bob, "item4-invite-connect-four-en")
    bob.until_text("match-game", "Game: Connect Four")
    assert bob.text_of("join-button") == "Join as blue"
    assert not bob.find("time-control").is_displayed(), "a match without a clock names none"

    carol = browsers(1280, 800)
    _create(carol, None)
    carol.join("Carol")
    dave = browsers(1280, 800)
    dave.driver.get(carol.invite_link())
    dave.visible("join-form")
    shots(dave, "item4-invite-no-game-en", dark=False)
    assert not dave.find("match-game").is_displayed(), "no game was chosen: none is named"
    assert dave.text_of("join-button") == "Join"
    expect_no_axe_violations(dave, "the invite page of a match without a game")
