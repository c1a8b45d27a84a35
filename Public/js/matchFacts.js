// Questions the match page's views ask of the state (state.js): pure functions, no DOM, so that the
// seat cards, the stage, the offers and the controls answer them the same way.

import { t } from './i18n.js';

import { gameById } from './games/index.js';
import { nameOf, opponentOf, playerIn } from './seats.js';

/** The game being played, or null between games. */
export function playedGame(state) {
  return gameById(state.phase);
}

/** True while a game with a board is played and its board is known. */
export function playingOnBoard(state) {
  return Boolean(playedGame(state) && state.board);
}

/** Whether the computer holds a seat of the match. */
export function againstComputer(state) {
  return state.players.some((player) => player.computer);
}

/**
 * The opponent of a game being played whose seat has no connection, `{name, seat}`: the game can
 * be won by their absence (`claimWin`, or their seat's timeout). Null otherwise.
 */
export function awayOpponent(state) {
  const seat = opponentOf(state.you);
  const opponent = seat ? playerIn(state, seat) : null;
  if (!opponent || opponent.connected || !playedGame(state) || state.result) return null;
  return { name: nameOf(state, seat), seat };
}

/**
 * What the page says of an away opponent during a game, one countdown at a time (issue 40, item 7):
 * `{away, phase, seconds}` with `phase` `claimIn` (the game may be claimed in `seconds`), `claimable`
 * (it may be; their seat is kept `seconds` more) or `seatIn` (their seat is freed, and the game won,
 * in `seconds`, before any claim could be). Null without an away opponent or while this page is offline.
 * `ui` is match.js's `claimableIn(seat)` and `seatKeptFor(seat)`.
 */
export function awayPhase(state, ui) {
  const away = awayOpponent(state);
  if (!away || state.connection !== 'open') return null;
  const claimIn = ui.claimableIn(away.seat);
  const kept = Math.max(0, ui.seatKeptFor(away.seat));
  if (claimIn <= 0) return { away, phase: 'claimable', seconds: kept };
  if (kept <= claimIn) return { away, phase: 'seatIn', seconds: kept };
  return { away, phase: 'claimIn', seconds: claimIn };
}

/**
 * What the game buttons do between games: `start` (against the computer), `offer` (to a person who
 * is there), or `blocked` with a `note` saying why (an offer waits; the opponent is away).
 */
export function gameButtonsMode(state) {
  if (againstComputer(state)) return { mode: 'start', note: '' };
  const seat = opponentOf(state.you);
  const opponent = seat ? playerIn(state, seat) : null;
  if (opponent && !opponent.connected) {
    const name = nameOf(state, seat);
    return { mode: 'blocked', note: t('games.away', { name }) };
  }
  if (state.offer) return { mode: 'blocked', note: '' };
  return { mode: 'offer', note: '' };
}

/**
 * Whether this page's player may offer a draw now, `{allowed, why, note}`: `why` is said when the
 * button is pressed anyway, `note` is shown under it (after a declined offer, the moves still due).
 */
export function drawOfferState(state) {
  const myTurn = Boolean(playingOnBoard(state) && state.board.turn === state.you);
  const needed = state.drawMovesNeeded || 0;
  if (state.offer) {
    return { allowed: false, why: t('error.alreadyOffered'), note: '' };
  }
  if (needed > 0) {
    const text = t('draw.after', { count: needed });
    return { allowed: false, why: text, note: text };
  }
  if (!myTurn) return { allowed: false, why: t('draw.onYourTurn'), note: '' };
  return { allowed: true, why: '', note: '' };
}
