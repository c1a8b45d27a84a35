// Tic Tac Toe on the page: the 3×3 board, its labels, its keys, and the `move` a cell sends.

import { gridGameHooks, gridResult, lineIndexes, readGrid } from './grid.js';
import { createBoardView, placeMark } from '../boardView.js';
import { focusItem } from '../roving.js';
import { wordsOfGame } from '../i18n.js';
import { MARKS, nameOf, turnWords } from '../seats.js';

const SIZE = 3;

function cellLabel(row, col, seat) {
  return w('cell', { row: row + 1, col: col + 1, mark: seat ? MARKS[seat] : w('empty') });
}

function buildBoard() {
  const board = document.createElement('div');
  board.className = 'board board--tic-tac-toe';
  board.setAttribute('role', 'group');
  board.setAttribute('aria-label', w('board'));
  board.dataset.testid = 'board';
  board.hidden = true;
  for (let row = 0; row < SIZE; row += 1) {
    for (let col = 0; col < SIZE; col += 1) {
      const cell = document.createElement('button');
      cell.type = 'button';
      cell.className = 'cell';
      cell.dataset.row = String(row);
      cell.dataset.col = String(col);
      cell.dataset.testid = `cell-${row}-${col}`;
      cell.setAttribute('aria-label', cellLabel(row, col, null));
      board.append(cell);
    }
  }
  return board;
}

/** Draws `board` (`{cells, turn, last}`); `winLine` lists the [row, col] to highlight. */
function drawBoard(cells, board, { winLine, playable, myTurn }) {
  const winning = lineIndexes(winLine, SIZE);
  const last = board.last ? board.last.row * SIZE + board.last.col : -1;
  cells.forEach((cell, index) => {
    const row = Math.floor(index / SIZE);
    const col = index % SIZE;
    const seat = board.cells[index];
    placeMark(cell, seat ? MARKS[seat] : '', 'mark');
    cell.setAttribute('aria-label', cellLabel(row, col, seat));
    cell.classList.toggle('cell--last', index === last && winning.size === 0);
    cell.classList.toggle('cell--win', winning.has(index));
    // Cells stay focusable for everyone, so spectators can read the board with the arrow keys.
    // Players may still press a cell out of turn: the server answers with words we show.
    cell.setAttribute('aria-disabled', String(!playable || !myTurn || Boolean(seat)));
  });
}

/** Clicks, Enter and Space send a move; the arrow keys (wrapping), Home and End move focus. */
function wireBoard(boardElement, cells, send) {
  boardElement.addEventListener('click', (event) => {
    const cell = event.target.closest('.cell');
    if (!cell || boardElement.dataset.playable !== 'true') return;
    const row = Number(cell.dataset.row);
    const col = Number(cell.dataset.col);
    focusItem(cells, row * SIZE + col);
    const mark = boardElement.dataset.myMark;
    // Our own mark shows at once; the next drawing from the server's state confirms it, or takes it
    // back if the move was refused (an error redraws the board as the server has it).
    if (send({ type: 'move', row, col }) && mark && !cell.dataset.mark) {
      placeMark(cell, mark, 'mark');
      boardElement.dataset.myMark = '';
    }
  });

  boardElement.addEventListener('keydown', (event) => {
    const cell = event.target.closest('.cell');
    if (!cell) return;
    const index = cells.indexOf(cell);
    let row = Math.floor(index / SIZE);
    let col = index % SIZE;
    switch (event.key) {
      case 'ArrowUp': row = (row + SIZE - 1) % SIZE; break;
      case 'ArrowDown': row = (row + 1) % SIZE; break;
      case 'ArrowLeft': col = (col + SIZE - 1) % SIZE; break;
      case 'ArrowRight': col = (col + 1) % SIZE; break;
      case 'Home': col = 0; if (event.ctrlKey) row = 0; break;
      case 'End': col = SIZE - 1; if (event.ctrlKey) row = SIZE - 1; break;
      default: return;
    }
    event.preventDefault();
    focusItem(cells, row * SIZE + col);
  });
}

// Tic Tac Toe's words are in the page's files of words, under `ticTacToe.` (Public/i18n/*.json).
const w = wordsOfGame('ticTacToe');

export default {
  id: 'ticTacToe',
  name: 'Tic Tac Toe',
  stylesheet: '/css/games/ticTacToe.css',
  lineName: 'three in a row',
  ...gridGameHooks(SIZE, SIZE),
  moveWords: (move, { who }) => (move.cell ? w('moveWords', { who, row: move.cell.row + 1, col: move.cell.col + 1 }) : who),

  readBoard: (raw) => readGrid(raw, SIZE, SIZE),
  resultFromBoard: (board) => gridResult(board, SIZE, SIZE, SIZE),

  createView(container, { send }) {
    const boardElement = buildBoard();
    const cells = Array.from(boardElement.querySelectorAll('.cell'));
    wireBoard(boardElement, cells, send);
    return createBoardView(container, boardElement, cells, (board, options) => drawBoard(cells, board, options));
  },


  /** Every move and turn, spoken: "Bob played O at row 2, column 3 — your turn". */
  announcement(state) {
    const last = state.board && state.board.last;
    const turn = turnWords(state);
    if (!last) return turn;
    const played = w('played', { name: nameOf(state, last.seat), mark: MARKS[last.seat], row: last.row + 1, col: last.col + 1 });
    return turn ? w('playedThen', { played, turn: state.board.turn === state.you ? w('yourTurn') : turn }) : played;
  },

  statusText(state) {
    const last = state.board && state.board.last;
    if (!last) return '';
    return w('lastMove', { name: nameOf(state, last.seat), mark: MARKS[last.seat], row: last.row + 1, col: last.col + 1 });
  },
};
