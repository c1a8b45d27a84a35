// A player's page (/p/{name}, issue 42): each rated game's rating (with "?" while provisional), RD and
// record, a chart of the rating over the recent rated games, and those games, each with its replay
// (/m/{matchId}/games/{number}). A name no account has gets a "no such player" state (the API's 404).

import { lang, t } from './i18n.js';

import { setUpAccountBar } from './accountBar.js';
import { getPlayer } from './api.js';
import { $, setText } from './dom.js';
import { RATED_GAMES, gameById } from './games/index.js';
import { Notices } from './notices.js';
import { ratingChart } from './ratingChart.js';
import { playerLink, ratingBadge } from './ratings.js';

setUpAccountBar({ notices: new Notices($('notices')) });

const RESULTS = ['win', 'loss', 'draw'];

/** The name in the path, decoded; '' when it cannot be. */
function nameFromPath() {
  try {
    return decodeURIComponent(window.location.pathname.replace(/^\/p\//, '').replace(/\/$/, ''));
  } catch {
    return '';
  }
}

function element(tag, { className, text, testid } = {}) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  if (testid) made.dataset.testid = testid;
  return made;
}

// In figures only (2027. 01. 15. 08:10 / 01/15/2027, 08:10): the same in any language the page speaks.
const when = new Intl.DateTimeFormat(lang, {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function dateWords(iso) {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '' : when.format(at);
}

/** A game's card: its rating, RD, record and chart (`recent` that game's games, newest first). */
function gameCard(game, rating, recent) {
  const card = element('section', { className: 'panel rating-card', testid: `rating-card-${game.id}` });
  const titleId = `rating-title-${game.id}`;
  card.setAttribute('aria-labelledby', titleId);
  const title = element('h2', { className: 'panel__title', text: game.name });
  title.id = titleId;
  const figure = element('p', { className: 'rating-card__rating' });
  figure.append(ratingBadge(rating.rating, rating.provisional, `rating-${game.id}`));
  const facts = element('p', { className: 'muted small', testid: `record-${game.id}` });
  facts.textContent = [
    t('player.record', { wins: rating.wins, losses: rating.losses, draws: rating.draws }),
    t('player.games', { count: rating.games }),
    t('player.rd', { rd: rating.rd }),
  ].join(t('lobby.separator'));
  card.append(title, figure, facts);
  if (rating.provisional) card.append(element('p', { className: 'muted small', text: t('player.provisionalNote') }));
  const chart = ratingChart(recent.map((game) => game.ratingAfter).reverse(), { gameName: game.name, id: `chart-${game.id}` });
  if (chart) card.append(chart);
  return card;
}

/** A row of the recent games: the game, the opponent, the result, the rating after, when, the replay. */
function recentRow(game) {
  const tr = element('tr', { testid: 'recent-game' });
  const known = gameById(game.gameId);
  const name = known ? known.name : game.gameId;
  const cells = [
    element('td', { text: name }),
    element('td'),
    element('td', { className: `result-word result-word--${game.result}`, text: RESULTS.includes(game.result) ? t(`player.${game.result}`) : game.result }),
    element('td', { className: 'figure', text: String(game.ratingAfter) }),
    element('td', { text: dateWords(game.endedAt) }),
    element('td'),
  ];
  cells[1].append(playerLink(game.opponent, 'opponent-link'));
  if (Number.isInteger(game.gameNumber)) {
    const replay = element('a', { text: t('player.replay'), testid: 'replay-link' });
    replay.href = `/m/${encodeURIComponent(game.matchId)}/games/${game.gameNumber}`;
    replay.setAttribute('aria-label', t('player.replayLabel', { game: name, opponent: game.opponent, when: dateWords(game.endedAt) }));
    cells[5].append(replay);
  }
  tr.append(...cells);
  return tr;
}

function showProfile(profile) {
  const ratings = profile.ratings || {};
  const recent = Array.isArray(profile.recent) ? profile.recent : [];
  setText($('player-name'), profile.name);
  document.title = t('player.pageTitle', { name: profile.name });
  const games = RATED_GAMES.filter((game) => ratings[game.id]);
  $('player-cards').replaceChildren(...games.map((game) => gameCard(game, ratings[game.id], recent.filter((entry) => entry.gameId === game.id))));
  $('player-empty').hidden = games.length > 0;
  $('recent-rows').replaceChildren(...recent.map(recentRow));
  $('player-recent').hidden = recent.length === 0;
  $('player-body').hidden = false;
}

async function load() {
  const name = nameFromPath();
  const status = $('player-status');
  setText($('player-name'), name || t('player.unknownTitle'));
  try {
    if (!name) throw Object.assign(new Error(''), { code: 'playerNotFound' });
    showProfile(await getPlayer(name));
    status.hidden = true;
  } catch (error) {
    status.dataset.state = error.code === 'playerNotFound' ? 'notFound' : 'error';
    if (error.code === 'playerNotFound') {
      setText($('player-name'), t('player.unknownTitle'));
      document.title = t('player.unknownPageTitle');
      setText(status, t('player.unknown', { name }));
    } else {
      setText(status, t('player.failed', { reason: error.message }));
    }
    status.hidden = false;
  }
}

load();
