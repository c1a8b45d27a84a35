// The leaderboard (/leaderboard, issue 42): a tab per rated game (?game= keeps the one chosen), each
// the 100 best ranked players of GET /api/leaderboard, a name linking to the player's page.

import { t } from './i18n.js';

import { setUpAccountBar } from './accountBar.js';
import { getLeaderboard } from './api.js';
import { $, setText } from './dom.js';
import { RATED_GAMES } from './games/index.js';
import { Notices } from './notices.js';
import { playerLink, ratingBadge } from './ratings.js';
import { createTabs } from './tabs.js';

setUpAccountBar({ notices: new Notices($('notices')) });

const rows = $('leaderboard-rows');
const table = $('leaderboard-table');
const status = $('leaderboard-status');
const caption = $('leaderboard-caption');
let asked = 0;

function cell(tag, content, className) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  element.append(content);
  return element;
}

function row(player, index) {
  const tr = document.createElement('tr');
  tr.dataset.testid = 'leaderboard-row';
  const rank = cell('td', String(index + 1), 'figure');
  const name = cell('th', playerLink(player.name), 'leaderboard__name');
  name.scope = 'row';
  // Only rankable players are listed: none is provisional.
  tr.append(rank, name, cell('td', ratingBadge(player.rating, false), 'figure'), cell('td', String(player.games), 'figure'));
  return tr;
}

async function show(gameId) {
  const url = new URL(window.location.href);
  url.searchParams.set('game', gameId);
  window.history.replaceState(null, '', url);
  const game = RATED_GAMES.find((entry) => entry.id === gameId);
  setText(caption, t('leaderboard.caption', { game: game.name }));
  const mine = ++asked;
  status.dataset.state = 'loading';
  setText(status, t('common.loading'));
  try {
    const board = await getLeaderboard(gameId);
    if (mine !== asked) return;
    const players = Array.isArray(board.players) ? board.players : [];
    rows.replaceChildren(...players.map(row));
    table.hidden = players.length === 0;
    status.dataset.state = players.length ? 'ok' : 'empty';
    setText(status, players.length ? '' : t('leaderboard.empty', { game: game.name }));
  } catch (error) {
    if (mine !== asked) return;
    rows.replaceChildren();
    table.hidden = true;
    status.dataset.state = 'error';
    setText(status, t('leaderboard.failed', { reason: error.message }));
  }
}

const wanted = new URLSearchParams(window.location.search).get('game');
createTabs(
  $('leaderboard-tabs'),
  $('leaderboard-panel'),
  RATED_GAMES.map((game) => ({ id: game.id, label: game.name })),
  {
    selected: RATED_GAMES.some((game) => game.id === wanted) ? wanted : RATED_GAMES[0].id,
    choose: show,
    testidPrefix: 'leaderboard-tab-',
  },
);
