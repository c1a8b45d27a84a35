// Where the keyboard focus goes when a render takes its element away: a control that hid itself must
// not strand the focus on <body> (Tab would start again from the top of the page), and the end of a
// game moves it from the board to the next step.

import { gameById } from './games/index.js';

/** `$` finds match.html's elements by id; `focusTarget()` is the game's control, else the stage. */
export function createFocusKeeper({ $, focusTarget }) {
  let hadGame = false; // whether the last render showed a game being played

  return {
    /** After a render of `state`; `focused` is what had the focus before it. */
    afterRender(focused, state) {
      // A control that hid itself (a start button, the join form) must not strand keyboard focus.
      if (focused && focused !== document.body && (!focused.isConnected || focused.closest('[hidden]'))) {
        focusTarget().focus();
      }
      // The game just ended: focus goes from the board (or nowhere) to the next step, the button of the
      // game just played (the result before it is said by the live region), so that Tab does not skip
      // to "Leave the match". Focus elsewhere (a link, the side panel) is left where it is.
      const gameOn = Boolean(gameById(state.phase));
      if (hadGame && !gameOn && state.phase === 'offGame' && state.result && !$('games').hidden) {
        const active = document.activeElement;
        const fromBoard = !active || active === document.body || active === $('stage') || Boolean(active.closest('.game-slot, #game-actions'));
        const buttons = $('game-buttons');
        const next = buttons.querySelector(`[data-game-id="${CSS.escape(state.result.game || '')}"]`) || buttons.firstElementChild;
        if (fromBoard && next) next.focus();
      }
      hadGame = gameOn;
    },
  };
}
