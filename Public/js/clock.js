// The two clocks of a game (docs/PROTOCOL.md, issue 30): read from a board, counted down, stopped, said
// in figures, and rebuilt from a past game's moves for the replay. Pure functions, no DOM: the time
// "now" is always given (performance.now(), in milliseconds).
//
// The server sends each board's `clock` as `{player1, player2, running}`, the seconds left as of when it
// sent the message. The page counts the running one down from when IT received the message (`at`), and
// never compares its own time with the server's, as it does for `seatTimeoutLeft`.

import { opponentOf } from './seats.js';
import { timeFigure } from './timeFigures.js';

const SEATS = ['player1', 'player2'];

/** Under this many seconds a clock is urgent (drawn as such, and said once to a screen reader). */
export const LOW_TIME_S = 10;

/**
 * A board's `clock` received at `at`, as `{player1, player2, running, firstMoveIn, at}`; null when absent
 * or malformed. `firstMoveIn` (issue 40): the seconds left, as of `at`, for a move made before both sides
 * have moved (no clock runs then, and the game is aborted when it runs out); null otherwise.
 */
export function readClock(raw, at) {
  if (!raw || typeof raw !== 'object') return null;
  if (!SEATS.every((seat) => Number.isFinite(raw[seat]))) return null;
  return {
    player1: Math.max(0, raw.player1),
    player2: Math.max(0, raw.player2),
    running: SEATS.includes(raw.running) ? raw.running : null,
    firstMoveIn: Number.isFinite(raw.firstMoveIn) ? Math.max(0, raw.firstMoveIn) : null,
    at,
  };
}

/** Seconds left of the first-move window at `now`, counted down from when it was told; null when none runs. */
export function firstMoveLeft(clock, now) {
  if (!clock || clock.firstMoveIn === null || clock.firstMoveIn === undefined) return null;
  return Math.max(0, clock.firstMoveIn - Math.max(0, now - clock.at) / 1000);
}

/** Seconds left on `seat`'s clock at `now`: the running one goes down from when the figures came. */
export function secondsLeft(clock, seat, now) {
  const told = clock[seat];
  if (clock.running !== seat) return told;
  return Math.max(0, told - Math.max(0, now - clock.at) / 1000);
}

/**
 * The clock stopped at `now` (the game ended): both figures as they stand then, nothing running. The
 * seat that ran out of time (`flagged`) shows 0 whatever the count here says: the server decided.
 */
export function stopClock(clock, now, flagged = null) {
  if (!clock) return null;
  const stopped = { player1: secondsLeft(clock, 'player1', now), player2: secondsLeft(clock, 'player2', now), running: null, at: now };
  if (SEATS.includes(flagged)) stopped[flagged] = 0;
  return stopped;
}

/** The seat that lost on time in `result` (a `gameOver` or a games-API result), else null. */
export function flaggedSeat(result) {
  return result && result.reason === 'time' && result.winner ? opponentOf(result.winner) : null;
}

/**
 * Seconds as a clock shows them: "2:59", "1:00:00" (timeFigures.js, rounded down), and under
 * LOW_TIME_S with tenths: "0:09.4".
 */
export function clockFigure(seconds) {
  const left = Math.max(0, seconds);
  if (left < LOW_TIME_S) {
    const tenths = Math.floor(left * 10);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  return timeFigure(left);
}

/** The seconds a past move took (`took`, the games API), or null when the move does not say. */
export function tookOf(move) {
  return move && Number.isFinite(move.took) && move.took >= 0 ? move.took : null;
}

/**
 * Both clocks after the first `count` of a past game's `moves` under `control` (`{initial,
 * increment}`): each player starts with `initial`; each move once both sides have moved takes its
 * `took` from its mover's clock and adds the increment (the moves before are free). At the end of a game lost on time (`result`, the games API's) the loser
 * shows 0: the time they ran out on is no move. `{player1, player2}`.
 */
export function clocksAfterMoves(control, moves, count, result) {
  const clocks = { player1: control.initial, player2: control.initial };
  // The first-move rule (issue 40): until both sides have moved, a move is neither charged nor given
  // the increment (Kalah's extra turn before the opponent's first move included).
  const moved = new Set();
  for (const move of moves.slice(0, count)) {
    if (!SEATS.includes(move.seat)) continue;
    const free = moved.size < SEATS.length;
    moved.add(move.seat);
    if (free) continue;
    clocks[move.seat] = Math.max(0, clocks[move.seat] - (tookOf(move) ?? 0)) + control.increment;
  }
  const flagged = count >= moves.length ? flaggedSeat(result) : null;
  if (flagged) clocks[flagged] = 0;
  return clocks;
}
