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
 * What went wrong, in the reader's words, for a refusal of a ceremony or of the server: the browser
 * without passkeys, the person cancelling, a name taken or refused, or anything else.
 */
export function accountErrorText(error) {
  if (error instanceof PasskeyError) return t(`account.${error.reason}`);
  switch (error && error.code) {
    case 'nameTaken':
      return t('account.nameTaken');
    case 'badName':
      return t('account.badName');
    case 'rateLimited':
      return t('account.rateLimited');
    case 'notSignedIn':
    case 'badMessage':
      return t('account.notVerified');
    default:
      return error && error.message ? error.message : t('error.unknown');
  }
}

function requireSupport() {
  if (!passkeysSupported()) throw new PasskeyError('unsupported');
}

/** Creates an account named `name` with a new passkey, and signs in with it. Rejects with the reason. */
export async function createAccount(name) {
  requireSupport();
  const { publicKey } = await accountApi.registrationOptions(name);
  const created = await accountApi.register(await createPasskey(publicKey));
  become(created.player);
  return created.player;
}

/** Signs in with one of the person's passkeys for this site. Rejects with the reason. */
export async function signIn() {
  requireSupport();
  const { publicKey } = await accountApi.loginOptions();
  const signedIn = await accountApi.login(await usePasskey(publicKey));
  become(signedIn.player);
  return signedIn.player;
}

/** Ends the session here and on the server. */
export async function signOut() {
  await accountApi.logout();
  become(null);
}
