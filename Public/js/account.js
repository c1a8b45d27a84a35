// Who this browser is signed in as (issue 41): a player with a passkey account, or a guest (null). Asked
// of the server once as the page loads (before its first render: no name box shows and then goes), and
// changed by the ceremonies below; whoever shows the account listens for the change.

import { t } from './i18n.js';

import * as accountApi from './accountApi.js';
import { PasskeyError, createPasskey, passkeysSupported, usePasskey } from './passkeys.js';

let player = await accountApi.me();
const listeners = new Set();

function become(next) {
  player = next;
  for (const listener of listeners) listener(player);
}

/** The signed-in player `{id, name}`, or null for a guest. */
export function currentPlayer() {
  return player;
}

/** Calls `listener(player)` whenever this page signs in or out. */
export function onAccountChange(listener) {
  listeners.add(listener);
}

/**
 * What went wrong, in the reader's words: the browser without passkeys, the person cancelling, the
 * passkey refused, or the server's refusal (a name taken or refused: api.js words its codes).
 */
export function accountErrorText(error) {
  if (error instanceof PasskeyError) return t(`account.${error.reason}`);
  return error && error.message ? error.message : t('error.unknown');
}

function requireSupport() {
  if (!passkeysSupported()) throw new PasskeyError('unsupported');
}

/** The server's last step of a ceremony: its refusal of the passkey (400 or 401) is the passkey failing. */
async function verified(step) {
  try {
    return await step();
  } catch (error) {
    if (error.code === 'badMessage' || error.code === 'notSignedIn') throw new PasskeyError('failed', error);
    throw error;
  }
}

/** Creates an account named `name` with a new passkey, and signs in with it. Rejects with the reason. */
export async function createAccount(name) {
  requireSupport();
  const { publicKey } = await accountApi.registrationOptions(name);
  const credential = await createPasskey(publicKey);
  const created = await verified(() => accountApi.register(credential));
  become(created.player);
  return created.player;
}

/** Signs in with one of the person's passkeys for this site. Rejects with the reason. */
export async function signIn() {
  requireSupport();
  const { publicKey } = await accountApi.loginOptions();
  const assertion = await usePasskey(publicKey);
  const signedIn = await verified(() => accountApi.login(assertion));
  become(signedIn.player);
  return signedIn.player;
}

/** Ends the session here and on the server. */
export async function signOut() {
  await accountApi.logout();
  become(null);
}
