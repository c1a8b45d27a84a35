// How long each seat without a connection is kept, and when the game may be claimed against it, as
// the page counts them down (docs/PROTOCOL.md, `seatTimeoutLeft` and `claimableIn` in `players`).
// Both deadlines are kept in page time (performance.now()), from the seconds left the server told
// with the seat, counted from when its message came: the server's clock and ours are never compared.

// The server's default `--seat-timeout`, for a server that does not tell its own (`seatTimeout`).
const DEFAULT_SEAT_TIMEOUT_S = 60;
// A redraw every quarter second while a seat counts down, so that the seconds shown never lag by a
// whole one.
const REDRAW_MS = 250;

/** `redraw()` is called while any seat counts down. */
export function createAwayCountdown({ redraw }) {
  const awayDeadlines = new Map();
  const claimDeadlines = new Map();
  let seatTimeoutS = DEFAULT_SEAT_TIMEOUT_S;
  let timer = null;

  /** Keeps the deadlines in step with the players a welcome or presence lists. */
  function track(players) {
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
        // An older server tells no seconds left: its whole timeout, from when we saw the seat go.
        awayDeadlines.set(player.seat, now + seatTimeoutS * 1000);
      }
    }
    if (awayDeadlines.size && timer === null) {
      timer = window.setInterval(redraw, REDRAW_MS);
    } else if (!awayDeadlines.size && timer !== null) {
      window.clearInterval(timer);
      timer = null;
    }
  }

  return {
    track,
    /** The server's own seat timeout, from a welcome's snapshot (absent from an older server). */
    setSeatTimeout(seconds) {
      if (typeof seconds === 'number') seatTimeoutS = seconds;
    },
    /** Seconds `seat` is kept without a connection (the whole timeout for a seat not counted yet). */
    seatKeptFor(seat) {
      const deadline = awayDeadlines.get(seat);
      return deadline === undefined ? seatTimeoutS : (deadline - performance.now()) / 1000;
    },
    /** Seconds until the game may be claimed against `seat`; 0 once it may (or when the server does not say). */
    claimableIn(seat) {
      const deadline = claimDeadlines.get(seat);
      return deadline === undefined ? 0 : Math.max(0, (deadline - performance.now()) / 1000);
    },
  };
}
