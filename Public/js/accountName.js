// A form's name box gives way to the account's name once signed in (issue 41): a signed-in player plays
// under the account's name, which the server takes whatever the form sends, so the box would only mislead.

import { t } from './i18n.js';

import { currentPlayer, onAccountChange } from './account.js';

/**
 * Shows "You play as Ann" before `before` instead of the elements of `hide` (the name's label, box and
 * help) while signed in. Returns `name(typed)`: the name to send, the account's or the one typed.
 */
export function nameFollowsAccount({ hide, before, testid }) {
  const note = document.createElement('p');
  note.className = 'account-name-note';
  note.dataset.testid = testid;
  before.before(note);
  const draw = (player) => {
    for (const element of hide) element.hidden = Boolean(player);
    note.hidden = !player;
    note.textContent = player ? t('account.playingAs', { name: player.name }) : '';
  };
  draw(currentPlayer());
  onAccountChange(draw);
  return {
    name: (typed) => currentPlayer()?.name ?? typed,
    signedIn: () => Boolean(currentPlayer()),
  };
}
