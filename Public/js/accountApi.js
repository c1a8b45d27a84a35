// The HTTP routes of accounts (docs/PROTOCOL.md, "Accounts (passkeys)" and "Blocking"). The session is
// the `session` cookie, which the browser sends with every same-origin request by itself.

import { request } from './api.js';

/** GET /api/me: the signed-in player `{id, name}`, or null for a guest (401) or when it cannot be told. */
export async function me({ timeoutMs = 4000 } = {}) {
  // A page must not wait long for this: a guest plays as before whatever the answer.
  const gaveUp = new Promise((resolve) => setTimeout(() => resolve(null), timeoutMs));
  const asked = request('GET', '/api/me').then((body) => body?.player ?? null, () => null);
  return Promise.race([asked, gaveUp]);
}

/** POST /api/passkeys/register/options: `{publicKey}` for `navigator.credentials.create()`. */
export function registrationOptions(name) {
  return request('POST', '/api/passkeys/register/options', { name });
}

/** POST /api/passkeys/register with the credential's JSON: resolves to `{player}` (and the cookie is set). */
export function register(credential) {
  return request('POST', '/api/passkeys/register', credential);
}

/** POST /api/passkeys/login/options: `{publicKey}` for `navigator.credentials.get()`. */
export function loginOptions() {
  return request('POST', '/api/passkeys/login/options');
}

/** POST /api/passkeys/login with the assertion's JSON: resolves to `{player}` (and the cookie is set). */
export function login(assertion) {
  return request('POST', '/api/passkeys/login', assertion);
}

/** POST /api/logout: ends the session on the server and clears the cookie. */
export function logout() {
  return request('POST', '/api/logout');
}

const blockList = (body) => (Array.isArray(body?.blocks) ? body.blocks : []);

/** GET /api/blocks: the players the signed-in player blocks, `[{id, name}]` in the order of the names. */
export async function blocks() {
  return blockList(await request('GET', '/api/blocks'));
}

/** POST /api/blocks: blocks `name`; resolves to the list as it now stands (404 `playerNotFound`). */
export async function block(name) {
  return blockList(await request('POST', '/api/blocks', { name }));
}

/** DELETE /api/blocks/{name}: unblocks `name`; resolves to the list as it now stands. */
export async function unblock(name) {
  return blockList(await request('DELETE', `/api/blocks/${encodeURIComponent(name)}`));
}
