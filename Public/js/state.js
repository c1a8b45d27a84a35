// The match as the page knows it, built from server messages only. Pure functions, no DOM.
// What is particular to a game (its board's shape, what a finished board means) comes from its module.

import { t } from './i18n.js';

import { flaggedSeat, readClock, stopClock } from './clock.js';
import { gameById, GAMES, readAnyBoard } from './games/index.js';
import { readRatings } from './ratings.js';
import { nameOf, opponentOf } from './seats.js';
import { readTimeControl } from './timeControl.js';

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
    // The board on screen, as its game reads it, with `clock` ({player1, player2, running, at}: clock.js)
    // in a match with a clock, null in one without (and in Random Win, which has none).
    board: null,
    // The match's clock, `{initial, increment}` in seconds, or null: from the welcome; it never changes.
    timeControl: null,
    games: DEFAULT_GAMES,
    // {winner, line, game, reason, leaver?, leaverSeat?} once a game ended, until the next one starts or
    // a new pair sits down; `reason` is the gameOver's (line, score, draw, roll, resigned, drawAgreed,
    // left, seatTimeout, claimed, time; null from a server that does not say), `leaver` names the player
    // whose leave or seat timeout forfeited it once their seat is free.
    result: null,
    leftAs: null, // the seat this page gave up with `leave`, so its own leave is told as "you"
    lastGame: null, // the id of the game played last
    // The offer that waits for an answer (docs/PROTOCOL.md, "Fair play"): {kind: 'draw', seat} or
    // {kind: 'game', seat, gameId}, `seat` the one who offered; null when none stands.
    offer: null,
    // The offer answered with a decline, shown until the next move, offer or game: {kind, seat,
    // gameId?}, `seat` the one who declined.
    declined: null,
    // Moves this page's player still has to make before offering a draw again after a decline.
    drawMovesNeeded: 0,
  };
}

const SEAT_IDS = ['player1', 'player2'];
const REASONS = ['line', 'score', 'draw', 'roll', 'resigned', 'drawAgreed', 'left', 'seatTimeout', 'claimed', 'time', 'aborted'];

/** A gameOver's (or a lastGame's) `reason`, or null when absent or unknown. */
function readReason(reason) {
  return REASONS.includes(reason) ? reason : null;
}

/** A snapshot's `offer`, checked: {kind: 'draw', seat} or {kind: 'game', seat, gameId}; else null. */
function readOffer(raw) {
  if (!raw || !SEAT_IDS.includes(raw.seat)) return null;
  if (raw.kind === 'draw') return { kind: 'draw', seat: raw.seat };
  if (raw.kind === 'game' && typeof raw.gameId === 'string') return { kind: 'game', seat: raw.seat, gameId: raw.gameId };
  return null;
}

/**
 * `board` (as its game read it from `raw`) with the clock `raw` carries, received at `now`; a finished
 * board's clock is stopped, at 0 for the seat that lost on time (`flagged`). Null for a null board.
 */
function withClock(board, raw, now, { finished = false, flagged = null } = {}) {
  if (!board) return null;
  const clock = readClock(raw && raw.clock, now);
  return { ...board, clock: finished ? stopClock(clock, now, flagged) : clock };
}

/** A gameOver's final clocks, stopped: its `clock` when it carries one, else this page's, stopped at `now`. */
function finalClock(message, counted, now, result) {
  const told = readClock(message.clock, now);
  return told ? stopClock(told, now) : stopClock(counted, now, flaggedSeat(result));
}

/** A snapshot's `lastGame` as `{board, result}` (the final board, null for a game without one), or null. */
function readLastGame(raw, now) {
  if (!raw || typeof raw.gameId !== 'string') return null;
  const game = gameById(raw.gameId);
  const board = game && game.readBoard ? game.readBoard(raw.board) : null;
  const result = {
    winner: SEAT_IDS.includes(raw.winner) ? raw.winner : null,
    line: Array.isArray(raw.line) ? raw.line : null,
    game: raw.gameId,
    reason: readReason(raw.reason),
    // A rated game's change, so that a page opened after the game still says it.
    ratings: readRatings(raw.ratings),
  };
  return {
    board: withClock(board ? { ...board, turn: null } : null, raw.board, now, { finished: true, flagged: flaggedSeat(result) }),
    result,
  };
}

