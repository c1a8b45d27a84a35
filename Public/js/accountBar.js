// The account's controls in every page's top bar (issue 41): "Sign in" and "Create an account" for a
// guest, the account's name (a link to its page) and "Sign out" once signed in. Creating asks for a
// name in a dialog; signing in needs nothing typed (the passkey is discoverable: it names its account).
// A refusal is said where the person looks: under the name in the dialog, else in a notice.

import { t, translate } from './i18n.js';

import { accountErrorText, createAccount, currentPlayer, onAccountChange, signIn, signOut } from './account.js';
import { fieldError } from './dom.js';
import { PasskeyError, passkeysSupported } from './passkeys.js';

const DIALOG = `
  <form class="account-dialog__form" novalidate>
    <h2 id="account-dialog-title" class="panel__title" data-i18n="account.createTitle">Create an account</h2>
    <p class="muted small" data-i18n="account.createText"></p>
    <div class="field">
      <label class="field__label" for="account-name-input" data-i18n="account.nameLabel"></label>
      <input id="account-name-input" class="input" name="name" type="text" maxlength="24" autocomplete="username"
             spellcheck="false" data-testid="account-name-input" aria-describedby="account-name-help account-dialog-error">
      <p id="account-name-help" class="field__help muted" data-i18n="account.nameHelp"></p>
      <p id="account-dialog-error" class="field__error" data-testid="account-dialog-error" role="alert" hidden></p>
    </div>
    <div class="account-dialog__actions">
      <button class="button button--primary" type="submit" data-testid="account-create-submit" data-i18n="account.createSubmit"></button>
      <button class="button" type="button" data-testid="account-create-cancel" data-i18n="common.cancel"></button>
    </div>
  </form>`;

function button(testid, words, className = 'account-bar__button') {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.dataset.testid = testid;
  element.textContent = t(words);
  return element;
}

/** The dialog that asks a new account's name; `created(player)` once the account exists. */
function createDialog(created) {
  const dialog = document.createElement('dialog');
  dialog.className = 'account-dialog';
  dialog.dataset.testid = 'account-dialog';
  dialog.setAttribute('aria-labelledby', 'account-dialog-title');
  dialog.innerHTML = DIALOG; // the page's own markup: no outside text goes in but through textContent
  translate(dialog);
  const form = dialog.querySelector('form');
  const input = dialog.querySelector('input');
  const submit = dialog.querySelector('[type="submit"]');
  let busy = false;

  const showError = fieldError(input, dialog.querySelector('.field__error'));
  dialog.querySelector('[data-testid="account-create-cancel"]').addEventListener('click', () => dialog.close());
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return showError(t('account.nameNeeded'));
    if (busy) return;
    busy = true;
    submit.textContent = t('account.waiting');
    submit.setAttribute('aria-busy', 'true');
    try {
      const player = await createAccount(name);
      dialog.close();
      created(player);
    } catch (failure) {
      showError(accountErrorText(failure));
    } finally {
      busy = false;
      submit.textContent = t('account.createSubmit');
      submit.removeAttribute('aria-busy');
    }
  });
  document.body.append(dialog);
  return {
    open() {
      showError('');
      dialog.showModal();
      input.focus();
    },
  };
}

/**
 * Adds the account's controls to the page's top bar (before the language control). `notices` says
 * what happened; `onChange(player)` is called after this page signed in or out.
 */
export function setUpAccountBar({ notices, onChange = () => {} }) {
  const bar = document.querySelector('.topbar');
  const box = document.createElement('div');
  box.className = 'account-bar';
  box.dataset.testid = 'account-bar';
  bar.insertBefore(box, bar.querySelector('.language'));

  const signInButton = button('sign-in', 'account.signIn');
  const createButton = button('create-account', 'account.create', 'account-bar__button account-bar__button--primary');
  const signOutButton = button('sign-out', 'account.signOut');
  const nameLink = document.createElement('a');
  nameLink.className = 'account-bar__name';
  nameLink.href = '/account.html';
  nameLink.dataset.testid = 'account-name';
  // The name in a box of its own: a long one is cut with an ellipsis (not in a flex box's own text).
  const nameText = document.createElement('span');
  nameText.className = 'account-bar__text';
  nameLink.append(nameText);

  const draw = (player) => {
    if (player) {
      nameText.textContent = player.name;
      nameLink.setAttribute('aria-label', t('account.yourAccount', { name: player.name }));
      if (window.location.pathname === '/account.html') nameLink.setAttribute('aria-current', 'page');
      box.replaceChildren(nameLink, signOutButton);
    } else {
      box.replaceChildren(signInButton, createButton);
    }
  };
  draw(currentPlayer());
  onAccountChange((player) => {
    draw(player);
    onChange(player);
  });

  /** Says why passkeys cannot be used here, before anything is asked of the server; true when it did. */
  const unsupported = () => {
    if (passkeysSupported()) return false;
    notices.error(accountErrorText(new PasskeyError('unsupported')), 'passkey-unsupported');
    return true;
  };
  const dialog = createDialog((player) => {
    notices.info(t('account.welcome', { name: player.name }), 'signedIn');
    nameLink.focus();
  });
  createButton.addEventListener('click', () => {
    if (!unsupported()) dialog.open();
  });

  let signingIn = false;
  signInButton.addEventListener('click', async () => {
    if (unsupported() || signingIn) return;
    signingIn = true;
    try {
      const player = await signIn();
      notices.info(t('account.welcomeBack', { name: player.name }), 'signedIn');
      nameLink.focus();
    } catch (failure) {
      const code = failure instanceof PasskeyError ? `passkey-${failure.reason}` : failure.code || '';
      notices.error(accountErrorText(failure), code);
    } finally {
      signingIn = false;
    }
  });
  signOutButton.addEventListener('click', async () => {
    try {
      await signOut();
      notices.info(t('account.signedOut'), 'signedOut');
      signInButton.focus();
    } catch (failure) {
      notices.error(accountErrorText(failure), failure.code || '');
    }
  });
}
