// The games the page can show: one import and one entry per game, in the order of the server's
// `offGame` list. Nothing outside this folder names a game; it asks here.
//
// A game module's default export (docs/ADDING-A-GAME.md, "The page"):
//   id, name                      the wire's game id (also its phase and screen name) and its name; its
//                                 words are in Public/i18n/*.json under `{id}.` (`name`, `lineName`? and
//                                 its own keys, said through js/i18n.js's wordsOfGame)
//   stylesheet?                   a file under /css/games/ linked once at start
//   rated?                        false for a game that is never rated (issue 42: Random Win, chance
//                                 decides it): no leaderboard, no "Rated" choice
//   queueable?                    false for a game "Play someone now" does not offer (the server's
//                                 GameUnit.isQueueable, which refuses it); true when absent
//   moveWords?(move, {who, nameOf})  one move of GET /api/matches/{id}/games in words, the mover's name
//                                 `who` included ("Alice: row 1, column 2", "Alice rolled: Bob wins",
//                                 "Alice: pit 3"); `nameOf(seat)` names a seat of that game (default: `who`)
//   boardAfter?(moves, count, startingPlayer)  the board (as readBoard gives it) after the first `count`
//                                 games-API moves of a past game, with `turn` the seat to move next as the
//                                 moves tell it; a game with it is drawn by the replay view with createView
//   resultLine?(line)             a games-API result's `line` as the view's `result.line` (grid: [row, col] pairs)
//   movesShown?(board, moves, startingPlayer)  how many of `moves` (the move list's games-API moves of
//                                 this game) the board on screen shows, -1 when it shows none of their
//                                 positions (the move list reads the game again when it disagrees)
//   moveOfBoard?(board)           the games-API move that `board.last` is, or null (the move list adds it
//                                 without reading the game again)
//   (js/grid.js's gridGameHooks(columns, rows) gives a grid game the last four.)
//   readBoard?(raw)               the board from a `board` message or snapshot, null if not this game's
//   resultFromBoard?(board)       {winner, line} a finished board shows, or null
//   createView(container, {send}) appends the game's controls; returns {render(state, context), focusTarget()}
//   stageText?(state, {seated})   {title, hint} above the game while it is played (default: its name)
//   statusText?(state, result)    the line under the board (last move, winning line)
//   announcement?(state)          what the live region says on every move and turn ("Your turn" / "Bob's turn" by default)
//   resultDetail?(state, result)  a sentence added to the spoken result
//   lineName?                     what a winning line is, for the result sentence: "three in a row"
//                                 gives "Alice won (three in a row)"
//   noResignOrDraw?               true for a game without resignation or draw offers (Random Win: the
//                                 server answers them with wrongPhase)
//   noClock?                      true for a game played without a clock even in a match with one (Random
//                                 Win: its boards carry no `clock`); the replay then shows no clocks
//   errorWords?                   {code: sentence} shown instead of the server's sentence during the game
//
// Nothing outside this folder names a game id, a move's fields or a board's shape: the page core
// (gameWords.js, replay.js, moveList.js, state.js, render.js) reaches them only through these hooks.

import { has, t } from '../i18n.js';
import connectFour from './connectFour.js';
import kalah from './kalah.js';
import randomWin from './randomWin.js';
import ticTacToe from './ticTacToe.js';

export const GAMES = [ticTacToe, randomWin, connectFour, kalah];

// Each game's words are in the page's files under its id (js/i18n.js, wordsOfGame): its name and its
// winning line's name in the reader's language, so that every page that says `game.name` says it so.
for (const game of GAMES) {
  game.name = t(`${game.id}.name`);
  if (has(`${game.id}.lineName`)) game.lineName = t(`${game.id}.lineName`);
}

/** The games "Play someone now" offers, in the same order. */
export const QUEUEABLE_GAMES = GAMES.filter((game) => game.queueable !== false);

/** The games with ratings (issue 42): a leaderboard tab each, in the same order. */
export const RATED_GAMES = GAMES.filter((game) => game.rated !== false);

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
