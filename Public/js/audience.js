// The match's audience (issue 31): how many watch, for players and spectators alike. A match may have
// thousands of spectators coming and going, each change a `presence`: this redraws two text nodes and
// nothing else, so that the page never re-renders per spectator, and it is no live region (it would
// speak every change); the count is read where it stands.

import { t } from './i18n.js';

/**
 * `count` is the stage's "1,204 watching" (its space kept at 0, its words hidden), `line` the side
 * panel's sentence about the other spectators. Returns `update(state, ui)` (`ui.creator`: match.js's flag).
 */
export function createAudience({ count, countText, line }) {
  let drawn = null;
  return function update(state, ui = {}) {
    const spectators = Number(state.spectators) || 0;
    // An unseated page is one of the spectators: the side panel counts the others.
    const watching = state.welcomed && !state.you;
    // The creator who has not sat down yet is about to play, not watching: the stage does not count
    // them either ("1 watching" beside "Nobody else is watching" was themselves).
    const shown = watching && ui.creator ? Math.max(0, spectators - 1) : spectators;
    const key = `${spectators}|${watching}|${shown}`;
    if (key === drawn) return;
    drawn = key;
    count.dataset.count = String(shown);
    countText.textContent = shown ? t('match.watchingCount', { count: shown }) : '';
    line.dataset.count = String(spectators);
    const others = watching ? Math.max(0, spectators - 1) : spectators;
    line.textContent = watching
      ? others === 0 ? t('spectators.noOthers') : t('spectators.others', { count: others })
      : spectators === 0 ? t('spectators.none') : t('spectators.count', { count: spectators });
  };
}
