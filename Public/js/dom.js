// The few DOM helpers every view of the page uses. Text goes in only through textContent: names come
// from other people and are never parsed as HTML.

/** The element with id `id` (match.html's and replay.html's elements all have one). */
export const $ = (id) => document.getElementById(id);

export function show(element, visible) {
  element.hidden = !visible;
}

/** Sets the text only when it changed: a rewrite of the same text would be spoken again by some screen readers. */
export function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

/**
 * The error line `error` under the field `input`: returns `say(text)`, which shows `text` (an empty one
 * hides the line) and marks the field invalid, putting the focus in it when `focus`. The line clears
 * as the person types.
 */
export function fieldError(input, error, { focus = true } = {}) {
  const say = (text) => {
    error.textContent = text;
    error.hidden = !text;
    input.setAttribute('aria-invalid', String(Boolean(text)));
    if (text && focus) input.focus();
  };
  input.addEventListener('input', () => say(''));
  return say;
}
