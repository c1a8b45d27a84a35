// The match page (/m/{id}): wires the connection, the state and the view together. Each control lives
// in a module of its own (joinForm, inviteControls, offerControls, endingControls); this one keeps the
// match's state, turns server messages into it, and redraws after each.

import { t } from './i18n.js';

import { currentPlayer } from './account.js';
import { setUpAccountBar } from './accountBar.js';
import { createAccountSeat } from './accountSeat.js';
import { getMatch, matchIdFromLocation, takeCreatorMark } from './api.js';
import { createAwayCountdown } from './awayCountdown.js';
import { createBell } from './bell.js';
import { loadBlockedNames } from './blockedNames.js';
import { createChat } from './chat.js';
import { Connection, SeatStore, watchesOnly } from './connection.js';
import { wireEndings } from './endingControls.js';
import { gameById, linkGameStylesheets } from './games/index.js';
import { wireInvite } from './inviteControls.js';
import { createJoinForm } from './joinForm.js';
import { createMatchGame } from './matchGame.js';
import { createFocusKeeper } from './matchFocus.js';
import { startMoveList } from './moveList.js';
import { rememberName, rememberedName } from './names.js';
import { Notices, errorText } from './notices.js';
import { wireOffers } from './offerControls.js';
import { startPastGames } from './pastGames.js';
import { announcePresence } from './presenceNotices.js';
import { createView } from './render.js';
import { startRibsPanel } from './ribsPanel.js';
import { MoveSound } from './sound.js';
import { initialState, reduce } from './state.js';

// A reconnect quicker than this is not shown: a blink of "Reconnecting…" would only alarm.
const RECONNECTING_GRACE_MS = 700;

const $ = (id) => document.getElementById(id);

/** The move sound's mute button, its state in aria-pressed. */
function wireSound() {
  const sound = new MoveSound();
  const toggle = $('sound-toggle');
  toggle.setAttribute('aria-pressed', String(!sound.muted));
  toggle.addEventListener('click', () => {
    sound.setMuted(!sound.muted);
    toggle.setAttribute('aria-pressed', String(!sound.muted));
  });
  return sound;
}

