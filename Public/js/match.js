// The match page (/m/{id}): wires the connection, the state and the view together, and turns
// clicks and keys into the client messages of docs/PROTOCOL.md.

import { getMatch, matchIdFromLocation } from './api.js';
import { Connection, SeatStore } from './connection.js';
import { gameById, linkGameStylesheets } from './games/index.js';
import { Notices, errorText } from './notices.js';
import { createView } from './render.js';
import { nameOf } from './seats.js';
import { initialState, reduce } from './state.js';

const NAME_KEY = 'tictactoe.name';
const RECONNECTING_GRACE_MS = 700;

const $ = (id) => document.getElementById(id);

function remembered(key) {
  try {
    return window.localStorage.getItem(key) || '';
  } catch {
    return '';
  }
}

function remember(key, value) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Only a convenience.
  }
}

function main() {
  linkGameStylesheets(document);
  // The games' controls send through the connection made below.
  const view = createView({ send: (message) => send(message) });
  const notices = new Notices($('notices'));
  const matchId = matchIdFromLocation();
  let state = initialState(matchId);
  const ui = { resuming: false, showReconnecting: false, notFound: false };

  if (!matchId) {
    ui.notFound = true;
    view.render(state, ui);
    return;
  }

  const seats = new SeatStore(matchId);
  // The deep link's game is launched once per page load, never again on a reconnect.
  let pendingLaunch = new URLSearchParams(window.location.search).get('gameId');
  let reconnectingTimer = null;
  let connection = null;

  const update = () => {
    const focused = document.activeElement;
    ui.resuming = Boolean(connection && connection.resuming);
    view.render(state, ui);
    // A control that hid itself (a start button, the join form) must not strand keyboard focus.
    if (focused && focused !== document.body && (!focused.isConnected || focused.closest('[hidden]'))) {
      view.focusTarget().focus();
    }
  };

  const send = (message) => {
    if (connection.send(message)) return true;
    notices.error('You are not connected right now. Reconnecting…', 'offline');
    return false;
  };

  const announcePresence = (before, after) => {
    if (!state.welcomed) return;
    for (const player of after) {
      const old = before.find((p) => p.seat === player.seat);
      if (!old && player.seat !== state.you) notices.info(`${player.name || nameOf(state, player.seat)} joined the match`, 'joined');
    }
    for (const player of before) {
      if (!after.some((p) => p.seat === player.seat) && player.seat !== state.you) {
        notices.info(`${player.name || nameOf(state, player.seat)} left the match`, 'left');
      }
    }
  };

  const onMessage = (message) => {
    switch (message.type) {
      case 'error':
        notices.error(errorText(message, gameById(state.phase)?.errorWords), message.code || '');
        $('join-button').disabled = false;
        if (message.code === 'badToken') state = { ...state, you: null };
        break;
      case 'seated':
        $('join-button').disabled = false;
        if (typeof message.name === 'string') remember(NAME_KEY, message.name);
        break;
      case 'presence':
        announcePresence(state.players, Array.isArray(message.players) ? message.players : []);
        break;
      default:
        break;
    }
    const you = state.you;
    state = reduce(state, message);
    // The socket's first welcome precedes the answer to `resume`: keep showing our seat meanwhile.
    if (message.type === 'welcome' && !state.you && connection.resuming) state = { ...state, you };
  };

  const onStatus = (status) => {
    state = { ...state, connection: status };
    if (status !== 'open') $('join-button').disabled = false;
    clearTimeout(reconnectingTimer);
    if (status === 'reconnecting') {
      if (!ui.showReconnecting) {
        reconnectingTimer = setTimeout(() => {
          ui.showReconnecting = true;
          update();
        }, RECONNECTING_GRACE_MS);
      }
    } else {
      ui.showReconnecting = false;
    }
  };

  connection = new Connection({
    matchId,
    seats,
    onOpen: (conn) => {
      if (!pendingLaunch) return;
      conn.send({ type: 'launchGame', gameId: pendingLaunch });
      pendingLaunch = null;
      // Drop ?gameId so a reload does not launch a game again.
      window.history.replaceState(null, '', `/m/${encodeURIComponent(matchId)}${window.location.hash}`);
    },
    isGone: async () => {
      try {
        await getMatch(matchId);
        return false;
      } catch (error) {
        return error.status === 404;
      }
    },
    onEvent: (event) => {
      if (event.type === 'message') onMessage(event.message);
      else if (event.type === 'status') onStatus(event.state);
      else if (event.type === 'notice') notices.show(event.text, { kind: event.kind, code: 'connection' });
      update();
    },
  });

  // Controls.
  $('invite-link').value = `${window.location.origin}/m/${matchId}`;
  $('name-input').value = remembered(NAME_KEY);

  $('join-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const name = $('name-input').value.trim();
    if (name) remember(NAME_KEY, name);
    // One login at a time: the button comes back with the answer (an error) or hides (seated).
    if (send({ type: 'login', name })) $('join-button').disabled = true;
  });

  $('copy-invite').addEventListener('click', async () => {
    const input = $('invite-link');
    const button = $('copy-invite');
    try {
      await navigator.clipboard.writeText(input.value);
      button.textContent = 'Copied!';
      notices.info('Invite link copied', 'copied');
    } catch {
      input.focus();
      input.select();
      notices.info('The link is selected: copy it with Ctrl+C (⌘C on a Mac)', 'copy-fallback');
    }
    window.setTimeout(() => {
      button.textContent = 'Copy link';
    }, 2000);
  });
  $('invite-link').addEventListener('focus', (event) => event.target.select());

  $('game-buttons').addEventListener('click', (event) => {
    const button = event.target.closest('[data-game-id]');
    if (button) send({ type: 'startGame', gameId: button.dataset.gameId });
  });

  $('leave-button').addEventListener('click', () => {
    if (!send({ type: 'leave' })) return;
    seats.clear();
    state = { ...state, you: null };
    notices.info('You left the match', 'you-left');
    update();
  });

  window.addEventListener('pagehide', () => connection.stop());
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) connection.start();
  });

  update();
  connection.start();

  // In parallel with the socket: an unknown match gets a friendly page instead of endless retries.
  getMatch(matchId).catch((error) => {
    if (error.status === 404) {
      connection.stop();
      ui.notFound = true;
      update();
    }
  });
}

main();
