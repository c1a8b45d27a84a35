"""The page in English and Korean (issue 32, section 1).

- Every language has every key of the page's files (Public/i18n/*.json, each game's words under its
  id), compared with English; every language of the switch has its files, every game its words.
- Every string of every page and phase (the lobby, the match page waiting, offered, playing, watched and
  over, the replay, the 404 page), in each language: every rendered text node, live region, accessible
  name and description, placeholder and the title is a value of that language's files, or one with its
  `{placeholders}` filled in, or data (names typed, numbers, times, match codes); a string the page
  hard-codes or takes from another language fails (`pages.PageWords`).
- A whole game in Korean, in a Chromium whose language is Korean (`--lang=ko`, `intl.accept_languages`):
  the page follows `navigator.languages` on a first visit and `<html lang>` says so; the same check of
  its strings. Kalah and Random Win in Korean: test_i18n_games.py.
- Switching language with the top bar's control on the lobby, the match page, the replay and the 404
  page; remembered (localStorage) across pages and visits.
- No axe violation on every page in Korean (English: test_accessibility.py and the others); screenshots
  at 1280 and 375 px, light and dark, in both languages.
"""

from __future__ import annotations

import pytest

from page_words import core_words, expect_only_words_of, language_words
from pages import expect_no_axe_violations
from pairs import play, seat_pair

CORE = core_words()
NAMES = ("Alice", "Bob", "민지", "준호")


def test_every_language_has_every_key(browsers):
    english = set(CORE["en"])
    for language, words in CORE.items():
        assert set(words) == english, (
            f"{language}.json: missing {sorted(english - set(words))}, extra {sorted(set(words) - english)}"
        )
        assert all(isinstance(value, str) and value.strip() for value in words.values()), f"{language}.json: an empty value"

    browser = browsers()
    browser.open("/")
    found = language_words(browser)
    languages = [language["code"] for language in found["languages"]]
    assert sorted(languages) == sorted(CORE), "the switch lists a language without its file, or the reverse"
    # Each game's words are in the same files, under its id: a game the page knows has at least its name
    # there (the check above makes it every language's).
    for game in found["games"]:
        assert f"{game['id']}.name" in CORE["en"], f"{game['id']} has no words in the files (`{game['id']}.name`)"


def whose_turn_first(one, other):
    """`(first, second)`: the seated browser whose turn it is, then the other."""
    one.wait().until(lambda _: any("turn--mine" in (b.find("turn").get_attribute("class") or "") for b in (one, other)),
                     "nobody's turn")
    return (one, other) if "turn--mine" in (one.find("turn").get_attribute("class") or "") else (other, one)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_string_of_every_page_is_in_the_files(browsers, language):
    """Every text node and accessible name of every page and phase is a value of the reader's files, one
    with its placeholders filled in, or data (names typed here, numbers, match codes): a string the page
    hard-codes fails (pages.PageWords)."""
    first_name, second_name = NAMES[:2] if language == "en" else NAMES[2:]

    def check(browser, where):
        expect_only_words_of(browser, language, where, NAMES)

    visitor = browsers(language=language)
    visitor.open("/")
    visitor.wait().until(lambda _: visitor.find("open-matches-status").text not in ("", CORE[language]["common.loading"]))
    check(visitor, "the lobby")
    visitor.open("/no/such/page")
    visitor.visible("not-found")
    check(visitor, "the 404 page")
    visitor.open("/m/NoSuchMatch0000")
    # The server answers an unknown match with the 404 page, or the match page says so (a match gone).
    said = (CORE[language]["notFound.title"], CORE[language]["match.notFoundTitle"])
    visitor.wait().until(lambda _: any(title in visitor.text_of("not-found") for title in said))
    check(visitor, "an unknown match")

    alice = browsers(language=language)
    match_id = alice.create_match(listed=True)
    check(alice, "the creator asked for a name")
    alice.join(first_name)
    alice.until_text("stage-title", CORE[language]["stage.waiting"])
    check(alice, "waiting for an opponent")
    visitor.open("/")
    visitor.visible("open-match")
    check(visitor, "the lobby with an open match")
    bob = browsers(language=language)
    bob.open_match(match_id)
    bob.visible("join-form")
    check(bob, "the join form")
    bob.join(second_name)
    alice.visible("games")
    check(alice, "picking a game")
    alice.clickable("start-ticTacToe").click()
    bob.visible("offer-actions")
    check(alice, "a game offered")
    check(bob, "a game offered to me")
    bob.accept_offer()

    first, second = whose_turn_first(alice, bob)
    first.move(1, 1)
    watcher = browsers(language=language)
    watcher.open_match(match_id)
    watcher.visible("watching")
    for browser, where in ((first, "playing, their turn"), (second, "playing, my turn"), (watcher, "a spectator")):
        check(browser, where)
    first.clickable("leave-button").click()
    first.visible("leave-confirm")
    check(first, "the leave question")
    first.clickable("leave-cancel").click()

    play([(0, 0), (0, 1), (2, 2), (2, 1)], second, first)  # the second player wins down the middle column
    second.visible("result")
    for browser, where in ((first, "a game lost"), (second, "a game won"), (watcher, "a game over, watched")):
        browser.visible("past-game-1")
        check(browser, where)

    watcher.open(f"/m/{match_id}/games/1")
    watcher.visible("replay-first").click()
    watcher.clickable("replay-next").click()
    check(watcher, "the replay")
    watcher.open(f"/m/{match_id}/games/9")
    watcher.until_text("replay-title", CORE[language]["replay.noGame"].replace("{number}", "9"))
    check(watcher, "the replay of a game not played")


