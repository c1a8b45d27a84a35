// A match's time control (docs/PROTOCOL.md, issue 30): `{initial, increment}` in seconds, or null for
// a match without a clock. Reading it from the wire, saying it in words, and the few choices the
// lobby offers (remembered between visits, as the name is). No DOM.

import { t } from './i18n.js';

/**
 * The choices of the lobby's "New match" and "Play someone now", in order: `id` is the radio's value
 * (and its test id's end), `control` what is sent as `clock` (null: none sent).
 */
export const CLOCK_CHOICES = [
  { id: 'none', control: null },
  { id: '1+0', control: { initial: 60, increment: 0 } },
  { id: '3+2', control: { initial: 180, increment: 2 } },
  { id: '10+5', control: { initial: 600, increment: 5 } },
].map((choice) => ({ ...choice, name: choice.control ? timeControlWords(choice.control) : t('clock.none') }));

const CHOICE_KEY = 'tictactoe.clock';

/** A `timeControl` (welcome snapshot, match summary, games API) checked, or null (absent: an older server). */
export function readTimeControl(raw) {
  if (!raw || typeof raw !== 'object') return null;
  const { initial, increment } = raw;
  if (!Number.isFinite(initial) || initial <= 0 || !Number.isFinite(increment) || increment < 0) return null;
  return { initial, increment };
}

/** Seconds in the fewest words: "3 min", "12 s", "2.3 s", "1 min 30 s" (a fraction kept to a tenth). */
export function durationWords(seconds) {
  const tenths = Math.round(seconds * 10) / 10;
  const minutes = Math.floor(tenths / 60);
  const rest = Math.round((tenths - minutes * 60) * 10) / 10;
  if (minutes === 0) return t('duration.s', { s: rest });
  return rest === 0 ? t('duration.min', { min: minutes }) : t('duration.minS', { min: minutes, s: rest });
}

/**
 * A time control in compact words, the same on the lobby's choices, its list and the match page:
 * "3 min + 2 s" (each player's time, + what each of their moves adds), "1 min" without an increment.
 * Chess's "3+2" is shorter but means nothing to who does not play chess, nor to a screen reader.
 */
export function timeControlWords(control) {
  if (!control) return '';
  const initial = durationWords(control.initial);
  return control.increment > 0 ? `${initial} + ${durationWords(control.increment)}` : initial;
}

/** The id of the choice picked last time in this browser, else 'none'. */
export function rememberedClockChoice() {
  try {
    const id = window.localStorage.getItem(CHOICE_KEY);
    return CLOCK_CHOICES.some((choice) => choice.id === id) ? id : 'none';
  } catch {
    return 'none';
  }
}

/** Keeps the choice `id` for the next visit. */
export function rememberClockChoice(id) {
  try {
    window.localStorage.setItem(CHOICE_KEY, id);
  } catch {
    // Only a convenience: storage refused (private mode).
  }
}

/** The `clock` to send for the choice `id` (a radio's value), or null for none. */
export function controlOfChoice(id) {
  return CLOCK_CHOICES.find((choice) => choice.id === id)?.control ?? null;
}
