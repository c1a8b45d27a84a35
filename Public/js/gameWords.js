// How a game of GET /api/matches/{id}/games (an extension) is said on the page: its result in words,
// and a move in words. Shared by the match page's list of past games and the replay view.

import { t } from './i18n.js';

import { gameById } from './games/index.js';
import { playerName as presentName, seatName } from './seats.js';

/** The name of `seat`'s player in `game`. */
export function playerName(game, seat) {
  const player = (game.players || []).find((p) => p.seat === seat);
  return player ? presentName(player) : seatName(seat);
}

/**
 * `game` with the computer's seat marked `computer: true` when `players` (a `presence` or a match
 * summary's) seat the computer there under the same name: the games API names players only, and the
 * computer is named in the reader's language (playerName).
 */
export function withComputer(game, players = []) {
  const isComputer = (player) => players.some((p) => p.computer && p.seat === player.seat && p.name === player.name);
  if (!game || !(game.players || []).some(isComputer)) return game;
  return { ...game, players: game.players.map((player) => (isComputer(player) ? { ...player, computer: true } : player)) };
}

/** The game's name ("Tic Tac Toe"), or its id for a game this page does not know. */
export function gameName(game) {
  return gameById(game.gameId)?.name ?? game.gameId;
}

/**
 * "Alice won", "Draw", "Draw agreed", "Bob won: Alice left", "Bob won: Alice resigned", "Bob won: Alice's
 * seat timed out", "Bob won: claimed while Alice was away", "Bob won on time", or "Being played".
 */
export function resultWords(game) {
  const result = game.result;
  if (!result) return t('past.playing');
  if (result.reason === 'aborted') return t('past.aborted');
  if (!result.winner) return result.reason === 'drawAgreed' ? t('result.drawAgreed') : t('result.draw');
  const winner = playerName(game, result.winner);
  // Whether or not the server names the loser in `forfeitBy`: running out of time is said the same way.
  if (result.reason === 'time') return t('result.theyWonTime', { winner });
  if (!result.forfeitBy) return t('result.theyWon', { winner });
  const loser = playerName(game, result.forfeitBy);
  switch (result.reason) {
    case 'resigned': return t('past.resigned', { winner, loser });
    case 'seatTimeout': return t('past.seatTimeout', { winner, loser });
    case 'claimed': return t('past.claimed', { winner, loser });
    default: return t('past.left', { winner, loser });
  }
}

/**
 * One move of `game` in words, as its game says it ("Alice: row 1, column 2", "Bob: column 4",
 * "Alice rolled: Bob wins"); the mover's name alone for a game this page does not know.
 */
export function moveWords(game, move) {
  const who = playerName(game, move.seat);
  const words = gameById(game.gameId)?.moveWords;
  return words ? words(move, { who, nameOf: (seat) => playerName(game, seat) }) : who;
}
