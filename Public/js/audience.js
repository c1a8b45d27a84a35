// The match's audience (issue 31): how many watch, for players and spectators alike. A match may have
// thousands of spectators coming and going, each change a `presence`: this redraws two text nodes and
// nothing else, so that the page never re-renders per spectator, and it is no live region (it would
// speak every change); the count is read where it stands.

import { t } from './i18n.js';

/**
 * `count` is the stage's "1,204 watching" (its space kept at 0, its words hidden), `line` the side
 * panel's sentence about the other spectators. Returns `update(state)`.
 */
export function createAudience({ count, countText, line }) {
  let drawn = null;
  return function update(state) {
    const spectators = Number(state.spectators) || 0;
    // An unseated page is one of the spectators: the side panel counts the others.
    const watching = state.welcomed && !state.you;
    const key = `${spectators}|${watching}`;
    if (key === drawn) return;
    drawn = key;
    count.dataset.count = String(spectators);
    countText.textContent = spectators ? t('match.watchingCount', { count: spectators }) : '';
    line.dataset.count = String(spectators);
    const others = watching ? Math.max(0, spectators - 1) : spectators;
    line.textContent = watching
      ? others === 0 ? t('spectators.noOthers') : t('spectators.others', { count: others })
      : spectators === 0 ? t('spectators.none') : t('spectators.count', { count: spectators });
  };
}
