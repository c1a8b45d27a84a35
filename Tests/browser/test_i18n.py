"""The page in English and Korean (issue 32, section 1).

- Every language has every key: the page core's files (Public/i18n/*.json) and each game's `words`
  (beside its module), compared with English; every language of the switch has its files.
- A whole game in Korean, in a Chromium whose language is Korean (`--lang=ko`, `intl.accept_languages`):
  the page follows `navigator.languages` on a first visit, `<html lang>` says so, and no string of the
  page (text, accessible names, placeholders, the title) holds a word that is not in the Korean files,
  names and numbers aside.
- Switching language with the top bar's control on the lobby, the match page, the replay and the 404
  page; remembered (localStorage) across pages and visits.
- No axe violation on every page in Korean (English: test_accessibility.py and the others); screenshots
  at 1280 and 375 px, light and dark, in both languages.
"""

from __future__ import annotations

import json
import pathlib
import re

from pages import expect_no_axe_violations, play

REPO = pathlib.Path(__file__).resolve().parents[2]
CORE = {path.stem: json.loads(path.read_text()) for path in sorted((REPO / "Public" / "i18n").glob("*.json"))}
NAMES = ("Alice", "Bob", "민지", "준호")

# The strings a page shows and says: text of rendered elements (not the language control's own names,
# each in its own language; not the RIB tree's server-side identifiers), accessible names, placeholders,
# live regions (visually hidden, so not "rendered" by size), and the title.
_PAGE_STRINGS = r"""
const strings = [document.title];
const skip = (el) => el.closest('.language, [data-testid="ribs-tree"], code, [hidden]');
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const el = node.parentElement;
  const text = node.textContent.trim();
  if (!text || !el || skip(el) || ['SCRIPT', 'STYLE'].includes(el.tagName)) continue;
  const style = getComputedStyle(el);
  if (style.display === 'none' || style.visibility === 'hidden') continue;
  strings.push(text);
}
for (const el of document.querySelectorAll('[aria-label], [placeholder], [alt]')) {
  if (skip(el)) continue;
  for (const name of ['aria-label', 'placeholder', 'alt']) {
    const value = el.getAttribute(name);
    if (value) strings.push(value);
  }
}
return strings;
"""

_GAME_WORDS = r"""
const done = arguments[arguments.length - 1];
Promise.all([import('/js/games/index.js'), import('/js/i18n.js')]).then(([games, i18n]) => done({
  languages: i18n.LANGUAGES.map((language) => language.code),
  games: games.GAMES.map((game) => ({ id: game.id, words: game.words || {} })),
}));
"""


def _words(text: str) -> set[str]:
    """The words of `text`: runs of Latin or Hangul letters (numbers, marks and names are not words)."""
    return set(re.findall(r"[A-Za-z]{2,}|[가-힣]+", text))


def _vocabulary(browser, language: str) -> set[str]:
    found = browser.driver.execute_async_script(_GAME_WORDS)
    texts = list(CORE[language].values())
    for game in found["games"]:
        texts.extend((game["words"].get(language) or {}).values())
    words: set[str] = set()
    for text in texts:
        words |= _words(re.sub(r"\{\w+\}", " ", text))
    return words


def expect_only_words_of(browser, language: str, where: str, allowed: tuple[str, ...] = ()) -> None:
    """Fails when a string of the page holds a word that no value of `language`'s files has.

    A Korean word is allowed when a word of the files starts it (a name's particle: "Alice 님이").
    """
    vocabulary = _vocabulary(browser, language) | set(NAMES) | {"RIB", "RIBs"} | set(allowed)
    strange = []
    for text in browser.driver.execute_script(_PAGE_STRINGS):
        for word in _words(text) - vocabulary:
            if re.fullmatch(r"[가-힣]+", word) and any(word.startswith(known) for known in vocabulary if len(known) > 1):
                continue
            strange.append(f"{word!r} in {text!r}")
    assert not strange, f"{where}: words not in the {language} files:\n" + "\n".join(sorted(set(strange)))


