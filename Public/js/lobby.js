// The lobby (/): create a match, join one by code or link, and list the open matches.

import { t, ago } from './i18n.js';

import { setUpAccountBar } from './accountBar.js';
import { createMatch, getMatch, listMatches, markCreator, parseInvite } from './api.js';
import { drawClockChoices } from './clockChoices.js';
import { fieldError } from './dom.js';
import { drawGameChoices } from './gameChoices.js';
import { GAMES, gameById } from './games/index.js';
import { SeatStore } from './connection.js';
import { Notices } from './notices.js';
import { setUpQueue } from './queue.js';
import { setUpRatedChoice } from './ratedChoice.js';
import { playerName, seatName } from './seats.js';
import { durationWords, readTimeControl, timeControlWords } from './timeControl.js';

const REFRESH_MS = 5000;
// The lobby lists the matches someone was connected to within this (the server filters: `activeWithin`).
const ACTIVE_WITHIN_S = 10 * 60;
const PROTOCOL = 'web+tictactoe';

const $ = (id) => document.getElementById(id);
const notices = new Notices($('notices'));
setUpAccountBar({ notices });

function matchPath(matchId, gameId) {
  const path = `/m/${encodeURIComponent(matchId)}`;
  return gameId ? `${path}?gameId=${encodeURIComponent(gameId)}` : path;
}

// --- Create -------------------------------------------------------------------------------------

const LATER = '';

// One radio per game the page knows, then "decide later"; the first game is the default.
drawGameChoices($('game-choices'), [...GAMES, { id: LATER, name: t('lobby.later') }], {
  name: 'gameId',
  testidPrefix: 'create-game-',
});

// The clock of the match, for a person as for the computer: none unless chosen (remembered).
const createClock = drawClockChoices($('create-clocks'), { name: 'clock', testidPrefix: 'create-clock-' });

// Rated (issue 42): a signed-in player's match against a person, for a game that is rated.
const createRated = setUpRatedChoice({
  field: $('create-rated-field'),
  box: $('create-rated'),
  help: $('create-rated-help'),
  form: $('create-form'),
  radioName: 'gameId',
});

/**
 * Creates a match (`options` as createMatch takes them, the chosen clock added) with `button` busy,
 * then seats us in it.
 */
async function create(button, options) {
  const gameId = new FormData($('create-form')).get('gameId') || null;
  const clock = createClock.chosen();
  // The server knows the game the match is made for (issue 40): it names it in the lobby and starts it
  // once the pair is seated. The link keeps `?gameId=` for a server that does not know the field.
  const body = { ...options, ...(clock ? { clock } : {}), ...(gameId ? { gameId } : {}) };
  const label = button.textContent;
  button.disabled = true;
  button.textContent = t('lobby.creating');
  try {
    // No body at all for a private match without a clock, as before clocks.
    const created = await createMatch(Object.keys(body).length ? body : undefined);
    markCreator(created.matchId);
    window.location.assign(matchPath(created.matchId, gameId));
  } catch (error) {
    notices.error(t('lobby.createFailed', { reason: error.message }), error.code);
    button.disabled = false;
    button.textContent = label;
  }
}

// Private unless listed (docs/PROTOCOL.md, "Fair play"): the lobby shows a match only when asked to.
$('create-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const options = { ...($('create-listed').checked ? { listed: true } : {}), ...(createRated.chosen() ? { rated: true } : {}) };
  create($('create-match'), options);
});

// The computer takes the second seat at once: the game chosen above starts as soon as we are seated.
// A match against the computer is never listed.
$('play-computer').addEventListener('click', () => {
  create($('play-computer'), { opponent: 'computer', level: $('computer-level').value });
});

// The level picked last time is the one offered next time (it reset to Easy on every visit).
const LEVEL_KEY = 'tictactoe.computerLevel';
try {
  const remembered = window.localStorage.getItem(LEVEL_KEY);
  if ([...$('computer-level').options].some((option) => option.value === remembered)) $('computer-level').value = remembered;
} catch {
  // Storage refused (private mode): the page's default stands.
}
$('computer-level').addEventListener('change', () => {
  try {
    window.localStorage.setItem(LEVEL_KEY, $('computer-level').value);
  } catch {
    // Not remembered; nothing else depends on it.
  }
});

// --- Play someone now ----------------------------------------------------------------------------

