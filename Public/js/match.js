// The match page (/m/{id}): wires the connection, the state and the view together, and turns
// clicks and keys into the client messages of docs/PROTOCOL.md.

import { t } from './i18n.js';

import { getMatch, matchIdFromLocation, takeCreatorMark } from './api.js';
import { createBell } from './bell.js';
import { createChat } from './chat.js';
import { Connection, SeatStore, watchesOnly } from './connection.js';
import { gameById, linkGameStylesheets } from './games/index.js';
import { Notices, errorText } from './notices.js';
import { startPastGames } from './pastGames.js';
import { startMoveList } from './moveList.js';
import { createView } from './render.js';
import { nameOf, opponentOf } from './seats.js';
import { MoveSound } from './sound.js';
import { startRibsPanel } from './ribsPanel.js';
import { initialState, reduce } from './state.js';

const NAME_KEY = 'tictactoe.name';
const RECONNECTING_GRACE_MS = 700;
// The server's default `--seat-timeout`, for a server that does not tell its own (`seatTimeout`).
const DEFAULT_SEAT_TIMEOUT_S = 60;

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

const NAME_MAX = 24;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Characters as a person sees them (grapheme clusters), as the server counts a name. */
function visibleLength(text) {
  if (typeof Intl === 'object' && typeof Intl.Segmenter === 'function') {
    return [...new Intl.Segmenter().segment(text)].length;
  }
  return [...text].length;
}

/** Why the server would refuse `name` (docs/PROTOCOL.md, `badName`), or '' when it is fine. */
function nameProblem(name) {
  if (visibleLength(name) > NAME_MAX) return t('name.tooLong', { max: NAME_MAX });
  if (CONTROL_CHARACTERS.test(name)) return t('name.unshowable');
  return '';
}

/** Shows `text` under the name field (or hides it when empty), with the focus kept in the field. */
function showNameError(text) {
  const error = document.getElementById('name-error');
  const input = document.getElementById('name-input');
  error.textContent = text;
  error.hidden = !text;
  input.setAttribute('aria-invalid', String(Boolean(text)));
  if (text) input.focus();
}

