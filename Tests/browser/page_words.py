"""Every string a page shows is in the language files (issue 32): the page's words read back and
compared with Public/i18n/*.json."""

from __future__ import annotations

import functools
import json
import re

from pages import REPO, Browser


# The strings a page shows and says: every rendered text node (live regions too: visually hidden, not
# `display: none`), every accessible name and description (aria-label, aria-description, title, alt,
# placeholder) and the document's title. Left out: what is not shown (`hidden`, `display: none`,
# `visibility: hidden`), and the server's own identifiers (a RIB's name, `code`). With them, the codes of
# the matches the page is on or links to (data it may show).
_PAGE_STRINGS = r"""
const strings = [document.title];
const codes = [location.pathname, ...Array.from(document.querySelectorAll('a[href]'), (a) => a.getAttribute('href'))]
  .map((path) => (path.match(/^\/m\/([A-Za-z0-9_-]{10,})/) || [])[1]).filter(Boolean);
const skip = (el) => el.closest('[hidden], .rib__name, code');
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const el = node.parentElement;
  const text = node.textContent.trim();
  if (!text || !el || skip(el) || ['SCRIPT', 'STYLE', 'TEMPLATE'].includes(el.tagName)) continue;
  const style = getComputedStyle(el);
  if (style.display === 'none' || style.visibility === 'hidden') continue;
  strings.push(text);
}
const names = ['aria-label', 'aria-description', 'title', 'alt', 'placeholder'];
for (const el of document.body.querySelectorAll(names.map((name) => `[${name}]`).join(', '))) {
  if (skip(el)) continue;
  for (const name of names) {
    const value = el.getAttribute(name);
    if (value && value.trim()) strings.push(value.trim());
  }
}
return { strings, codes };
"""

# What the page's modules say of their languages (the language control says each in its own language)
# and which games it knows (each game's words are in the files, under its id).
_LANGUAGE_WORDS = r"""
const done = arguments[arguments.length - 1];
Promise.all([import('/js/games/index.js'), import('/js/i18n.js')]).then(([games, i18n]) => done({
  languages: i18n.LANGUAGES.map((language) => ({ code: language.code, name: language.name })),
  games: games.GAMES.map((game) => ({ id: game.id })),
}));
"""

_PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Data, not words: the seats' marks (the same in every language), and any string without a letter
# (numbers, times and clocks such as "4", "1:05", "+3"; a glyph such as "×").
_MARKS = ("X", "O")
_LETTER = re.compile(r"[^\W\d_]")


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def core_words() -> dict[str, dict[str, str]]:
    """The page's files of words, Public/i18n/<language>.json (each game's under its id), by language."""
    return {path.stem: json.loads(path.read_text()) for path in sorted((REPO / "Public" / "i18n").glob("*.json"))}


def language_words(browser: Browser) -> dict:
    """What the page's modules say of their languages and games (`languages`, `games`)."""
    return browser.driver.execute_async_script(_LANGUAGE_WORDS)


class PageWords:
    """The values of one language's files (the core's and every game's), each a template whose
    `{placeholders}` may be filled with another allowed string or with data (`names`, numbers, codes).

    Allowed strings may also be put together as sentences said one after the other (the page may end
    one with a full stop), or as a list joined by ", " or by a joiner of the files (a value that starts
    and ends with a space: " vs ", " · ")."""

    def __init__(self, values, names=()):
        values = list(values)
        self.exact = {_normal(value) for value in values}
        self.names = {_normal(name) for name in (*names, *_MARKS)}
        self.joiners = sorted({value for value in values if value.strip() and value != value.strip()} | {", "},
                              key=len, reverse=True)
        self.templates = []
        for value in self.exact:
            if not _PLACEHOLDER.search(value):
                continue
            parts = _PLACEHOLDER.split(value)  # literal, name, literal, name, …, literal
            literals = [re.escape(part) for part in parts[0::2]]
            for fill in ("(.+?)", "(.+)"):
                pattern = literals[0] + "".join(fill + literal for literal in literals[1:])
                self.templates.append(re.compile(pattern))
        self.allowed = functools.lru_cache(maxsize=None)(self._allowed)

    def _allowed(self, text: str, depth: int = 0) -> bool:
        text = _normal(text)
        if not _LETTER.search(text) or text in self.exact or text in self.names:
            return True
        if depth >= 4:
            return False
        for template in self.templates:
            found = template.fullmatch(text)
            if found and all(self.allowed(group, depth + 1) for group in found.groups()):
                return True
        if text.endswith(".") and self.allowed(text[:-1], depth + 1):
            return True
        said = re.split(r"(?<=[.!?…])\s+", text)
        if len(said) > 1 and all(self.allowed(sentence, depth + 1) for sentence in said):
            return True
        for joiner in self.joiners:
            parts = text.split(joiner)
            if len(parts) > 1 and all(self.allowed(part, depth + 1) for part in parts):
                return True
        return False


def page_words(browser: Browser, language: str, names=()) -> PageWords:
    found = language_words(browser)
    values = list(core_words()[language].values())
    values.extend(entry["name"] for entry in found["languages"])
    return PageWords(values, names)


def strings_not_in_the_files(browser: Browser, language: str, names=()) -> list[str]:
    """The page's strings that are neither a value of `language`'s files, nor one with its placeholders
    filled in, nor data (`names` the test typed, numbers, times, the codes of the matches it links to)."""
    shown = browser.driver.execute_script(_PAGE_STRINGS)
    words = page_words(browser, language, (*names, *shown["codes"]))
    return sorted({text for text in shown["strings"] if not words.allowed(text)})


def expect_only_words_of(browser: Browser, language: str, where: str, names=()) -> None:
    """Fails, listing them, when the page shows or says a string that is not in `language`'s files.
    (Once the page has translated its markup: js/i18n.js adds the language control after that.)"""
    browser.visible("language")
    strange = strings_not_in_the_files(browser, language, names)
    assert not strange, f"{where}: strings not in the {language} files:\n" + "\n".join(map(repr, strange))
