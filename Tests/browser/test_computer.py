"""Playing the computer: "Play the computer" in the lobby seats the visitor at once against it."""

import re

from selenium.webdriver.support.ui import Select

from pages import testid as by_testid


def test_a_visitor_picks_play_the_computer_and_plays_a_whole_game(browsers):
    me = browsers()
    me.open("/")
    me.clickable("create-game-ticTacToe").click()
    Select(me.visible("computer-level")).select_by_value("perfect")
    me.screenshot("lobby-play-the-computer")
    me.clickable("play-computer").click()
    me.wait().until(lambda d: re.search(r"/m/[A-Za-z0-9_-]{10,}$", d.current_url), "never reached a match page")
    # The creator without a remembered name is asked for one, then seated: the computer is already in,
    # so there is nobody to invite.
    me.until_text("stage-title", "Your match is ready")
    me.until_text("stage-hint", "the computer is waiting")
    assert not me.find("invite").is_displayed()
    me.join("Alice")
    me.until_text("seat-player2-name", "Computer")
    me.until_text("seat-player2-status", "Computer, perfect level")
    me.until_text("opponent-presence", "You play the computer (perfect)")
    assert not me.find("invite").is_displayed()
    me.visible("board")
    # Resigning is there; a draw offer is not (the computer does not answer one).
    me.visible("resign-button")
    assert not me.find("offer-draw").is_displayed()

    # Alice plays the first free cell each turn; the computer answers every move on its own.
    while True:
        me.wait(20).until(
            lambda d: d.find_element(*by_testid("result")).is_displayed()
            or d.find_element(*by_testid("turn")).text == "Your turn",
            "neither Alice's turn nor the end came",
        )
        if me.find("result").is_displayed():
            break
        free = [index for index, mark in enumerate(me.marks()) if not mark]
        me.move(*divmod(free[0], 3))
        if me.marks().count("O") == 1:
            me.screenshot("playing-the-computer")

    marks = me.marks()
    assert marks.count("O") >= 3, f"the computer played its moves: {marks}"
    # The perfect computer never loses: a draw or its win.
    result = me.text_of("result")
    assert re.fullmatch(r"Computer won \(three in a row\)|Draw", result), result
    me.screenshot("game-against-the-computer-finished")
