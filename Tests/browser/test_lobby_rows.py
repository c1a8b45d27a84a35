"""Issue 40, item 3: a row of "Open matches" names the game (the server knows it: the lobby's "New
match" sends `gameId`), the clock, who waits and for how long, and stays readable at 1280, 1024 and
375 px wide: no word of it is broken across lines. Before, at 1280×800 the status was squeezed into a
column 50 px wide ("Waiti/ng / for…") and nothing said which game."""

from __future__ import annotations

import json
import urllib.request

from pages import set_viewport

SIZES = [(1280, 800), (1024, 768), (375, 812)]

# Every word of the row's text (split at spaces) as the page lays it out: a word drawn on more than one
# line box was broken. Ranges over each text node, so that the layout's own lines are measured.
_BROKEN_WORDS = """
const row = arguments[0];
const broken = [];
const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  if (!node.parentElement || node.parentElement.closest('[hidden]')) continue;
  const text = node.textContent;
  const re = /\\S+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const range = document.createRange();
    range.setStart(node, m.index);
    range.setEnd(node, m.index + m[0].length);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    if (tops.size > 1) broken.push(m[0]);
  }
}
return broken;
"""


# The elements that reach past the viewport's right edge, innermost first: what makes the page scroll.
_WIDER_THAN_THE_PAGE = """
const out = [];
for (const el of document.querySelectorAll('body *')) {
  const r = el.getBoundingClientRect();
  if (r.width > 0 && r.right > innerWidth + 1 && !el.querySelector('*')) {
    out.push(`${el.tagName}.${el.className} ${el.dataset.testid || ''} ${Math.round(r.left)}-${Math.round(r.right)}`);
  }
}
return out.slice(0, 8);
"""


def _summary(base_url: str, match_id: str) -> dict:
    with urllib.request.urlopen(f"{base_url}/api/matches/{match_id}", timeout=5) as response:
        return json.loads(response.read())


def test_a_lobby_row_names_the_game_the_clock_who_waits_and_breaks_no_word(browsers, server):
    alice = browsers()
    alice.open("/")
    alice.clickable("create-clock-3+2").click()
    match_id = alice.create_match("kalah", listed=True)
    alice.join("Bartholomew")
    # The server was told the game: its summary names it.
    assert _summary(server.base_url, match_id).get("gameId") == "kalah"

    visitor = browsers(1280, 800)
    visitor.open("/")
    selector = f'[data-testid="open-match"][data-match-id="{match_id}"]'
    visitor.wait().until(lambda d: d.find_elements("css selector", selector), "the lobby never listed the match")
    row = visitor.driver.find_element("css selector", selector)
    text = row.text
    for words in ("Kalah", "Bartholomew is waiting", "Clock: 3 min + 2 s"):
        assert words in text, (words, text)
    for width, height in SIZES:
        set_viewport(visitor.driver, width, height)
        visitor.wait().until(lambda d: d.execute_script("return innerWidth") == width)
        row = visitor.driver.find_element("css selector", selector)
        broken = visitor.driver.execute_script(_BROKEN_WORDS, row)
        assert broken == [], (width, broken)
        detail = row.find_element("css selector", '[data-testid="open-match-detail"]')
        assert detail.size["width"] >= 150, (width, detail.size)
        wide = visitor.driver.execute_script(_WIDER_THAN_THE_PAGE)
        assert wide == [], (width, wide)
        visitor.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", row)
        visitor.screenshot(f"lobby-row-{width}", sizes=((width, height),))
    # The Korean page says the same in Korean, words kept whole.
    korean = browsers(375, 812, language="ko")
    korean.open("/")
    korean.wait().until(lambda d: d.find_elements("css selector", selector), "the Korean lobby never listed the match")
    row = korean.driver.find_element("css selector", selector)
    assert "칼라" in row.text or "Kalah" in row.text, row.text
    assert "Bartholomew 님이 기다리는 중" in row.text, row.text
    assert korean.driver.execute_script(_BROKEN_WORDS, row) == []
    korean.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", row)
    korean.screenshot("lobby-row-ko", sizes=((375, 812),))