def test_every_language_has_every_key(browsers):
    english = set(CORE["en"])
    for language, words in CORE.items():
        assert set(words) == english, (
            f"{language}.json: missing {sorted(english - set(words))}, extra {sorted(set(words) - english)}"
        )
        assert all(isinstance(value, str) and value.strip() for value in words.values()), f"{language}.json: an empty value"

    browser = browsers()
    browser.open("/")
    found = browser.driver.execute_async_script(_GAME_WORDS)
    assert sorted(found["languages"]) == sorted(CORE), "the switch lists a language without its file, or the reverse"
    for game in found["games"]:
        english_words = set(game["words"].get("en", {}))
        assert english_words, f"{game['id']} has no English words"
        for language in found["languages"]:
            words = set(game["words"].get(language, {}))
            assert words == english_words, (
                f"{game['id']} in {language}: missing {sorted(english_words - words)}, extra {sorted(words - english_words)}"
            )


def _seat_pair(browsers, language: str, width: int = 1280, height: int = 900):
    alice = browsers(width, height, language=language)
    match_id = alice.create_match()
    alice.join(NAMES[0] if language == "en" else NAMES[2])
    bob = browsers(width, height, language=language)
    bob.driver.get(alice.invite_link())
    bob.join(NAMES[1] if language == "en" else NAMES[3])
    for browser in (alice, bob):
        browser.visible("scoreboard")
    return alice, bob, match_id


def test_a_whole_game_in_korean(browsers):
    visitor = browsers(language="ko")
    visitor.open("/")
    assert visitor.driver.execute_script("return document.documentElement.lang") == "ko"
    visitor.wait().until(lambda d: visitor.text_of("open-matches-status") != "불러오는 중…")
    assert "새 대국" in visitor.text_of("create-match") or "대국 만들기" == visitor.text_of("create-match")
    expect_only_words_of(visitor, "ko", "the lobby")
    visitor.screenshot("ko-lobby")
    visitor.screenshot("ko-lobby", dark=True)
    expect_no_axe_violations(visitor, "the lobby in Korean")

    alice, bob, match_id = _seat_pair(browsers, "ko")
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
    expect_only_words_of(first, "ko", "a game in progress")
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
        expect_only_words_of(browser, "ko", "a finished game")
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
    expect_only_words_of(first, "ko", "the replay")
    first.screenshot("ko-replay")
    first.screenshot("ko-replay", dark=True)
    expect_no_axe_violations(first, "the replay in Korean")

    first.open("/no-such-page")
    first.visible("not-found")
    first.wait().until(lambda d: d.title == "찾을 수 없음 · 게임 테이블", "the 404 page's title stayed English")
    expect_only_words_of(first, "ko", "the 404 page")
    expect_no_axe_violations(first, "the 404 page in Korean")


def test_an_unknown_match_and_a_phone_in_korean(browsers):
    phone = browsers(375, 812, language="ko")
    phone.open("/m/NoSuchMatch0000")
    phone.visible("not-found")
    # The server answers an unknown match with the 404 page, or the match page says so (a match gone).
    phone.until_text("not-found", "없는")
    phone.wait().until(lambda d: "찾을 수 없음" in d.title, "the title stayed English")
    expect_only_words_of(phone, "ko", "an unknown match")
    expect_no_axe_violations(phone, "an unknown match in Korean")


def _choose_language(browser, code: str) -> None:
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
    expect_only_words_of(alice, "en", "the lobby in English")
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
    expect_only_words_of(alice, "ko", "waiting for an opponent")
    alice.screenshot("ko-waiting")
    _choose_language(alice, "en")
    alice.until_text("stage-title", "Waiting for an opponent")
    alice.visible("leave-button")
    expect_only_words_of(alice, "en", "waiting for an opponent in English")
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
    expect_only_words_of(alice, "en", "picking a game in English")
    alice.screenshot("en-pick-a-game")
    alice.screenshot("en-pick-a-game", dark=True)
    # A Connect Four game offered in English, seen in Korean.
    alice.clickable("start-connectFour").click()
    bob.until_text("offer-text", "Alice 님이 사목 게임을 제안해요")
    expect_only_words_of(bob, "ko", "an offer in Korean")
    bob.clickable("offer-accept").click()
    bob.visible("c4-board")
    bob.wait().until(lambda d: bob.text_of("stage-title") == "사목")
    expect_only_words_of(bob, "ko", "Connect Four in Korean")
    expect_no_axe_violations(bob, "Connect Four in Korean")
    bob.screenshot("ko-connect-four")

    # The replay and the 404 page have the control too.
    alice.open("/no-such-page")
    _choose_language(alice, "ko")
    alice.until_text("not-found", "없는 페이지예요")
    _choose_language(alice, "en")
    alice.until_text("not-found", "This page does not exist")
