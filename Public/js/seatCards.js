// The side panel's seats: a card per seat (name, connected or away, whose turn), the line about the
// opponent (there, away and for how long their seat is kept, or the computer), the claim of a game
// against an away opponent, the audience, and Leave with its question.

import { t } from './i18n.js';

import { createAudience } from './audience.js';
import { $, setText, show } from './dom.js';
import { awayOpponent, awayPhase, playingOnBoard } from './matchFacts.js';
import { fillBadge } from './ratings.js';
import { SEATS, freeSeats, nameOf, opponentOf, playerIn } from './seats.js';
import { countdownFigure } from './timeFigures.js';

/** The computer's level in words (`easy`, `perfect`). */
function levelWords(level) {
  return t(`level.${level}`);
}

/** A seated player's status line: the computer's level, else whether they are connected. */
function seatStatus(player) {
  if (player.computer) return player.level ? t('seat.computerLevel', { level: levelWords(player.level) }) : t('seat.computer');
  return player.connected ? t('seat.online') : t('seat.offline');
}

/** Draws a card per seat. */
function renderCards(state) {
  for (const seat of SEATS) {
    const card = $(`seat-${seat}`);
    const player = playerIn(state, seat);
    const nameElement = card.querySelector('.seat__text');
    // An account's rating in a rated match (issue 42), "?" while provisional; none otherwise.
    fillBadge(card.querySelector('.rating'), player?.rating, player?.provisional === true);
    const status = card.querySelector('.seat__status');
    const you = card.querySelector('.seat__you');
    if (!player) {
      card.dataset.state = 'empty';
      setText(nameElement, t('seat.free'));
      setText(status, t('seat.waiting'));
    } else {
      card.dataset.state = player.connected ? 'connected' : 'away';
      setText(nameElement, nameOf(state, seat));
      setText(status, seatStatus(player));
    }
    show(you, state.you === seat);
    card.classList.toggle('seat--turn', playingOnBoard(state) && !state.result && state.board.turn === seat);
  }
}

/** The opponent's line, `{state, text}` (`none`, `connected` or `disconnected`). */
function opponentPresence(state, ui, seat) {
  const opponent = playerIn(state, seat);
  if (!opponent) return { state: 'none', text: t('presence.none') };
  if (opponent.computer) {
    return { state: 'connected', text: opponent.level ? t('presence.computerLevel', { level: levelWords(opponent.level) }) : t('presence.computer') };
  }
  const name = nameOf(state, seat);
  if (opponent.connected) return { state: 'connected', text: t('presence.connected', { name }) };
  // During a game the stage says the one countdown there is (the claim's, then the seat's): here, who.
  if (awayOpponent(state)) return { state: 'disconnected', text: t('presence.away', { name }) };
  const left = ui.seatKeptFor(seat);
  return { state: 'disconnected', text: left > 0 ? t('presence.keptThenFree', { name, time: countdownFigure(left) }) : t('presence.aboutToFree', { name }) };
}

/**
 * `el` holds the elements of render.js (`opponentPresence`, `claimWin`, `claimWait`, `watching`,
 * `leave`, `leaveConfirm`, `leaveQuestion`). Returns `{render(state, ui), renderAudience(state, ui)}`.
 */
export function createSeatCards(el) {
  const audience = createAudience({ count: $('audience'), countText: $('audience-text'), line: $('spectator-count') });

  function render(state, ui) {
    renderCards(state);
    const opponentSeat = opponentOf(state.you);
    show(el.opponentPresence, Boolean(opponentSeat));
    if (opponentSeat) {
      const presence = opponentPresence(state, ui, opponentSeat);
      el.opponentPresence.dataset.state = presence.state;
      setText(el.opponentPresence, presence.text);
    }
    // The claim waits for the server's grace (`claimableIn`): its countdown first, then the button (and
    // the stage says how long the seat is kept: stageText.js). One countdown at a time.
    const away = awayPhase(state, ui);
    show(el.claimWin, away?.phase === 'claimable');
    show(el.claimWait, away?.phase === 'claimIn');
    if (away?.phase === 'claimIn') setText(el.claimWait, t('claim.wait', { name: away.away.name, seconds: Math.ceil(away.seconds) }));

    audience(state, ui);
    show(el.watching, state.welcomed && !state.you && (state.phase !== 'loggedOut' || freeSeats(state).length === 0));
    show(el.leave, Boolean(state.you) && !ui.confirmingLeave);
    // "Resign" ends a game and keeps the seat; leaving gives the seat up (and, during a game, the game).
    setText(el.leave, t('match.leave'));
    show(el.leaveConfirm, Boolean(state.you) && ui.confirmingLeave);
    if (ui.confirmingLeave) {
      setText(el.leaveQuestion, t('leave.question', { name: nameOf(state, opponentOf(state.you)) }));
    }
  }

  return { render, renderAudience: audience };
}
