"""Contrast of what the page draws, measured from computed styles (axe does not test graphics: WCAG 1.4.11)."""

import re

# Every faded mark or disc of a finished board, with the colours that make it out: the mark's own colour
# (an X's bars, an O's ring, a disc's fill), the letter on a disc, its cell's background and its opacity.
_FADED = """
const out = [];
for (const el of document.querySelectorAll('.board--over .cell:not(.cell--win) .mark, .board--over .c4-cell:not(.c4-cell--win) .disc')) {
  if (el.offsetParent === null) continue;  // a board not on screen (another game's)
  const style = getComputedStyle(el);
  const cell = el.closest('.cell, .c4-cell');
  let colour;
  if (el.classList.contains('mark--x')) colour = getComputedStyle(el, '::before').backgroundColor;
  else if (el.classList.contains('mark--o')) colour = style.borderTopColor;
  else colour = style.backgroundColor;
  out.push({
    what: el.className, colour, opacity: style.opacity, background: getComputedStyle(cell).backgroundColor,
    letter: el.classList.contains('disc') ? style.color : null,
  });
}
return out;
"""


def _rgb(text: str) -> tuple[float, float, float]:
    parts = [float(p) for p in re.findall(r"[\d.]+", text)[:3]]
    return parts[0], parts[1], parts[2]


def _luminance(rgb) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a, b) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _blend(fg, bg, alpha: float):
    return tuple(alpha * f + (1 - alpha) * g for f, g in zip(fg, bg))


def faded_contrasts(driver) -> list[tuple[str, float]]:
    """(what, ratio) for each faded mark against its cell, and each faded disc's letter against the disc."""
    found = []
    for item in driver.execute_script(_FADED):
        alpha = float(item["opacity"])
        background = _rgb(item["background"])
        shown = _blend(_rgb(item["colour"]), background, alpha)
        found.append((item["what"], ratio(shown, background)))
        if item["letter"]:
            found.append((item["what"] + " letter", ratio(_blend(_rgb(item["letter"]), background, alpha), shown)))
    return found