setUpQueue(
  {
    idle: $('queue-idle'),
    form: $('queue-form'),
    name: $('queue-name'),
    nameError: $('queue-name-error'),
    games: $('queue-games'),
    clocks: $('queue-clocks'),
    waiting: $('queue-waiting'),
    status: $('queue-status'),
    join: $('queue-join'),
    cancel: $('queue-cancel'),
    waited: $('queue-waited'),
    window: $('queue-window'),
    ratedField: $('queue-rated-field'),
    rated: $('queue-rated'),
    ratedHelp: $('queue-rated-help'),
  },
  notices,
);

// --- Join by code -------------------------------------------------------------------------------

const codeInput = $('join-code');
const codeError = $('join-code-error');

const showCodeError = fieldError(codeInput, codeError, { focus: false });

$('join-code-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const invite = parseInvite(codeInput.value);
  if (!invite) {
    showCodeError(
      codeInput.value.trim()
        ? t('lobby.codeBad')
        : t('lobby.codeEmpty'),
    );
    codeInput.focus();
    return;
  }
  try {
    await getMatch(invite.matchId);
  } catch (error) {
    if (error.status === 404) {
      showCodeError(t('lobby.codeUnknown'));
      codeInput.focus();
      return;
    }
    // Any other trouble: let the match page try (it reconnects and explains).
  }
  window.location.assign(matchPath(invite.matchId, invite.gameId));
});

// --- Open matches -------------------------------------------------------------------------------

const list = $('open-matches');
const empty = $('open-matches-empty');
const status = $('open-matches-status');
let listKey = null;
let refreshTimer = null;

/** How long ago a match was last used, from its `lastActive` ("now" or an ISO 8601 date). */
function lastActiveText(lastActive) {
  if (lastActive === 'now') return t('lobby.activeNow');
  const at = Date.parse(lastActive);
  if (Number.isNaN(at)) return '';
  // A clock a little behind the server's must not show a time in the future.
  const minutes = Math.max(0, Math.floor((Date.now() - at) / 60000));
  if (minutes < 1) return t('lobby.activeMoment');
  if (minutes < 60) return t('lobby.activeAgo', { when: ago(minutes, 'minute') });
  const hours = Math.floor(minutes / 60);
  return t('lobby.activeAgo', { when: ago(hours, 'hour') });
}

/** "Alice is waiting", "Alice has waited 3 min": from the summary's `waitingSince` (issue 40). */
function waitingText(name, waitingSince) {
  const at = typeof waitingSince === 'string' ? Date.parse(waitingSince) : NaN;
  const minutes = Number.isNaN(at) ? 0 : Math.max(0, Math.floor((Date.now() - at) / 60000));
  return minutes < 1 ? t('lobby.isWaiting', { name }) : t('lobby.hasWaited', { name, time: durationWords(minutes * 60) });
}

/**
 * A row's words: the title names the game (issue 40: "Kalah"; "Any game" for a match made without one),
 * then each part of the detail is said whole (the page never breaks one mid-word): who waits and for
 * how long, the clock, the audience, the last activity.
 */
function describe(summary) {
  const players = Array.isArray(summary.players) ? summary.players : [];
  // The computer by its name in the reader's language (seats.js), as on the match page.
  const names = players.map((player) => playerName(player) || seatName(player.seat));
  const game = typeof summary.gameId === 'string' ? gameById(summary.gameId) : null;
  const title = game ? game.name : t('lobby.anyGame');
  const free = 2 - players.length;
  const parts = [];
  if (free === 1) parts.push(waitingText(names[0], summary.waitingSince));
  else parts.push(free === 2 ? t('lobby.bothFree') : `${names.join(t('lobby.versus'))}${t('lobby.separator')}${t('lobby.full')}`);
  // Absent from an older server's summaries: no clock.
  if (summary.rated === true) parts.push(t('ratings.ratedMatch'));
  const control = readTimeControl(summary.timeControl);
  if (control) parts.push(t('common.clockIs', { clock: timeControlWords(control) }));
  const spectators = Number(summary.spectators) || 0;
  if (spectators) parts.push(t('lobby.watching', { count: spectators }));
  const active = typeof summary.lastActive === 'string' ? lastActiveText(summary.lastActive) : '';
  if (active) parts.push(active);
  return { title, parts, detail: parts.join(t('lobby.separator')), online: summary.lastActive === 'now' };
}

/** Listed: a match someone has open, or one where a person waits (the computer alone is nobody). */
function worthListing(summary) {
  const people = (Array.isArray(summary.players) ? summary.players : []).filter((player) => !player.computer);
  return summary.lastActive === 'now' || people.length > 0;
}

