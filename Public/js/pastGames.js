// The match page's "Past games": the latest games of the match, newest first, each a link to its
// replay (/m/{id}/games/{n}). Read from GET /api/matches/{id}/games (an extension), again whenever a
// game ends.

import { t } from './i18n.js';

import { getGames } from './api.js';
import { gameName, resultWords, withComputer } from './gameWords.js';

const SHOWN = 20;

/**
 * Wires the list in `section` (hidden while the match has no finished game); returns `refresh()`.
 * `players()` is who sits in the match now (the computer is named from it: gameWords.withComputer).
 */
export function startPastGames({ matchId, section, list, players = () => [] }) {
  let asking = null;

  const draw = (games) => {
    const finished = games.filter((game) => game.result).reverse();
    section.hidden = finished.length === 0;
    list.replaceChildren(
      ...finished.map((game) => {
        const item = document.createElement('li');
        item.className = 'past-games__item';
        const link = document.createElement('a');
        link.href = `/m/${encodeURIComponent(matchId)}/games/${game.number}`;
        link.dataset.testid = `past-game-${game.number}`;
        link.textContent = t('past.gameTitle', { number: game.number, game: gameName(game) });
        const result = document.createElement('span');
        result.className = 'past-games__result muted';
        result.textContent = t('past.result', { result: resultWords(withComputer(game, players())), count: game.moves.length });
        item.append(link, result);
        return item;
      }),
    );
  };

  const refresh = () => {
    asking ??= (async () => {
      try {
        let page = await getGames(matchId, { limit: SHOWN });
        if (page.total > SHOWN) page = await getGames(matchId, { from: page.total - SHOWN + 1, limit: SHOWN });
        draw(page.games);
      } catch {
        // Only a convenience beside the game: the next game's end asks again.
      } finally {
        asking = null;
      }
    })();
    return asking;
  };

  refresh();
  return { refresh };
}
