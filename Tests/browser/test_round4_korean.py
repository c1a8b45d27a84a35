"""Issue 40, item 6: the page in Korean. Words are never broken in the middle ("두 / 어요"): Korean text
wraps between words (`word-break: keep-all`), long names anywhere; the computer is named from
`computer: true` in the reader's language on the seat, the scoreboard, the clocks and every sentence;
at 375 px the top bar shows the brand and the language menu whole ("게…" and "Eng…" were cut)."""

from __future__ import annotations

import re

import pytest
from selenium.webdriver.support.ui import Select

from page_words import core_words
from pages import expect_no_axe_violations, set_viewport
from round4 import broken_words, inner_width, shots, text_width, visible_text

KO = core_words()["ko"]
NAME = "민지"


def _at(browser, width: int, height: int) -> None:
    set_viewport(browser.driver, width, height)
    browser.wait().until(lambda d: d.execute_script("return innerWidth") == width)
    browser.driver.execute_async_script("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));")


def _unbroken_at_both_widths(browser, where: str) -> None:
    problems = []
    for width, height in ((375, 812), (1280, 800)):
        _at(browser, width, height)
        problems += [f"{width} px: {word}" for word in broken_words(browser)]
    assert not problems, f"{where}: words broken over two lines:\n" + "\n".join(problems)


def test_korean_words_stay_whole_and_the_computer_is_named_in_korean(browsers):
    me = browsers(375, 812, language="ko")
    me.open("/")
    me.clickable("create-game-ticTacToe").click()
    me.clickable("create-clock-3+2").click()
    Select(me.visible("computer-level")).select_by_value("easy")
    me.clickable("play-computer").click()
    me.wait().until(lambda d: re.search(r"/m/[A-Za-z0-9_-]{10,}$", d.current_url), "never reached a match page")
    me.join(NAME)
    me.visible("board")
    me.visible("clocks")
    shots(me, "item6-korean-computer-playing")
    computer = KO["seat.computer"]
    for test_id in ("seat-player2-name", "score-name-player2", "clock-player2-name"):
        me.until_text(test_id, computer)
    assert "Computer" not in visible_text(me), visible_text(me)
    assert me.driver.execute_script("return getComputedStyle(document.querySelector('.stage__hint') || document.body).wordBreak") == "keep-all"
    _unbroken_at_both_widths(me, "playing the computer")

    # A whole game: the first free cell each turn; the computer's own moves are said in Korean too.
    while True:
        me.wait(20).until(
            lambda d: me.find("result").is_displayed() or "turn--mine" in (me.find("turn").get_attribute("class") or ""),
            "neither our turn nor the end came",
        )
        if me.find("result").is_displayed():
            break
        free = [index for index, mark in enumerate(me.marks()) if not mark]
        me.move(*divmod(free[0], 3))
    _at(me, 375, 812)
    shots(me, "item6-korean-computer-over")
    assert "Computer" not in visible_text(me) + me.driver.execute_script("return document.title")
    assert "Computer" not in me.text_of("announcer")
    _unbroken_at_both_widths(me, "the game over")
    expect_no_axe_violations(me, "a game against the computer in Korean")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_top_bar_at_375_px_shows_the_brand_and_the_language_whole(browsers, language):
    alice = browsers(375, 812, language=language)
    alice.create_match()
    alice.join("Alice")
    alice.visible("invite")
    shots(alice, f"item6-top-bar-{language}", sizes=((375, 812),))
    brand = alice.driver.find_element("css selector", ".brand__name")
    cut = alice.driver.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth + 1", brand)
    assert not cut, f"the brand is cut: {brand.text!r}"
    select = alice.find("language")
    shown = Select(select).first_selected_option.text
    # The text and the menu's arrow (about 20 px) inside the select's padding.
    room = inner_width(alice, select) - 20
    assert text_width(alice, select, shown) <= room, f"{shown!r} needs {text_width(alice, select, shown):.0f} px, has {room:.0f}"
    assert alice.driver.execute_script("return document.documentElement.scrollWidth") <= 375
    if language == "ko":
        _unbroken_at_both_widths(alice, "the waiting page")
