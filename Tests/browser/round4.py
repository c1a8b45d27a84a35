"""Helpers of the tests of issue 40's page findings (test_round4_*.py): screenshots kept per finding
before and after the change, boxes of elements, and what a reader sees that a box cannot tell (a word
broken over two lines, a countdown, a text cut short).

Screenshots go to test-artifacts/issue40/<phase>/ (git-ignored with test-artifacts/), `phase` being
$ISSUE40_PHASE: `after` unless a run of the unchanged page (`before`) says otherwise.
"""

from __future__ import annotations

import os
import re

from pages import REPO

SHOTS = REPO / "test-artifacts" / "issue40" / os.environ.get("ISSUE40_PHASE", "after")
DESKTOP_800 = (1280, 800)
PHONE = (375, 812)

_RECT = (
    "const r = arguments[0].getBoundingClientRect();"
    "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height};"
)


def shots(browser, name: str, sizes=(DESKTOP_800, PHONE), dark: bool = True, light: bool = True) -> None:
    """Screenshots of the page as it is, light and dark at each size, into SHOTS as `<name>-….png`."""
    kept = browser.screenshots
    browser.screenshots = SHOTS
    try:
        if light:
            browser.screenshot(name, sizes=sizes)
        if dark:
            browser.screenshot(name, sizes=sizes, dark=True)
    finally:
        browser.screenshots = kept


def rect(browser, element) -> dict:
    """The element's box in the viewport (an element, or a test id)."""
    if isinstance(element, str):
        element = browser.find(element)
    return browser.driver.execute_script(_RECT, element)


def overlap(a: dict, b: dict) -> bool:
    """Whether two boxes share any area."""
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


# Every word (between spaces) of the visible text that the browser drew over more than one line. A name
# longer than its line may wrap anywhere (`overflow-wrap: anywhere`): `allowed` lists such names.
_BROKEN_WORDS = r"""
const allowed = new Set(arguments[0]);
const broken = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const el = node.parentElement;
  if (!el || el.closest('[hidden], .visually-hidden, script, style, option, select')) continue;
  const style = getComputedStyle(el);
  if (style.display === 'none' || style.visibility === 'hidden' || !el.getClientRects().length) continue;
  const text = node.textContent;
  const pattern = /\S+/g;
  for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
    if (found[0].length < 2 || allowed.has(found[0])) continue;
    const range = document.createRange();
    range.setStart(node, found.index);
    range.setEnd(node, found.index + found[0].length);
    const lines = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0.5).map((r) => Math.round(r.top)));
    if (lines.size > 1) broken.push(`${found[0]} (in "${el.textContent.trim().slice(0, 60)}")`);
  }
}
return broken;
"""


def broken_words(browser, allowed=()) -> list[str]:
    """The words of the page drawn over two lines or more (a word broken in the middle)."""
    return browser.driver.execute_script(_BROKEN_WORDS, list(allowed))


# A countdown as the page writes one, in either language: "0:53", "13 s", "13초".
COUNTDOWN = re.compile(r"\b\d+:\d\d\b|\b\d+ s\b|\d+초")


def visible_text(browser) -> str:
    """What the reader sees of the match page (the top bar and the notices left out)."""
    return browser.driver.execute_script("return document.querySelector('main').innerText")


# The width the text needs, in the element's own font: to tell a text cut short (an ellipsis, a
# placeholder under its field's edge) from one that fits.
_TEXT_WIDTH = r"""
const el = arguments[0], text = arguments[1];
const style = getComputedStyle(el);
const canvas = document.createElement('canvas').getContext('2d');
canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
return canvas.measureText(text).width;
"""


def text_width(browser, element, text: str) -> float:
    return browser.driver.execute_script(_TEXT_WIDTH, element, text)


def inner_width(browser, element) -> float:
    """The element's width inside its padding and border."""
    return browser.driver.execute_script(
        "const s = getComputedStyle(arguments[0]);"
        "return arguments[0].clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);",
        element,
    )
