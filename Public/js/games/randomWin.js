// Random Win on the page: a die and a button; the `roll` decides the winner on the server.

import { MARKS, nameOf, opponentOf } from '../seats.js';
import { wordsOfGame } from '../i18n.js';

function buildPanel() {
  const panel = document.createElement('div');
  panel.className = 'random-win';
  panel.dataset.testid = 'random-win';
  panel.hidden = true;

  const dice = document.createElement('div');
  dice.className = 'dice';
  dice.setAttribute('aria-hidden', 'true');
  // A blank die before the roll; after it, the face the roll came up with: the winner's mark (the roll
  // draws a seat, not a number, so it always showed five pips that meant nothing).
  dice.dataset.face = 'none';
  dice.dataset.testid = 'dice';
  const face = document.createElement('span');
  face.className = 'dice__face';
  dice.append(face);

  const roll = document.createElement('button');
  roll.type = 'button';
  roll.className = 'button button--primary button--large';
  roll.dataset.testid = 'roll-button';
  roll.textContent = w('roll');

  panel.append(dice, roll);
  return { panel, roll };
}

const ROLL_MS = 900;

// Whether this page sent the roll of the game on screen: the server's gameOver does not say who rolled.
let rolledHere = false;

/** Who rolled, in words: "You rolled", "Bob rolled"; a spectator cannot know which player it was. */
function rollerWords(state, result) {
  if (!result) return '';
  if (rolledHere) return w('youRolled');
  if (state.you) return w('theyRolled', { name: nameOf(state, opponentOf(state.you)) });
  return w('rolled');
}

// Random Win's words are in the page's files of words, under `randomWin.` (Public/i18n/*.json).
const w = wordsOfGame('randomWin');

export default {
  id: 'randomWin',
  name: 'Random Win',
  stylesheet: '/css/games/randomWin.css',
  // One roll decides it: nothing to resign, no draw to offer, and no strangers paired for it.
  noResignOrDraw: true,
  queueable: false,
  rated: false,
  // Nothing to time either: its boards carry no clock even in a match with one, and the replay shows none.
  noClock: true,
  // A past game's one move: the roll, and the seat it drew as the winner.
  moveWords: (move, { who, nameOf }) => (move.roll ? w('moveWords', { who, winner: nameOf(move.roll) }) : who),

  createView(container, { send }) {
    const { panel, roll } = buildPanel();
    const dice = panel.querySelector('.dice');
    container.append(panel);
    roll.addEventListener('click', () => {
      if (send({ type: 'roll' })) rolledHere = true;
    });
    let shownResult = null;
    let wasPlaying = false;
    return {
      render(state, { shown, playing, seated, result }) {
        panel.hidden = !shown;
        roll.hidden = !(shown && playing && seated);
        if (playing && !wasPlaying) rolledHere = false; // a new game: nobody rolled yet
        wasPlaying = playing;
        // The result arrives at once: the die tumbles briefly when it does (not with reduced motion).
        if (shown && result && result !== shownResult) {
          dice.classList.remove('dice--rolling');
          void dice.offsetWidth; // restart the animation
          dice.classList.add('dice--rolling');
          window.setTimeout(() => dice.classList.remove('dice--rolling'), ROLL_MS);
        }
        shownResult = result;
        const winner = shown && result && MARKS[result.winner] ? result.winner : 'none';
        dice.dataset.face = winner;
        dice.firstElementChild.textContent = winner === 'none' ? '' : MARKS[winner];
      },
      // Focus falls back to the stage, whose title and hint say what to do.
      focusTarget: () => null,
    };
  },

  stageText: (state, { seated }) =>
    seated
      ? { title: w('name'), hint: w('hintSeated') }
      : { title: w('name'), hint: w('hintWatching') },

  statusText: (state, result) => rollerWords(state, result),
  resultDetail: (state, result) => rollerWords(state, result),
};
