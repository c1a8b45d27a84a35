// The match page's two clocks (issue 30): beside the board in a match with a clock, counted down here
// from the server's figures every 100 ms while one runs, and said once to a screen reader when it gets
// low. A match without a clock shows nothing of them, not even their room. Before both sides have moved
// no clock runs (issue 40): a line under the faces counts down the first-move window instead.

import { t } from './i18n.js';

import { firstMoveLeft, LOW_TIME_S, secondsLeft } from './clock.js';
import { setText } from './dom.js';
import { timeFigure } from './timeFigures.js';
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
  // "Move within 0:27 or the game is aborted": under both faces, only while the window runs.
  const firstMove = document.createElement('p');
  firstMove.className = 'clocks__first-move';
  firstMove.dataset.testid = 'first-move';
  firstMove.hidden = true;
  container.append(firstMove);
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
    drawFirstMove(clock, now);
    sayLowTime(clock, now);
  }

  /** The first-move window's line: to the player to move in the second person, to others with a name. */
  function drawFirstMove(clock, now) {
    const left = state.result ? null : firstMoveLeft(clock, now);
    const seat = state.board && state.board.turn;
    firstMove.hidden = left === null || !seat;
    if (firstMove.hidden) return;
    // Whole seconds, rounded up ("0:01" until it is over), never a clock's tenths: no clock runs.
    const time = timeFigure(Math.ceil(left));
    setText(firstMove, seat === state.you ? t('clock.firstMoveYours', { time }) : t('clock.firstMoveTheirs', { name: nameOf(state, seat), time }));
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
      const running = Boolean(clock && (clock.running || clock.firstMoveIn !== null) && !current.result && !container.hidden);
      if (running && timer === null) timer = window.setInterval(tick, TICK_MS);
      if (!running && timer !== null) {
        window.clearInterval(timer);
        timer = null;
      }
      tick();
    },
  };
}
