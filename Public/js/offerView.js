// An offer (a draw, or the next game) and its answer in words, as the match page shows it above the
// game buttons and says it in the live region.

import { t } from './i18n.js';

import { gameById } from './games/index.js';
import { playedGame } from './matchFacts.js';
import { nameOf, opponentOf } from './seats.js';

/**
 * The offer on screen, or its answer: `{state, text}` with state `asked` (made to this page's player:
 * Accept and Decline show), `waiting` (made by them), `watching` (a spectator's view) or `declined`.
 * Null when there is nothing to say.
 */
export function offerView(state) {
  const playing = Boolean(playedGame(state)) && !state.result;
  const between = state.phase === 'offGame';
  const me = state.you;
  const name = (seat) => nameOf(state, seat);
  const gameName = (id) => gameById(id)?.name ?? state.games.find((game) => game.id === id)?.name ?? id ?? t('offer.aGame');
  const offer = state.offer;
  if (offer && ((offer.kind === 'draw' && playing) || (offer.kind === 'game' && between))) {
    const draw = offer.kind === 'draw';
    if (me && offer.seat === me) {
      return {
        state: 'waiting',
        text: draw
          ? t('offer.youDraw', { name: name(opponentOf(me)) })
          : t('offer.youGame', { game: gameName(offer.gameId), name: name(opponentOf(me)) }),
      };
    }
    if (me) {
      return {
        state: 'asked',
        text: draw ? t('offer.theyDraw', { name: name(offer.seat) }) : t('offer.theyGame', { name: name(offer.seat), game: gameName(offer.gameId) }),
      };
    }
    return {
      state: 'watching',
      text: draw ? t('offer.watchDraw', { name: name(offer.seat) }) : t('offer.watchGame', { name: name(offer.seat), game: gameName(offer.gameId) }),
    };
  }
  const declined = state.declined;
  if (declined && ((declined.kind === 'draw' && playing) || (declined.kind === 'game' && between))) {
    const draw = declined.kind === 'draw';
    let text;
    if (me && declined.seat === me) text = draw ? t('declined.youDraw') : t('declined.youGame', { game: gameName(declined.gameId) });
    else if (me) text = draw ? t('declined.theyDrawToYou') : t('declined.theyGameToYou', { name: name(declined.seat) });
    else text = draw ? t('declined.watchDraw', { name: name(declined.seat) }) : t('declined.watchGame', { name: name(declined.seat) });
    return { state: 'declined', text };
  }
  return null;
}