/** The seat whose move a board message reports, or null. */
function moverOf(board) {
  return board && board.last && SEAT_IDS.includes(board.last.seat) ? board.last.seat : null;
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

/**
 * Applies one server message, received at `now` (performance.now(): the clocks count down from it);
 * returns the new state (the old one is left untouched).
 */
export function reduce(state, message, now = 0) {
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
          timeControl: readTimeControl(snapshot.timeControl),
        };
      }
      // Between games the snapshot tells how the last game ended (`lastGame`, with its final board):
      // the page keeps showing it until the next game starts.
      const last = phase === 'offGame' ? readLastGame(snapshot.lastGame, now) : null;
      // A snapshot between games without the last board (as after a server restart) keeps the
      // result on screen when nothing was played since: the score is the same.
      const keptResult =
        phase === 'offGame' && !last && state.phase === 'offGame' && state.result && !resultFromBoard(snapshot.board) &&
        sameScore(snapshot.score, state.score)
          ? state
          : null;
      const you = message.you ? message.you.seat ?? null : null;
      const sameGame = playing && state.phase === phase && state.welcomed;
      return {
        ...state,
        welcomed: true,
        you,
        phase,
        players: Array.isArray(snapshot.players) ? snapshot.players : [],
        spectators: snapshot.spectators ?? 0,
        score: snapshot.score ?? null,
        board: playing
          ? withClock(boardOf(phase, snapshot.board), snapshot.board, now)
          : last ? last.board : found ? withClock(found.board, snapshot.board, now, { finished: true }) : keptResult ? keptResult.board : null,
        timeControl: readTimeControl(snapshot.timeControl),
        result: phase === 'offGame'
          ? last?.result ?? resultFromBoard(snapshot.board) ?? keptResult?.result ?? null
          : null,
        lastGame: playing ? phase : last ? last.result.game : found ? found.game.id : state.lastGame,
        offer: readOffer(snapshot.offer),
        // A decline already shown stays through a resync in the same phase, not after a reload.
        declined: phase === state.phase ? state.declined : null,
        drawMovesNeeded: sameGame ? state.drawMovesNeeded : 0,
      };
    }
    case 'seated':
      return { ...state, you: message.seat ?? null, leftAs: null };
    case 'screen': {
      // Every change of screen ends the offers of the one before: a draw offer ends with its game, a
      // game offer when a game starts or the pair breaks.
      const noOffers = { offer: null, declined: null };
      switch (message.name) {
        case 'loggedOut':
          // The broken pair's story (final board, result, score) stays on screen until a new pair
          // sits down; without a finished game there is no story to keep.
          return state.result
            ? { ...state, ...noOffers, phase: 'loggedOut' }
            : { ...state, ...noOffers, phase: 'loggedOut', score: null, board: null };
        case 'offGame':
          // The final board of the game that just ended stays on screen (with its result).
          return {
            ...state,
            ...(state.phase === 'offGame' ? {} : noOffers),
            phase: 'offGame',
            games: Array.isArray(message.games) && message.games.length ? message.games : state.games,
          };
        default: {
          const game = gameById(message.name);
          if (!game) return { ...state, ...noOffers, phase: message.name ?? state.phase };
          return {
            ...state,
            ...noOffers,
            phase: game.id,
            // The clock starts with the game's board; a screen without one has no clock to tell.
            board: withClock(boardOf(game.id, message.board), message.board, now) ?? withClock(boardOf(game.id, state.board), null, now),
            result: null,
            lastGame: game.id,
            drawMovesNeeded: 0,
          };
        }
      }
    }
    case 'score':
      return { ...state, score: { player1: message.player1, player2: message.player2, draws: message.draws ?? 0 } };
    case 'board': {
      const mover = moverOf(message);
      let { offer, declined, drawMovesNeeded } = state;
      // A draw offer lapses when the player it was made to moves instead of answering it.
      if (offer && offer.kind === 'draw' && mover && mover === opponentOf(offer.seat)) offer = null;
      // A declined offer is old news once someone moves.
      if (mover && declined) declined = null;
      if (mover && mover === state.you && drawMovesNeeded > 0) drawMovesNeeded -= 1;
      return {
        ...state,
        // A board told after its game ended (a flag's last figures, say) keeps the clocks stopped.
        board: withClock(gameById(state.phase) ? boardOf(state.phase, message) : readAnyBoard(message)?.board ?? null, message, now,
          { finished: Boolean(state.result), flagged: flaggedSeat(state.result) }),
        offer,
        declined,
        drawMovesNeeded,
      };
    }
    case 'gameOver': {
      const result = {
        winner: message.winner ?? null,
        line: Array.isArray(message.line) ? message.line : null,
        game: gameById(state.phase) ? state.phase : state.lastGame,
        reason: readReason(message.reason),
        // A rated game's changes (issue 42): both seats' rating before and after.
        ratings: readRatings(message.ratings),
      };
      // The seats show their new ratings at once (presence may not come again before the next game).
      const rated = (player) => result.ratings?.[player.seat];
      return {
        ...state,
        result,
        players: result.ratings
          ? state.players.map((p) => (rated(p) ? { ...p, rating: rated(p).after, provisional: rated(p).provisional } : p))
          : state.players,
        // The clocks stop at the final figures the server tells (issue 40: the same on every page, and
        // after a reload); from an older server, where they stand, the one that ran out at 0.
        board: state.board ? { ...state.board, turn: null, clock: finalClock(message, state.board.clock, now, result) } : null,
        offer: null,
        declined: null,
      };
    }
    case 'drawOffered':
      if (!SEAT_IDS.includes(message.seat)) return state;
      return { ...state, offer: { kind: 'draw', seat: message.seat }, declined: null };
    case 'drawDeclined':
      if (!SEAT_IDS.includes(message.seat)) return state;
      return {
        ...state,
        offer: null,
        declined: { kind: 'draw', seat: message.seat },
        // The offerer may offer again after three more moves of their own (else `tooEarly`).
        drawMovesNeeded: state.you && opponentOf(message.seat) === state.you ? 3 : state.drawMovesNeeded,
      };
    case 'gameOffered':
      if (!SEAT_IDS.includes(message.seat) || typeof message.gameId !== 'string') return state;
      return { ...state, offer: { kind: 'game', seat: message.seat, gameId: message.gameId }, declined: null };
    case 'gameDeclined': {
      if (!SEAT_IDS.includes(message.seat)) return state;
      const offered = state.offer && state.offer.kind === 'game' ? state.offer.gameId : null;
      return { ...state, offer: null, declined: { kind: 'game', seat: message.seat, gameId: offered } };
    }
    case 'presence': {
      const players = Array.isArray(message.players) ? message.players : state.players;
      let { result, board, score } = state;
      // A game that ended while still in play, its loser gone: forfeited by a leave or a seat timeout.
      const loserSeat = result && result.winner ? opponentOf(result.winner) : null;
      const loser = loserSeat && gameById(state.phase) ? state.players.find((p) => p.seat === loserSeat) : null;
      if (loser && !players.some((p) => p.seat === loserSeat)) {
        result = { ...result, leaver: nameOf(state, loserSeat), leaverSeat: loserSeat };
      }
      // A new pair while the old one's story is shown: the story ends.
      if (state.phase === 'loggedOut' && players.length === 2 && state.players.length < 2) {
        result = null;
        board = null;
        score = null;
      }
      // An offer stands only while both of its players are seated.
      const offer = state.offer && players.length === 2 ? state.offer : null;
      return { ...state, players, spectators: message.spectators ?? state.spectators, result, board, score, offer };
    }
    default:
      return state;
  }
}

