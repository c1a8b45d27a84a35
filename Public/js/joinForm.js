// The match page's "Join" form: a name, checked here as the server checks a `login` (names.js) so
// that a refusal is said under the field before anything is sent, and remembered for the next match.

import { nameFollowsAccount } from './accountName.js';
import { fieldError } from './dom.js';
import { nameProblem, rememberName, rememberedName } from './names.js';

/**
 * Wires `form` (with its `input` and `error` line); `send(message)` is the connection's, true when
 * sent. `focusOnShow`: the field takes focus the first time the form shows (the creator of the match,
 * who has no name yet, has nothing else to do).
 */
export function createJoinForm({ form, input, error, send, focusOnShow }) {
  // Signed in, the account's name stands in for the box: the label, the box and its help give way.
  const label = form.querySelector(`label[for="${input.id}"]`);
  const help = document.getElementById(input.getAttribute('aria-describedby').split(' ')[0]);
  const account = nameFollowsAccount({ hide: [label, input, help], before: label, testid: 'join-account-name' });
  let joining = false; // a login was sent and is not answered yet
  let focusPending = focusOnShow;

  /** Shows `text` under the field (or hides it when empty), with the focus kept in the field. */
  const showError = fieldError(input, error);

  input.value = rememberedName();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const typed = input.value.trim();
    const problem = account.signedIn() ? '' : nameProblem(typed);
    if (problem) return showError(problem);
    if (joining) return;
    const name = account.name(typed);
    if (!account.signedIn()) rememberName(name);
    // One login at a time until the answer (an error, or `seated`, which hides the form). The button
    // stays enabled: disabling it would drop the focus of whoever just clicked or pressed it.
    joining = send({ type: 'login', name });
  });

  return {
    /** The server refused the name (`badName`): its words under the field. */
    refused: showError,
    /** The login was answered (or can no longer be: the socket closed); another may be sent. */
    answered() {
      joining = false;
    },
    /** After a render: true when the field just took the focus, the form having shown for the first time. */
    focusIfShown() {
      if (!focusPending || form.hidden) return false;
      focusPending = false;
      (account.signedIn() ? form.querySelector('[type="submit"]') : input).focus();
      return true;
    },
  };
}
