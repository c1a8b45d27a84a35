// "Bob joined", "Bob left" and "Bob did not come back in time", said when a `presence` seats or frees someone else; this page's own
// player is not told of themselves.

import { t } from './i18n.js';

import { nameOf, playerName } from './seats.js';

/**
 * Tells in `notices` who sat down or left between `before` and `after` (the players of a presence),
 * `state` being the match before it. Returns a note for the title of a hidden tab ("Bob joined"), or ''.
 */
export function announcePresence(state, before, after, notices) {
  if (!state.welcomed) return '';
  let titleNote = '';
  for (const player of after) {
    const old = before.find((p) => p.seat === player.seat);
    if (!old && player.seat !== state.you) {
      const name = playerName(player) || nameOf(state, player.seat);
      notices.info(t('notice.joined', { name }), 'joined');
      // A hidden tab says it in its title until it is looked at.
      if (document.visibilityState === 'hidden') titleNote = t('title.joined', { name });
    }
  }
  for (const player of before) {
    const mine = player.seat === state.you || player.seat === state.leftAs;
    if (!after.some((p) => p.seat === player.seat) && !mine) {
      const name = playerName(player) || nameOf(state, player.seat);
      // A player who leaves is connected when they say so; a seat freed without a connection timed out.
      if (player.connected === false) notices.info(t('notice.timedOut', { name }), 'timedOut');
      else notices.info(t('notice.left', { name }), 'left');
    }
  }
  return titleNote;
}
