// The "your turn" bell (issue 32, section 3): opt-in. After the player turns it on (a click, then the
// browser's Notification permission), a system notification says "Your turn" in the reader's language
// when the turn becomes theirs while the tab is hidden; clicking it brings the match back
// (`window.focus()`). No push server: the open page itself notifies. Remembered in this browser.

import { lang, t } from './i18n.js';
import { gameById } from './games/index.js';
import { nameOf, opponentOf } from './seats.js';

const KEY = 'tictactoe.bell';

function supported() {
  return typeof window.Notification === 'function';
}

function remembered() {
  try {
    return window.localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

function remember(on) {
  try {
    window.localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Not remembered; this page still rings.
  }
}

/**
 * Wires the bell's button (`toggle`, a pressed button); `matchId` tags the notifications (one per
 * match at a time), `notices` says a refusal. Returns `update(state)`, to call after every change.
 */
export function createBell({ toggle, matchId, notices }) {
  if (!supported()) {
    toggle.hidden = true;
    return { update() {} };
  }
  let on = remembered() && window.Notification.permission === 'granted';
  let lastTurn = null;
  let shown = null;

  const draw = () => toggle.setAttribute('aria-pressed', String(on));
  toggle.hidden = false;
  draw();

  toggle.addEventListener('click', async () => {
    if (on) {
      on = false;
    } else {
      let permission = window.Notification.permission;
      if (permission === 'default') {
        try {
          permission = await window.Notification.requestPermission();
        } catch {
          permission = 'denied';
        }
      }
      on = permission === 'granted';
      if (!on) notices.info(t('bell.blocked'), 'bell-blocked');
      else notices.info(t('bell.on'), 'bell-on');
    }
    remember(on);
    draw();
  });

  const close = () => {
    if (shown) shown.close();
    shown = null;
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') close();
  });

  return {
    update(state) {
      const game = gameById(state.phase);
      const myTurn = Boolean(game && state.board && state.you && !state.result && state.board.turn === state.you);
      // A turn is the position it starts from: a new one is told once, and only to a hidden tab.
      const turn = myTurn ? `${state.phase}:${JSON.stringify(state.board.last ?? null)}` : null;
      if (turn && turn !== lastTurn && on && document.visibilityState === 'hidden') {
        close();
        try {
          const note = new window.Notification(t('bell.yourTurn'), {
            body: t('bell.body', { name: nameOf(state, opponentOf(state.you)), game: game.name }),
            tag: `tictactoe-turn-${matchId}`,
            icon: '/favicon-turn.svg',
            lang,
          });
          note.onclick = () => {
            window.focus();
            note.close();
          };
          shown = note;
        } catch {
          // A browser that allows notifications only from a service worker: the favicon still says it.
        }
      }
      lastTurn = turn;
    },
  };
}
