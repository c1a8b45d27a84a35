// The two seats of a match and who sits in them, for every game: pure functions over the state.

import { t } from './i18n.js';

export const SEATS = ['player1', 'player2'];
/** Each seat's symbol on the page (seat cards, scoreboard, the turn line); games draw with it too. */
export const MARKS = { player1: 'X', player2: 'O' };

/** The player in `seat`, from presence, or null when the seat is free. */
export function playerIn(state, seat) {
  return state.players.find((player) => player.seat === seat) ?? null;
}

/**
 * The name to show for a seated `player` (from presence): the computer is named in the reader's
 * language from `computer: true`, whatever name the server gave it; '' for a player without a name.
 */
export function playerName(player) {
  if (player.computer) return t('seat.computer');
  return player.name || '';
}

/** The name of `seat` when nobody gave one: "Player 1", "Player 2" in the reader's language. */
export function seatName(seat) {
  return seat === 'player1' ? t('seat.player1') : t('seat.player2');
}

/** The name to show for `seat`: presence first, then the scoreboard, then a default. */
export function nameOf(state, seat) {
  const player = playerIn(state, seat);
  if (player && playerName(player)) return playerName(player);
  const scored = state.score && state.score[seat];
  if (scored && scored.name) return scored.name;
  return seatName(seat);
}

/** The other seat. */
export function opponentOf(seat) {
  return seat === 'player1' ? 'player2' : seat === 'player2' ? 'player1' : null;
}

/** The seats nobody has taken. */
export function freeSeats(state) {
  return SEATS.filter((seat) => !playerIn(state, seat));
}

/** Whose turn it is, in the words of the live region: "Your turn" or "Bob's turn"; '' when none. */
export function turnWords(state) {
  const turn = state.board && state.board.turn;
  if (!turn) return '';
  return turn === state.you ? t('turn.yours') : t('turn.theirs', { name: nameOf(state, turn) });
}
