// The match as the page knows it, built from server messages only. Pure functions, no DOM.
// What is particular to a game (its board's shape, what a finished board means) comes from its module.

import { gameById, GAMES, readAnyBoard } from './games/index.js';
import { nameOf } from './seats.js';

/** The games offered until an `offGame` screen lists the server's own. */
export const DEFAULT_GAMES = GAMES.map(({ id, name }) => ({ id, name }));

/** The state before the first `welcome`. */
export function initialState(matchId) {
  return {
    matchId,
    connection: 'connecting', // connecting | open | reconnecting | gone | stopped
    welcomed: false,
    you: null, // 'player1' | 'player2' | null
    phase: null, // loggedOut | offGame | a game's id
    players: [],
    spectators: 0,
    score: null,
    board: null,
    games: DEFAULT_GAMES,
    result: null, // {winner, line, game} once a game ended, until the next one starts
    lastGame: null, // the id of the game played last
  };
}

/** The game outcome a finished board shows by itself (used when only a snapshot is known). */
export function resultFromBoard(raw) {
  const found = readAnyBoard(raw);
  const result = found && found.game.resultFromBoard ? found.game.resultFromBoard(found.board) : null;
  return result ? { ...result, game: found.game.id } : null;
}

/** `raw` read as the board of the game with id `gameId`; null for a game without a board. */
function boardOf(gameId, raw) {
  const game = gameById(gameId);
  return game && game.readBoard ? game.readBoard(raw) : null;
}

/** Applies one server message; returns the new state (the old one is left untouched). */
export function reduce(state, message) {
  switch (message.type) {
    case 'welcome': {
      const snapshot = message.snapshot || {};
      const phase = snapshot.phase ?? null;
      const playing = gameById(phase);
      const found = playing || phase === 'loggedOut' ? null : readAnyBoard(snapshot.board);
      return {
        ...state,
        welcomed: true,
        you: message.you ? message.you.seat ?? null : null,
        phase,
        players: Array.isArray(snapshot.players) ? snapshot.players : [],
        spectators: snapshot.spectators ?? 0,
        score: snapshot.score ?? null,
        board: playing ? boardOf(phase, snapshot.board) : found ? found.board : null,
        result: phase === 'offGame' ? resultFromBoard(snapshot.board) : null,
        lastGame: playing ? phase : found ? found.game.id : state.lastGame,
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
        default: {
          const game = gameById(message.name);
          if (!game) return { ...state, phase: message.name ?? state.phase };
          return {
            ...state,
            phase: game.id,
            board: boardOf(game.id, message.board) ?? boardOf(game.id, state.board),
            result: null,
            lastGame: game.id,
          };
        }
      }
    case 'score':
      return { ...state, score: { player1: message.player1, player2: message.player2, draws: message.draws ?? 0 } };
    case 'board':
      return {
        ...state,
        board: gameById(state.phase) ? boardOf(state.phase, message) : readAnyBoard(message)?.board ?? null,
      };
    case 'gameOver':
      return {
        ...state,
        result: {
          winner: message.winner ?? null,
          line: Array.isArray(message.line) ? message.line : null,
          game: gameById(state.phase) ? state.phase : state.lastGame,
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

/** The sentence that announces a result: "Alice won!" or "It's a tie". */
export function resultText(state, result) {
  if (!result) return '';
  if (!result.winner) return "It's a tie";
  return `${nameOf(state, result.winner)} won!`;
}
