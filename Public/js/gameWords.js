// How a game of GET /api/matches/{id}/games (an extension) is said on the page: its result in words,
// and a move in words. Shared by the match page's list of past games and the replay view.

import { gameById } from './games/index.js';

/** The name of `seat`'s player in `game`. */
export function playerName(game, seat) {
  const player = (game.players || []).find((p) => p.seat === seat);
  return player ? player.name : seat === 'player1' ? 'Player 1' : 'Player 2';
}

/** The game's name ("Tic Tac Toe"), or its id for a game this page does not know. */
export function gameName(game) {
  return gameById(game.gameId)?.name ?? game.gameId;
}

/** "Alice won", "Draw", "Bob won: Alice left", or "Being played". */
export function resultWords(game) {
  const result = game.result;
  if (!result) return 'Being played';
  if (!result.winner) return 'Draw';
  const won = `${playerName(game, result.winner)} won`;
  return result.forfeitBy ? `${won}: ${playerName(game, result.forfeitBy)} left` : won;
}

/** "Alice: row 1, column 2", "Bob: column 4" (Connect Four), "Alice rolled: Bob wins". */
export function moveWords(game, move) {
  const who = playerName(game, move.seat);
  if (move.roll) return `${who} rolled: ${playerName(game, move.roll)} wins`;
  if (!move.cell) return who;
  const words = gameById(game.gameId)?.cellWords;
  return `${who}: ${words ? words(move.cell) : `row ${move.cell.row + 1}, column ${move.cell.col + 1}`}`;
}
