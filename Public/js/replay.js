// The replay view (/m/{id}/games/{n}): one game of the match, from GET /api/matches/{id}/games (an
// extension), stepped through with the buttons or the arrow keys (Home and End for the ends). The
// address keeps the position (`#move=5`: the board after five moves), so it can be linked.

import { t } from './i18n.js';

import { getGames, getMatch, isMatchId } from './api.js';
import { clocksAfterMoves, tookOf } from './clock.js';
import { createClockFaces } from './clockFaces.js';
import { gameName, moveWords, playerName, resultWords, withComputer } from './gameWords.js';
import { gameById, linkGameStylesheets } from './games/index.js';
import { durationWords, readTimeControl, timeControlWords } from './timeControl.js';

const $ = (id) => document.getElementById(id);

/** `{matchId, number}` of a `/m/{id}/games/{n}` address, or null. */
function replayFromLocation(location = window.location) {
  const found = /^\/m\/([^/]+)\/games\/(\d+)\/?$/.exec(location.pathname);
  if (!found) return null;
  let matchId;
  try {
    matchId = decodeURIComponent(found[1]);
  } catch {
    return null;
  }
  const number = Number(found[2]);
  return isMatchId(matchId) && number >= 1 ? { matchId, number } : null;
}

/** The move number `#move=N` asks for, or null. */
function moveFromHash() {
  const found = /^#move=(\d+)$/.exec(window.location.hash);
  return found ? Number(found[1]) : null;
}

/**
 * The board after the first `count` moves of `game`, as its view draws it: the game rebuilds it
 * (`boardAfter`); whose turn it was is the seat of the next move, and once every move is shown the
 * game's own answer while it is still on, null only for the final position of a game that ended (a
 * board without a turn is drawn as over, its marks faded).
 */
function boardAfter(game, definition, count) {
  const board = definition.boardAfter(game.moves, count, game.startingPlayer);
  const turn = count < game.moves.length ? game.moves[count].seat : game.result ? null : board.turn ?? null;
  return { ...board, turn };
}

function showProblem(text) {
  $('replay-title').textContent = text;
  $('replay-body').hidden = true;
  document.title = t('replay.pageTitle');
}

async function main() {
  linkGameStylesheets(document);
  const where = replayFromLocation();
  if (!where) return showProblem(t('replay.badAddress'));
  const { matchId, number } = where;
  const matchLink = `/m/${encodeURIComponent(matchId)}`;
  $('back-to-match').href = matchLink;

  let page;
  // The match's players too: the computer is named in the reader's language (gameWords.withComputer).
  const summary = getMatch(matchId).catch(() => null);
  try {
    page = await getGames(matchId, { from: number, limit: 1 });
  } catch (error) {
    return showProblem(error.status === 404 ? t('match.notFoundTitle') : error.message);
  }
  const game = withComputer(page.games[0], (await summary)?.players);
  if (!game || game.number !== number) return showProblem(t('replay.noGame', { number }));

  const definition = gameById(game.gameId);
  const replayable = Boolean(definition?.boardAfter);
  // The match's clock (absent from an older server: none); a game without one (Random Win) shows none.
  const control = definition?.noClock ? null : readTimeControl(page.timeControl);
  const title = t('past.gameTitle', { number, game: gameName(game) });
  $('replay-title').textContent = title;
  document.title = t('replay.gameTitle', { title });
  $('replay-players').textContent =
    t('replay.players', {
      x: playerName(game, 'player1'), o: playerName(game, 'player2'),
      first: playerName(game, game.startingPlayer), result: resultWords(game),
    }) + (control ? ` ${t('replay.clock', { clock: timeControlWords(control) })}` : '');
  if (number > 1) {
    $('previous-game').href = `${matchLink}/games/${number - 1}`;
    $('previous-game').hidden = false;
  }
  if (number < page.total) {
    $('next-game').href = `${matchLink}/games/${number + 1}`;
    $('next-game').hidden = false;
  }

  // The game's own view draws the board (its controls stay readable with the arrow keys); nothing is sent.
  const view = replayable ? definition.createView($('replay-board'), { send: () => false }) : null;
  const clocks = control && view ? createClockFaces($('replay-clocks'), { testidPrefix: 'replay-clock-' }) : null;
  $('replay-clocks').hidden = !clocks;
  const names = { player1: playerName(game, 'player1'), player2: playerName(game, 'player2') };
  // A move in words, with the time it took in a game with a clock: "Alice: row 1, column 1 (2.3 s)".
  const said = (move) => {
    const took = control ? tookOf(move) : null;
    return took === null ? moveWords(game, move) : `${moveWords(game, move)} (${durationWords(took)})`;
  };
  const list = $('replay-moves');
  list.replaceChildren(
    ...game.moves.map((move, index) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = `#move=${index + 1}`;
      link.dataset.testid = `replay-move-${index + 1}`;
      link.textContent = said(move);
      item.append(link);
      return item;
    }),
  );

  const total = game.moves.length;
  let current = 0;
  const show = (count, { updateHash = true } = {}) => {
    current = Math.max(0, Math.min(total, count));
    if (view) {
      const atEnd = current === total && game.result;
      const line = atEnd && game.result.line && definition.resultLine ? definition.resultLine(game.result.line) : null;
      view.render(
        { board: boardAfter(game, definition, current), you: null, players: game.players || [], score: null },
        { shown: true, playing: false, seated: false, result: line ? { winner: game.result.winner, line } : null },
      );
    }
    $('replay-position').textContent = current === 0 ? t('replay.start', { count: total }) : t('replay.move', { current, total });
    $('replay-position').dataset.move = String(current);
    $('replay-last').textContent = current === 0 ? t('replay.beforeFirst') : said(game.moves[current - 1]);
    if (clocks) clocks.draw({ names, seconds: clocksAfterMoves(control, game.moves, current, game.result), running: null });
    $('replay-result').hidden = !(current === total && game.result);
    $('replay-result').textContent = resultWords(game);
    [...list.querySelectorAll('a')].forEach((link, index) => {
      if (index + 1 === current) link.setAttribute('aria-current', 'step');
      else link.removeAttribute('aria-current');
    });
    $('replay-first').disabled = current === 0;
    $('replay-previous').disabled = current === 0;
    $('replay-next').disabled = current === total;
    $('replay-last-move').disabled = current === total;
    if (updateHash) window.history.replaceState(null, '', `${window.location.pathname}#move=${current}`);
  };

  $('replay-first').addEventListener('click', () => show(0));
  $('replay-previous').addEventListener('click', () => show(current - 1));
  $('replay-next').addEventListener('click', () => show(current + 1));
  $('replay-last-move').addEventListener('click', () => show(total));
  window.addEventListener('hashchange', () => {
    const asked = moveFromHash();
    if (asked !== null) show(asked, { updateHash: false });
  });
  document.addEventListener('keydown', (event) => {
    // Inside the board the arrow keys move between its cells; in a field they edit it.
    if (event.altKey || event.ctrlKey || event.metaKey || event.target.closest('.board, input, textarea')) return;
    const step = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: total }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    show(step);
  });

  const asked = moveFromHash();
  // Without `#move=`, a finished game opens on its end; one being played, on its start.
  show(asked ?? (game.result ? total : 0), { updateHash: asked !== null });
  $('replay-body').hidden = false;
}

main();
