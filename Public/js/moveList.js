// The match page's move list, beside the board while a game on a board is played (and after it ends,
// until the next one starts): the moves of the game on screen, each a link to the replay at that move.
// Read from GET /api/matches/{id}/games (an extension) when a game comes on screen, then kept up from
// the `board` messages; read again whenever the board and the list disagree (a reconnect, a move
// missed while the list was being read).

import { t } from './i18n.js';

import { getGames } from './api.js';
import { gameById } from './games/index.js';
import { gameName, moveWords, withComputer } from './gameWords.js';

/** The game whose board is on screen (the one played, else the one played last), or null. */
function gameOnScreen(state) {
  return gameById(gameById(state.phase)?.id ?? state.lastGame);
}

/** Wires the list in `section`; returns `update(state)`, to be called with each new page state. */
export function startMoveList({ matchId, section, caption, list }) {
  let game = null; // the game as the list knows it: {number, gameId, players, moves}
  let reading = null;
  let readFor = null; // the board's move count the last read was asked for
  let lastState = null;
  let wasPlaying = false;

  const draw = (state) => {
    const shown = game && state.board && gameById(game.gameId)?.readBoard && game.gameId === (gameById(state.phase)?.id ?? state.lastGame);
    section.hidden = !shown;
    if (!shown) return;
    caption.textContent = t('past.gameTitle', { number: game.number, game: gameName(game) });
    const link = (index) => `/m/${encodeURIComponent(matchId)}/games/${game.number}#move=${index + 1}`;
    // Once per draw, not once per move: the computer named in the reader's language (gameWords.js).
    const named = withComputer(game, state.players);
    const items = game.moves.map((move, index) => {
      const item = document.createElement('li');
      item.className = 'moves__item';
      const anchor = document.createElement('a');
      anchor.href = link(index);
      // In a tab of its own: leaving the match page during a game would leave the seat without a
      // connection, and the opponent could claim the win.
      anchor.target = '_blank';
      anchor.rel = 'noopener';
      anchor.textContent = moveWords(named, move);
      anchor.dataset.testid = `move-${index + 1}`;
      item.append(anchor);
      return item;
    });
    if (!items.length) {
      const empty = document.createElement('li');
      empty.className = 'moves__empty muted';
      empty.textContent = t('moves.none');
      items.push(empty);
    }
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    list.replaceChildren(...items);
    // The newest move stays in view unless the reader scrolled back to an earlier one.
    if (atEnd) list.scrollTop = list.scrollHeight;
    markOverflow();
  };

  // Moves scrolled out of view above or below are hinted at by a shadow on that edge (parts.css): the
  // list opens at its end, and move 1 was hidden with nothing to say so.
  const markOverflow = () => {
    list.dataset.moreAbove = String(list.scrollTop > 1);
    list.dataset.moreBelow = String(list.scrollTop + list.clientHeight < list.scrollHeight - 1);
  };
  list.addEventListener('scroll', markOverflow, { passive: true });

  const read = (count) => {
    if (reading) return;
    readFor = count;
    reading = (async () => {
      try {
        const last = await getGames(matchId, { limit: 1 });
        const page = last.total > 1 ? await getGames(matchId, { from: last.total, limit: 1 }) : last;
        game = page.games[page.games.length - 1] ?? null;
      } catch {
        // Only a convenience beside the board: the next move asks again.
      } finally {
        reading = null;
        if (lastState) update(lastState);
      }
    })();
  };

  function update(state) {
    lastState = state;
    const playing = Boolean(gameById(state.phase)?.readBoard);
    const startedNow = playing && !wasPlaying;
    wasPlaying = playing;
    if (!reading && state.board) {
      // The game says how many of the list's moves its board shows (`movesShown`), and which move its
      // last one is (`moveOfBoard`): one move ahead of the list, that move is added without a read.
      const definition = gameOnScreen(state);
      const moves = game && game.gameId === definition?.id ? game.moves : [];
      const shown = (list) =>
        definition?.movesShown ? definition.movesShown(state.board, list, game?.startingPlayer ?? null) : 0;
      const count = shown(moves);
      const known = game ? game.moves.length : -1;
      const next = game && !startedNow && !game.result && definition?.moveOfBoard ? definition.moveOfBoard(state.board) : null;
      if (count === known) readFor = null; // in step: a later disagreement reads again
      if (next && moves === game.moves && count !== known && shown([...moves, next]) === known + 1) {
        game = { ...game, moves: [...game.moves, next] };
      } else if (startedNow || (count !== known && count !== readFor)) {
        read(count);
      }
    }
    draw(state);
  }

  return { update };
}
