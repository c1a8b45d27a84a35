// Connect Four on the page: seven columns of six cells; a column is one button, so a click or a tap
// anywhere in it, or Enter and Space on it, sends `drop` for that column. Row 0 is the top row.

import { gridGameHooks, gridResult, lineIndexes, readGrid } from './grid.js';
import { createBoardView, placeMark } from '../boardView.js';
import { focusItem } from '../roving.js';
import { wordsOfGame } from '../i18n.js';
import { MARKS, nameOf, turnWords } from '../seats.js';

const COLUMNS = 7;
const ROWS = 6;
const TO_WIN = 4;

const at = (board, row, col) => board.cells[row * COLUMNS + col];

/** Free cells of `col`: the discs fall to the bottom, so they are the top ones. */
function freeCells(board, col) {
  let free = 0;
  while (free < ROWS && !at(board, free, col)) free += 1;
  return free;
}


/** "Column 4, 3 free cells, from the bottom: X, O, X (last disc)". */
function columnLabel(board, col) {
  const free = freeCells(board, col);
  const discs = [];
  for (let row = ROWS - 1; row >= free; row -= 1) {
    const isLast = board.last && board.last.row === row && board.last.col === col;
    discs.push(isLast ? w('lastDisc', { mark: MARKS[at(board, row, col)] }) : MARKS[at(board, row, col)]);
  }
  const room = free === 0 ? w('full') : w('freeCells', { count: free });
  const label = w('column', { col: col + 1, room });
  return discs.length ? w('columnDiscs', { column: label, discs: discs.join(', ') }) : label;
}

/** The winning line in words, e.g. "Four in a row in column 1". */
function lineWords(line) {
  const [first, , , end] = line;
  const from = Math.min(first[1], end[1]) + 1;
  const to = Math.max(first[1], end[1]) + 1;
  if (first[1] === end[1]) return w('lineColumn', { col: first[1] + 1 });
  if (first[0] === end[0]) return w('lineRow', { row: ROWS - first[0], from, to });
  return w('lineDiagonal', { from, to });
}

function buildBoard() {
  const board = document.createElement('div');
  board.className = 'board board--connect-four';
  board.setAttribute('role', 'group');
  board.setAttribute('aria-label', w('boardLabel'));
  board.dataset.testid = 'c4-board';
  board.hidden = true;
  for (let col = 0; col < COLUMNS; col += 1) {
    const column = document.createElement('button');
    column.type = 'button';
    column.className = 'c4-column';
    column.dataset.col = String(col);
    column.dataset.testid = `c4-column-${col}`;
    for (let row = 0; row < ROWS; row += 1) {
      const cell = document.createElement('span');
      cell.className = 'c4-cell';
      cell.dataset.row = String(row);
      cell.dataset.col = String(col);
      cell.dataset.testid = `c4-cell-${row}-${col}`;
      cell.dataset.mark = '';
      column.append(cell);
    }
    board.append(column);
  }
  return board;
}

function drawBoard(columns, board, { winLine, playable, myTurn }) {
  const winning = lineIndexes(winLine, COLUMNS);
  const last = board.last ? board.last.row * COLUMNS + board.last.col : -1;
  columns.forEach((column, col) => {
    column.querySelectorAll('.c4-cell').forEach((cell, row) => {
      const index = row * COLUMNS + col;
      const seat = board.cells[index];
      placeMark(cell, seat ? MARKS[seat] : '', 'disc');
      cell.classList.toggle('c4-cell--last', index === last && winning.size === 0);
      cell.classList.toggle('c4-cell--win', winning.has(index));
    });
    column.setAttribute('aria-label', columnLabel(board, col));
    // Columns stay focusable for everyone, so spectators can read the board with the arrow keys;
    // a full column or an early press is still sent, and the server's answer is shown in words.
    column.setAttribute('aria-disabled', String(!playable || !myTurn || freeCells(board, col) === 0));
  });
}

/** A click or tap in a column, or Enter and Space on it, drops; the arrow keys, Home and End move. */
function wireBoard(boardElement, columns, send) {
  boardElement.addEventListener('click', (event) => {
    const column = event.target.closest('.c4-column');
    if (!column || boardElement.dataset.playable !== 'true') return;
    const col = Number(column.dataset.col);
    focusItem(columns, col);
    const mark = boardElement.dataset.myMark;
    // Our own disc shows at once in the lowest free cell; the next drawing from the server's state
    // confirms it, or takes it back if the drop was refused (an error redraws the board).
    if (send({ type: 'drop', col }) && mark) {
      const free = Array.from(column.querySelectorAll('.c4-cell')).filter((cell) => !cell.dataset.mark);
      const landing = free[free.length - 1];
      if (landing) {
        placeMark(landing, mark, 'disc');
        boardElement.dataset.myMark = '';
      }
    }
  });

  boardElement.addEventListener('keydown', (event) => {
    const column = event.target.closest('.c4-column');
    if (!column) return;
    let col = columns.indexOf(column);
    switch (event.key) {
      case 'ArrowLeft': col = (col + COLUMNS - 1) % COLUMNS; break;
      case 'ArrowRight': col = (col + 1) % COLUMNS; break;
      case 'Home': col = 0; break;
      case 'End': col = COLUMNS - 1; break;
      default: return;
    }
    event.preventDefault();
    focusItem(columns, col);
  });
}

// Connect Four's words are in the page's files of words, under `connectFour.` (Public/i18n/*.json).
const w = wordsOfGame('connectFour');

export default {
  id: 'connectFour',
  name: 'Connect Four',
  stylesheet: '/css/games/connectFour.css',
  lineName: 'four in a row',
  ...gridGameHooks(COLUMNS, ROWS),
  // A disc is dropped in a column; where it lands follows.
  moveWords: (move, { who }) => (move.cell ? w('moveWords', { who, col: move.cell.col + 1 }) : who),

  readBoard: (raw) => readGrid(raw, COLUMNS, ROWS),
  resultFromBoard: (board) => gridResult(board, COLUMNS, ROWS, TO_WIN),

  /** The server's codes in this game's words: a "cell" here is a column. */
  errorWords: {
    cellTaken: w('columnFull'),
    outOfBounds: w('columnOutside'),
  },

  createView(container, { send }) {
    const boardElement = buildBoard();
    const columns = Array.from(boardElement.querySelectorAll('.c4-column'));
    wireBoard(boardElement, columns, send);
    return createBoardView(container, boardElement, columns, (board, options) => drawBoard(columns, board, options));
  },


  statusText(state, result) {
    if (result && result.line) return lineWords(result.line);
    const last = state.board && state.board.last;
    if (!last) return '';
    return w('lastDiscStatus', { name: nameOf(state, last.seat), mark: MARKS[last.seat], col: last.col + 1 });
  },

  /** Every disc and turn, spoken: "Alice (X) dropped a disc in column 1. Your turn". */
  announcement(state) {
    const last = state.board && state.board.last;
    const dropped = last ? w('dropped', { name: nameOf(state, last.seat), mark: MARKS[last.seat], col: last.col + 1 }) : '';
    return [dropped, turnWords(state)].filter(Boolean).join(' ');
  },

  resultDetail: (state, result) => (result && result.line ? lineWords(result.line) : ''),
};
