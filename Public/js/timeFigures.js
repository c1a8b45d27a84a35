// Seconds as the page shows a time in figures: the game clocks (clock.js), the countdown of a seat
// kept for a player who went away, and the time waited in the queue. One format for all three, m:ss
// (h:mm:ss from an hour), so that times never read differently from one place to the next; they
// differ only in how a fraction of a second is rounded, which is each one's meaning.

/** Whole seconds as "0:05", "2:59", "1:00:00". */
function figure(whole) {
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/**
 * A time rounded down: a game clock's (a clock never shows more time than it has, as chess clocks do),
 * and a time waited (a second counts once it has passed).
 */
export function timeFigure(seconds) {
  return figure(Math.floor(Math.max(0, seconds)));
}

/**
 * A countdown to something that happens at its end, rounded up: "0:01" until the very end, so that
 * "0:00" is never shown while the thing has not happened yet.
 */
export function countdownFigure(seconds) {
  return figure(Math.ceil(Math.max(0, seconds)));
}
