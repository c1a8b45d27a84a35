// The stage's title and hint above the game: what this page's reader can do now (join, wait, pick a
// game, play), or the game's own words while it is played.

import { t } from './i18n.js';

import { againstComputer, awayPhase, playedGame } from './matchFacts.js';
import { freeSeats, nameOf, opponentOf } from './seats.js';
import { countdownFigure } from './timeFigures.js';

/** `{title, hint}` for `state`; `ui` is match.js's page flags (resuming, creator, seatKeptFor, claimableIn). */
export function stageText(state, ui) {
  const seated = Boolean(state.you);
  if (!state.welcomed) return { title: t('connection.connecting'), hint: '' };
  switch (state.phase) {
    case 'loggedOut':
      if (seated) {
        return {
          title: t('stage.waiting'),
          hint: t('stage.waitingHint'),
        };
      }
      if (ui.resuming) return { title: t('stage.resuming'), hint: '' };
      if (ui.creator && againstComputer(state) && freeSeats(state).length) {
        return { title: t('stage.ready'), hint: t('stage.readyComputer') };
      }
      if (ui.creator && freeSeats(state).length === 2) {
        return { title: t('stage.ready'), hint: t('stage.readyPerson') };
      }
      if (freeSeats(state).length) {
        return { title: t('match.join'), hint: t('stage.joinHint') };
      }
      return { title: t('stage.full'), hint: t('stage.fullHint') };
    case 'offGame':
      if (state.result) {
        const won = state.result.winner && state.result.winner === state.you;
        const lost = state.result.winner && seated && state.result.winner !== state.you;
        return { title: t('stage.over'), hint: won ? t('stage.wellPlayed') : lost ? t('stage.betterLuck') : '' };
      }
      if (!seated) return { title: t('stage.picking'), hint: t('stage.pickingHint') };
      if (againstComputer(state)) return { title: t('stage.pick'), hint: t('stage.pickComputer') };
      return {
        title: t('stage.pick'),
        hint: t('stage.pickPerson', { name: nameOf(state, opponentOf(state.you)) }),
      };
    default: {
      const game = playedGame(state);
      if (!game) return { title: '…', hint: '' };
      // The page keeps a visible h1 in every phase: by default the game's name.
      const text = game.stageText ? game.stageText(state, { seated }) : { title: game.name, hint: '' };
      // An opponent gone in the middle of the game is said where the game is, one countdown at a time:
      // until the game may be claimed, the claim's (seatCards.js, beside its button); then, with the
      // button, how long their seat is kept here.
      const away = awayPhase(state, ui);
      if (!away || away.phase === 'claimIn') return text;
      const { name } = away.away;
      const hint = away.seconds > 0 ? t('stage.awayKept', { name, time: countdownFigure(away.seconds) }) : t('stage.awayWinSoon', { name });
      return { ...text, hint };
    }
  }
}