function main() {
  linkGameStylesheets(document);
  // The games' controls send through the connection made below.
  const view = createView({ send: (message) => send(message) });
  const notices = new Notices($('notices'));
  // Signing in or out here reloads the page: its socket must be opened again with the new session.
  setUpAccountBar({ notices, onChange: () => window.location.reload() });
  const sound = wireSound();
  const matchId = matchIdFromLocation();
  let state = initialState(matchId);
  // Read before the launch drops `?gameId` from the address.
  const matchGame = createMatchGame();
  const countdown = createAwayCountdown({ redraw: () => update() });
  const ui = {
    resuming: false,
    showReconnecting: false,
    notFound: false,
    confirmingLeave: false,
    confirmingResign: false,
    creator: false,
    game: null, // the game the match was made for (matchGame.js), or null
    titleNote: '', // what happened while the tab was hidden, for its title
    seatKeptFor: countdown.seatKeptFor,
    claimableIn: countdown.claimableIn,
  };

  if (!matchId) {
    ui.notFound = true;
    view.render(state, ui);
    return;
  }

  startRibsPanel({ matchId, toggle: $('ribs-toggle'), panel: $('ribs-panel'), tree: $('ribs-tree'), status: $('ribs-status') });
  const pastGames = startPastGames({ matchId, section: $('past-games'), list: $('past-games-list'), players: () => state.players });
  const moveList = startMoveList({ matchId, section: $('moves'), caption: $('moves-caption'), list: $('moves-list') });

  SeatStore.prune();
  const seats = new SeatStore(matchId);
  // The person who just created this match is seated at once (under their account, or with the name they
  // used before), or asked only for a name; either way the invite link shows from the start.
  ui.creator = takeCreatorMark(matchId) && !seats.get();
  const creatorName = currentPlayer()?.name || rememberedName();
  let creatorLogin = ui.creator && creatorName ? creatorName : null;
  // The deep link's game is launched once per page load, never again on a reconnect.
  let pendingLaunch = new URLSearchParams(window.location.search).get('gameId');
  let reconnectingTimer = null;
  let connection = null;

  const send = (message) => {
    if (connection.send(message)) return true;
    notices.error(t('notice.offline'), 'offline');
    return false;
  };
  // The account's seat taken on another device is taken here too, without the join form.
  const accountSeat = createAccountSeat({
    player: currentPlayer,
    hasToken: () => Boolean(seats.get()),
    send: (message) => connection.send(message),
  });

  const joinForm = createJoinForm({
    form: $('join-form'),
    input: $('name-input'),
    error: $('name-error'),
    send,
    focusOnShow: ui.creator && !creatorLogin,
  });
  const focus = createFocusKeeper({ $, focusTarget: () => view.focusTarget() });
  const chat = createChat({
    container: $('chat'),
    toggle: $('chat-toggle'),
    menu: $('chat-menu'),
    mute: $('chat-mute'),
    announcer: $('chat-announcer'),
    send,
    notices,
    blocked: loadBlockedNames(),
  });
  const bell = createBell({ toggle: $('bell-toggle'), matchId, notices });

  const update = () => {
    const focused = document.activeElement;
    ui.resuming = Boolean(connection && connection.resuming) || accountSeat.pending;
    ui.game = matchGame.game;
    setInviteGame(matchGame.game);
    view.render(state, ui);
    chat.render(state);
    bell.update(state);
    if (joinForm.focusIfShown()) return;
    focus.afterRender(focused, state);
  };

  const announceNewGame = wireOffers({
    buttons: $('game-buttons'),
    accept: $('offer-accept'),
    decline: $('offer-decline'),
    offerDraw: $('offer-draw'),
    state: () => state,
    send,
    notices,
    drawOfferState: view.drawOfferState,
  });
  wireEndings({
    $,
    ui,
    state: () => state,
    send,
    update,
    notices,
    left: () => {
      seats.clear();
      state = { ...state, you: null, leftAs: state.you };
    },
    focusTarget: () => view.focusTarget(),
  });
  const setInviteGame = wireInvite({ matchId, link: $('invite-link'), copy: $('copy-invite'), share: $('share-invite'), notices });

  /** What a message means to the page beyond the state: notices, the name, the past games. */
  const beforeReduce = (message) => {
    switch (message.type) {
      case 'error':
        joinForm.answered();
        // A refused name (or one an account has, issue 41) is told under its field; everything else in a notice.
        if (message.code === 'badName' || message.code === 'nameTaken') joinForm.refused(errorText(message));
        // A phrase too soon after the last one: said gently, as a note rather than an error.
        else if (chat.answersPhrase(message)) notices.info(t('chat.slowDown'), 'chat-slow');
        else notices.error(errorText(message, gameById(state.phase)?.errorWords), message.code || '');
        if (message.code === 'badToken') state = { ...state, you: null };
        break;
      case 'seated':
        joinForm.answered();
        ui.creator = false;
        // A guest's name is offered again next time; an account's is not a guest's to reuse.
        if (typeof message.name === 'string' && !currentPlayer()) rememberName(message.name);
        break;
      case 'presence': {
        const note = announcePresence(state, state.players, Array.isArray(message.players) ? message.players : [], notices);
        if (note) ui.titleNote = note;
        break;
      }
      case 'welcome':
        countdown.setSeatTimeout(message.snapshot?.seatTimeout);
        matchGame.told(message.snapshot);
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
  };

  const onMessage = (message) => {
    beforeReduce(message);
    const you = state.you;
    const before = state;
    // Received now: the clocks count down from this moment, never from the server's own time.
    state = reduce(state, message, performance.now());
    accountSeat.consider(message, state);
    announceNewGame(before, message, state);
    moveList.update(state);
    const lastMove = (board) => JSON.stringify(board && board.last ? board.last : null);
    if (message.type === 'board' && state.board && state.board.last && lastMove(before.board) !== lastMove(state.board)) {
      sound.play();
    }
    if (message.type === 'welcome' || message.type === 'presence') countdown.track(state.players);
    if (!state.you) ui.confirmingLeave = false;
    if (!state.you || !gameById(state.phase) || state.result) ui.confirmingResign = false;
    // The socket's first welcome precedes the answer to `resume` (or to the account's login): keep
    // showing our seat meanwhile.
    if (message.type === 'welcome' && !state.you && (connection.resuming || accountSeat.pending)) state = { ...state, you };
  };

  /**
   * A `presence` that changes nothing but the number of spectators (most of them, in a match with an
   * audience): the count is redrawn alone, without a render of the page. True when it was.
   */
  const onlyTheAudience = (message) => {
    if (message.type !== 'presence' || !state.welcomed || typeof message.spectators !== 'number') return false;
    if (JSON.stringify(message.players) !== JSON.stringify(state.players)) return false;
    state = { ...state, spectators: message.spectators };
    view.renderAudience(state, ui);
    return true;
  };

  const onStatus = (status) => {
    state = { ...state, connection: status };
    if (status !== 'open') {
      joinForm.answered();
      accountSeat.reset();
    }
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

  // The title's note ends once the tab is looked at; the favicon says "your turn" only while hidden.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') ui.titleNote = '';
    update();
  });

  window.addEventListener('pagehide', () => connection.stop());
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) connection.start();
  });

  // An unknown match gets a friendly page instead of endless retries.
  const summary = getMatch(matchId);
  summary.then((found) => {
    matchGame.told(found);
    update();
  }, () => {});
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
