// The account page (/account.html, issue 41): the account's name, "Sign out", and the players it blocks
// (docs/PROTOCOL.md, "Blocking"): add one by name, remove one. A guest is told what an account is.

import { t } from './i18n.js';

import { accountErrorText, currentPlayer, onAccountChange, signOut } from './account.js';
import { block, blocks, unblock } from './accountApi.js';
import { setUpAccountBar } from './accountBar.js';
import { $, fieldError } from './dom.js';
import { Notices } from './notices.js';

const notices = new Notices($('notices'));
setUpAccountBar({ notices });

const form = $('block-form');
const input = $('block-name');
const list = $('block-list');
const empty = $('block-empty');

const showError = fieldError(input, $('block-error'));

/** The list as the server gave it: a row per blocked player, its "Unblock" button named after them. */
function drawBlocks(entries) {
  list.replaceChildren(
    ...entries.map((entry) => {
      const row = document.createElement('li');
      row.className = 'block-list__row';
      row.dataset.testid = 'blocked-player';
      const name = document.createElement('span');
      name.className = 'block-list__name';
      name.textContent = entry.name;
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.className = 'button button--small';
      remove.dataset.testid = 'unblock';
      remove.dataset.name = entry.name;
      remove.textContent = t('accountPage.unblock');
      remove.setAttribute('aria-label', t('accountPage.unblockName', { name: entry.name }));
      row.append(name, remove);
      return row;
    }),
  );
  empty.hidden = entries.length > 0;
  list.hidden = entries.length === 0;
}

/** Why a block was refused: one's own name is the server's `badMessage`; the rest say themselves (api.js). */
function blockRefusal(failure) {
  return failure.code === 'badMessage' ? t('accountPage.notYourself') : accountErrorText(failure);
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const name = input.value.trim();
  if (!name) return showError(t('account.nameNeeded'));
  try {
    drawBlocks(await block(name));
    input.value = '';
    notices.info(t('accountPage.blocked', { name }), 'blocked');
  } catch (failure) {
    showError(blockRefusal(failure));
  }
});

list.addEventListener('click', async (event) => {
  const remove = event.target.closest('[data-testid="unblock"]');
  if (!remove) return;
  const name = remove.dataset.name;
  try {
    drawBlocks(await unblock(name));
    notices.info(t('accountPage.unblocked', { name }), 'unblocked');
    // The row and its button are gone: the focus goes back to the box, not to the page's top.
    input.focus();
  } catch (failure) {
    notices.error(accountErrorText(failure), failure.code || '');
  }
});

$('account-sign-out').addEventListener('click', async () => {
  try {
    await signOut();
    notices.info(t('account.signedOut'), 'signedOut');
    // The button is gone with the account: the focus goes to the top bar's "Sign in".
    document.querySelector('[data-testid="sign-in"]')?.focus();
  } catch (failure) {
    notices.error(accountErrorText(failure), failure.code || '');
  }
});

/** The page for `player` (null: a guest). */
function show(player) {
  $('account-guest').hidden = Boolean(player);
  $('account-signed-in').hidden = !player;
  if (!player) return;
  $('account-page-name').textContent = player.name;
  blocks().then(drawBlocks, (failure) => notices.error(accountErrorText(failure), failure.code || ''));
}

show(currentPlayer());
onAccountChange(show);
