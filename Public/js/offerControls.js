// Starting and offering games and draws (docs/PROTOCOL.md, "Fair play"): the game buttons between
// games, Accept and Decline of the opponent's offer, "Offer a draw", and the words said when a new game
// replaces the final board on screen.

import { t } from './i18n.js';

import { gameById } from './games/index.js';
import { nameOf, opponentOf } from './seats.js';

/**
 * Wires `buttons` (the game buttons, whose `data-mode` render.js sets), `accept`, `decline` and
 * `offerDraw`. `state()` is the match now; `drawOfferState(state)` says whether a draw may be offered
 * (render.js, which draws the button from it). Returns `announceNewGame(before, message, state)`.
 */
export function wireOffers({ buttons, accept, decline, offerDraw, state, send, notices, drawOfferState }) {
  // This page started the game the next `screen` shows (its own start or its acceptance of an offer):
  // it is not told back to the person who did it.
  let startedHere = false;

  // Between games: against the computer a game button starts the game; against a person it offers it,
  // and the game starts when they accept.
  buttons.addEventListener('click', (event) => {
    const button = event.target.closest('[data-game-id]');
    if (!button) return;
    const gameId = button.dataset.gameId;
    if (buttons.dataset.mode === 'start') {
      if (send({ type: 'startGame', gameId })) startedHere = true;
    } else if (buttons.dataset.mode === 'offer') {
      send({ type: 'offerGame', gameId });
    } else {
      notices.info(buttons.dataset.note || t('error.alreadyOffered'), 'games-blocked');
    }
  });

  // The answer to the opponent's offer: a draw, or a game (accepting a game is starting it).
  accept.addEventListener('click', () => {
    const { offer, you } = state();
    if (!offer || offer.seat === you) return;
    if (offer.kind === 'draw') send({ type: 'acceptDraw' });
    else if (send({ type: 'startGame', gameId: offer.gameId })) startedHere = true;
  });
  decline.addEventListener('click', () => {
    const { offer, you } = state();
    if (!offer || offer.seat === you) return;
    send({ type: offer.kind === 'draw' ? 'declineDraw' : 'declineGame' });
  });

  // A draw is offered on one's own turn; the button says why not otherwise (it is never disabled, so
  // that it keeps its focus and can be asked).
  offerDraw.addEventListener('click', () => {
    const { allowed, why } = drawOfferState(state());
    if (!allowed) {
      notices.info(why, 'draw-not-now');
      return;
    }
    send({ type: 'offerDraw' });
  });

  /**
   * A new game that replaces the final board on screen, started by someone else, is said in words; so
   * is the acceptance of a game this page offered. `before` is the state before `message`, `now` after.
   */
  return function announceNewGame(before, message, now) {
    const game = message.type === 'screen' ? gameById(message.name) : null;
    if (!game) return;
    const offered = before.offer;
    if (before.phase === 'offGame' && offered && offered.kind === 'game' && now.you && offered.seat === now.you && !startedHere) {
      const name = nameOf(now, opponentOf(now.you));
      notices.info(t('notice.accepted', { name, game: game.name }), 'new-game');
    } else if (before.phase === 'offGame' && before.result && !startedHere) {
      // A player is told who started it; a spectator, who cannot tell which of the two did, both names.
      const text = now.you
        ? t('notice.newGame', { name: nameOf(now, opponentOf(now.you)), game: game.name })
        : t('notice.newGamePair', { first: nameOf(now, 'player1'), second: nameOf(now, 'player2'), game: game.name });
      notices.info(text, 'new-game');
    }
    startedHere = false;
  };
}
