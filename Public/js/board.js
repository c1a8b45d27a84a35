// The 3×3 board: draws cells from a board state and lets the keyboard move between them.

import { MARKS } from './state.js';

const cellsOf = (boardElement) => Array.from(boardElement.querySelectorAll('.cell'));

function cellLabel(row, col, seat) {
  return `Row ${row + 1}, column ${col + 1}, ${seat ? MARKS[seat] : 'empty'}`;
}

/**
 * Draws `board` (`{cells, turn, last}`) into the board element.
 * `winLine` is a list of [row, col] to highlight; `playable` says whether clicks make moves.
 */
export function drawBoard(boardElement, board, { winLine = null, playable = false, myTurn = false } = {}) {
  const cells = cellsOf(boardElement);
  const winning = new Set((winLine || []).map(([row, col]) => row * 3 + col));
  const last = board && board.last ? board.last.row * 3 + board.last.col : -1;

  cells.forEach((cell, index) => {
    const row = Math.floor(index / 3);
    const col = index % 3;
    const seat = board ? board.cells[index] : null;
    const mark = seat ? MARKS[seat] : '';
    if (cell.dataset.mark !== mark) {
      cell.dataset.mark = mark;
      cell.replaceChildren();
      if (mark) {
        const glyph = document.createElement('span');
        glyph.className = `mark mark--${mark.toLowerCase()}`;
        glyph.setAttribute('aria-hidden', 'true');
        glyph.textContent = mark;
        cell.append(glyph);
      }
    }
    cell.setAttribute('aria-label', cellLabel(row, col, seat));
    cell.classList.toggle('cell--last', index === last && winning.size === 0);
    cell.classList.toggle('cell--win', winning.has(index));
    // Cells stay focusable for everyone, so spectators can read the board with the arrow keys.
    // Players may still press a cell out of turn: the server answers with words we show.
    cell.setAttribute('aria-disabled', String(!playable || !myTurn || Boolean(seat)));
  });
  boardElement.dataset.playable = String(playable);
  boardElement.classList.toggle('board--my-turn', playable && myTurn);
  boardElement.classList.toggle('board--over', winning.size > 0 || Boolean(board && board.turn === null));

  // Roving tabindex: one cell in the tab order, arrow keys move between the others.
  const active = Math.max(0, cells.findIndex((cell) => cell.getAttribute('tabindex') === '0'));
  cells.forEach((cell, index) => {
    cell.tabIndex = index === active ? 0 : -1;
  });
}

/** Calls `onMove(row, col)` for clicks, Enter and Space, and moves focus with the arrow keys. */
export function wireBoard(boardElement, onMove) {
  const cells = cellsOf(boardElement);

  const focusCell = (index) => {
    cells.forEach((cell, i) => {
      cell.tabIndex = i === index ? 0 : -1;
    });
    cells[index].focus();
  };

  boardElement.addEventListener('click', (event) => {
    const cell = event.target.closest('.cell');
    if (!cell || boardElement.dataset.playable !== 'true') return;
    const row = Number(cell.dataset.row);
    const col = Number(cell.dataset.col);
    focusCell(row * 3 + col);
    onMove(row, col);
  });

  boardElement.addEventListener('keydown', (event) => {
    const cell = event.target.closest('.cell');
    if (!cell) return;
    const index = cells.indexOf(cell);
    let row = Math.floor(index / 3);
    let col = index % 3;
    switch (event.key) {
      case 'ArrowUp': row = (row + 2) % 3; break;
      case 'ArrowDown': row = (row + 1) % 3; break;
      case 'ArrowLeft': col = (col + 2) % 3; break;
      case 'ArrowRight': col = (col + 1) % 3; break;
      case 'Home': col = 0; if (event.ctrlKey) row = 0; break;
      case 'End': col = 2; if (event.ctrlKey) row = 2; break;
      default: return;
    }
    event.preventDefault();
    focusCell(row * 3 + col);
  });
}