function matchItem(summary) {
  const { title, parts, detail, online } = describe(summary);
  const item = document.createElement('li');
  item.className = 'match-list__item';
  item.dataset.testid = 'open-match';
  item.dataset.matchId = summary.matchId;

  const dot = document.createElement('span');
  dot.className = `dot ${online ? 'dot--online' : ''}`;
  dot.setAttribute('aria-hidden', 'true');

  const body = document.createElement('span');
  body.className = 'match-list__body';
  const name = document.createElement('span');
  name.className = 'match-list__title';
  name.textContent = title;
  const info = document.createElement('span');
  info.className = 'match-list__detail muted small';
  info.dataset.testid = 'open-match-detail';
  // One span per part, none broken inside: a narrow row wraps at the separators between them, which stay
  // outside the spans (CSS: .match-list__part).
  parts.forEach((words, index) => {
    const part = document.createElement('span');
    part.className = 'match-list__part';
    part.textContent = words;
    info.append(...(index > 0 ? [t('lobby.separator'), part] : [part]));
  });
  const code = document.createElement('code');
  code.className = 'match-list__code';
  code.textContent = summary.matchId;
  body.append(name, info);

  const link = document.createElement('a');
  link.className = 'button button--small';
  link.href = matchPath(summary.matchId);
  link.textContent = t('lobby.join');
  link.setAttribute('aria-label', t('lobby.joinLabel', { title: `${title}${t('lobby.separator')}${detail}`, code: summary.matchId }));

  item.append(dot, body, code, link);
  return item;
}

function drawList(matches) {
  // What is shown, "how long ago" included: it changes while the summaries stay the same.
  const key = JSON.stringify(matches.map((match) => [match.matchId, describe(match)]));
  if (key === listKey) return;
  listKey = key;
  const focusedId = document.activeElement?.closest?.('[data-match-id]')?.dataset.matchId;
  list.replaceChildren(...matches.filter((m) => m && m.matchId).map(matchItem));
  empty.hidden = matches.length > 0;
  if (focusedId) list.querySelector(`[data-match-id="${CSS.escape(focusedId)}"] a`)?.focus();
}

async function refresh() {
  clearTimeout(refreshTimer);
  refreshTimer = null;
  try {
    // Only matches used lately (the store keeps abandoned ones forever), and of those without a
    // player only the ones someone has open: an empty match nobody is at has nobody to play.
    const matches = await listMatches({ activeWithin: ACTIVE_WITHIN_S });
    drawList(matches.filter(worthListing));
    status.textContent = t('lobby.updated');
    status.dataset.state = 'ok';
  } catch (error) {
    status.textContent = t('lobby.listFailed', { reason: error.message });
    status.dataset.state = 'error';
  }
  if (document.visibilityState === 'visible') refreshTimer = setTimeout(refresh, REFRESH_MS);
}

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') {
    refresh();
  } else {
    clearTimeout(refreshTimer);
    refreshTimer = null;
  }
});

// --- web+tictactoe: links -----------------------------------------------------------------------

/** Where a `web+tictactoe:` link leads: a match page, or a new match with a game launched. */
function protocolTarget(link) {
  const rest = String(link).replace(new RegExp(`^${PROTOCOL.replace('+', '\\+')}:/*`, 'i'), '');
  const invite = parseInvite(rest) || parseInvite(`/${rest}`);
  if (invite) return matchPath(invite.matchId, invite.gameId);
  const query = rest.includes('?') ? rest.slice(rest.indexOf('?') + 1) : '';
  const gameId = new URLSearchParams(query).get('gameId') || (/^[A-Za-z][A-Za-z0-9]*$/.test(rest) ? rest : null);
  return gameId ? `/launchGame?gameId=${encodeURIComponent(gameId)}` : null;
}

// The server answers a /launchGame link with an unknown or missing game with this page (400).
if (window.location.pathname === '/launchGame') {
  notices.error(t('lobby.linkUnknownGame'), 'unknownGame');
  window.history.replaceState(null, '', '/');
}

// Seat tokens of matches long gone go on every visit, not only on a match's page.
SeatStore.prune();

const link = new URLSearchParams(window.location.search).get('link');
const target = link ? protocolTarget(link) : null;
if (target) {
  window.location.replace(target);
} else {
  if (link) notices.error(t('lobby.linkBad'), 'badLink');
  refresh();
}
