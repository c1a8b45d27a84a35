// Two clock faces, one per seat, for the match page and the replay: the seat's mark and player's name,
// the time left, and a line of words that says what the colours show (running, low time, out of time),
// so that colour is never the only cue. No face is a live region: a screen reader would read a ticking
// clock out ten times a second (matchClocks.js says a low clock once, in a live region of its own).

import { t } from './i18n.js';

import { LOW_TIME_S, clockFigure } from './clock.js';
import { setText } from './dom.js';
import { MARKS, SEATS } from './seats.js';

function part(className, testid) {
  const element = document.createElement('span');
  element.className = className;
  if (testid) element.dataset.testid = testid;
  return element;
}

/** The words under a clock's figures; '' when there is nothing to say (the line keeps its height). */
function cueWords({ seconds, running }) {
  if (seconds <= 0) return t('clock.out');
  if (seconds < LOW_TIME_S) return t('clock.low');
  return running ? t('clock.running') : '';
}

/**
 * Appends a face per seat to `container`; test ids start with `testidPrefix` (`clock-player1`,
 * `clock-player1-time`, `-name`, `-cue`). Returns `draw({names, seconds, running})`: `names` and
 * `seconds` by seat, `running` the seat whose clock runs or null.
 */
export function createClockFaces(container, { testidPrefix }) {
  const faces = new Map();
  for (const seat of SEATS) {
    const face = document.createElement('div');
    face.className = `clock clock--${MARKS[seat].toLowerCase()}`;
    face.dataset.testid = `${testidPrefix}${seat}`;
    face.dataset.seat = seat;
    const mark = part('clock__mark');
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = MARKS[seat];
    const name = part('clock__name', `${testidPrefix}${seat}-name`);
    const time = part('clock__time', `${testidPrefix}${seat}-time`);
    const cue = part('clock__cue', `${testidPrefix}${seat}-cue`);
    face.append(mark, name, time, cue);
    container.append(face);
    faces.set(seat, { face, name, time, cue });
  }

  return {
    draw({ names, seconds, running }) {
      for (const [seat, { face, name, time, cue }] of faces) {
        const left = seconds[seat];
        const words = cueWords({ seconds: left, running: running === seat });
        setText(name, names[seat]);
        setText(time, clockFigure(left));
        // A non-breaking space keeps the line's height while it says nothing: the faces never jump.
        setText(cue, words || '\u00a0');
        face.dataset.running = String(running === seat);
        face.dataset.low = String(left < LOW_TIME_S);
        face.dataset.out = String(left <= 0);
        // A line holding only that space is nothing to read.
        if (!words) cue.setAttribute('aria-hidden', 'true');
        else cue.removeAttribute('aria-hidden');
      }
    },
  };
}
