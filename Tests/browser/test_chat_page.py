"""Quick chat on the page (issue 32, section 2; docs/PROTOCOL.md, "Quick chat"): two players exchange
phrases across languages (Alice reads English, Bob Korean: each page says a phrase in its own reader's
language), a phrase shows over its sender's seat without moving the board and is said in a polite live
region, a reader mutes the others' phrases (remembered), a spectator sees phrases and has no menu, and a
phrase too soon after the last is refused gently."""

from __future__ import annotations

from pages import expect_no_axe_violations


def _seat(browsers, name: str, language: str, link: str | None = None):
    browser = browsers(language=language)
    if link is None:
        browser.create_match()
    else:
        browser.driver.get(link)
    browser.join(name)
    return browser


def _board_box(browser) -> dict:
    return browser.driver.execute_script(
        "const r = document.getElementById('game-slot').getBoundingClientRect();"
        "return {x: r.x, y: r.y, w: r.width, h: r.height};"
    )


def test_two_players_exchange_phrases_across_languages_and_a_spectator_sees_them(browsers):
    alice = _seat(browsers, "Alice", "en")
    bob = _seat(browsers, "Bob", "ko", alice.invite_link())
    alice.start("ticTacToe", bob)
    alice.visible("board")
    bob.visible("board")
    board = {browser: _board_box(browser) for browser in (alice, bob)}

    spectator = browsers(language="en")
    spectator.open_match(alice.match_id())
    spectator.visible("chat")
    spectator.hidden("chat-toggle")
    assert not spectator.find("chat-menu").is_displayed()

    alice.say("goodLuck")
    alice.until_text("seat-player1-chat", "Good luck!")
    bob.until_text("seat-player1-chat", "행운을 빌어요!")
    spectator.until_text("seat-player1-chat", "Good luck!")
    bob.wait().until(lambda d: bob.find("chat-announcer").get_attribute("textContent") == "Alice: 행운을 빌어요!")
    spectator.wait().until(lambda d: spectator.find("chat-announcer").get_attribute("textContent") == "Alice: Good luck!")
    assert bob.find("chat-announcer").get_attribute("aria-live") == "polite"
    # Shown over the seat: the board did not move.
    for browser in (alice, bob):
        assert _board_box(browser) == board[browser]
    bob.screenshot("chat-phrase-ko")
    bob.screenshot("chat-phrase-ko", dark=True)
    alice.screenshot("chat-phrase-en")

    bob.say("thanks")
    alice.until_text("seat-player2-chat", "Thanks!")
    bob.until_text("seat-player2-chat", "고마워요!")
    spectator.until_text("seat-player2-chat", "Thanks!")

    # The menu open, in both languages: accessible, over the page.
    alice.clickable("chat-toggle").click()
    alice.visible("chat-menu")
    assert alice.find("chat-toggle").get_attribute("aria-expanded") == "true"
    assert _board_box(alice) == board[alice]
    alice.screenshot("chat-menu-en")
    alice.screenshot("chat-menu-en", dark=True)
    expect_no_axe_violations(alice, "the chat menu open")
    alice.clickable("chat-phrase-hello").click()
    alice.until_text("seat-player1-chat", "Hello!")
    # A second phrase within a second: refused gently (a note, not an error).
    alice.say("oops")
    notice = alice.wait_notice("chat-slow")
    assert notice.get_attribute("data-kind") == "info"
    bob.clickable("chat-toggle").click()
    bob.visible("chat-menu")
    bob.screenshot("chat-menu-ko")
    expect_no_axe_violations(bob, "the chat menu open in Korean")
    # The arrow keys move between the phrases; Escape closes the menu and focus returns to its button.
    bob.find("chat-phrase-hello").send_keys("\ue015")  # ArrowDown
    assert bob.driver.switch_to.active_element.get_attribute("data-testid") == "chat-phrase-goodLuck"
    bob.driver.switch_to.active_element.send_keys("\ue00c")  # Escape
    bob.hidden("chat-menu")
    assert bob.driver.switch_to.active_element.get_attribute("data-testid") == "chat-toggle"


def test_a_reader_mutes_the_others_phrases_and_it_is_remembered(browsers):
    alice = _seat(browsers, "Alice", "en")
    bob = _seat(browsers, "Bob", "ko", alice.invite_link())
    bob.until_attribute("chat-mute", "aria-pressed", "false")
    bob.clickable("chat-mute").click()
    bob.until_attribute("chat-mute", "aria-pressed", "true")
    assert bob.local_storage().get("tictactoe.chatMuted") == "true"

    alice.say("hello")
    alice.until_text("seat-player1-chat", "Hello!")
    # Bob's own phrase comes back after Alice's on his socket: once it shows, hers was received (muted).
    bob.say("haveFun")
    bob.until_text("seat-player2-chat", "재밌게 해요!")
    assert not bob.find("seat-player1-chat").is_displayed()
    assert "Alice" not in bob.find("chat-announcer").get_attribute("textContent")
    alice.until_text("seat-player2-chat", "Have fun!")

    bob.driver.refresh()
    bob.visible("leave-button")
    bob.until_attribute("chat-mute", "aria-pressed", "true")
    bob.clickable("chat-mute").click()
    bob.until_attribute("chat-mute", "aria-pressed", "false")
    alice.say("niceMove")
    bob.until_text("seat-player1-chat", "좋은 수예요!")
