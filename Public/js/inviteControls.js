// The invite link of a match waiting for its second player: the link itself (selected whole on
// focus, so that it can be copied by hand), Copy, and Share where the browser has a share sheet.

import { t } from './i18n.js';

import { inviteUrl } from './matchGame.js';

// How long Copy says "Copied" before it reads "Copy" again.
const COPIED_MS = 2000;

/**
 * Wires `link` (a read-only input), `copy` and `share` (hidden unless navigator.share exists). Returns
 * `setGame(game)`: the link names the match's game once it is known (matchGame.js).
 */
export function wireInvite({ matchId, link, copy, share, notices }) {
  link.value = inviteUrl(matchId, null);
  link.addEventListener('focus', (event) => event.target.select());

  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(link.value);
      copy.textContent = t('match.copied');
      notices.info(t('notice.copied'), 'copied');
    } catch {
      // No clipboard (an insecure origin, a refusal): the link is selected for the person to copy.
      link.focus();
      link.select();
      notices.info(t('notice.copyFallback'), 'copy-fallback');
    }
    window.setTimeout(() => {
      copy.textContent = t('match.copy');
    }, COPIED_MS);
  });

  if (typeof navigator.share === 'function') {
    share.hidden = false;
    share.addEventListener('click', () => {
      navigator.share({ title: t('match.shareTitle'), url: link.value }).catch(() => {
        // Cancelled by the person, or refused by the browser: the link and Copy stay there.
      });
    });
  }

  return function setGame(game) {
    link.value = inviteUrl(matchId, game);
  };
}
