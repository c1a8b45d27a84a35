// "Play someone now" in the lobby: ask the visitor's name, game and clock, join the queue for them, show
// how long we have waited, renew our place until the server pairs us with someone who asked for the
// same game and the same clock, then open the match with the seat it took for us (docs/PROTOCOL.md).
// A rated wait also says the rating gap the server accepts now (its "window", wider the longer we wait).

import { t } from './i18n.js';

import { nameFollowsAccount } from './accountName.js';
import { cancelQueue, joinQueue, renewQueue } from './api.js';
import { drawClockChoices } from './clockChoices.js';
import { fieldError } from './dom.js';
import { SeatStore } from './connection.js';
import { drawGameChoices } from './gameChoices.js';
import { QUEUEABLE_GAMES, gameById } from './games/index.js';
import { nameProblem, rememberName, rememberedName } from './names.js';
import { setUpRatedChoice } from './ratedChoice.js';
import { timeControlWords } from './timeControl.js';
import { timeFigure } from './timeFigures.js';

// The server drops a place not renewed for a few seconds (a closed tab): renew well within that.
const RENEW_MS = 1000;
// The game asked for last time is the one offered next time, as the computer's level is.
const GAME_KEY = 'tictactoe.queueGame';

function rememberedGame() {
  try {
    return window.localStorage.getItem(GAME_KEY);
  } catch {
    return null;
  }
}

function rememberGame(gameId) {
  try {
    window.localStorage.setItem(GAME_KEY, gameId);
  } catch {
    // Not remembered; nothing else depends on it.
  }
}

/**
 * Wires the queue panel: `elements` holds `idle`, `form`, `name`, `nameError`, `games`, `clocks`,
 * `waiting`, `status`, `join`, `cancel`, `waited`, `window` (a rated wait's rating window, a polite live
 * region) and the "Rated" choice's `ratedField`, `rated` and `ratedHelp`; `notices` tells what went wrong.
 */
export function setUpQueue(elements, notices) {
  let ticket = null;
  let joinedAt = 0;
  let renewTimer = null;
  let clockTimer = null;
  // The name we joined under: the seat is stored with it once paired.
  let joinedName = '';

  elements.name.value = rememberedName();
  // Signed in, the account's name stands in for the box (the server pairs the account, whatever is sent).
  const nameField = elements.name.closest('.field');
  const account = nameFollowsAccount({ hide: [nameField], before: nameField, testid: 'queue-account-name' });
  drawGameChoices(elements.games, QUEUEABLE_GAMES, { name: 'queueGameId', testidPrefix: 'queue-game-', checked: rememberedGame() });
  const clocks = drawClockChoices(elements.clocks, { name: 'queueClock', testidPrefix: 'queue-clock-' });
  const rated = setUpRatedChoice({
    field: elements.ratedField,
    box: elements.rated,
    help: elements.ratedHelp,
    form: elements.form,
    radioName: 'queueGameId',
  });

  const showNameError = fieldError(elements.name, elements.nameError);

  function show(waiting) {
    elements.idle.hidden = waiting;
    elements.waiting.hidden = !waiting;
    elements.join.disabled = false;
    (waiting ? elements.cancel : elements.join).focus();
  }

  /**
   * The rating window of the server's answer (rated waits only). The text changes only when the window
   * does (every 5 s at most, up to ±500), so that the live region speaks then, not at every renew.
   */
  function showWindow(status) {
    const width = Number.isInteger(status.window) ? status.window : null;
    elements.window.hidden = width === null;
    const text = width === null ? '' : t('queue.window', { window: width });
    if (elements.window.textContent !== text) elements.window.textContent = text;
  }

  function tick() {
    elements.waited.textContent = timeFigure((Date.now() - joinedAt) / 1000);
  }

  function stop() {
    ticket = null;
    clearTimeout(renewTimer);
    clearInterval(clockTimer);
    renewTimer = clockTimer = null;
  }

  function paired(status) {
    stop();
    new SeatStore(status.matchId).set({ token: status.token, seat: status.seat, name: joinedName });
    window.location.assign(status.url || `/m/${encodeURIComponent(status.matchId)}`);
  }

  async function renew() {
    const current = ticket;
    if (!current) return;
    try {
      const status = await renewQueue(current);
      if (ticket !== current) return;
      if (status.status === 'paired') return paired(status);
      // The server's count wins over the page's: it is what another tab of the same wait would show.
      joinedAt = Date.now() - (Number(status.waited) || 0) * 1000;
      tick();
      showWindow(status);
    } catch (error) {
      if (ticket !== current) return;
      if (error.status === 404) {
        stop();
        show(false);
        notices.error(t('queue.lost'), 'badToken');
        return;
      }
      // Anything else (a server restarting): keep trying while the place lasts.
    }
    renewTimer = setTimeout(renew, RENEW_MS);
  }

  elements.form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (elements.join.disabled) return;
    const typed = elements.name.value.trim();
    const problem = account.signedIn() ? '' : nameProblem(typed);
    if (problem) return showNameError(problem);
    const name = account.name(typed);
    const gameId = new FormData(elements.form).get('queueGameId');
    const clock = clocks.chosen();
    rememberGame(gameId);
    elements.join.disabled = true;
    try {
      const joined = await joinQueue({ name, gameId, clock, rated: rated.chosen() });
      // A guest's name the server took is offered again next time; an account's is not a guest's to reuse.
      if (!account.signedIn()) rememberName(name);
      ticket = joined.ticket;
      joinedName = name;
      joinedAt = Date.now();
      const game = gameById(gameId);
      const gameName = game ? game.name : gameId;
      elements.status.textContent = clock
        ? t('queue.lookingForClock', { game: gameName, clock: timeControlWords(clock) })
        : t('queue.lookingFor', { game: gameName });
      showWindow(joined);
      tick();
      clockTimer = setInterval(tick, 1000);
      show(true);
      renew();
    } catch (error) {
      elements.join.disabled = false;
      // A registered player's name (issue 41) is told under the box, as a name the page refuses is.
      if (error.code === 'nameTaken') return showNameError(error.message);
      notices.error(t('queue.failed', { reason: error.message }), error.code);
    }
  });

  elements.cancel.addEventListener('click', () => {
    const current = ticket;
    stop();
    show(false);
    if (current) cancelQueue(current).catch(() => {});
  });

  // A tab closed or left while waiting leaves the queue at once (else it is dropped once it stops renewing).
  window.addEventListener('pagehide', () => {
    if (ticket) cancelQueue(ticket, { leaving: true });
  });
}
