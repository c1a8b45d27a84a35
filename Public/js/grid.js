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
