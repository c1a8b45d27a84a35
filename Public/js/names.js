// A player's name as the lobby asks for it: remembered between visits under the key the match page
// uses too, so that a name given in one place is offered in the other, and checked as the server
// checks a `login` (docs/PROTOCOL.md, `badName`) so that a refusal is said before anything is sent.

import { t } from './i18n.js';

const NAME_KEY = 'tictactoe.name';
export const NAME_MAX = 24;
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The name given last time, or ''. */
export function rememberedName() {
  try {
    return window.localStorage.getItem(NAME_KEY) || '';
  } catch {
    return '';
  }
}

/** Keeps `name` for next time (an empty one keeps the last). */
export function rememberName(name) {
  if (!name) return;
  try {
    window.localStorage.setItem(NAME_KEY, name);
  } catch {
    // Only a convenience: storage refused (private mode).
  }
}

/** Characters as a person sees them (grapheme clusters), as the server counts a name. */
function charactersIn(text) {
  if (typeof Intl === 'object' && typeof Intl.Segmenter === 'function') return [...new Intl.Segmenter().segment(text)].length;
  return [...text].length;
}

/** Why the server would refuse `name`, or '' when it is fine (an empty name is the seat's default). */
export function nameProblem(name) {
  if (charactersIn(name) > NAME_MAX) return t('name.tooLong', { max: NAME_MAX });
  if (UNSHOWABLE.test(name)) return t('name.unshowable');
  return '';
}

/**
 * `name` as the server compares accounts' names (docs/PROTOCOL.md, "Accounts"): trimmed, NFKC, case
 * folded, NFKC again, so that "Ann", "ann" and "ＡＮＮ" are one.
 */
export function foldName(name) {
  return String(name).trim().normalize('NFKC').toLowerCase().normalize('NFKC');
}
