// The match's WebSocket: connect, resume the seat, notice gaps in `v`, reconnect with backoff.
// It knows the wire contract's session rules (docs/PROTOCOL.md, "WebSocket") but nothing about drawing.

import { t } from './i18n.js';

const BACKOFF_BASE_MS = 400;
// Capped low: a server that restarts is back within seconds, and the page should be too.
const BACKOFF_MAX_MS = 4000;
const RATE_LIMIT_PAUSE_MS = 3000;
const CONNECT_TIMEOUT_MS = 10000;

/** Delay before reconnect attempt `attempt` (0-based): exponential, capped, with "equal jitter". */
export function backoffDelay(attempt, random = Math.random) {
  const cap = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(cap / 2 + random() * (cap / 2));
}

const SEAT_PREFIX = 'tictactoe.seat.';
// What a watch-only socket refuses (`watchOnly`): sent only on one that may take a seat.
const SEAT_MESSAGES = new Set(['login', 'resume']);
// A token is worth keeping only while its seat is: the server frees a seat a while after its last
// connection closes (--seat-timeout, 60 s by default, the page is not told the configured value), so
// a token unused for a month is kept for nothing. The count bound keeps a visitor of many matches
// from filling the origin's storage.
export const SEAT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
export const SEATS_KEPT = 50;

/** The stored seats: `[{key, value}]` whose value parsed to an object with a token, and the others' keys. */
function storedSeats() {
  const seats = [];
  const broken = [];
  for (let index = 0; index < window.localStorage.length; index += 1) {
    const key = window.localStorage.key(index);
    if (!key || !key.startsWith(SEAT_PREFIX)) continue;
    try {
      const value = JSON.parse(window.localStorage.getItem(key) || 'null');
      if (value && typeof value.token === 'string' && value.token) seats.push({ key, value });
      else broken.push(key);
    } catch {
      broken.push(key);
    }
  }
  return { seats, broken };
}

/** The seat token of one match, kept in localStorage so a reload or a new tab keeps the seat. */
export class SeatStore {
  constructor(matchId) {
    this.key = SEAT_PREFIX + matchId;
  }

  /**
   * Forgets the seats of other matches that cannot be worth anything any more: unreadable ones, ones
   * unused for `SEAT_MAX_AGE_MS`, and all but the `SEATS_KEPT` most recently used. A seat stored
   * without a time (before times were stored) counts as used now.
   */
  static prune(now = Date.now()) {
    try {
      const { seats, broken } = storedSeats();
      for (const key of broken) window.localStorage.removeItem(key);
      for (const seat of seats) {
        if (typeof seat.value.usedAt !== 'number') {
          seat.value.usedAt = now;
          window.localStorage.setItem(seat.key, JSON.stringify(seat.value));
        }
      }
      seats.sort((a, b) => b.value.usedAt - a.value.usedAt);
      seats.forEach((seat, index) => {
        if (index >= SEATS_KEPT || now - seat.value.usedAt > SEAT_MAX_AGE_MS) window.localStorage.removeItem(seat.key);
      });
    } catch {
      // Storage disabled: nothing stored to prune.
    }
  }

  /** `{token, seat, name, usedAt}` or null. */
  get() {
    try {
      const value = JSON.parse(window.localStorage.getItem(this.key) || 'null');
      return value && typeof value.token === 'string' && value.token ? value : null;
    } catch {
      return null;
    }
  }

  /** Stores `{token, seat, name}`, used now. */
  set(value) {
    try {
      window.localStorage.setItem(this.key, JSON.stringify({ ...value, usedAt: Date.now() }));
    } catch {
      // Storage can be full or disabled; the seat then lasts as long as this page.
    }
  }

  /** Marks the stored seat as used now (the server took it back), so that pruning keeps it. */
  touch() {
    const value = this.get();
    if (value) this.set(value);
  }

  clear() {
    try {
      window.localStorage.removeItem(this.key);
    } catch {
      // Nothing stored, nothing to forget.
    }
  }
}

const SUMMARY_WAIT_MS = 1500;

/**
 * Whether the page opens a watch-only socket (`?watch=1`, which any server of a cluster may serve): for
 * a visitor with no seat here and nothing to do but watch, as the match's summary says both seats are
 * taken. A free seat gets an ordinary socket, so that sitting down costs no reconnect; so does a summary
 * that is slow or fails (the socket then says what it must).
 */
