// Quick chat (issue 32, section 2; docs/PROTOCOL.md, "Quick chat"): a seated player says one of a few
// fixed phrases, `{"type":"chat","phrase":ID}`; everyone in the match gets `{"type":"chat","seat",
// "phrase","v"}` and each page says the phrase in its own reader's language. A phrase shows for a few
// seconds in a bubble over its sender's seat card (positioned over it: nothing moves, the board least of
// all) and is said in a polite live region of its own. Each reader can mute the others' phrases
// (remembered in this browser). Spectators see and hear phrases but have no menu. A signed-in reader
// never sees nor hears the phrases of a player they block (issue 41).

import { t } from './i18n.js';
import { SEATS, nameOf, playerIn } from './seats.js';

/** The phrases the server accepts, in the menu's order (their words: `chat.phrase.<id>`). */
export const PHRASES = ['hello', 'goodLuck', 'haveFun', 'niceMove', 'wellPlayed', 'thanks', 'goodGame', 'oops'];
const MUTE_KEY = 'tictactoe.chatMuted';
const SHOWN_MS = 5000;
// The server takes one phrase a second from a connection: a faster one is not sent at all.
const MIN_GAP_MS = 1000;

function readMuted() {
  try {
    return window.localStorage.getItem(MUTE_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * Wires the chat controls of match.html: `container` (the chat's box), `toggle` (opens the menu),
 * `menu` (its phrases), `mute` (a pressed button), `announcer` (a polite live region). `send(message)`
 * sends over the match's socket (false when offline); `notices` says a refusal; `blocked.has(name)` tells
 * a player whose phrases the reader does not want (blockedNames.js).
 */
export function createChat({ container, toggle, menu, mute, announcer, send, notices, blocked = { has: () => false } }) {
  let muted = readMuted();
  let lastSentAt = -Infinity;
  let state = null;
  const timers = new Map();
  const bubbles = new Map(
    SEATS.map((seat) => {
      const bubble = document.createElement('span');
      bubble.className = 'seat__chat';
      bubble.dataset.testid = `seat-${seat}-chat`;
      bubble.hidden = true;
      document.getElementById(`seat-${seat}`)?.append(bubble);
      return [seat, bubble];
    }),
  );

  const buttons = PHRASES.map((phrase) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'chat__phrase';
    button.dataset.phrase = phrase;
    button.dataset.testid = `chat-phrase-${phrase}`;
    button.textContent = t(`chat.phrase.${phrase}`);
    return button;
  });
  menu.replaceChildren(...buttons);

  const setOpen = (open) => {
    menu.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    container.classList.toggle('chat--open', open);
  };
  setOpen(false);

  toggle.addEventListener('click', () => {
    const open = menu.hidden;
    setOpen(open);
    if (open) buttons[0].focus();
  });
  menu.addEventListener('click', (event) => {
    const button = event.target.closest('[data-phrase]');
    if (!button) return;
    const now = performance.now();
    if (now - lastSentAt < MIN_GAP_MS) {
      notices.info(t('chat.slowDown'), 'chat-slow');
    } else if (send({ type: 'chat', phrase: button.dataset.phrase })) {
      lastSentAt = now;
    }
    setOpen(false);
    toggle.focus();
  });
  // Escape closes the menu (from the toggle too); the arrow keys move between its phrases.
  container.addEventListener('keydown', (event) => {
    if (menu.hidden) return;
    const index = buttons.indexOf(document.activeElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      toggle.focus();
    } else if (index < 0) {
      // Not in the menu: nothing else to do.
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowRight') {
      event.preventDefault();
      buttons[(index + 1) % buttons.length].focus();
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') {
      event.preventDefault();
      buttons[(index + buttons.length - 1) % buttons.length].focus();
    }
  });
  document.addEventListener('click', (event) => {
    if (!menu.hidden && !container.contains(event.target)) setOpen(false);
  });

  const drawMute = () => {
    mute.setAttribute('aria-pressed', String(muted));
    mute.textContent = t('chat.mute');
  };
  drawMute();
  mute.addEventListener('click', () => {
    muted = !muted;
    try {
      window.localStorage.setItem(MUTE_KEY, String(muted));
    } catch {
      // Not remembered; this page still mutes.
    }
    if (muted) {
      for (const [seat, bubble] of bubbles) if (seat !== state?.you) bubble.hidden = true;
    }
    drawMute();
  });

  return {
    /** Shows or hides the controls for `state`: the menu for a seated player, the mute for everyone. */
    render(next) {
      state = next;
      const seated = Boolean(state.you) && state.connection === 'open';
      container.hidden = !state.welcomed || state.players.length === 0;
      toggle.hidden = !seated;
      if (!seated && !menu.hidden) setOpen(false);
    },
    /** A `chat` broadcast: its phrase over the sender's seat, said politely unless muted. */
    receive(message) {
      if (!PHRASES.includes(message.phrase) || !bubbles.has(message.seat)) return;
      const mine = state && message.seat === state.you;
      if (muted && !mine) return;
      if (!mine && state && blocked.has(playerIn(state, message.seat)?.name)) return;
      const words = t(`chat.phrase.${message.phrase}`);
      const bubble = bubbles.get(message.seat);
      bubble.textContent = words;
      bubble.dataset.phrase = message.phrase;
      bubble.hidden = false;
      clearTimeout(timers.get(message.seat));
      timers.set(message.seat, window.setTimeout(() => { bubble.hidden = true; }, SHOWN_MS));
      const name = state ? nameOf(state, message.seat) : '';
      announcer.textContent = mine ? t('chat.youSaid', { phrase: words }) : t('chat.said', { name, phrase: words });
    },
    /** Whether a `rateLimited` error answers a phrase just sent (said gently, not as an error). */
    answersPhrase(message) {
      return message.code === 'rateLimited' && performance.now() - lastSentAt < 3000;
    },
  };
}
