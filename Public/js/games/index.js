// The games the page can show: one import and one entry per game, in the order of the server's
// `offGame` list. Nothing outside this folder names a game; it asks here.
//
// A game module's default export (docs/ADDING-A-GAME.md, "The page"):
//   id, name                      the wire's game id (also its phase and screen name) and its name
//   stylesheet?                   a file under /css/games/ linked once at start
//   grid?                         {columns, rows} of a game played on a grid (the replay builds its boards)
//   cellWords?(cell)              a move on the grid in words, from its {row, col} ("row 1, column 2")
//   readBoard?(raw)               the board from a `board` message or snapshot, null if not this game's
//   resultFromBoard?(board)       {winner, line} a finished board shows, or null
//   createView(container, {send}) appends the game's controls; returns {render(state, context), focusTarget()}
//   stageText?(state, {seated})   {title, hint} above the game while it is played (default: its name)
//   statusText?(state, result)    the line under the board (last move, winning line)
//   announcement?(state)          what the live region says on every move and turn ("Your turn" / "Bob's turn" by default)
//   resultDetail?(state, result)  a sentence added to the spoken result

import connectFour from './connectFour.js';
import randomWin from './randomWin.js';
import ticTacToe from './ticTacToe.js';

export const GAMES = [ticTacToe, randomWin, connectFour];

/** The game with this id (a phase or screen name is one), or null. */
export function gameById(id) {
  return GAMES.find((game) => game.id === id) ?? null;
}

/** `{game, board}` for the first game that reads `raw` as its board, or null. */
export function readAnyBoard(raw) {
  for (const game of GAMES) {
    const board = game.readBoard ? game.readBoard(raw) : null;
    if (board) return { game, board };
  }
  return null;
}

/** Links every game's stylesheet into `document` (the page's CSP allows files of this origin). */
export function linkGameStylesheets(document) {
  for (const game of GAMES) {
    if (!game.stylesheet) continue;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = game.stylesheet;
    document.head.append(link);
  }
}
