// The part of a board game's view every board shares: shown only while its game (or its final
// position) is on the stage, playable only for a seated player while the game runs, one tab stop.

import { keepOneTabStop, tabStop } from './roving.js';
import { MARKS } from './seats.js';

/**
 * Appends `boardElement` to `container` and returns the game view (`render`, `focusTarget`) that
 * games/index.js describes. `controls` are the board's focusable controls (cells or columns);
 * `draw(board, {winLine, playable, myTurn})` draws the game's own marks and labels.
 */
export function createBoardView(container, boardElement, controls, draw) {
  container.append(boardElement);
  return {
    render(state, { shown, playing, seated, result }) {
      boardElement.hidden = !(shown && state.board);
      if (boardElement.hidden) return;
      const turn = playing ? state.board.turn : null;
      const winLine = result ? result.line : null;
      const playable = Boolean(playing && seated && turn);
      const myTurn = turn === state.you;
      draw(state.board, { winLine, playable, myTurn });
      boardElement.dataset.playable = String(playable);
      // The symbol this page may draw ahead of the server's answer (see placeMark), '' when none.
      boardElement.dataset.myMark = playable && myTurn ? MARKS[state.you] : '';
      boardElement.classList.toggle('board--my-turn', playable && myTurn);
      boardElement.classList.toggle('board--over', Boolean(winLine && winLine.length) || state.board.turn === null);
      keepOneTabStop(controls);
    },
    focusTarget: () => (boardElement.hidden ? null : tabStop(controls)),
  };
}

/**
 * Shows the seat symbol `mark` (`X`, `O` or '') in `cell` as `<span class="{kind} {kind}--x">X</span>`,
 * rebuilt only when it changes so that its entry animation plays once. `data-mark` carries it too.
 */
export function placeMark(cell, mark, kind) {
  if (cell.dataset.mark === mark) return;
  cell.dataset.mark = mark;
  cell.replaceChildren();
  if (!mark) return;
  const glyph = document.createElement('span');
  glyph.className = `${kind} ${kind}--${mark.toLowerCase()}`;
  glyph.setAttribute('aria-hidden', 'true');
  glyph.textContent = mark;
  cell.append(glyph);
}