def test_a_whole_game_in_korean(browsers):
    visitor = browsers(language="ko")
    visitor.open("/")
    assert visitor.driver.execute_script("return document.documentElement.lang") == "ko"
    visitor.wait().until(lambda d: visitor.text_of("open-matches-status") != "불러오는 중…")
    assert "새 대국" in visitor.text_of("create-match") or "대국 만들기" == visitor.text_of("create-match")
    expect_only_words_of(visitor, "ko", "the lobby", NAMES)
    visitor.screenshot("ko-lobby")
    visitor.screenshot("ko-lobby", dark=True)
    expect_no_axe_violations(visitor, "the lobby in Korean")

    alice, bob, match_id = seat_pair(browsers, NAMES[2], NAMES[3], language="ko")
    assert alice.driver.execute_script("return document.documentElement.lang") == "ko"
    alice.until_text("games-title", "게임 제안하기")
    alice.start("ticTacToe", bob)
    alice.visible("turn")
    alice.wait().until(lambda d: alice.text_of("turn") in ("내 차례예요", "준호 님 차례예요"))
    first, second = (alice, bob) if alice.text_of("turn") == "내 차례예요" else (bob, alice)
    first.wait_my_turn()
    # A server error code, said in the reader's words (not the server's English sentence).
    second.cell(2, 2).click()
    assert second.wait_notice("notYourTurn").text.startswith("아직 내 차례가 아니에요.")
    assert first.text_of("turn") == "내 차례예요"
    assert first.driver.title == "내 차례 · 게임 테이블"
    expect_only_words_of(first, "ko", "a game in progress", NAMES)
    first.screenshot("ko-game")
    first.screenshot("ko-game", dark=True)
    expect_no_axe_violations(first, "a game in Korean")

    # X wins on the top row.
    play([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)], first, second)
    first.until_text("result", "내가 이겼어요 (세 개 연결)")
    second.until_text("result", "님이 이겼어요 (세 개 연결)")
    second.until_text("stage-title", "게임 끝")
    assert second.text_of("stage-hint") == "다음 판엔 꼭 이겨요."
    second.until_text("games-title", "한 판 더 제안하기")
    for browser in (first, second):
        expect_only_words_of(browser, "ko", "a finished game", NAMES)
    second.screenshot("ko-game-over")
    second.screenshot("ko-game-over", dark=True)
    expect_no_axe_violations(second, "a finished game in Korean")

    # Another game offered and declined, in Korean.
    first.clickable("start-ticTacToe").click()
    second.visible("offer-actions")
    second.clickable("offer-decline").click()
    first.until_text("offer-text", "거절했어요")

    # The replay of the game, in Korean.
    first.visible("past-games")
    first.open(f"/m/{match_id}/games/1")
    first.until_text("replay-title", "1번째 게임 · 틱택토")
    first.visible("replay-first").click()
    first.until_text("replay-position", "시작 · 전체 5수")
    first.clickable("replay-next").click()
    first.until_text("replay-position", "5수 중 1수째")
    assert first.driver.title.endswith("다시 보기 · 게임 테이블")
    expect_only_words_of(first, "ko", "the replay", NAMES)
    first.screenshot("ko-replay")
    first.screenshot("ko-replay", dark=True)
    expect_no_axe_violations(first, "the replay in Korean")

    first.open("/no-such-page")
    first.visible("not-found")
    first.wait().until(lambda d: d.title == "찾을 수 없음 · 게임 테이블", "the 404 page's title stayed English")
    expect_only_words_of(first, "ko", "the 404 page", NAMES)
    expect_no_axe_violations(first, "the 404 page in Korean")


