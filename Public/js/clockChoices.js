// The lobby's choice of clock ("New match", "Play someone now"): radios like the games' (gameChoices.js),
// the one picked last time in this browser checked, and any new pick remembered at once, as the name is.

import { drawGameChoices } from './gameChoices.js';
import { CLOCK_CHOICES, controlOfChoice, rememberClockChoice, rememberedClockChoice } from './timeControl.js';

/**
 * Fills `list` with one radio per clock choice, all named `name` (test ids `testidPrefix` + the
 * choice's id: `create-clock-3+2`). Returns `chosen()`: the `clock` to send, or null for none.
 */
export function drawClockChoices(list, { name, testidPrefix }) {
  drawGameChoices(list, CLOCK_CHOICES, { name, testidPrefix, checked: rememberedClockChoice() });
  list.addEventListener('change', (event) => {
    if (event.target.name === name) rememberClockChoice(event.target.value);
  });
  return {
    chosen: () => controlOfChoice(list.querySelector(`input[name="${name}"]:checked`)?.value),
  };
}
