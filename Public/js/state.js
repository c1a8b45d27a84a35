// The match as the page knows it, built from server messages only. Pure functions, no DOM.

export const SEATS = ['player1', 'player2'];
export const MARKS = { player1: 'X', player2: 'O' };
export const DEFAULT_GAMES = [
  { id: 'ticTacToe', name: 'Tic Tac Toe' },
  { id: 'randomWin', name: 'Random Win' },
];
const LINES = [
  [[0, 0], [0, 1], [0, 2]], [[1, 0], [1, 1], [1, 2]], [[2, 0], [2, 1], [2, 2]],
  [[0, 0], [1, 0], [2, 0]], [[0, 1], [1, 1], [2, 1]], [[0, 2], [1, 2], [2, 2]],
  [[0, 0], [1, 1], [2, 2]], [[0, 2], [1, 1], [2, 0]],
];

/** The state before the first `welcome`. */
export function initialState(matchId) {
  return {
    matchId,
    connection: 'connecting', // connecting | open | reconnecting | gone | stopped
    welcomed: false,
    you: null, // 'player1' | 'player2' | null
    phase: null, // loggedOut | offGame | ticTacToe | randomWin
    players: [],
    spectators: 0,
    score: null,
    board: null,
    games: DEFAULT_GAMES,
    result: null, // {winner, line, game} once a game ended, until the next one starts
    lastGame: null, // 'ticTacToe' | 'randomWin'
  };
}

/** The game outcome a finished board shows by itself (used when only a snapshot is known). */
export function resultFromBoard(board) {
  if (!board || !Array.isArray(board.cells) || board.cells.length !== 9) return null;
  const at = (row, col) => board.cells[row * 3 + col];
  for (const line of LINES) {
    const [a, b, c] = line.map(([row, col]) => at(row, col));
    if (a && a === b && a === c) return { winner: a, line, game: 'ticTacToe' };
  }
  if (board.cells.every(Boolean)) return { winner: null, line: null, game: 'ticTacToe' };
  return null;
}

function normalizeBoard(board) {
  if (!board || !Array.isArray(board.cells)) return null;
  return {
    cells: board.cells.slice(0, 9).map((cell) => (cell === 'player1' || cell === 'player2' ? cell : null)),
    turn: board.turn ?? null,
    last: board.last ?? null,
  };
}

/** Applies one server message; returns the new state (the old one is left untouched). */
export function reduce(state, message) {
  switch (message.type) {
    case 'welcome': {
      const snapshot = message.snapshot || {};
      const board = normalizeBoard(snapshot.board);
      const phase = snapshot.phase ?? null;
      return {
        ...state,
        welcomed: true,
        you: message.you ? message.you.seat ?? null : null,
        phase,
        players: Array.isArray(snapshot.players) ? snapshot.players : [],
        spectators: snapshot.spectators ?? 0,
        score: snapshot.score ?? null,
        board: phase === 'randomWin' || phase === 'loggedOut' ? null : board,
        result: phase === 'offGame' ? resultFromBoard(board) : null,
        lastGame: phase === 'ticTacToe' || phase === 'randomWin' ? phase : board ? 'ticTacToe' : state.lastGame,
      };
    }
    case 'seated':
      return { ...state, you: message.seat ?? null };
    case 'screen':
      switch (message.name) {
        case 'loggedOut':
          return { ...state, phase: 'loggedOut', score: null, board: null, result: null };
        case 'offGame':
          return {
            ...state,
            phase: 'offGame',
            games: Array.isArray(message.games) && message.games.length ? message.games : state.games,
          };
        case 'ticTacToe':
          return {
            ...state,
            phase: 'ticTacToe',
            board: normalizeBoard(message.board) ?? state.board,
            result: null,
            lastGame: 'ticTacToe',
          };
        case 'randomWin':
          return { ...state, phase: 'randomWin', board: null, result: null, lastGame: 'randomWin' };
        default:
          return { ...state, phase: message.name ?? state.phase };
      }
    case 'score':
      return { ...state, score: { player1: message.player1, player2: message.player2, draws: message.draws ?? 0 } };
    case 'board':
      return { ...state, board: normalizeBoard(message) };
    case 'gameOver':
      return {
        ...state,
        result: {
          winner: message.winner ?? null,
          line: Array.isArray(message.line) ? message.line : null,
          game: state.phase === 'randomWin' ? 'randomWin' : 'ticTacToe',
        },
        board: state.board ? { ...state.board, turn: null } : null,
      };
    case 'presence':
      return {
        ...state,
        players: Array.isArray(message.players) ? message.players : state.players,
        spectators: message.spectators ?? state.spectators,
      };
    default:
      return state;
  }
}

/** The player in `seat`, from presence, or null when the seat is free. */
export function playerIn(state, seat) {
  return state.players.find((player) => player.seat === seat) ?? null;
}

/** The name to show for `seat`: presence first, then the scoreboard, then a default. */
export function nameOf(state, seat) {
  const player = playerIn(state, seat);
  if (player && player.name) return player.name;
  const scored = state.score && state.score[seat];
  if (scored && scored.name) return scored.name;
  return seat === 'player1' ? 'Player 1' : 'Player 2';
}

/** The other seat. */
export function opponentOf(seat) {
  return seat === 'player1' ? 'player2' : seat === 'player2' ? 'player1' : null;
}

/** The seats nobody has taken. */
export function freeSeats(state) {
  return SEATS.filter((seat) => !playerIn(state, seat));
}

/** The sentence that announces a result: "Alice won!" or "It's a tie". */
export function resultText(state, result) {
  if (!result) return '';
  if (!result.winner) return "It's a tie";
  return `${nameOf(state, result.winner)} won!`;
}