export async function watchesOnly(summary, mayWatch) {
  if (!mayWatch()) return false;
  const full = summary.then((match) => Array.isArray(match.players) && match.players.length >= 2, () => false);
  const late = new Promise((resolve) => setTimeout(() => resolve(false), SUMMARY_WAIT_MS));
  return (await Promise.race([full, late])) && mayWatch();
}

/** What a close code means for the person, and how soon to try again. */
function describeClose(code) {
  switch (code) {
    case 1001:
    case 1013:
      return { text: t('connection.restarting'), kind: 'info', minDelay: 0 };
    case 1012:
      // Another server took the match over (several servers behind a proxy): the next connection
      // lands there.
      return { text: t('connection.moved'), kind: 'info', minDelay: 0 };
    case 1008:
      return {
        text: t('connection.tooMany'),
        kind: 'error',
        minDelay: RATE_LIMIT_PAUSE_MS,
      };
    case 1009:
      return { text: t('connection.tooLarge'), kind: 'error', minDelay: 0 };
    case 1003:
      return { text: t('connection.unreadable'), kind: 'error', minDelay: 0 };
    case 1011:
      return { text: t('connection.serverProblem'), kind: 'error', minDelay: 0 };
    default:
      return null; // 1000, 1005, 1006…: reconnect quietly; the status line shows "Reconnecting…".
  }
}

/**
 * One match's connection. Events go to `onEvent`:
 * - `{type: 'status', state}` with state `connecting`, `open`, `reconnecting`, `gone` or `stopped`;
 * - `{type: 'message', message}` for every server message, in order;
 * - `{type: 'notice', kind, text}` for things the person should read (close reasons).
 *
 * On every (re)connect a stored seat token is sent as `resume` before anything else; `onOpen`
 * runs after that, for messages the page wants to send once connected.
 *
 * With `watch`, the socket is watch-only (`?watch=1`, docs/PROTOCOL.md "Opening"): a visitor with
 * nothing to do but watch, whom any server of a cluster may serve. Reconnects keep that choice. A
 * `login` sent while watching is held, the socket reopened without `watch`, and the login sent on the
 * new one (a `resume` is sent there anyway); the server's `watchOnly` answer reopens it likewise.
 */
export class Connection {
  constructor({ matchId, seats, onEvent, onOpen = () => {}, isGone = async () => false, watch = false }) {
    this.matchId = matchId;
    this.seats = seats;
    this.watch = watch;
    this.socketWatches = false; // whether the socket now open was opened with `watch`
    this.heldForSeat = null; // the login that waits for a socket that may take a seat
    this.onEvent = onEvent;
    this.onOpen = onOpen;
    this.isGone = isGone;
    this.socket = null;
    this.state = 'stopped';
    this.attempt = 0;
    this.timer = null;
    this.lastV = null;
    this.syncPending = false;
    this.resuming = false;
    this.reconnectNow = () => {
      if (document.visibilityState === 'hidden') return;
      if (this.state === 'reconnecting' && this.timer !== null) {
        clearTimeout(this.timer);
        this.timer = null;
        this.connect();
      }
    };
  }

  get url() {
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const query = this.watch ? '?watch=1' : '';
    return `${scheme}//${window.location.host}/ws/${encodeURIComponent(this.matchId)}${query}`;
  }

  get isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  start() {
    if (this.state !== 'stopped') return;
    window.addEventListener('online', this.reconnectNow);
    window.addEventListener('focus', this.reconnectNow);
    document.addEventListener('visibilitychange', this.reconnectNow);
    this.setState('connecting');
    this.connect();
  }

  stop() {
    window.removeEventListener('online', this.reconnectNow);
    window.removeEventListener('focus', this.reconnectNow);
    document.removeEventListener('visibilitychange', this.reconnectNow);
    clearTimeout(this.timer);
    this.timer = null;
    this.setState('stopped');
    if (this.socket) {
      const socket = this.socket;
      this.socket = null;
      socket.close(1000, 'bye');
    }
  }

