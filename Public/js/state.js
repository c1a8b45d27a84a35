// The match as the page knows it, built from server messages only. Pure functions, no DOM.
// What is particular to a game (its board's shape, what a finished board means) comes from its module.

import { gameById, GAMES, readAnyBoard } from './games/index.js';
import { nameOf, opponentOf } from './seats.js';

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
    // {winner, line, game, leaver?, leaverSeat?} once a game ended, until the next one starts or a
    // new pair sits down; `leaver` names the player whose leave or seat timeout forfeited it.
    result: null,
    leftAs: null, // the seat this page gave up with `leave`, so its own leave is told as "you"
    lastGame: null, // the id of the game played last
  };
}

/** The game outcome a finished board shows by itself (used when only a snapshot is known). */
export function resultFromBoard(raw) {
  const found = readAnyBoard(raw);
  const result = found && found.game.resultFromBoard ? found.game.resultFromBoard(found.board) : null;
  return result ? { ...result, game: found.game.id } : null;
}

/** True when two scores (a snapshot's or a `score` message's) count the same wins and draws. */
function sameScore(a, b) {
  if (!a || !b) return false;
  const wins = (score, seat) => (score[seat] && score[seat].wins) ?? 0;
  return wins(a, 'player1') === wins(b, 'player1') && wins(a, 'player2') === wins(b, 'player2') &&
    (a.draws ?? 0) === (b.draws ?? 0);
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
      // A reconnect while a broken pair's story is shown keeps it: the snapshot no longer has it.
      const story =
        phase === 'loggedOut' && state.phase === 'loggedOut' && state.result && (snapshot.players || []).length < 2;
      if (story) {
        return {
          ...state,
          welcomed: true,
          you: message.you ? message.you.seat ?? null : null,
          players: Array.isArray(snapshot.players) ? snapshot.players : [],
          spectators: snapshot.spectators ?? 0,
        };
      }
      // A snapshot between games without the last board (as after a server restart) keeps the
      // result on screen when nothing was played since: the score is the same.
      const keptResult =
        phase === 'offGame' && state.phase === 'offGame' && state.result && !resultFromBoard(snapshot.board) &&
        sameScore(snapshot.score, state.score)
          ? state
          : null;
      return {
        ...state,
        welcomed: true,
        you: message.you ? message.you.seat ?? null : null,
        phase,
        players: Array.isArray(snapshot.players) ? snapshot.players : [],
        spectators: snapshot.spectators ?? 0,
        score: snapshot.score ?? null,
        board: playing ? boardOf(phase, snapshot.board) : found ? found.board : keptResult ? keptResult.board : null,
        result: phase === 'offGame' ? resultFromBoard(snapshot.board) ?? keptResult?.result ?? null : null,
        lastGame: playing ? phase : found ? found.game.id : state.lastGame,
      };
    }
    case 'seated':
      return { ...state, you: message.seat ?? null, leftAs: null };
    case 'screen':
      switch (message.name) {
        case 'loggedOut':
          // The broken pair's story (final board, result, score) stays on screen until a new pair
          // sits down; without a finished game there is no story to keep.
          return state.result
            ? { ...state, phase: 'loggedOut' }
            : { ...state, phase: 'loggedOut', score: null, board: null };
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
    case 'presence': {
      const players = Array.isArray(message.players) ? message.players : state.players;
      let { result, board, score } = state;
      // A game that ended while still in play, its loser gone: forfeited by a leave or a seat timeout.
      const loserSeat = result && result.winner ? opponentOf(result.winner) : null;
      const loser = loserSeat && gameById(state.phase) ? state.players.find((p) => p.seat === loserSeat) : null;
      if (loser && !players.some((p) => p.seat === loserSeat)) {
        result = { ...result, leaver: loser.name || nameOf(state, loserSeat), leaverSeat: loserSeat };
      }
      // A new pair while the old one's story is shown: the story ends.
      if (state.phase === 'loggedOut' && players.length === 2 && state.players.length < 2) {
        result = null;
        board = null;
        score = null;
      }
      return { ...state, players, spectators: message.spectators ?? state.spectators, result, board, score };
    }
    default:
      return state;
  }
}

/** The word for a game without a winner, on the result line and the score board alike. */
export const DRAW_WORD = 'Draw';

/**
 * The sentence that announces a result, in the second person for the people it is about:
 * "You won!", "Alice won!", "Draw!", "You win — Alice left", "You left — Bob wins".
 */
export function resultText(state, result) {
  if (!result) return '';
  if (!result.winner) return `${DRAW_WORD}!`;
  const winnerIsYou = result.winner === state.you;
  const winner = winnerIsYou ? 'You' : nameOf(state, result.winner);
  if (result.leaverSeat) {
    if (result.leaverSeat === state.leftAs) return `You left — ${winner} wins`;
    return `${winner} ${winnerIsYou ? 'win' : 'wins'} — ${result.leaver} left`;
  }
  return `${winner} won!`;
}

