// Roving tabindex for a board's controls: one of them is in the tab order, arrow keys move between
// them (https://www.w3.org/WAI/ARIA/apg/practices/keyboard-interface/#kbd_roving_tabindex).

/** Keeps the control that holds the tab stop (the first one at the start) as the only tab stop. */
export function keepOneTabStop(items) {
  const active = Math.max(0, items.findIndex((item) => item.getAttribute('tabindex') === '0'));
  items.forEach((item, index) => {
    item.tabIndex = index === active ? 0 : -1;
  });
}

/** Moves the tab stop to `items[index]` and focuses it. */
export function focusItem(items, index) {
  items.forEach((item, i) => {
    item.tabIndex = i === index ? 0 : -1;
  });
  items[index].focus();
}

/** The control that holds the tab stop, or null. */
export function tabStop(items) {
  return items.find((item) => item.tabIndex === 0) ?? null;
}
