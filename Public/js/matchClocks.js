// The match page's two clocks (issue 30): beside the board in a match with a clock, counted down here
// from the server's figures every 100 ms while one runs, and said once to a screen reader when it gets
// low. A match without a clock shows nothing of them, not even their room.

import { t } from './i18n.js';

import { LOW_TIME_S, secondsLeft } from './clock.js';
import { createClockFaces } from './clockFaces.js';
import { nameOf, SEATS } from './seats.js';

// Tenths are shown under LOW_TIME_S: a redraw every tenth keeps them smooth (and costs a text compare
// per face the rest of the time).
const TICK_MS = 100;

function plural(count, one, many) {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * Wires the clocks in `container` (empty, hidden); `announcer` is a polite live region of their own.
 * Returns `render(state, {boardShown})`, to be called with every drawing of the page.
 */
export function createMatchClocks({ container, announcer }) {
  const faces = createClockFaces(container, { testidPrefix: 'clock-' });
  let state = null;
  let timer = null;
  let wasPlaying = false;
  // The seats whose low time was said in this game: once per game, even if an increment lifts the
  // clock above the mark again.
  const saidLow = new Set();

  const clockOf = (current) => (current && current.board ? current.board.clock : null);

  /**
   * Says "10 seconds left" once when a running clock goes under LOW_TIME_S. A seated player hears only
   * their own clock: the opponent's is not theirs to act on, and a second voice while thinking is noise.
   * A spectator hears either, since following both players is what watching is.
   */
  function sayLowTime(clock, now) {
    const seat = clock.running;
    if (!seat || state.result || saidLow.has(seat) || (state.you && seat !== state.you)) return;
    const left = secondsLeft(clock, seat, now);
    if (left >= LOW_TIME_S || left <= 0) return;
    saidLow.add(seat);
    const time = t('clock.seconds', { count: Math.ceil(left) });
    announcer.textContent = state.you ? t('clock.lowYours', { time }) : t('clock.lowTheirs', { name: nameOf(state, seat), time });
  }

  function tick() {
    const clock = clockOf(state);
    if (!clock || container.hidden) return;
    const now = performance.now();
    const seconds = Object.fromEntries(SEATS.map((seat) => [seat, secondsLeft(clock, seat, now)]));
    const names = Object.fromEntries(SEATS.map((seat) => [seat, nameOf(state, seat)]));
    faces.draw({ names, seconds, running: clock.running });
    sayLowTime(clock, now);
  }

  return {
    render(current, { boardShown }) {
      state = current;
      const playing = Boolean(boardShown && current.board && current.board.turn && !current.result);
      if (playing && !wasPlaying) saidLow.clear();
      wasPlaying = playing;
      const clock = clockOf(current);
      // Room is kept whenever a board is on the stage of a match with a clock, so that the board never
      // moves as its clocks come and go; the faces show only while the board carries a clock.
      container.hidden = !((current.timeControl || clock) && boardShown);
      container.dataset.state = clock ? 'shown' : 'empty';
      const running = Boolean(clock && clock.running && !current.result && !container.hidden);
      if (running && timer === null) timer = window.setInterval(tick, TICK_MS);
      if (!running && timer !== null) {
        window.clearInterval(timer);
        timer = null;
      }
      tick();
    },
  };
}