function main() {
  linkGameStylesheets(document);
  // The games' controls send through the connection made below.
  const view = createView({ send: (message) => send(message) });
  const notices = new Notices($('notices'));
  const sound = new MoveSound();
  const soundToggle = $('sound-toggle');
  soundToggle.setAttribute('aria-pressed', String(!sound.muted));
  soundToggle.addEventListener('click', () => {
    sound.setMuted(!sound.muted);
    soundToggle.setAttribute('aria-pressed', String(!sound.muted));
  });
  const matchId = matchIdFromLocation();
  let state = initialState(matchId);
  // When each seat without a connection times out, in page time (performance.now()): from the seconds
  // left the server told with the seat, counted from when its message came, so clocks never compare.
  const awayDeadlines = new Map();
  // When the claim of the game against each away seat is allowed, in page time likewise (`claimableIn`,
  // told only during a game).
  const claimDeadlines = new Map();
  let seatTimeoutS = DEFAULT_SEAT_TIMEOUT_S;
  const ui = {
    resuming: false,
    showReconnecting: false,
    notFound: false,
    confirmingLeave: false,
    confirmingResign: false,
    creator: false,
    titleNote: '', // what happened while the tab was hidden, for its title
    seatKeptFor: (seat) => {
      const deadline = awayDeadlines.get(seat);
      return deadline === undefined ? seatTimeoutS : (deadline - performance.now()) / 1000;
    },
    // Seconds until the game may be claimed against `seat`; 0 once it may (or when the server does not say).
    claimableIn: (seat) => {
      const deadline = claimDeadlines.get(seat);
      return deadline === undefined ? 0 : Math.max(0, (deadline - performance.now()) / 1000);
    },
  };
  let countdownTimer = null;
  let joining = false; // a login was sent and is not answered yet

  if (!matchId) {
    ui.notFound = true;
    view.render(state, ui);
    return;
  }

  startRibsPanel({ matchId, toggle: $('ribs-toggle'), panel: $('ribs-panel'), tree: $('ribs-tree'), status: $('ribs-status') });
  const pastGames = startPastGames({ matchId, section: $('past-games'), list: $('past-games-list') });
  const moveList = startMoveList({ matchId, section: $('moves'), caption: $('moves-caption'), list: $('moves-list') });

  SeatStore.prune();
  const seats = new SeatStore(matchId);
  // The person who just created this match is seated at once (with the name they used before), or
  // asked only for a name; either way the invite link shows from the start.
  ui.creator = takeCreatorMark(matchId) && !seats.get();
  let creatorLogin = ui.creator && remembered(NAME_KEY) ? remembered(NAME_KEY) : null;
  // The creator without a remembered name: the field gets focus as soon as the form shows.
  let focusNameOnShow = ui.creator && !creatorLogin;
  // The deep link's game is launched once per page load, never again on a reconnect.
  let pendingLaunch = new URLSearchParams(window.location.search).get('gameId');
  let reconnectingTimer = null;
  let connection = null;
  let hadGame = false; // whether the last drawing showed a game being played

  const update = () => {
    const focused = document.activeElement;
    ui.resuming = Boolean(connection && connection.resuming);
    view.render(state, ui);
    chat.render(state);
    bell.update(state);
    if (focusNameOnShow && !$('join-form').hidden) {
      focusNameOnShow = false;
      $('name-input').focus();
      return;
    }
    // A control that hid itself (a start button, the join form) must not strand keyboard focus.
    if (focused && focused !== document.body && (!focused.isConnected || focused.closest('[hidden]'))) {
      view.focusTarget().focus();
    }
    // The game just ended: focus goes from the board (or nowhere) to the next step, the button of the
    // game just played (the result before it is said by the live region), so that Tab does not skip to
    // "Leave the match". Focus elsewhere (a link, the side panel) is left where it is.
    const gameOn = Boolean(gameById(state.phase));
    if (hadGame && !gameOn && state.phase === 'offGame' && state.result && !$('games').hidden) {
      const active = document.activeElement;
      const fromBoard = !active || active === document.body || active === $('stage') || Boolean(active.closest('.game-slot, #game-actions'));
      const buttons = $('game-buttons');
      const next = buttons.querySelector(`[data-game-id="${CSS.escape(state.result.game || '')}"]`) || buttons.firstElementChild;
      if (fromBoard && next) next.focus();
    }
    hadGame = gameOn;
  };

  const send = (message) => {
    if (connection.send(message)) return true;
    notices.error(t('notice.offline'), 'offline');
    return false;
  };

  const chat = createChat({
    container: $('chat'),
    toggle: $('chat-toggle'),
    menu: $('chat-menu'),
    mute: $('chat-mute'),
    announcer: $('chat-announcer'),
    send,
    notices,
  });
  const bell = createBell({ toggle: $('bell-toggle'), matchId, notices });

  const announcePresence = (before, after) => {
    if (!state.welcomed) return;
    for (const player of after) {
      const old = before.find((p) => p.seat === player.seat);
      if (!old && player.seat !== state.you) {
        const name = player.name || nameOf(state, player.seat);
        notices.info(t('notice.joined', { name }), 'joined');
        // A hidden tab says it in its title until it is looked at.
        if (document.visibilityState === 'hidden') ui.titleNote = t('title.joined', { name });
      }
    }
    for (const player of before) {
      const mine = player.seat === state.you || player.seat === state.leftAs;
      if (!after.some((p) => p.seat === player.seat) && !mine) {
        notices.info(t('notice.left', { name: player.name || nameOf(state, player.seat) }), 'left');
      }
    }
  };

  // A new game that replaces the final board on screen, started by someone else, is said in words;
  // so is the acceptance of a game this page offered.
  let startedHere = false;
  const announceNewGame = (before, message) => {
    const game = message.type === 'screen' ? gameById(message.name) : null;
    if (!game) return;
    const offered = before.offer;
    if (before.phase === 'offGame' && offered && offered.kind === 'game' && state.you && offered.seat === state.you && !startedHere) {
      const name = nameOf(state, opponentOf(state.you));
      notices.info(t('notice.accepted', { name, game: game.name }), 'new-game');
    } else if (before.phase === 'offGame' && before.result && !startedHere) {
      const starter = state.you ? nameOf(state, opponentOf(state.you)) : t('notice.aPlayer');
      notices.info(t('notice.newGame', { name: starter, game: game.name }), 'new-game');
    }
    startedHere = false;
  };

  /**
   * Keeps `awayDeadlines` in step with the players a welcome or presence lists, and a redraw every
   * quarter second while a seat counts down (so that the seconds shown never lag by a whole one).
   */
  const trackAwaySeats = (players) => {
    const now = performance.now();
    for (const seat of [...awayDeadlines.keys()]) {
      if (!players.some((p) => p.seat === seat && !p.connected)) awayDeadlines.delete(seat);
    }
    for (const player of players) {
      if (player.connected || typeof player.claimableIn !== 'number') claimDeadlines.delete(player.seat);
      else claimDeadlines.set(player.seat, now + player.claimableIn * 1000);
    }
    for (const seat of [...claimDeadlines.keys()]) {
      if (!players.some((p) => p.seat === seat)) claimDeadlines.delete(seat);
    }
    for (const player of players) {
      if (player.connected) continue;
      if (typeof player.seatTimeoutLeft === 'number') {
        awayDeadlines.set(player.seat, now + player.seatTimeoutLeft * 1000);
      } else if (!awayDeadlines.has(player.seat)) {
        awayDeadlines.set(player.seat, now + seatTimeoutS * 1000);
      }
    }
    if (awayDeadlines.size && countdownTimer === null) {
      countdownTimer = window.setInterval(update, 250);
    } else if (!awayDeadlines.size && countdownTimer !== null) {
      window.clearInterval(countdownTimer);
      countdownTimer = null;
    }
  };

  const onMessage = (message) => {
    switch (message.type) {
      case 'error':
        joining = false;
        // A refused name is told under its field; everything else in a notice.
        if (message.code === 'badName') showNameError(errorText(message));
        // A phrase too soon after the last one: said gently, as a note rather than an error.
        else if (chat.answersPhrase(message)) notices.info(t('chat.slowDown'), 'chat-slow');
        else notices.error(errorText(message, gameById(state.phase)?.errorWords), message.code || '');
        if (message.code === 'badToken') state = { ...state, you: null };
        break;
      case 'seated':
        joining = false;
        ui.creator = false;
        if (typeof message.name === 'string') remember(NAME_KEY, message.name);
        break;
      case 'presence':
        announcePresence(state.players, Array.isArray(message.players) ? message.players : []);
        break;
      case 'welcome':
        if (message.snapshot && typeof message.snapshot.seatTimeout === 'number') seatTimeoutS = message.snapshot.seatTimeout;
        break;
      case 'chat':
        chat.receive(message);
        break;
      case 'gameOver':
        // Told once stored: the finished game is in the log the list reads.
        pastGames.refresh();
        break;
      default:
        break;
    }
    const you = state.you;
    const before = state;
    // Received now: the clocks count down from this moment, never from the server's own time.
    state = reduce(state, message, performance.now());
    announceNewGame(before, message);
    moveList.update(state);
    const lastMove = (board) => JSON.stringify(board && board.last ? board.last : null);
    if (message.type === 'board' && state.board && state.board.last && lastMove(before.board) !== lastMove(state.board)) {
      sound.play();
    }
    if (message.type === 'welcome' || message.type === 'presence') trackAwaySeats(state.players);
    if (!state.you) ui.confirmingLeave = false;
    if (!state.you || !gameById(state.phase) || state.result) ui.confirmingResign = false;
    // The socket's first welcome precedes the answer to `resume`: keep showing our seat meanwhile.
    if (message.type === 'welcome' && !state.you && connection.resuming) state = { ...state, you };
  };

  /**
   * A `presence` that changes nothing but the number of spectators (most of them, in a match with an
   * audience): the count is redrawn alone, without a render of the page. True when it was.
   */
  const onlyTheAudience = (message) => {
    if (message.type !== 'presence' || !state.welcomed || typeof message.spectators !== 'number') return false;
    if (JSON.stringify(message.players) !== JSON.stringify(state.players)) return false;
    state = { ...state, spectators: message.spectators };
    view.renderAudience(state);
    return true;
  };

  const onStatus = (status) => {
    state = { ...state, connection: status };
    if (status !== 'open') joining = false;
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
      if (creatorLogin !== null && !seats.get()) {
        conn.send({ type: 'login', name: creatorLogin });
        creatorLogin = null;
      }
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
      if (event.type === 'message' && onlyTheAudience(event.message)) return;
      if (event.type === 'message') onMessage(event.message);
      else if (event.type === 'status') onStatus(event.state);
      else if (event.type === 'notice') notices.show(event.text, { kind: event.kind, code: 'connection' });
      update();
    },
  });

  // Controls.
  $('invite-link').value = `${window.location.origin}/m/${matchId}`;
  $('name-input').value = remembered(NAME_KEY);

  $('name-input').addEventListener('input', () => showNameError(''));
  $('join-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const name = $('name-input').value.trim();
    const problem = nameProblem(name);
    if (problem) return showNameError(problem);
    if (joining) return;
    if (name) remember(NAME_KEY, name);
    // One login at a time until the answer (an error, or `seated`, which hides the form). The button
    // stays enabled: disabling it would drop the focus of whoever just clicked or pressed it.
    joining = send({ type: 'login', name });
  });

  $('copy-invite').addEventListener('click', async () => {
    const input = $('invite-link');
    const button = $('copy-invite');
    try {
      await navigator.clipboard.writeText(input.value);
      button.textContent = t('match.copied');
      notices.info(t('notice.copied'), 'copied');
    } catch {
      input.focus();
      input.select();
      notices.info(t('notice.copyFallback'), 'copy-fallback');
    }
    window.setTimeout(() => {
      button.textContent = t('match.copy');
    }, 2000);
  });
  $('invite-link').addEventListener('focus', (event) => event.target.select());

  // Between games: against the computer a game button starts the game; against a person it offers it,
  // and the game starts when they accept (docs/PROTOCOL.md, "Fair play").
  $('game-buttons').addEventListener('click', (event) => {
    const button = event.target.closest('[data-game-id]');
    if (!button) return;
    const container = $('game-buttons');
    const gameId = button.dataset.gameId;
    if (container.dataset.mode === 'start') {
      if (send({ type: 'startGame', gameId })) startedHere = true;
    } else if (container.dataset.mode === 'offer') {
      send({ type: 'offerGame', gameId });
    } else {
      notices.info(container.dataset.note || t('error.alreadyOffered'), 'games-blocked');
    }
  });

  // The answer to the opponent's offer: a draw, or a game (accepting a game is starting it).
  $('offer-accept').addEventListener('click', () => {
    const offer = state.offer;
    if (!offer || offer.seat === state.you) return;
    if (offer.kind === 'draw') send({ type: 'acceptDraw' });
    else if (send({ type: 'startGame', gameId: offer.gameId })) startedHere = true;
  });
  $('offer-decline').addEventListener('click', () => {
    const offer = state.offer;
    if (!offer || offer.seat === state.you) return;
    send({ type: offer.kind === 'draw' ? 'declineDraw' : 'declineGame' });
  });

  // A draw is offered on one's own turn; the button says why not otherwise.
  $('offer-draw').addEventListener('click', () => {
    const { allowed, why } = view.drawOfferState(state);
    if (!allowed) {
      notices.info(why, 'draw-not-now');
      return;
    }
    send({ type: 'offerDraw' });
  });

  // Resigning ends the game and keeps the seat: asked first, as leaving is.
  $('resign-button').addEventListener('click', () => {
    ui.confirmingResign = true;
    update();
    $('resign-cancel').focus();
  });
  $('resign-confirm-button').addEventListener('click', () => {
    ui.confirmingResign = false;
    send({ type: 'resign' });
    update();
  });
  $('resign-cancel').addEventListener('click', () => {
    ui.confirmingResign = false;
    update();
    $('resign-button').focus();
  });

  const leave = () => {
    const forfeit = Boolean(gameById(state.phase));
    ui.confirmingLeave = false;
    if (!send({ type: 'leave' })) return update();
    seats.clear();
    state = { ...state, you: null, leftAs: state.you };
    notices.info(forfeit ? t('notice.youForfeited') : t('notice.youLeft'), 'you-left');
    update();
    view.focusTarget().focus();
  };

  // Leaving during a game gives the opponent the win: ask first.
  $('leave-button').addEventListener('click', () => {
    if (!gameById(state.phase)) return leave();
    ui.confirmingLeave = true;
    update();
    $('leave-cancel').focus();
  });
  $('leave-confirm-button').addEventListener('click', leave);

  // The opponent's seat has had no connection for the claim grace during a game: the game is ours now
  // rather than at its seat's timeout; the pair and both seats stay.
  $('claim-win').addEventListener('click', () => {
    send({ type: 'claimWin' });
  });
  $('leave-cancel').addEventListener('click', () => {
    ui.confirmingLeave = false;
    update();
    $('leave-button').focus();
  });

  // The title's note ends once the tab is looked at; the favicon says "your turn" only while hidden.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') ui.titleNote = '';
    update();
  });

  if (typeof navigator.share === 'function') {
    const share = $('share-invite');
    share.hidden = false;
    share.addEventListener('click', () => {
      navigator.share({ title: t('match.shareTitle'), url: $('invite-link').value }).catch(() => {
        // Cancelled by the person, or refused by the browser: the link and Copy stay there.
      });
    });
  }

  window.addEventListener('pagehide', () => connection.stop());
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) connection.start();
  });

  // An unknown match gets a friendly page instead of endless retries.
  const summary = getMatch(matchId);
  summary.catch((error) => {
    if (error.status === 404) {
      connection.stop();
      seats.clear();
      ui.notFound = true;
      update();
    }
  });

  update();
  watchesOnly(summary, () => !seats.get() && creatorLogin === null && !pendingLaunch).then((watch) => {
    if (ui.notFound) return;
    connection.watch = watch;
    connection.start();
  });
}

main();