  /** Sends one message; false when the socket is not open (the caller tells the person). */
  send(message) {
    if (!this.isOpen) return false;
    // Not sent where it would be refused: the socket is reopened first, saving the refusal's round trip.
    if (this.socketWatches && SEAT_MESSAGES.has(message.type)) {
      this.heldForSeat = message;
      this.takeSeats();
      return true;
    }
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Reopens the socket at once without `watch`, so that it may take a seat; nothing for a seatable one. */
  takeSeats() {
    this.watch = false;
    if (!this.socketWatches) return;
    this.socketWatches = false;
    if (this.socket) {
      const socket = this.socket;
      this.socket = null; // its close is ours, not a drop to tell or retry
      socket.close(1000, 'taking a seat');
    }
    clearTimeout(this.timer);
    this.attempt = 0;
    this.connect();
  }

  setState(state) {
    if (this.state === state) return;
    this.state = state;
    this.onEvent({ type: 'status', state });
  }

  connect() {
    this.timer = null;
    // A seat stored meanwhile (in another tab) is resumed, which a watch-only socket would refuse.
    if (this.watch && this.seats.get()) this.watch = false;
    this.socketWatches = this.watch;
    let socket;
    try {
      socket = new WebSocket(this.url);
    } catch {
      this.scheduleReconnect(null);
      return;
    }
    this.socket = socket;
    this.lastV = null;
    this.syncPending = false;
    let opened = false;

    // A socket that neither opens nor closes (a stalled network) is given up after a while.
    const watchdog = setTimeout(() => {
      if (this.socket === socket && !opened) {
        this.socket = null;
        socket.close();
        this.scheduleReconnect(null, false);
      }
    }, CONNECT_TIMEOUT_MS);

    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      opened = true;
      clearTimeout(watchdog);
      const seat = this.seats.get();
      this.resuming = Boolean(seat);
      if (seat) this.send({ type: 'resume', token: seat.token });
      if (!this.isOpen) return; // the resume reopened the socket without `watch`: `onOpen` waits for it
      const held = this.heldForSeat;
      this.heldForSeat = null;
      // A held resume needs nothing more: the stored seat was just resumed, if it still is stored.
      if (held && held.type === 'login' && !seat) this.send(held);
      this.onOpen(this);
    });

    socket.addEventListener('message', (event) => {
      if (this.socket !== socket) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // Not ours to show: the contract promises JSON objects.
      }
      if (message && typeof message.type === 'string') this.receive(message);
    });

    socket.addEventListener('close', (event) => {
      clearTimeout(watchdog);
      if (this.socket !== socket) return;
      this.socket = null;
      this.resuming = false;
      // A login held for a seatable socket that dropped is not sent late: the page was told it is offline.
      this.heldForSeat = null;
      if (this.state === 'stopped' || this.state === 'gone') return;
      const reason = describeClose(event.code);
      if (reason) this.onEvent({ type: 'notice', kind: reason.kind, text: reason.text });
      this.scheduleReconnect(reason, opened);
    });
  }

  receive(message) {
    // Refused for watching (a seat asked for some other way than `send`): reopened without `watch`, where
    // a stored seat is resumed, unseen. (On a socket opened without `watch` it is only told.)
    if (message.type === 'error' && message.code === 'watchOnly' && this.socketWatches) {
      this.takeSeats();
      return;
    }
    if (message.type === 'welcome') {
      this.lastV = typeof message.v === 'number' ? message.v : null;
      this.syncPending = false;
      this.attempt = 0;
      if (message.you && message.you.seat) {
        this.resuming = false;
        this.seats.touch();
      }
      this.setState('open');
    } else if (typeof message.v === 'number') {
      if (this.lastV !== null && message.v <= this.lastV) return; // already part of our snapshot
      if (this.lastV !== null && message.v !== this.lastV + 1 && !this.syncPending) {
        this.syncPending = true;
        this.send({ type: 'sync' });
      }
      this.lastV = message.v;
    }

    if (message.type === 'seated') {
      this.resuming = false;
      if (typeof message.token === 'string' && message.token) {
        this.seats.set({ token: message.token, seat: message.seat, name: message.name });
      }
    } else if (message.type === 'error' && message.code === 'badToken') {
      this.resuming = false;
      this.seats.clear();
    }
    this.onEvent({ type: 'message', message });
  }

  async scheduleReconnect(reason, opened = false) {
    this.setState('reconnecting');
    // A socket that never opened may mean the match is gone (the upgrade answers 404).
    if (!opened && this.attempt >= 1) {
      let gone = false;
      try {
        gone = await this.isGone();
      } catch {
        gone = false;
      }
      if (gone) {
        // The match no longer exists, and its seat with it.
        this.seats.clear();
        this.setState('gone');
        return;
      }
      if (this.state !== 'reconnecting') return;
    }
    const delay = Math.max(backoffDelay(this.attempt), reason ? reason.minDelay : 0);
    this.attempt += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }
}
