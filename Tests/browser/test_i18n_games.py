"""Kalah and Random Win in Korean (issue 32): a whole game of each in a Chromium whose language is Korean
(`--lang=ko`, `intl.accept_languages`, as test_i18n.py plays Tic Tac Toe), with the game's own words in
Korean, every string of the page in the Korean files (page_words.expect_only_words_of), no axe violation in
light or dark mode, and screenshots at 1280 and 375 px, light and dark.

Kalah's moves and the counts they give come from test_kalah.py's simulator of the rules.
"""

from __future__ import annotations

from page_words import core_words, expect_only_words_of
from pages import expect_no_axe_violations
from pairs import seat_pair
from test_kalah import GAME, GAME_POSITIONS, STORE, pit, play as sow, start_pits, until_announced, until_counts

KO = core_words()["ko"]
NAMES = ("민지", "준호")


def _said(key: str, **params) -> str:
    """The Korean files' sentence of `key`, its placeholders filled in."""
    text = KO[key]
    for name, value in params.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def _korean_game(browsers, game_id: str, game_name: str):
    """민지 and 준호 seated in a new match, both pages in Korean; 민지 offers the game by its Korean
    button and 준호 accepts. Returns both browsers and the match id."""
    minji, junho, match_id = seat_pair(browsers, *NAMES, language="ko")
    for browser in (minji, junho):
        assert browser.driver.execute_script("return document.documentElement.lang") == "ko"
    minji.until_text(f"start-{game_id}", _said("games.play", game=game_name))
    minji.start(game_id, junho)
    for browser in (minji, junho):
        browser.until_text("stage-title", game_name)
    return minji, junho, match_id


def _check(browser, where: str, shot: str | None = None) -> None:
    """Every string in the Korean files, no axe violation (light and dark), and screenshots at both widths
    in light and dark mode when `shot` names them."""
    expect_only_words_of(browser, "ko", where, NAMES)
    expect_no_axe_violations(browser, where)
    if shot:
        browser.screenshot(shot)
        browser.screenshot(shot, dark=True)


def test_a_whole_game_of_kalah_in_korean(browsers):
    minji, junho, match_id = _korean_game(browsers, "kalah", "칼라")
    for browser in (minji, junho):
        until_counts(browser, start_pits())
    minji.wait_my_turn()
    junho.until_text("turn", _said("turn.theirs", name="민지"))
    assert pit(minji, "player1", 2).get_attribute("aria-label") == "내 3번 구멍, 씨앗 4개"
    assert pit(junho, "player1", 2).get_attribute("aria-label") == "민지 님의 3번 구멍, 씨앗 4개"

    # 민지's pit 3 ends in her store: she plays again, and both are told so in Korean.
    seats = {"player1": minji, "player2": junho}
    sow(GAME[:1], 0, seats)
    until_announced(minji, "민지 님이 3번 구멍을 뿌렸어요 — 한 번 더 내 차례예요")
    until_announced(junho, "민지 님이 3번 구멍을 뿌렸어요 — 민지 님이 한 번 더 둬요")
    minji.until_text("last-move", "마지막 수: 민지 님, 3번 구멍 — 한 번 더")
    # Her pit 3 is empty now: the game's own words, in Korean.
    pit(minji, "player1", 2).click()
    assert "빈 구멍이에요." in minji.wait_notice("cellTaken").text
    sow(GAME[1:6], 1, seats)
    _check(minji, "Kalah in progress in Korean", "ko-kalah-playing")
    _check(junho, "Kalah in progress, the other seat, in Korean")

    sow(GAME[6:], 6, seats)
    final, _ = GAME_POSITIONS[-1]
    first, second = final[STORE["player1"]], final[STORE["player2"]]
    assert first > second
    minji.until_text("result", _said("result.youWonScore"))
    junho.until_text("result", _said("result.theyWonScore", winner="민지"))
    junho.until_text("last-move", f"최종 창고: 민지 {first}, 준호 {second}")
    until_announced(junho, f"민지 님이 점수로 이겼어요. 민지 님이 {first} 대 {second}로 이겼어요")
    _check(minji, "Kalah won in Korean", "ko-kalah-won")
    _check(junho, "Kalah lost in Korean", "ko-kalah-lost")

    # Its replay, in Korean.
    minji.visible("past-game-1")
    minji.open(f"/m/{match_id}/games/1")
    minji.until_text("replay-title", "1번째 게임 · 칼라")
    minji.until_text("replay-position", _said("replay.move", current=len(GAME), total=len(GAME)))
    minji.clickable("replay-first").click()
    minji.clickable("replay-next").click()
    minji.until_text("replay-last", "민지: 3번 구멍")
    _check(minji, "the replay of Kalah in Korean", "ko-kalah-replay")


def test_a_whole_game_of_random_win_in_korean(browsers):
    minji, junho, match_id = _korean_game(browsers, "randomWin", "운명의 주사위")
    for browser in (minji, junho):
        browser.visible("roll-button")
    assert junho.text_of("roll-button") == "주사위 굴리기"
    assert junho.text_of("stage-hint") == "주사위를 굴리면 운이 승자를 정해요."
    _check(junho, "Random Win before the roll in Korean", "ko-random-win-playing")

    junho.clickable("roll-button").click()
    said = {_said("result.youWon"), _said("result.theyWon", winner="민지"), _said("result.theyWon", winner="준호")}
    for browser in (minji, junho):
        browser.wait().until(lambda _, b=browser: b.text_of("result") in said, "no result of the roll, in Korean")
        browser.visible("random-win")
    junho.until_text("last-move", "내가 주사위를 굴렸어요.")
    minji.until_text("last-move", "준호 님이 주사위를 굴렸어요.")
    winner = "민지" if minji.text_of("result") == _said("result.youWon") else "준호"
    _check(minji, "Random Win rolled, seen by the other player, in Korean", "ko-random-win-rolled")
    _check(junho, "Random Win rolled, seen by the roller, in Korean")

    # Its replay says the roll in Korean.
    junho.visible("past-game-1")
    junho.open(f"/m/{match_id}/games/1")
    junho.until_text("replay-title", "1번째 게임 · 운명의 주사위")
    junho.until_text("replay-last", f"준호 님이 굴림: {winner} 님 승리")
    _check(junho, "the replay of Random Win in Korean", "ko-random-win-replay")
