"""Issue 40, item 8, the smaller findings: the reconnecting banner pushes the page down instead of
covering the top bar (the connection pill, the sound and alert switches); a spectator is told who
started a new game; the creator, not seated yet, does not read "1 watching" beside "Nobody else is
watching"; a player's own chat bubble leaves their "You" badge readable; the lobby's invite field shows
its placeholder whole at 1280 px. English and Korean, 1280 x 800 and 375 px, light and dark."""

from __future__ import annotations

import pytest

from page_words import core_words
from pages import expect_no_axe_violations, set_viewport
from pairs import play, recorded_tic_tac_toe, seat_pair
from round4 import inner_width, overlap, rect, shots, text_width

WORDS = core_words()
SIZES = ((1280, 800), (375, 812))
ALICE_WINS_TOP_ROW = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]


@pytest.mark.parametrize("width,height", SIZES)
def test_the_reconnecting_banner_pushes_the_page_down_and_covers_no_control(browsers, width, height):
    alice, _ = recorded_tic_tac_toe(browsers, width, height)
    alice.wait_my_turn()
    before = rect(alice, "board")
    alice.driver.execute_script("window.__blockSockets = true; window.__sockets.at(-1).close()")
    alice.visible("offline-banner")
    alice.until_attribute("connection-status", "data-state", "reconnecting")
    shots(alice, f"item8-banner-{width}", sizes=((width, height),))
    banner = rect(alice, "offline-banner")
    for control in ("connection-status", "sound-toggle", "language"):
        assert not overlap(banner, rect(alice, control)), f"the banner covers {control} at {width} px"
    top_bar = alice.driver.execute_script("return document.querySelector('.topbar').getBoundingClientRect().bottom")
    assert banner["top"] >= top_bar - 0.5, f"the banner ({banner['top']:.0f}) starts over the top bar ({top_bar:.0f})"
    # Pushed, not covered: the board moved down by the banner's room, and comes back.
    moved = rect(alice, "board")["top"] - before["top"]
    assert moved >= banner["height"] - 0.5, f"the board moved {moved:.0f} px for a banner {banner['height']:.0f} px high"
    assert not overlap(banner, rect(alice, "board"))
    expect_no_axe_violations(alice, "the reconnecting banner")
    alice.driver.execute_script("window.__blockSockets = false")
    alice.until_attribute("connection-status", "data-state", "open", timeout=30)
    alice.hidden("offline-banner")
    assert abs(rect(alice, "board")["top"] - before["top"]) < 1, "the board did not come back to its place"


def test_a_spectator_is_told_which_players_started_a_new_game(browsers):
    alice, bob, match_id = seat_pair(browsers, width=1280, height=800)
    alice.start("ticTacToe", bob)
    watcher = browsers(1280, 800)
    watcher.open_match(match_id)
    play(ALICE_WINS_TOP_ROW, alice, bob)
    watcher.until_text("result", "Alice won")
    bob.start("connectFour", alice)
    notice = watcher.wait_notice("new-game")
    shots(watcher, "item8-spectator-new-game", dark=False)
    assert "Alice" in notice.text and "Bob" in notice.text, notice.text
    assert "A player" not in notice.text, notice.text


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_creator_before_sitting_down_reads_no_watching_count_of_their_own(browsers, language):
    alice = browsers(1280, 800, language=language)
    alice.create_match()
    alice.visible("join-form")
    alice.until_text("spectator-count", WORDS[language]["spectators.noOthers"])
    shots(alice, f"item8-creator-audience-{language}")
    assert alice.text_of("audience-text") == "", f"the stage says {alice.text_of('audience-text')!r}"
    # Someone else watches: both lines count that one.
    watcher = browsers(1280, 800, language=language)
    watcher.open_match(alice.match_id())
    one = WORDS[language]["match.watchingCount.one"].replace("{count}", "1")
    alice.until_text("audience-text", one)
    alice.until_text("spectator-count", WORDS[language]["spectators.others.one"].replace("{count}", "1"))


@pytest.mark.parametrize("language", ["en", "ko"])
def test_my_chat_bubble_covers_none_of_my_seat_cards_words(browsers, language):
    alice, bob, _ = seat_pair(browsers, width=1280, height=800, language=language)
    alice.start("ticTacToe", bob)
    alice.clickable("chat-toggle").click()
    alice.clickable("chat-phrase-wellPlayed").click()
    problems = []
    for width, height in SIZES:
        set_viewport(alice.driver, width, height)
        alice.wait().until(lambda d: d.execute_script("return innerWidth") == width)
        bubble = alice.visible("seat-player1-chat")
        alice.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", bubble)
        # The card's words: the name (its box reaches the badge), the status, and "You".
        for part in (".seat__name", ".seat__status", ".seat__you"):
            box = rect(alice, alice.driver.find_element("css selector", f'[data-testid="seat-player1"] {part}'))
            if overlap(rect(alice, bubble), box):
                problems.append(f"at {width} px the bubble covers {part}")
    # Pictured within the bubble's 5 s: light first, then dark with the next phrase.
    shots(alice, f"item8-chat-bubble-{language}", sizes=SIZES, dark=False)
    toggle = alice.clickable("chat-toggle")
    alice.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", toggle)
    toggle.click()
    alice.clickable("chat-phrase-goodGame").click()
    alice.visible("seat-player1-chat")
    shots(alice, f"item8-chat-bubble-{language}", sizes=SIZES, light=False)
    assert not problems, problems


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_lobby_invite_field_shows_its_placeholder_whole(browsers, language):
    visitor = browsers(1280, 800, language=language)
    visitor.open("/")
    visitor.visible("language")  # the page's words are in: the placeholder is the reader's language's
    field = visitor.visible("join-code")
    shots(visitor, f"item8-lobby-invite-field-{language}")
    for width, height in SIZES:
        set_viewport(visitor.driver, width, height)
        visitor.wait().until(lambda d: d.execute_script("return innerWidth") == width)
        placeholder = field.get_attribute("placeholder")
        needed, room = text_width(visitor, field, placeholder), inner_width(visitor, field)
        assert needed <= room, f"{placeholder!r} needs {needed:.0f} px, the field has {room:.0f} at {width} px"