/** The word for a game without a winner, on the result line and the score board alike. */
export const DRAW_WORD = t('result.draw');

/** The reason of `result`, guessed from what it shows when the server did not say. */
function reasonOf(result) {
  if (result.reason) return result.reason;
  if (!result.winner) return 'draw';
  if (result.leaverSeat) return 'left';
  if (result.line) return 'line';
  return null;
}

/**
 * The sentence that announces a result, with its reason, in the second person for the people it is
 * about: "You won (three in a row)", "Alice won on score", "Draw", "Draw agreed", "Bob resigned — you
 * win", "You left — Alice wins", "Bob's seat timed out — Alice wins", "Alice claimed the game while Bob
 * was away", and to the player who was away "You were away; Alice claimed the game."; "Alice won on
 * time" (and "You won on time") when the other's clock ran out.
 */
export function resultText(state, result) {
  if (!result) return '';
  const reason = reasonOf(result);
  if (reason === 'aborted') return t('result.aborted');
  if (!result.winner) return reason === 'drawAgreed' ? t('result.drawAgreed') : t('result.draw');
  const me = state.you ?? state.leftAs;
  const winnerIsMe = result.winner === me;
  const loserSeat = opponentOf(result.winner);
  const loserIsMe = loserSeat === me;
  const winner = nameOf(state, result.winner);
  const loser = result.leaverSeat === loserSeat && result.leaver ? result.leaver : nameOf(state, loserSeat);
  // "— you win" / "— Alice wins", after what the loser did.
  const wins = winnerIsMe ? t('result.youWin') : t('result.theyWin', { winner });
  const mine = winnerIsMe ? 'you' : 'they';
  switch (reason) {
    case 'line': {
      const words = gameById(result.game)?.lineName;
      return words ? t(`result.${mine}WonLine`, { winner, line: words }) : t(`result.${mine}Won`, { winner });
    }
    case 'score':
      return t(`result.${mine}WonScore`, { winner });
    case 'resigned':
      return loserIsMe ? t('result.youResigned', { wins }) : t('result.theyResigned', { loser, wins });
    case 'left':
      return loserIsMe ? t('result.youLeft', { wins }) : t('result.theyLeft', { loser, wins });
    case 'seatTimeout':
      return loserIsMe ? t('result.yourSeatTimedOut', { wins }) : t('result.theirSeatTimedOut', { loser, wins });
    case 'claimed':
      if (loserIsMe) return t('result.youWereAway', { winner });
      return t(`result.${mine}Claimed`, { winner, loser });
    case 'time':
      return t(`result.${mine}WonTime`, { winner });
    default:
      return t(`result.${mine}Won`, { winner });
  }
}
