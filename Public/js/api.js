// HTTP side of the wire contract (docs/PROTOCOL.md, "HTTP"): create, list and look up matches.

import { has, t } from './i18n.js';

/** An HTTP answer that was not a success, with the server's error code and sentence. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

const MATCH_ID = /^[A-Za-z0-9_-]{10,}$/;

/** True when `id` has the shape of a match id (at least 10 of [A-Za-z0-9_-]). */
export function isMatchId(id) {
  return typeof id === 'string' && MATCH_ID.test(id);
}

/**
 * Reads a match id out of what a person typed or pasted: a bare id, an invite URL
 * (`https://host/m/ID?gameId=…`) or a path (`/m/ID`). Returns `{matchId, gameId}` or null.
 */
export function parseInvite(text) {
  const input = String(text ?? '').trim();
  if (isMatchId(input)) return { matchId: input, gameId: null };
  let url;
  try {
    url = new URL(input, window.location.origin);
  } catch {
    return null;
  }
  const found = /\/m\/([A-Za-z0-9_-]{10,})\/?$/.exec(url.pathname);
  if (!found) return null;
  return { matchId: found[1], gameId: url.searchParams.get('gameId') };
}

/** The match id of the current `/m/{id}` page, or null. */
export function matchIdFromLocation(location = window.location) {
  const found = /^\/m\/([^/]+)\/?$/.exec(location.pathname);
  if (!found) return null;
  let id;
  try {
    id = decodeURIComponent(found[1]);
  } catch {
    return null;
  }
  return isMatchId(id) ? id : null;
}

/**
 * `method` on `path` with `payload` as its JSON body (none when undefined): resolves to the answer's
 * JSON body (null when it has none, as a 204), rejects with an ApiError.
 */
export async function request(method, path, payload) {
  let response;
  try {
    const headers = { Accept: 'application/json' };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    response = await fetch(path, {
      method,
      headers,
      body: payload === undefined ? undefined : JSON.stringify(payload),
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'network', t('error.network'));
  }
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const error = body && body.error ? body.error : {};
    throw new ApiError(
      response.status,
      error.code || 'http' + response.status,
      // The page's own sentence for a code it knows; the server's English one for any other.
      error.code && has(`error.${error.code}`)
        ? t(`error.${error.code}`)
        : error.message || t('error.http', { status: response.status }),
    );
  }
  return body;
}

/**
 * POST /api/matches: creates a match. Resolves to `{matchId, url}`. With `options`
 * `{opponent: 'computer', level: 'easy' | 'perfect'}` (an extension) the computer takes the second seat;
 * with `{listed: true}` (an extension) the match is listed in the lobby, else it is private; with
 * `{clock: {initial, increment}}` (seconds, an extension) every game of the match is played under it.
 */
export function createMatch(options) {
  return request('POST', '/api/matches', options);
}

/**
 * POST /api/queue ("Play someone now", an extension), to be paired for the game `gameId` (the server's
 * default when none) and the clock `clock` (`{initial, increment}`, none when null) under `name` (the
 * seat's default when empty): resolves to `{ticket, status: 'waiting', waited}`; rejects with code
 * `unknownGame` for a game the queue does not offer. `rated` (issue 42, signed in only) asks for a rated match.
 */
export function joinQueue({ name = '', gameId = null, clock = null, rated = false } = {}) {
  const body = {};
  if (name) body.name = name;
  if (rated) body.rated = true;
  if (gameId) body.gameId = gameId;
  if (clock) body.clock = clock;
  return request('POST', '/api/queue', body);
}

/**
 * POST /api/queue/renew: keeps the place and tells where it stands, `{status: 'waiting', waited}` or
 * `{status: 'paired', matchId, url, seat, token}`; rejects with status 404 once the ticket is not in the queue.
 */
export function renewQueue(ticket) {
  return request('POST', '/api/queue/renew', { ticket });
}

/** POST /api/queue/cancel, also while the page goes away (a beacon outlives it). */
export function cancelQueue(ticket, { leaving = false } = {}) {
  const body = JSON.stringify({ ticket });
  if (leaving && navigator.sendBeacon) {
    navigator.sendBeacon('/api/queue/cancel', new Blob([body], { type: 'text/plain' }));
    return Promise.resolve();
  }
  return request('POST', '/api/queue/cancel', { ticket });
}

/** GET /api/matches: the listed matches whose player waits for an opponent, newest first. Resolves to a list of summaries. */
export async function listMatches({ activeWithin = null } = {}) {
  const query = activeWithin ? `?activeWithin=${encodeURIComponent(activeWithin)}` : '';
  const body = await request('GET', `/api/matches${query}`);
  return Array.isArray(body && body.matches) ? body.matches : [];
}

/** GET /api/matches/{id}: one match's summary; rejects with ApiError code `matchNotFound` when unknown. */
export function getMatch(matchId) {
  return request('GET', '/api/matches/' + encodeURIComponent(matchId));
}

const CREATOR_KEY = 'tictactoe.created.';

/** Remembers, for this tab only, that this page created match `matchId`: its page seats us at once. */
export function markCreator(matchId) {
  try {
    window.sessionStorage.setItem(CREATOR_KEY + matchId, '1');
  } catch {
    // Without storage the creator joins by the form, as anyone else.
  }
}

/** True once if this tab created match `matchId` (the mark is used up). */
export function takeCreatorMark(matchId) {
  try {
    const marked = window.sessionStorage.getItem(CREATOR_KEY + matchId) === '1';
    window.sessionStorage.removeItem(CREATOR_KEY + matchId);
    return marked;
  } catch {
    return false;
  }
}

/** GET /api/matches/{id}/ribs (an extension): the match's live RIB tree, `{matchId, root}`. */
export function getRibs(matchId) {
  return request('GET', `/api/matches/${encodeURIComponent(matchId)}/ribs`);
}

/**
 * GET /api/matches/{id}/games (an extension): the games from number `from`, at most `limit` of them.
 * Resolves to `{matchId, total, games, next}`.
 */
export function getGames(matchId, { from = 1, limit = 20 } = {}) {
  return request('GET', `/api/matches/${encodeURIComponent(matchId)}/games?from=${from}&limit=${limit}`);
}

/** GET /api/leaderboard?gameId= (issue 42): `{gameId, players: [{name, rating, rd, games}]}`, the best first. */
export function getLeaderboard(gameId) {
  return request('GET', `/api/leaderboard?gameId=${encodeURIComponent(gameId)}`);
}

/**
 * GET /api/players/{name} (issue 42): `{name, ratings: {gameId: {rating, rd, provisional, games, wins,
 * losses, draws}}, recent: [{matchId, gameNumber, gameId, opponent, result, ratingAfter, endedAt}]}`;
 * rejects with code `playerNotFound` (404) for a name no account has.
 */
export function getPlayer(name) {
  return request('GET', `/api/players/${encodeURIComponent(name)}`);
}
