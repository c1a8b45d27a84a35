// Random Win on the page: a die and a button; the `roll` decides the winner on the server.

function buildPanel() {
  const panel = document.createElement('div');
  panel.className = 'random-win';
  panel.dataset.testid = 'random-win';
  panel.hidden = true;

  const dice = document.createElement('div');
  dice.className = 'dice';
  dice.setAttribute('aria-hidden', 'true');
  dice.append(...Array.from({ length: 5 }, () => document.createElement('span')));

  const roll = document.createElement('button');
  roll.type = 'button';
  roll.className = 'button button--primary button--large';
  roll.dataset.testid = 'roll-button';
  roll.textContent = 'Roll the dice';

  panel.append(dice, roll);
  return { panel, roll };
}

export default {
  id: 'randomWin',
  name: 'Random Win',
  stylesheet: '/css/games/randomWin.css',

  createView(container, { send }) {
    const { panel, roll } = buildPanel();
    container.append(panel);
    roll.addEventListener('click', () => send({ type: 'roll' }));
    return {
      render(state, { shown, playing, seated }) {
        panel.hidden = !(shown && playing);
        roll.hidden = !(shown && playing && seated);
      },
      // Focus falls back to the stage, whose title and hint say what to do.
      focusTarget: () => null,
    };
  },

  stageText: (state, { seated }) =>
    seated
      ? { title: 'Random Win', hint: 'Roll, and chance picks the winner.' }
      : { title: 'Random Win', hint: 'Waiting for a player to roll.' },
};
