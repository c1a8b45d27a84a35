// Kalah's rules as the page needs them: reading a board off the wire, and sowing. The page draws the
// boards the server sends; it sows only where the server sends no board: the replay's positions and
// the move list's count, rebuilt from a past game's moves (the games API lists moves, not boards), and
// the path of the seeds the board animates. The rules are the server's (Sources/Games/Kalah/Rules);
// Tests/browser/test_kalah_rules.py checks this copy against the boards the server produced.
//
// The wire: `pits` holds 14 counts, 0-5 player1's pits, 6 player1's store, 7-12 player2's pits, 13
// player2's store; a pit P (0-5) is counted on its owner's side (index P for player1, 7 + P for
// player2); `last` is `{seat, pit}`.

import { opponentOf } from '../seats.js';

export const PITS = 6;
const SIZE = 14;
const SEEDS = 4;
export const STORE = { player1: 6, player2: 13 };
export const FIRST_PIT = { player1: 0, player2: 7 };

/** The index in `pits` of `seat`'s pit `pit` (0-5). */
export const indexOf = (seat, pit) => FIRST_PIT[seat] + pit;

const isCount = (value) => Number.isInteger(value) && value >= 0;

/** The starting position: four seeds in every pit, the stores empty. */
function startingPits() {
  return Array.from({ length: SIZE }, (_, index) => (index === STORE.player1 || index === STORE.player2 ? 0 : SEEDS));
}

/**
 * `seat` sows its pit `pit` on `pits` (the rules of docs/PROTOCOL.md, Kalah): `{pits, path, turn}` with
 * `path` the indexes that got a seed in order, `turn` the seat to move next (null once the game is
 * over); null for a pit that cannot be sown.
 */
export function sow(pits, seat, pit) {
  if (!STORE[seat] || !Number.isInteger(pit) || pit < 0 || pit >= PITS) return null;
  const next = pits.slice();
  let index = indexOf(seat, pit);
  let seeds = next[index];
  if (!seeds) return null;
  next[index] = 0;
  const own = STORE[seat];
  const theirs = STORE[opponentOf(seat)];
  const path = [];
  while (seeds > 0) {
    index = (index + 1) % SIZE;
    if (index === theirs) continue;
    next[index] += 1;
    seeds -= 1;
    path.push(index);
  }
  const extraTurn = index === own;
  const first = FIRST_PIT[seat];
  const opposite = 12 - index;
  if (!extraTurn && index >= first && index < first + PITS && next[index] === 1 && next[opposite] > 0) {
    next[own] += next[index] + next[opposite];
    next[index] = 0;
    next[opposite] = 0;
  }
  const sideEmpty = (start) => next.slice(start, start + PITS).every((count) => count === 0);
  const over = sideEmpty(FIRST_PIT.player1) || sideEmpty(FIRST_PIT.player2);
  if (over) {
    for (const side of ['player1', 'player2']) {
      for (let p = 0; p < PITS; p += 1) {
        next[STORE[side]] += next[indexOf(side, p)];
        next[indexOf(side, p)] = 0;
      }
    }
  }
  return { pits: next, path, turn: over ? null : extraTurn ? seat : opponentOf(seat) };
}

/** The board after the first `count` games-API moves (`{seat, pit}`), `turn` as the moves tell it. */
export function boardAfter(moves, count, startingPlayer) {
  let pits = startingPits();
  let turn = startingPlayer ?? 'player1';
  let last = null;
  for (const move of moves.slice(0, count)) {
    const sown = sow(pits, move.seat, move.pit);
    if (!sown) continue;
    pits = sown.pits;
    turn = sown.turn;
    last = { seat: move.seat, pit: move.pit };
  }
  return { pits, turn, last };
}

export const samePits = (a, b) => a.length === b.length && a.every((count, index) => count === b[index]);
const sameLast = (a, b) => (!a && !b) || Boolean(a && b && a.seat === b.seat && a.pit === b.pit);

/** How many of `moves` the board shows: the longest start of them that leads to it, -1 for none. */
export function movesShown(board, moves) {
  if (!board || !Array.isArray(board.pits)) return -1;
  let shown = -1;
  let pits = startingPits();
  for (let count = 0; count <= moves.length; count += 1) {
    if (count > 0) {
      const move = moves[count - 1];
      const sown = sow(pits, move.seat, move.pit);
      if (!sown) break;
      pits = sown.pits;
    }
    const last = count > 0 ? { seat: moves[count - 1].seat, pit: moves[count - 1].pit } : null;
    if (samePits(pits, board.pits) && sameLast(last, board.last)) shown = count;
  }
  return shown;
}

/** The board of a `board` message, a screen or a snapshot, or null when `raw` is not Kalah's. */
export function readBoard(raw) {
  if (!raw || !Array.isArray(raw.pits) || raw.pits.length !== SIZE || !raw.pits.every(isCount)) return null;
  const last = raw.last && STORE[raw.last.seat] && Number.isInteger(raw.last.pit) ? { seat: raw.last.seat, pit: raw.last.pit } : null;
  return { pits: raw.pits.slice(), turn: STORE[raw.turn] ? raw.turn : null, last };
}

/** The result a finished board shows by itself: the fuller store wins. */
export function resultFromBoard(board) {
  if (!board || board.turn) return null;
  const pitsLeft = board.pits.some((count, index) => count > 0 && index !== STORE.player1 && index !== STORE.player2);
  if (pitsLeft) return null;
  const [first, second] = [board.pits[STORE.player1], board.pits[STORE.player2]];
  return { winner: first > second ? 'player1' : second > first ? 'player2' : null, line: null };
}