def test_an_unknown_match_and_a_phone_in_korean(browsers):
    phone = browsers(375, 812, language="ko")
    phone.open("/m/NoSuchMatch0000")
    phone.visible("not-found")
    # The server answers an unknown match with the 404 page, or the match page says so (a match gone).
    phone.until_text("not-found", "없는")
    phone.wait().until(lambda d: "찾을 수 없음" in d.title, "the title stayed English")
    expect_only_words_of(phone, "ko", "an unknown match", NAMES)
    expect_no_axe_violations(phone, "an unknown match in Korean")


def _choose_language(browser, code: str) -> None:
    # The control is added once the page has translated its markup (js/i18n.js), after the load event.
    browser.visible("language")
    old = browser.driver.find_element("css selector", "html")
    browser.driver.execute_script(
        "const s = document.querySelector('[data-testid=\"language\"]'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('change'));",
        code,
    )
    browser.wait().until(lambda d: d.execute_script("return document.documentElement.lang") == code)
    browser.wait().until(lambda d: d.find_element("css selector", "html") != old)


def test_switching_language_on_every_page(browsers):
    alice = browsers()
    alice.open("/")
    assert alice.driver.execute_script("return document.documentElement.lang") == "en"
    switch = alice.visible("language")
    assert switch.accessible_name == "Language"
    assert alice.text_of("create-match") == "Create a match"
    # The product is named for what it offers, several games, not one of them (issue 32, section 4).
    brand = alice.driver.find_element("css selector", ".brand__name")
    assert (alice.driver.title, brand.text) == ("Game Table", "Game Table")
    expect_only_words_of(alice, "en", "the lobby in English", NAMES)
    alice.screenshot("en-lobby")
    alice.screenshot("en-lobby", dark=True)

    _choose_language(alice, "ko")
    alice.until_text("create-match", "대국 만들기")
    assert alice.driver.title == "게임 테이블"
    assert alice.driver.find_element("css selector", ".brand__name").text == "게임 테이블"
    assert alice.visible("language").accessible_name == "언어"
    assert alice.local_storage().get("tictactoe.language") == "ko"

    # Remembered on the next page, and switched back there.
    match_id = alice.create_match()
    assert alice.driver.execute_script("return document.documentElement.lang") == "ko"
    alice.until_text("join-button", "참가")
    alice.join("Alice")
    alice.until_text("stage-title", "상대를 기다리고 있어요")
    expect_only_words_of(alice, "ko", "waiting for an opponent", NAMES)
    alice.screenshot("ko-waiting")
    _choose_language(alice, "en")
    alice.until_text("stage-title", "Waiting for an opponent")
    alice.visible("leave-button")
    expect_only_words_of(alice, "en", "waiting for an opponent in English", NAMES)
    alice.screenshot("en-waiting")
    alice.screenshot("en-waiting", dark=True)
    assert alice.local_storage().get("tictactoe.language") == "en"

    # A Korean reader in the same match: each page in its own reader's language.
    bob = browsers(language="ko")
    bob.open_match(match_id)
    bob.join("Bob")
    bob.until_text("opponent-presence", "Alice 님이 접속해 있어요")
    alice.until_text("opponent-presence", "Bob is connected")
    bob.screenshot("ko-pick-a-game")
    bob.screenshot("ko-pick-a-game", dark=True)
    expect_no_axe_violations(bob, "picking a game in Korean")
    alice.until_attribute("games-title", "textContent", "Offer Bob a game")  # shown in capitals
    expect_only_words_of(alice, "en", "picking a game in English", NAMES)
    alice.screenshot("en-pick-a-game")
    alice.screenshot("en-pick-a-game", dark=True)
    # A Connect Four game offered in English, seen in Korean.
    alice.clickable("start-connectFour").click()
    bob.until_text("offer-text", "Alice 님이 사목 게임을 제안해요")
    expect_only_words_of(bob, "ko", "an offer in Korean", NAMES)
    bob.clickable("offer-accept").click()
    bob.visible("c4-board")
    bob.wait().until(lambda d: bob.text_of("stage-title") == "사목")
    expect_only_words_of(bob, "ko", "Connect Four in Korean", NAMES)
    expect_no_axe_violations(bob, "Connect Four in Korean")
    bob.screenshot("ko-connect-four")

    # The replay and the 404 page have the control too.
    alice.open("/no-such-page")
    _choose_language(alice, "ko")
    alice.until_text("not-found", "없는 페이지예요")
    _choose_language(alice, "en")
    alice.until_text("not-found", "This page does not exist")
