// Helpers for games played on a grid of seats (docs/PROTOCOL.md, `board`): reading the board the
// server sends and finding a winning line. Pure functions, no DOM; the games' modules use them.

const SEAT_VALUES = new Set(['player1', 'player2']);
const DIRECTIONS = [[0, 1], [1, 0], [1, 1], [1, -1]];

/**
 * The board `{cells, turn, last}` read from `raw` when it has exactly `columns × rows` cells
 * (row-major), or null: a board of another shape belongs to another game.
 */
export function readGrid(raw, columns, rows) {
  if (!raw || !Array.isArray(raw.cells) || raw.cells.length !== columns * rows) return null;
  return {
    cells: raw.cells.map((cell) => (SEAT_VALUES.has(cell) ? cell : null)),
    turn: raw.turn ?? null,
    last: raw.last ?? null,
  };
}

/**
 * The first run of `length` equal seats in a row, a column or a diagonal, as `{winner, line}` with
 * `line` the `[row, col]` pairs from one end to the other; `{winner: null, line: null}` for a full
 * board without one (a draw); null while the game can go on.
 */
export function gridResult(board, columns, rows, length) {
  if (!board) return null;
  const at = (row, col) => (row >= 0 && row < rows && col >= 0 && col < columns ? board.cells[row * columns + col] : null);
  for (const [dRow, dCol] of DIRECTIONS) {
    for (let row = 0; row < rows; row += 1) {
      for (let col = 0; col < columns; col += 1) {
        const seat = at(row, col);
        if (!seat) continue;
        const line = Array.from({ length }, (_, step) => [row + dRow * step, col + dCol * step]);
        if (line.every(([r, c]) => at(r, c) === seat)) return { winner: seat, line };
      }
    }
  }
  return board.cells.every(Boolean) ? { winner: null, line: null } : null;
}

/** The cell indexes of `line` (`[row, col]` pairs) on a board `columns` wide. */
export function lineIndexes(line, columns) {
  return new Set((line || []).map(([row, col]) => row * columns + col));
}

// --- The games API's moves of a grid game (`{seat, cell: {row, col}}`), for the replay and the move list.

/**
 * The board after the first `count` of `moves` (games API moves, `cell` where the mark landed), as
 * `readGrid` gives it; `turn` is the seat that moves next as far as the moves tell (the replay knows
 * whether the game ended).
 */
export function gridBoardAfter(moves, count, columns, rows, startingPlayer) {
  const cells = Array(columns * rows).fill(null);
  let last = null;
  for (const move of moves.slice(0, count)) {
    if (!move.cell) continue;
    cells[move.cell.row * columns + move.cell.col] = move.seat;
    last = { row: move.cell.row, col: move.cell.col, seat: move.seat };
  }
  const turn = last ? (last.seat === 'player1' ? 'player2' : 'player1') : startingPlayer ?? null;
  return { cells, turn, last };
}

/** A games API result's `line` (`[{row, col}, …]`) as the views' `[row, col]` pairs, or null. */
export function gridLine(line) {
  return Array.isArray(line) ? line.map((cell) => [cell.row, cell.col]) : null;
}

/** How many moves a grid board shows: its marks. */
export function filledCells(board) {
  return board && Array.isArray(board.cells) ? board.cells.filter(Boolean).length : 0;
}

/** The games API move that a grid board's `last` is, or null before the first move. */
export function gridMoveOfBoard(board) {
  const last = board && board.last;
  return last ? { seat: last.seat, cell: { row: last.row, col: last.col } } : null;
}

/** The grid games' hooks for past games (games/index.js), for a board `columns` × `rows`. */
export function gridGameHooks(columns, rows) {
  return {
    boardAfter: (moves, count, startingPlayer) => gridBoardAfter(moves, count, columns, rows, startingPlayer),
    resultLine: gridLine,
    movesShown: (board) => filledCells(board),
    moveOfBoard: gridMoveOfBoard,
  };
}
