// The "Rated" choice of the lobby's forms (issue 42): shown only while signed in (a guest cannot play
// rated), and unavailable, with the reason said, while the game chosen is one that is never rated.

import { t } from './i18n.js';

import { currentPlayer, onAccountChange } from './account.js';
import { gameById } from './games/index.js';

/**
 * Wires `field` (the choice's box, hidden for a guest), its checkbox `box` and help line `help` to
 * the game radios of `form` named `radioName`. Returns `{chosen()}`: whether to ask for a rated match.
 */
export function setUpRatedChoice({ field, box, help, form, radioName }) {
  const chosenGame = () => gameById(new FormData(form).get(radioName) || '');
  const draw = () => {
    field.hidden = !currentPlayer();
    const game = chosenGame();
    const never = Boolean(game && game.rated === false);
    box.disabled = never;
    help.textContent = never ? t('ratings.neverRated', { game: game.name }) : t('ratings.ratedHelp');
  };
  form.addEventListener('change', (event) => {
    if (event.target.name === radioName) draw();
  });
  onAccountChange(draw);
  draw();
  return { chosen: () => Boolean(currentPlayer()) && box.checked && !box.disabled };
}
