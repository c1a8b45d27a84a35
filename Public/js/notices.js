// The notice region: short messages a person must read (every server error, lost connections).
// The region is aria-live, so screen readers announce each notice as it appears.

import { has, t } from './i18n.js';

// An error stays 5 s (it was 8 s, long enough to hide what it was about), or until the next click or
// tap elsewhere on the page, whichever comes first; it is said by the live region as it appears.
const LIFETIME_MS = { info: 4000, error: 5000 };
const MAX_NOTICES = 4;
// A click this soon after an error is taken as part of the action that caused it, not as the next one.
const ERROR_GRACE_MS = 500;

export class Notices {
  constructor(region) {
    this.region = region;
    region.ownerDocument.addEventListener(
      'pointerdown',
      (event) => {
        const now = performance.now();
        for (const notice of [...region.querySelectorAll('.notice--error')]) {
          if (!notice.contains(event.target) && now - Number(notice.dataset.shownAt) >= ERROR_GRACE_MS) notice.remove();
        }
      },
      { capture: true },
    );
  }

  /** Shows `text`; `kind` is `info` or `error`; `code` tags the notice for tests and styling. */
  show(text, { kind = 'info', code = '' } = {}) {
    // The same sentence twice in a row refreshes the first instead of stacking.
    const last = this.region.lastElementChild;
    if (last && last.dataset.text === text) {
      this.region.removeChild(last);
    }
    const notice = document.createElement('div');
    notice.className = `notice notice--${kind}`;
    notice.dataset.testid = 'notice';
    notice.dataset.kind = kind;
    notice.dataset.code = code;
    notice.dataset.text = text;
    notice.dataset.shownAt = String(performance.now());

    const message = document.createElement('p');
    message.className = 'notice__text';
    message.textContent = text;

    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'notice__close';
    close.setAttribute('aria-label', t('common.dismiss'));
    close.textContent = '×';
    close.addEventListener('click', () => notice.remove());

    notice.append(message, close);
    this.region.append(notice);
    while (this.region.children.length > MAX_NOTICES) this.region.firstElementChild.remove();
    window.setTimeout(() => notice.remove(), LIFETIME_MS[kind] ?? LIFETIME_MS.info);
    return notice;
  }

  error(text, code = '') {
    return this.show(text, { kind: 'error', code });
  }

  info(text, code = '') {
    return this.show(text, { kind: 'info', code });
  }
}

/** The server's error codes the page says in its own words (`error.<code>` of the language files). */
export const ERROR_CODES = [
  'badMessage', 'badName', 'notSeated', 'alreadySeated', 'matchFull', 'notYourTurn', 'cellTaken', 'outOfBounds',
  'wrongPhase', 'unknownGame', 'badToken', 'rateLimited', 'matchNotFound', 'opponentConnected', 'tooEarly',
  'opponentAway', 'noOffer', 'alreadyOffered', 'watchOnly', 'nameTaken', 'notSignedIn', 'playerNotFound',
];

/**
 * The sentence to show for a server `error` message, in the reader's language: the game's own words
 * for its code if it has some (`gameWords`, e.g. a full column rather than a taken cell), else the
 * page's sentence for the code; the server's English sentence only for a code the page does not know.
 */
export function errorText(message, gameWords = null) {
  const code = message && message.code;
  if (gameWords && code && gameWords[code]) return gameWords[code];
  if (code && has(`error.${code}`)) return t(`error.${code}`);
  if (message && typeof message.message === 'string' && message.message.trim()) return message.message;
  return code ? t('error.unknownCode', { code }) : t('error.unknown');
}
